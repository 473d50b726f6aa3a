import { createHash } from 'node:crypto';
import { ROUTING_STATUSES, type RoutingStatus } from '@exship/contracts';
import { ups1zCheckDigit } from '@exship/domain';
import type { OutboundFetch } from '../../platform/outbound';

// The carrier adapter: one interface (buy a label, void it, fetch tracking in batches), two
// implementations — the offline sandbox and the HTTP carrier of docs/carrier-http-api.md. Like
// Karrio's mapper/proxy split, an adapter only translates; retries and state live in the service.

export interface ShipAddress {
  name: string;
  phone: string;
  address1: string;
  address2: string;
  city: string;
  state: string;
  zip: string;
  country: string;
}

export interface LabelRequest {
  reference: string;
  serviceCode: string;
  weightGr: number;
  lengthCm: number;
  widthCm: number;
  heightCm: number;
  signature: boolean;
  sender: ShipAddress;
  recipient: ShipAddress;
}

export interface CarrierEvent {
  at: Date;
  status: RoutingStatus;
  code: string;
  description: string;
  city: string;
  state: string;
  country: string;
}

export interface BoughtLabel {
  trackingNumber: string;
  shipmentId: string;
  /** The carrier's own label, when it sends one; otherwise the label is drawn locally. */
  labelPdf?: Uint8Array;
  /** Events the carrier already knows (the label's creation). */
  events: CarrierEvent[];
}

export interface TrackItem {
  trackingNumber: string;
  shipmentId: string | null;
  labeledAt: Date;
  recipient: { city: string; state: string; country: string; address1: string };
  origin: { city: string; state: string; country: string };
}
export interface TrackResult {
  trackingNumber: string;
  found: boolean;
  events: CarrierEvent[];
}
export type VoidResult = 'voided' | 'refused' | 'pending';

/** Why a call failed; `retryable` failures are tried again by the job with back-off. */
export type CarrierErrorKind = 'timeout' | 'server' | 'malformed' | 'rate-limited' | 'rejected' | 'unreachable';
export class CarrierError extends Error {
  constructor(
    readonly kind: CarrierErrorKind,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'CarrierError';
  }
  get retryable(): boolean {
    return this.kind !== 'rejected';
  }
}

export interface CarrierAdapter {
  readonly kind: 'sandbox' | 'http';
  buyLabel(req: LabelRequest, idempotencyKey: string): Promise<BoughtLabel>;
  voidLabel(shipment: { trackingNumber: string; shipmentId: string | null }, idempotencyKey: string): Promise<VoidResult>;
  track(items: readonly TrackItem[]): Promise<TrackResult[]>;
}

// ——— sandbox ———————————————————————————————————————————————————————————————————————————————

const HOUR = 3_600_000;
/** The sandbox parcel's journey: hours after the label, routing status, code, description, where. */
const SANDBOX_JOURNEY: readonly { h: number; status: RoutingStatus; code: string; text: string; where: 'origin' | 'hub' | 'airport-out' | 'airport-in' | 'dest' }[] = [
  { h: 0, status: 'pre-shipment', code: 'LC', text: 'Label created, shipment information sent to the carrier', where: 'origin' },
  { h: 6, status: 'pick-up', code: 'PU', text: 'Picked up by the carrier', where: 'origin' },
  { h: 20, status: 'airport-departure', code: 'AD', text: 'Departed the origin airport', where: 'airport-out' },
  { h: 34, status: 'destination-airport', code: 'AA', text: 'Arrived at the destination airport', where: 'airport-in' },
  { h: 44, status: 'us-accepted', code: 'UA', text: 'Accepted at the US warehouse', where: 'airport-in' },
  { h: 60, status: 'in-transit', code: 'IT', text: 'In transit to the destination', where: 'hub' },
  { h: 78, status: 'hub-transferred', code: 'HT', text: 'Transferred at the regional hub', where: 'hub' },
  { h: 96, status: 'out-for-delivered', code: 'OD', text: 'Out for delivery', where: 'dest' },
  { h: 100, status: 'delivered', code: 'DL', text: 'Delivered', where: 'dest' },
];
/** A recipient whose first address line holds this word never gets past "in transit" (to try lost parcels). */
export const SANDBOX_LOST_MARK = 'LOSTPARCEL';

