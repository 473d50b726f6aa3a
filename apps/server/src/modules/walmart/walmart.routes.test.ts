import pino from 'pino';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../platform/passwords';
import { ADMIN, SELLER, createSeller, startTestApp, type TestApp } from '../../test/harness';
import { createUser } from '../users';
import { createFakeWalmart, fakePurchaseOrder, listenFakeWalmart, type FakeWalmart } from './fake/fake-walmart';

// HTTP: credentials never in a reply nor a log line (the logger captured), tenant isolation of
// stores and integration orders, the connect flow's allow-list, permissions, the back-fill window.

const SECRET = 'very-secret-walmart-value-42';
let t: TestApp;
let fake: FakeWalmart;
let server: Awaited<ReturnType<typeof listenFakeWalmart>>;
let seller: string;
let other: { id: string; token: string };
let storeId: string;
const logged: string[] = [];
const url = (p: string) => `/api/v1/integrations/walmart${p}`;

beforeAll(async () => {
  fake = createFakeWalmart();
  fake.addClient('client-one', SECRET);
  fake.addOrders('client-one', [fakePurchaseOrder(1, Date.now() - 3_600_000), fakePurchaseOrder(2, Date.now() - 1_800_000)]);
  server = await listenFakeWalmart(fake);
  t = await startTestApp({
    env: { LOG_LEVEL: 'trace', WALMART_BASE_URL: server.url, OUTBOUND_ALLOW_HOSTS: server.hostPort, WALMART_CALLBACK_ALLOW: 'https://partner.example' },
    // Every log line of the app, its modules and its requests, kept for the test.
    beforeStart: (ctx) => void ((ctx.log as unknown as Record<symbol, unknown>)[pino.symbols.streamSym] = { write: (line: string) => void logged.push(line) }),
  });
  seller = await t.login(SELLER.email, SELLER.password);
  other = await createSeller(t, 'walmart.other@example.com');
}, 120_000);
afterAll(async () => {
  await t?.close();
  await server?.close();
});

