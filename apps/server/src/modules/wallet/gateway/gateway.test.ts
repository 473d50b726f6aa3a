import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, SELLER, startTestApp, type TestApp } from '../../../test/harness';
import { createOutbound } from '../../../platform/outbound';
import { startFakeProvider, type FakeProvider } from './fake-provider';
import { HttpPaymentGateway } from './http-gateway';
import { signWebhook, verifySignedWebhook } from './payment-gateway';
import { REPORT_QUEUES } from '../../reports';

// A payment provider behind the PaymentGateway adapter, tested against a local fake
// provider: checkout session → the fake pays → signed webhook to our endpoint → credited once.
const SECRET_KEY = 'sk_test_0123456789abcdef';
const WEBHOOK_SECRET = 'whsec_test_0123456789abcdefghijklmnop';

let t: TestApp;
let fake: FakeProvider;
let seller: string;
let sellerAccount: string;
let webhookUrl: string;

const q = async <T>(query: ReturnType<typeof sql>) => ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;
const balance = async (accountId: string) => Number((await q<{ b: string }>(sql`select balance_cents as b from wallets where account_id = ${accountId}`))[0]?.b ?? 0);
const topUpCount = async () => (await q<{ n: number }>(sql`select count(*)::int n from wallet_transactions where account_id = ${sellerAccount} and type = 'top_up'`))[0]!.n;
const checkout = (amount: number, headers: Record<string, string> = {}) =>
  t.call({ method: 'POST', url: '/api/v1/wallet/checkout-sessions', token: seller, payload: { amount }, headers });

