import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workingDayCalendar } from '@exship/domain/working-days';
import { ADMIN, SELLER, startTestApp, type TestApp } from '../../test/harness';
import { createOutbound } from '../../platform/outbound';
import { SnapshotCache, createCatalogService } from '../catalog';
import { createOrderService, type OrderPaidEvent } from '../orders';
import { httpCarrier } from './carriers/http';
import { startFakeCarrier, type FakeCarrier } from './carriers/http/fake-server';
import { ORIGIN_DEPARTURE_CODES, parcelEvents } from './shipping.floor';
import { createShippingService, type ShippingDeps } from './shipping.service';
import { createTrackingService } from './shipping.tracking';
import { fulfilmentHandlers } from './shipping.jobs';

// The purchase, void, poll, flag and prune jobs with an injected clock (the services built here take
// `now`); the carrier is the offline sandbox or the local fake HTTP carrier.
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let t: TestApp;
let seller: string;
let now = new Date('2026-11-02T10:00:00Z');
let fake: FakeCarrier;
let useFake = false;
let shipping: ReturnType<typeof createShippingService>;
let tracking: ReturnType<typeof createTrackingService>;
let orders: ReturnType<typeof createOrderService>;
let n = 0;

const q = async <T>(query: ReturnType<typeof sql>) => ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;
/** The order's status (orders) beside its parcel's routing status (shipping's tracker). */
const statusOf = async (id: string) => (await q<{ status: string; routing_status: string | null }>(sql`select o.status, t.routing_status from orders o left join trackers t on t.order_id = o.id where o.id = ${id}`))[0]!;
const purchasesOf = async (id: string) => q<{ id: string; status: string; due_at: string; tries: number; error: string | null }>(sql`select id, status, due_at, tries, error from label_purchases where order_id = ${id} order by created_at`);

