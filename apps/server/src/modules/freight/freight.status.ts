import { eq } from 'drizzle-orm';
import type { FreightStatus } from '@exship/contracts';
import { CARTON_IMPORT_STATUSES, decideFreightTransition, FREIGHT_ROUTING_STATUS, kgToCentiKg, movesParcels, type CartonImportStatus } from '@exship/domain';
import type { Actor } from '../../platform/access';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { FreightCartons } from '../floor';
import { departFreightParcels } from '../orders';
import { addFreightEvents } from '../shipping';
import { priceFreight, recordParcels } from './freight.cost';
import type { FeeSchedules } from './freight.fees';
import { cartonIdsOf, manifestGaps, manifestOf } from './freight.manifest';
import type { Places } from './freight.places';
import { loadFreight } from './freight.queries';
import { freightHistory, freights } from './freight.tables';

// A freight's state changes (SPEC §4, docs/air-freight.md "States"): the domain's state machine
// decides; checking needs a complete customs manifest (422 MANIFEST_INCOMPLETE listing the gaps per
// parcel), records the parcels and locks the cartons; confirming the weight prices the freight. Every
// change writes ONE routing event onto every parcel of the freight in one statement (over the
// freight's cartons' parcels), ships the labeled parcels at departure (set-based too), and moves the
// cartons along with it.

export interface StatusChange {
  status: FreightStatus;
  at?: string;
  confirmedWeightKg?: number;
  note: string;
}

export interface StatusDeps {
  db: Db;
  places: Places;
  fees: FeeSchedules;
  cartons: FreightCartons;
  clock: () => Date;
}

const CARTON_FOLLOWS = new Set<string>(CARTON_IMPORT_STATUSES);

export function createStatusChanges(deps: StatusDeps) {
  const { db, places, fees, cartons, clock } = deps;

  async function change(actor: Actor, id: string, body: StatusChange): Promise<void> {
    await db.transaction(async (tx) => {
      const f = await loadFreight(tx, id, true);
      const from = f.status as FreightStatus;
      const to = body.status;
      const decision = decideFreightTransition({ status: from, cartons: f.cartons }, to);
      if (!decision.ok) throw new AppError(decision.code, 409, { vars: { freight: f.mawb, from: `freight.status.${from}`, to: `freight.status.${to}` } });
      const at = body.at ? new Date(body.at) : clock();
      const departure = await places.airportByCode(tx, f.departureAirportCode, 'departureAirportCode');
      const arrival = await places.airportByCode(tx, f.arrivalAirportCode, 'arrivalAirportCode');
      const cartonIds = cartonIdsOf(f.id);

      if (to === 'checked') {
        // Since 29 Aug 2025 every parcel needs its customs entry data (docs/air-freight.md "Customs manifest").
        const parcels = await manifestOf(tx, cartons, f.id, departure.country);
        const gaps = manifestGaps(parcels);
        if (gaps.length > 0) throw new AppError('MANIFEST_INCOMPLETE', 422, { vars: { count: String(gaps.length) }, data: gaps });
        await recordParcels(tx, f.id, parcels);
        await cartons.freightChecked(tx, cartonIds, at);
      }
      if (to === 'confirmed-weight' && body.confirmedWeightKg === undefined) {
        throw new AppError('VALIDATION_FAILED', 400, { errors: [{ field: 'confirmedWeightKg', message: 'validation.required' }] });
      }
      // An exception says what happened: the parcels' timelines show it.
      if (to === 'exception' && !body.note) throw new AppError('VALIDATION_FAILED', 400, { errors: [{ field: 'note', message: 'validation.required' }] });

      const [row] = await tx
        .update(freights)
        .set({
          status: to,
          statusDates: { ...f.statusDates, [to]: at.toISOString() },
          ...(to === 'confirmed-weight' ? { confirmedCentiKg: kgToCentiKg(body.confirmedWeightKg!) } : {}),
          updatedAt: clock(),
        })
        .where(eq(freights.id, f.id))
        .returning();
      const note = to === 'confirmed-weight' ? `${body.confirmedWeightKg} kg${body.note ? `: ${body.note}` : ''}` : body.note;
      await tx.insert(freightHistory).values({ freightId: f.id, actorId: actor.userId, action: to === 'confirmed-weight' ? 'weight-confirmed' : 'status', fromStatus: from, toStatus: to, note, at });

      // The cost: a first price once checked (when fees are in force), the price on the confirmed weight.
      if (to === 'checked') await priceFreight(tx, fees, row!, false);
      if (to === 'confirmed-weight') await priceFreight(tx, fees, row!, true);

      const orderIds = cartons.parcelOrderIds(cartonIds);
      // LOCK ORDER (platform/db.ts): the orders before the cartons.
      if (to === 'shipped') await departFreightParcels(tx, orderIds, { at, actorId: actor.userId, mawb: f.mawb });
      const airlineName = (await places.airlineByCode(tx, f.airlineCode)).name;
      const place = to === 'received' || to === 'delivered' || to === 'in-transit' ? arrival : departure;
      await addFreightEvents(tx, orderIds, {
        at,
        status: FREIGHT_ROUTING_STATUS[to],
        // freight.shipped is one of shipping's ORIGIN_DEPARTURE_CODES: from then on the carrier has the parcel.
        code: `freight.${to}`,
        messageKey: `freight.event.${to}`,
        vars: { mawb: f.mawb, airport: place.code, airline: airlineName, note: body.note },
        city: place.city,
        country: place.country,
        moves: movesParcels(to),
      });
      if (CARTON_FOLLOWS.has(to)) await cartons.follow(tx, cartonIds, to as CartonImportStatus, at, actor.userId, `${f.mawb}${body.note ? `: ${body.note}` : ''}`);
    });
  }

  return { change };
}
