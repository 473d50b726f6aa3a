import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FLIGHT_FEES, FREIGHT_STATUSES, type FreightStatus } from '@exship/contracts';
import {
  allocateCents,
  allocateFreightCost,
  chargeableCentiKg,
  checkMawb,
  decideAddCarton,
  decideFreightTransition,
  decideRemoveCarton,
  freightCost,
  freightWeights,
  isFreightLocked,
  mawbCheckDigit,
  mayEditFreight,
  parseMawb,
} from './freight';

describe('the MAWB number (IATA check digit: the serial\'s first seven digits mod 7)', () => {
  it('accepts numbers whose last digit is the first seven mod 7, with or without the dash', () => {
    // 1234567 = 7 × 176366 + 5; 0000000 mod 7 = 0; 9999999 = 7 × 1428571 + 2; 3141592 = 7 × 448798 + 6.
    for (const [text, stored] of [
      ['618-12345675', '618-12345675'],
      ['61812345675', '618-12345675'],
      ['160-00000000', '160-00000000'],
      [' 176-99999992 ', '176-99999992'],
      ['020-31415926', '020-31415926'],
    ] as const) {
      expect(checkMawb(text, null), text).toEqual({ ok: true, mawb: stored });
    }
  });

  it('refuses a wrong check digit, naming the rule', () => {
    for (const bad of ['618-12345670', '618-12345676', '160-00000001', '176-99999993', '020-31415920']) expect(checkMawb(bad, null), bad).toEqual({ ok: false, rule: 'checkDigit' });
  });

  it('refuses what is not 3 + 8 digits', () => {
    for (const bad of ['', '618-1234567', '618-123456750', '61-12345675', 'ABC-12345675', '618 12345675', '618--12345675']) expect(checkMawb(bad, null), bad).toEqual({ ok: false, rule: 'format' });
  });

  it('must carry the airline\'s prefix when the airline has one', () => {
    expect(checkMawb('618-12345675', '618')).toEqual({ ok: true, mawb: '618-12345675' });
    expect(checkMawb('160-12345675', '618')).toEqual({ ok: false, rule: 'prefix' });
  });

  it('property: exactly one check digit of the seven leading digits is accepted', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9_999_999 }), fc.integer({ min: 0, max: 999 }), (serial, prefix) => {
        const seven = String(serial).padStart(7, '0');
        const p = String(prefix).padStart(3, '0');
        const accepted = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].filter((d) => checkMawb(`${p}-${seven}${d}`, null).ok);
        expect(accepted).toEqual([serial % 7]);
        expect(mawbCheckDigit(seven)).toBe(serial % 7);
        expect(parseMawb(`${p}${seven}${serial % 7}`)).toEqual({ prefix: p, serial: `${seven}${serial % 7}` });
      }),
    );
  });
});

describe('chargeable weight: max(gross kg, L×W×H cm / 6000), per carton, summed', () => {
  it('takes the gross weight when the carton is dense', () => {
    // 12.5 kg; 40×30×30 / 6000 = 6 kg.
    expect(chargeableCentiKg({ weightGr: 12_500, lengthCm: 40, widthCm: 30, heightCm: 30 })).toBe(1250);
  });

  it('takes the volume when the carton is light for its size', () => {
    // 3 kg; 60×50×40 / 6000 = 20 kg.
    expect(chargeableCentiKg({ weightGr: 3000, lengthCm: 60, widthCm: 50, heightCm: 40 })).toBe(2000);
  });

  it('rounds up to the next 10 g, and reads a missing measure as 0', () => {
    // 10×10×10 / 6000 = 0.1666… kg → 0.17; 1,001 g → 1.01 kg.
    expect(chargeableCentiKg({ weightGr: 1, lengthCm: 10, widthCm: 10, heightCm: 10 })).toBe(17);
    expect(chargeableCentiKg({ weightGr: 1001, lengthCm: null, widthCm: null, heightCm: null })).toBe(101);
    expect(chargeableCentiKg({ weightGr: null, lengthCm: null, widthCm: null, heightCm: null })).toBe(0);
  });

  it('sums per carton: a dense carton does not offset a light one', () => {
    const dense = { weightGr: 20_000, lengthCm: 30, widthCm: 30, heightCm: 30 }; // 20 kg vs 4.5 kg
    const light = { weightGr: 2_000, lengthCm: 60, widthCm: 60, heightCm: 50 }; // 2 kg vs 30 kg
    expect(freightWeights([dense, light])).toEqual({ grossCentiKg: 2200, chargeableCentiKg: 5000 });
  });

  it('property: never below the gross weight nor the volumetric weight', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999 }), fc.integer({ min: 0, max: 300 }), fc.integer({ min: 0, max: 300 }), fc.integer({ min: 0, max: 300 }), (g, l, w, h) => {
        const c = chargeableCentiKg({ weightGr: g, lengthCm: l, widthCm: w, heightCm: h });
        expect(c * 10).toBeGreaterThanOrEqual(g);
        expect(c / 100).toBeGreaterThanOrEqual((l * w * h) / 6000 - 1e-9);
        expect(c - 1).toBeLessThan(Math.max(g / 10, (l * w * h) / 60));
      }),
    );
  });
});

