import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CarrierConfigBodySchema } from '@exship/contracts';
import {
  bucketOf,
  chargeableWeight,
  discountState,
  findOverlaps,
  offeredServices,
  pickAllocation,
  quote,
  type CatalogSnapshot,
  type Parcel,
} from '.';

const NOW = Date.parse('2026-06-01T12:00:00Z');

function catalog(over: Partial<CatalogSnapshot> = {}): CatalogSnapshot {
  return {
    carriers: [{ id: 'c1', code: 'SBT', name: 'SBT', active: true }],
    services: [{ id: 's1', code: 'STD', name: 'Standard', carrierId: 'c1', active: true, signatureFeeCents: 250, overLengthFeeCents: 1500, overLengthThresholdCm: 121.92 }],
    warehouses: [{ id: 'w1', code: 'LAX1', name: 'LA', active: true }],
    zones: [
      { id: 'z1', code: 'Z1', name: 'West', country: 'US', states: [], ranges: [{ from: 90000, to: 96199 }], active: true },
      { id: 'z2', code: 'Z2', name: 'Rest', country: 'US', states: ['NY'], ranges: [], active: true },
    ],
    servicePrices: [
      { serviceId: 's1', from: 0, to: 500, shippingFeeCents: 800, seasonalFeeCents: 50, active: true },
      { serviceId: 's1', from: 500, to: 2000, shippingFeeCents: 1200, seasonalFeeCents: 50, active: true },
    ],
    carrierPrices: [
      { carrierId: 'c1', serviceId: 's1', warehouseId: 'w1', zoneId: 'z1', from: 0, to: 2000, lastMileCostCents: 500, seasonalCostCents: 20, active: true },
      { carrierId: 'c1', serviceId: 's1', warehouseId: 'w1', zoneId: 'z2', from: 0, to: 2000, lastMileCostCents: 700, seasonalCostCents: 20, active: true },
    ],
    taxes: [{ country: 'US', province: null, carrierId: null, rateBp: 1000, active: true }],
    routes: [
      {
        id: 'r1', serviceId: 's1', minWeight: 0, maxWeight: 2000, priority: 1, sku: null, users: [], typeShipping: 'country',
        toCountry: 'US', toState: [], toArrayCountry: ['US'], allocations: [{ carrierId: 'c1', warehouseId: 'w1', percentage: 100 }], active: true,
      },
    ],
    discounts: [
      {
        id: 'd1', code: 'SAVE10', enabled: true, amountOff: { type: 'percent', basisPoints: 1000 }, minimumWeight: 0, limitUseTotal: 2,
        limitUsePerUser: null, customers: 'all', services: [], startDate: '2026-01-01T00:00', endDate: '2026-12-31T23:59', offset: '+00:00', usedTotal: 0, usedBy: {},
      },
    ],
    ...over,
  };
}

const parcel = (over: Partial<Parcel> = {}): Parcel => ({
  serviceCode: 'STD', weight: 300, length: 10, width: 10, height: 10, country: 'US', state: 'CA', zipcode: '90001',
  signature: false, customerId: 'a1', bucket: 0, ...over,
});

