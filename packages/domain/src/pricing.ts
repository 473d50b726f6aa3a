import { inBracket } from './brackets';
import { discountCents, discountRefusal, percentOf, type DiscountRefusal, type DiscountRule } from './discount';

// The quote (issue #3): pure, from a catalog snapshot. Money in integer cents, weights in grams,
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
  }[];
  warehouses: { id: string; code: string; name: string; active: boolean }[];
  zones: { id: string; code: string; name: string; country: string; states: string[]; ranges: { from: bigint; to: bigint }[]; active: boolean }[];
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
export function zipNumber(zip: string): bigint {
  return BigInt(zip.replace(/\D/g, '').slice(0, 5) || '0');
}

/** The zone for a destination: a zip-range match wins over a state match. */
export function findZone(zones: CatalogSnapshot['zones'], country: string, state: string | undefined, zip: string) {
  const candidates = zones.filter((z) => z.active && z.country === country);
  const n = zipNumber(zip);
  return (
    candidates.find((z) => z.ranges.some((r) => n >= r.from && n <= r.to)) ??
    (state ? candidates.find((z) => z.ranges.length === 0 && z.states.includes(state)) : undefined) ??
    candidates.find((z) => z.ranges.length === 0 && z.states.length === 0)
  );
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

/** Lookups built once per snapshot, so a quote does not scan every price row. */
interface CatalogIndex {
  serviceByCode: Map<string, CatalogSnapshot['services'][number]>;
  routesByService: Map<string, CatalogSnapshot['routes']>;
  sellByService: Map<string, CatalogSnapshot['servicePrices']>;
  costByLane: Map<string, CatalogSnapshot['carrierPrices']>;
  activeCarriers: Set<string>;
  activeWarehouses: Set<string>;
  zonesByCountry: Map<string, CatalogSnapshot['zones']>;
  taxesByCountry: Map<string, CatalogSnapshot['taxes']>;
}

const indexes = new WeakMap<CatalogSnapshot, CatalogIndex>();
const laneKey = (carrierId: string, serviceId: string, warehouseId: string, zoneId: string) => `${carrierId}|${serviceId}|${warehouseId}|${zoneId}`;

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
    idx = {
      serviceByCode: new Map(c.services.map((s) => [s.code, s])),
      routesByService,
      sellByService: group(c.servicePrices.filter((b) => b.active), (b) => b.serviceId),
      costByLane: group(c.carrierPrices.filter((b) => b.active), (b) => laneKey(b.carrierId, b.serviceId, b.warehouseId, b.zoneId)),
      activeCarriers: new Set(c.carriers.filter((x) => x.active).map((x) => x.id)),
      activeWarehouses: new Set(c.warehouses.filter((x) => x.active).map((x) => x.id)),
      zonesByCountry: group(c.zones.filter((z) => z.active), (z) => z.country),
      taxesByCountry: group(c.taxes.filter((x) => x.active), (x) => x.country),
    };
    indexes.set(c, idx);
  }
  return idx;
}

const fail = (error: QuoteError): QuoteResult => ({ ok: false, error });
const noService = (reason: NoServiceReason) => fail({ code: 'NO_SUITABLE_SERVICE', reason });

export function quote(c: CatalogSnapshot, p: Parcel, now: number): QuoteResult {
  if (!(p.weight > 3)) return fail({ code: 'MISSING_WEIGHT' });
  if (![p.length, p.width, p.height].every((d) => d > 0.25 && d < 99_999)) return fail({ code: 'INVALID_DIMENSIONS' });

  const idx = indexOf(c);
  const service = idx.serviceByCode.get(p.serviceCode);
  if (!service) return noService('SERVICE_UNKNOWN');
  if (!service.active) return noService('SERVICE_INACTIVE');
  const weight = chargeableWeight(p);

  // Routes are sorted by priority: the first match wins.
  const route = (idx.routesByService.get(service.id) ?? []).find(
      (r) =>
        weight >= r.minWeight &&
        weight < r.maxWeight &&
        (r.users.length === 0 || r.users.includes(p.customerId)) &&
        (!r.sku || r.sku === p.sku) &&
        (r.typeShipping === 'state'
          ? r.toCountry === p.country && !!p.state && r.toState.includes(p.state)
          : r.toArrayCountry.includes(p.country) || r.toCountry === p.country),
  );
  if (!route) return noService('NO_ROUTE');
  const usable = route.allocations.filter((a) => idx.activeCarriers.has(a.carrierId) && idx.activeWarehouses.has(a.warehouseId));
  const allocation = usable.length === route.allocations.length ? pickAllocation(usable, p.bucket) : usable[0];
  if (!allocation) return noService('NO_ROUTE');

  const zone = findZone(idx.zonesByCountry.get(p.country) ?? [], p.country, p.state, p.zipcode);
  if (!zone) return noService('NO_ZONE');

  const sell = idx.sellByService.get(service.id)?.find((b) => inBracket(b, weight));
  if (!sell) return noService('NO_SELL_PRICE');
  const cost = idx.costByLane.get(laneKey(allocation.carrierId, service.id, allocation.warehouseId, zone.id))?.find((b) => inBracket(b, weight));
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
  const fees = {
    shippingFee: sell.shippingFeeCents,
    seasonalFee: sell.seasonalFeeCents,
    signatureFee: p.signature ? service.signatureFeeCents : 0,
    overLengthFee: longest > service.overLengthThresholdCm ? service.overLengthFeeCents : 0,
    discount,
  };
  const taxable = fees.shippingFee - fees.discount + fees.seasonalFee + fees.signatureFee + fees.overLengthFee;
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
      fees: { ...fees, taxFee, total },
      cost: costCents,
      margin: total - taxFee - costCents,
    },
  };
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