describe('the freight state machine', () => {
  // Written out by hand: from → the statuses it may go to.
  const EXPECTED: Record<FreightStatus, FreightStatus[]> = {
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

  it.each(FREIGHT_STATUSES)('from %s', (from) => {
    const allowed = FREIGHT_STATUSES.filter((to) => decideFreightTransition({ status: from, cartons: 3 }, to).ok);
    expect(allowed).toEqual(EXPECTED[from]);
    for (const to of FREIGHT_STATUSES.filter((s) => !EXPECTED[from].includes(s))) expect(decideFreightTransition({ status: from, cartons: 3 }, to)).toEqual({ ok: false, code: 'FREIGHT_TRANSITION_NOT_ALLOWED' });
  });

  it('never goes back to open or closed once checked', () => {
    for (const from of FREIGHT_STATUSES.filter(isFreightLocked)) for (const to of ['open', 'closed', 'checked'] as const) expect(decideFreightTransition({ status: from, cartons: 1 }, to).ok).toBe(false);
  });

  it('refuses to close an empty freight', () => {
    expect(decideFreightTransition({ status: 'open', cartons: 0 }, 'closed')).toEqual({ ok: false, code: 'FREIGHT_EMPTY' });
  });

  it('locks the cartons once checked: added only while open, removed until checked', () => {
    const add = Object.fromEntries(FREIGHT_STATUSES.map((s) => [s, decideAddCarton(s)]));
    const remove = Object.fromEntries(FREIGHT_STATUSES.map((s) => [s, decideRemoveCarton(s).ok]));
    expect(add).toEqual({
      open: { ok: true },
      closed: { ok: false, code: 'FREIGHT_NOT_OPEN' },
      checked: { ok: false, code: 'FREIGHT_LOCKED' },
      'confirmed-weight': { ok: false, code: 'FREIGHT_LOCKED' },
      shipped: { ok: false, code: 'FREIGHT_LOCKED' },
      'in-transit': { ok: false, code: 'FREIGHT_LOCKED' },
      received: { ok: false, code: 'FREIGHT_LOCKED' },
      delivered: { ok: false, code: 'FREIGHT_LOCKED' },
      exception: { ok: false, code: 'FREIGHT_LOCKED' },
    });
    expect(remove).toEqual({ open: true, closed: true, checked: false, 'confirmed-weight': false, shipped: false, 'in-transit': false, received: false, delivered: false, exception: false });
    expect(FREIGHT_STATUSES.filter(mayEditFreight)).toEqual(['open', 'closed']);
  });

  it('property: a walk of allowed moves never unlocks a locked freight', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...FREIGHT_STATUSES), { maxLength: 30 }), (targets) => {
        let status: FreightStatus = 'open';
        let wasLocked = false;
        for (const to of targets) {
          if (decideFreightTransition({ status, cartons: 2 }, to).ok) status = to;
          if (wasLocked) expect(isFreightLocked(status)).toBe(true);
          wasLocked ||= isFreightLocked(status);
        }
      }),
    );
  });
});

describe('the cost', () => {
  it('charges per-kg fees on the chargeable weight and per-shipment fees once, plus the adjustment', () => {
    // Airfreight $3.10/kg and handling $0.25/kg on 123.45 kg; customs fee $35 and AMS $25 once.
    const cost = freightCost({ airfreight: 310, handling: 25, customsFee: 3500, amsBill: 2500 }, { chargeableCentiKg: 12_345, confirmedCentiKg: null }, -1000);
    expect(cost.lines).toEqual([
      { key: 'customsFee', basis: 'shipment', rateCents: 3500, quantity: 1, amountCents: 3500 },
      { key: 'handling', basis: 'kg', rateCents: 25, quantity: 123.45, amountCents: 3086 }, // 3086.25
      { key: 'airfreight', basis: 'kg', rateCents: 310, quantity: 123.45, amountCents: 38_270 }, // 38269.5 → up
      { key: 'amsBill', basis: 'shipment', rateCents: 2500, quantity: 1, amountCents: 2500 },
    ]);
    expect(cost).toMatchObject({ computedCents: 47_356, adjustmentCents: -1000, totalCents: 46_356, weightCentiKg: 12_345 });
  });

  it('charges on the confirmed weight once the airline confirmed it', () => {
    expect(freightCost({ airfreight: 200 }, { chargeableCentiKg: 10_000, confirmedCentiKg: 12_000 }).totalCents).toBe(24_000);
  });

  it('every fee of the template has its basis', () => {
    expect(FLIGHT_FEES.filter((f) => f.basis !== 'kg' && f.basis !== 'shipment')).toEqual([]);
    const all = Object.fromEntries(FLIGHT_FEES.map((f) => [f.key, 100]));
    const cost = freightCost(all, { chargeableCentiKg: 1000, confirmedCentiKg: null });
    const perKg = FLIGHT_FEES.filter((f) => f.basis === 'kg').length;
    expect(cost.totalCents).toBe(perKg * 1000 + (FLIGHT_FEES.length - perKg) * 100);
  });
});