describe('quote — worked example', () => {
  it('prices a 300 g parcel to a West zip with a 10% discount and 10% tax', () => {
    const r = quote(catalog(), parcel({ discountCode: 'save10', signature: true }), NOW);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    // shipping 8.00, discount 0.80, seasonal 0.50, signature 2.50 → taxable 10.20, tax 1.02, total 11.22
    expect(r.quote.fees).toEqual({ shippingFee: 800, seasonalFee: 50, signatureFee: 250, overLengthFee: 0, discount: 80, taxFee: 102, total: 1122 });
    expect(r.quote.zoneId).toBe('z1');
    expect(r.quote.cost).toBe(520);
    expect(r.quote.margin).toBe(1122 - 102 - 520);
  });

  it('says why there is no suitable service', () => {
    expect(quote(catalog(), parcel({ serviceCode: 'NOPE' }), NOW)).toEqual({ ok: false, error: { code: 'NO_SUITABLE_SERVICE', reason: 'SERVICE_UNKNOWN' } });
    expect(quote(catalog(), parcel({ country: 'CA' }), NOW)).toMatchObject({ error: { reason: 'NO_ROUTE' } });
    expect(quote(catalog(), parcel({ weight: 2500 }), NOW)).toMatchObject({ error: { reason: 'NO_ROUTE' } });
    expect(quote(catalog(), parcel({ state: 'TX', zipcode: '73301' }), NOW)).toMatchObject({ error: { reason: 'NO_ZONE' } });
  });

  it('uses the covering zone the lane has costs for when zones overlap', () => {
    // Another carrier's zone chart lists the same zips first; our lane has costs only in z3.
    const other = { id: 'z0', code: 'Z0', name: 'Other chart', country: 'US', states: [], ranges: [{ from: 90000, to: 90999 }], active: true };
    const ours = { id: 'z3', code: 'Z3', name: 'Our chart', country: 'US', states: [], ranges: [{ from: 90000, to: 90999 }], active: true };
    const cost = { carrierId: 'c1', serviceId: 's1', warehouseId: 'w1', zoneId: 'z3', from: 0, to: 2000, lastMileCostCents: 900, seasonalCostCents: 0, active: true };
    const r = quote(catalog({ zones: [other, ours], carrierPrices: [cost] }), parcel(), NOW);
    expect(r).toMatchObject({ ok: true, quote: { zoneId: 'z3', cost: 900 } });
    // No covering zone priced: the first covering zone is named by the refusal.
    expect(quote(catalog({ zones: [other, ours], carrierPrices: [{ ...cost, zoneId: 'z2' }] }), parcel(), NOW)).toMatchObject({ error: { reason: 'NO_CARRIER_PRICE' } });
    // A zip range still wins over a state zone when both are priced.
    expect(quote(catalog(), parcel({ state: 'NY', zipcode: '90001' }), NOW)).toMatchObject({ ok: true, quote: { zoneId: 'z1' } });
  });

  it('refuses bad weights, dimensions and discounts with their own codes', () => {
    expect(quote(catalog(), parcel({ weight: 3 }), NOW)).toMatchObject({ error: { code: 'MISSING_WEIGHT' } });
    expect(quote(catalog(), parcel({ height: 0.2 }), NOW)).toMatchObject({ error: { code: 'INVALID_DIMENSIONS' } });
    expect(quote(catalog(), parcel({ discountCode: 'NOPE' }), NOW)).toMatchObject({ error: { code: 'DISCOUNT_NOT_FOUND' } });
    const usedUp = catalog();
    usedUp.discounts[0]!.usedTotal = 2;
    expect(quote(usedUp, parcel({ discountCode: 'SAVE10' }), NOW)).toMatchObject({ error: { code: 'DISCOUNT_USED_UP' } });
    expect(quote(catalog(), parcel({ discountCode: 'SAVE10' }), Date.parse('2027-01-01T00:00:00Z'))).toMatchObject({ error: { code: 'DISCOUNT_EXPIRED' } });
  });

  it('charges volumetric weight and over-length', () => {
    // 60×40×30 cm = 72,000 cm³ / 5000 = 14.4 kg > 2 kg: no bracket up to 2 kg → no route
    expect(chargeableWeight({ weight: 300, length: 60, width: 40, height: 30 })).toBe(14_400);
    const r = quote(catalog(), parcel({ length: 130, width: 1, height: 1, weight: 400 }), NOW);
    expect(r.ok && r.quote.fees.overLengthFee).toBe(1500);
  });
});

