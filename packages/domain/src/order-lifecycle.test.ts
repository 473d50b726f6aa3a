import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CHECK_IN_STATUSES, ORDER_STATUSES, ORDER_SYSTEM_EVENTS, ORDER_USER_ACTIONS, PAYMENT_STATUSES, type OrderAction, type OrderStatus, type PaymentStatus } from '@exship/contracts';
import { allowedActions, apply, cancellationTerms, displayStatus, editScope, isAutoCancelDue, isDimensionTimeoutDue, isRefundDue, ORDER_TRANSITIONS, refundableCents, refundAmountCents, setBasedRule, type OrderState } from './order-lifecycle';
import { workingDayCalendar } from './working-days';

const US = workingDayCalendar('US');
const NOW = new Date('2026-11-02T10:00:00Z'); // a Monday
const ctx = { now: NOW, calendar: US };
const days = (n: number) => new Date(NOW.getTime() - n * 86_400_000);

const order = (over: Partial<OrderState> = {}): OrderState => ({
  status: 'unpaid',
  preStatus: null,
  paymentStatus: 'unpaid',
  checkInStatus: null,
  checkInAt: null,
  labeledAt: null,
  dimensionFlaggedAt: null,
  canceledAt: null,
  refundDueAt: null,
  ...over,
});

// The payment status an order normally has in each status, and whether a label exists.
const TYPICAL: Record<OrderStatus, Partial<OrderState>> = {
  draft: {},
  unpaid: {},
  paid: { paymentStatus: 'paid' },
  'waiting-label': { paymentStatus: 'paid' },
  'label error': { paymentStatus: 'paid' },
  labeled: { paymentStatus: 'paid', labeledAt: days(1) },
  'not-verified': { paymentStatus: 'paid', preStatus: 'labeled', labeledAt: days(1) },
  'error-dimension': { paymentStatus: 'paid', preStatus: 'labeled', labeledAt: days(1), checkInStatus: 'check-in pending', checkInAt: days(1), dimensionFlaggedAt: days(1) },
  'on-hold': { paymentStatus: 'paid', preStatus: 'labeled', labeledAt: days(1) },
  'on-hold-ship': { paymentStatus: 'paid', preStatus: 'labeled', labeledAt: days(1), checkInStatus: 'checked-in' },
  'waiting-cancel': { paymentStatus: 'paid', preStatus: 'labeled', labeledAt: days(1), canceledAt: days(0) },
  canceled: { paymentStatus: 'waiting-refund', canceledAt: days(1), refundDueAt: days(-6) },
  shipped: { paymentStatus: 'paid', labeledAt: days(3), checkInStatus: 'checked-in' },
  delivered: { paymentStatus: 'paid', labeledAt: days(9), checkInStatus: 'checked-in' },
  completed: { paymentStatus: 'paid', labeledAt: days(30), checkInStatus: 'checked-in' },
};

// The user actions each status allows with its typical payment status — written out by hand, the
// table the code must match. (Surcharges: pay appears where one is owed, see below.)
const EXPECTED: Record<OrderStatus, OrderAction[]> = {
  draft: ['cancel'],
  unpaid: ['pay', 'hold', 'cancel'],
  paid: ['hold', 'cancel', 'redistribute', 'generateTracking', 'addSurcharge'],
  'waiting-label': ['hold', 'cancel', 'redistribute', 'addSurcharge'],
  'label error': ['hold', 'cancel', 'redistribute', 'buildNewLabel', 'generateTracking', 'addSurcharge'],
  labeled: ['hold', 'cancel', 'redistribute', 'buildNewLabel', 'addSurcharge'],
  'not-verified': ['cancel', 'addSurcharge', 'confirmAddress'],
  'error-dimension': ['cancel', 'addSurcharge', 'confirmDimension'],
  'on-hold': ['unhold', 'cancel', 'addSurcharge'],
  'on-hold-ship': ['unhold', 'cancel', 'addSurcharge'],
  'waiting-cancel': [],
  canceled: ['refund'],
  shipped: ['addSurcharge'],
  delivered: ['addSurcharge'],
  completed: ['addSurcharge'],
};

