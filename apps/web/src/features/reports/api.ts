import {
  CarriersReportEndpoint,
  CustomersReportEndpoint,
  ExportCarriersReportEndpoint,
  ExportCustomersReportEndpoint,
  ExportPaymentMethodReportEndpoint,
  ExportPurchaseReportEndpoint,
  ExportRevenueReportEndpoint,
  ExportServicesReportEndpoint,
  PaymentMethodReportEndpoint,
  PurchaseReportEndpoint,
  RevenueReportEndpoint,
  ServicesReportEndpoint,
  type EndpointReply,
  type ReportKind,
} from '@exship/contracts';
import { call, download } from '../../api/call';

// The six rollup reports' calls (chart points, table rows, totals) and their xlsx exports, through
// the endpoint descriptors of packages/contracts. Loaded only with the report screens.

export const REPORTS_KEY = 'reports';

/** The query a report screen sends: the range in the viewer's zone, the grouping and its filters. */
export type ReportParams = {
  startDate: string;
  endDate: string;
  timeZone: string;
  groupBy: string;
  customerId?: string;
  serviceCode?: string;
  carrierCode?: string;
  warehouseCode?: string;
  by?: string;
};

export type RevenueReport = EndpointReply<typeof RevenueReportEndpoint>;
export type PaymentMethodReport = EndpointReply<typeof PaymentMethodReportEndpoint>;
export type ServicesReport = EndpointReply<typeof ServicesReportEndpoint>;
export type CustomersReport = EndpointReply<typeof CustomersReportEndpoint>;
export type CarriersReport = EndpointReply<typeof CarriersReportEndpoint>;
export type PurchaseReport = EndpointReply<typeof PurchaseReportEndpoint>;

/** The server parses the query against the descriptor's schema. */
const q = (query: ReportParams) => query as never;

export const reportsApi = {
  revenue: (query: ReportParams, signal?: AbortSignal) => call(RevenueReportEndpoint, { query: q(query), signal }),
  paymentMethod: (query: ReportParams, signal?: AbortSignal) => call(PaymentMethodReportEndpoint, { query: q(query), signal }),
  services: (query: ReportParams, signal?: AbortSignal) => call(ServicesReportEndpoint, { query: q(query), signal }),
  customers: (query: ReportParams, signal?: AbortSignal) => call(CustomersReportEndpoint, { query: q(query), signal }),
  carriers: (query: ReportParams, signal?: AbortSignal) => call(CarriersReportEndpoint, { query: q(query), signal }),
  purchase: (query: ReportParams, signal?: AbortSignal) => call(PurchaseReportEndpoint, { query: q(query), signal }),
};

export const reportExports: Record<ReportKind, (query: ReportParams) => Promise<{ blob: Blob; fileName: string }>> = {
  revenue: (query) => download(ExportRevenueReportEndpoint, { query: q(query) }),
  'payment-method': (query) => download(ExportPaymentMethodReportEndpoint, { query: q(query) }),
  services: (query) => download(ExportServicesReportEndpoint, { query: q(query) }),
  customers: (query) => download(ExportCustomersReportEndpoint, { query: q(query) }),
  carriers: (query) => download(ExportCarriersReportEndpoint, { query: q(query) }),
  purchase: (query) => download(ExportPurchaseReportEndpoint, { query: q(query) }),
};
