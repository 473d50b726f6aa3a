import { FLIGHT_FEES, FREIGHT_LIMITS, type ErrorCode, type FlightFeeKey, type FreightStatus, type RoutingStatus } from '@exship/contracts';

// Air freight (docs/air-freight.md), pure: the MAWB number as IATA checks it, the chargeable weight,
// the freight state machine (SPEC §4: cartons locked once checked), the cost from a fee schedule and
// its allocation to cartons and parcels in cents. Weights are counted in hundredths of a kilogram
// (integers), so sums and shares are exact.

// ── the MAWB number ───────────────────────────────────────────────────────────────────────────────

export interface Mawb {
  /** The airline's 3-digit prefix (IATA accounting code), e.g. 618. */
  prefix: string;
  /** The 8-digit serial: 7 digits and their check digit. */
  serial: string;
}

/** `618-12345675` or `61812345675` → its parts; null when it is not 3 + 8 digits. */
export function parseMawb(text: string): Mawb | null {
  const m = /^(\d{3})-?(\d{8})$/.exec(text.trim());
  return m ? { prefix: m[1]!, serial: m[2]! } : null;
}

/** IATA: the serial's last digit is its first seven digits taken as a number, mod 7. */
export const mawbCheckDigit = (firstSeven: string): number => Number(firstSeven) % 7;

/** True when the serial's check digit holds. */
export const isMawbCheckValid = (m: Mawb): boolean => Number(m.serial[7]) === mawbCheckDigit(m.serial.slice(0, 7));

/** The way a MAWB number is written and stored: `618-12345675`. */
export const formatMawb = (m: Mawb): string => `${m.prefix}-${m.serial}`;

export type MawbCheck = { ok: true; mawb: string } | { ok: false; rule: 'format' | 'checkDigit' | 'prefix' };

/** A MAWB number for an airline: 3 + 8 digits, its check digit, and the airline's prefix when it has one. */
export function checkMawb(text: string, airlinePrefix: string | null): MawbCheck {
  const m = parseMawb(text);
  if (!m) return { ok: false, rule: 'format' };
  if (!isMawbCheckValid(m)) return { ok: false, rule: 'checkDigit' };
  if (airlinePrefix && m.prefix !== airlinePrefix) return { ok: false, rule: 'prefix' };
  return { ok: true, mawb: formatMawb(m) };
}

// ── weights ───────────────────────────────────────────────────────────────────────────────────────

/** Hundredths of a kilogram: the unit weights are summed and shared in. */
export type CentiKg = number;

export interface Measured {
  weightGr: number | null;
  lengthCm: number | null;
  widthCm: number | null;
  heightCm: number | null;
}

/** Gross weight, rounded up to the next 10 g. */
export const grossCentiKg = (weightGr: number | null): CentiKg => Math.max(0, Math.ceil((weightGr ?? 0) / 10 - 1e-9));

/** Volumetric weight for air, L×W×H cm / 6000 kg, rounded up to the next 10 g. */
export function volumetricCentiKg(m: Pick<Measured, 'lengthCm' | 'widthCm' | 'heightCm'>): CentiKg {
  const volume = (m.lengthCm ?? 0) * (m.widthCm ?? 0) * (m.heightCm ?? 0);
  return Math.max(0, Math.ceil((volume * 100) / FREIGHT_LIMITS.volumetricDivisor - 1e-9));
}

/** Chargeable weight of one carton (or parcel): max(gross, volume / 6000). */
export const chargeableCentiKg = (m: Measured): CentiKg => Math.max(grossCentiKg(m.weightGr), volumetricCentiKg(m));

/** Kilograms, as the screens show them (2 decimals). */
export const centiKgToKg = (c: CentiKg): number => c / 100;
export const kgToCentiKg = (kg: number): CentiKg => Math.round(kg * 100);

/** A freight's weights: the cartons' gross and chargeable weights, each summed (per carton, then added). */
export function freightWeights(cartons: readonly Measured[]): { grossCentiKg: CentiKg; chargeableCentiKg: CentiKg } {
  let gross = 0;
  let chargeable = 0;
  for (const c of cartons) {
    gross += grossCentiKg(c.weightGr);
    chargeable += chargeableCentiKg(c);
  }
  return { grossCentiKg: gross, chargeableCentiKg: chargeable };
}

// ── the state machine ─────────────────────────────────────────────────────────────────────────────

