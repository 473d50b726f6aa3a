import type { Db } from '../../platform/db';
import type { Storage } from '../../platform/storage';
import type { FreightCartons, ScanLog } from '../floor';
import { createFreightDocuments } from './freight.documents';
import { createFeeSchedules } from './freight.fees';
import { createPlaces } from './freight.places';
import { createFreightService } from './freight.service';

/** The module's per-app instance: airports and airlines, fee schedules, freights, documents, and the floor's carton port. */
export function createFreightModule(deps: { db: Db; storage: Storage; scans: ScanLog; cartons: FreightCartons; clock?: () => Date }) {
  const clock = deps.clock ?? (() => new Date());
  const places = createPlaces(deps.db, clock);
  const fees = createFeeSchedules(deps.db, places);
  const freights = createFreightService({ db: deps.db, places, fees, scans: deps.scans, cartons: deps.cartons, clock });
  const documents = createFreightDocuments(deps.db, deps.storage, clock);
  return { db: deps.db, places, fees, freights, documents, cartons: deps.cartons };
}

export type FreightModule = ReturnType<typeof createFreightModule>;