describe('services offered to a customer (rate shopping)', () => {
  const route = (id: string, serviceId: string, users: string[], active = true): CatalogSnapshot['routes'][number] => ({
    id, serviceId, minWeight: 0, maxWeight: 2000, priority: 1, sku: null, users, typeShipping: 'country',
    toCountry: null, toState: [], toArrayCountry: ['DE'], allocations: [{ carrierId: 'c1', warehouseId: 'w1', percentage: 100 }], active,
  });
  const service = (id: string, code: string, active = true) => ({ id, code, name: code, carrierId: 'c1', active, signatureFeeCents: 0, overLengthFeeCents: 0, overLengthThresholdCm: 121.92 });

  it('are the active services with a rule for everyone or naming the customer, by code, whatever the parcel', () => {
    const c = catalog({
      services: [service('s1', 'STD'), service('s2', 'VIP'), service('s3', 'OFF', false), service('s4', 'NORULE'), service('s5', 'PAUSED'), service('s6', 'ALSO')],
      routes: [route('r1', 's1', []), route('r2', 's2', ['a2']), route('r3', 's3', []), route('r5', 's5', [], false), route('r6', 's6', ['a1', 'a2'])],
    });
    // A rule's destination and weights do not matter here: the quote says why a service cannot carry a parcel.
    expect(offeredServices(c, 'a1').map((s) => s.code)).toEqual(['ALSO', 'STD']);
    expect(offeredServices(c, 'a2').map((s) => s.code)).toEqual(['ALSO', 'STD', 'VIP']);
  });
});

describe('discount state — SPEC §4 in the discount time zone', () => {
  const d = { enabled: true, startDate: '2026-06-01T08:00', endDate: '2026-06-02T08:00', offset: '+07:00' };
  it('is schedule, active, expired around the window, deactive when off', () => {
    expect(discountState(d, Date.parse('2026-06-01T00:59:00Z'))).toBe('schedule');
    expect(discountState(d, Date.parse('2026-06-01T01:00:00Z'))).toBe('active');
    expect(discountState(d, Date.parse('2026-06-02T01:00:00Z'))).toBe('expired');
    expect(discountState({ ...d, enabled: false }, Date.parse('2026-06-01T05:00:00Z'))).toBe('deactive');
  });
});

// ---------- properties ----------
const arbCatalogAndParcel = fc
  .record({
    fee: fc.integer({ min: 0, max: 1_000_000 }),
    seasonal: fc.integer({ min: 0, max: 100_000 }),
    sig: fc.integer({ min: 0, max: 100_000 }),
    over: fc.integer({ min: 0, max: 100_000 }),
    taxBp: fc.integer({ min: 1, max: 9999 }),
    discount: fc.oneof(
      fc.record({ type: fc.constant('percent' as const), basisPoints: fc.integer({ min: 1, max: 10_000 }) }),
      fc.record({ type: fc.constant('fixed' as const), cents: fc.integer({ min: 1, max: 99_999_900 }) }),
    ),
    weight: fc.integer({ min: 4, max: 1999 }),
    side: fc.double({ min: 0.26, max: 200, noNaN: true }),
    signature: fc.boolean(),
    useDiscount: fc.boolean(),
  })
  .map((g) => {
    const c = catalog();
    c.services[0] = { ...c.services[0]!, signatureFeeCents: g.sig, overLengthFeeCents: g.over };
    c.servicePrices = [{ serviceId: 's1', from: 0, to: 100_000, shippingFeeCents: g.fee, seasonalFeeCents: g.seasonal, active: true }];
    c.carrierPrices[0] = { ...c.carrierPrices[0]!, to: 100_000 };
    c.routes[0] = { ...c.routes[0]!, maxWeight: 100_000 };
    c.taxes[0] = { ...c.taxes[0]!, rateBp: g.taxBp };
    c.discounts[0] = { ...c.discounts[0]!, amountOff: g.discount, limitUseTotal: null };
    const p = parcel({ weight: g.weight, length: g.side, width: 1, height: 1, signature: g.signature, discountCode: g.useDiscount ? 'SAVE10' : undefined });
    return { c, p };
  });