/**
 * The offline sandbox carrier: UPS-style 1Z tracking numbers with their check digit, derived from the
 * idempotency key (a retried purchase gets the same number), labels drawn locally, and routing events
 * computed from the label time, `speed` times faster than real time (1 = a parcel takes 100 hours).
 */
export function sandboxCarrier(opts: { now: () => Date; speed?: number; account?: string }): CarrierAdapter {
  const speed = opts.speed ?? 1;
  const account = (opts.account ?? 'EX5B21').slice(0, 6);
  const eventsOf = (item: TrackItem, until: Date): CarrierEvent[] => {
    const lost = item.recipient.address1.toUpperCase().includes(SANDBOX_LOST_MARK);
    const out: CarrierEvent[] = [];
    for (const step of SANDBOX_JOURNEY) {
      if (lost && step.h > 60) break;
      const at = new Date(item.labeledAt.getTime() + (step.h * HOUR) / speed);
      if (at > until) break;
      const place =
        step.where === 'origin'
          ? item.origin
          : step.where === 'airport-out'
            ? { city: 'Hong Kong', state: '', country: 'HK' }
            : step.where === 'airport-in'
              ? { city: 'Los Angeles', state: 'CA', country: 'US' }
              : step.where === 'hub'
                ? { city: 'Memphis', state: 'TN', country: 'US' }
                : item.recipient;
      out.push({ at, status: step.status, code: step.code, description: step.text, city: place.city, state: place.state, country: place.country });
    }
    return out;
  };
  return {
    kind: 'sandbox',
    async buyLabel(req, key) {
      const digest = createHash('sha256').update(key).digest();
      const pkg = String(digest.readUInt32BE(0) % 10_000_000).padStart(7, '0');
      const service = req.serviceCode.length >= 2 && /^[0-9A-Z]{2}/.test(req.serviceCode.toUpperCase()) ? req.serviceCode.toUpperCase().slice(0, 2) : '03';
      const body = `${account}${service}${pkg}`;
      const trackingNumber = `1Z${body}${ups1zCheckDigit(body)}`;
      const labeledAt = opts.now();
      const first = eventsOf({ trackingNumber, shipmentId: null, labeledAt, recipient: { ...req.recipient }, origin: req.sender }, labeledAt);
      return { trackingNumber, shipmentId: `SBX-${digest.toString('hex').slice(0, 16)}`, events: first };
    },
    async voidLabel() {
      return 'voided';
    },
    async track(items) {
      const now = opts.now();
      return items.map((item) => ({ trackingNumber: item.trackingNumber, found: true, events: eventsOf(item, now) }));
    },
  };
}

// ——— HTTP carrier ——————————————————————————————————————————————————————————————————————————

/** Raw codes some carriers send, mapped to the §4 routing statuses (Karrio maps per connector the same way). */
const CODE_MAP: Record<string, RoutingStatus> = {
  LC: 'pre-shipment',
  MP: 'pre-shipment',
  PU: 'pick-up',
  OR: 'pick-up',
  AD: 'airport-departure',
  AA: 'destination-airport',
  UA: 'us-accepted',
  AR: 'in-transit',
  DP: 'in-transit',
  IT: 'in-transit',
  HT: 'hub-transferred',
  OD: 'out-for-delivered',
  OT: 'out-for-delivered',
  DL: 'delivered',
  D: 'delivered',
  UD: 'undelivered',
  EX: 'exception',
  X: 'exception',
  RS: 'alert',
};
const isRoutingStatus = (s: unknown): s is RoutingStatus => typeof s === 'string' && (ROUTING_STATUSES as readonly string[]).includes(s);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

export function normaliseEvent(raw: unknown): CarrierEvent {
  if (!raw || typeof raw !== 'object') throw new CarrierError('malformed', 'an event is not an object');
  const e = raw as Record<string, unknown>;
  const at = new Date(str(e.at));
  if (Number.isNaN(at.getTime())) throw new CarrierError('malformed', 'an event has no valid time');
  const code = str(e.code).toUpperCase().slice(0, 32);
  const status: RoutingStatus = isRoutingStatus(e.status) ? e.status : (CODE_MAP[code] ?? 'in-transit');
  return { at, status, code: code || status, description: str(e.description).slice(0, 500), city: str(e.city).slice(0, 100), state: str(e.state).slice(0, 100), country: str(e.country).slice(0, 2) };
}

