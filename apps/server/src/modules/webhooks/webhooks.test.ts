import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSeller, orderBody, SELLER, startTestApp, type TestApp } from '../../test/harness';
import { createOutbound, type LookupAll, type Outbound } from '../../platform/outbound';
import { sealSecret } from '../../platform/secrets';
import { createWebhookService, WEBHOOK_QUEUES, type WebhookService } from '.';
import { newWebhookSecret } from './webhooks.signing';
import { webhookDeliveries, webhookEndpoints } from './webhooks.tables';

// Webhooks against local receivers on 127.0.0.1 (allowed by OUTBOUND_ALLOW_HOSTS for their ports only):
// signatures checked by a verifier written here from the Standard Webhooks spec, the retry schedule
// on an injected clock, 410, per-order ordering, SSRF refusals at save and at send, tenant isolation.

// ---- a receiver: each path answers as the test says ----
interface Seen {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}
type Answer = (res: ServerResponse, seen: Seen) => void;
let receiver: Server;
let port: number;
let seen: Seen[] = [];
const answers = new Map<string, Answer[]>();
const answerNext = (path: string, ...list: Answer[]) => answers.set(path, [...(answers.get(path) ?? []), ...list]);
const status =
  (code: number, body = '', headers: Record<string, string> = {}): Answer =>
  (res) => {
    res.writeHead(code, headers);
    res.end(body);
  };

// ---- a Standard Webhooks verifier, from the spec (not the sender's code) ----
function verify(secret: string, headers: IncomingHttpHeaders, body: string): boolean {
  const id = String(headers['webhook-id'] ?? '');
  const ts = String(headers['webhook-timestamp'] ?? '');
  const sigs = String(headers['webhook-signature'] ?? '').split(' ');
  if (!id || !/^\d+$/.test(ts)) return false;
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${ts}.${body}`).digest();
  return sigs.some((s) => {
    const [version, b64] = s.split(',');
    if (version !== 'v1' || !b64) return false;
    const got = Buffer.from(b64, 'base64');
    return got.length === expected.length && timingSafeEqual(got, expected);
  });
}

let t: TestApp;
let seller: string;
let other: { id: string; token: string };
let sellerAccountId: string;
let now = new Date();
let random = () => 0.5;
let svc: WebhookService;
const url = (path: string) => `http://127.0.0.1:${port}${path}`;
const q = async <T>(query: ReturnType<typeof sql>) => ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const s = { path: req.url ?? '', headers: req.headers, body };
      seen.push(s);
      const next = answers.get(s.path)?.shift();
      if (next) next(res, s);
      else res.end('{"ok":true}');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  port = (receiver.address() as AddressInfo).port;
  t = await startTestApp({ env: { OUTBOUND_ALLOW_HOSTS: `127.0.0.1:${port}`, SEED_DEMO_CATALOG: 'true' } });
  seller = await t.login(SELLER.email, SELLER.password);
  other = await createSeller(t, 'other-webhooks@exship.local');
  sellerAccountId = (await q<{ account_id: string }>(sql`select account_id from users where email = ${SELLER.email}`))[0]!.account_id;
  // The worker of these tests: the app's database and outbound client, this file's clock and jitter.
  svc = createWebhookService({ db: t.db, keyring: t.ctx.config.carrierSecrets, outbound: () => t.ctx.outbound, production: false, clock: () => now, random: () => random() });
}, 60_000);
afterAll(async () => {
  await t?.close();
  receiver?.closeAllConnections();
  await new Promise((r) => receiver?.close(r));
});
beforeEach(async () => {
  // Each test with its own endpoints only (an event goes to every subscribed endpoint of the account).
  await t.db.delete(webhookEndpoints);
  seen = [];
  answers.clear();
  now = new Date();
  random = () => 0.5;
});

