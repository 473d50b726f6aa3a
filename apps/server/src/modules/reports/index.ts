import { defineModule, job } from '../../platform/module';
import { freightModule } from '../freight';
import { ordersModule } from '../orders';
import { shippingModule } from '../shipping';
import { walletModule } from '../wallet';
import { reportHandlers } from './reports.events';
import { reportRoutes } from './reports.routes';
import { createReportsService } from './reports.service';

export { createReportsService, type ReportsService } from './reports.service';
export { factsSql, rebuildRange, refreshAccountDays, refreshOrder, ROLLUP_MEASURES } from './reports.rollups';
export { REPORT_QUEUES } from './reports.events';

export const REBUILD_REPORTS_JOB = 'reports.rebuild-days';

/**
 * Reports and dashboards (docs/reports.md): six reports read per-quarter-hour rollups kept current
 * by the money and parcel events; a nightly job rebuilds the last days from the source rows (late
 * facts such as a freight's cost share); the seller and staff dashboards.
 */
export const reportsModule = defineModule({
  name: 'reports',
  needs: [ordersModule, shippingModule, walletModule, freightModule],
  setup(ctx) {
    return createReportsService({ db: ctx.database.db, clock: () => new Date() });
  },
  routes: (_ctx, reports) => [reportRoutes(reports)],
  jobs: (_ctx, reports) => [
    job(REBUILD_REPORTS_JOB, async () => void (await reports.rebuildDays(new Date(Date.now() - 3 * 86_400_000), 4)), {
      cron: '23 2 * * *',
      description: 'Rebuild the report rollups of the last days from the orders, payments and parcels',
    }),
  ],
  events: () => reportHandlers(),
  seeds: (_ctx, reports) => ({
    // A database that had money before the rollups existed gets its history rolled up once.
    catalog: async () => void (await reports.backfill()),
  }),
});
