import { DEFAULT_TOLERANCE, type CheckInOutcome, type CheckInStatus, type ErrorCode, type Measures, type OrderStatus, type PaymentStatus } from '@exship/contracts';

// The warehouse floor's check-in rules (docs/warehouse-floor.md): which tolerance applies, whether a
// parcel measured at the origin warehouse is beyond it, what a scan of an order in a given state
// answers, and what a check-in comes to. Pure: the server reads the rows and prices the parcel.

export interface ToleranceRule {
  /** null: the global one. */
  serviceId: string | null;
  weightGr: number;
  dimensionCm: number;
}

/** The tolerance of a service: its own, else the global one staff set, else DEFAULT_TOLERANCE. */
export function toleranceFor(rules: readonly ToleranceRule[], serviceId: string): { weightGr: number; dimensionCm: number } {
  const own = rules.find((r) => r.serviceId === serviceId) ?? rules.find((r) => r.serviceId === null);
  return own ? { weightGr: own.weightGr, dimensionCm: own.dimensionCm } : { ...DEFAULT_TOLERANCE };
}

export type MeasureField = keyof Measures;

/**
 * The measured values beyond declared + tolerance: the weight, and each side. The sides are compared
 * longest with longest (a parcel turned on the scale is the same parcel), and the field named is the
 * measured side that does not fit. Measured below declared is never an error (the seller paid for more).
 */
export function beyondTolerance(declared: Measures, measured: Measures, tolerance: { weightGr: number; dimensionCm: number }): MeasureField[] {
  const out: MeasureField[] = [];
  // Cents of a gram / millimetres: numeric(10,2) values compared without float noise.
  const over = (m: number, d: number, tol: number) => Math.round(m * 100) > Math.round((d + tol) * 100);
  if (over(measured.weightGr, declared.weightGr, tolerance.weightGr)) out.push('weightGr');
  const sides = (x: Measures) =>
    (['lengthCm', 'widthCm', 'heightCm'] as const).map((field) => ({ field, cm: x[field] })).sort((a, b) => b.cm - a.cm);
  const d = sides(declared);
  sides(measured).forEach((m, i) => {
    if (over(m.cm, d[i]!.cm, tolerance.dimensionCm)) out.push(m.field);
  });
  return out;
}

/** What the check-in of a scan reads of an order (its row, and whether a carton holds it). */
export interface CheckInSubject {
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  checkInStatus: CheckInStatus | null;
  labeledAt: Date | null;
  /** The carton holding the parcel, if any. */
  cartonId: string | null;
}

/** Statuses before a label is bought. */
const BEFORE_LABEL = new Set<OrderStatus>(['draft', 'unpaid', 'paid', 'waiting-label', 'label error']);

/**
 * What a check-in scan of this order answers before anything is measured: a refusal (its error code),
 * `repeated` (already received: the check-in is answered again, nothing changes), or `open` (it may be
 * checked in — for the first time, or to complete a manual weighing or a check-in error). The order
 * of the checks is the order of the reasons an operator needs: a cancelled parcel is set aside first.
 */
export function checkInAnswer(o: CheckInSubject): { kind: 'refused'; code: ErrorCode } | { kind: 'repeated' } | { kind: 'open' } {
  if (o.status === 'canceled' || o.status === 'waiting-cancel') return { kind: 'refused', code: 'PARCEL_CANCELED' };
  if (o.status === 'draft' || o.status === 'unpaid' || o.paymentStatus === 'unpaid' || o.paymentStatus === 'processing') return { kind: 'refused', code: 'PARCEL_UNPAID' };
  if (o.labeledAt === null || BEFORE_LABEL.has(o.status)) return { kind: 'refused', code: 'PARCEL_NO_LABEL' };
  if (o.cartonId !== null) return { kind: 'refused', code: 'PARCEL_IN_CARTON' };
  if (o.checkInStatus === 'checked-in' || o.checkInStatus === 'check-in pending') return { kind: 'repeated' };
  if (o.status === 'on-hold' || o.status === 'on-hold-ship') return { kind: 'refused', code: 'PARCEL_ON_HOLD' };
  if (o.status !== 'labeled') return { kind: 'refused', code: 'PARCEL_NOT_RECEIVABLE' };
  return { kind: 'open' };
}

export interface CheckInInput {
  /** All four, or none (manual weighing). */
  measured: Measures | null;
  manualWeighing: boolean;
  restricted: readonly string[];
  /** Fields of `measured` beyond the tolerance (beyondTolerance). */
  beyond: readonly MeasureField[];
}

/**
 * What a check-in comes to: restricted goods found → check-in error (whatever was measured);
 * no measures → manual weighing when asked for, else the measures are required; beyond the
 * tolerance → error-dimension; else checked in.
 */
export function checkInOutcome(input: CheckInInput): CheckInOutcome | 'measures-required' {
  if (input.restricted.length > 0) return 'check-in error';
  if (!input.measured) return input.manualWeighing ? 'manual weighing' : 'measures-required';
  return input.beyond.length > 0 ? 'error-dimension' : 'checked-in';
}

/** The four measures when all are given; null when none is; 'partial' when only some are. */
export function measuresOf(body: { weightGr?: number; lengthCm?: number; widthCm?: number; heightCm?: number }): Measures | null | 'partial' {
  const { weightGr, lengthCm, widthCm, heightCm } = body;
  const given = [weightGr, lengthCm, widthCm, heightCm].filter((v) => v !== undefined).length;
  if (given === 0) return null;
  if (given < 4) return 'partial';
  return { weightGr: weightGr!, lengthCm: lengthCm!, widthCm: widthCm!, heightCm: heightCm! };
}

/**
 * The surcharge a dimension error offers the seller: the price at the measured values less the
 * order's price (both in cents, both from the quote's pricing). Never below 0: a parcel measured
 * cheaper is not refunded the difference.
 */
export const dimensionSurchargeCents = (declaredPriceCents: number, measuredPriceCents: number): number => Math.max(0, measuredPriceCents - declaredPriceCents);
