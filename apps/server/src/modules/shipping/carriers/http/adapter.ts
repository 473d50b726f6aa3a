import type { RoutingStatus } from '@exship/contracts';
import { normaliseEvent } from '../plugin';
import { CarrierError, type CarrierAdapter, type TrackResult } from '../types';
import type { OutboundFetch } from '../../../../platform/outbound';

/** The codes of docs/carrier-http-api.md, mapped to the §4 routing statuses (Karrio maps per connector the same way). */
export const HTTP_EVENT_CODES: Readonly<Record<string, RoutingStatus>> = {
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
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const readEvent = (raw: unknown) => normaliseEvent({ eventCodes: HTTP_EVENT_CODES }, raw);

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
      const events = Array.isArray(r.events) ? r.events.map(readEvent) : [];
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
        byNumber.set(n, { trackingNumber: n, found: x.found !== false, events: Array.isArray(x.events) ? x.events.map(readEvent) : [] });
      }
      return items.map((i) => byNumber.get(i.trackingNumber) ?? { trackingNumber: i.trackingNumber, found: false, events: [] });
    },
  };
}
