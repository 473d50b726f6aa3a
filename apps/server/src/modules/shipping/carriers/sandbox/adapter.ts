import { createHash } from 'node:crypto';
import type { RoutingStatus } from '@exship/contracts';
import { ups1zCheckDigit } from '@exship/domain';
import type { CarrierAdapter, CarrierEvent, TrackItem } from '../types';

const HOUR = 3_600_000;
type Where = 'origin' | 'hub' | 'dest';
/**
 * The sandbox parcel's journey, in the order a cross-border parcel really travels: hours after the
 * label, routing status, code, description, where. The two flight steps are left out when the
 * parcel is handed over in the hub's own country (no border to cross).
 */
const SANDBOX_JOURNEY: readonly { h: number; status: RoutingStatus; code: string; text: string; where: Where; flight?: true }[] = [
  { h: 0, status: 'pre-shipment', code: 'LC', text: 'Label created, shipment information sent to the carrier', where: 'origin' },
  { h: 6, status: 'pick-up', code: 'PU', text: 'Accepted at the origin warehouse', where: 'origin' },
  { h: 20, status: 'airport-departure', code: 'AD', text: 'Export cleared, departed on a flight to the US', where: 'origin', flight: true },
  { h: 34, status: 'destination-airport', code: 'AA', text: 'Arrived at the US hub airport', where: 'hub', flight: true },
  { h: 44, status: 'us-accepted', code: 'UA', text: 'Accepted at the US hub', where: 'hub' },
  { h: 60, status: 'in-transit', code: 'IT', text: 'Handed to the last-mile carrier, in transit to the destination', where: 'hub' },
  { h: 78, status: 'hub-transferred', code: 'HT', text: 'Arrived at the delivery station', where: 'dest' },
  { h: 96, status: 'out-for-delivered', code: 'OD', text: 'Out for delivery', where: 'dest' },
  { h: 100, status: 'delivered', code: 'DL', text: 'Delivered', where: 'dest' },
];
/** The US hub a parcel enters through when its label does not name one (labels bought before hubs were kept). */
const DEFAULT_HUB = { city: 'Los Angeles', state: 'CA', country: 'US' };
/** A recipient whose first address line holds this word never gets past "in transit" (to try lost parcels). */
export const SANDBOX_LOST_MARK = 'LOSTPARCEL';

/** The hour of the journey the carrier takes the parcel over (its first event after the label). */
const HANDOVER_H = SANDBOX_JOURNEY[1]!.h;

/**
 * The offline sandbox carrier: UPS-style 1Z tracking numbers with their check digit, derived from the
 * idempotency key (a retried purchase gets the same number), labels drawn locally, and routing events
 * computed from the label time, `speed` times faster than real time (1 = a parcel takes 100 hours).
 *
 * A cross-border parcel goes through our origin warehouse first: the carrier has it only once it left
 * there (`leftOriginAt`: checked out on the floor, or departed on a freight). Until then its only
 * event is the label's; from then on the journey runs from that moment (the hand-over at departure).
 * A caller that does not say (`leftOriginAt` left out) gets the journey timed from the label.
 */
export function sandboxCarrier(opts: { now: () => Date; speed?: number; account?: string }): CarrierAdapter {
  const speed = opts.speed ?? 1;
  const account = (opts.account ?? 'EX5B21').slice(0, 6);
  const eventsOf = (item: TrackItem, until: Date): CarrierEvent[] => {
    const lost = item.recipient.address1.toUpperCase().includes(SANDBOX_LOST_MARK);
    const hub = item.hub ?? DEFAULT_HUB;
    const crossBorder = item.origin.country !== hub.country;
    const places: Record<Where, { city: string; state: string; country: string }> = { origin: item.origin, hub, dest: item.recipient };
    const out: CarrierEvent[] = [];
    // Not the carrier's yet: still in (or on its way to) our origin warehouse.
    const held = crossBorder && item.leftOriginAt === null;
    const handover = crossBorder && item.leftOriginAt ? item.leftOriginAt.getTime() : item.labeledAt.getTime() + (HANDOVER_H * HOUR) / speed;
    for (const step of SANDBOX_JOURNEY) {
      if (lost && step.h > 60) break;
      if (step.flight && !crossBorder) continue;
      if (held && step.h > 0) break;
      const at = new Date(step.h === 0 ? item.labeledAt.getTime() : handover + ((step.h - HANDOVER_H) * HOUR) / speed);
      if (at > until) break;
      const place = places[step.where];
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
      const first = eventsOf({ trackingNumber, shipmentId: null, labeledAt, recipient: { ...req.recipient }, origin: req.origin ?? req.sender, hub: req.hub ?? undefined }, labeledAt);
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
