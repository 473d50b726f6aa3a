import { describe, expect, it } from 'vitest';
import { DEFAULT_TOLERANCE, type Measures } from '@exship/contracts';
import { beyondTolerance, checkInAnswer, checkInOutcome, dimensionSurchargeCents, measuresOf, toleranceFor, type CheckInSubject } from './check-in';
import { apply, isAutoCancelDue, type OrderState } from './order-lifecycle';
import { chargeableWeight, quote, type CatalogSnapshot } from './pricing';
import { workingDayCalendar } from './working-days';

const declared: Measures = { weightGr: 800, lengthCm: 20, widthCm: 15, heightCm: 10 };
const tol = { weightGr: 50, dimensionCm: 1 };

describe('the tolerance rule', () => {
  it('measured up to declared + tolerance is within it, on the weight and on every side', () => {
    expect(beyondTolerance(declared, { weightGr: 850, lengthCm: 21, widthCm: 16, heightCm: 11 }, tol)).toEqual([]);
    expect(beyondTolerance(declared, { weightGr: 700, lengthCm: 5, widthCm: 5, heightCm: 5 }, tol)).toEqual([]);
  });

  it('one gram or a tenth of a centimetre beyond is a dimension error, naming the field', () => {
    expect(beyondTolerance(declared, { ...declared, weightGr: 850.01 }, tol)).toEqual(['weightGr']);
    expect(beyondTolerance(declared, { ...declared, heightCm: 11.1 }, tol)).toEqual(['heightCm']);
    expect(beyondTolerance(declared, { weightGr: 900, lengthCm: 25, widthCm: 15, heightCm: 10 }, tol)).toEqual(['weightGr', 'lengthCm']);
  });

  it('sides are compared longest with longest: a parcel turned on the scale is the same parcel', () => {
    expect(beyondTolerance(declared, { weightGr: 800, lengthCm: 10, widthCm: 20, heightCm: 15 }, tol)).toEqual([]);
    // 20×15×10 measured 10×21×17: the middle side (17 against 15) is beyond.
    expect(beyondTolerance(declared, { weightGr: 800, lengthCm: 10, widthCm: 21, heightCm: 17 }, tol)).toEqual(['heightCm']);
  });

  it('no float noise at the edge: 0.1 + 0.2 style sums stay within', () => {
    expect(beyondTolerance({ ...declared, heightCm: 10.1 }, { ...declared, heightCm: 10.3 }, { weightGr: 0, dimensionCm: 0.2 })).toEqual([]);
  });

  it("a service's tolerance overrides the global one; without either the default applies", () => {
    const rules = [
      { serviceId: null, weightGr: 100, dimensionCm: 2 },
      { serviceId: 's-exp', weightGr: 10, dimensionCm: 0.5 },
    ];
    expect(toleranceFor(rules, 's-exp')).toEqual({ weightGr: 10, dimensionCm: 0.5 });
    expect(toleranceFor(rules, 's-std')).toEqual({ weightGr: 100, dimensionCm: 2 });
    expect(toleranceFor([{ serviceId: 's-exp', weightGr: 10, dimensionCm: 0.5 }], 's-std')).toEqual(DEFAULT_TOLERANCE);
    expect(toleranceFor([], 's-std')).toEqual({ weightGr: 50, dimensionCm: 1 });
  });
});

