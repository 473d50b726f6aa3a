import { createHash } from 'node:crypto';
import type { RoutingStatus } from '@exship/contracts';
import { ups1zCheckDigit } from '@exship/domain';
import type { CarrierAdapter, CarrierEvent, TrackItem } from '../types';

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


/** The sandbox's own event codes, as its journey uses them. */
export const SANDBOX_EVENT_CODES: Readonly<Record<string, RoutingStatus>> = Object.fromEntries(SANDBOX_JOURNEY.map((s) => [s.code, s.status]));
