import { eq, sql } from 'drizzle-orm';
import type { FreightDetail, FreightHistoryAction, FreightStatus, Language, ScanRecord } from '@exship/contracts';
import { chargeableCentiKg, checkMawb, decideAddCarton, decideRemoveCarton, grossCentiKg, isFreightLocked, mayEditFreight, toCents } from '@exship/domain';
import type { Actor } from '../../platform/access';
import type { Db } from '../../platform/db';
import { AppError, sqlState } from '../../platform/errors';
import { recordScan, scanNotUndoable, scanView, type FreightCartons, type ScanLog, type ScanRow } from '../floor';
import { adjustCost, priceFreight } from './freight.cost';
import type { FeeSchedules } from './freight.fees';
import { manifestGaps, manifestOf } from './freight.manifest';
import type { Places } from './freight.places';
import { freightDetail, freightOfCarton, loadFreight } from './freight.queries';
import { createStatusChanges, type StatusChange } from './freight.status';
import { freightCartonsOn, freightHistory, freights } from './freight.tables';

// Freights (docs/air-freight.md): create and change one (its MAWB checked as IATA does, unique), scan
// checked-out cartons onto an open one (each scan in the floor's scan log, screen `freight`), take a
// carton off until the freight is checked, move it through its states (freight.status.ts), adjust
// its cost. Every change locks the freight's row first.

export interface FreightBody {
  name: string;
  mawb: string;
  airlineCode: string;
  departureAirportCode: string;
  arrivalAirportCode: string;
  departureDate: string;
  arrivalDate: string | null;
  carrierCode: string | null;
}

export interface FreightDeps {
  db: Db;
  places: Places;
  fees: FeeSchedules;
  scans: ScanLog;
  cartons: FreightCartons;
  clock?: () => Date;
}

const invalid = (field: string, message: string, code: 'VALIDATION_FAILED' | 'MAWB_INVALID' = 'VALIDATION_FAILED', vars?: Record<string, string>) =>
  new AppError(code, 400, { vars, errors: [{ field, message, vars }] });

