import { describe, expect, it } from 'vitest';
import { amountToPayCents, totalToPayCents } from './order-pay';

describe('what paying an order takes (SPEC §2 pay, multiple pay)', () => {
  it('an unpaid order: its total', () => {
    expect(amountToPayCents({ paymentStatus: 'unpaid', totalCents: 975, unpaidSurchargeCents: 0 })).toBe(975);
  });

  it('an order that owes only surcharges: those not paid yet, not its total nor its earlier surcharges', () => {
    expect(amountToPayCents({ paymentStatus: 'surcharge-unpaid', totalCents: 5_800, unpaidSurchargeCents: 500 })).toBe(500);
  });

  it('several at once: the sum, in cents', () => {
    expect(
      totalToPayCents([
        { paymentStatus: 'unpaid', totalCents: 100_010, unpaidSurchargeCents: 0 },
        { paymentStatus: 'unpaid', totalCents: 23_446, unpaidSurchargeCents: 0 },
        { paymentStatus: 'surcharge-unpaid', totalCents: 5_800, unpaidSurchargeCents: 500 },
      ]),
    ).toBe(123_956);
    expect(totalToPayCents([])).toBe(0);
  });
});
