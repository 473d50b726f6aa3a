import crypto from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Carton, CartonDetail, CartonStatus, CheckInStatus, Language, OrderStatus, PaymentStatus, RestrictedGood, ScanRecord } from '@exship/contracts';
import { decideCartonAction, decideParcelScan, type CartonAction } from '@exship/domain';
import type { Actor } from '../../platform/access';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { CatalogService } from '../catalog';
import type { OrderService } from '../orders';
import { ORIGIN_DEPARTURE_CODES, type ParcelEvents } from '../shipping';
import { findUsersByIds } from '../users';
import type { CartonLabelData } from './floor.carton-label';
import { cartonHistory, cartonParcels, cartons } from './floor.cartons.tables';
import { recordScan, scanNotUndoable, scanView, type ScanLog } from './floor.scans';
import { floorCheckIns } from './floor.tables';

// Cartons on the packaged-scanner screen (docs/warehouse-floor.md "Cartons"): open one for a
// destination, scan checked-in parcels into it, take one out, close it with its weight and size,
// reopen it, print its label. Quantity and the parcels' weight roll up on the carton's row.
//
// Concurrency: a parcel is in one carton at most (carton_parcels' unique index on the order). A scan
// locks the parcel's order row first, then the carton (platform/db.ts "LOCK ORDER": orders, then
// cartons), so two cartons scanning one parcel at once take turns and the second sees it packed.

export type CartonRow = typeof cartons.$inferSelect;
export type CartonParcelRow = typeof cartonParcels.$inferSelect;

/** Shipping keeps the parcel's timeline: the floor adds its events ("packed in", "departed") and removes them when undone. */
export type FloorEventsPort = Pick<ParcelEvents, 'add' | 'remove' | 'trackingOf'>;

/** The floor's events on a parcel's timeline (a code per kind: a parcel has at most one of each standing). */
export const PACKED = { code: 'floor.packed', key: 'floor.event.packed' } as const;
// The parcel left the origin warehouse: from then on the carrier has it (shipping reads this code).
export const DEPARTED = { code: ORIGIN_DEPARTURE_CODES.floor, key: 'floor.event.departed' } as const;

export interface CartonDeps {
  db: Db;
  orders: Pick<OrderService, 'lockOrder'>;
  /** The order a scanned code names (tracking number, exOrderId, exact order name): check-in's lookup, which refuses an unknown or ambiguous code. */
  findOrderId(tx: Db, code: string): Promise<string>;
  catalog: Pick<CatalogService, 'carriersByIds' | 'getService' | 'warehouseByCode'>;
  scans: ScanLog;
  events: FloorEventsPort;
  clock?: () => Date;
}