const create = (token: string, payload: object) => t.call({ method: 'POST', url: '/api/v1/webhooks/endpoints', token, payload });
async function endpoint(path: string, eventTypes = ['order.created', 'order.paid', 'label.purchased', 'tracking.updated'], extra: object = {}): Promise<{ id: string; secret: string }> {
  const res = await create(seller, { url: url(path), eventTypes, ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const secret = await t.call({ method: 'GET', url: `/api/v1/webhooks/endpoints/${res.body.data._id}/secret`, token: seller });
  return { id: res.body.data._id, secret: secret.body.data.secret };
}
const deliveriesOf = async (endpointId: string) => (await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId))).sort((a, b) => a.seq - b.seq);
const dataFor = (type: 'order.paid' | 'label.purchased' | 'tracking.updated', orderId: string, at: string) =>
  type === 'order.paid'
    ? { orderId, exOrderId: 'EX1', status: 'paid', paymentStatus: 'paid', paidAt: at }
    : type === 'label.purchased'
      ? { orderId, exOrderId: 'EX1', trackingNumber: 'TN1', carrierCode: 'SBX', carrierName: 'Sandbox', serviceName: 'Standard', purchasedAt: at }
      : { orderId, exOrderId: 'EX1', trackingNumber: 'TN1', routingStatus: 'in-transit', event: { at, status: 'in-transit', code: 'IT', description: 'In transit', city: null, state: null, country: 'US' } };
const publish = (type: 'order.paid' | 'label.purchased' | 'tracking.updated', orderId: string, occurredAt: Date) =>
  t.db.transaction((tx) => svc.publish(tx, { accountId: sellerAccountId, type: type as 'order.paid', orderId, occurredAt, data: dataFor(type, orderId, occurredAt.toISOString()) as never }));
const advance = (ms: number) => (now = new Date(now.getTime() + ms));

