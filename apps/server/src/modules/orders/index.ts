import { workingDayCalendar } from '@exship/domain/working-days';
import { defineModule } from '../../platform/module';
import { catalogModule } from '../catalog';
import { discountsModule } from '../discounts';
import { productsModule } from '../products';
import { usersModule } from '../users';
import { walletModule } from '../wallet';
import { orderImportRoutes } from './orders.imports';
import { dimensionsPort } from './orders.floor';
import { labelsPort } from './orders.labels';
import { orderJobs } from './orders.jobs';
import { ordersRoutes } from './orders.routes';
import { createOrderService } from './orders.service';

export {
  FULFILMENT_EVENTS,
  LabelRequested,
  OrderAddressEdited,
  OrderCanceled,
  OrderCreated,
  OrderPaid,
  OrderReleased,
  OrderStatusChanged,
  SurchargeAdded,
  type SurchargeAddedEvent,
  type LabelRequestedEvent,
  type OrderAddressEditedEvent,
  type OrderCanceledEvent,
  type OrderCreatedEvent,
  type OrderPaidEvent,
  type OrderReleasedEvent,
  type OrderStatusChangedEvent,
} from './orders.events';
export { createOrderService, type Companion, type DraftOutcome, type OrderService } from './orders.service';
export type { OrderLabel, OrderLabels } from './orders.labels';
export type { DimensionSource } from './orders.floor';
export type { OrderRow } from './orders.repository';
export { billedOrders, ordersMatching, type BilledOrder } from './orders.billing';
export { orderLinesOf } from './orders.lines';
/** Air freight: the parcels it carries, departed set-based, and their facts and money. */
export { departFreightParcels, freightParcelFacts, orderLinesOfOrders, parcelMoneyByGroup } from './orders.freight';
/** Recounts the list's stored per-status counts from the orders (after a bulk load outside the service). */
export { rebuildStatusCounts as rebuildOrderStatusCounts } from './orders.repository';

/**
 * Orders: create (priced from the catalog snapshot), edit, list, detail, export, the §4 actions and
 * surcharges, the order and surcharge imports (orders.imports.ts), the deadline jobs. The lifecycle is packages/domain's table; `transition` is the one
 * way a status changes (the wallet and the carriers call it through `use(ordersModule).orders`).
 * The label's facts are shipping's: it connects them with `use(ordersModule).connectLabels(…)`.
 */
export const ordersModule = defineModule({
  name: 'orders',
  needs: [walletModule, usersModule, discountsModule, catalogModule, productsModule],
  setup(ctx, use) {
    const labels = labelsPort();
    const dimensions = dimensionsPort();
    const deps = { db: ctx.database.db, snapshot: use(catalogModule).snapshot, calendar: workingDayCalendar('US'), labels: labels.labels, dimensions: dimensions.dimensions };
    // The imports call the create and surcharge use cases' exported functions with the same deps.
    return {
      orders: createOrderService(deps),
      deps,
      /** Called once by the shipping module (which depends on orders): where the list, detail and export read labels. */
      connectLabels: labels.connect,
      /** Called once by the floor module: where a dimension confirmation reads the measured values. */
      connectDimensions: dimensions.connect,
    };
  },
  routes: (ctx, m) => [ordersRoutes(m.orders, ctx.database.db), orderImportRoutes(ctx, m.deps)],
  jobs: (_ctx, m) => orderJobs(m.orders),
});
