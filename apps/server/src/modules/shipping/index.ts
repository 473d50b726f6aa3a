import { workingDayCalendar } from '@exship/domain/working-days';
import { on } from '../../platform/jobs';
import { defineModule } from '../../platform/module';
import { checkAddress } from '../addresses';
import { catalogModule } from '../catalog';
import { OrderStatusChanged, ordersModule } from '../orders';
import { shippingJobs } from './shipping.jobs';
import { shippingRoutes } from './shipping.routes';
import { createScanFormService } from './shipping.scan-forms';
import { createShippingService, type ShippingDeps } from './shipping.service';
import { createTrackingImportService } from './shipping.tracking-import';
import { createTrackingService } from './shipping.tracking';

export { ParcelFlagged, type ParcelFlaggedEvent } from './shipping.events';
export type { ShippingService } from './shipping.service';

/**
 * Labels and tracking: carrier adapters (sandbox, HTTP), label purchase on payment or after
 * the seller's delay, 4x6 PDF and ZPL labels through Storage, routing events polled per carrier, lost
 * and late flags, the public tracking page, tracking logs, tracking import/export and SCAN forms.
 * The order moves only through the orders module's use cases (labelBought, followRouting, transition).
 */
export const shippingModule = defineModule({
  name: 'shipping',
  needs: [catalogModule, ordersModule],
  setup(ctx, use) {
    const deps: ShippingDeps = {
      db: ctx.database.db,
      storage: ctx.storage,
      jobs: ctx.jobs,
      orders: use(ordersModule).orders,
      catalog: use(catalogModule).catalog,
      snapshot: use(catalogModule).snapshot,
      calendar: workingDayCalendar('US'),
      sandboxSpeed: ctx.config.sandboxCarrierSpeed,
      // Offline first (US ZIP → city/state, ISO subdivisions): an invalid address stops at not-verified.
      checkAddress,
    };
    const shipping = createShippingService(deps);
    const tracking = createTrackingService({ ...deps, shipping });
    const scanForms = createScanFormService(deps);
    const trackingImport = createTrackingImportService({ ...deps, shipping });
    return { shipping, tracking, scanForms, trackingImport };
  },
  routes: (ctx, m) => [shippingRoutes(m, ctx.storage)],
  jobs: (_ctx, m) => shippingJobs(m.shipping, m.tracking),
  events: (_ctx, m) => [
    on(OrderStatusChanged, 'shipping.follow-order', (e, { tx }) => m.shipping.onOrderStatusChanged(tx, e), 'Start, schedule, replace or void label purchases as orders are paid, re-labelled or cancelled'),
  ],
});