describe('endpoints', () => {
  it('adds an endpoint with a whsec_ secret, the header key masked, POST', async () => {
    const res = await create(seller, { url: url('/a'), eventTypes: ['order.paid', 'order.created', 'order.paid'], headerName: 'X-Api-Key', headerValue: 'key-1234567890' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({ method: 'POST', status: 'active', eventTypes: ['order.created', 'order.paid'], headerName: 'X-Api-Key' });
    expect(res.body.data.headerValueMasked).toMatch(/•+7890$/);
    const secret = await t.call({ method: 'GET', url: `/api/v1/webhooks/endpoints/${res.body.data._id}/secret`, token: seller });
    expect(secret.body.data.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
  });

  it('refuses a malformed URL, unknown events, a reserved header', async () => {
    for (const bad of ['not a url', 'ftp://example.com/x', 'http://user:pw@example.com/', 'https://exa mple.com/']) {
      const res = await create(seller, { url: bad, eventTypes: ['order.paid'] });
      expect(res.status, bad).toBe(400);
      expect(res.body.errors[0].field).toBe('url');
    }
    expect((await create(seller, { url: url('/a'), eventTypes: ['order.exploded'] })).status).toBe(400);
    expect((await create(seller, { url: url('/a'), eventTypes: [] })).status).toBe(400);
    expect((await create(seller, { url: url('/a'), eventTypes: ['order.paid'], headerName: 'Webhook-Signature', headerValue: 'x' })).body.errors[0].field).toBe('headerName');
  });

  it.each([
    'http://127.0.0.1/', `http://127.0.0.1:${1}/`, 'http://localhost:8080/', 'http://[::1]/', 'http://10.0.0.1/', 'http://192.168.1.1/', 'http://172.16.0.1/',
    'http://169.254.169.254/latest/meta-data/', 'http://[::ffff:169.254.169.254]/', 'http://0xa9fea9fe/', 'http://0251.0376.0251.0376/', 'http://2852039166/',
    'http://metadata.google.internal/', 'http://[fe80::1]/',
  ])('refuses %s at save (SSRF)', async (bad) => {
    const res = await create(seller, { url: bad, eventTypes: ['order.paid'] });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ field: 'url' });
  });

  it('refuses a DNS name that resolves to 127.0.0.1 at save', async () => {
    const saved = t.ctx.outbound;
    t.ctx.outbound = createOutbound(t.ctx.config, { lookup: async () => [{ address: '127.0.0.1', family: 4 }] });
    try {
      const res = await create(seller, { url: 'https://hooks.seller.example/in', eventTypes: ['order.paid'] });
      expect(res.status).toBe(400);
      expect(res.body.errors[0].field).toBe('url');
    } finally {
      t.ctx.outbound = saved;
    }
  });

  it('requires https in production', async () => {
    const prod = createWebhookService({ db: t.db, keyring: t.ctx.config.carrierSecrets, outbound: () => t.ctx.outbound, production: true });
    const actor = { userId: sellerAccountId, accountId: sellerAccountId, permissions: new Set<string>() } as never;
    await expect(prod.create(actor, { url: url('/x'), description: '', eventTypes: ['order.paid'] })).rejects.toMatchObject({ code: 'VALIDATION_FAILED', opts: { errors: [{ field: 'url', message: 'validation.url.httpsRequired' }] } });
  });

  it('keeps each account to its own endpoints and deliveries', async () => {
    const mine = await endpoint('/tenant');
    await publish('order.paid', crypto.randomUUID(), now);
    const [d] = await deliveriesOf(mine.id);
    const list = await t.call({ method: 'GET', url: '/api/v1/webhooks/endpoints', token: other.token });
    expect(list.status).toBe(200);
    expect(list.body.data.map((e: { _id: string }) => e._id)).not.toContain(mine.id);
    for (const [method, path, payload] of [
      ['GET', `/api/v1/webhooks/endpoints/${mine.id}/secret`],
      ['GET', `/api/v1/webhooks/endpoints/${mine.id}/deliveries`],
      ['PUT', `/api/v1/webhooks/endpoints/${mine.id}`, { url: url('/stolen'), eventTypes: ['order.paid'] }],
      ['POST', `/api/v1/webhooks/endpoints/${mine.id}/rotate-secret`],
      ['POST', `/api/v1/webhooks/endpoints/${mine.id}/test`],
      ['DELETE', `/api/v1/webhooks/endpoints/${mine.id}`],
      ['GET', `/api/v1/webhooks/deliveries/${d!.id}`],
      ['POST', `/api/v1/webhooks/deliveries/${d!.id}/replay`],
      ['POST', `/api/v1/webhooks/endpoints/${mine.id}/replay-failed`, { since: '2020-01-01T00:00:00Z' }],
    ] as const) {
      const res = await t.call({ method, url: path, token: other.token, ...(payload ? { payload } : {}) });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    // The other seller's events never reach this seller's endpoint.
    await t.db.transaction((tx) => svc.publish(tx, { accountId: other.id, type: 'topup.accepted', data: { topUpId: crypto.randomUUID(), amountCents: 5000, currency: 'USD', reviewedAt: now.toISOString() }, occurredAt: now }));
    expect(await deliveriesOf(mine.id)).toHaveLength(1);
    expect(seen.filter((s) => s.path === '/stolen')).toHaveLength(0);
  });
});

describe('the event catalogue', () => {
  it('lists every event type with its version, and documents each payload in the OpenAPI document', async () => {
    const types = await t.call({ method: 'GET', url: '/api/v1/webhooks/event-types', token: seller });
    expect(types.body.data.map((e: { type: string }) => e.type)).toEqual(expect.arrayContaining(['order.created', 'order.paid', 'order.canceled', 'order.refunded', 'label.purchased', 'label.failed', 'tracking.updated', 'surcharge.added', 'parcel.checked_in', 'parcel.dimension_error', 'topup.accepted', 'topup.declined', 'webhook.test']));
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const hooks = doc['x-webhooks'] as Record<string, { post: { parameters: { name: string }[]; requestBody: { content: { 'application/json': { schema: { properties: Record<string, any> } } } } } }>;
    expect(Object.keys(hooks)).toHaveLength(13);
    const tracking = hooks['tracking.updated']!.post;
    expect(tracking.parameters.map((p) => p.name)).toEqual(['webhook-id', 'webhook-timestamp', 'webhook-signature']);
    const schema = tracking.requestBody.content['application/json'].schema;
    expect(schema.properties.type).toMatchObject({ enum: ['tracking.updated'] });
    expect(schema.properties.data.required).toEqual(expect.arrayContaining(['orderId', 'routingStatus', 'event']));
  });
});

describe('signed deliveries', () => {
  it('an order created and paid over HTTP reaches the endpoint signed, with the header key', async () => {
    const ep = await endpoint('/orders', ['order.created', 'order.paid'], { headerName: 'X-Shop-Key', headerValue: 'shop-secret-42' });
    const created = await t.call({ method: 'POST', url: '/api/v1/orders', token: seller, payload: orderBody(`WH-${Date.now()}`) });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.data._id as string;
    expect((await t.call({ method: 'POST', url: '/api/v1/orders/pay', token: seller, payload: { orderIds: [id] } })).status).toBe(200);
    // The outbox: each change queued its event in its own transaction; the handlers queue the deliveries.
    await t.runJobs(WEBHOOK_QUEUES.orderCreated);
    await t.runJobs(WEBHOOK_QUEUES.orderStatusChanged);
    now = new Date();
    await svc.worker.runDue();
    const got = seen.filter((s) => s.path === '/orders');
    expect(got.map((s) => JSON.parse(s.body).type)).toEqual(['order.created', 'order.paid']);
    for (const s of got) {
      expect(verify(ep.secret, s.headers, s.body), 'the signature verifies').toBe(true);
      expect(s.headers['x-shop-key']).toBe('shop-secret-42');
      expect(s.headers['content-type']).toBe('application/json');
      const body = JSON.parse(s.body);
      expect(body).toMatchObject({ id: s.headers['webhook-id'], version: 1, data: { orderId: id } });
      expect(Math.abs(Number(s.headers['webhook-timestamp']) - now.getTime() / 1000)).toBeLessThan(2);
    }
    expect(verify(newWebhookSecret(), got[0]!.headers, got[0]!.body), 'another secret does not verify').toBe(false);
    expect(verify(ep.secret, got[0]!.headers, got[0]!.body.replace('order.created', 'order.canceled')), 'a changed body does not verify').toBe(false);
    const log = await t.call({ method: 'GET', url: `/api/v1/webhooks/endpoints/${ep.id}/deliveries`, token: seller });
    expect(log.body.data.items.map((d: { status: string }) => d.status)).toEqual(['succeeded', 'succeeded']);
    const detail = await t.call({ method: 'GET', url: `/api/v1/webhooks/deliveries/${log.body.data.items[0]._id}`, token: seller });
    expect(detail.body.data).toMatchObject({ attempts: 1, lastHttpStatus: 200, attemptLog: [{ attempt: 1, httpStatus: 200, replyExcerpt: '{"ok":true}' }] });
    expect(JSON.parse(detail.body.data.requestBody).type).toBe('order.paid');
  });

  it('a rolled-back change raises no webhook', async () => {
    await endpoint('/rollback', ['order.paid']);
    const before = await q<{ n: string }>(sql`select count(*) n from webhook_messages`);
    await expect(
      t.db.transaction(async (tx) => {
        await svc.publish(tx, { accountId: sellerAccountId, type: 'order.paid', orderId: crypto.randomUUID(), occurredAt: now, data: { orderId: crypto.randomUUID(), exOrderId: 'EX', status: 'paid', paymentStatus: 'paid', paidAt: now.toISOString() } });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await q<{ n: string }>(sql`select count(*) n from webhook_messages`)).toEqual(before);
  });

  it('after a rotation both secrets verify for 24 hours, then only the new one', async () => {
    const ep = await endpoint('/rotate', ['order.paid']);
    const rotated = await t.call({ method: 'POST', url: `/api/v1/webhooks/endpoints/${ep.id}/rotate-secret`, token: seller });
    expect(rotated.status).toBe(200);
    const fresh = rotated.body.data.secret as string;
    expect(fresh).not.toBe(ep.secret);
    // The app's rotation used the real clock: this file's clock is now too.
    await publish('order.paid', crypto.randomUUID(), now);
    await svc.worker.runDue();
    let s = seen.at(-1)!;
    expect(String(s.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verify(ep.secret, s.headers, s.body)).toBe(true);
    expect(verify(fresh, s.headers, s.body)).toBe(true);
    advance(24 * 3_600_000 + 1000);
    await publish('order.paid', crypto.randomUUID(), now);
    await svc.worker.runDue();
    s = seen.at(-1)!;
    expect(String(s.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(verify(ep.secret, s.headers, s.body)).toBe(false);
    expect(verify(fresh, s.headers, s.body)).toBe(true);
  });

  it('send test event answers with the reply status and excerpt, and keeps 4 KB of a long reply', async () => {
    const ep = await endpoint('/test-event', ['order.paid']);
    answerNext('/test-event', status(418, 'short and stout'));
    const res = await t.call({ method: 'POST', url: `/api/v1/webhooks/endpoints/${ep.id}/test`, token: seller });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ succeeded: false, httpStatus: 418, replyExcerpt: 'short and stout' });
    expect(JSON.parse(seen.at(-1)!.body).type).toBe('webhook.test');
    expect(verify(ep.secret, seen.at(-1)!.headers, seen.at(-1)!.body)).toBe(true);
    answerNext('/test-event', status(200, 'x'.repeat(20_000)));
    const long = await t.call({ method: 'POST', url: `/api/v1/webhooks/endpoints/${ep.id}/test`, token: seller });
    expect(long.body.data).toMatchObject({ succeeded: true, httpStatus: 200 });
    expect(long.body.data.replyExcerpt).toHaveLength(4096);
    // A test is never retried and does not count against the endpoint.
    const row = (await t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, ep.id)))[0]!;
    expect(row.failingSince).toBeNull();
  });
});

describe('only for listeners', () => {
  const jobsFor = async (orderId: string) => Number((await q<{ n: string }>(sql`select count(*) n from pgboss.job where name = ${WEBHOOK_QUEUES.orderCreated} and data->>'orderId' = ${orderId}`))[0]!.n);

  it('a change of an account without an active endpoint queues no webhook job; one with an endpoint does', async () => {
    const quiet = await createSeller(t, `no-hooks-${Date.now()}@exship.local`);
    const created = await t.call({ method: 'POST', url: '/api/v1/orders', token: quiet.token, payload: orderBody(`NOHOOK-${Date.now()}`) });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(await jobsFor(created.body.data._id)).toBe(0);

    // An endpoint of the account, then disabled: still none.
    const ep = await create(quiet.token, { url: url('/quiet'), eventTypes: ['order.created'] });
    expect(ep.status, JSON.stringify(ep.body)).toBe(201);
    await q(sql`update webhook_endpoints set status = 'disabled', disabled_reason = 'manual', disabled_at = now() where id = ${ep.body.data._id}`);
    const second = await t.call({ method: 'POST', url: '/api/v1/orders', token: quiet.token, payload: orderBody(`NOHOOK2-${Date.now()}`) });
    expect(await jobsFor(second.body.data._id)).toBe(0);

    // Active again: its next order is handed to the webhook handler.
    await q(sql`update webhook_endpoints set status = 'active', disabled_reason = null, disabled_at = null where id = ${ep.body.data._id}`);
    const third = await t.call({ method: 'POST', url: '/api/v1/orders', token: quiet.token, payload: orderBody(`HOOK-${Date.now()}`) });
    expect(await jobsFor(third.body.data._id)).toBe(1);
  });
});

describe('retries', () => {
  it('follow 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, then the delivery fails', async () => {
    const ep = await endpoint('/down', ['order.paid']);
    for (let i = 0; i < 8; i++) answerNext('/down', status(500, 'down'));
    await publish('order.paid', crypto.randomUUID(), now);
    const t0 = now.getTime();
    await svc.worker.runDue();
    const schedule = [5, 300, 1800, 7200, 18000, 36000, 36000];
    let at = t0;
    for (const [i, seconds] of schedule.entries()) {
      const [d] = await deliveriesOf(ep.id);
      at += seconds * 1000;
      expect(d!.nextAttemptAt!.getTime(), `retry ${i + 1}`).toBe(at);
      now = new Date(at - 1);
      expect((await svc.worker.runDue()).attempted, 'not before its time').toBe(0);
      now = new Date(at);
      expect((await svc.worker.runDue()).attempted).toBe(1);
    }
    const [d] = await deliveriesOf(ep.id);
    expect(d).toMatchObject({ status: 'failed', attempts: 8, nextAttemptAt: null, lastHttpStatus: 500 });
    expect(seen.filter((s) => s.path === '/down')).toHaveLength(8);
    // Every attempt carried the same webhook-id.
    expect(new Set(seen.filter((s) => s.path === '/down').map((s) => s.headers['webhook-id'])).size).toBe(1);
  });

  it('jitter moves a retry by at most 10 %', async () => {
    const ep = await endpoint('/jitter', ['order.paid']);
    answerNext('/jitter', status(500), status(500));
    random = () => 0;
    await publish('order.paid', crypto.randomUUID(), now);
    const t0 = now.getTime();
    await svc.worker.runDue();
    expect((await deliveriesOf(ep.id))[0]!.nextAttemptAt!.getTime() - t0).toBe(4500);
    random = () => 0.999999;
    now = new Date(t0 + 4500);
    const t1 = now.getTime();
    await svc.worker.runDue();
    expect(Math.round(((await deliveriesOf(ep.id))[0]!.nextAttemptAt!.getTime() - t1) / 1000)).toBe(330);
  });

  it('honours Retry-After', async () => {
    const ep = await endpoint('/busy', ['order.paid']);
    answerNext('/busy', status(429, 'slow down', { 'retry-after': '120' }));
    await publish('order.paid', crypto.randomUUID(), now);
    const t0 = now.getTime();
    await svc.worker.runDue();
    expect((await deliveriesOf(ep.id))[0]!.nextAttemptAt!.getTime() - t0).toBe(120_000);
  });

  it('HTTP 410 disables the endpoint and its seller is told', async () => {
    const ep = await endpoint('/gone', ['order.paid', 'label.purchased']);
    answerNext('/gone', status(410, 'gone'));
    // Two events of one order: the second waits for the first, which disables the endpoint.
    const order = crypto.randomUUID();
    await publish('order.paid', order, now);
    await publish('label.purchased', order, new Date(now.getTime() + 1));
    await svc.worker.runDue();
    const row = (await t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, ep.id)))[0]!;
    expect(row).toMatchObject({ status: 'disabled', disabledReason: 'gone' });
    expect(seen.filter((s) => s.path === '/gone'), 'nothing more is sent to it').toHaveLength(1);
    const ds = await deliveriesOf(ep.id);
    expect(ds.map((d) => d.status)).toEqual(['failed', 'pending']);
    await t.runJobs('notifications.tell-seller-of-webhook-disabled');
    const [notice] = await q<{ kind: string }>(sql`select n.kind from notifications n join users u on u.id = n.user_id where u.email = ${SELLER.email} order by n.created_at desc limit 1`);
    expect(notice?.kind).toBe('webhook.gone');
    // Turned back on by its seller: the waiting delivery goes.
    const on = await t.call({ method: 'PUT', url: `/api/v1/webhooks/endpoints/${ep.id}`, token: seller, payload: { url: url('/gone'), eventTypes: ['order.paid', 'label.purchased'], status: 'active' } });
    expect(on.body.data).toMatchObject({ status: 'active', disabledReason: null });
    now = new Date();
    await svc.worker.runDue();
    expect((await deliveriesOf(ep.id)).map((d) => d.status)).toEqual(['failed', 'succeeded']);
  });

  it('an endpoint failing for 5 days is disabled', async () => {
    const ep = await endpoint('/flaky', ['order.paid']);
    for (let i = 0; i < 20; i++) answerNext('/flaky', status(503));
    await publish('order.paid', crypto.randomUUID(), now);
    await svc.worker.runDue();
    advance(4 * 86_400_000);
    await publish('order.paid', crypto.randomUUID(), now);
    await svc.worker.runDue();
    expect((await t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, ep.id)))[0]!.status).toBe('active');
    advance(86_400_000);
    await publish('order.paid', crypto.randomUUID(), now);
    await svc.worker.runDue();
    expect((await t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, ep.id)))[0]).toMatchObject({ status: 'disabled', disabledReason: 'failing' });
  });

  it('a success ends the failing run', async () => {
    const ep = await endpoint('/recovers', ['order.paid']);
    answerNext('/recovers', status(500));
    await publish('order.paid', crypto.randomUUID(), now);
    await svc.worker.runDue();
    expect((await t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, ep.id)))[0]!.failingSince).not.toBeNull();
    advance(5000);
    await svc.worker.runDue();
    expect((await t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, ep.id)))[0]!.failingSince).toBeNull();
  });

  it('events of one order go in order: a later one waits while an earlier one waits for its retry', async () => {
    const ep = await endpoint('/ordered', ['order.paid', 'label.purchased', 'tracking.updated']);
    const order = crypto.randomUUID();
    const unrelated = crypto.randomUUID();
    const t0 = now.getTime();
    answerNext('/ordered', status(500, 'first try fails'));
    await publish('order.paid', order, new Date(t0));
    await publish('label.purchased', order, new Date(t0 + 10));
    await publish('tracking.updated', order, new Date(t0 + 20));
    await publish('order.paid', unrelated, new Date(t0 + 30));
    await svc.worker.runDue();
    const types = () => seen.filter((s) => s.path === '/ordered').map((s) => `${JSON.parse(s.body).data.orderId === order ? 'A' : 'B'}:${JSON.parse(s.body).type}`);
    // The first event of order A failed; A's later events wait, another order's does not.
    expect(types()).toEqual(['A:order.paid', 'B:order.paid']);
    expect((await deliveriesOf(ep.id)).map((d) => d.status)).toEqual(['pending', 'pending', 'pending', 'succeeded']);
    advance(5000);
    await svc.worker.runDue();
    expect(types()).toEqual(['A:order.paid', 'B:order.paid', 'A:order.paid', 'A:label.purchased', 'A:tracking.updated']);
  });

  it('keeps each order in order when deliveries of many orders fail and retry in concurrent batches', async () => {
    const ep = await endpoint('/chaos', ['order.paid', 'label.purchased', 'tracking.updated']);
    const orders = Array.from({ length: 5 }, () => crypto.randomUUID());
    const t0 = now.getTime();
    const kinds = ['order.paid', 'label.purchased', 'tracking.updated'] as const;
    for (const [k, kind] of kinds.entries()) for (const o of orders) await publish(kind, o, new Date(t0 + k * 100));
    // Every other request fails at first.
    let n = 0;
    const fail: Answer = (res, s) => (n++ % 2 === 0 ? status(500)(res, s) : res.end('ok'));
    for (let i = 0; i < 40; i++) answerNext('/chaos', fail);
    for (let round = 0; round < 12; round++) {
      await svc.worker.runDue();
      advance(11 * 3_600_000);
    }
    const ok = seen.filter((s) => s.path === '/chaos');
    const deliveredOrder = new Map<string, string[]>();
    for (const s of ok) {
      const b = JSON.parse(s.body);
      deliveredOrder.set(b.data.orderId, [...(deliveredOrder.get(b.data.orderId) ?? []), b.type]);
    }
    const statuses = (await deliveriesOf(ep.id)).map((d) => d.status);
    expect(statuses.every((s) => s === 'succeeded')).toBe(true);
    for (const o of orders) {
      // Sent types, repeats (retries) collapsed: never a later kind before an earlier one.
      const sent = deliveredOrder.get(o)!.filter((x, i, a) => a[i - 1] !== x);
      expect(sent).toEqual([...kinds]);
    }
  });
});