/**
 * SPEC §4: open → closed → checked → confirmed weight → shipped → in transit → received → delivered.
 * A closed freight may be opened again; from shipped on, an exception may happen, and the freight
 * resumes from it (in transit, received, delivered). Nothing goes back once checked.
 */
export const FREIGHT_TRANSITIONS: { readonly [S in FreightStatus]: readonly FreightStatus[] } = {
  open: ['closed'],
  closed: ['open', 'checked'],
  checked: ['confirmed-weight'],
  'confirmed-weight': ['shipped'],
  shipped: ['in-transit', 'exception'],
  'in-transit': ['received', 'exception'],
  received: ['delivered', 'exception'],
  delivered: ['exception'],
  exception: ['in-transit', 'received', 'delivered'],
};

/** The statuses in which the freight's cartons are locked (SPEC §4: once checked). */
export const FREIGHT_LOCKED_STATUSES = ['checked', 'confirmed-weight', 'shipped', 'in-transit', 'received', 'delivered', 'exception'] as const satisfies readonly FreightStatus[];
const locked = new Set<FreightStatus>(FREIGHT_LOCKED_STATUSES);
export const isFreightLocked = (status: FreightStatus): boolean => locked.has(status);

export interface FreightState {
  status: FreightStatus;
  cartons: number;
}

export type FreightDecision = { ok: true } | { ok: false; code: Extract<ErrorCode, 'FREIGHT_TRANSITION_NOT_ALLOWED' | 'FREIGHT_EMPTY' | 'FREIGHT_NOT_OPEN' | 'FREIGHT_LOCKED'> };

/** May the freight move to `to`? A freight with no carton is not closed. */
export function decideFreightTransition(f: FreightState, to: FreightStatus): FreightDecision {
  if (!FREIGHT_TRANSITIONS[f.status].includes(to)) return { ok: false, code: 'FREIGHT_TRANSITION_NOT_ALLOWED' };
  if (to === 'closed' && f.cartons === 0) return { ok: false, code: 'FREIGHT_EMPTY' };
  return { ok: true };
}

/** Cartons are scanned into an open freight only. */
export function decideAddCarton(status: FreightStatus): FreightDecision {
  if (status === 'open') return { ok: true };
  return { ok: false, code: isFreightLocked(status) ? 'FREIGHT_LOCKED' : 'FREIGHT_NOT_OPEN' };
}

/** A carton comes off a freight until the freight is checked. */
export const decideRemoveCarton = (status: FreightStatus): FreightDecision => (isFreightLocked(status) ? { ok: false, code: 'FREIGHT_LOCKED' } : { ok: true });

/** A freight's own fields (name, MAWB, airline, route, dates) change until it is checked. */
export const mayEditFreight = (status: FreightStatus): boolean => !isFreightLocked(status);

/**
 * The routing status of the event every parcel of the freight gets when the freight reaches a
 * status: on the forwarding leg before the flight, airport departure, in flight, destination
 * airport, accepted at the US hub, or an exception.
 */
export const FREIGHT_ROUTING_STATUS: { readonly [S in FreightStatus]: RoutingStatus } = {
  open: 'fw-in-transit',
  closed: 'fw-in-transit',
  checked: 'fw-in-transit',
  'confirmed-weight': 'fw-in-transit',
  shipped: 'airport-departure',
  'in-transit': 'fw-in-transit',
  received: 'destination-airport',
  delivered: 'us-accepted',
  exception: 'exception',
};

/** From departure on, the freight's event is the parcel's newest movement (its tracker follows it). */
export const movesParcels = (status: FreightStatus): boolean => locked.has(status) && status !== 'checked' && status !== 'confirmed-weight';

// ── cost ──────────────────────────────────────────────────────────────────────────────────────────

/** A route's fees in cents: per kg of the charged weight or per shipment, as FLIGHT_FEES says. */
export type FeeRatesCents = Partial<Record<FlightFeeKey, number>>;

export interface CostLine {
  key: FlightFeeKey;
  basis: 'kg' | 'shipment';
  rateCents: number;
  /** Kilograms for a per-kg fee (2 decimals), 1 for a per-shipment fee. */
  quantity: number;
  amountCents: number;
}

export interface FreightCostResult {
  lines: CostLine[];
  /** The fees summed, before the adjustment. */
  computedCents: number;
  adjustmentCents: number;
  totalCents: number;
  /** The weight the per-kg fees were charged on: the confirmed weight when known, else the chargeable weight. */
  weightCentiKg: CentiKg;
}