// ── the carton as the screens and the list show it ────────────────────────────────────────────────

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** CT + 8 Crockford base-32 characters from 40 random bits: readable on a label, not guessable from another. */
export function newCartonId(): string {
  const bytes = crypto.randomBytes(5);
  let n = bytes.readUInt32BE(0) * 256 + bytes[4]!;
  let out = '';
  for (let i = 0; i < 8; i++) {
    out += CROCKFORD[n % 32];
    n = Math.floor(n / 32);
  }
  return `CT${out}`;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Who did it, as the screens name people: full name, else email. */
export async function namesOf(db: Db, ids: Iterable<string | null>): Promise<Map<string, string>> {
  const users = await findUsersByIds(db, [...ids].filter((id): id is string => id !== null));
  return new Map(users.map((u) => [u.id, u.fullName || u.email]));
}

export const cartonPeople = (r: CartonRow) => [r.createdBy, r.packagedBy, r.checkedBy, r.acceptedBy];

export function cartonView(r: CartonRow, names: Map<string, string>): Carton {
  const name = (id: string | null) => (id ? (names.get(id) ?? '') : null);
  return {
    _id: r.id,
    name: r.name,
    status: r.status as CartonStatus,
    carrierId: r.carrierId,
    carrierCode: r.carrierCode,
    warehouseCode: r.warehouseCode,
    serviceId: r.serviceId,
    serviceCode: r.serviceCode,
    originWarehouseCode: r.originWarehouseCode,
    quantity: r.quantity,
    parcelsWeightGr: r.parcelsWeightGr,
    weightGr: r.weightGr,
    lengthCm: r.lengthCm,
    widthCm: r.widthCm,
    heightCm: r.heightCm,
    trackingNumber: r.trackingNumber,
    description: r.description,
    location: r.location,
    freightId: r.freightId,
    createdAt: r.createdAt.toISOString(),
    createdBy: name(r.createdBy) ?? '',
    packagedAt: iso(r.packagedAt),
    packagedBy: name(r.packagedBy),
    checkedAt: iso(r.checkedAt),
    checkedBy: name(r.checkedBy),
    acceptedAt: iso(r.acceptedAt),
    acceptedBy: name(r.acceptedBy),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** Cartons as the list shows them: the people's names in one query. */
export async function cartonViews(db: Db, rows: readonly CartonRow[]): Promise<Carton[]> {
  const names = await namesOf(db, rows.flatMap(cartonPeople));
  return rows.map((r) => cartonView(r, names));
}

/** A carton with its parcels (their sellers' emails) and its history. */
export async function cartonDetail(db: Db, row: CartonRow): Promise<CartonDetail> {
  const parcels = await db.select().from(cartonParcels).where(eq(cartonParcels.cartonId, row.id)).orderBy(asc(cartonParcels.addedAt), asc(cartonParcels.orderId));
  const history = await db.select().from(cartonHistory).where(eq(cartonHistory.cartonId, row.id)).orderBy(asc(cartonHistory.seq));
  const people = await findUsersByIds(db, [...cartonPeople(row), ...history.map((h) => h.actorId), ...parcels.map((p) => p.accountId)].filter((id): id is string => id !== null));
  const byId = new Map(people.map((u) => [u.id, u]));
  const names = new Map(people.map((u) => [u.id, u.fullName || u.email]));
  return {
    ...cartonView(row, names),
    parcels: parcels.map((p) => ({
      orderId: p.orderId,
      exOrderId: p.exOrderId,
      orderName: p.orderName,
      trackingNumber: p.trackingNumber,
      customerEmail: byId.get(p.accountId)?.email ?? '',
      weightGr: p.weightGr,
      addedAt: p.addedAt.toISOString(),
    })),
    history: history.map((h) => ({ at: h.at.toISOString(), action: h.action, fromStatus: h.fromStatus, toStatus: h.toStatus, by: h.actorId ? (names.get(h.actorId) ?? '') : '', note: h.note })),
  };
}

export const cartonNotFound = (code: string) => new AppError('CARTON_NOT_FOUND', 404, { vars: { code, carton: code } });

export async function lockCarton(tx: Db, id: string): Promise<CartonRow> {
  const [row] = await tx.select().from(cartons).where(eq(cartons.id, id)).for('update');
  if (!row) throw cartonNotFound(id);
  return row;
}

/** The carton in a state that allows `action`, or the refusal naming it (409). */
export function requireAction(row: CartonRow, action: CartonAction) {
  const d = decideCartonAction({ status: row.status as CartonStatus, quantity: row.quantity, freightCheckedAt: row.freightCheckedAt }, action);
  if (!d.ok) throw new AppError(d.code, 409, { vars: { carton: row.id, code: row.id } });
  return d;
}

export async function addHistory(tx: Db, row: Pick<CartonRow, 'id' | 'status'>, h: { action: string; to: string; actorId: string | null; note?: string; at?: Date }) {
  await tx.insert(cartonHistory).values({ cartonId: row.id, action: h.action, fromStatus: row.status, toStatus: h.to, actorId: h.actorId, note: h.note ?? '', ...(h.at ? { at: h.at } : {}) });
}

// ── the use cases ─────────────────────────────────────────────────────────────────────────────────

export function createCartonService(deps: CartonDeps) {
  const { db, orders, scans, events } = deps;
  const clock = deps.clock ?? (() => new Date());

  /** Takes a parcel out of a carton locked by the caller (its order locked first): the row, the roll-up, the "packed" event. */
  async function takeOut(tx: Db, carton: CartonRow, parcel: CartonParcelRow, actorId: string | null, note: string) {
    await tx.delete(cartonParcels).where(eq(cartonParcels.orderId, parcel.orderId));
    await events.remove(tx, parcel.orderId, [PACKED.code]);
    const quantity = carton.quantity - 1;
    await tx
      .update(cartons)
      .set({
        quantity,
        parcelsWeightGr: sql`greatest(0, ${cartons.parcelsWeightGr} - ${parcel.weightGr})`,
        // An empty carton is packed anywhere again: its origin is its next first parcel's.
        ...(quantity === 0 ? { originWarehouseCode: null, parcelsWeightGr: 0 } : {}),
        updatedAt: clock(),
      })
      .where(eq(cartons.id, carton.id));
    await addHistory(tx, carton, { action: 'remove', to: carton.status, actorId, note });
  }

  async function parcelOf(tx: Db, orderId: string) {
    const [p] = await tx.select().from(cartonParcels).where(eq(cartonParcels.orderId, orderId));
    return p;
  }

  // Undoing a parcel's scan into a carton takes it out again, while the carton is open and still holds it.
  scans.registerUndo('carton', async (tx, scan, actor) => {
    if (!scan.orderId || !scan.cartonId) throw scanNotUndoable();
    await orders.lockOrder(tx, scan.orderId);
    const carton = await lockCarton(tx, scan.cartonId);
    const parcel = await parcelOf(tx, scan.orderId);
    if (carton.status !== 'open' || parcel?.cartonId !== carton.id) throw scanNotUndoable();
    await takeOut(tx, carton, parcel, actor.userId, `${parcel.exOrderId} (undo)`);
  });

  return {
    async open(actor: Actor, body: { name: string; carrierId: string; warehouseCode: string; serviceId: string }): Promise<CartonDetail> {
      const [carrier] = await deps.catalog.carriersByIds([body.carrierId]);
      const service = await deps.catalog.getService(body.serviceId).catch((err: unknown) => {
        if (err instanceof AppError && err.status === 404) return null;
        throw err;
      });
      const warehouse = await deps.catalog.warehouseByCode(body.warehouseCode.toUpperCase());
      const errors = [
        ...(carrier ? [] : [{ field: 'carrierId', message: 'error.REFERENCE_NOT_FOUND' }]),
        ...(warehouse ? [] : [{ field: 'warehouseCode', message: 'error.REFERENCE_NOT_FOUND' }]),
        ...(service ? [] : [{ field: 'serviceId', message: 'error.REFERENCE_NOT_FOUND' }]),
      ];
      if (errors.length > 0 || !carrier || !warehouse || !service) throw new AppError('REFERENCE_NOT_FOUND', 422, { errors });
      const now = clock();
      const row = await db.transaction(async (tx) => {
        // 40 random bits: a clash is rare enough that one more draw settles it.
        for (let attempt = 0; ; attempt++) {
          const [created] = await tx
            .insert(cartons)
            .values({ id: newCartonId(), name: body.name, carrierId: carrier.id, carrierCode: carrier.code, warehouseCode: warehouse.code, serviceId: service.id, serviceCode: service.code, createdAt: now, createdBy: actor.userId, updatedAt: now })
            .onConflictDoNothing()
            .returning();
          if (created) {
            await addHistory(tx, { id: created.id, status: 'open' }, { action: 'open', to: 'open', actorId: actor.userId, at: now });
            return created;
          }
          if (attempt >= 5) throw new Error('no free carton id');
        }
      });
      return cartonDetail(db, row);
    },

    async get(id: string): Promise<CartonDetail> {
      const [row] = await db.select().from(cartons).where(eq(cartons.id, id));
      if (!row) throw cartonNotFound(id);
      return cartonDetail(db, row);
    },

    /**
     * Scans a parcel into an open carton. A refusal is kept in the scan log and thrown (404/409, the
     * reason named); a parcel already in this carton answers again with `repeated` and changes nothing.
     */
    async addParcel(actor: Actor, cartonId: string, code: string, lang: Language): Promise<{ carton: CartonDetail; exOrderId: string; repeated: boolean; scan: ScanRecord | null }> {
      const scanned = code.trim();
      const seen: { orderId: string | null; exOrderId: string | null } = { orderId: null, exOrderId: null };
      try {
        const { row, repeated, scan } = await db.transaction(async (tx) => {
          const [exists] = await tx.select({ id: cartons.id }).from(cartons).where(eq(cartons.id, cartonId));
          if (!exists) throw cartonNotFound(cartonId);
          const order = await orders.lockOrder(tx, await deps.findOrderId(tx, scanned));
          seen.orderId = order.id;
          seen.exOrderId = order.exOrderId;
          const carton = await lockCarton(tx, cartonId);
          const [holder] = await tx.select({ cartonId: cartonParcels.cartonId }).from(cartonParcels).where(eq(cartonParcels.orderId, order.id));
          const [checkIn] = await tx
            .select({ restricted: floorCheckIns.restricted, weightGr: floorCheckIns.measuredWeightGr, warehouseCode: floorCheckIns.warehouseCode })
            .from(floorCheckIns)
            .where(eq(floorCheckIns.orderId, order.id));
          const decision = decideParcelScan(
            {
              status: order.status as OrderStatus,
              paymentStatus: order.paymentStatus as PaymentStatus,
              labeled: order.labeledAt !== null,
              checkInStatus: order.checkInStatus as CheckInStatus | null,
              restricted: (checkIn?.restricted ?? []) as RestrictedGood[],
              cartonId: holder?.cartonId ?? null,
              carrierId: order.carrierId,
              warehouseCode: order.warehouseCode,
              serviceId: order.serviceId,
            },
            { id: carton.id, status: carton.status as CartonStatus, carrierId: carton.carrierId, warehouseCode: carton.warehouseCode, serviceId: carton.serviceId },
          );
          if (!decision.ok) {
            const destination = [order.carrierCode ?? '?', order.warehouseCode ?? '?', order.serviceCode].join(' / ');
            throw new AppError(decision.code, 409, { vars: { code: scanned, carton: holder?.cartonId ?? carton.id, destination } });
          }
          const base = { userId: actor.userId, screen: 'carton' as const, code: scanned, orderId: order.id, exOrderId: order.exOrderId, cartonId: carton.id };
          if (decision.repeated) {
            const scan = await recordScan(tx, { ...base, ok: true, undoable: false, messageKey: 'floor.scan.repeated', vars: { code: scanned } });
            return { row: carton, repeated: true, scan };
          }
          const now = clock();
          const weightGr = checkIn?.weightGr ?? order.weightGr;
          const trackingNumber = await events.trackingOf(tx, order.id);
          if (trackingNumber) {
            const w = checkIn ? await deps.catalog.warehouseByCode(checkIn.warehouseCode, tx) : undefined;
            const place = w ? { city: w.city, state: w.state ?? '', country: w.country } : {};
            // Still at the origin warehouse: the status check-in's "received" has.
            await events.add(tx, { orderId: order.id, accountId: order.accountId, trackingNumber, at: now, status: 'pick-up', code: PACKED.code, messageKey: PACKED.key, vars: { carton: carton.id }, ...place });
          }
          // The order's lock makes a second carton wait here; the unique index is the backstop.
          const [added] = await tx
            .insert(cartonParcels)
            .values({ cartonId: carton.id, orderId: order.id, accountId: order.accountId, exOrderId: order.exOrderId, orderName: order.orderName, trackingNumber, weightGr, addedAt: now, addedBy: actor.userId })
            .onConflictDoNothing()
            .returning();
          if (!added) throw new AppError('PARCEL_IN_CARTON', 409, { vars: { code: scanned, carton: (await parcelOf(tx, order.id))?.cartonId ?? '' } });
          const [updated] = await tx
            .update(cartons)
            .set({
              quantity: sql`${cartons.quantity} + 1`,
              parcelsWeightGr: sql`${cartons.parcelsWeightGr} + ${weightGr}`,
              originWarehouseCode: carton.quantity === 0 ? (checkIn?.warehouseCode ?? null) : carton.originWarehouseCode,
              updatedAt: now,
            })
            .where(eq(cartons.id, carton.id))
            .returning();
          await addHistory(tx, carton, { action: 'add', to: carton.status, actorId: actor.userId, note: order.exOrderId, at: now });
          const scan = await recordScan(tx, { ...base, ok: true, undoable: true, messageKey: 'floor.scan.packed', vars: { code: scanned, carton: carton.id } });
          return { row: updated!, repeated: false, scan };
        });
        return { carton: await cartonDetail(db, row), exOrderId: seen.exOrderId!, repeated, scan: scanView(scan, lang, !repeated) };
      } catch (err) {
        throw await scans.refused(err, { userId: actor.userId, screen: 'carton', code: scanned, orderId: seen.orderId, exOrderId: seen.exOrderId, cartonId });
      }
    },

    /** The orders module's cancel, in its transaction (the order locked): an open carton lets the parcel go; a closed one refuses. */
    async leaveCarton(tx: Db, orderId: string): Promise<void> {
      const seen = await parcelOf(tx, orderId);
      if (!seen) return;
      const carton = await lockCarton(tx, seen.cartonId);
      const parcel = await parcelOf(tx, orderId);
      if (!parcel || parcel.cartonId !== carton.id) return;
      if (carton.status !== 'open') throw new AppError('ORDER_IN_CLOSED_CARTON', 409, { vars: { carton: carton.id }, details: { cartonId: carton.id, cartonStatus: carton.status } });
      await takeOut(tx, carton, parcel, null, parcel.exOrderId);
    },

    async removeParcel(actor: Actor, cartonId: string, orderId: string): Promise<CartonDetail> {
      const row = await db.transaction(async (tx) => {
        const [exists] = await tx.select({ id: cartons.id }).from(cartons).where(eq(cartons.id, cartonId));
        if (!exists) throw cartonNotFound(cartonId);
        const inside = await parcelOf(tx, orderId);
        if (!inside || inside.cartonId !== cartonId) throw new AppError('PARCEL_NOT_FOUND', 404, { vars: { code: orderId } });
        await orders.lockOrder(tx, orderId);
        const carton = await lockCarton(tx, cartonId);
        requireAction(carton, 'removeParcel');
        // Read again under the locks: a concurrent removal may have taken it out already.
        const parcel = await parcelOf(tx, orderId);
        if (!parcel || parcel.cartonId !== cartonId) throw new AppError('PARCEL_NOT_FOUND', 404, { vars: { code: inside.exOrderId } });
        await takeOut(tx, carton, parcel, actor.userId, parcel.exOrderId);
        return (await tx.select().from(cartons).where(eq(cartons.id, cartonId)))[0]!;
      });
      return cartonDetail(db, row);
    },

    async close(actor: Actor, cartonId: string, m: { weightGr: number; lengthCm: number; widthCm: number; heightCm: number }): Promise<CartonDetail> {
      const row = await db.transaction(async (tx) => {
        const carton = await lockCarton(tx, cartonId);
        const d = requireAction(carton, 'close');
        const now = clock();
        const [updated] = await tx
          .update(cartons)
          .set({ status: d.to, weightGr: m.weightGr, lengthCm: m.lengthCm, widthCm: m.widthCm, heightCm: m.heightCm, packagedAt: now, packagedBy: actor.userId, updatedAt: now })
          .where(eq(cartons.id, cartonId))
          .returning();
        await addHistory(tx, carton, { action: 'close', to: d.to, actorId: actor.userId, at: now, note: `${m.weightGr} g, ${m.lengthCm} x ${m.widthCm} x ${m.heightCm} cm` });
        return updated!;
      });
      return cartonDetail(db, row);
    },

    /** SPEC §4: a packaged carton reopens until its freight is checked; the weight typed at closing stays as a suggestion. */
    async reopen(actor: Actor, cartonId: string): Promise<CartonDetail> {
      const row = await db.transaction(async (tx) => {
        const carton = await lockCarton(tx, cartonId);
        const d = requireAction(carton, 'reopen');
        const now = clock();
        const [updated] = await tx.update(cartons).set({ status: d.to, packagedAt: null, packagedBy: null, updatedAt: now }).where(eq(cartons.id, cartonId)).returning();
        await addHistory(tx, carton, { action: 'reopen', to: d.to, actorId: actor.userId, at: now });
        return updated!;
      });
      return cartonDetail(db, row);
    },

    /** What the carton's label prints; 409 CARTON_NOT_PACKAGED while it is open. */
    async label(cartonId: string, offset: string): Promise<CartonLabelData> {
      const [row] = await db.select().from(cartons).where(eq(cartons.id, cartonId));
      if (!row) throw cartonNotFound(cartonId);
      if (row.status === 'open') throw new AppError('CARTON_NOT_PACKAGED', 409, { vars: { carton: row.id, code: row.id } });
      return {
        cartonId: row.id,
        name: row.name,
        carrierCode: row.carrierCode,
        serviceCode: row.serviceCode,
        warehouseCode: row.warehouseCode,
        originWarehouseCode: row.originWarehouseCode,
        quantity: row.quantity,
        weightGr: row.weightGr,
        lengthCm: row.lengthCm,
        widthCm: row.widthCm,
        heightCm: row.heightCm,
        packagedAt: row.packagedAt,
        offset,
      };
    },

    /** The carton holding a parcel, or null (check-in refuses a parcel in a carton, and never undoes its check-in). */
    async cartonOf(tx: Db, orderId: string): Promise<string | null> {
      return (await parcelOf(tx, orderId))?.cartonId ?? null;
    },

    /** Air freight: the freight these cartons are on is checked; from now on they never reopen (SPEC §4). */
    async freightChecked(tx: Db, cartonIds: string[], at: Date): Promise<void> {
      if (cartonIds.length === 0) return;
      await tx.update(cartons).set({ freightCheckedAt: at, updatedAt: at }).where(and(inArray(cartons.id, cartonIds), sql`${cartons.freightCheckedAt} is null`));
    },
  };
}

export type CartonService = ReturnType<typeof createCartonService>;
