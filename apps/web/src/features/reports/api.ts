import {
  CarriersReportEndpoint,
  CustomersReportEndpoint,
  PaymentMethodReportEndpoint,
  PurchaseReportEndpoint,
  REPORT_ENDPOINTS,
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

/** Reads a report: chart points, table rows and totals (the screen knows which report's reply it is). */
export const readReport = (kind: ReportKind, query: ReportParams, signal?: AbortSignal): Promise<unknown> =>
  call(REPORT_ENDPOINTS[kind].read as typeof RevenueReportEndpoint, { query: q(query), signal });

/** Downloads a report's xlsx. */
export const exportReport = (kind: ReportKind, query: ReportParams): Promise<{ blob: Blob; fileName: string }> =>
  download(REPORT_ENDPOINTS[kind].file as typeof REPORT_ENDPOINTS.revenue.file, { query: q(query) });
