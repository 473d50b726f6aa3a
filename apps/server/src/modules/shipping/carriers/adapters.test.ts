import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUps1z } from '@exship/domain';
import { createOutbound } from '../../../platform/outbound';
import { httpCarrier } from './http';
import { startFakeCarrier, type FakeCarrier } from './http/fake-server';
import { sandboxCarrier } from './sandbox';
import { CarrierError, type LabelRequest } from './types';

// The HTTP carrier adapter against a local fake carrier (docs/carrier-http-api.md): success and every
// failure the issue names, each mapped to a CarrierError kind the purchase job acts on.
let fake: FakeCarrier;
const address = { name: 'Jane Buyer', phone: '', address1: '100 Main St', address2: '', city: 'Los Angeles', state: 'CA', zip: '90001', country: 'US' };
const req: LabelRequest = { reference: 'EX0000000001', serviceCode: 'STD', weightGr: 800, lengthCm: 20, widthCm: 15, heightCm: 10, signature: false, sender: { ...address, name: 'ExShip LAX1' }, recipient: address, customs: [{ description: 'T-shirt (cotton)', hsCode: '610910', quantity: 2, valueUsdCents: 2400, originCountry: 'VN', weightGr: 400 }] };
/** The outbound client with the fake carrier (and a port nothing listens on) allow-listed. */
const allowed = () => createOutbound({ outboundAllowHosts: [new URL(fake.url).host, '127.0.0.1:9'] }).fetch;
const carrier = (timeoutMs = 1500) => httpCarrier({ baseUrl: fake.url, apiKey: fake.apiKey, timeoutMs, fetch: allowed() });
const failureOf = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (err) {
    return err as CarrierError;
  }
  throw new Error('expected a failure');
};

beforeAll(async () => {
  fake = await startFakeCarrier({ hangMs: 800 });
});
afterAll(() => fake?.close());

describe('HTTP carrier adapter', () => {
  it('buys a label: a valid tracking number, the idempotency key sent, the first event normalised', async () => {
    const label = await carrier().buyLabel(req, 'key-success-1');
    expect(isUps1z(label.trackingNumber)).toBe(true);
    expect(label.shipmentId).toMatch(/^SHP-/);
    expect(label.events[0]).toMatchObject({ status: 'pre-shipment', code: 'MP', description: 'Manifest received' });
    expect(fake.calls.at(-1)).toEqual({ path: '/v1/labels', key: 'key-success-1' });
  });

  it('a retried purchase with the same key gets the same label: the carrier sold one', async () => {
    const before = fake.labels.size;
    const a = await carrier().buyLabel(req, 'key-retry-1');
    const b = await carrier().buyLabel(req, 'key-retry-1');
    expect(b.trackingNumber).toBe(a.trackingNumber);
    expect(fake.labels.size).toBe(before + 1);
  });

  it('a carrier that created the label but answered too late: the retry gets that label, not a second one', async () => {
    const before = fake.labels.size;
    fake.failNext('slow-create');
    const err = await failureOf(carrier(300).buyLabel(req, 'key-slow-1'));
    expect(err).toBeInstanceOf(CarrierError);
    expect(err.kind).toBe('timeout');
    expect(err.retryable).toBe(true);
    const again = await carrier().buyLabel(req, 'key-slow-1');
    expect(fake.labels.size).toBe(before + 1);
    expect(again.trackingNumber).toBe(fake.labels.get('key-slow-1')!.trackingNumber);
  });

  it('maps each failure: timeout, 5xx, malformed reply, rate limit (with Retry-After), refusal', async () => {
    const cases: [Parameters<FakeCarrier['failNext']>[0], string, boolean][] = [
      ['timeout', 'timeout', true],
      ['5xx', 'server', true],
      ['malformed', 'malformed', true],
      ['rate-limit', 'rate-limited', true],
      ['reject', 'rejected', false],
    ];
    for (const [failure, kind, retryable] of cases) {
      fake.failNext(failure);
      const err = await failureOf(carrier(300).buyLabel(req, `key-${failure}`));
      expect(err.kind, failure).toBe(kind);
      expect(err.retryable, failure).toBe(retryable);
      if (failure === 'rate-limit') expect(err.retryAfterSeconds).toBe(2);
      if (failure === 'reject') expect(err.message).toBe('recipient postal code not served');
    }
  });

  it('a wrong API key is a refusal, not a retry', async () => {
    const err = await failureOf(httpCarrier({ baseUrl: fake.url, apiKey: 'wrong-key-123', timeoutMs: 1000, fetch: allowed() }).buyLabel(req, 'key-auth'));
    expect(err.kind).toBe('rejected');
  });

  it('an unreachable carrier is a retryable failure', async () => {
    const err = await failureOf(httpCarrier({ baseUrl: 'http://127.0.0.1:9', apiKey: 'k-12345678', timeoutMs: 1000, fetch: allowed() }).buyLabel(req, 'key-down'));
    expect(err.kind).toBe('unreachable');
    expect(err.retryable).toBe(true);
  });

  it('calls go through the outbound client: a loopback carrier that is not allow-listed is never reached', async () => {
    const calls = fake.calls.length;
    const err = await failureOf(httpCarrier({ baseUrl: fake.url, apiKey: fake.apiKey, timeoutMs: 1000, fetch: createOutbound({ outboundAllowHosts: [] }).fetch }).buyLabel(req, 'key-refused'));
    expect(err.kind).toBe('unreachable');
    expect(err.message).toMatch(/not a public address/);
    expect(fake.calls.length).toBe(calls);
  });

  it('voids: voided, refused or pending as the carrier says', async () => {
    const label = await carrier().buyLabel(req, 'key-void-1');
    const shipment = { trackingNumber: label.trackingNumber, shipmentId: label.shipmentId };
    fake.failNext('void-refused');
    expect(await carrier().voidLabel(shipment, 'v1')).toBe('refused');
    fake.failNext('void-pending');
    expect(await carrier().voidLabel(shipment, 'v2')).toBe('pending');
    expect(await carrier().voidLabel(shipment, 'v3')).toBe('voided');
    expect(fake.labels.get('key-void-1')!.voided).toBe(true);
  });

  it('tracks in one call per batch: carrier codes mapped to routing statuses, unknown numbers not found', async () => {
    const label = await carrier().buyLabel(req, 'key-track-1');
    fake.events.set(label.trackingNumber, [
      { at: '2026-11-02T10:00:00Z', code: 'PU', description: 'Picked up', city: 'Los Angeles', state: 'CA', country: 'US' },
      { at: '2026-11-03T10:00:00Z', code: 'ZZ', status: 'out-for-delivered', description: 'On the truck', city: 'Los Angeles', state: 'CA', country: 'US' },
    ]);
    const calls = fake.calls.length;
    const item = (n: string) => ({ trackingNumber: n, shipmentId: null, labeledAt: new Date(), recipient: { city: '', state: '', country: 'US', address1: '' }, origin: { city: '', state: '', country: 'US' } });
    const [known, unknown] = await carrier().track([item(label.trackingNumber), item('1Z5R89390357567127')]);
    expect(fake.calls.length).toBe(calls + 1);
    expect(known!.events.map((e) => e.status)).toEqual(['pick-up', 'out-for-delivered']);
    expect(unknown).toEqual({ trackingNumber: '1Z5R89390357567127', found: false, events: [] });
  });
});

