import { inBracket } from './brackets';
import { discountCents, discountRefusal, percentOf, type DiscountRefusal, type DiscountRule } from './discount';

// The quote: pure, from a catalog snapshot. Money in integer cents, weights in grams,
// sizes in cm, rates in basis points. The rules SPEC leaves open are written in docs/pricing.md.

/** Volumetric divisor: cm³ per kg, the common international courier figure. */
export const VOLUMETRIC_DIVISOR = 5000;

export interface CatalogSnapshot {
  carriers: { id: string; code: string; name: string; active: boolean }[];
  services: {
    id: string;
    code: string;
    name: string;
    carrierId: string;
    active: boolean;
    signatureFeeCents: number;
    overLengthFeeCents: number;
    overLengthThresholdCm: number;
    /** Days in transit shown beside a rate; not part of the price. */
    transitDaysMin?: number | null;
    transitDaysMax?: number | null;
    /** Decides the order's dimension rule (order-rules.ts); parcel when left out. */
    packaging?: 'parcel' | 'first-class-letter' | 'first-class-flat';
  }[];
  warehouses: { id: string; code: string; name: string; active: boolean }[];
  zones: { id: string; code: string; name: string; country: string; states: string[]; ranges: { from: number; to: number }[]; active: boolean }[];
  /** Sell price brackets of the active service price table. */
  servicePrices: { serviceId: string; from: number; to: number; shippingFeeCents: number; seasonalFeeCents: number; active: boolean }[];
  /** Cost brackets of the active carrier price table. */
  carrierPrices: {
    carrierId: string;
    serviceId: string;
    warehouseId: string;
    zoneId: string;
    from: number;
    to: number;
    lastMileCostCents: number;
    seasonalCostCents: number;
    active: boolean;
  }[];
  taxes: { country: string; province: string | null; carrierId: string | null; rateBp: number; active: boolean }[];
  routes: {
    id: string;
    serviceId: string;
    minWeight: number;
    maxWeight: number;
    priority: number;
    sku: string | null;
    users: string[];
    typeShipping: 'state' | 'country';
    toCountry: string | null;
    toState: string[];
    toArrayCountry: string[];
    allocations: { carrierId: string; warehouseId: string; percentage: number }[];
    active: boolean;
  }[];
  discounts: (DiscountRule & { id: string })[];
}

export interface Parcel {
  serviceCode: string;
  weight: number;
  length: number;
  width: number;
  height: number;
  country: string;
  state?: string;
  zipcode: string;
  signature: boolean;
  discountCode?: string;
  sku?: string;
  customerId: string;
  /** 0–99: which share of a split route this parcel takes (stable per order). */
  bucket: number;
}

export interface Fees {
  shippingFee: number;
  seasonalFee: number;
  signatureFee: number;
  overLengthFee: number;
  discount: number;
  taxFee: number;
  total: number;
}

export interface Quote {
  serviceId: string;
  carrierId: string;
  warehouseId: string;
  zoneId: string;
  routeId: string;
  discountId: string | null;
  chargeableWeight: number;
  fees: Fees;
  cost: number;
  margin: number;
}

export type NoServiceReason = 'SERVICE_UNKNOWN' | 'SERVICE_INACTIVE' | 'NO_ROUTE' | 'NO_ZONE' | 'NO_SELL_PRICE' | 'NO_CARRIER_PRICE';
export type QuoteError =
  | { code: 'NO_SUITABLE_SERVICE'; reason: NoServiceReason }
  | { code: 'MISSING_WEIGHT' }
  | { code: 'INVALID_DIMENSIONS' }
  | { code: 'DISCOUNT_NOT_FOUND' }
  | { code: DiscountRefusal };

export type QuoteResult = { ok: true; quote: Quote } | { ok: false; error: QuoteError };

/** Chargeable weight in grams: the larger of actual and volumetric (L×W×H / divisor kg), rounded up. */
export function chargeableWeight(p: Pick<Parcel, 'weight' | 'length' | 'width' | 'height'>): number {
  const volumetric = (p.length * p.width * p.height * 1000) / VOLUMETRIC_DIVISOR;
  return Math.ceil(Math.max(p.weight, volumetric));
}

/** Zip codes compare as numbers of their first 5 digits (US ZIP+4 and longer codes reduce to that). */
export function zipNumber(zip: string): number {
  let n = 0;
  let digits = 0;
  for (let i = 0; i < zip.length && digits < 5; i++) {
    const d = zip.charCodeAt(i) - 48;
    if (d < 0 || d > 9) continue;
    n = n * 10 + d;
    digits++;
  }
  return n;
}