describe('what a check-in scan answers for each order state (every refusal)', () => {
  const labeled: CheckInSubject = { status: 'labeled', paymentStatus: 'paid', checkInStatus: null, labeledAt: new Date('2026-11-01T00:00:00Z'), cartonId: null };
  const answer = (over: Partial<CheckInSubject>) => checkInAnswer({ ...labeled, ...over });

  it('a labeled, paid parcel not yet received may be checked in', () => {
    expect(answer({})).toEqual({ kind: 'open' });
  });

  it('cancelled (or being cancelled), unpaid, without a label, in a carton: refused with the reason', () => {
    expect(answer({ status: 'canceled', paymentStatus: 'waiting-refund' })).toEqual({ kind: 'refused', code: 'PARCEL_CANCELED' });
    expect(answer({ status: 'waiting-cancel' })).toEqual({ kind: 'refused', code: 'PARCEL_CANCELED' });
    expect(answer({ status: 'unpaid', paymentStatus: 'unpaid', labeledAt: null })).toEqual({ kind: 'refused', code: 'PARCEL_UNPAID' });
    expect(answer({ status: 'draft', paymentStatus: 'unpaid', labeledAt: null })).toEqual({ kind: 'refused', code: 'PARCEL_UNPAID' });
    expect(answer({ status: 'waiting-label', labeledAt: null })).toEqual({ kind: 'refused', code: 'PARCEL_NO_LABEL' });
    expect(answer({ status: 'paid', labeledAt: null })).toEqual({ kind: 'refused', code: 'PARCEL_NO_LABEL' });
    expect(answer({ checkInStatus: 'checked-in', cartonId: 'CT00000001' })).toEqual({ kind: 'refused', code: 'PARCEL_IN_CARTON' });
  });

  it('already checked in (or waiting for the seller after a dimension error): repeated, nothing changes', () => {
    expect(answer({ checkInStatus: 'checked-in' })).toEqual({ kind: 'repeated' });
    expect(answer({ status: 'error-dimension', checkInStatus: 'check-in pending' })).toEqual({ kind: 'repeated' });
    expect(answer({ status: 'shipped', checkInStatus: 'checked-in' })).toEqual({ kind: 'repeated' });
  });

  it('waiting for manual weighing or set aside for restricted goods: a later check-in completes it', () => {
    expect(answer({ checkInStatus: 'manual weighing' })).toEqual({ kind: 'open' });
    expect(answer({ checkInStatus: 'check-in error' })).toEqual({ kind: 'open' });
  });

  it('a labeled order held or already moving with the carrier is not received here', () => {
    expect(answer({ status: 'on-hold' })).toEqual({ kind: 'refused', code: 'PARCEL_ON_HOLD' });
    expect(answer({ status: 'shipped' })).toEqual({ kind: 'refused', code: 'PARCEL_NOT_RECEIVABLE' });
  });
});

describe('what a check-in comes to', () => {
  it('restricted goods → check-in error; no measures → manual weighing or measures required; beyond → error-dimension; else checked in', () => {
    expect(checkInOutcome({ measured: declared, manualWeighing: false, restricted: ['wet'], beyond: [] })).toBe('check-in error');
    expect(checkInOutcome({ measured: null, manualWeighing: true, restricted: [], beyond: [] })).toBe('manual weighing');
    expect(checkInOutcome({ measured: null, manualWeighing: false, restricted: [], beyond: [] })).toBe('measures-required');
    expect(checkInOutcome({ measured: declared, manualWeighing: false, restricted: [], beyond: ['weightGr'] })).toBe('error-dimension');
    expect(checkInOutcome({ measured: declared, manualWeighing: true, restricted: [], beyond: [] })).toBe('checked-in');
  });

  it('the measures are all four or none', () => {
    expect(measuresOf({})).toBeNull();
    expect(measuresOf({ weightGr: 1 })).toBe('partial');
    expect(measuresOf({ weightGr: 1, lengthCm: 2, widthCm: 3, heightCm: 4 })).toEqual({ weightGr: 1, lengthCm: 2, widthCm: 3, heightCm: 4 });
  });
});

describe('the surcharge from measured values', () => {
  // One service priced by weight bracket, the quote's own function (the order's chargeable weight rule).
  const snapshot: CatalogSnapshot = {
    carriers: [{ id: 'c1', code: 'SBT', name: 'SBT', active: true }],
    services: [{ id: 's1', code: 'STD', name: 'Standard', carrierId: 'c1', active: true, signatureFeeCents: 0, overLengthFeeCents: 0, overLengthThresholdCm: 121.92 }],
    warehouses: [{ id: 'w1', code: 'LAX1', name: 'LA', active: true }],
    zones: [{ id: 'z1', code: 'Z1', name: 'West', country: 'US', states: [], ranges: [{ from: 90000, to: 96199 }], active: true }],
    servicePrices: [
      { serviceId: 's1', from: 0, to: 1000, shippingFeeCents: 890, seasonalFeeCents: 0, active: true },
      { serviceId: 's1', from: 1000, to: 5000, shippingFeeCents: 1240, seasonalFeeCents: 0, active: true },
    ],
    carrierPrices: [{ carrierId: 'c1', serviceId: 's1', warehouseId: 'w1', zoneId: 'z1', from: 0, to: 5000, lastMileCostCents: 500, seasonalCostCents: 0, active: true }],
    taxes: [],
    routes: [
      {
        id: 'r1', serviceId: 's1', minWeight: 0, maxWeight: 5000, priority: 1, sku: null, users: [], typeShipping: 'country',
        toCountry: 'US', toState: [], toArrayCountry: ['US'], allocations: [{ carrierId: 'c1', warehouseId: 'w1', percentage: 100 }], active: true,
      },
    ],
    discounts: [],
  };
  const price = (m: Measures) => {
    const r = quote(snapshot, { serviceCode: 'STD', weight: m.weightGr, length: m.lengthCm, width: m.widthCm, height: m.heightCm, country: 'US', state: 'CA', zipcode: '90001', signature: false, customerId: 'a1', bucket: 0 }, Date.parse('2026-11-01T00:00:00Z'));
    if (!r.ok) throw new Error(r.error.code);
    return r.quote.fees.total;
  };

  it('a heavier parcel in the next bracket owes the difference', () => {
    expect(dimensionSurchargeCents(price(declared), price({ ...declared, weightGr: 1200 }))).toBe(1240 - 890);
  });

  it('the volumetric weight counts (the chargeable weight rule): a bigger box of the same weight costs more', () => {
    const bigger = { weightGr: 800, lengthCm: 30, widthCm: 20, heightCm: 10 };
    expect(chargeableWeight({ weight: 800, length: 30, width: 20, height: 10 })).toBe(1200);
    expect(dimensionSurchargeCents(price(declared), price(bigger))).toBe(350);
  });

  it('the same bracket owes nothing, and a cheaper measure is never a negative surcharge', () => {
    expect(dimensionSurchargeCents(price(declared), price({ ...declared, weightGr: 950 }))).toBe(0);
    expect(dimensionSurchargeCents(1240, 890)).toBe(0);
  });
});