/** An order created and paid over HTTP; the shipping handler then runs here with the injected clock. */
async function paidOrder(address1 = '100 Main St'): Promise<string> {
  const res = await t.call({
    method: 'POST',
    url: '/api/v1/orders',
    token: seller,
    payload: { orderName: `JOBS-${++n}`, serviceCode: 'STD', lengthCm: 20, widthCm: 15, heightCm: 10, weightGr: 800, recipient: { firstName: 'Jane', address1, city: 'Los Angeles', state: 'CA', country: 'US', zipcode: '90001' } },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const id = res.body.data._id as string;
  expect((await t.call({ method: 'POST', url: '/api/v1/orders/pay', token: seller, payload: { orderIds: [id] } })).status).toBe(200);
  await paid(id);
  return id;
}
/** fulfil-order's start on OrderPaid, as the app queued it, but at this test's clock. */
async function paid(orderId: string) {
  const [queued] = await q<{ data: OrderPaidEvent }>(sql`select data from pgboss.job where name = 'fulfil-order.on-paid' and data->>'orderId' = ${orderId}`);
  expect(queued, 'the payment emits OrderPaid in its transaction').toBeDefined();
  const delayMs = new Date(queued!.data.labelDueAt).getTime() - Date.parse((await q<{ paid_at: string }>(sql`select paid_at from orders where id = ${orderId}`))[0]!.paid_at);
  await t.db.transaction((tx) => shipping.onPaid(tx, { ...queued!.data, labelDueAt: new Date(now.getTime() + delayMs).toISOString() }));
}
/** The parcel leaves our origin warehouse (the floor's check-out event): from then on the carrier has it. */
async function checkedOut(orderId: string, at: Date) {
  const [tr] = await q<{ account_id: string; tracking_number: string }>(sql`select account_id, tracking_number from trackers where order_id = ${orderId}`);
  await parcelEvents.add(t.db, { orderId, accountId: tr!.account_id, trackingNumber: tr!.tracking_number, at, status: 'fw-in-transit', code: ORIGIN_DEPARTURE_CODES.floor, messageKey: 'floor.event.departed', vars: { warehouse: 'HCM', carton: 'CT-JOBS' } });
}
const buy = async (id: string, attempt = 0) => shipping.buyLabel((await purchasesOf(id)).at(-1)!.id, attempt);
const act = async (id: string, action: 'cancel', reason = 'test') =>
  t.db.transaction(async (tx) => orders.transition(tx, await orders.lockOrder(tx, id), action, null, reason));

beforeAll(async () => {
  t = await startTestApp({ env: { SEED_DEMO_CATALOG: 'true' } });
  seller = await t.login(SELLER.email, SELLER.password);
  fake = await startFakeCarrier({ hangMs: 600 });
  const calendar = workingDayCalendar('US');
  const snapshot = new SnapshotCache(t.db);
  orders = createOrderService({ db: t.db, snapshot, calendar, now: () => now });
  const deps: ShippingDeps = {
    db: t.db,
    storage: t.ctx.storage,
    jobs: t.ctx.jobs,
    orders,
    catalog: createCatalogService(t.db, async () => undefined),
    snapshot,
    calendar,
    now: () => now,
    buyRetries: 3,
    outbound: t.ctx.outbound,
    adapterOverride: () => (useFake ? httpCarrier({ baseUrl: fake.url, apiKey: fake.apiKey, timeoutMs: 300, fetch: createOutbound({ outboundAllowHosts: [new URL(fake.url).host] }).fetch }) : undefined),
  };
  shipping = createShippingService(deps);
  tracking = createTrackingService({ ...deps, shipping });
});
afterAll(async () => {
  await fake?.close();
  await t?.close();
});

describe('label purchase timing', () => {
  it('a 4-hour delay: the purchase waits, runs early only to reschedule, and buys at the due time', async () => {
    now = new Date('2026-11-02T10:00:00Z');
    await t.call({ method: 'PATCH', url: '/api/v1/profile/update-setting', token: seller, payload: { labelPurchaseDelayHours: 4 } });
    const id = await paidOrder();
    const [p] = await purchasesOf(id);
    expect(p).toMatchObject({ status: 'scheduled' });
    expect(new Date(p!.due_at).getTime()).toBe(now.getTime() + 4 * HOUR);
    now = new Date(now.getTime() + 4 * HOUR - 60_000);
    expect(await buy(id)).toBe('rescheduled');
    expect((await statusOf(id)).status).toBe('paid');
    now = new Date(now.getTime() + 60_000);
    expect(await buy(id)).toBe('bought');
    expect((await statusOf(id)).status).toBe('labeled');
    await t.call({ method: 'PATCH', url: '/api/v1/profile/update-setting', token: seller, payload: { labelPurchaseDelayHours: 0 } });
  });

  it('the registered job runs the same purchase (the queue the payment fills)', async () => {
    const id = await paidOrder();
    const handler = fulfilmentHandlers(shipping).steps['buy-label']!;
    await handler({ purchaseId: (await purchasesOf(id))[0]!.id }, { id: 'x', name: 'shipping.buy-label', retryCount: 0 });
    expect((await statusOf(id)).status).toBe('labeled');
  });
});

describe('tracking over time', () => {
  let delivered: string;
  let lost: string;

  it('the poller moves an order through the routing statuses to delivered, logging every number asked', async () => {
    // The parcels labelled earlier in this file left the warehouse 6 hours after their labels: they
    // travel to delivery meanwhile, only this file's tracking parcels are followed here.
    for (const o of await q<{ order_id: string; labeled_at: Date }>(sql`select order_id, labeled_at from trackers where active`)) {
      await checkedOut(o.order_id, new Date(new Date(o.labeled_at).getTime() + 6 * HOUR));
    }
    now = new Date('2026-11-10T08:00:00Z');
    delivered = await paidOrder();
    expect(await buy(delivered)).toBe('bought');
    expect(await statusOf(delivered)).toEqual({ status: 'labeled', routing_status: 'pre-shipment' });
    const labeledAt = now.getTime();
    // Still at our origin warehouse a day later: the carrier has nothing to say but the label.
    now = new Date(labeledAt + 24 * HOUR);
    await tracking.poll();
    expect(await statusOf(delivered)).toEqual({ status: 'labeled', routing_status: 'pre-shipment' });
    // Checked out 6 hours after the label: the carrier's journey runs from then.
    await checkedOut(delivered, new Date(labeledAt + 6 * HOUR));
    now = new Date(labeledAt + 27 * HOUR);
    await tracking.poll();
    expect(await statusOf(delivered)).toEqual({ status: 'shipped', routing_status: 'airport-departure' });
    now = new Date(labeledAt + 50 * HOUR);
    await tracking.poll();
    expect((await statusOf(delivered)).routing_status).toBe('us-accepted');
    now = new Date(labeledAt + 101 * HOUR);
    await tracking.poll();
    expect(await statusOf(delivered)).toEqual({ status: 'delivered', routing_status: 'delivered' });
    const events = await q<{ status: string; at: Date }>(sql`select status, at from routing_events where order_id = ${delivered} and code not like 'floor.%' order by at`);
    expect(events.map((e) => e.status)).toEqual(['pre-shipment', 'pick-up', 'airport-departure', 'destination-airport', 'us-accepted', 'in-transit', 'hub-transferred', 'out-for-delivered', 'delivered']);
    expect(events.slice(1).every((e) => new Date(e.at).getTime() >= labeledAt + 6 * HOUR)).toBe(true);
    const logs = await q<{ result: string }>(sql`select result from tracking_logs where order_id = ${delivered} order by at`);
    expect(logs.map((l) => l.result)).toEqual(['unchanged', 'updated', 'updated', 'updated']);
    const [tracker] = await q<{ active: boolean }>(sql`select active from trackers where order_id = ${delivered}`);
    expect(tracker!.active).toBe(false);
  });

  it('lost after 15 business days without an update, late 15 days after US arrival; each flagged once and announced', async () => {
    now = new Date('2026-11-10T08:00:00Z');
    lost = await paidOrder('12 Lostparcel Road');
    await buy(lost);
    const labeledAt = now.getTime();
    await checkedOut(lost, new Date(labeledAt + 6 * HOUR));
    now = new Date(labeledAt + 61 * HOUR);
    await tracking.poll();
    expect((await statusOf(lost)).routing_status).toBe('in-transit');
    const lastEvent = labeledAt + 60 * HOUR;
    // 15 calendar days later is fewer than 15 business days (weekends, Thanksgiving): not lost yet.
    // US arrival was at 44 h: 15 days after it the parcel is late (not delivered), not yet lost.
    now = new Date(lastEvent + 15 * DAY);
    expect(await tracking.flag()).toEqual({ lost: 0, late: 1 });
    now = workingDayCalendar('US').addWorkingDays(new Date(lastEvent), 15);
    now = new Date(now.getTime() - HOUR);
    expect((await tracking.flag()).lost).toBe(0);
    now = new Date(now.getTime() + 2 * HOUR);
    expect((await tracking.flag()).lost).toBe(1);
    expect((await statusOf(lost)).routing_status).toBe('lost');
    expect(await tracking.flag()).toEqual({ lost: 0, late: 0 });
    const events = await q<{ flag: string }>(sql`select data->>'flag' as flag from pgboss.job where name = 'notifications.tell-seller-of-parcel-flag' and data->>'orderId' = ${lost}`);
    expect(events.map((e) => e.flag).sort()).toEqual(['late', 'lost']);
    await t.runJobs('notifications.tell-seller-of-parcel-flag');
    // The late notice opens the order; the lost one opens a claim prefilled with the order and the reason.
    const notices = await q<{ title: string; url: string }>(sql`select title_en as title, url from notifications where url like ${`%${lost}%`} order by created_at`);
    expect(notices).toEqual([
      { title: 'Parcel is late', url: `/app/orders/order-detail/${lost}` },
      { title: 'Parcel may be lost', url: `/app/ticket?claimOrder=${lost}&claimReason=lost` },
    ]);
  });

  it('routing events and tracking logs older than 100 days are pruned; newer ones stay', async () => {
    const before = await q<{ n: number }>(sql`select count(*)::int as n from routing_events where order_id = ${delivered}`);
    // Nine carrier events and the floor's check-out.
    expect(before[0]!.n).toBe(10);
    now = new Date(new Date('2026-11-10T08:00:00Z').getTime() + 99 * DAY);
    await tracking.prune();
    expect((await q<{ n: number }>(sql`select count(*)::int as n from routing_events where order_id = ${delivered}`))[0]!.n).toBe(10);
    now = new Date(new Date('2026-11-10T08:00:00Z').getTime() + 106 * DAY);
    const pruned = await tracking.prune();
    expect(pruned.events).toBeGreaterThanOrEqual(10 + 7);
    expect(pruned.logs).toBeGreaterThan(0);
    expect((await q<{ n: number }>(sql`select count(*)::int as n from routing_events where order_id = ${delivered}`))[0]!.n).toBe(0);
  });
});

describe('purchases through the HTTP carrier', () => {
  it('a 5xx moves the order to label error; the retry (same idempotency key) buys it', async () => {
    now = new Date('2026-12-01T10:00:00Z');
    useFake = true;
    const id = await paidOrder();
    fake.failNext('5xx');
    await expect(buy(id, 0)).rejects.toMatchObject({ kind: 'server' });
    expect((await statusOf(id)).status).toBe('label error');
    expect((await purchasesOf(id))[0]).toMatchObject({ status: 'failed', error: expect.stringContaining('server') });
    expect(await buy(id, 1)).toBe('bought');
    expect((await statusOf(id)).status).toBe('labeled');
    const p = (await purchasesOf(id))[0]!;
    expect(fake.calls.filter((c) => c.path === '/v1/labels' && c.key === p.id)).toHaveLength(2);
    expect(fake.labels.has(p.id)).toBe(true);
  });

  it('the carrier sold the label but answered after the timeout: the retry gets the same label, one label bought', async () => {
    const id = await paidOrder();
    const labelsBefore = fake.labels.size;
    fake.failNext('slow-create');
    await expect(buy(id, 0)).rejects.toMatchObject({ kind: 'timeout' });
    expect(await buy(id, 1)).toBe('bought');
    expect(fake.labels.size).toBe(labelsBefore + 1);
    const p = (await purchasesOf(id))[0]!;
    const [tracker] = await q<{ tracking_number: string }>(sql`select tracking_number from trackers where order_id = ${id}`);
    expect(tracker!.tracking_number).toBe(fake.labels.get(p.id)!.trackingNumber);
  });

  it('a refusal is not retried: label error, the carrier\'s reason kept (for staff)', async () => {
    const id = await paidOrder();
    fake.failNext('reject');
    expect(await buy(id, 0)).toBe('failed');
    expect((await statusOf(id)).status).toBe('label error');
    expect((await purchasesOf(id))[0]!.error).toContain('recipient postal code not served');
  });

  it('rate limited and malformed replies fail retryably, and the last allowed attempt gives up in label error', async () => {
    const id = await paidOrder();
    fake.failNext('rate-limit', 'malformed', 'rate-limit', '5xx');
    await expect(buy(id, 0)).rejects.toMatchObject({ kind: 'rate-limited' });
    await expect(buy(id, 1)).rejects.toMatchObject({ kind: 'malformed' });
    await expect(buy(id, 2)).rejects.toMatchObject({ kind: 'rate-limited' });
    expect(await buy(id, 3)).toBe('failed');
    expect((await statusOf(id)).status).toBe('label error');
    expect((await purchasesOf(id))[0]!.tries).toBe(4);
  });

  it('normal cancel waits for the carrier: pending keeps waiting, refused returns to labeled, voided cancels', async () => {
    const id = await paidOrder();
    await buy(id);
    const job = async () => {
      const [tr] = await q<{ tracking_number: string; shipment_id: string; carrier_id: string | null }>(sql`select tracking_number, shipment_id, carrier_id from trackers where order_id = ${id}`);
      return { orderId: id, purpose: 'cancel' as const, trackingNumber: tr!.tracking_number, shipmentId: tr!.shipment_id, carrierId: tr!.carrier_id };
    };
    await act(id, 'cancel');
    expect((await statusOf(id)).status).toBe('waiting-cancel');
    fake.failNext('void-pending');
    await expect(shipping.voidLabel(await job())).rejects.toThrow(/not confirmed/);
    expect((await statusOf(id)).status).toBe('waiting-cancel');
    fake.failNext('void-refused');
    expect(await shipping.voidLabel(await job())).toBe('refused');
    expect((await statusOf(id)).status).toBe('labeled');
    await act(id, 'cancel');
    expect(await shipping.voidLabel(await job())).toBe('voided');
    expect((await statusOf(id)).status).toBe('canceled');
    useFake = false;
  });

  it("a carrier's own error text reaches staff only: the seller reads our message in the purchases, the history and the tracking logs", async () => {
    useFake = true;
    const admin = await t.login(ADMIN.email, ADMIN.password);
    const id = await paidOrder();
    // The carrier's words stand for whatever its endpoint answers (an internal service's error text).
    fake.failNext('reject');
    expect(await buy(id, 0)).toBe('failed');
    const purchaseError = async (token: string) => (await t.call({ method: 'GET', url: `/api/v1/orders/${id}/shipping`, token })).body.data.purchases[0].error as string;
    expect(await purchaseError(admin)).toContain('recipient postal code not served');
    expect(await purchaseError(seller)).toBe('The carrier refused the label; our team has the details and will be in touch.');
    const vi = await t.call({ method: 'GET', url: `/api/v1/orders/${id}/shipping`, token: seller, headers: { language: 'vi' } });
    expect(vi.body.data.purchases[0].error).not.toContain('postal code');
    const detail = await t.call({ method: 'GET', url: `/api/v1/orders/${id}`, token: seller });
    expect(detail.status).toBe(200);
    expect(JSON.stringify(detail.body.data.history)).toContain('labelFailed');
    expect(JSON.stringify(detail.body.data.history)).not.toContain('postal code');

    // A retryable failure: the seller is told we retry.
    const other = await paidOrder();
    fake.failNext('5xx');
    await expect(buy(other, 0)).rejects.toMatchObject({ kind: 'server' });
    const retrying = await t.call({ method: 'GET', url: `/api/v1/orders/${other}/shipping`, token: seller });
    expect(retrying.body.data.purchases[0].error).toBe('The carrier could not create the label; we retry automatically.');
    expect(await buy(other, 1)).toBe('bought');

    // A tracking poll the carrier refuses: the log keeps its words for staff.
    now = new Date(now.getTime() + 2 * DAY);
    fake.failNext('reject');
    expect((await tracking.poll()).errors).toBeGreaterThan(0);
    const logErrors = async (token: string) => ((await t.call({ method: 'GET', url: '/api/v1/tracking/logs?result=error&pageSize=100', token })).body.data.items as { error: string }[]).map((l) => l.error);
    expect(await logErrors(admin)).toContain('recipient postal code not served');
    const sellerErrors = await logErrors(seller);
    expect(sellerErrors.length).toBeGreaterThan(0);
    expect(new Set(sellerErrors)).toEqual(new Set(['The carrier did not answer about this parcel; we ask again later.']));
    useFake = false;
  });
});