/** a × b / 100, rounded half up, on integers (no float drift on large amounts). */
function perHundred(a: number, b: number): number {
  const p = BigInt(a) * BigInt(b);
  const sign = p < 0n ? -1n : 1n;
  const abs = p * sign;
  return Number(sign * ((abs + 50n) / 100n));
}

/**
 * The freight's cost: every per-kg fee × the weight (confirmed when known, else chargeable), every
 * per-shipment fee once, each line rounded to the cent; then the staff's adjustment.
 */
export function freightCost(rates: FeeRatesCents, w: { chargeableCentiKg: CentiKg; confirmedCentiKg: CentiKg | null }, adjustmentCents = 0): FreightCostResult {
  const weight = w.confirmedCentiKg ?? w.chargeableCentiKg;
  const lines: CostLine[] = [];
  for (const fee of FLIGHT_FEES) {
    const rate = rates[fee.key] ?? 0;
    if (rate === 0) continue;
    if (fee.basis === 'kg') lines.push({ key: fee.key, basis: 'kg', rateCents: rate, quantity: centiKgToKg(weight), amountCents: perHundred(rate, weight) });
    else lines.push({ key: fee.key, basis: 'shipment', rateCents: rate, quantity: 1, amountCents: rate });
  }
  const computed = lines.reduce((s, l) => s + l.amountCents, 0);
  return { lines, computedCents: computed, adjustmentCents, totalCents: computed + adjustmentCents, weightCentiKg: weight };
}

// ── allocation ────────────────────────────────────────────────────────────────────────────────────

/**
 * Shares `totalCents` in proportion to `weights` by the largest remainder: each share is the floor of
 * its exact part, and the cents left go one each to the largest remainders (ties: the earlier one).
 * The shares sum to the total exactly; with no weight at all, the total is shared equally. A
 * negative total is shared as its opposite, negated.
 */
export function allocateCents(totalCents: number, weights: readonly number[]): number[] {
  if (!Number.isSafeInteger(totalCents)) throw new RangeError('the total is not a whole number of cents');
  const n = weights.length;
  if (n === 0) return [];
  if (totalCents < 0) return allocateCents(-totalCents, weights).map((c) => (c === 0 ? 0 : -c));
  const w = weights.map((x) => {
    if (!(x >= 0) || !Number.isFinite(x)) throw new RangeError('a weight is negative or not a number');
    return BigInt(Math.round(x));
  });
  let sum = w.reduce((a, b) => a + b, 0n);
  const basis = sum === 0n ? w.map(() => 1n) : w;
  if (sum === 0n) sum = BigInt(n);
  const total = BigInt(totalCents);
  const shares = basis.map((x) => (total * x) / sum);
  const remainders = basis.map((x, i) => ({ i, r: (total * x) % sum }));
  let left = Number(total - shares.reduce((a, b) => a + b, 0n));
  remainders.sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  for (let k = 0; left > 0; k++, left--) shares[remainders[k]!.i]! += 1n;
  return shares.map(Number);
}

export interface CartonToAllocate<P> {
  chargeableCentiKg: CentiKg;
  parcels: readonly (P & { chargeableCentiKg: CentiKg })[];
}

/**
 * The cost shared to cartons by their chargeable weight, then each carton's share to its parcels by
 * theirs. A carton without parcels takes no share (nobody would carry it); with no parcel at all,
 * nothing is shared.
 */
export function allocateFreightCost<P>(totalCents: number, cartons: readonly CartonToAllocate<P>[]): { cartonCents: number[]; parcels: (P & { cents: number })[] } {
  const carrying = cartons.map((c, i) => ({ c, i })).filter(({ c }) => c.parcels.length > 0);
  const cartonCents: number[] = cartons.map(() => 0);
  const shared = allocateCents(carrying.length ? totalCents : 0, carrying.map(({ c }) => c.chargeableCentiKg));
  carrying.forEach(({ i }, k) => (cartonCents[i] = shared[k]!));
  const parcels: (P & { cents: number })[] = [];
  cartons.forEach((c, i) => {
    const shares = allocateCents(cartonCents[i]!, c.parcels.map((p) => p.chargeableCentiKg));
    c.parcels.forEach((p, j) => parcels.push({ ...p, cents: shares[j]! }));
  });
  return { cartonCents, parcels };
}
