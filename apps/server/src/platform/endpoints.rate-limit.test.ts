import { randomUUID } from 'node:crypto';
import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PayOrdersEndpoint, PublicTrackingEndpoint, RATE_LIMITS, SendPaymentEndpoint } from '@exship/contracts';
import { SELLER, createSeller, startTestApp, type TestApp } from '../test/harness';
import { rateLimits } from './platform.tables';

// Money routes are limited per account, public routes per client address (RATE_LIMITS, declared on
// the endpoint descriptor): past the limit 429 RATE_LIMITED with Retry-After, other callers untouched.
let t: TestApp;
let seller: string;
let other: string;
beforeAll(async () => {
  t = await startTestApp();
  seller = await t.login(SELLER.email, SELLER.password);
  other = (await createSeller(t, 'rate.other@example.com')).token;
});
afterAll(async () => {
  await t?.close();
});

const pay = (token: string) => t.call({ method: 'POST', url: '/api/v1/orders/pay', token, payload: { orderIds: [randomUUID()] } });
const sendPayment = (token: string) =>
  t.call({ method: 'POST', url: '/api/v1/wallet/send-payment', token, payload: { receiverEmail: 'nobody.here@example.com', amount: 1, note: '' } });
const track = (ip: string) => t.call({ method: 'GET', url: '/api/v1/public/tracking/ZZ00000000000000NONE', remoteAddress: ip });

async function expectLimited(limit: number, send: () => Promise<{ status: number; body: any; headers: Record<string, unknown> }>) {
  for (let i = 0; i < limit; i++) {
    const res = await send();
    expect(res.status, `call ${i + 1} of ${limit}`).not.toBe(429);
  }
  const over = await send();
  expect(over.status).toBe(429);
  expect(over.body.code).toBe('RATE_LIMITED');
  expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
}

describe('endpoint rate limits', () => {
  it(`POST /orders/pay: ${RATE_LIMITS.payOrders.limit} a minute per account, then 429; another account is not affected`, async () => {
    await expectLimited(RATE_LIMITS.payOrders.limit, () => pay(seller));
    expect((await pay(other)).status).not.toBe(429);
  });

  it(`POST /wallet/send-payment: ${RATE_LIMITS.sendPayment.limit} a minute per account, then 429; another account is not affected`, async () => {
    await expectLimited(RATE_LIMITS.sendPayment.limit, () => sendPayment(seller));
    expect((await sendPayment(other)).status).not.toBe(429);
  });

  it(`the public tracking page: ${RATE_LIMITS.publicTracking.limit} a minute per client address, then 429; another address is not affected`, async () => {
    await expectLimited(RATE_LIMITS.publicTracking.limit, () => track('10.55.0.1'));
    const elsewhere = await track('10.55.0.2');
    expect(elsewhere.status).toBe(404);
  });

  it('a route without a limit writes no counter', async () => {
    for (let i = 0; i < 3; i++) expect((await t.call({ method: 'GET', url: '/api/v1/me', token: seller })).status).toBe(200);
    const counters = await t.db.select().from(rateLimits).where(like(rateLimits.key, 'endpoint:%'));
    expect([...new Set(counters.map((c) => c.key.split(':')[1]))].sort()).toEqual([PayOrdersEndpoint.operationId, PublicTrackingEndpoint.operationId, SendPaymentEndpoint.operationId].sort());
  });

  it('the OpenAPI document states the limit and its 429 reply', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, { description: string; responses: Record<string, unknown> }>> };
    const payOp = doc.paths['/api/v1/orders/pay']!.post!;
    expect(payOp.responses['429']).toBeDefined();
    expect(payOp.description).toContain(`Rate limit: ${RATE_LIMITS.payOrders.limit} calls per 60 s per account`);
    const trackOp = doc.paths['/api/v1/public/tracking/{code}']!.get!;
    expect(trackOp.description).toContain('per client address');
    expect(doc.paths['/api/v1/me']!.get!.description).not.toContain('Rate limit');
  });
});
