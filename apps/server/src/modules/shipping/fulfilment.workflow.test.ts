import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_TRANSITIONS } from '@exship/domain';
import { startQueue } from '../../platform/workflow';
import { ADMIN, createSeller, orderBody, startTestApp, type TestApp } from '../../test/harness';
import { FULFILMENT_EVENTS, rebuildOrderStatusCounts } from '../orders';
import { creditWallet } from '../wallet';
import { FULFIL_ORDER } from './fulfilment.workflow';
import { fulfilmentHandlers } from './shipping.jobs';

// fulfil-order end to end, one start event at a time, over HTTP with the real queues (run by hand:
// the test app polls nothing). On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
let t: TestApp;
let seller: { id: string; token: string };
let admin: string;
let n = 0;

const q = async <T>(query: ReturnType<typeof sql>) => ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;
const queueOf = (eventName: string) => startQueue(FULFIL_ORDER, FULFIL_ORDER.starts.find((s) => s.event.name === eventName)!.event);
/** The start jobs queued for an order, by queue name. */
const startsQueued = async (orderId: string) =>
  (await q<{ name: string }>(sql`select name from pgboss.job where name like 'fulfil-order.%' and data->>'orderId' = ${orderId} order by created_on`)).map((r) => r.name);
const runStarts = async () => {
  for (const s of FULFIL_ORDER.starts) await t.runJobs(startQueue(FULFIL_ORDER, s.event));
};
/** Everything fulfil-order would run now: the starts, then the due purchases and voids. */
const runWorkflow = async () => {
  await runStarts();
  await t.runJobs('shipping.buy-label');
  await t.runJobs('shipping.void-label');
};
const order = async (id: string) => (await t.call({ method: 'GET', url: `/api/v1/orders/${id}`, token: seller.token })).body.data;
const shipping = async (id: string) => (await t.call({ method: 'GET', url: `/api/v1/orders/${id}/shipping`, token: seller.token })).body.data;
const act = async (id: string, action: string, token = seller.token) => {
  const res = await t.call({ method: 'POST', url: `/api/v1/orders/${id}/${action}`, token, payload: { reason: 'test' } });
  expect(res.status, `${action}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body.data;
};
const setDelay = async (hours: number) => {
  const res = await t.call({ method: 'PATCH', url: '/api/v1/profile/update-setting', token: seller.token, payload: { labelPurchaseDelayHours: hours } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};

async function unpaidOrder(recipient: Record<string, string> = {}, serviceCode = 'STD'): Promise<string> {
  const res = await t.call({
    method: 'POST',
    url: '/api/v1/orders',
    token: seller.token,
    payload: (() => {
      const base = orderBody(`FLOW-${++n}`, { serviceCode });
      return { ...base, recipient: { ...base.recipient, ...recipient } };
    })(),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data._id as string;
}
async function paidOrder(recipient: Record<string, string> = {}, serviceCode = 'STD'): Promise<string> {
  const id = await unpaidOrder(recipient, serviceCode);
  const paid = await t.call({ method: 'POST', url: '/api/v1/orders/pay', token: seller.token, payload: { orderIds: [id] } });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  return id;
}

beforeAll(async () => {
  t = await startTestApp({ env: { SEED_DEMO_CATALOG: 'true' } });
  // A seller of its own: the demo seller's orders and settings stay out of these counts.
  seller = await createSeller(t, 'fulfilment.flow@example.com');
  admin = await t.login(ADMIN.email, ADMIN.password);
  await t.db.transaction((tx) => creditWallet(tx, 'top_up', { accountId: seller.id, amountCents: 100_000, actorId: null, note: 'test' }));
});
afterAll(() => t?.close());

describe('fulfil-order as data', () => {
  it('every start event has its handler, every queued step its job, and the docs draw each of them', () => {
    const impl = fulfilmentHandlers({} as never);
    for (const s of FULFIL_ORDER.starts) expect(impl.starts.has(s.event), s.event.name).toBe(true);
    for (const [name, step] of Object.entries(FULFIL_ORDER.steps)) if ('job' in step.runs) expect(impl.steps[name], name).toBeTypeOf('function');
    const doc = readFileSync(new URL('../../../../../docs/fulfilment.md', import.meta.url), 'utf8');
    for (const s of FULFIL_ORDER.starts) expect(doc, s.event.name).toContain(s.event.name);
    for (const name of Object.keys(FULFIL_ORDER.steps)) expect(doc, name).toContain(name);
  });

  it("a step's failure goes where the lifecycle table says, and every emitting action is one of the table's", () => {
    const buy = FULFIL_ORDER.steps['buy-label'];
    const rule = ORDER_TRANSITIONS[buy.fails!.action as keyof typeof ORDER_TRANSITIONS];
    expect(rule.some((r) => r.from.includes('waiting-label') && r.to === buy.fails!.status)).toBe(true);
    for (const action of Object.keys(FULFILMENT_EVENTS)) expect(ORDER_TRANSITIONS, action).toHaveProperty(action);
  });
});

describe('fulfil-order, one start event at a time', () => {
  it('OrderPaid: the payment queues one start, which schedules the purchase; the label follows; other changes queue nothing', async () => {
    const id = await unpaidOrder();
    await act(id, 'hold');
    await act(id, 'unhold');
    expect(await startsQueued(id), 'hold and unhold of an unpaid order are no facts for fulfilment').toEqual([]);
    await t.call({ method: 'POST', url: '/api/v1/orders/pay', token: seller.token, payload: { orderIds: [id] } });
    expect(await startsQueued(id)).toEqual([queueOf('order.paid')]);
    await runWorkflow();
    const o = await order(id);
    expect(o.status).toBe('labeled');
    const s = await shipping(id);
    expect(s.purchases).toHaveLength(1);
    expect(s.purchases[0]).toMatchObject({ status: 'purchased' });
    expect(s.trackingNumber).toBeTruthy();
    // The label's own steps (scheduleLabel, labelPurchased) are shipping's doing: no further start was queued.
    expect(await startsQueued(id)).toEqual([queueOf('order.paid')]);
  });

  it('OrderPaid carries the label delay in force at payment: changing it afterwards moves nothing', async () => {
    await setDelay(4);
    const before = Date.now();
    const id = await paidOrder();
    await setDelay(0);
    await runStarts();
    const [p] = (await shipping(id)).purchases;
    expect(p.status).toBe('scheduled');
    expect(new Date(p.dueAt).getTime() - before).toBeGreaterThanOrEqual(4 * 3_600_000 - 1000);
    await t.runJobs('shipping.buy-label');
    expect((await order(id)).status).toBe('paid');
  });

  it('OrderReleased: an order held before its start ran keeps its purchase; unhold releases it and the label is bought', async () => {
    const id = await paidOrder();
    await act(id, 'hold');
    await runWorkflow();
    expect((await order(id)).status).toBe('on-hold');
    expect(['scheduled', 'buying'], 'the purchase stays live while the order is held').toContain((await shipping(id)).purchases[0].status);
    await act(id, 'unhold');
    expect(await startsQueued(id)).toContain(queueOf('order.released'));
    await runWorkflow();
    expect((await order(id)).status).toBe('labeled');
    expect((await shipping(id)).purchases).toHaveLength(1);
  });

  it('OrderAddressEdited: a not-verified order edited to a good address gets its label', async () => {
    const id = await paidOrder({ city: 'San Francisco' });
    await runWorkflow();
    const o = await order(id);
    expect(o.status).toBe('not-verified');
    const edit = await t.call({
      method: 'PUT',
      url: `/api/v1/orders/${id}`,
      token: seller.token,
      payload: { orderName: o.orderName, serviceCode: 'STD', lengthCm: 20, widthCm: 15, heightCm: 10, weightGr: 800, recipient: { ...o.recipient, city: 'Los Angeles' } },
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect(await startsQueued(id)).toContain(queueOf('order.address-edited'));
    await runWorkflow();
    expect((await order(id)).status).toBe('labeled');
  });

  it('LabelRequested (build new label): the old label is voided with the carrier, a new one bought', async () => {
    const id = await paidOrder();
    await runWorkflow();
    const first = (await shipping(id)).trackingNumber as string;
    await act(id, 'build-new-label', admin);
    expect(await startsQueued(id)).toContain(queueOf('order.label-requested'));
    await runStarts();
    const voids = await q<{ data: { purpose: string; trackingNumber: string } }>(sql`select data from pgboss.job where name = 'shipping.void-label' and data->>'orderId' = ${id}`);
    expect(voids.map((v) => v.data)).toEqual([expect.objectContaining({ purpose: 'release', trackingNumber: first })]);
    await runWorkflow();
    const s = await shipping(id);
    expect((await order(id)).status).toBe('labeled');
    expect(s.trackingNumber).not.toBe(first);
    expect(s.purchases.map((p: { status: string }) => p.status)).toEqual(['purchased', 'purchased']);
  });

  it('LabelRequested (generate tracking): a label error gets a new purchase without voiding anything', async () => {
    const id = await paidOrder();
    // The carrier failed for good: the purchase is failed and the order in label error.
    await runStarts();
    const [p] = await q<{ id: string }>(sql`select id from label_purchases where order_id = ${id}`);
    await t.db.execute(sql`update label_purchases set status = 'failed', error = 'refused: test' where id = ${p!.id}`);
    await t.db.execute(sql`update orders set status = 'label error' where id = ${id}`);
    await rebuildOrderStatusCounts(t.db);
    await act(id, 'generate-tracking', admin);
    await runWorkflow();
    expect((await order(id)).status).toBe('labeled');
    const purchases = (await shipping(id)).purchases.map((x: { status: string }) => x.status);
    expect(purchases).toEqual(['purchased', 'superseded']);
    expect(await q(sql`select 1 from pgboss.job where name = 'shipping.void-label' and data->>'orderId' = ${id}`)).toEqual([]);
  });

  it('OrderCanceled before the label: the purchase is dropped and never bought', async () => {
    await setDelay(4);
    const id = await paidOrder();
    await setDelay(0);
    await runStarts();
    await act(id, 'cancel');
    expect(await startsQueued(id)).toContain(queueOf('order.canceled'));
    await runWorkflow();
    expect((await order(id)).status).toBe('canceled');
    expect((await shipping(id)).purchases.map((p: { status: string }) => p.status)).toEqual(['superseded']);
  });

  it('OrderCanceled after the label: the order waits for the carrier to void it, then is cancelled', async () => {
    const id = await paidOrder();
    await runWorkflow();
    expect((await act(id, 'cancel')).status).toBe('waiting-cancel');
    await runWorkflow();
    expect((await order(id)).status).toBe('canceled');
  });
});
