import { workingDayCalendar } from '@exship/domain/working-days';
import { defineModule } from '../../platform/module';
import { catalogModule } from '../catalog';
import { productsModule } from '../products';
import { usersModule } from '../users';
import { orderImportRoutes } from './orders.imports';
import { orderJobs } from './orders.jobs';
import { ordersRoutes } from './orders.routes';
import { createOrderService } from './orders.service';

export { OrderCreated, OrderStatusChanged, type OrderCreatedEvent, type OrderStatusChangedEvent } from './orders.events';
export { createOrderService, type OrderService } from './orders.service';
export { billedOrders, ordersMatching, type BilledOrder } from './orders.billing';
export { orderLinesOf } from './orders.lines';
/** Recounts the list's stored per-status counts from the orders (after a bulk load outside the service). */
export { rebuildStatusCounts as rebuildOrderStatusCounts } from './orders.repository';

/**
 * Orders: create (priced from the catalog snapshot), edit, list, detail, export, the §4 actions and
 * surcharges, the order and surcharge imports (orders.imports.ts), the deadline jobs. The lifecycle is packages/domain's table; `transition` is the one
 * way a status changes (the wallet and the carriers call it through `use(ordersModule).orders`).
 */
export const ordersModule = defineModule({
  name: 'orders',
  needs: [usersModule, catalogModule, productsModule],
  setup(ctx, use) {
    const orders = createOrderService({ db: ctx.database.db, snapshot: use(catalogModule).snapshot, calendar: workingDayCalendar('US') });
    return { orders };
  },
  routes: (ctx, m) => [ordersRoutes(m.orders, ctx.database.db), orderImportRoutes(ctx, m.orders)],
  jobs: (_ctx, m) => orderJobs(m.orders),
});
