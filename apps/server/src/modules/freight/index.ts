import { defineModule } from '../../platform/module';
import { floorModule, freightCartons } from '../floor';
import { ordersModule } from '../orders';
import { productsModule } from '../products';
import { shippingModule } from '../shipping';
import { findUserByEmail, usersModule } from '../users';
import { seedDemoFreight } from './freight.demo';
import { createFreightModule } from './freight.module';
import { freightRoutes } from './freight.routes';

/**
 * Air freight (docs/air-freight.md): airports, airlines, flight fee schedules (imported, activated by
 * date), freights with their MAWB carrying checked-out cartons, their states with one routing event
 * per parcel in one statement, documents, the customs manifest, the cost per parcel, the report.
 * Cartons change only through the floor's port (floor.freight.ts), orders through the orders
 * module's set-based freightDeparted, routing events through shipping's addFreightEvents.
 */
export { FreightCostShared, type FreightCostSharedEvent } from './freight.events';

export const freightModule = defineModule({
  name: 'freight',
  needs: [usersModule, productsModule, ordersModule, shippingModule, floorModule],
  setup(ctx, use) {
    return createFreightModule({ db: ctx.database.db, storage: ctx.storage, scans: use(floorModule).scans, cartons: freightCartons });
  },
  routes: (ctx, m) => [freightRoutes(m, ctx.imports)],
  seeds: (ctx) => ({
    async demoCatalog(adminEmail) {
      const admin = await findUserByEmail(ctx.database.db, adminEmail);
      return admin ? seedDemoFreight(ctx.database.db, admin.id) : false;
    },
  }),
});
