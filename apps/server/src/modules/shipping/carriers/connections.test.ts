import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@exship/contracts';
import { createKeyring, openSecret } from '../../../platform/secrets';
import { ADMIN, SELLER, startTestApp, type TestApp } from '../../../test/harness';
import { builtInCarriers } from './index';
import { createConnectionStore } from './connections';
import { startFakeCarrier, type FakeCarrier } from './http/fake-server';
import { createOutbound } from '../../../platform/outbound';

/** The outbound client with this machine's loopback allow-listed (the fake carrier servers). */
const localFetch = createOutbound({ outboundAllowHosts: ['127.0.0.0/8'] }).fetch;

// Carrier connections over HTTP: the plugin list the form is built from, settings checked by the
// plugin, secrets sealed at rest and never in a reply, the migration's plain keys sealed at start,
// and customs lines from the order's products in every label request.
const KEY = Buffer.alloc(32, 7);
let t: TestApp;
let admin: string;
let seller: string;
let fake: FakeCarrier;
let carriers: { carrierId: string; carrierCode: string }[];
let n = 0;

const q = async <T>(query: ReturnType<typeof sql>) => ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;
const put = (carrierId: string, payload: object, token = admin) => t.call({ method: 'PUT', url: `/api/v1/carrier-connections/${carrierId}`, token, payload });
const rawRow = async (carrierId: string) => (await q<Record<string, unknown>>(sql`select * from carrier_connections where carrier_id = ${carrierId}`))[0]!;

beforeAll(async () => {
  t = await startTestApp({ env: { SEED_DEMO_CATALOG: 'true', CARRIER_SECRETS_KEY: KEY.toString('base64'), OUTBOUND_ALLOW_HOSTS: '127.0.0.0/8' } });
  admin = await t.login(ADMIN.email, ADMIN.password);
  seller = await t.login(SELLER.email, SELLER.password);
  fake = await startFakeCarrier({ apiKey: 'fake-secret-key-98765' });
  carriers = (await t.call({ method: 'GET', url: '/api/v1/carrier-connections', token: admin })).body.data;
});
afterAll(async () => {
  await fake?.close();
  await t?.close();
});

