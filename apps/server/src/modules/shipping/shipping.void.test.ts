import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@exship/contracts';
import { ADMIN, createSeller, startTestApp, type TestApp } from '../../test/harness';
import { creditWallet } from '../wallet';
import { startFakeCarrier, type FakeCarrier } from './carriers/http/fake-server';

// A replaced label's void over HTTP: each bought label shows its void (requested, voided, failed with
// the carrier's answer for staff and our words for the seller), staff retry a failed void; and
// re-distribute goes to another carrier serving the order's lane, or is refused before the order changes.
let t: TestApp;
let fake: FakeCarrier;
let seller: { id: string; token: string };
let admin: string;
let carriers: { carrierId: string; carrierCode: string }[];
let n = 0;

const q = async <T>(query: ReturnType<typeof sql>) => ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;
const runStarts = async () => {
  for (const name of ['fulfil-order.on-paid', 'fulfil-order.on-label-requested']) await t.runJobs(name);
};
const shippingOf = async (id: string, token = admin) => {
  const res = await t.call({ method: 'GET', url: `/api/v1/orders/${id}/shipping`, token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { trackingNumber: string; purchases: { _id: string; status: string; carrierCode: string; trackingNumber: string | null; voidStatus: string | null; voidError: string | null; voidedAt: string | null }[] };
};
const act = async (id: string, action: string, token = admin) => t.call({ method: 'POST', url: `/api/v1/orders/${id}/${action}`, token, payload: { reason: 'test' } });
const retryVoid = (id: string, purchaseId: string, token = admin) => t.call({ method: 'POST', url: `/api/v1/orders/${id}/labels/${purchaseId}/void`, token });

async function labeledOrder(serviceCode = 'STD'): Promise<string> {
  const res = await t.call({
    method: 'POST',
    url: '/api/v1/orders',
    token: seller.token,
    payload: { orderName: `VOID-${++n}`, serviceCode, lengthCm: 20, widthCm: 15, heightCm: 10, weightGr: 800, recipient: { firstName: 'Jane', lastName: 'Buyer', phone: '+13105550199', address1: '100 Main St', city: 'Los Angeles', state: 'CA', country: 'US', zipcode: '90001' } },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const id = res.body.data._id as string;
  expect((await t.call({ method: 'POST', url: '/api/v1/orders/pay', token: seller.token, payload: { orderIds: [id] } })).status).toBe(200);
  await runStarts();
  await t.runJobs('shipping.buy-label');
  expect((await t.call({ method: 'GET', url: `/api/v1/orders/${id}`, token: admin })).body.data.status).toBe('labeled');
  return id;
}

/** Build a new label: the old one is asked to be voided (its void job queued, not run yet). */
async function replaceLabel(id: string) {
  const before = (await shippingOf(id)).trackingNumber;
  const res = await act(id, 'build-new-label');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  await runStarts();
  const old = (await shippingOf(id)).purchases.find((p) => p.trackingNumber === before)!;
  expect(old).toMatchObject({ status: 'purchased', voidStatus: 'requested', voidError: null, voidedAt: null });
  return old;
}

beforeAll(async () => {
  t = await startTestApp({ env: { SEED_DEMO_CATALOG: 'true', OUTBOUND_ALLOW_HOSTS: '127.0.0.0/8' } });
  fake = await startFakeCarrier();
  seller = await createSeller(t, 'void.labels@example.com');
  admin = await t.login(ADMIN.email, ADMIN.password);
  await t.db.transaction((tx) => creditWallet(tx, 'top_up', { accountId: seller.id, amountCents: 100_000, actorId: null, note: 'test' }));
  carriers = (await t.call({ method: 'GET', url: '/api/v1/carrier-connections', token: admin })).body.data;
  // STD's carrier (UPX) buys and voids its labels with the fake HTTP carrier.
  const upx = carriers.find((c) => c.carrierCode === 'UPX')!;
  const put = await t.call({ method: 'PUT', url: `/api/v1/carrier-connections/${upx.carrierId}`, token: admin, payload: { plugin: 'http', settings: { baseUrl: fake.url, apiKey: fake.apiKey } } });
  expect(put.status, JSON.stringify(put.body)).toBe(200);
});
afterAll(async () => {
  await fake?.close();
  await t?.close();
});

describe('a replaced label shows its void', () => {
  it('build new label: the old label is void requested, then voided when the carrier confirms; the new one is in force', async () => {
    const id = await labeledOrder();
    const old = await replaceLabel(id);
    expect((await t.runJobs('shipping.void-label')).failed).toBe(0);
    await t.runJobs('shipping.buy-label');
    const s = await shippingOf(id);
    expect(s.purchases.find((p) => p._id === old._id)).toMatchObject({ voidStatus: 'voided', voidError: null, voidedAt: expect.any(String) });
    expect(s.purchases.find((p) => p.trackingNumber === s.trackingNumber)).toMatchObject({ status: 'purchased', voidStatus: null });
    // Nothing to retry on a voided label, nor on the label in force.
    expect((await retryVoid(id, old._id)).status).toBe(409);
    const current = s.purchases.find((p) => p.trackingNumber === s.trackingNumber)!;
    const refused = await retryVoid(id, current._id);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('VOID_NOT_RETRYABLE');
  });

  it('a carrier error is retried with back-off: void requested with the last answer, then voided', async () => {
    const id = await labeledOrder();
    const old = await replaceLabel(id);
    fake.failNext('5xx');
    expect((await t.runJobs('shipping.void-label')).failed, 'a retryable failure is thrown for pg-boss to retry').toBe(1);
    expect((await shippingOf(id)).purchases.find((p) => p._id === old._id)).toMatchObject({ voidStatus: 'requested', voidError: expect.stringMatching(/^server: /) });
    await t.runJobs('shipping.void-label', { includeDelayed: true });
    expect((await shippingOf(id)).purchases.find((p) => p._id === old._id)).toMatchObject({ voidStatus: 'voided', voidError: null });
  });

  it('the carrier refuses: void failed with its answer for staff, our words for the seller; staff retry, then voided', async () => {
    const id = await labeledOrder();
    const old = await replaceLabel(id);
    fake.failNext('void-refused');
    expect((await t.runJobs('shipping.void-label')).failed, 'a refusal is final: not retried').toBe(0);
    expect((await shippingOf(id)).purchases.find((p) => p._id === old._id)).toMatchObject({ voidStatus: 'failed', voidError: 'refused: the carrier refused to void the label', voidedAt: null });
    expect((await shippingOf(id, seller.token)).purchases.find((p) => p._id === old._id)).toMatchObject({ voidStatus: 'failed', voidError: MESSAGES.en['shipping.carrierError.void'] });

    expect((await retryVoid(id, old._id, seller.token)).status, 'sellers do not hold the right').toBe(403);
    expect((await retryVoid(id, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    const retried = await retryVoid(id, old._id);
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect(retried.body.data).toMatchObject({ _id: old._id, voidStatus: 'requested', voidError: null });
    expect((await retryVoid(id, old._id)).status, 'already requested again').toBe(409);
    await t.runJobs('shipping.void-label');
    expect((await shippingOf(id)).purchases.find((p) => p._id === old._id)).toMatchObject({ voidStatus: 'voided', voidedAt: expect.any(String) });
  });
});

describe('re-distribute goes to another carrier', () => {
  it('a service with one carrier: the options are empty and re-distribute is refused with 409 before the order changes', async () => {
    const id = await labeledOrder('EXP');
    const options = await t.call({ method: 'GET', url: `/api/v1/orders/${id}/redistribute-options`, token: admin });
    expect(options.status, JSON.stringify(options.body)).toBe(200);
    expect(options.body.data.carriers).toEqual([]);
    const res = await act(id, 'redistribute');
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('NO_OTHER_CARRIER');
    expect(res.body.message).toContain(options.body.data.serviceName);
    expect((await t.call({ method: 'GET', url: `/api/v1/orders/${id}`, token: admin })).body.data.status).toBe('labeled');
    expect(await q(sql`select 1 from pgboss.job where name = 'fulfil-order.on-label-requested' and data->>'orderId' = ${id}`)).toEqual([]);
  });

  it('a service with two carriers: the label is bought from the other one, the old label voided', async () => {
    const [std] = await q<{ id: string }>(sql`select id from services where code = 'STD'`);
    const [lax] = await q<{ id: string }>(sql`select id from warehouses where code = 'LAX1'`);
    const swf = carriers.find((c) => c.carrierCode === 'SWF')!;
    const route = await t.call({
      method: 'POST',
      url: '/api/v1/carrier-configs',
      token: admin,
      payload: { serviceId: std!.id, minWeight: 0, maxWeight: 30000, priority: 2, typeShipping: 'country', toArrayCountry: ['US'], allocations: [{ carrierId: swf.carrierId, warehouseId: lax!.id, percentage: 100 }] },
    });
    expect(route.status, JSON.stringify(route.body)).toBe(201);
    const id = await labeledOrder('STD');
    const options = await t.call({ method: 'GET', url: `/api/v1/orders/${id}/redistribute-options`, token: admin });
    expect(options.body.data.carriers).toEqual([{ carrierId: swf.carrierId, carrierCode: 'SWF', carrierName: expect.any(String) }]);
    const res = await act(id, 'redistribute');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await runStarts();
    await t.runJobs('shipping.buy-label');
    await t.runJobs('shipping.void-label');
    const o = (await t.call({ method: 'GET', url: `/api/v1/orders/${id}`, token: admin })).body.data;
    expect(o).toMatchObject({ status: 'labeled', carrierCode: 'SWF' });
    const s = await shippingOf(id);
    expect(s.purchases.map((p) => [p.carrierCode, p.voidStatus])).toEqual([
      ['SWF', null],
      ['UPX', 'voided'],
    ]);
  });
});
