import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { catalogById, findZone, inBracket, quote, zipNumber, type CatalogSnapshot, type Parcel } from '.';

// The quote finds the zone, the sell bracket and the cost bracket through indexes built once per
// snapshot (zip segments, the lane's cost tables by zone, brackets found by arithmetic or halving).
// These properties hold them to the plain reading of the rules: scan every zone range in order, and
// every price row, on random catalogs with overlapping zones, gaps between brackets and inactive rows.

type Zone = CatalogSnapshot['zones'][number];
type CostRow = CatalogSnapshot['carrierPrices'][number];

/** The rule as written (docs/pricing.md): zip ranges in zone order, then the state, then the whole country. */
function zoneByScan(zones: readonly Zone[], country: string, state: string | undefined, zip: string, priced?: (zoneId: string) => boolean) {
  const inCountry = zones.filter((z) => z.active && z.country === country);
  const n = zipNumber(zip);
  let first: Zone | undefined;
  for (const z of inCountry) {
    for (const r of z.ranges) {
      if (n >= r.from && n <= r.to) {
        if (!priced || priced(z.id)) return z;
        first ??= z;
      }
    }
  }
  const byState = state ? inCountry.find((z) => z.ranges.length === 0 && z.states.includes(state)) : undefined;
  const whole = inCountry.find((z) => z.ranges.length === 0 && z.states.length === 0);
  if (priced) for (const z of [byState, whole]) if (z && priced(z.id)) return z;
  return first ?? byState ?? whole;
}

/** What the quote must find for a parcel on the one lane of `c` (route r1: carrier c1, warehouse w1). */
function expectedByScan(c: CatalogSnapshot, p: Parcel) {
  const weight = p.weight; // the parcels below are 1 cm cubes: the chargeable weight is the actual one
  const costOf = (zoneId: string): CostRow | undefined =>
    c.carrierPrices.find((b) => b.active && b.carrierId === 'c1' && b.serviceId === 's1' && b.warehouseId === 'w1' && b.zoneId === zoneId && inBracket(b, weight));
  const zone = zoneByScan(c.zones, p.country, p.state, p.zipcode, (id) => !!costOf(id));
  if (!zone) return { reason: 'NO_ZONE' };
  const sell = c.servicePrices.find((b) => b.active && b.serviceId === 's1' && inBracket(b, weight));
  if (!sell) return { reason: 'NO_SELL_PRICE' };
  const cost = costOf(zone.id);
  if (!cost) return { reason: 'NO_CARRIER_PRICE' };
  return { zoneId: zone.id, shippingFee: sell.shippingFeeCents, cost: cost.lastMileCostCents + cost.seasonalCostCents };
}

const ZONE_IDS = ['z0', 'z1', 'z2', 'z3', 'z4', 'z5'];

const zoneArb = (id: string) =>
  fc.record({
    id: fc.constant(id),
    code: fc.constant(id.toUpperCase()),
    name: fc.constant(id),
    country: fc.constantFrom('US', 'CA'),
    states: fc.subarray(['CA', 'NY', 'TX']),
    // Small zip numbers, so ranges overlap often; an inverted range covers nothing.
    ranges: fc.array(fc.record({ from: fc.integer({ min: 0, max: 120 }), to: fc.integer({ min: 0, max: 120 }) }), { maxLength: 3 }),
    active: fc.integer({ min: 0, max: 3 }).map((x) => x > 0),
  });

/** A price table of one key: brackets back to back with one width, or of any widths with gaps; a few inactive. */
const bracketsArb = fc.oneof(
  fc.record({ start: fc.integer({ min: 0, max: 50 }), step: fc.integer({ min: 1, max: 60 }), count: fc.integer({ min: 0, max: 6 }) }).map(({ start, step, count }) =>
    Array.from({ length: count }, (_, i) => ({ from: start + i * step, to: start + (i + 1) * step })),
  ),
  fc.uniqueArray(fc.integer({ min: 0, max: 300 }), { maxLength: 12 }).chain((cuts) => {
    const sorted = [...cuts].sort((a, b) => a - b);
    const pairs = [];
    for (let i = 0; i + 1 < sorted.length; i += 2) pairs.push({ from: sorted[i]!, to: sorted[i + 1]! });
    return fc.constant(pairs);
  }),
);
const pricedArb = bracketsArb.chain((rows) => fc.tuple(...rows.map((r) => fc.record({ from: fc.constant(r.from), to: fc.constant(r.to), fee: fc.integer({ min: 1, max: 5000 }), active: fc.integer({ min: 0, max: 9 }).map((x) => x > 0) }))));

const catalogArb = fc
  .record({
    zones: fc.tuple(...ZONE_IDS.map(zoneArb)).chain((zs) => fc.shuffledSubarray(zs)),
    sell: pricedArb,
    costs: fc.tuple(...ZONE_IDS.map(() => pricedArb)),
  })
  .map(({ zones, sell, costs }): CatalogSnapshot => ({
    carriers: [{ id: 'c1', code: 'C1', name: 'C1', active: true }],
    services: [{ id: 's1', code: 'STD', name: 'Standard', carrierId: 'c1', active: true, signatureFeeCents: 0, overLengthFeeCents: 0, overLengthThresholdCm: 1000 }],
    warehouses: [{ id: 'w1', code: 'W1', name: 'W1', active: true }],
    zones,
    servicePrices: sell.map((b) => ({ serviceId: 's1', from: b.from, to: b.to, shippingFeeCents: b.fee, seasonalFeeCents: 0, active: b.active })),
    carrierPrices: costs.flatMap((rows, z) =>
      rows.map((b) => ({ carrierId: 'c1', serviceId: 's1', warehouseId: 'w1', zoneId: ZONE_IDS[z]!, from: b.from, to: b.to, lastMileCostCents: b.fee, seasonalCostCents: 1, active: b.active })),
    ),
    taxes: [],
    routes: [
      {
        id: 'r1', serviceId: 's1', minWeight: 0, maxWeight: 1_000_000, priority: 1, sku: null, users: [], typeShipping: 'country',
        toCountry: null, toState: [], toArrayCountry: ['US', 'CA', 'MX'], allocations: [{ carrierId: 'c1', warehouseId: 'w1', percentage: 100 }], active: true,
      },
    ],
    discounts: [],
  }));

