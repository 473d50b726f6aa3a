import { z } from 'zod';
import { defineEndpoint, XLSX_MIME, type EndpointDef } from './endpoint';
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
  type ReportKind,
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

/** A report's .xlsx: the report's own path, permission and query; the table and totals, streamed. */
/*@__NO_SIDE_EFFECTS__*/
function exportOf<const E extends Pick<EndpointDef, 'path' | 'access' | 'query'>>(report: E, name: string, operationId: string) {
  return defineEndpoint({
    method: 'GET', path: `${report.path}/export` as `${E['path']}/export`, access: report.access as E['access'], summary: `The ${name} report as .xlsx`, operationId, tags,
    query: report.query as E['query'], reply: exportReply,
  });
}

export const ExportRevenueReportEndpoint = exportOf(RevenueReportEndpoint, 'revenue', 'exportRevenueReport');
export const ExportPaymentMethodReportEndpoint = exportOf(PaymentMethodReportEndpoint, 'payment method', 'exportPaymentMethodReport');
export const ExportServicesReportEndpoint = exportOf(ServicesReportEndpoint, 'services', 'exportServicesReport');
export const ExportCustomersReportEndpoint = exportOf(CustomersReportEndpoint, 'customers', 'exportCustomersReport');
export const ExportCarriersReportEndpoint = exportOf(CarriersReportEndpoint, 'carriers', 'exportCarriersReport');
export const ExportPurchaseReportEndpoint = exportOf(PurchaseReportEndpoint, 'purchase', 'exportPurchaseReport');

/** Each rollup report's two endpoints, by kind: the server registers and the web calls them from here. */
export const REPORT_ENDPOINTS = {
  revenue: { read: RevenueReportEndpoint, file: ExportRevenueReportEndpoint },
  'payment-method': { read: PaymentMethodReportEndpoint, file: ExportPaymentMethodReportEndpoint },
  services: { read: ServicesReportEndpoint, file: ExportServicesReportEndpoint },
  customers: { read: CustomersReportEndpoint, file: ExportCustomersReportEndpoint },
  carriers: { read: CarriersReportEndpoint, file: ExportCarriersReportEndpoint },
  purchase: { read: PurchaseReportEndpoint, file: ExportPurchaseReportEndpoint },
} as const satisfies Record<ReportKind, { read: EndpointDef; file: EndpointDef }>;

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