describe('the order transition table', () => {
  it('allows exactly the expected user actions in every status (every action × every status)', () => {
    for (const status of ORDER_STATUSES) {
      const o = order({ status, ...TYPICAL[status] });
      expect({ status, actions: allowedActions(o) }).toEqual({ status, actions: EXPECTED[status] });
      for (const action of ORDER_USER_ACTIONS) {
        const result = apply(o, action, ctx);
        expect({ status, action, ok: result.ok }).toEqual({ status, action, ok: EXPECTED[status].includes(action) });
        if (!result.ok) expect(result.code).toBe('ACTION_NOT_ALLOWED_FOR_STATUS');
      }
    }
  });

  it('moves each allowed action to the expected status', () => {
    const to = (status: OrderStatus, action: OrderAction, over: Partial<OrderState> = {}) => {
      const r = apply(order({ status, ...TYPICAL[status], ...over }), action, ctx);
      return r.ok ? r.state.status : r.code;
    };
    expect(to('unpaid', 'pay')).toBe('paid');
    expect(to('paid', 'scheduleLabel')).toBe('waiting-label');
    expect(to('waiting-label', 'labelPurchased')).toBe('labeled');
    expect(to('waiting-label', 'labelFailed')).toBe('label error');
    expect(to('label error', 'generateTracking')).toBe('waiting-label');
    expect(to('labeled', 'hold')).toBe('on-hold');
    expect(to('labeled', 'hold', { checkInStatus: 'checked-in' })).toBe('on-hold-ship');
    expect(to('labeled', 'cancel')).toBe('waiting-cancel');
    expect(to('waiting-cancel', 'carrierCancelConfirmed')).toBe('canceled');
    expect(to('waiting-cancel', 'carrierCancelRefused')).toBe('labeled');
    expect(to('labeled', 'ship')).toBe('shipped');
    expect(to('shipped', 'deliver')).toBe('delivered');
    expect(to('delivered', 'complete')).toBe('completed');
    expect(to('shipped', 'cancel')).toBe('ACTION_NOT_ALLOWED_FOR_STATUS');
    expect(to('labeled', 'redistribute', { checkInStatus: 'checked-in' })).toBe('ACTION_NOT_ALLOWED_FOR_STATUS');
    expect(to('draft', 'submitDraft')).toBe('unpaid');
    expect(to('labeled', 'freightDeparted')).toBe('shipped');
    expect(to('on-hold-ship', 'freightDeparted')).toBe('ACTION_NOT_ALLOWED_FOR_STATUS');
    expect(to('shipped', 'freightDeparted')).toBe('ACTION_NOT_ALLOWED_FOR_STATUS');
  });

  it('a set-based action is one unconditional status rule, and apply agrees with it', () => {
    expect(setBasedRule('freightDeparted')).toEqual({ from: ['labeled'], to: 'shipped' });
    for (const status of ORDER_STATUSES) {
      const r = apply(order({ status, ...TYPICAL[status] }), 'freightDeparted', ctx);
      expect(r.ok, status).toBe(status === 'labeled');
      if (r.ok) expect(r.state).toEqual({ ...order({ status, ...TYPICAL[status] }), status: 'shipped', preStatus: null });
    }
    // Conditions, payment changes and returns to a previous status cannot be written as one UPDATE.
    for (const action of ['autoCancel', 'pay', 'unhold', 'hold', 'cancel'] as const) expect(() => setBasedRule(action), action).toThrow();
  });

  it('a surcharge makes the payment status surcharge-unpaid, and paying it restores paid without moving the order', () => {
    const r = apply(order({ status: 'shipped', ...TYPICAL.shipped }), 'addSurcharge', ctx);
    expect(r.ok && r.state).toMatchObject({ status: 'shipped', paymentStatus: 'surcharge-unpaid' });
    if (!r.ok) return;
    expect(allowedActions(r.state)).toContain('pay');
    const paid = apply(r.state, 'pay', ctx);
    expect(paid.ok && paid.state).toMatchObject({ status: 'shipped', paymentStatus: 'paid' });
    expect(apply(order({ status: 'unpaid' }), 'addSurcharge', ctx).ok).toBe(false);
  });

  it('every system event is refused from a status outside its rules', () => {
    for (const event of ORDER_SYSTEM_EVENTS) {
      const from = new Set(ORDER_TRANSITIONS[event].flatMap((r) => r.from));
      for (const status of ORDER_STATUSES.filter((s) => !from.has(s))) {
        expect({ event, status, ok: apply(order({ status, ...TYPICAL[status] }), event, ctx).ok }).toEqual({ event, status, ok: false });
      }
    }
  });
});

