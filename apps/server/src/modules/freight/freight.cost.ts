import { asc, eq, sql } from 'drizzle-orm';
import type { FreightCost } from '@exship/contracts';
import { allocateFreightCost, centiKgToKg, freightCost, fromCents, type CartonToAllocate } from '@exship/domain';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { emit } from '../../platform/jobs';
import { FreightCostShared } from './freight.events';
import type { FeeSchedules } from './freight.fees';
import type { ManifestParcel } from './freight.manifest';
import { freightCartonsOn, freightParcelCosts, freights } from './freight.tables';

// The freight's cost and its share per parcel (docs/air-freight.md "Cost"): the fees in force on the
// departure date for the airline and route, per kg × the weight charged (confirmed when known, else
// chargeable) and per shipment once, plus the staff's adjustment; shared to the cartons by chargeable
// weight, then to their parcels by theirs, in cents that sum to the cost exactly.

export type FreightRow = typeof freights.$inferSelect;

/** The parcels a checked freight carries, written once when it is checked (their shares follow). */
export async function recordParcels(tx: Db, freightId: string, parcels: readonly ManifestParcel[]): Promise<void> {
  if (parcels.length === 0) return;
  const json = JSON.stringify(parcels.map((p) => ({ order_id: p.orderId, account_id: p.accountId, carton_id: p.cartonId, chargeable: p.chargeableCentiKg })));
  await tx.execute(sql`
    insert into ${freightParcelCosts} (order_id, freight_id, account_id, carton_id, chargeable_centikg)
    select v.order_id, ${freightId}, v.account_id, v.carton_id, v.chargeable
    from jsonb_to_recordset(${json}::jsonb) as v(order_id uuid, account_id uuid, carton_id text, chargeable bigint)`);
}

/**
 * Prices the freight and shares the cost to its parcels. Without fees in force for its route on its
 * departure date: 422 NO_FEE_SCHEDULE when `required`, else the cost stays unknown (null returned).
 */
export async function priceFreight(tx: Db, fees: FeeSchedules, f: FreightRow, required: boolean): Promise<FreightRow | null> {
  const rates = await fees.ratesFor(tx, { airlineId: f.airlineId, departure: f.departureAirportCode, arrival: f.arrivalAirportCode, on: f.departureDate });
  if (!rates) {
    if (!required) return null;
    const route = `${f.departureAirportCode}-${f.arrivalAirportCode}`;
    throw new AppError('NO_FEE_SCHEDULE', 422, { vars: { airline: f.airlineCode, route } });
  }
  const cost = freightCost(rates.fees, { chargeableCentiKg: f.chargeableCentiKg, confirmedCentiKg: f.confirmedCentiKg }, f.adjustmentCents);
  const detail = {
    scheduleId: rates.scheduleId,
    lines: cost.lines.map((l) => ({ key: l.key, basis: l.basis, rate: fromCents(l.rateCents), quantity: l.quantity, amount: fromCents(l.amountCents) })),
    weightKg: centiKgToKg(cost.weightCentiKg),
  };
  const [priced] = await tx.update(freights).set({ costDetail: detail, computedCents: cost.computedCents, costCents: cost.totalCents }).where(eq(freights.id, f.id)).returning();
  await allocate(tx, priced!);
  return priced!;
}

/** The staff's adjustment changed the total: the same fees, a new total, the shares again. */
export async function adjustCost(tx: Db, f: FreightRow, adjustmentCents: number, reason: string): Promise<FreightRow> {
  const total = f.computedCents === null ? null : f.computedCents + adjustmentCents;
  const [row] = await tx.update(freights).set({ adjustmentCents, adjustmentReason: reason, costCents: total }).where(eq(freights.id, f.id)).returning();
  if (total !== null) await allocate(tx, row!);
  return row!;
}

/** Shares the freight's cost to its cartons, then parcels, and stores each parcel's cents (one statement). */
async function allocate(tx: Db, f: FreightRow): Promise<void> {
  if (f.costCents === null) return;
  const cartons = await tx.select({ id: freightCartonsOn.cartonId, chargeable: freightCartonsOn.chargeableCentiKg }).from(freightCartonsOn).where(eq(freightCartonsOn.freightId, f.id)).orderBy(asc(freightCartonsOn.cartonId));
  const parcels = await tx
    .select({ orderId: freightParcelCosts.orderId, cartonId: freightParcelCosts.cartonId, chargeable: freightParcelCosts.chargeableCentiKg })
    .from(freightParcelCosts)
    .where(eq(freightParcelCosts.freightId, f.id))
    .orderBy(asc(freightParcelCosts.cartonId), asc(freightParcelCosts.orderId));
  const byCarton = new Map<string, { orderId: string; chargeableCentiKg: number }[]>();
  for (const p of parcels) {
    const list = byCarton.get(p.cartonId) ?? [];
    list.push({ orderId: p.orderId, chargeableCentiKg: p.chargeable });
    byCarton.set(p.cartonId, list);
  }
  const input: CartonToAllocate<{ orderId: string }>[] = cartons.map((c) => ({ chargeableCentiKg: c.chargeable, parcels: byCarton.get(c.id) ?? [] }));
  const shares = allocateFreightCost(f.costCents, input).parcels;
  if (shares.length === 0) return;
  const json = JSON.stringify(shares.map((s) => ({ order_id: s.orderId, cents: s.cents })));
  await tx.execute(sql`
    update ${freightParcelCosts} c set cents = v.cents
    from jsonb_to_recordset(${json}::jsonb) as v(order_id uuid, cents bigint)
    where c.order_id = v.order_id and c.freight_id = ${f.id}`);
  // The paid parcels' cost changed: the report rollups follow (docs/reports.md "Kept current").
  await emit(tx, FreightCostShared, { freightId: f.id, at: new Date().toISOString() });
}

/** The cost as the detail shows it (USD). */
export function costView(f: FreightRow): FreightCost | null {
  if (!f.costDetail || f.costCents === null) return null;
  return { ...f.costDetail, adjustment: fromCents(f.adjustmentCents), adjustmentReason: f.adjustmentReason, total: fromCents(f.costCents) };
}
