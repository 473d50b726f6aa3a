import { z } from 'zod';
import { defineEndpoint, XLSX_MIME } from './endpoint';
import {
  CarrierRowSchema,
  CustomerRowSchema,
  PURCHASE_BY,
  PaymentMethodRowSchema,
  PurchaseRowSchema,
  RevenueRowSchema,
  SellerDashboardSchema,
  ServiceRowSchema,
  StaffDashboardSchema,
  reportQueryShape,
  reportReply,
  withReportRange,
} from './reports';

// Reports and dashboards (docs/reports.md). Each report reads the rollups for a range of calendar
// days in the viewer's zone, grouped by day, week or month: chart points, table rows, totals (USD,
// 2 decimals). Sellers hold the revenue and services reports and always see their own account;
// staff see every account and may filter by customer. The freight report is GET /reports/freight.
// Keep zod calls inside the descriptors: the web build drops them there.
const tags = ['reports'] as const;

export const RevenueReportEndpoint = defineEndpoint({
  method: 'GET', path: '/reports/revenue', access: 'EX-REPORT-REVENUE', summary: 'Revenue: what sellers paid per period', operationId: 'revenueReport', tags,
  description: 'net = shipping + fees + surcharges + tax − discounts − refunds, counted when the money moved. Series keys: `net`, `refunds`.',
  query: withReportRange(z.object(reportQueryShape())),
  reply: reportReply(RevenueRowSchema(), RevenueRowSchema().omit({ period: true })),
});

export const PaymentMethodReportEndpoint = defineEndpoint({
  method: 'GET', path: '/reports/payment-method', access: 'EX-REPORT-PAYMENT-METHOD', summary: 'Payments per method: wallet, debit, credit and provider top-ups', operationId: 'paymentMethodReport', tags,
  description: 'Series keys: the methods (amount, USD). Rows: one per method.',
  query: withReportRange(z.object(reportQueryShape())),
  reply: reportReply(PaymentMethodRowSchema(), z.object({ payments: z.number(), amount: z.number() })),
});

export const ServicesReportEndpoint = defineEndpoint({
  method: 'GET', path: '/reports/services', access: 'EX-REPORT-SERVICES', summary: 'Per service: parcels, weight, revenue, average price', operationId: 'servicesReport', tags,
  description: 'Series keys: service codes (revenue, USD).',
  query: withReportRange(z.object(reportQueryShape())),
  reply: reportReply(ServiceRowSchema(), ServiceRowSchema().omit({ serviceCode: true, serviceName: true })),
});

export const CustomersReportEndpoint = defineEndpoint({
  method: 'GET', path: '/reports/customers', access: 'EX-REPORT-CUSTOMERS', summary: 'Per seller: parcels, revenue, unpaid, credit used, growth', operationId: 'customersReport', tags,
  description: 'Rows by revenue, largest first. Series keys: `revenue`, `parcels`. `unpaid` and `creditUsed` are as of now.',
  query: withReportRange(z.object(reportQueryShape())),
  reply: reportReply(CustomerRowSchema(), CustomerRowSchema().omit({ customerId: true, name: true, email: true })),
});

export const CarriersReportEndpoint = defineEndpoint({
  method: 'GET', path: '/reports/carriers', access: 'EX-REPORT-CARRIERS', summary: 'Per carrier: parcels, last-mile cost, on-time, late and lost rates, label failures', operationId: 'carriersReport', tags,
  description: 'Series keys: carrier codes (parcels).',
  query: withReportRange(z.object(reportQueryShape())),
  reply: reportReply(CarrierRowSchema(), CarrierRowSchema().omit({ carrierCode: true })),
});

export const PurchaseReportEndpoint = defineEndpoint({
  method: 'GET', path: '/reports/purchase', access: 'EX-REPORT-PURCHASE', summary: 'What we paid against revenue: margin per parcel, service, carrier or lane', operationId: 'purchaseReport', tags,
  description: 'cost = last-mile cost + the parcel\'s share of its freight. `by` chooses the table\'s rows. Series keys: `revenue`, `cost`, `margin`.',
  query: withReportRange(z.object({ ...reportQueryShape(), by: z.enum(PURCHASE_BY, { error: 'validation.report.by' }).default('service') })),
  reply: reportReply(PurchaseRowSchema(), PurchaseRowSchema().omit({ key: true, label: true })),
});

const exportReply = { binary: XLSX_MIME, description: 'The report\'s table and totals (a sheet per part), streamed' } as const;

export const ExportRevenueReportEndpoint = defineEndpoint({
  method: 'GET', path: '/reports/revenue/export', access: 'EX-REPORT-REVENUE', summary: 'The revenue report as .xlsx', operationId: 'exportRevenueReport', tags,
  query: withReportRange(z.object(reportQueryShape())), reply: exportReply,
});
export const ExportPaymentMethodReportEndpoint = defineEndpoint({
  method: 'GET', path: '/reports/payment-method/export', access: 'EX-REPORT-PAYMENT-METHOD', summary: 'The payment method report as .xlsx', operationId: 'exportPaymentMethodReport', tags,
  query: withReportRange(z.object(reportQueryShape())), reply: exportReply,
});
export const ExportServicesReportEndpoint = defineEndpoint({
  method: 'GET', path: '/reports/services/export', access: 'EX-REPORT-SERVICES', summary: 'The services report as .xlsx', operationId: 'exportServicesReport', tags,
  query: withReportRange(z.object(reportQueryShape())), reply: exportReply,
});
export const ExportCustomersReportEndpoint = defineEndpoint({
  method: 'GET', path: '/reports/customers/export', access: 'EX-REPORT-CUSTOMERS', summary: 'The customers report as .xlsx', operationId: 'exportCustomersReport', tags,
  query: withReportRange(z.object(reportQueryShape())), reply: exportReply,
});
export const ExportCarriersReportEndpoint = defineEndpoint({
  method: 'GET', path: '/reports/carriers/export', access: 'EX-REPORT-CARRIERS', summary: 'The carriers report as .xlsx', operationId: 'exportCarriersReport', tags,
  query: withReportRange(z.object(reportQueryShape())), reply: exportReply,
});
export const ExportPurchaseReportEndpoint = defineEndpoint({
  method: 'GET', path: '/reports/purchase/export', access: 'EX-REPORT-PURCHASE', summary: 'The purchase report as .xlsx', operationId: 'exportPurchaseReport', tags,
  query: withReportRange(z.object({ ...reportQueryShape(), by: z.enum(PURCHASE_BY, { error: 'validation.report.by' }).default('service') })), reply: exportReply,
});

// ── dashboards (/app/dashboard, open: the reply is the caller's) ──────────────────────────────────

export const SellerDashboardEndpoint = defineEndpoint({
  method: 'GET', path: '/dashboard/seller', access: 'open', summary: 'A seller\'s dashboard: wallet, this week\'s orders, parcels needing action, recent orders', operationId: 'sellerDashboard', tags,
  description: 'The caller\'s own account. Staff are refused with 403 (they read /dashboard/staff). Counts carry the order list filter they open.',
  reply: SellerDashboardSchema(),
});

export const StaffDashboardEndpoint = defineEndpoint({
  method: 'GET', path: '/dashboard/staff', access: 'EX-ACT-FOR-CUSTOMER', summary: 'Staff dashboard: work queues with counts and links, KPIs with sparklines', operationId: 'staffDashboard', tags,
  description: 'Each queue is listed only for holders of its permission (STAFF_QUEUES); `kpis` needs EX-REPORT-REVENUE.',
  reply: StaffDashboardSchema(),
});