describe('cancellation terms (SPEC §4, §9)', () => {
  it('before a label: a paid order is refunded in full at once; an unpaid one has nothing to refund', () => {
    expect(cancellationTerms(order({ status: 'paid', paymentStatus: 'paid' }), NOW, US)).toEqual({ allowed: true, refund: 'full', refundDueAt: NOW });
    expect(cancellationTerms(order(), NOW, US)).toEqual({ allowed: true, refund: 'none', refundDueAt: null });
  });

  it('a labeled order cancelled within 14 days gets its shipping fee back after 7 working days; after 14 days nothing', () => {
    const within = cancellationTerms(order({ status: 'labeled', paymentStatus: 'paid', labeledAt: days(14) }), NOW, US);
    // Monday 2 Nov 2026 + 7 working days: Veterans Day (Wed 11 Nov) is skipped → Thursday 12 Nov.
    expect(within).toEqual({ allowed: true, refund: 'shipping', refundDueAt: new Date('2026-11-12T10:00:00Z') });
    const late = cancellationTerms(order({ status: 'labeled', paymentStatus: 'paid', labeledAt: new Date(days(14).getTime() - 1000) }), NOW, US);
    expect(late).toEqual({ allowed: true, refund: 'none', refundDueAt: null });
  });

  it('shipped orders are neither cancelled nor refunded', () => {
    expect(cancellationTerms(order({ status: 'shipped', ...TYPICAL.shipped }), NOW, US)).toEqual({ allowed: false, refund: 'none', refundDueAt: null });
  });

  it('a carrier that confirms the void later keeps the terms of the moment the seller asked', () => {
    const labeled = order({ status: 'labeled', paymentStatus: 'paid', labeledAt: days(13) });
    const asked = apply(labeled, 'cancel', ctx);
    expect(asked.ok && asked.state).toMatchObject({ status: 'waiting-cancel', preStatus: 'labeled', canceledAt: NOW });
    if (!asked.ok) return;
    const threeDaysLater = new Date(NOW.getTime() + 3 * 86_400_000);
    const done = apply(asked.state, 'carrierCancelConfirmed', { now: threeDaysLater, calendar: US });
    expect(done.ok && done.state).toMatchObject({ status: 'canceled', paymentStatus: 'waiting-refund', refundDueAt: new Date('2026-11-12T10:00:00Z'), canceledAt: NOW });
    expect(done.ok && done.refund).toBe('shipping');
  });
});