type Zone = CatalogSnapshot['zones'][number];

/**
 * The zones of one country, ready for lookup: every zip range in zone order (a zip-range match wins,
 * the first zone listed first), then zones by state, then a zone with neither (the whole country).
 */
interface CountryZones {
  rangeFrom: Float64Array;
  rangeTo: Float64Array;
  rangeZone: Zone[];
  byState: Map<string, Zone>;
  whole: Zone | undefined;
}

function countryZones(zones: readonly Zone[]): CountryZones {
  const ranged = zones.flatMap((z) => z.ranges.map((r) => ({ r, z })));
  const byState = new Map<string, Zone>();
  for (const z of zones) if (z.ranges.length === 0) for (const st of z.states) if (!byState.has(st)) byState.set(st, z);
  return {
    rangeFrom: Float64Array.from(ranged, (x) => x.r.from),
    rangeTo: Float64Array.from(ranged, (x) => x.r.to),
    rangeZone: ranged.map((x) => x.z),
    byState,
    whole: zones.find((z) => z.ranges.length === 0 && z.states.length === 0),
  };
}

/**
 * The zone of a destination. Zones are shared by every carrier and may overlap (two carriers' zone
 * charts over the same zips): with `priced`, the first covering zone the lane has costs for wins, in
 * the same order (zip ranges, then the state, then the whole country); when none is priced, the
 * first covering zone, so the quote says the carrier has no cost there.
 */
function zoneIn(cz: CountryZones, state: string | undefined, zip: string, priced?: (zoneId: string) => boolean): Zone | undefined {
  const n = zipNumber(zip);
  const { rangeFrom, rangeTo } = cz;
  let first: Zone | undefined;
  for (let i = 0; i < rangeFrom.length; i++) {
    if (n >= rangeFrom[i]! && n <= rangeTo[i]!) {
      const z = cz.rangeZone[i]!;
      if (!priced || priced(z.id)) return z;
      first ??= z;
    }
  }
  const byState = state ? cz.byState.get(state) : undefined;
  if (priced) for (const z of [byState, cz.whole]) if (z && priced(z.id)) return z;
  return first ?? byState ?? cz.whole;
}

/** The zone for a destination: a zip-range match wins over a state match. */
export function findZone(zones: CatalogSnapshot['zones'], country: string, state: string | undefined, zip: string) {
  return zoneIn(countryZones(zones.filter((z) => z.active && z.country === country)), state, zip);
}

/** Split shares: allocation i covers buckets [sum of earlier percentages, + its percentage). */
export function pickAllocation<T extends { percentage: number }>(allocations: readonly T[], bucket: number): T | undefined {
  let edge = 0;
  for (const a of allocations) {
    edge += a.percentage;
    if (bucket < edge) return a;
  }
  return allocations.at(-1);
}

/** Brackets of one lane sorted by `from`, searched by halving. Half-open: [from, to). */
class Brackets<T extends { from: number; to: number }> {
  private readonly rows: T[] = [];
  add(row: T) {
    this.rows.push(row);
  }
  seal() {
    this.rows.sort((a, b) => a.from - b.from);
  }
  find(weight: number): T | undefined {
    const rows = this.rows;
    let lo = 0;
    let hi = rows.length - 1;
    // The last bracket starting at or below the weight; overlaps are refused at import, so it is the only candidate.
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      if (rows[mid]!.from <= weight) lo = mid + 1;
      else hi = mid - 1;
    }
    const row = hi >= 0 ? rows[hi] : undefined;
    return row && inBracket(row, weight) ? row : rows.find((b) => inBracket(b, weight));
  }
}

/** Keyed lookups nested by id (ids are long strings; nesting avoids building a joined key per quote). */
class Nested<V> {
  private readonly root = new Map<string, unknown>();
  constructor(private readonly make: () => V) {}
  at(keys: readonly string[]): V {
    let m = this.root;
    for (let i = 0; i < keys.length - 1; i++) {
      let next = m.get(keys[i]!) as Map<string, unknown> | undefined;
      if (!next) m.set(keys[i]!, (next = new Map()));
      m = next;
    }
    const last = keys[keys.length - 1]!;
    let v = m.get(last) as V | undefined;
    if (v === undefined) m.set(last, (v = this.make()));
    return v;
  }
  get(k1: string, k2: string, k3: string, k4: string): V | undefined {
    const a = this.root.get(k1) as Map<string, Map<string, Map<string, V>>> | undefined;
    return a?.get(k2)?.get(k3)?.get(k4);
  }
  values(): V[] {
    const out: V[] = [];
    const walk = (m: Map<string, unknown>, depth: number) => {
      for (const v of m.values()) if (depth === 0) out.push(v as V);
      else walk(v as Map<string, unknown>, depth - 1);
    };
    walk(this.root, 3);
    return out;
  }
}

