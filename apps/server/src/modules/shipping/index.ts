import { workingDayCalendar } from '@exship/domain/working-days';
import { workflowJobs, workflowSubscriptions } from '../../platform/workflow';
import { defineModule } from '../../platform/module';
import { addressesModule, checkAddress } from '../addresses';
import { catalogModule } from '../catalog';
import { ordersModule } from '../orders';
import { productsModule } from '../products';
import { usersModule } from '../users';
import { FULFIL_ORDER } from './fulfilment.workflow';
import { fulfilmentHandlers, shippingJobs } from './shipping.jobs';
import { shippingRoutes, shippingTestRoutes } from './shipping.routes';
import { createScanFormService } from './shipping.scan-forms';
import { createShippingService, orderLabels, type ShippingDeps } from './shipping.service';
import { createTrackingImportService } from './shipping.tracking-import';
import { createTrackingService } from './shipping.tracking';
import { parcelEvents } from './shipping.floor';

export { LabelPurchased, LabelPurchaseFailed, ParcelFlagged, TrackingUpdated, type LabelPurchasedEvent, type LabelPurchaseFailedEvent, type ParcelFlaggedEvent, type TrackingUpdatedEvent } from './shipping.events';
export type { ShippingService } from './shipping.service';
/** The label's drawing primitives (fonts, fitted text, vector Code 128), for other 4x6 labels. */
export { drawBarcode, drawTextLine, embedLabelFonts, type Fonts } from './shipping.label';
export { ORIGIN_DEPARTURE_CODES } from './shipping.floor';
export type { FloorEventInput, ParcelEvents } from './shipping.floor';
/** Air freight's routing events, one statement over a freight's parcels. */
export { addFreightEvents, type FreightEventInput } from './shipping.freight';
export { parcelHistoryOf } from './shipping.history';

/**
 * Labels and tracking: carrier plugins (carriers/: sandbox, HTTP), label purchase on payment or after
 * the seller's delay, 4x6 PDF and ZPL labels through Storage, routing events polled per carrier, lost
 * and late flags, the public tracking page, tracking logs, tracking import/export and SCAN forms.
 * The order moves only through the orders module's use cases (labelBought, followRouting, transition);
 * the label's facts (tracking number, label file, routing status) are kept here only.
 */
export const shippingModule = defineModule({
  name: 'shipping',
  needs: [usersModule, catalogModule, ordersModule, addressesModule, productsModule],
  setup(ctx, use) {
    // The order list, detail and export show the label facts kept here (trackers).
    use(ordersModule).connectLabels(orderLabels);
    const deps: ShippingDeps = {
      db: ctx.database.db,
      storage: ctx.storage,
      jobs: ctx.jobs,
      orders: use(ordersModule).orders,
      catalog: use(catalogModule).catalog,
      snapshot: use(catalogModule).snapshot,
      calendar: workingDayCalendar('US'),
      sandboxSpeed: ctx.config.sandboxCarrierSpeed,
      outbound: ctx.outbound,
      carrierSecrets: ctx.config.carrierSecrets,
      // Offline first (US ZIP → city/state, ISO subdivisions): an invalid address stops at not-verified.
      checkAddress,
    };
    if (ctx.config.carrierSecrets.development) ctx.log.warn('CARRIER_SECRETS_KEY is not set: carrier secrets are sealed with the fixed development key (refused in production)');
    const shipping = createShippingService(deps);
    const tracking = createTrackingService({ ...deps, shipping });
    const scanForms = createScanFormService(deps);
    const trackingImport = createTrackingImportService({ ...deps, shipping });
    return { shipping, tracking, scanForms, trackingImport, parcelEvents };
  },
  routes: (ctx, m) => [shippingRoutes(m, ctx.storage), ...(ctx.config.e2e ? [shippingTestRoutes(m.tracking)] : [])],
  jobs: (_ctx, m) => [...workflowJobs(FULFIL_ORDER, fulfilmentHandlers(m.shipping)), ...shippingJobs(m.tracking)],
  events: (_ctx, m) => workflowSubscriptions(FULFIL_ORDER, fulfilmentHandlers(m.shipping)),
  // Every start: connection secrets left in plain text by a migration, or sealed with a previous key, are sealed again.
  seeds: (ctx, m) => ({ catalog: async () => void (await m.shipping.sealConnectionSecrets(ctx.log)) }),
});

