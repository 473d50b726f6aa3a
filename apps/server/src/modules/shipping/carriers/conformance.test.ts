import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTING_STATUSES } from '@exship/contracts';
import type { ConformanceDriver, ConformanceSession } from './conformance.kit';
import { backend as minimalBackend } from './fixtures/minimal/conformance';
import { builtInCarriers } from './index';
import { settingsSchema, type CarrierPlugin } from './plugin';
import { adapterOf, registerCarrierPlugin } from './registry';
import { CarrierError, type CarrierAdapter, type LabelRequest, type TrackItem } from './types';
import { createOutbound } from '../../../platform/outbound';

/** The outbound client with this machine's loopback allow-listed (the fake carrier servers). */
const localFetch = createOutbound({ outboundAllowHosts: ['127.0.0.0/8'] }).fetch;

declare global {
  interface ImportMeta {
    glob<T>(patterns: string | string[], opts: { eager: true }): Record<string, T>;
  }
}

// One suite for every carrier plugin: the built-in ones (the sandbox offline, the HTTP carrier
// against its fake server) and a test-only plugin registered here with one line, which proves that
// a carrier is one folder plus one registration. Each folder's `conformance.ts` says how to reach
// its carrier and make it fail.
const drivers = Object.values(import.meta.glob<{ driver: ConformanceDriver }>(['./*/conformance.ts', './fixtures/*/conformance.ts'], { eager: true })).map((m) => m.driver);
const testOnly = drivers.flatMap((d) => (d.plugin ? [d.plugin] : []));

const registry = builtInCarriers();
for (const plugin of testOnly) registerCarrierPlugin(registry, plugin);

const address = { name: 'Jane Buyer', phone: '', address1: '100 Main St', address2: '', city: 'Austin', state: 'TX', zip: '78701', country: 'US' };
const request: LabelRequest = {
  reference: 'EX0000000042',
  serviceCode: 'STD',
  weightGr: 800,
  lengthCm: 20,
  widthCm: 15,
  heightCm: 10,
  signature: false,
  sender: { ...address, name: 'ExShip HCM1', city: 'Ho Chi Minh City', state: '', zip: '700000', country: 'VN' },
  recipient: address,
  customs: [{ description: 'Mug (Ceramic)', hsCode: '6912.00', quantity: 2, valueUsdCents: 2400, originCountry: 'VN', weightGr: 760 }],
};
const statuses = new Set<string>(ROUTING_STATUSES);
const failureOf = async (p: Promise<unknown>): Promise<CarrierError> => {
  try {
    await p;
  } catch (err) {
    return err as CarrierError;
  }
  throw new Error('expected a failure');
};
const itemOf = (trackingNumber: string, labeledAt = new Date(Date.now() - 10 * 3_600_000)): TrackItem => ({
  trackingNumber,
  shipmentId: null,
  labeledAt,
  recipient: { city: 'Austin', state: 'TX', country: 'US', address1: '100 Main St' },
  origin: { city: 'Ho Chi Minh City', state: '', country: 'VN' },
});
let keySeq = 0;
const freshKey = () => `conformance-${Date.now().toString(36)}-${++keySeq}`;

it('every registered plugin has a conformance driver, and the test-only one is registered', () => {
  expect(registry.list().map((p) => p.id)).toEqual(expect.arrayContaining(['sandbox', 'http', 'minimal-test']));
  for (const p of registry.list()) expect(drivers.map((d) => d.pluginId), p.id).toContain(p.id);
});

