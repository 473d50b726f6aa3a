import { defineModule } from '../../platform/module';
import { catalogModule } from '../catalog';
import { ordersModule } from '../orders';
import { shippingModule } from '../shipping';
import { usersModule } from '../users';
import { createBoxService } from './floor.boxes';
import { createCartonService } from './floor.cartons';
import { cartonRoutes } from './floor.cartons.routes';
import { createCheckInService } from './floor.check-in';
import { createCheckOutService } from './floor.checkout';
import { checkInImport } from './floor.imports';
import { floorRoutes } from './floor.routes';
import { createScanLog } from './floor.scans';
import { createTolerances } from './floor.tolerances';

export { recordScan, scanNotUndoable, scanView, SCREEN_PERMISSION, type ScanInput, type ScanLog, type ScanRow, type UndoHandler } from './floor.scans';
export { DimensionErrorFound, type DimensionErrorFoundEvent } from './floor.events';
export type { CheckInService } from './floor.check-in';
/** Air freight's port onto cartons (floor.freight.ts). */
export { freightCartons, type FreightCarton, type FreightCartons } from './floor.freight';

/**
 * The warehouse floor (docs/warehouse-floor.md): the scan log shared by the floor screens (each
 * registers its undo with `scans.registerUndo`), check-in with weighing and tolerances, cartons and
 * check-out. Orders change only through the orders module's lifecycle; the parcel's timeline through
 * shipping's parcel events. The orders module reads a check-in's measured values through the port
 * connected here (a confirmed dimension error).
 */
export const floorModule = defineModule({
  name: 'floor',
  needs: [catalogModule, ordersModule, shippingModule, usersModule],
  setup(ctx, use) {
    const { db } = ctx.database;
    const orders = use(ordersModule);
    const catalog = use(catalogModule);
    const scans = createScanLog(db);
    const tolerances = createTolerances(db, catalog.snapshot);
    const checkIns = createCheckInService({ db, orders: orders.orders, parcels: use(shippingModule).parcelEvents, snapshot: catalog.snapshot, catalog: catalog.catalog, tolerances, scans });
    const checkInFile = checkInImport(checkIns);
    ctx.imports.declare(checkInFile);
    const parcelEvents = use(shippingModule).parcelEvents;
    const cartons = createCartonService({ db, orders: orders.orders, catalog: catalog.catalog, scans, events: parcelEvents, findOrderId: checkIns.resolve });
    checkIns.setCartonLookup(cartons.cartonOf);
    orders.connectDimensions({ measuredOf: checkIns.measuredOf, carryOver: checkIns.carryOver, leaveCarton: cartons.leaveCarton });
    const checkOut = createCheckOutService({ db, scans, events: parcelEvents, catalog: catalog.catalog });
    const boxes = createBoxService({ db });
    return { scans, tolerances, checkIns, checkInFile, cartons, checkOut, boxes, snapshot: catalog.snapshot };
  },
  routes: (ctx, m) => [floorRoutes(m, ctx.imports), cartonRoutes(m, ctx.imports)],
});