export function createFreightService(deps: FreightDeps) {
  const { db, places, fees, cartons } = deps;
  const clock = deps.clock ?? (() => new Date());
  const status: ReturnType<typeof createStatusChanges> = createStatusChanges({ ...deps, clock });

  /** The body's references and rules: airline and airports exist, the route has two ends, the MAWB holds. */
  async function checked(tx: Db, body: FreightBody) {
    const airline = await places.airlineByCode(tx, body.airlineCode);
    await places.airportByCode(tx, body.departureAirportCode, 'departureAirportCode');
    await places.airportByCode(tx, body.arrivalAirportCode, 'arrivalAirportCode');
    if (body.departureAirportCode === body.arrivalAirportCode) throw invalid('arrivalAirportCode', 'validation.airport.sameRoute');
    const mawb = checkMawb(body.mawb, airline.mawbPrefix);
    if (!mawb.ok) {
      if (mawb.rule === 'format') throw invalid('mawb', 'validation.mawb.format');
      if (mawb.rule === 'prefix') throw invalid('mawb', 'validation.mawb.prefix', 'MAWB_INVALID', { prefix: airline.mawbPrefix ?? '', mawb: body.mawb });
      throw invalid('mawb', 'error.MAWB_INVALID', 'MAWB_INVALID', { mawb: body.mawb });
    }
    const departureDate = new Date(body.departureDate);
    const arrivalDate = body.arrivalDate ? new Date(body.arrivalDate) : null;
    if (arrivalDate && arrivalDate < departureDate) throw invalid('arrivalDate', 'validation.date.rangeReversed');
    return { name: body.name, mawb: mawb.mawb, airlineId: airline.id, airlineCode: airline.code, departureAirportCode: body.departureAirportCode, arrivalAirportCode: body.arrivalAirportCode, departureDate, arrivalDate, carrierCode: body.carrierCode || null };
  }

  /** SPEC §5 uniqueness: a MAWB number is one freight's. */
  async function mawbUnique<T>(mawb: string, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (err) {
      if (sqlState(err) === '23505') throw new AppError('MAWB_TAKEN', 409, { vars: { mawb }, errors: [{ field: 'mawb', message: 'error.MAWB_TAKEN', vars: { mawb } }] });
      throw err;
    }
  }

  const history = (tx: Db, e: { freightId: string; actorId: string | null; action: FreightHistoryAction; from: string | null; to: string; note?: string; at?: Date }) =>
    tx.insert(freightHistory).values({ freightId: e.freightId, actorId: e.actorId, action: e.action, fromStatus: e.from, toStatus: e.to, note: e.note ?? '', at: e.at ?? clock() });

  /** The detail; the manifest's gaps are worked out while the cartons may still change (after, there are none). */
  async function detail(id: string): Promise<FreightDetail> {
    const f = await loadFreight(db, id);
    let gaps: FreightDetail['manifestGaps'] = [];
    if (!isFreightLocked(f.status as FreightStatus) && f.parcels > 0) {
      const origin = await places.airportByCode(db, f.departureAirportCode, 'departureAirportCode');
      gaps = manifestGaps(await manifestOf(db, cartons, f.id, origin.country));
    }
    return freightDetail(db, cartons, id, gaps);
  }

  /** Takes a carton off a freight (its row locked by the caller): the rollups, the floor's fact, the history. */
  async function takeOff(tx: Db, f: { id: string; status: string }, cartonId: string, actorId: string) {
    const [on] = await tx.delete(freightCartonsOn).where(sql`${freightCartonsOn.cartonId} = ${cartonId} and ${freightCartonsOn.freightId} = ${f.id}`).returning();
    if (!on) throw new AppError('CARTON_NOT_FOUND', 404, { vars: { code: cartonId, carton: cartonId } });
    const now = clock();
    await tx
      .update(freights)
      .set({
        cartons: sql`${freights.cartons} - 1`,
        parcels: sql`${freights.parcels} - ${on.parcels}`,
        grossCentiKg: sql`${freights.grossCentiKg} - ${on.grossCentiKg}`,
        chargeableCentiKg: sql`${freights.chargeableCentiKg} - ${on.chargeableCentiKg}`,
        updatedAt: now,
      })
      .where(eq(freights.id, f.id));
    await cartons.setFreight(tx, cartonId, null, now);
    await history(tx, { freightId: f.id, actorId, action: 'carton-removed', from: f.status, to: f.status, note: cartonId, at: now });
  }

  // Undoing a freight scan takes the carton off again, while the freight is open.
  deps.scans.registerUndo('freight', async (tx, scan: ScanRow, actor) => {
    const on = scan.cartonId ? await freightOfCarton(tx, scan.cartonId) : null;
    if (!on) throw scanNotUndoable();
    const f = await loadFreight(tx, on.id, true);
    if (f.status !== 'open') throw scanNotUndoable();
    await takeOff(tx, f, scan.cartonId!, actor.userId);
  });

  return {
    detail,

    async create(actor: Actor, body: FreightBody): Promise<FreightDetail> {
      const id = await db.transaction(async (tx) => {
        const values = await checked(tx, body);
        const now = clock();
        const [row] = await mawbUnique(values.mawb, () => tx.insert(freights).values({ ...values, status: 'open', statusDates: { open: now.toISOString() }, createdBy: actor.userId, createdAt: now, updatedAt: now }).returning());
        await history(tx, { freightId: row!.id, actorId: actor.userId, action: 'created', from: null, to: 'open', note: values.mawb, at: now });
        return row!.id;
      });
      return detail(id);
    },

    /** SPEC §4: a freight's fields change until it is checked. */
    async update(actor: Actor, id: string, body: FreightBody): Promise<FreightDetail> {
      await db.transaction(async (tx) => {
        const f = await loadFreight(tx, id, true);
        if (!mayEditFreight(f.status as FreightStatus)) throw new AppError('FREIGHT_LOCKED', 409, { vars: { freight: f.mawb } });
        const values = await checked(tx, body);
        await mawbUnique(values.mawb, () => tx.update(freights).set({ ...values, updatedAt: clock() }).where(eq(freights.id, id)));
        await history(tx, { freightId: id, actorId: actor.userId, action: 'updated', from: f.status, to: f.status, note: values.mawb });
      });
      return detail(id);
    },

    /**
     * Scans a checked-out carton onto an open freight. Refused, and logged as refused: the freight is
     * not open (or locked), the carton is unknown, not checked out, or on another freight. The same
     * carton twice is a repeated scan: answered again, nothing changes.
     */
    async addCarton(actor: Actor, id: string, rawCode: string, lang: Language): Promise<{ freight: FreightDetail; cartonId: string; repeated: boolean; scan: ScanRecord | null }> {
      const code = rawCode.trim().toUpperCase();
      let out: { cartonId: string; repeated: boolean; scan: ScanRow };
      try {
        out = await db.transaction(async (tx) => {
          const f = await loadFreight(tx, id, true);
          const add = decideAddCarton(f.status as FreightStatus);
          if (!add.ok) throw new AppError(add.code, 409, { vars: { freight: f.mawb, carton: code } });
          const c = await cartons.lock(tx, code);
          if (!c) throw new AppError('CARTON_NOT_FOUND', 404, { vars: { code, carton: code } });
          const scan = { userId: actor.userId, screen: 'freight' as const, code, cartonId: c.id, ok: true };
          const on = await freightOfCarton(tx, c.id);
          if (on?.id === f.id) {
            return { cartonId: c.id, repeated: true, scan: await recordScan(tx, { ...scan, undoable: false, messageKey: 'freight.scan.repeated', vars: { carton: c.id, freight: f.mawb } }) };
          }
          // A partner's box import may name the freight the carton travels on: this one (its id or MAWB) or another.
          const elsewhere = c.freightId !== null && c.freightId !== f.id && c.freightId.replace('-', '') !== f.mawb.replace('-', '');
          if (on || elsewhere) throw new AppError('CARTON_ON_FREIGHT', 409, { vars: { carton: c.id, freight: on?.mawb ?? c.freightId ?? '' } });
          if (c.status !== 'checked') throw new AppError('CARTON_NOT_CHECKED_OUT', 409, { vars: { carton: c.id } });
          const measured = { weightGr: c.weightGr ?? c.parcelsWeightGr, lengthCm: c.lengthCm, widthCm: c.widthCm, heightCm: c.heightCm };
          const gross = grossCentiKg(measured.weightGr);
          const chargeable = chargeableCentiKg(measured);
          const now = clock();
          await tx.insert(freightCartonsOn).values({ cartonId: c.id, freightId: f.id, parcels: c.quantity, grossCentiKg: gross, chargeableCentiKg: chargeable, addedAt: now, addedBy: actor.userId });
          await tx
            .update(freights)
            .set({
              cartons: sql`${freights.cartons} + 1`,
              parcels: sql`${freights.parcels} + ${c.quantity}`,
              grossCentiKg: sql`${freights.grossCentiKg} + ${gross}`,
              chargeableCentiKg: sql`${freights.chargeableCentiKg} + ${chargeable}`,
              updatedAt: now,
            })
            .where(eq(freights.id, f.id));
          await cartons.setFreight(tx, c.id, f.id, now);
          await history(tx, { freightId: f.id, actorId: actor.userId, action: 'carton-added', from: f.status, to: f.status, note: c.id, at: now });
          return { cartonId: c.id, repeated: false, scan: await recordScan(tx, { ...scan, undoable: true, messageKey: 'freight.scan.added', vars: { carton: c.id, freight: f.mawb } }) };
        });
      } catch (err) {
        throw await deps.scans.refused(err, { userId: actor.userId, screen: 'freight', code, cartonId: null });
      }
      return { freight: await detail(id), cartonId: out.cartonId, repeated: out.repeated, scan: scanView(out.scan, lang, !out.repeated) };
    },

    /** SPEC §4: a carton comes off until the freight is checked. */
    async removeCarton(actor: Actor, id: string, cartonId: string): Promise<FreightDetail> {
      await db.transaction(async (tx) => {
        const f = await loadFreight(tx, id, true);
        const d = decideRemoveCarton(f.status as FreightStatus);
        if (!d.ok) throw new AppError(d.code, 409, { vars: { freight: f.mawb, carton: cartonId } });
        await takeOff(tx, f, cartonId, actor.userId);
      });
      return detail(id);
    },

    async changeStatus(actor: Actor, id: string, body: StatusChange): Promise<FreightDetail> {
      await status.change(actor, id, body);
      return detail(id);
    },

    /** The staff's adjustment of the computed cost, with its reason; the shares are worked out again. */
    async adjustCost(actor: Actor, id: string, body: { amount: number; reason: string }): Promise<FreightDetail> {
      await db.transaction(async (tx) => {
        let f = await loadFreight(tx, id, true);
        f = await adjustCost(tx, f, toCents(body.amount), body.reason);
        // A checked freight not priced yet (no fees when it was checked) is priced now, or NO_FEE_SCHEDULE;
        // before the check, the adjustment waits for the price.
        if (f.computedCents === null && isFreightLocked(f.status as FreightStatus)) await priceFreight(tx, fees, f, true);
        await history(tx, { freightId: id, actorId: actor.userId, action: 'cost-adjusted', from: f.status, to: f.status, note: `${body.amount.toFixed(2)} USD: ${body.reason}` });
      });
      return detail(id);
    },
  };
}

export type FreightService = ReturnType<typeof createFreightService>;