describe('walmart stores over HTTP', () => {
  it('connects with the credentials checked by a token, never answering or logging the secret', async () => {
    const wrong = await t.call({ method: 'POST', url: url('/stores'), token: seller, payload: { name: 'Main', clientId: 'client-one', clientSecret: 'not-the-secret' } });
    expect(wrong.status).toBe(422);
    expect(wrong.body.code).toBe('WALMART_CREDENTIALS_INVALID');
    const res = await t.call({ method: 'POST', url: url('/stores'), token: seller, payload: { name: 'Main', clientId: 'client-one', clientSecret: SECRET } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    storeId = res.body.data.id;
    expect(res.body.data).toMatchObject({ state: 'connected', clientIdLast4: '-one', name: 'Main' });
    await t.runJobs('walmart.sync');
    const list = await t.call({ method: 'GET', url: url('/stores'), token: seller });
    expect(list.body.data[0].counts.total).toBe(2);
    const [row] = ((await t.db.execute(sql`select client_secret_sealed from walmart_stores where id = ${storeId}`)) as unknown as { rows: { client_secret_sealed: string }[] }).rows;
    expect(row!.client_secret_sealed).toMatch(/^v1\./);
    for (const text of [JSON.stringify(res.body), JSON.stringify(list.body), row!.client_secret_sealed, ...logged]) expect(text).not.toContain(SECRET);
    expect(logged.join('\n')).not.toContain('not-the-secret');
    expect(logged.length).toBeGreaterThan(0);
  });

  it('keeps stores and integration orders to their seller', async () => {
    const io = (await t.call({ method: 'GET', url: url('/orders'), token: seller })).body.data.items[0];
    expect(io.purchaseOrderId).toBeTruthy();
    expect((await t.call({ method: 'GET', url: url(`/stores/${storeId}`), token: other.token })).status).toBe(404);
    expect((await t.call({ method: 'POST', url: url(`/stores/${storeId}/pause`), token: other.token })).status).toBe(404);
    expect((await t.call({ method: 'POST', url: url(`/stores/${storeId}/disconnect`), token: other.token })).status).toBe(404);
    expect((await t.call({ method: 'GET', url: url(`/orders/${io.id}`), token: other.token })).status).toBe(404);
    expect((await t.call({ method: 'POST', url: url(`/orders/${io.id}/acknowledge`), token: other.token })).status).toBe(404);
    expect((await t.call({ method: 'GET', url: url('/stores'), token: other.token })).body.data).toEqual([]);
    expect((await t.call({ method: 'GET', url: url('/orders'), token: other.token })).body.data.total).toBe(0);
    expect((await t.call({ method: 'GET', url: url(`/orders?customerId=${other.id}`), token: seller })).body.data.total).toBe(2);
  });

  it('starts a connect only for a path of ours or an allowed origin, and completes it once', async () => {
    for (const callbackUri of ['https://evil.example/cb', '//evil.example/cb', 'https://partner.example.evil.com/', 'javascript:alert(1)', 'https://user@partner.example/']) {
      const res = await t.call({ method: 'POST', url: url('/connect'), token: seller, payload: { callbackUri } });
      expect(res.status, callbackUri).toBe(400);
      expect(res.body.code).toBe('WALMART_CALLBACK_NOT_ALLOWED');
    }
    const started = await t.call({ method: 'POST', url: url('/connect'), token: seller, payload: { callbackUri: 'https://partner.example/done?x=1' } });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const body = { connectId: started.body.data.connectId, name: 'Second', clientId: 'client-one', clientSecret: SECRET };
    expect((await t.call({ method: 'POST', url: url('/callback'), token: other.token, payload: body })).status).toBe(404);
    const done = await t.call({ method: 'POST', url: url('/callback'), token: seller, payload: body });
    expect(done.status, JSON.stringify(done.body)).toBe(201);
    expect(done.body.data.redirectTo).toBe(`https://partner.example/done?x=1&storeId=${done.body.data.store.id}&status=connected`);
    expect(JSON.stringify(done.body)).not.toContain(SECRET);
    expect((await t.call({ method: 'POST', url: url('/callback'), token: seller, payload: { ...body, name: 'Third' } })).status).toBe(404);
    const ours = await t.call({ method: 'POST', url: url('/connect'), token: seller, payload: {} });
    expect(ours.body.data.callbackUri).toBe('/integrations/walmart');
  });

  it('asks for the permissions of SPEC §6', async () => {
    const admin = await t.login(ADMIN.email, ADMIN.password);
    await createUser(t.db, { email: 'support.walmart@example.com', passwordHash: await hashPassword('Support#Passw0rd!'), fullName: 'Support', roleCode: 'EXR-SUPPORT', status: 'active' });
    const support = await t.login('support.walmart@example.com', 'Support#Passw0rd!');
    expect((await t.call({ method: 'GET', url: url('/stores'), token: support })).status).toBe(403);
    expect((await t.call({ method: 'POST', url: url('/stores'), token: support, payload: { name: 'X', clientId: 'a', clientSecret: 'b' } })).status).toBe(403);
    // Super admin holds every code and acts for any account: it sees the seller's stores.
    expect((await t.call({ method: 'GET', url: url('/stores'), token: admin })).body.data.length).toBe(2);
    expect((await t.call({ method: 'GET', url: url('/stores') })).status).toBe(401);
  });

  it('back-fills at most 180 days back', async () => {
    const old = new Date(Date.now() - 181 * 86_400_000).toISOString().slice(0, 10);
    const refused = await t.call({ method: 'POST', url: url(`/stores/${storeId}/backfill`), token: seller, payload: { from: old } });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0]).toMatchObject({ field: 'from' });
    const from = new Date(Date.now() - 170 * 86_400_000).toISOString().slice(0, 10);
    expect((await t.call({ method: 'POST', url: url(`/stores/${storeId}/backfill`), token: seller, payload: { from } })).status).toBe(201);
    fake.addOrders('client-one', [fakePurchaseOrder(50, Date.now() - 160 * 86_400_000)]);
    await t.runJobs('walmart.sync');
    const store = (await t.call({ method: 'GET', url: url(`/stores/${storeId}`), token: seller })).body.data;
    expect(store.backfill.state).toBe('done');
    expect(store.counts.total).toBe(3);
  });

  it('pauses, resumes and disconnects (the credentials erased)', async () => {
    expect((await t.call({ method: 'POST', url: url(`/stores/${storeId}/pause`), token: seller })).body.data.state).toBe('paused');
    expect((await t.call({ method: 'POST', url: url(`/stores/${storeId}/sync`), token: seller })).status).toBe(409);
    expect((await t.call({ method: 'POST', url: url(`/stores/${storeId}/resume`), token: seller })).body.data.state).toBe('connected');
    const gone = await t.call({ method: 'POST', url: url(`/stores/${storeId}/disconnect`), token: seller });
    expect(gone.body.data).toMatchObject({ state: 'disconnected', clientIdLast4: null });
    const [row] = ((await t.db.execute(sql`select client_id, client_secret_sealed from walmart_stores where id = ${storeId}`)) as unknown as { rows: Record<string, unknown>[] }).rows;
    expect(row).toEqual({ client_id: null, client_secret_sealed: null });
  });
});
