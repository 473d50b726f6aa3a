import { and, asc, desc, eq, gte, inArray } from 'drizzle-orm';
import type { Carton, Language, ScanRecord } from '@exship/contracts';
import { CARTON_LEFT_STATUSES, startOfDayAt } from '@exship/domain';
import type { Actor } from '../../platform/access';
import type { Db } from '../../platform/db';
import type { CatalogService } from '../catalog';
import { addHistory, cartonViews, DEPARTED, lockCarton, requireAction, type FloorEventsPort } from './floor.cartons';
import { cartonParcels, cartons } from './floor.cartons.tables';
import { recordScan, scanNotUndoable, scanView, type ScanLog } from './floor.scans';

// Check-out (docs/warehouse-floor.md "Check-out"): a packaged carton scanned at the door leaves the
// origin warehouse — checked, with who checked and accepted it and when — and every parcel in it gets a
// routing event "departed <warehouse> in carton <id>". The screen shows what is expected to leave
// (packaged, not checked) and what left today.

export interface CheckOutDeps {
  db: Db;
  scans: ScanLog;
  events: FloorEventsPort;
  catalog: Pick<CatalogService, 'warehouseByCode'>;
  clock?: () => Date;
}

/** At most this many cartons in each list of the today view. */
const TODAY_LIMIT = 500;

export function createCheckOutService(deps: CheckOutDeps) {
  const { db, scans, events } = deps;
  const clock = deps.clock ?? (() => new Date());

  // Undoing a check-out puts the carton back to packaged and removes its parcels' "departed" events,
  // while nothing else (a partner's import) moved it on.
  scans.registerUndo('check-out', async (tx, scan, actor) => {
    if (!scan.cartonId) throw scanNotUndoable();
    const carton = await lockCarton(tx, scan.cartonId);
    if (carton.status !== 'checked') throw scanNotUndoable();
    const parcels = await tx.select({ orderId: cartonParcels.orderId }).from(cartonParcels).where(eq(cartonParcels.cartonId, carton.id));
    for (const p of parcels) await events.remove(tx, p.orderId, [DEPARTED.code]);
    await tx.update(cartons).set({ status: 'packaged', checkedAt: null, checkedBy: null, acceptedAt: null, acceptedBy: null, updatedAt: clock() }).where(eq(cartons.id, carton.id));
    await addHistory(tx, carton, { action: 'undo-check-out', to: 'packaged', actorId: actor.userId });
  });

  return {
    /** Scans a carton out. A refusal is kept in the scan log and thrown; a carton already checked answers again with `repeated`. */
    async checkOut(actor: Actor, code: string, lang: Language): Promise<{ carton: Carton; repeated: boolean; scan: ScanRecord | null }> {
      const scanned = code.trim().toUpperCase();
      try {
        const { row, repeated, scan } = await db.transaction(async (tx) => {
          const carton = await lockCarton(tx, scanned);
          const d = requireAction(carton, 'checkOut');
          const base = { userId: actor.userId, screen: 'check-out' as const, code: scanned, cartonId: carton.id };
          if (d.repeated) {
            const repeatedScan = await recordScan(tx, { ...base, ok: true, undoable: false, messageKey: 'floor.scan.repeated', vars: { code: scanned } });
            return { row: carton, repeated: true, scan: repeatedScan };
          }
          const now = clock();
          const [updated] = await tx
            .update(cartons)
            .set({ status: d.to, checkedAt: now, checkedBy: actor.userId, acceptedAt: now, acceptedBy: actor.userId, updatedAt: now })
            .where(eq(cartons.id, carton.id))
            .returning();
          const parcels = await tx
            .select({ orderId: cartonParcels.orderId, accountId: cartonParcels.accountId, trackingNumber: cartonParcels.trackingNumber })
            .from(cartonParcels)
            .where(eq(cartonParcels.cartonId, carton.id))
            .orderBy(asc(cartonParcels.orderId));
          const origin = carton.originWarehouseCode ? await deps.catalog.warehouseByCode(carton.originWarehouseCode, tx) : undefined;
          const warehouse = origin?.name ?? carton.originWarehouseCode ?? '';
          const place = origin ? { city: origin.city, state: origin.state ?? '', country: origin.country } : {};
          // On its way to the US warehouse with the carton: the forwarder's leg.
          for (const p of parcels) {
            if (p.trackingNumber) await events.add(tx, { orderId: p.orderId, accountId: p.accountId, trackingNumber: p.trackingNumber, at: now, status: 'fw-in-transit', code: DEPARTED.code, messageKey: DEPARTED.key, vars: { warehouse, carton: carton.id }, ...place });
          }
          await addHistory(tx, carton, { action: 'check-out', to: d.to, actorId: actor.userId, at: now });
          const done = await recordScan(tx, { ...base, ok: true, undoable: true, messageKey: 'floor.scan.checkedOut', vars: { carton: carton.id, count: String(parcels.length) } });
          return { row: updated!, repeated: false, scan: done };
        });
        const [view] = await cartonViews(db, [row]);
        return { carton: view!, repeated, scan: scanView(scan, lang, !repeated) };
      } catch (err) {
        throw await scans.refused(err, { userId: actor.userId, screen: 'check-out', code: scanned, cartonId: scanned });
      }
    },

    /** Expected: every packaged carton not checked out; checked: those checked out since the start of today at `offset`. */
    async today(offset: string): Promise<{ expected: Carton[]; checked: Carton[] }> {
      const since = startOfDayAt(clock(), offset);
      const expected = await db.select().from(cartons).where(eq(cartons.status, 'packaged')).orderBy(asc(cartons.packagedAt), asc(cartons.id)).limit(TODAY_LIMIT);
      const checked = await db
        .select()
        .from(cartons)
        .where(and(gte(cartons.checkedAt, since), inArray(cartons.status, [...CARTON_LEFT_STATUSES])))
        .orderBy(desc(cartons.checkedAt), desc(cartons.id))
        .limit(TODAY_LIMIT);
      const views = await cartonViews(db, [...expected, ...checked]);
      return { expected: views.slice(0, expected.length), checked: views.slice(expected.length) };
    },
  };
}

export type CheckOutService = ReturnType<typeof createCheckOutService>;
