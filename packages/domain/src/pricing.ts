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
 * The zones of one country, ready for lookup. The zip ranges are cut into segments where no range
 * starts or ends, each listing the zones covering it in lookup order (every zip range in zone order:
 * a zip-range match wins, the first zone listed first), so a destination finds its zones by halving
 * instead of scanning every range. Then zones by state, then a zone with neither (the whole country).
 */
interface CountryZones {
  /** Segment i covers zips [segmentFrom[i], segmentFrom[i + 1]); the last one runs past every range. */
  segmentFrom: Float64Array;
  /** The covering zones of each segment, in lookup order, each once (empty where no range covers). */
  segmentZones: Zone[][];
  byState: Map<string, Zone>;
  whole: Zone | undefined;
}

function countryZones(zones: readonly Zone[]): CountryZones {
  const ranged = zones.flatMap((z) => z.ranges.map((r) => ({ r, z })));
  // A destination's zip number is a whole number (zipNumber), and ranges include both ends: what
  // covers a zip changes only at a range's first whole zip and at the one after its last.
  const opens = new Map<number, number[]>();
  const closes = new Map<number, number[]>();
  const at = (m: Map<number, number[]>, edge: number, i: number) => (m.get(edge) ?? m.set(edge, []).get(edge)!).push(i);
  ranged.forEach(({ r }, i) => {
    const first = Math.ceil(r.from);
    const after = Math.floor(r.to) + 1;
    if (!(first < after)) return;
    at(opens, first, i);
    at(closes, after, i);
  });
  const edges = [...new Set([...opens.keys(), ...closes.keys()])].sort((a, b) => a - b);
  const covering = new Set<number>();
  const segmentZones = edges.map((edge) => {
    for (const i of closes.get(edge) ?? []) covering.delete(i);
    for (const i of opens.get(edge) ?? []) covering.add(i);
    return [...new Set([...covering].sort((a, b) => a - b).map((i) => ranged[i]!.z))];
  });
  const byState = new Map<string, Zone>();
  for (const z of zones) if (z.ranges.length === 0) for (const st of z.states) if (!byState.has(st)) byState.set(st, z);
  return {
    segmentFrom: Float64Array.from(edges),
    segmentZones,
    byState,
    whole: zones.find((z) => z.ranges.length === 0 && z.states.length === 0),
  };
}

const NO_ZONES: Zone[] = [];

/** The zones whose zip ranges cover `n`, in lookup order. */
function zonesCovering(cz: CountryZones, n: number): Zone[] {
  const from = cz.segmentFrom;
  let lo = 0;
  let hi = from.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    if (from[mid]! <= n) lo = mid + 1;
    else hi = mid - 1;
  }
  return hi >= 0 ? cz.segmentZones[hi]! : NO_ZONES;
}

/**
 * The zone of a destination. Zones are shared by every carrier and may overlap (two carriers' zone
 * charts over the same zips): with `priced`, the first covering zone the lane has costs for wins, in
 * the same order (zip ranges, then the state, then the whole country); when none is priced, the
 * first covering zone, so the quote says the carrier has no cost there.
 */