describe('the check-in in the order lifecycle', () => {
  const US = workingDayCalendar('US');
  const NOW = new Date('2026-11-02T10:00:00Z');
  const ctx = { now: NOW, calendar: US };
  const labeled: OrderState = { status: 'labeled', preStatus: null, paymentStatus: 'paid', checkInStatus: null, checkInAt: null, labeledAt: new Date('2026-10-30T10:00:00Z'), dimensionFlaggedAt: null, canceledAt: null, refundDueAt: null };

  it('checked in: same status, checked-in, dated; a second check-in is refused by the table', () => {
    const r = apply(labeled, 'checkIn', ctx);
    expect(r.ok && r.state).toMatchObject({ status: 'labeled', checkInStatus: 'checked-in', checkInAt: NOW });
    expect(r.ok && apply(r.state, 'checkIn', ctx).ok).toBe(false);
  });

  it('manual weighing, then the measures complete it keeping the arrival date', () => {
    const waiting = apply(labeled, 'weighManually', ctx);
    expect(waiting.ok && waiting.state).toMatchObject({ status: 'labeled', checkInStatus: 'manual weighing', checkInAt: NOW });
    if (!waiting.ok) return;
    const later = new Date(NOW.getTime() + 3_600_000);
    const done = apply(waiting.state, 'checkIn', { now: later, calendar: US });
    expect(done.ok && done.state).toMatchObject({ checkInStatus: 'checked-in', checkInAt: NOW });
  });

  it('beyond the tolerance: error-dimension, check-in pending, flagged; undo returns to labeled, not received', () => {
    const r = apply(labeled, 'dimensionMismatch', ctx);
    expect(r.ok && r.state).toMatchObject({ status: 'error-dimension', preStatus: 'labeled', checkInStatus: 'check-in pending', dimensionFlaggedAt: NOW });
    if (!r.ok) return;
    const undone = apply(r.state, 'undoCheckIn', ctx);
    expect(undone.ok && undone.state).toMatchObject({ status: 'labeled', preStatus: null, checkInStatus: null, checkInAt: null, dimensionFlaggedAt: null });
    expect(apply(labeled, 'undoCheckIn', ctx).ok).toBe(false);
  });

  it('a parcel that reached the warehouse is never auto-cancelled, whatever its check-in came to', () => {
    const old = { ...labeled, labeledAt: new Date(NOW.getTime() - 20 * 86_400_000) };
    expect(isAutoCancelDue(old, NOW)).toBe(true);
    for (const checkInStatus of ['checked-in', 'manual weighing', 'check-in error'] as const) expect(isAutoCancelDue({ ...old, checkInStatus }, NOW)).toBe(false);
  });

  it('a confirmed dimension cancels with the shipping refund 7 working days later, even past the 14-day label window', () => {
    // Labeled 12 days before the check-in, confirmed 9 days after it: 21 days after the label.
    const flagged = new Date('2026-11-02T10:00:00Z');
    const o: OrderState = { ...labeled, status: 'error-dimension', preStatus: 'labeled', checkInStatus: 'check-in pending', checkInAt: flagged, labeledAt: new Date(flagged.getTime() - 12 * 86_400_000), dimensionFlaggedAt: flagged };
    const confirmedAt = new Date('2026-11-11T10:00:00Z');
    const r = apply(o, 'confirmDimension', { now: confirmedAt, calendar: US });
    expect(r.ok && r.refund).toBe('shipping');
    expect(r.ok && r.state).toMatchObject({ status: 'canceled', paymentStatus: 'waiting-refund', refundDueAt: US.addWorkingDays(confirmedAt, 7) });
  });
});