/** Lookups built once per snapshot, so a quote does not scan every price row. */
interface CatalogIndex {
  serviceByCode: Map<string, CatalogSnapshot['services'][number]>;
  routesByService: Map<string, CatalogSnapshot['routes']>;
  sellByService: Map<string, Brackets<CatalogSnapshot['servicePrices'][number]>>;
  /** carrier → service → warehouse → zone → cost brackets */
  costByLane: Nested<Brackets<CatalogSnapshot['carrierPrices'][number]>>;
  activeCarriers: Set<string>;
  activeWarehouses: Set<string>;
  zonesByCountry: Map<string, CountryZones>;
  taxesByCountry: Map<string, CatalogSnapshot['taxes']>;
}

const indexes = new WeakMap<CatalogSnapshot, CatalogIndex>();

function group<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const r of rows) {
    const k = key(r);
    const list = map.get(k);
    if (list) list.push(r);
    else map.set(k, [r]);
  }
  return map;
}

function indexOf(c: CatalogSnapshot): CatalogIndex {
  let idx = indexes.get(c);
  if (!idx) {
    const routesByService = group(
      c.routes.filter((r) => r.active),
      (r) => r.serviceId,
    );
    for (const list of routesByService.values()) list.sort((a, b) => a.priority - b.priority);
    const sellByService = new Map<string, Brackets<CatalogSnapshot['servicePrices'][number]>>();
    for (const b of c.servicePrices) {
      if (!b.active) continue;
      let list = sellByService.get(b.serviceId);
      if (!list) sellByService.set(b.serviceId, (list = new Brackets()));
      list.add(b);
    }
    for (const list of sellByService.values()) list.seal();
    const costByLane = new Nested(() => new Brackets<CatalogSnapshot['carrierPrices'][number]>());
    for (const b of c.carrierPrices) if (b.active) costByLane.at([b.carrierId, b.serviceId, b.warehouseId, b.zoneId]).add(b);
    for (const list of costByLane.values()) list.seal();
    const zonesByCountry = new Map<string, CountryZones>();
    for (const [country, list] of group(c.zones.filter((z) => z.active), (z) => z.country)) zonesByCountry.set(country, countryZones(list));
    idx = {
      serviceByCode: new Map(c.services.map((s) => [s.code, s])),
      routesByService,
      sellByService,
      costByLane,
      activeCarriers: new Set(c.carriers.filter((x) => x.active).map((x) => x.id)),
      activeWarehouses: new Set(c.warehouses.filter((x) => x.active).map((x) => x.id)),
      zonesByCountry,
      taxesByCountry: group(c.taxes.filter((x) => x.active), (x) => x.country),
    };
    indexes.set(c, idx);
  }
  return idx;
}

const validSize = (d: number) => d > 0.25 && d < 99_999;

function routeMatches(r: CatalogSnapshot['routes'][number], p: Parcel, weight: number): boolean {
  return (
    weight >= r.minWeight &&
    weight < r.maxWeight &&
    (r.users.length === 0 || r.users.includes(p.customerId)) &&
    (!r.sku || r.sku === p.sku) &&
    (r.typeShipping === 'state'
      ? r.toCountry === p.country && !!p.state && r.toState.includes(p.state)
      : r.toArrayCountry.includes(p.country) || r.toCountry === p.country)
  );
}

function firstRoute(routes: CatalogSnapshot['routes'] | undefined, p: Parcel, weight: number) {
  if (routes) for (const r of routes) if (routeMatches(r, p, weight)) return r;
  return undefined;
}

/** The allocation for the parcel's bucket; when a carrier or warehouse is inactive, the first usable one. */
function usableAllocation(idx: CatalogIndex, allocations: CatalogSnapshot['routes'][number]['allocations'], bucket: number) {
  let allUsable = true;
  let firstUsable: (typeof allocations)[number] | undefined;
  for (const a of allocations) {
    if (idx.activeCarriers.has(a.carrierId) && idx.activeWarehouses.has(a.warehouseId)) firstUsable ??= a;
    else allUsable = false;
  }
  return allUsable ? pickAllocation(allocations, bucket) : firstUsable;
}

const fail = (error: QuoteError): QuoteResult => ({ ok: false, error });
const noService = (reason: NoServiceReason) => fail({ code: 'NO_SUITABLE_SERVICE', reason });