describe('deadlines', () => {
  it('an unreceived labeled order is due for auto-cancel at 12 days, not before; a received one never', () => {
    expect(isAutoCancelDue(order({ status: 'labeled', paymentStatus: 'paid', labeledAt: days(12) }), NOW)).toBe(true);
    expect(isAutoCancelDue(order({ status: 'labeled', paymentStatus: 'paid', labeledAt: new Date(days(12).getTime() + 1) }), NOW)).toBe(false);
    expect(isAutoCancelDue(order({ status: 'labeled', paymentStatus: 'paid', labeledAt: days(20), checkInStatus: 'checked-in' }), NOW)).toBe(false);
  });

  it('a dimension mismatch is handled after 10 days; a refund is due on its date', () => {
    expect(isDimensionTimeoutDue(order({ status: 'error-dimension', dimensionFlaggedAt: days(10) }), NOW)).toBe(true);
    expect(isDimensionTimeoutDue(order({ status: 'error-dimension', dimensionFlaggedAt: days(9) }), NOW)).toBe(false);
    expect(isRefundDue(order({ status: 'canceled', paymentStatus: 'waiting-refund', refundDueAt: NOW }), NOW)).toBe(true);
    expect(isRefundDue(order({ status: 'canceled', paymentStatus: 'waiting-refund', refundDueAt: new Date(NOW.getTime() + 1) }), NOW)).toBe(false);
    expect(isRefundDue(order({ status: 'canceled', paymentStatus: 'refund', refundDueAt: days(1) }), NOW)).toBe(false);
  });
});

describe('edit scope and display', () => {
  it('edits fully before a label, only the address (as a new order) once labeled, nothing once shipped', () => {
    expect(editScope(order({ status: 'unpaid' }))).toBe('full');
    expect(editScope(order({ status: 'labeled', ...TYPICAL.labeled }))).toBe('address-as-new-order');
    expect(editScope(order({ status: 'labeled', ...TYPICAL.labeled, checkInStatus: 'checked-in' }))).toBe('none');
    expect(editScope(order({ status: 'shipped', ...TYPICAL.shipped }))).toBe('none');
    expect(editScope(order({ status: 'canceled', ...TYPICAL.canceled }))).toBe('none');
  });

  it('shows a held labeled order as labeled to restricted viewers only', () => {
    const held = { status: 'on-hold' as const, preStatus: 'labeled' as const, routingStatus: null, trackingNumber: '9400' };
    expect(displayStatus(held, { restricted: true })).toEqual({ kind: 'status', status: 'labeled' });
    expect(displayStatus(held, { restricted: false })).toEqual({ kind: 'status', status: 'on-hold' });
  });

  it('a shipped order with routing and tracking shows the routing status; in-transit and pre-shipment show the first location', () => {
    const base = { status: 'shipped' as const, preStatus: null, trackingNumber: '9400111', firstRoutingLocation: 'LOS ANGELES CA' };
    expect(displayStatus({ ...base, routingStatus: 'in-transit' }, { restricted: false })).toEqual({ kind: 'routing', routingStatus: 'in-transit', trackingNumber: '9400111', location: 'LOS ANGELES CA' });
    expect(displayStatus({ ...base, routingStatus: 'delivered' }, { restricted: false })).toEqual({ kind: 'routing', routingStatus: 'delivered', trackingNumber: '9400111', location: null });
    expect(displayStatus({ ...base, routingStatus: 'in-transit', trackingNumber: null }, { restricted: false })).toEqual({ kind: 'status', status: 'shipped' });
  });
});