describe('replay', () => {
  it('replays one delivery, and every failed one since a time', async () => {
    const ep = await endpoint('/replay', ['order.paid']);
    for (let i = 0; i < 16; i++) answerNext('/replay', status(500));
    await publish('order.paid', crypto.randomUUID(), now);
    await publish('order.paid', crypto.randomUUID(), now);
    // Spend the schedule.
    for (let i = 0; i < 8; i++) {
      await svc.worker.runDue();
      advance(40_000_000);
    }
    expect((await deliveriesOf(ep.id)).map((d) => d.status)).toEqual(['failed', 'failed']);
    const [first] = await deliveriesOf(ep.id);
    const one = await t.call({ method: 'POST', url: `/api/v1/webhooks/deliveries/${first!.id}/replay`, token: seller });
    expect(one.status, JSON.stringify(one.body)).toBe(200);
    expect(one.body.data.status).toBe('pending');
    // The app's replay is due at the real time; this file's clock has moved on.
    await svc.worker.runDue();
    expect((await deliveriesOf(ep.id)).map((d) => d.status)).toEqual(['succeeded', 'failed']);
    const many = await t.call({ method: 'POST', url: `/api/v1/webhooks/endpoints/${ep.id}/replay-failed`, token: seller, payload: { since: '2020-01-01T00:00:00Z' } });
    expect(many.body.data).toEqual({ replayed: 1 });
    await svc.worker.runDue();
    expect((await deliveriesOf(ep.id)).map((d) => d.status)).toEqual(['succeeded', 'succeeded']);
    const future = await t.call({ method: 'POST', url: `/api/v1/webhooks/endpoints/${ep.id}/replay-failed`, token: seller, payload: { since: '2099-01-01T00:00:00Z' } });
    expect(future.body.data).toEqual({ replayed: 0 });
  });
});