export function quote(c: CatalogSnapshot, p: Parcel, now: number): QuoteResult {
  if (!(p.weight > 3)) return fail({ code: 'MISSING_WEIGHT' });
  if (!validSize(p.length) || !validSize(p.width) || !validSize(p.height)) return fail({ code: 'INVALID_DIMENSIONS' });

  const idx = indexOf(c);
  const service = idx.serviceByCode.get(p.serviceCode);
  if (!service) return noService('SERVICE_UNKNOWN');
  if (!service.active) return noService('SERVICE_INACTIVE');
  const weight = chargeableWeight(p);

  // Routes are sorted by priority: the first match wins.
  const route = firstRoute(idx.routesByService.get(service.id), p, weight);
  if (!route) return noService('NO_ROUTE');
  const allocation = usableAllocation(idx, route.allocations, p.bucket);
  if (!allocation) return noService('NO_ROUTE');

  const countryIndex = idx.zonesByCountry.get(p.country);
  const pricedZone = (zoneId: string) => !!idx.costByLane.get(allocation.carrierId, service.id, allocation.warehouseId, zoneId)?.find(weight);
  const zone = countryIndex && zoneIn(countryIndex, p.state, p.zipcode, pricedZone);
  if (!zone) return noService('NO_ZONE');

  const sell = idx.sellByService.get(service.id)?.find(weight);
  if (!sell) return noService('NO_SELL_PRICE');
  const cost = idx.costByLane.get(allocation.carrierId, service.id, allocation.warehouseId, zone.id)?.find(weight);
  if (!cost) return noService('NO_CARRIER_PRICE');

  let discount = 0;
  let discountId: string | null = null;
  if (p.discountCode) {
    const d = c.discounts.find((x) => x.code === p.discountCode!.toUpperCase());
    if (!d) return fail({ code: 'DISCOUNT_NOT_FOUND' });
    const refusal = discountRefusal(d, { now, customerId: p.customerId, serviceId: service.id, weight });
    if (refusal) return fail({ code: refusal });
    discount = discountCents(d, sell.shippingFeeCents);
    discountId = d.id;
  }

  const longest = Math.max(p.length, p.width, p.height);
  const shippingFee = sell.shippingFeeCents;
  const seasonalFee = sell.seasonalFeeCents;
  const signatureFee = p.signature ? service.signatureFeeCents : 0;
  const overLengthFee = longest > service.overLengthThresholdCm ? service.overLengthFeeCents : 0;
  const taxable = shippingFee - discount + seasonalFee + signatureFee + overLengthFee;
  const tax = findTax(idx.taxesByCountry.get(p.country) ?? [], p.country, p.state, allocation.carrierId);
  const taxFee = tax ? percentOf(taxable, tax.rateBp) : 0;
  const total = taxable + taxFee;
  const costCents = cost.lastMileCostCents + cost.seasonalCostCents;
  return {
    ok: true,
    quote: {
      serviceId: service.id,
      carrierId: allocation.carrierId,
      warehouseId: allocation.warehouseId,
      zoneId: zone.id,
      routeId: route.id,
      discountId,
      chargeableWeight: weight,
      fees: { shippingFee, seasonalFee, signatureFee, overLengthFee, discount, taxFee, total },
      cost: costCents,
      margin: total - taxFee - costCents,
    },
  };
}

/**
 * The services a customer may use, by code: active, with at least one active routing rule for
 * everyone or naming the customer. A service whose rules are all for other customers is theirs
 * alone and is not shown to this one (rate shopping lists these, each priced by `quote`).
 */
export function offeredServices(c: CatalogSnapshot, customerId: string): CatalogSnapshot['services'] {
  const idx = indexOf(c);
  const offered: CatalogSnapshot['services'] = [];
  for (const service of c.services) {
    if (!service.active) continue;
    const routes = idx.routesByService.get(service.id);
    if (routes?.some((r) => r.users.length === 0 || r.users.includes(customerId))) offered.push(service);
  }
  return offered.sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
}

/** The most specific active tax: carrier + province, carrier + country, province, country. */
export function findTax(taxes: CatalogSnapshot['taxes'], country: string, province: string | undefined, carrierId: string) {
  let best: CatalogSnapshot['taxes'][number] | undefined;
  let bestScore = -1;
  for (const t of taxes) {
    if (!t.active || t.country !== country || (t.province !== null && t.province !== province) || (t.carrierId !== null && t.carrierId !== carrierId)) continue;
    const score = (t.carrierId ? 2 : 0) + (t.province ? 1 : 0);
    if (score > bestScore) {
      best = t;
      bestScore = score;
    }
  }
  return best;
}

/** A stable 0–99 bucket from any key (FNV-1a), so the same order always takes the same share. */
export function bucketOf(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) % 100;
}