describe('properties', () => {
  const anyAction = fc.constantFrom<OrderAction>(...ORDER_USER_ACTIONS, ...ORDER_SYSTEM_EVENTS);
  const anyState = fc.record({
    status: fc.constantFrom(...ORDER_STATUSES),
    paymentStatus: fc.constantFrom<PaymentStatus>(...PAYMENT_STATUSES),
    checkInStatus: fc.constantFrom(null, ...CHECK_IN_STATUSES),
    labeled: fc.boolean(),
  });

  it('no sequence of allowed actions leaves the table, and a refused action changes nothing', () => {
    fc.assert(
      fc.property(fc.array(anyAction, { maxLength: 40 }), fc.integer({ min: 0, max: 60 }), (actions, step) => {
        let o = order();
        let now = NOW;
        for (const action of actions) {
          now = new Date(now.getTime() + step * 3_600_000);
          const before = o;
          const r = apply(o, action, { now, calendar: US });
          if (!r.ok) {
            expect(o).toBe(before);
            continue;
          }
          // The move is one the table names, and the result is a known status.
          expect(ORDER_TRANSITIONS[action].some((rule) => rule.from.includes(before.status))).toBe(true);
          expect(ORDER_STATUSES).toContain(r.state.status);
          expect(PAYMENT_STATUSES).toContain(r.state.paymentStatus);
          expect(r.history).toMatchObject({ action, from: before.status, to: r.state.status });
          // A suspended order always knows where it came from.
          if (['on-hold', 'on-hold-ship', 'not-verified', 'waiting-cancel', 'error-dimension'].includes(r.state.status)) expect(r.state.preStatus).not.toBeNull();
          o = r.state;
        }
      }),
      { numRuns: 500 },
    );
  });

  it('hold then unhold restores the status, and the held order keeps it as preStatus', () => {
    fc.assert(
      fc.property(anyState, ({ status, paymentStatus, checkInStatus, labeled }) => {
        const o = order({ status, paymentStatus, checkInStatus, labeledAt: labeled ? days(2) : null });
        const held = apply(o, 'hold', ctx);
        if (!held.ok) return;
        expect(held.state.preStatus).toBe(status);
        const back = apply(held.state, 'unhold', ctx);
        expect(back.ok && back.state).toEqual({ ...o, preStatus: null });
      }),
      { numRuns: 500 },
    );
  });
});

describe('the working-day calendar', () => {
  it('skips weekends and US public holidays', () => {
    expect(US.isWorkingDay(new Date('2026-12-25T12:00:00Z'))).toBe(false); // Christmas (Friday)
    expect(US.isWorkingDay(new Date('2026-11-26T12:00:00Z'))).toBe(false); // Thanksgiving
    expect(US.isWorkingDay(new Date('2026-11-27T12:00:00Z'))).toBe(true); // the day after is an observance
    expect(US.isWorkingDay(new Date('2026-11-28T12:00:00Z'))).toBe(false); // Saturday
    // Wednesday 23 Dec + 2 working days: Thu 24, (Fri 25 Christmas, weekend) → Mon 28.
    expect(US.addWorkingDays(new Date('2026-12-23T08:00:00Z'), 2)).toEqual(new Date('2026-12-28T08:00:00Z'));
    expect(US.workingDaysBetween(new Date('2026-12-23T08:00:00Z'), new Date('2026-12-28T23:00:00Z'))).toBe(2);
    expect(US.addWorkingDays(NOW, 0)).toEqual(NOW);
  });

  it('knows another country: Vietnam stops for Tết', () => {
    const vn = workingDayCalendar('VN');
    expect(vn.isWorkingDay(new Date('2026-02-17T05:00:00Z'))).toBe(false);
    expect(vn.isWorkingDay(new Date('2026-09-02T05:00:00Z'))).toBe(false);
    expect(US.isWorkingDay(new Date('2026-09-02T05:00:00Z'))).toBe(true);
    expect(() => workingDayCalendar('ZZ')).toThrow(RangeError);
  });
});