describe.each(registry.list().map((p) => [p.id, p] as const))('carrier plugin %s', (_id, plugin: CarrierPlugin) => {
  let session: ConformanceSession;
  let adapter: CarrierAdapter;
  beforeAll(async () => {
    session = await drivers.find((d) => d.pluginId === plugin.id)!.start();
    adapter = adapterOf(plugin, session.settings, { now: () => new Date(), sandboxSpeed: 1, fetch: localFetch });
  });
  afterAll(() => session?.stop());

  it('declares its settings, secrets and event codes soundly', () => {
    expect(settingsSchema(plugin).safeParse(session.settings).success).toBe(true);
    for (const [code, status] of Object.entries(plugin.eventCodes)) expect(statuses.has(status), `${code} → ${status}`).toBe(true);
    for (const spec of Object.values(plugin.settings)) if (spec.kind === 'secret') expect(spec.schema.safeParse('x'.repeat(16)).success).toBe(true);
    // A required setting left out is refused by the plugin's own schema.
    const required = Object.entries(plugin.settings).filter(([, s]) => s.required && s.kind !== 'number');
    for (const [name] of required) expect(settingsSchema(plugin).safeParse({ ...session.settings, [name]: '' }).success, name).toBe(false);
  });

  it('buys a label: a valid tracking number, a shipment id, events with routing statuses', async () => {
    const label = await adapter.buyLabel(request, freshKey());
    expect(label.trackingNumber).toMatch(/^[0-9A-Z]{8,34}$/);
    expect(label.shipmentId).not.toBe('');
    for (const e of label.events) expect(statuses.has(e.status), e.code).toBe(true);
  });

  it('a purchase retried with the same idempotency key: one label, the same tracking number', async () => {
    const key = freshKey();
    const before = session.labelsMade?.();
    const a = await adapter.buyLabel(request, key);
    const b = await adapter.buyLabel(request, key);
    expect(b.trackingNumber).toBe(a.trackingNumber);
    if (before !== undefined) expect(session.labelsMade!()).toBe(before + 1);
  });

  it('voids a label', async () => {
    const label = await adapter.buyLabel(request, freshKey());
    expect(await adapter.voidLabel({ trackingNumber: label.trackingNumber, shipmentId: label.shipmentId }, `void-${label.trackingNumber}`)).toBe('voided');
  });

  it('tracks a batch: one result per number, in the order asked, events with routing statuses', async () => {
    const a = await adapter.buyLabel(request, freshKey());
    const b = await adapter.buyLabel(request, freshKey());
    const unknown = '1Z5R89390357567127';
    const results = await adapter.track([itemOf(a.trackingNumber), itemOf(unknown), itemOf(b.trackingNumber)]);
    expect(results.map((r) => r.trackingNumber)).toEqual([a.trackingNumber, unknown, b.trackingNumber]);
    expect(results[0]!.found && results[2]!.found).toBe(true);
    if (session.knowsItsNumbers) expect(results[1]).toEqual({ trackingNumber: unknown, found: false, events: [] });
    for (const r of results) for (const e of r.events) expect(statuses.has(e.status), e.code).toBe(true);
  });

  it('a malformed reply is a retryable CarrierError, not a crash', async (ctx) => {
    if (!session.failNext) return ctx.skip();
    session.failNext('malformed');
    const bought = await failureOf(adapter.buyLabel(request, freshKey()));
    expect(bought).toBeInstanceOf(CarrierError);
    expect([bought.kind, bought.retryable]).toEqual(['malformed', true]);
    session.failNext('malformed');
    const tracked = await failureOf(adapter.track([itemOf('1Z5R89390357567127')]));
    expect([tracked.name, tracked.kind]).toEqual(['CarrierError', 'malformed']);
  });

  it('a carrier that does not answer in time is a retryable timeout', async (ctx) => {
    if (!session.failNext) return ctx.skip();
    session.failNext('timeout');
    const err = await failureOf(adapter.buyLabel(request, freshKey()));
    expect(err).toBeInstanceOf(CarrierError);
    expect([err.kind, err.retryable]).toEqual(['timeout', true]);
  });
});

describe('the registry', () => {
  const base = testOnly[0]!;

  it('asks a plugin without batch tracking one number at a time, and keeps the customs it was sent', async () => {
    const adapter = adapterOf(registry.get('minimal-test')!, { account: 'acme', token: 'minimal-token-0001' }, { now: () => new Date(), sandboxSpeed: 1, fetch: localFetch });
    const key = freshKey();
    const label = await adapter.buyLabel(request, key);
    expect(minimalBackend.labels.get(key)!.customs).toEqual(request.customs);
    const calls = minimalBackend.trackCalls;
    await adapter.track([itemOf(label.trackingNumber), itemOf(label.trackingNumber), itemOf(label.trackingNumber)]);
    expect(minimalBackend.trackCalls).toBe(calls + 3);
  });

  it('refuses a second plugin with the same id, a bad id, and event codes that name no routing status', () => {
    const fresh = builtInCarriers();
    expect(() => registerCarrierPlugin(fresh, { ...base, id: 'http' })).toThrow(/registered twice/);
    expect(() => registerCarrierPlugin(fresh, { ...base, id: 'Bad Id' })).toThrow(/lowercase/);
    expect(() => registerCarrierPlugin(fresh, { ...base, id: 'other', eventCodes: { Z: 'teleported' as never } })).toThrow(/not a routing status/);
  });

  it('a stored connection its plugin no longer accepts refuses to buy (not retried) instead of crashing', async () => {
    const adapter = adapterOf(registry.get('http')!, { baseUrl: 'http://127.0.0.1:9', apiKey: '' }, { now: () => new Date(), sandboxSpeed: 1, fetch: localFetch });
    const err = await failureOf(adapter.buyLabel(request, freshKey()));
    expect([err.kind, err.retryable]).toEqual(['rejected', false]);
  });
});

describe('the connection form texts', () => {
  const bundle = (lang: string) => JSON.parse(readFileSync(path.join(import.meta.dirname, '../../../../../web/src/features/catalog/locales', `${lang}.json`), 'utf8')) as Record<string, string>;

  it.each(['en', 'vi'])('every built-in plugin has its name, help and field labels in %s', (lang) => {
    const texts = bundle(lang);
    for (const p of builtInCarriers().list()) {
      const keys = [p.labelKey, p.helpKey, ...Object.values(p.settings).flatMap((s) => [s.labelKey, s.helpKey])].filter((k): k is string => Boolean(k));
      for (const k of keys) expect(texts[k], `${p.id}: ${k}`).toBeTruthy();
    }
  });
});