describe('sandbox carrier', () => {
  it('derives the tracking number from the idempotency key (same key, same number) with a valid check digit', async () => {
    const sandbox = sandboxCarrier({ now: () => new Date('2026-11-02T10:00:00Z') });
    const a = await sandbox.buyLabel(req, 'purchase-a');
    const b = await sandbox.buyLabel(req, 'purchase-a');
    const c = await sandbox.buyLabel(req, 'purchase-c');
    expect(isUps1z(a.trackingNumber)).toBe(true);
    expect(b.trackingNumber).toBe(a.trackingNumber);
    expect(c.trackingNumber).not.toBe(a.trackingNumber);
    expect(a.events.map((e) => e.status)).toEqual(['pre-shipment']);
  });

  // A cross-border parcel, in the order it really travels: accepted at the origin warehouse's city,
  // exported and flown out from there, arrived at the US hub, last mile, delivered.
  it('a cross-border parcel travels origin → flight → US hub → last mile → delivered, each event where it happens', async () => {
    const labeledAt = new Date('2026-11-02T10:00:00Z');
    const item = {
      trackingNumber: '1ZEX5B2103000000X',
      shipmentId: null,
      labeledAt,
      recipient: { city: 'Austin', state: 'TX', country: 'US', address1: '1 Main St' },
      origin: { city: 'Ho Chi Minh City', state: '', country: 'VN' },
      hub: { city: 'Los Angeles', state: 'CA', country: 'US' },
    };
    const sandbox = sandboxCarrier({ now: () => new Date(labeledAt.getTime() + 100 * 3_600_000) });
    const events = (await sandbox.track([item]))[0]!.events;
    expect(events.map((e) => [e.status, e.city])).toEqual([
      ['pre-shipment', 'Ho Chi Minh City'],
      ['pick-up', 'Ho Chi Minh City'],
      ['airport-departure', 'Ho Chi Minh City'],
      ['destination-airport', 'Los Angeles'],
      ['us-accepted', 'Los Angeles'],
      ['in-transit', 'Los Angeles'],
      ['hub-transferred', 'Austin'],
      ['out-for-delivered', 'Austin'],
      ['delivered', 'Austin'],
    ]);
    // Nothing happens in the US before the parcel left the origin, and no city the parcel never saw.
    const departed = events.findIndex((e) => e.status === 'airport-departure');
    expect(events.slice(0, departed + 1).every((e) => e.country === 'VN')).toBe(true);
    expect(events.map((e) => e.city)).not.toContain('Hong Kong');
    expect(events.find((e) => e.status === 'pick-up')!.description).toMatch(/origin warehouse/);
  });

  it('a cross-border parcel is the carrier\'s only once it left our origin warehouse: until then, the label alone', async () => {
    const labeledAt = new Date('2026-11-02T10:00:00Z');
    const item = {
      trackingNumber: '1ZEX5B2103000000X',
      shipmentId: null,
      labeledAt,
      recipient: { city: 'Austin', state: 'TX', country: 'US', address1: '1 Main St' },
      origin: { city: 'Ho Chi Minh City', state: '', country: 'VN' },
      hub: { city: 'Los Angeles', state: 'CA', country: 'US' },
    };
    const at = (h: number) => new Date(labeledAt.getTime() + h * 3_600_000);
    let now = at(200);
    const sandbox = sandboxCarrier({ now: () => now });
    // Days later and still in the warehouse: nothing but the label.
    expect((await sandbox.track([{ ...item, leftOriginAt: null }]))[0]!.events.map((e) => e.status)).toEqual(['pre-shipment']);
    // Checked out 30 hours after the label: the carrier takes it over then, and the journey runs from there.
    const left = at(30);
    now = at(31);
    const first = (await sandbox.track([{ ...item, leftOriginAt: left }]))[0]!.events;
    expect(first.map((e) => [e.status, e.at.toISOString()])).toEqual([
      ['pre-shipment', labeledAt.toISOString()],
      ['pick-up', left.toISOString()],
    ]);
    now = at(30 + 94);
    const all = (await sandbox.track([{ ...item, leftOriginAt: left }]))[0]!.events;
    expect(all.at(-1)).toMatchObject({ status: 'delivered', at: now });
    expect(all.slice(1).every((e) => e.at >= left)).toBe(true);
    // Sped up, the same: held, then from the departure on.
    const fast = sandboxCarrier({ now: () => new Date(labeledAt.getTime() + 1_000_000), speed: 3600 });
    expect((await fast.track([{ ...item, leftOriginAt: null }]))[0]!.events).toHaveLength(1);
    const fastLeft = new Date(labeledAt.getTime() + 900_000);
    const moved = (await fast.track([{ ...item, leftOriginAt: fastLeft }]))[0]!.events;
    expect(moved.at(-1)!.status).toBe('delivered');
    expect(moved[1]).toMatchObject({ status: 'pick-up', at: fastLeft });
  });

  it('a parcel handed over in the US (no origin abroad) takes no flight', async () => {
    const labeledAt = new Date('2026-11-02T10:00:00Z');
    const item = { trackingNumber: '1ZEX5B2103000000X', shipmentId: null, labeledAt, recipient: { city: 'Austin', state: 'TX', country: 'US', address1: '1 Main St' }, origin: { city: 'Newark', state: 'NJ', country: 'US' } };
    const events = (await sandboxCarrier({ now: () => new Date(labeledAt.getTime() + 100 * 3_600_000) }).track([item]))[0]!.events;
    expect(events.map((e) => e.status)).toEqual(['pre-shipment', 'pick-up', 'us-accepted', 'in-transit', 'hub-transferred', 'out-for-delivered', 'delivered']);
    expect(events[0]).toMatchObject({ city: 'Newark', state: 'NJ' });
    // No origin warehouse abroad to leave: it travels from the label even when it never left one of ours.
    const local = (await sandboxCarrier({ now: () => new Date(labeledAt.getTime() + 100 * 3_600_000) }).track([{ ...item, leftOriginAt: null }]))[0]!.events;
    expect(local.at(-1)!.status).toBe('delivered');
  });

  it('moves a parcel through the routing statuses over 100 hours; speed shortens it', async () => {
    let now = new Date('2026-11-02T10:00:00Z');
    const labeledAt = now;
    const item = { trackingNumber: '1ZEX5B2103000000X', shipmentId: null, labeledAt, recipient: { city: 'Austin', state: 'TX', country: 'US', address1: '1 Main St' }, origin: { city: 'Ho Chi Minh City', state: '', country: 'VN' } };
    const sandbox = sandboxCarrier({ now: () => now });
    now = new Date(labeledAt.getTime() + 50 * 3_600_000);
    expect((await sandbox.track([item]))[0]!.events.at(-1)!.status).toBe('us-accepted');
    now = new Date(labeledAt.getTime() + 100 * 3_600_000);
    const all = (await sandbox.track([item]))[0]!.events;
    expect(all.map((e) => e.status)).toEqual(['pre-shipment', 'pick-up', 'airport-departure', 'destination-airport', 'us-accepted', 'in-transit', 'hub-transferred', 'out-for-delivered', 'delivered']);
    expect(all.at(-1)).toMatchObject({ city: 'Austin', state: 'TX' });
    const fast = sandboxCarrier({ now: () => new Date(labeledAt.getTime() + 100_000), speed: 3600 });
    expect((await fast.track([item]))[0]!.events.at(-1)!.status).toBe('delivered');
  });
});