function zoneIn(cz: CountryZones, state: string | undefined, zip: string, priced?: (zoneId: string) => boolean): Zone | undefined {
  const covering = zonesCovering(cz, zipNumber(zip));
  if (priced) for (let i = 0; i < covering.length; i++) if (priced(covering[i]!.id)) return covering[i];
  const byState = state ? cz.byState.get(state) : undefined;
  if (priced) {
    if (byState && priced(byState.id)) return byState;
    if (cz.whole && priced(cz.whole.id)) return cz.whole;
  }
  return covering[0] ?? byState ?? cz.whole;
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

/**
 * Brackets of one lane sorted by `from`. Half-open: [from, to). A table of equal, back-to-back
 * brackets (every 500 g, every 1 kg: the usual shape) finds the weight's bracket by arithmetic;
 * any other table by halving.
 */
class Brackets<T extends { from: number; to: number }> {
  private readonly rows: T[] = [];
  /** Width of every bracket when they are equal and back to back; 0 otherwise. */
  private step = 0;
  /** Two brackets share a weight (refused at import; older tables may still hold such rows). */
  private overlapping = false;
  add(row: T) {
    this.rows.push(row);
  }
  seal() {
    const rows = this.rows;
    rows.sort((a, b) => a.from - b.from);
    let reach = -Infinity;
    for (const r of rows) {
      if (r.from < reach) this.overlapping = true;
      if (r.to > reach) reach = r.to;
    }
    const step = rows.length > 0 ? rows[0]!.to - rows[0]!.from : 0;
    const even = step > 0 && rows.every((r, i) => r.to - r.from === step && (i === 0 || r.from === rows[i - 1]!.to));
    this.step = even && !this.overlapping ? step : 0;
  }
  find(weight: number): T | undefined {
    const rows = this.rows;
    if (this.step > 0) {
      const row = rows[Math.floor((weight - rows[0]!.from) / this.step)];
      if (row && inBracket(row, weight)) return row;
    }
    let lo = 0;
    let hi = rows.length - 1;
    // The last bracket starting at or below the weight: without overlaps, the only candidate.
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      if (rows[mid]!.from <= weight) lo = mid + 1;
      else hi = mid - 1;
    }
    const row = hi >= 0 ? rows[hi] : undefined;
    if (row && inBracket(row, weight)) return row;
    return this.overlapping ? rows.find((b) => inBracket(b, weight)) : undefined;
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
    return this.level(k1, k2, k3)?.get(k4);
  }
  /** The values under the first three keys, by the fourth. */
  level(k1: string, k2: string, k3: string): Map<string, V> | undefined {
    const a = this.root.get(k1) as Map<string, Map<string, Map<string, V>>> | undefined;
    return a?.get(k2)?.get(k3);
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
  byId: CatalogById;
  routesByService: Map<string, CatalogSnapshot['routes']>;
  sellByService: Map<string, Brackets<CatalogSnapshot['servicePrices'][number]>>;
  /** carrier → service → warehouse → zone → cost brackets */
  costByLane: Nested<Brackets<CatalogSnapshot['carrierPrices'][number]>>;
  activeCarriers: Set<string>;
  activeWarehouses: Set<string>;
  zonesByCountry: Map<string, CountryZones>;
  taxesByCountry: Map<string, CatalogSnapshot['taxes']>;
}

/** The snapshot's services, carriers, warehouses and zones by id. */
export interface CatalogById {
  services: Map<string, CatalogSnapshot['services'][number]>;
  carriers: Map<string, CatalogSnapshot['carriers'][number]>;
  warehouses: Map<string, CatalogSnapshot['warehouses'][number]>;
  zones: Map<string, CatalogSnapshot['zones'][number]>;
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
      byId: {
        services: new Map(c.services.map((x) => [x.id, x])),
        carriers: new Map(c.carriers.map((x) => [x.id, x])),
        warehouses: new Map(c.warehouses.map((x) => [x.id, x])),
        zones: new Map(c.zones.map((x) => [x.id, x])),
      },
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

  // The lane's cost tables by zone, looked up once. The zone search keeps the cost row it tried last:
  // the chosen zone's when it is priced (the search stops there), none when no covering zone is.
  const lane = idx.costByLane.level(allocation.carrierId, service.id, allocation.warehouseId);
  let cost: CatalogSnapshot['carrierPrices'][number] | undefined;
  const pricedZone = (zoneId: string) => (cost = lane?.get(zoneId)?.find(weight)) !== undefined;
  const countryIndex = idx.zonesByCountry.get(p.country);
  const zone = countryIndex && zoneIn(countryIndex, p.state, p.zipcode, pricedZone);
  if (!zone) return noService('NO_ZONE');

  const sell = idx.sellByService.get(service.id)?.find(weight);
  if (!sell) return noService('NO_SELL_PRICE');
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

/** The snapshot's services, carriers, warehouses and zones by id (built once per snapshot). */
export function catalogById(c: CatalogSnapshot): CatalogById {
  return indexOf(c).byId;
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