beforeAll(async () => {
  fake = await startFakeProvider({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
  // The fake listens on loopback: the app may call it only because the allow-list names it.
  t = await startTestApp({ env: { PAYMENT_PROVIDER_URL: fake.url, PAYMENT_PROVIDER_SECRET_KEY: SECRET_KEY, PAYMENT_WEBHOOK_SECRET: WEBHOOK_SECRET, OUTBOUND_ALLOW_HOSTS: new URL(fake.url).host } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  webhookUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/v1/wallet/gateway-webhook`;
  fake.webhookUrl = webhookUrl;
  seller = await t.login(SELLER.email, SELLER.password);
  sellerAccount = (await q<{ account_id: string }>(sql`select account_id from users where email = ${SELLER.email}`))[0]!.account_id;
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe('top-up through the payment provider', () => {
  it('tells the wallet screen online top-up is available, to a seller only', async () => {
    const res = await t.call({ method: 'GET', url: '/api/v1/wallet/online-top-up', token: seller });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ available: true });
    expect((await t.call({ method: 'GET', url: '/api/v1/wallet/online-top-up' })).status).toBe(401);
    const admin = await t.login(ADMIN.email, ADMIN.password);
    expect((await t.call({ method: 'GET', url: '/api/v1/wallet/online-top-up', token: admin })).status).toBe(403);
  });

  it('checkout → the provider pays → the signed webhook credits the wallet once; a replay changes nothing', async () => {
    const res = await checkout(75.25);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const { sessionId, url } = res.body.data;
    expect(url).toBe(`${fake.url}/checkout/${sessionId}`);
    expect(fake.sessions.get(sessionId)).toMatchObject({ amountCents: 7525, reference: sellerAccount, paid: false });

    const before = await balance(sellerAccount);
    const count = await topUpCount();
    const paid = await fake.pay(sessionId);
    expect(paid.status).toBe(200);
    expect(await balance(sellerAccount)).toBe(before + 7525);
    expect(await topUpCount()).toBe(count + 1);
    const [tx] = await q<{ gateway: string }>(sql`select gateway from wallet_transactions where account_id = ${sellerAccount} order by created_at desc limit 1`);
    expect(tx!.gateway).toBe('provider');

    // The provider retries (or someone replays) the same delivery: nothing changes.
    expect(await fake.deliver(paid.delivery)).toBe(200);
    // A new event for the same session (a second "paid" from the provider): nothing changes either.
    expect((await fake.pay(sessionId)).status).toBe(200);
    expect(await balance(sellerAccount)).toBe(before + 7525);
    expect(await topUpCount()).toBe(count + 1);

    // The credit reaches the report rollups through the event written with it, not the nightly rebuild.
    const rolled = async () => Number((await q<{ n: string }>(sql`select coalesce(sum(top_up_cents), 0) as n from report_rollups where account_id = ${sellerAccount}`))[0]!.n);
    const source = Number((await q<{ n: string }>(sql`select coalesce(sum(amount_cents), 0) as n from wallet_transactions where account_id = ${sellerAccount} and type = 'top_up' and result = 'success'`))[0]!.n);
    expect((await t.runJobs(REPORT_QUEUES.onlineTopUpPaid)).ran).toBeGreaterThan(0);
    expect(await rolled()).toBe(source);
    const [total] = await q<{ n: string }>(sql`select coalesce(sum(top_up_cents), 0) as n from report_totals where dim = 'method' and key = 'top-up'`);
    expect(Number(total!.n)).toBe(Number((await q<{ n: string }>(sql`select coalesce(sum(top_up_cents), 0) as n from report_rollups`))[0]!.n));
  });

  it('the return address is this site only: another origin, a javascript: or protocol-relative address is 400 on returnUrl', async () => {
    const open = (returnUrl: string) => t.call({ method: 'POST', url: '/api/v1/wallet/checkout-sessions', token: seller, payload: { amount: 60, returnUrl } });
    for (const bad of ['javascript:alert(document.cookie)', 'https://evil.example.com/app/billing', '//evil.example.com/x', 'http://localhost:3000.evil.example.com/', 'http://localhost:3001/app/billing', 'data:text/html,hi']) {
      const res = await open(bad);
      expect(res.status, bad).toBe(400);
      expect(res.body.errors.map((e: { field: string }) => e.field), bad).toEqual(['returnUrl']);
    }
    const ok = await open('http://localhost:3000/app/billing?tab=wallet');
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(fake.sessions.get(ok.body.data.sessionId)!.returnUrl).toBe('http://localhost:3000/app/billing?tab=wallet');
  });

  it('a forged signature, a wrong secret, an old timestamp or a changed body is refused and changes nothing', async () => {
    const { sessionId } = (await checkout(60)).body.data;
    const before = await balance(sellerAccount);
    const id = 'evt_forged';
    const ts = Math.floor(Date.now() / 1000);
    const body = JSON.stringify({ type: 'checkout.completed', data: { sessionId, amountCents: 6000 } });
    const post = (headers: Record<string, string>, payload = body) => t.call({ method: 'POST', url: '/api/v1/wallet/gateway-webhook', headers: { 'content-type': 'application/json', ...headers }, payload });

    const cases: Record<string, string>[] = [
      { 'webhook-id': id, 'webhook-timestamp': String(ts), 'webhook-signature': 'v1,AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=' },
      { 'webhook-id': id, 'webhook-timestamp': String(ts), 'webhook-signature': signWebhook('whsec_someone_else_0123456789ab', id, ts, body) },
      { 'webhook-id': id, 'webhook-timestamp': String(ts - 600), 'webhook-signature': signWebhook(WEBHOOK_SECRET, id, ts - 600, body) },
      { 'webhook-id': id, 'webhook-timestamp': String(ts) },
    ];
    for (const headers of cases) {
      const res = await post(headers);
      expect(res.status, JSON.stringify(headers)).toBe(400);
      expect(res.body.code).toBe('WEBHOOK_SIGNATURE_INVALID');
    }
    // Signed for one body, sent with another (a bigger amount).
    const tampered = await post(
      { 'webhook-id': id, 'webhook-timestamp': String(ts), 'webhook-signature': signWebhook(WEBHOOK_SECRET, id, ts, body) },
      body.replace('6000', '600000'),
    );
    expect(tampered.status).toBe(400);
    // Correctly signed but for another amount than the session's: refused.
    const otherAmount = JSON.stringify({ type: 'checkout.completed', data: { sessionId, amountCents: 999999 } });
    const wrongAmount = await post({ 'webhook-id': 'evt_amount', 'webhook-timestamp': String(ts), 'webhook-signature': signWebhook(WEBHOOK_SECRET, 'evt_amount', ts, otherAmount) }, otherAmount);
    expect(wrongAmount.status).toBe(400);
    expect(await balance(sellerAccount)).toBe(before);
    expect((await q<{ status: string }>(sql`select status from payment_checkouts where session_id = ${sessionId}`))[0]!.status).toBe('pending');

    // The genuine one still goes through.
    expect((await fake.pay(sessionId)).status).toBe(200);
    expect(await balance(sellerAccount)).toBe(before + 6000);
  });

  it('a checkout asks for at least 50 USD, naming the amount', async () => {
    const res = await checkout(10);
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ field: 'amount' });
  });

  it('a webhook for a session we never opened is 404 and credits nothing', async () => {
    const ts = Math.floor(Date.now() / 1000);
    const body = JSON.stringify({ type: 'checkout.completed', data: { sessionId: 'cs_unknown', amountCents: 5000 } });
    const res = await t.call({ method: 'POST', url: '/api/v1/wallet/gateway-webhook', headers: { 'content-type': 'application/json', 'webhook-id': 'evt_x', 'webhook-timestamp': String(ts), 'webhook-signature': signWebhook(WEBHOOK_SECRET, 'evt_x', ts, body) }, payload: body });
    expect(res.status).toBe(404);
  });
});

describe('the provider is called through the outbound client', () => {
  it('a loopback provider not in the allow-list is never called: the checkout fails with our error', async () => {
    const before = fake.sessions.size;
    const gateway = new HttpPaymentGateway({ url: fake.url, secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET }, createOutbound({ outboundAllowHosts: [] }).fetch);
    await expect(gateway.createCheckout(6000, sellerAccount, 'http://localhost:3000/app/wallet')).rejects.toThrow('PAYMENT_GATEWAY_FAILED');
    expect(fake.sessions.size).toBe(before);
    const allowed = new HttpPaymentGateway({ url: fake.url, secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET }, createOutbound({ outboundAllowHosts: [new URL(fake.url).host] }).fetch);
    expect((await allowed.createCheckout(6000, sellerAccount, 'http://localhost:3000/app/wallet')).url).toContain(fake.url);
  });
});

describe('signature checks (pure)', () => {
  it('accepts any of several signatures (key rotation) and refuses a timestamp too far ahead', () => {
    const body = Buffer.from('{"type":"ping"}');
    const ts = 1_700_000_000;
    const sig = `v1,bm9wZQ== ${signWebhook(WEBHOOK_SECRET, 'e1', ts, body)}`;
    expect(verifySignedWebhook(WEBHOOK_SECRET, body, { 'webhook-id': 'e1', 'webhook-timestamp': String(ts), 'webhook-signature': sig }, ts * 1000)).toMatchObject({ id: 'e1', type: 'ping' });
    expect(() => verifySignedWebhook(WEBHOOK_SECRET, body, { 'webhook-id': 'e1', 'webhook-timestamp': String(ts), 'webhook-signature': sig }, (ts - 301) * 1000)).toThrow('WEBHOOK_SIGNATURE_INVALID');
  });
});

describe('without a provider', () => {
  it('online top-up is off: checkout is 409 PAYMENT_GATEWAY_OFF and the webhook 404', async () => {
    const plain = await startTestApp();
    try {
      const token = await plain.login(SELLER.email, SELLER.password);
      const res = await plain.call({ method: 'POST', url: '/api/v1/wallet/checkout-sessions', token, payload: { amount: 60 } });
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('PAYMENT_GATEWAY_OFF');
      // The wallet screen is told not to offer it.
      const online = await plain.call({ method: 'GET', url: '/api/v1/wallet/online-top-up', token });
      expect(online.status).toBe(200);
      expect(online.body.data).toEqual({ available: false });
      const hook = await plain.call({ method: 'POST', url: '/api/v1/wallet/gateway-webhook', headers: { 'content-type': 'application/json' }, payload: '{}' });
      expect(hook.status).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