export interface HttpCarrierOptions {
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
  /** The app's outbound client (platform/outbound.ts): public addresses only, checked at connect; no redirects. */
  fetch: OutboundFetch;
}

/** The HTTP carrier adapter (docs/carrier-http-api.md): bearer key, Idempotency-Key on writes, JSON both ways. */
export function httpCarrier(opts: HttpCarrierOptions): CarrierAdapter {
  const doFetch = opts.fetch;
  const base = opts.baseUrl.replace(/\/+$/, '');
  async function call(path: string, body: unknown, key?: string): Promise<Record<string, unknown>> {
    let res: Response;
    try {
      res = await doFetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${opts.apiKey}`, ...(key ? { 'idempotency-key': key } : {}) },
        body: JSON.stringify(body),
        timeoutMs: opts.timeoutMs,
      });
    } catch (err) {
      const name = (err as Error).name;
      if (name === 'TimeoutError' || name === 'AbortError') throw new CarrierError('timeout', `no answer within ${opts.timeoutMs} ms`);
      throw new CarrierError('unreachable', `carrier unreachable: ${(err as Error).message}`);
    }
    const text = await res.text().catch(() => '');
    if (res.status === 429) {
      const after = Number(res.headers.get('retry-after'));
      throw new CarrierError('rate-limited', 'rate limited by the carrier', Number.isFinite(after) && after > 0 ? after : undefined);
    }
    if (res.status >= 500) throw new CarrierError('server', `carrier error ${res.status}`);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new CarrierError('malformed', `the carrier's reply is not JSON (HTTP ${res.status})`);
    }
    if (!json || typeof json !== 'object') throw new CarrierError('malformed', 'the carrier\'s reply is not an object');
    const obj = json as Record<string, unknown>;
    if (res.status >= 400) throw new CarrierError('rejected', str(obj.message).slice(0, 300) || `refused with HTTP ${res.status}`);
    return obj;
  }
  return {
    kind: 'http',
    async buyLabel(req, key) {
      const r = await call('/v1/labels', req, key);
      const trackingNumber = str(r.trackingNumber);
      if (!/^[0-9A-Z]{8,34}$/.test(trackingNumber)) throw new CarrierError('malformed', 'the reply has no valid trackingNumber');
      let labelPdf: Uint8Array | undefined;
      if (r.labelPdfBase64 !== undefined) {
        const bytes = Buffer.from(str(r.labelPdfBase64), 'base64');
        if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-') throw new CarrierError('malformed', 'labelPdfBase64 is not a PDF');
        labelPdf = new Uint8Array(bytes);
      }
      const events = Array.isArray(r.events) ? r.events.map(normaliseEvent) : [];
      return { trackingNumber, shipmentId: str(r.shipmentId) || trackingNumber, labelPdf, events };
    },
    async voidLabel(shipment, key) {
      const r = await call(`/v1/labels/${encodeURIComponent(shipment.shipmentId ?? shipment.trackingNumber)}/void`, { trackingNumber: shipment.trackingNumber }, key);
      const status = str(r.status);
      if (status !== 'voided' && status !== 'refused' && status !== 'pending') throw new CarrierError('malformed', 'the void reply has no valid status');
      return status;
    },
    async track(items) {
      const r = await call('/v1/tracking', { trackingNumbers: items.map((i) => i.trackingNumber) });
      if (!Array.isArray(r.results)) throw new CarrierError('malformed', 'the tracking reply has no results');
      const byNumber = new Map<string, TrackResult>();
      for (const raw of r.results as unknown[]) {
        const x = (raw ?? {}) as Record<string, unknown>;
        const n = str(x.trackingNumber);
        byNumber.set(n, { trackingNumber: n, found: x.found !== false, events: Array.isArray(x.events) ? x.events.map(normaliseEvent) : [] });
      }
      return items.map((i) => byNumber.get(i.trackingNumber) ?? { trackingNumber: i.trackingNumber, found: false, events: [] });
    },
  };
}