describe('carrier plugins and connections', () => {
  it('lists the registered plugins with their fields and capabilities', async () => {
    const res = await t.call({ method: 'GET', url: '/api/v1/carrier-plugins', token: admin });
    expect(res.status).toBe(200);
    const byId = Object.fromEntries((res.body.data as { id: string }[]).map((p) => [p.id, p]));
    expect(Object.keys(byId)).toEqual(['sandbox', 'http']);
    expect(byId.http).toMatchObject({
      labelKey: 'net.connection.plugin.http',
      fields: [
        { name: 'baseUrl', kind: 'url', required: true },
        { name: 'apiKey', kind: 'secret', required: true },
        { name: 'timeoutMs', kind: 'number', min: 1000, max: 60_000, default: 10_000, unit: 'ms' },
      ],
      capabilities: { void: true, trackingCancel: { normal: true, force: true }, manifest: false, batchTracking: true },
    });
    expect((await t.call({ method: 'GET', url: '/api/v1/carrier-plugins', token: seller })).status).toBe(403);
  });

  it('refuses bad settings naming the field and its rule', async () => {
    const swf = carriers.find((c) => c.carrierCode === 'SWF')!;
    const refused: [object, { field: string; rule: string }[]][] = [
      [{ plugin: 'nope', settings: {} }, [{ field: 'plugin', rule: 'validation.invalid' }]],
      [{ plugin: 'HTTP', settings: {} }, [{ field: 'plugin', rule: 'validation.invalid' }]],
      [
        { plugin: 'http', settings: { baseUrl: '' } },
        [
          { field: 'settings.baseUrl', rule: 'validation.required' },
          { field: 'settings.apiKey', rule: 'validation.required' },
        ],
      ],
      [{ plugin: 'http', settings: { baseUrl: 'javascript:alert(1)', apiKey: 'k' } }, [{ field: 'settings.baseUrl', rule: 'validation.url.invalid' }]],
      [{ plugin: 'http', settings: { baseUrl: 'http://169.254.169.254/latest/meta-data', apiKey: 'k' } }, [{ field: 'settings.baseUrl', rule: 'validation.url.forbiddenHost' }]],
      [{ plugin: 'http', settings: { baseUrl: 'http://2852039166/', apiKey: 'k' } }, [{ field: 'settings.baseUrl', rule: 'validation.url.forbiddenHost' }]],
      [{ plugin: 'http', settings: { baseUrl: 'https://carrier.example.com', apiKey: 'k', timeoutMs: 50 } }, [{ field: 'settings.timeoutMs', rule: 'validation.number' }]],
    ];
    for (const [payload, errors] of refused) {
      const bad = await put(swf.carrierId, payload);
      expect(bad.status, JSON.stringify(payload)).toBe(400);
      expect(bad.body.errors, JSON.stringify(payload)).toEqual(errors.map((e) => ({ field: e.field, message: MESSAGES.en[e.rule as keyof typeof MESSAGES.en] })));
    }
    expect((await put(swf.carrierId, { plugin: 'sandbox' }, seller)).status).toBe(403);
    expect((await put('00000000-0000-4000-8000-000000000000', { plugin: 'sandbox' })).status).toBe(404);
  });

  it('seals the API key: not in the row in plain text, not in any reply; an empty field keeps it', async () => {
    const swf = carriers.find((c) => c.carrierCode === 'SWF')!;
    const ok = await put(swf.carrierId, { plugin: 'http', settings: { baseUrl: fake.url, apiKey: fake.apiKey, timeoutMs: 5000 } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data).toMatchObject({ plugin: 'http', settings: { baseUrl: fake.url, timeoutMs: 5000 }, secrets: { apiKey: { set: true, hint: '••••8765' } } });
    const row = await rawRow(swf.carrierId);
    expect(JSON.stringify(row)).not.toContain(fake.apiKey);
    expect(JSON.stringify(row)).not.toContain('98765');
    expect(row.secrets).toMatch(/^v1\.[0-9a-f]{8}\./);
    expect(JSON.parse(openSecret(createKeyring([KEY]), row.secrets as string))).toEqual({ apiKey: fake.apiKey });

    // The key is kept when the form leaves the field empty, and never comes back.
    const again = await put(swf.carrierId, { plugin: 'http', settings: { baseUrl: fake.url, apiKey: '', timeoutMs: 4000 } });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    const list = await t.call({ method: 'GET', url: '/api/v1/carrier-connections', token: admin });
    for (const reply of [ok, again, list]) expect(JSON.stringify(reply.body)).not.toContain(fake.apiKey);
    expect(list.body.data.find((c: { carrierId: string }) => c.carrierId === swf.carrierId)).toMatchObject({ secrets: { apiKey: { set: true } }, settings: { timeoutMs: 4000 } });
  });

  it('seals at start what the migration moved in plain text, and re-seals under a new key', async () => {
    const upx = carriers.find((c) => c.carrierCode === 'UPX')!;
    await t.db.execute(sql`insert into carrier_connections (carrier_id, plugin, settings, secrets) values (${upx.carrierId}, 'http', ${JSON.stringify({ baseUrl: fake.url, timeoutMs: 10_000 })}::jsonb, ${'plain:{"apiKey":"legacy-key-000111"}'})
      on conflict (carrier_id) do update set plugin = excluded.plugin, settings = excluded.settings, secrets = excluded.secrets`);
    // Read meanwhile: the list shows it set, never the key.
    const before = await t.call({ method: 'GET', url: '/api/v1/carrier-connections', token: admin });
    expect(before.body.data.find((c: { carrierId: string }) => c.carrierId === upx.carrierId).secrets.apiKey).toEqual({ set: true, hint: '••••0111' });
    await t.app.seed();
    const sealed = (await rawRow(upx.carrierId)).secrets as string;
    expect(sealed).not.toContain('legacy-key');
    expect(JSON.parse(openSecret(createKeyring([KEY]), sealed))).toEqual({ apiKey: 'legacy-key-000111' });

    // Rotation: a new key first, the old one kept to open; the start-up step re-seals under the new one.
    const newKey = Buffer.alloc(32, 9);
    const rotated = createConnectionStore({ registry: builtInCarriers(), keyring: createKeyring([newKey, KEY]), context: { now: () => new Date(), sandboxSpeed: 1, fetch: localFetch } });
    expect(await rotated.sealStored(t.db)).toBeGreaterThanOrEqual(1);
    const resealed = (await rawRow(upx.carrierId)).secrets as string;
    expect(JSON.parse(openSecret(createKeyring([newKey]), resealed))).toEqual({ apiKey: 'legacy-key-000111' });
    expect(() => openSecret(createKeyring([KEY]), resealed)).toThrow(/not configured/);
    // Back under the app's key for the tests after this one.
    const back = createConnectionStore({ registry: builtInCarriers(), keyring: createKeyring([KEY, newKey]), context: { now: () => new Date(), sandboxSpeed: 1, fetch: localFetch } });
    await back.sealStored(t.db);
  });

  it('a connection whose secrets no configured key opens refuses to buy (not retried) instead of crashing', async () => {
    const store = createConnectionStore({ registry: builtInCarriers(), keyring: createKeyring([Buffer.alloc(32, 1)]), context: { now: () => new Date(), sandboxSpeed: 1, fetch: localFetch } });
    const upx = carriers.find((c) => c.carrierCode === 'UPX')!;
    const row = (await t.db.execute(sql`select * from carrier_connections where carrier_id = ${upx.carrierId}`)) as unknown as { rows: { plugin: string; settings: Record<string, unknown>; secrets: string; updated_at: Date }[] };
    const r = row.rows[0]!;
    const adapter = store.adapter({ carrierId: upx.carrierId, plugin: r.plugin, settings: r.settings, secrets: r.secrets, updatedAt: new Date(), updatedBy: null });
    await expect(adapter.track([])).rejects.toMatchObject({ name: 'CarrierError', kind: 'rejected' });
    expect(store.view({ id: upx.carrierId, code: 'UPX' }, { carrierId: upx.carrierId, plugin: r.plugin, settings: r.settings, secrets: r.secrets, updatedAt: new Date(), updatedBy: null }).secrets).toEqual({ apiKey: { set: true, hint: '' } });
  });
});

describe('customs lines in label requests', () => {
  async function orderWithLines(): Promise<string> {
    const products = (await t.call({ method: 'GET', url: '/api/v1/products?approvalStatus=accepted', token: seller })).body.data.items as { id: string; name: string }[];
    const mug = products.find((p) => p.name === 'Ceramic coffee mug')!;
    const detail = (await t.call({ method: 'GET', url: `/api/v1/products/${mug.id}`, token: seller })).body.data as { id: string; variants: { id: string; sku: string }[] };
    const white = detail.variants.find((v) => v.sku === 'MUG-WHT-11OZ')!;
    const black = detail.variants.find((v) => v.sku === 'MUG-BLK-15OZ')!;
    const res = await t.call({
      method: 'POST',
      url: '/api/v1/orders',
      token: seller,
      payload: {
        orderName: `CUSTOMS-${++n}`,
        serviceCode: 'STD',
        lengthCm: 20,
        widthCm: 15,
        heightCm: 10,
        weightGr: 1300,
        recipient: { firstName: 'Jane', lastName: 'Buyer', phone: '+13105550199', address1: '100 Main St', city: 'Los Angeles', state: 'CA', country: 'US', zipcode: '90001' },
        lines: [
          { productId: mug.id, variantId: white.id, quantity: 2 },
          { productId: mug.id, variantId: black.id, quantity: 1, valueUsd: 20.5 },
        ],
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const id = res.body.data._id as string;
    expect((await t.call({ method: 'POST', url: '/api/v1/orders/pay', token: seller, payload: { orderIds: [id] } })).status).toBe(200);
    await t.runJobs('fulfil-order.on-paid');
    await t.runJobs('shipping.buy-label');
    return id;
  }
  const expected = (origin: string) => [
    { description: 'Mug (Ceramic)', hsCode: '6912.00', quantity: 2, valueUsdCents: 2400, originCountry: origin, weightGr: 760 },
    { description: 'Mug (Ceramic)', hsCode: '6912.00', quantity: 1, valueUsdCents: 2050, originCountry: origin, weightGr: 450 },
  ];

  it('the HTTP carrier receives one customs line per order line, built from the products', async () => {
    for (const c of carriers) expect((await put(c.carrierId, { plugin: 'http', settings: { baseUrl: fake.url, apiKey: fake.apiKey } })).status).toBe(200);
    const before = fake.labelRequests.length;
    const id = await orderWithLines();
    const [order] = await q<{ status: string; warehouse_code: string | null }>(sql`select status, warehouse_code from orders where id = ${id}`);
    expect(order!.status).toBe('labeled');
    // The goods leave from the warehouse's hand-over point (the demo's are in Viet Nam).
    const [wh] = await q<{ country: string }>(sql`select coalesce(handover_country, country) as country from warehouses where code = ${order!.warehouse_code}`);
    expect(wh!.country).toBe('VN');
    expect(fake.labelRequests.length).toBe(before + 1);
    expect(fake.labelRequests.at(-1)!.customs).toEqual(expected(wh?.country ?? 'US'));
  });

  it('the sandbox keeps them on the label data', async () => {
    for (const c of carriers) expect((await put(c.carrierId, { plugin: 'sandbox' })).status).toBe(200);
    const id = await orderWithLines();
    const [tracker] = await q<{ label_data: { customs: unknown; origin: { country: string } } }>(sql`select label_data from trackers where order_id = ${id}`);
    expect(tracker!.label_data.customs).toEqual(expected(tracker!.label_data.origin.country));
  });
});
