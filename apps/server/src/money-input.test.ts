import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, SELLER, startTestApp, orderBody, type TestApp } from './test/harness';

// Money in requests is checked exactly: an amount above 0 but below a cent (1e-9) used to pass a float
// tolerance, become 0 cents and break a database check (a 500). Every money route answers 400 instead.
let t: TestApp;
let admin: string;
let seller: string;
let sellerId: string;
let orderId: string;

beforeAll(async () => {
  t = await startTestApp({ env: { SEED_DEMO_CATALOG: 'true' } });
  admin = await t.login(ADMIN.email, ADMIN.password);
  seller = await t.login(SELLER.email, SELLER.password);
  sellerId = ((await t.db.execute(sql`select account_id from users where email = ${SELLER.email}`)) as unknown as { rows: { account_id: string }[] }).rows[0]!.account_id;
  const created = await t.call({
    method: 'POST',
    url: '/api/v1/orders',
    token: seller,
    payload: orderBody('MONEY-1'),
  });
  orderId = created.body.data._id;
  // A paid order: the one a surcharge can be added to.
  expect((await t.call({ method: 'POST', url: '/api/v1/orders/pay', token: seller, payload: { orderIds: [orderId] } })).status).toBe(200);
});
afterAll(() => t?.close());

describe('amounts below a cent', () => {
  for (const amount of [1e-9, 0.00000001, 0.001]) {
    it(`${amount} is refused with 400 naming the amount on every money route`, async () => {
      const calls = [
        { method: 'POST' as const, url: `/api/v1/orders/${orderId}/surcharges`, token: admin, payload: { amount, reason: 'Other' } },
        { method: 'POST' as const, url: `/api/v1/credit-customers/${sellerId}/pay-credit`, token: admin, payload: { amount } },
        { method: 'POST' as const, url: '/api/v1/wallet/send-payment', token: seller, payload: { amount } },
      ];
      for (const c of calls) {
        const res = await t.call(c);
        expect(res.status, `${c.url}: ${JSON.stringify(res.body)}`).toBe(400);
        expect(res.body.errors.map((e: { field: string }) => e.field), c.url).toContain('amount');
      }
    });
  }
});