describe('allocation in cents by the largest remainder', () => {
  it('gives the leftover cents to the largest remainders, ties to the earlier one', () => {
    expect(allocateCents(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocateCents(10, [1, 2, 3, 4])).toEqual([1, 2, 3, 4]);
    // 1000 × 3/7 = 428.57, × 4/7 = 571.43.
    expect(allocateCents(1000, [3, 4])).toEqual([429, 571]);
    expect(allocateCents(5, [0, 0])).toEqual([3, 2]);
    expect(allocateCents(-100, [1, 1, 1])).toEqual([-34, -33, -33]);
    expect(allocateCents(0, [5, 7])).toEqual([0, 0]);
    expect(allocateCents(7, [])).toEqual([]);
  });

  it('shares to cartons, then to their parcels', () => {
    const out = allocateFreightCost(10_001, [
      { chargeableCentiKg: 3000, parcels: [{ id: 'a', chargeableCentiKg: 100 }, { id: 'b', chargeableCentiKg: 300 }] },
      { chargeableCentiKg: 1000, parcels: [{ id: 'c', chargeableCentiKg: 50 }] },
      { chargeableCentiKg: 9000, parcels: [] },
    ]);
    expect(out.cartonCents).toEqual([7501, 2500, 0]);
    expect(out.parcels).toEqual([
      { id: 'a', chargeableCentiKg: 100, cents: 1875 },
      { id: 'b', chargeableCentiKg: 300, cents: 5626 },
      { id: 'c', chargeableCentiKg: 50, cents: 2500 },
    ]);
  });

  const weights = fc.array(fc.integer({ min: 0, max: 10_000_000 }), { minLength: 1, maxLength: 60 });
  const total = fc.integer({ min: -100_000_000, max: 100_000_000 });

  it('property: the shares sum exactly to the total, each within a cent of its exact part', () => {
    fc.assert(
      fc.property(total, weights, (t, w) => {
        const shares = allocateCents(t, w);
        expect(shares).toHaveLength(w.length);
        expect(shares.reduce((a, b) => a + b, 0)).toBe(t);
        const sum = w.reduce((a, b) => a + b, 0);
        shares.forEach((s, i) => {
          const exact = sum === 0 ? t / w.length : (t * w[i]!) / sum;
          expect(Math.abs(s - exact)).toBeLessThan(1 + 1e-6);
          expect(Number.isInteger(s)).toBe(true);
        });
      }),
    );
  });

  it('property: a heavier share never gets fewer cents than a lighter one', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), weights, (t, w) => {
        const shares = allocateCents(t, w);
        for (let i = 0; i < w.length; i++) for (let j = 0; j < w.length; j++) if (w[i]! > w[j]!) expect(shares[i]!).toBeGreaterThanOrEqual(shares[j]!);
      }),
    );
  });

  it('property: cartons then parcels sum exactly to the freight\'s cost', () => {
    const carton = fc.record({ chargeableCentiKg: fc.integer({ min: 0, max: 100_000 }), parcels: fc.array(fc.record({ chargeableCentiKg: fc.integer({ min: 0, max: 5_000 }) }), { maxLength: 80 }) });
    fc.assert(
      fc.property(total, fc.array(carton, { minLength: 1, maxLength: 40 }), (t, cartons) => {
        const out = allocateFreightCost(t, cartons);
        const anyParcel = cartons.some((c) => c.parcels.length > 0);
        expect(out.parcels.reduce((a, p) => a + p.cents, 0)).toBe(anyParcel ? t : 0);
        cartons.forEach((c, i) => {
          if (c.parcels.length === 0) expect(out.cartonCents[i]).toBe(0);
        });
        expect(out.parcels).toHaveLength(cartons.reduce((a, c) => a + c.parcels.length, 0));
      }),
    );
  });
});