const parcelArb = fc.record({
  weight: fc.integer({ min: 4, max: 320 }),
  country: fc.constantFrom('US', 'CA', 'MX'),
  state: fc.option(fc.constantFrom('CA', 'NY', 'TX'), { nil: undefined }),
  zipcode: fc.oneof(fc.integer({ min: 0, max: 130 }).map((n) => String(n).padStart(5, '0')), fc.constantFrom('', '90001-1234', 'A1B 2C3')),
});

const parcelOf = (p: { weight: number; country: string; state?: string; zipcode: string }): Parcel => ({
  serviceCode: 'STD', length: 1, width: 1, height: 1, signature: false, customerId: 'a1', bucket: 0, ...p,
});

describe('quote lookups match a scan of the catalog', () => {
  it('property: zone, sell bracket and cost bracket (or the reason there is none) are those a scan finds', () => {
    fc.assert(
      fc.property(catalogArb, fc.array(parcelArb, { minLength: 1, maxLength: 10 }), (c, parcels) => {
        for (const raw of parcels) {
          const p = parcelOf(raw);
          const result = quote(c, p, 0);
          const found = result.ok
            ? { zoneId: result.quote.zoneId, shippingFee: result.quote.fees.shippingFee, cost: result.quote.cost }
            : { reason: result.error.code === 'NO_SUITABLE_SERVICE' ? result.error.reason : result.error.code };
          expect(found).toEqual(expectedByScan(c, p));
        }
      }),
      { numRuns: 400 },
    );
  });

  it('property: findZone is the first covering zone by the same rule', () => {
    fc.assert(
      fc.property(catalogArb, parcelArb, (c, p) => {
        expect(findZone(c.zones, p.country, p.state, p.zipcode)?.id).toBe(zoneByScan(c.zones, p.country, p.state, p.zipcode)?.id);
      }),
      { numRuns: 400 },
    );
  });

  it('a weight on a bracket edge belongs to the next bracket, evenly spaced or not', () => {
    const base = {
      carriers: [{ id: 'c1', code: 'C1', name: 'C1', active: true }],
      services: [{ id: 's1', code: 'STD', name: 'Standard', carrierId: 'c1', active: true, signatureFeeCents: 0, overLengthFeeCents: 0, overLengthThresholdCm: 1000 }],
      warehouses: [{ id: 'w1', code: 'W1', name: 'W1', active: true }],
      zones: [{ id: 'z0', code: 'Z0', name: 'Z0', country: 'US', states: [], ranges: [], active: true }],
      taxes: [],
      routes: [
        {
          id: 'r1', serviceId: 's1', minWeight: 0, maxWeight: 100_000, priority: 1, sku: null, users: [], typeShipping: 'country' as const,
          toCountry: null, toState: [], toArrayCountry: ['US'], allocations: [{ carrierId: 'c1', warehouseId: 'w1', percentage: 100 }], active: true,
        },
      ],
      discounts: [],
    };
    const rows = (edges: number[]) => edges.slice(0, -1).map((from, i) => ({ from, to: edges[i + 1]!, fee: 100 * (i + 1) }));
    for (const edges of [[0, 500, 1000, 1500], [0, 300, 1000, 1500]]) {
      const c: CatalogSnapshot = {
        ...base,
        servicePrices: rows(edges).map((b) => ({ serviceId: 's1', from: b.from, to: b.to, shippingFeeCents: b.fee, seasonalFeeCents: 0, active: true })),
        carrierPrices: rows(edges).map((b) => ({ carrierId: 'c1', serviceId: 's1', warehouseId: 'w1', zoneId: 'z0', from: b.from, to: b.to, lastMileCostCents: b.fee, seasonalCostCents: 0, active: true })),
      };
      const fee = (weight: number) => {
        const r = quote(c, parcelOf({ weight, country: 'US', zipcode: '10001' }), 0);
        return r.ok ? r.quote.fees.shippingFee : r.error;
      };
      expect(fee(edges[1]! - 1)).toBe(100);
      expect(fee(edges[1]!)).toBe(200);
      expect(fee(1499)).toBe(300);
      expect(fee(1500)).toEqual({ code: 'NO_SUITABLE_SERVICE', reason: 'NO_SELL_PRICE' });
    }
  });

  it('catalogById finds services, carriers, warehouses and zones by id', () => {
    fc.assert(
      fc.property(catalogArb, (c) => {
        const byId = catalogById(c);
        for (const z of c.zones) expect(byId.zones.get(z.id)).toBe(z);
        expect(byId.services.get('s1')).toBe(c.services[0]);
        expect(byId.carriers.get('c1')).toBe(c.carriers[0]);
        expect(byId.warehouses.get('w1')).toBe(c.warehouses[0]);
      }),
      { numRuns: 50 },
    );
  });
});
