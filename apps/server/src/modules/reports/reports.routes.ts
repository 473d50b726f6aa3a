import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
  SellerDashboardEndpoint,
  ServicesReportEndpoint,
  StaffDashboardEndpoint,
} from '@exship/contracts';
import { authOf } from '../../platform/auth';
import { route } from '../../platform/endpoints';
import { sendXlsxStream } from '../../platform/xlsx';
import type { ReportsService } from './reports.service';

/** Reports and dashboards: parse (contract), authorize (the report's permission), read the rollups. */
export const reportRoutes =
  (reports: ReportsService): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, RevenueReportEndpoint, (req) => reports.run('revenue', authOf(req), req.query));
    route(app, PaymentMethodReportEndpoint, (req) => reports.run('payment-method', authOf(req), req.query));
    route(app, ServicesReportEndpoint, (req) => reports.run('services', authOf(req), req.query));
    route(app, CustomersReportEndpoint, (req) => reports.run('customers', authOf(req), req.query));
    route(app, CarriersReportEndpoint, (req) => reports.run('carriers', authOf(req), req.query));
    route(app, PurchaseReportEndpoint, (req) => reports.run('purchase', authOf(req), req.query));
    const exported = async (kind: Parameters<ReportsService['exportReport']>[0], actor: ReturnType<typeof authOf>, q: Parameters<ReportsService['exportReport']>[2], reply: Parameters<typeof sendXlsxStream>[0]) => {
      const file = await reports.exportReport(kind, actor, q);
      return sendXlsxStream(reply, file.fileName, file.stream);
    };
    route(app, ExportRevenueReportEndpoint, (req, reply) => exported('revenue', authOf(req), req.query, reply));
    route(app, ExportPaymentMethodReportEndpoint, (req, reply) => exported('payment-method', authOf(req), req.query, reply));
    route(app, ExportServicesReportEndpoint, (req, reply) => exported('services', authOf(req), req.query, reply));
    route(app, ExportCustomersReportEndpoint, (req, reply) => exported('customers', authOf(req), req.query, reply));
    route(app, ExportCarriersReportEndpoint, (req, reply) => exported('carriers', authOf(req), req.query, reply));
    route(app, ExportPurchaseReportEndpoint, (req, reply) => exported('purchase', authOf(req), req.query, reply));
    route(app, SellerDashboardEndpoint, (req) => reports.sellerDashboard(authOf(req)));
    route(app, StaffDashboardEndpoint, (req) => reports.staffDashboard(authOf(req)));
  };