describe('quote properties', () => {
  it('the total is the sum of its parts', () => {
    fc.assert(
      fc.property(arbCatalogAndParcel, ({ c, p }) => {
        const r = quote(c, p, NOW);
        if (!r.ok) return false;
        const f = r.quote.fees;
        return f.total === f.shippingFee - f.discount + f.seasonalFee + f.signatureFee + f.overLengthFee + f.taxFee;
      }),
    );
  });

  it('a discount never makes a total negative nor exceeds the shipping fee', () => {
    fc.assert(
      fc.property(arbCatalogAndParcel, ({ c, p }) => {
        const r = quote(c, p, NOW);
        return r.ok && r.quote.fees.total >= 0 && r.quote.fees.discount <= r.quote.fees.shippingFee && r.quote.fees.discount >= 0;
      }),
    );
  });

  it('the chargeable weight is never below the actual weight', () => {
    fc.assert(fc.property(arbCatalogAndParcel, ({ p }) => chargeableWeight(p) >= p.weight));
  });
});

describe('brackets are half-open with no gaps or overlaps accepted', () => {
  const arbBrackets = fc.array(fc.tuple(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 1, max: 50 })).map(([from, len]) => ({ from, to: from + len })), { maxLength: 8 });

  it('findOverlaps reports a pair exactly when two brackets share a weight', () => {
    fc.assert(
      fc.property(arbBrackets, (rows) => {
        const brute = rows.some((a, i) => rows.some((b, j) => i < j && a.from < b.to && b.from < a.to));
        return (findOverlaps(rows, () => 'k').length > 0) === brute;
      }),
    );
  });

  it('adjacent brackets [a,b) [b,c) do not overlap and b falls in the second', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1000 }), fc.integer({ min: 1, max: 100 }), fc.integer({ min: 1, max: 100 }), (a, l1, l2) => {
        const b = a + l1;
        const rows = [{ from: a, to: b }, { from: b, to: b + l2 }];
        const c = catalog();
        c.servicePrices = rows.map((r, i) => ({ serviceId: 's1', ...r, shippingFeeCents: i + 1, seasonalFeeCents: 0, active: true }));
        const inSecond = c.servicePrices.find((x) => b >= x.from && b < x.to)?.shippingFeeCents;
        return findOverlaps(rows, () => 'k').length === 0 && inSecond === 2;
      }),
    );
  });

  it('groups are checked separately', () => {
    expect(findOverlaps([{ from: 0, to: 10, s: 'A' }, { from: 5, to: 15, s: 'B' }], (r) => r.s)).toEqual([]);
    expect(findOverlaps([{ from: 0, to: 10, s: 'A' }, { from: 5, to: 15, s: 'A' }], (r) => r.s)).toEqual([[0, 1]]);
  });
});

describe('carrier routing splits', () => {
  const uuid = () => fc.uuid();
  it('a config is accepted only when its percentages total 100', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ carrierId: uuid(), warehouseId: uuid(), percentage: fc.integer({ min: 1, max: 100 }) }), { minLength: 1, maxLength: 5 }), (allocations) => {
        const parsed = CarrierConfigBodySchema.safeParse({
          serviceId: '3f0c8a1e-7d2b-4c5e-9f10-1a2b3c4d5e6f', minWeight: 0, maxWeight: 1000, priority: 1, typeShipping: 'country', toArrayCountry: ['US'], allocations,
        });
        return parsed.success === (allocations.reduce((s, a) => s + a.percentage, 0) === 100);
      }),
    );
  });

  it('every bucket 0–99 lands in an allocation, in proportion', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 50 }), { minLength: 1, maxLength: 5 }), (parts) => {
        const total = parts.reduce((a, b) => a + b, 0);
        const allocations = [...parts.map((p, i) => ({ i, percentage: p })), ...(total < 100 ? [{ i: parts.length, percentage: 100 - total }] : [])];
        if (total > 100) return true;
        const counts = new Map<number, number>();
        for (let b = 0; b < 100; b++) {
          const a = pickAllocation(allocations, b)!;
          counts.set(a.i, (counts.get(a.i) ?? 0) + 1);
        }
        return allocations.every((a) => counts.get(a.i) === a.percentage);
      }),
    );
  });

  it('bucketOf is stable and within 0–99', () => {
    fc.assert(fc.property(fc.string(), (k) => bucketOf(k) === bucketOf(k) && bucketOf(k) >= 0 && bucketOf(k) < 100));
  });
});
