import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { REPORT_ENDPOINTS, REPORT_KINDS, SellerDashboardEndpoint, StaffDashboardEndpoint } from '@exship/contracts';
import { authOf } from '../../platform/auth';
import { route } from '../../platform/endpoints';
import { sendXlsxStream } from '../../platform/xlsx';
import type { ReportsService } from './reports.service';

type ReportQuery = Parameters<ReportsService['run']>[2];

/** Reports and dashboards: parse (contract), authorize (the report's permission), read the rollups. */
export const reportRoutes =
  (reports: ReportsService): FastifyPluginAsyncZod =>
  async (app) => {
    for (const kind of REPORT_KINDS) {
      const { read, file } = REPORT_ENDPOINTS[kind];
      route(app, read, (req) => reports.run(kind, authOf(req), req.query as ReportQuery));
      route(app, file, async (req, reply) => {
        const xlsx = await reports.exportReport(kind, authOf(req), req.query as ReportQuery);
        return sendXlsxStream(reply, xlsx.fileName, xlsx.stream);
      });
    }
    route(app, SellerDashboardEndpoint, (req) => reports.sellerDashboard(authOf(req)));
    route(app, StaffDashboardEndpoint, (req) => reports.staffDashboard(authOf(req)));
  };