describe('refund amounts (SPEC §9; the worked examples of docs/refunds.md)', () => {
  const fees = (over: Partial<Parameters<typeof refundAmountCents>[0]>) => ({
    shippingFeeCents: 0,
    discountCents: 0,
    taxFeeCents: 0,
    seasonalFeeCents: 0,
    overLengthFeeCents: 0,
    signatureFeeCents: 0,
    surchargeCents: 0,
    totalCents: 0,
    ...over,
  });

  it('1. before a label the whole total comes back', () => {
    expect(refundAmountCents(fees({ shippingFeeCents: 1240, discountCents: 124, taxFeeCents: 67, seasonalFeeCents: 50, totalCents: 1233 }), 'full')).toBe(1233);
  });

  it('2. within 14 days of the label: shipping less discount plus seasonal, over-length, signature and surcharge, without the tax', () => {
    const o = fees({ shippingFeeCents: 1240, discountCents: 124, taxFeeCents: 67, seasonalFeeCents: 50, signatureFeeCents: 200, surchargeCents: 300, totalCents: 1733 });
    expect(refundAmountCents(o, 'shipping')).toBe(1666);
    expect(US.addWorkingDays(new Date('2026-11-20T10:00:00Z'), 7)).toEqual(new Date('2026-12-02T10:00:00Z'));
  });

  it('3. a fixed discount larger than the shipping fee refunds no shipping, never a negative amount', () => {
    expect(refundAmountCents(fees({ shippingFeeCents: 400, discountCents: 500, overLengthFeeCents: 150, totalCents: 150 }), 'shipping')).toBe(150);
  });

  it('4. an unpaid surcharge is never refunded: the full refund is what was paid, not the total', () => {
    const o = fees({ shippingFeeCents: 1000, surchargeCents: 200, totalCents: 1200 });
    expect(refundAmountCents(o, 'full', 200)).toBe(1000);
    expect(refundableCents(refundAmountCents(o, 'full', 200), { paidCents: 1000, refundedCents: 0 })).toBe(1000);
    // A labeled order: only the paid part of its surcharges counts.
    expect(refundAmountCents(fees({ shippingFeeCents: 1000, surchargeCents: 500, totalCents: 1500 }), 'shipping', 300)).toBe(1200);
  });

  it('a $21.84 order with a $1,233.26 unpaid surcharge never shows or pays more than $21.84', () => {
    const o = fees({ shippingFeeCents: 2000, taxFeeCents: 184, surchargeCents: 123_326, totalCents: 2184 + 123_326 });
    expect(refundableCents(refundAmountCents(o, 'full', 123_326), { paidCents: 2184, refundedCents: 0 })).toBe(2184);
    expect(refundableCents(refundAmountCents(o, 'shipping', 123_326), { paidCents: 2184, refundedCents: 0 })).toBe(2000);
  });

  it('what is refunded never exceeds what was paid less what was refunded, and never counts an unpaid surcharge', () => {
    const cents = fc.integer({ min: 0, max: 200_000 });
    fc.assert(
      fc.property(cents, cents, cents, cents, cents, cents, cents, cents, cents, fc.constantFrom('full' as const, 'shipping' as const, 'none' as const), (shipping, discount, tax, seasonal, overLength, signature, paidSurcharge, unpaidSurcharge, refunded, kind) => {
        const totalCents = Math.max(0, shipping - discount) + tax + seasonal + overLength + signature + paidSurcharge + unpaidSurcharge;
        const o = fees({ shippingFeeCents: shipping, discountCents: discount, taxFeeCents: tax, seasonalFeeCents: seasonal, overLengthFeeCents: overLength, signatureFeeCents: signature, surchargeCents: paidSurcharge + unpaidSurcharge, totalCents });
        const paidCents = totalCents - unpaidSurcharge;
        const ledger = { paidCents, refundedCents: Math.min(refunded, paidCents) };
        const out = refundableCents(refundAmountCents(o, kind, unpaidSurcharge), ledger);
        expect(out).toBeGreaterThanOrEqual(0);
        expect(out).toBeLessThanOrEqual(ledger.paidCents - ledger.refundedCents);
        // The unpaid surcharge changes nothing: the same order without it refunds the same.
        const without = fees({ ...o, surchargeCents: paidSurcharge, totalCents: totalCents - unpaidSurcharge });
        expect(out).toBe(refundableCents(refundAmountCents(without, kind), ledger));
      }),
    );
  });

  it('no refund is nothing', () => {
    expect(refundAmountCents(fees({ shippingFeeCents: 1000, totalCents: 1000 }), 'none')).toBe(0);
  });
});