describe('SSRF at send', () => {
  /** An endpoint row written as if a URL had passed the save check (or DNS changed since). */
  async function rawEndpoint(target: string): Promise<string> {
    const [row] = await t.db
      .insert(webhookEndpoints)
      .values({ accountId: sellerAccountId, url: target, eventTypes: ['order.paid'], secretSealed: sealSecret(t.ctx.config.carrierSecrets, newWebhookSecret()) })
      .returning();
    return row!.id;
  }
  const lastError = async (id: string) => (await deliveriesOf(id))[0]!;

  it.each([
    `http://127.0.0.1:${1}/`, 'http://localhost:9/', 'http://[::1]:9/', 'http://10.1.2.3/', 'http://169.254.169.254/latest/meta-data/', 'http://[::ffff:169.254.169.254]/',
    'http://0xa9fea9fe/', 'http://0251.0376.0251.0376/', 'http://metadata.google.internal/',
  ])('refuses %s at every connection', async (target) => {
    const id = await rawEndpoint(target);
    await publish('order.paid', crypto.randomUUID(), now);
    await svc.worker.runDue();
    const d = await lastError(id);
    expect(d.lastHttpStatus).toBeNull();
    expect(d.lastError).toMatch(/not a public address|metadata/);
    await t.db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  });

  it('refuses a name that resolved to a public address at save and to 127.0.0.1 at send', async () => {
    const saved = t.ctx.outbound;
    let answer = '93.184.216.34';
    const lookup: LookupAll = async () => [{ address: answer, family: 4 }];
    const pinned: Outbound = createOutbound({ outboundAllowHosts: [] }, { lookup });
    t.ctx.outbound = pinned;
    try {
      const res = await create(seller, { url: `http://rebind.seller.example:${port}/in`, eventTypes: ['order.paid'] });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      answer = '127.0.0.1';
      await publish('order.paid', crypto.randomUUID(), now);
      await svc.worker.runDue();
      const d = await lastError(res.body.data._id);
      expect(d.lastError).toMatch(/not a public address \(127\.0\.0\.1\)/);
      expect(seen.filter((s) => s.path === '/in')).toHaveLength(0);
      await t.db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, res.body.data._id));
    } finally {
      t.ctx.outbound = saved;
    }
  });

  it('does not follow a redirect to loopback', async () => {
    const ep = await endpoint('/redirect', ['order.paid']);
    answerNext('/redirect', status(302, '', { location: `http://127.0.0.1:${port}/internal` }));
    await publish('order.paid', crypto.randomUUID(), now);
    await svc.worker.runDue();
    const d = (await deliveriesOf(ep.id))[0]!;
    expect(d.status).toBe('pending');
    expect(d.lastError).toMatch(/redirect/);
    expect(seen.filter((s) => s.path === '/internal')).toHaveLength(0);
  });
});
