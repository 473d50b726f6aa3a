import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderAction } from '@exship/contracts';
import { workingDayCalendar } from '@exship/domain/working-days';
import { SELLER, startTestApp, type TestApp } from '../../test/harness';
import { SnapshotCache } from '../catalog';
import { orderJobs } from './orders.jobs';
import { createOrderService } from './orders.service';

// SPEC §4/§9 deadlines, run by the cron jobs' handlers with an injected clock.
let t: TestApp;
let seller: string;
let now = new Date('2026-11-02T10:00:00Z');
const DAY = 86_400_000;
let service: ReturnType<typeof createOrderService>;
let jobs: ReturnType<typeof orderJobs>;
const run = async (name: string) => jobs.find((j) => j.job === name)!.handler(undefined as never, { id: 'test', name, retryCount: 0 } as never);

let n = 0;
async function order(...actions: OrderAction[]): Promise<string> {
  const res = await t.call({
    method: 'POST',
    url: '/api/v1/orders',
    token: seller,
    payload: {
      orderName: `JOB-${++n}`,
      serviceCode: 'STD',
      lengthCm: 20,
      widthCm: 15,
      heightCm: 10,
      weightGr: 800,
      recipient: { firstName: 'Jane', address1: '100 Main St', city: 'Los Angeles', state: 'CA', country: 'US', zipcode: '90001' },
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const id = res.body.data._id as string;
  for (const action of actions) await t.db.transaction(async (tx) => service.transition(tx, await service.lockOrder(tx, id), action, null));
  return id;
}
const row = async (id: string) =>
  ((await t.db.execute(sql`select status, payment_status as "paymentStatus", refund_due_at as "refundDueAt", (select count(*)::int from order_history h where h.order_id = o.id) as entries from orders o where id = ${id}`)) as unknown as { rows: { status: string; paymentStatus: string; refundDueAt: string | null; entries: number }[] }).rows[0]!;

beforeAll(async () => {
  t = await startTestApp({ env: { SEED_DEMO_CATALOG: 'true' } });
  seller = await t.login(SELLER.email, SELLER.password);
  service = createOrderService({ db: t.db, snapshot: new SnapshotCache(t.db), calendar: workingDayCalendar('US'), now: () => now });
  jobs = orderJobs(service);
});
afterAll(() => t?.close());

describe('order deadline jobs', () => {
  it('cancels an unreceived labeled order 12 days after its label, exactly once, and schedules its refund', async () => {
    now = new Date('2026-11-02T10:00:00Z');
    const id = await order('pay', 'scheduleLabel', 'labelPurchased');
    now = new Date(now.getTime() + 12 * DAY - 60_000);
    await run('orders.auto-cancel-unreceived');
    expect((await row(id)).status).toBe('labeled');
    now = new Date(now.getTime() + 60_000);
    await run('orders.auto-cancel-unreceived');
    const after = await row(id);
    // Within the 14-day window: the shipping fee comes back 7 working days after Saturday the 14th.
    expect(after).toMatchObject({ status: 'canceled', paymentStatus: 'waiting-refund', entries: 5 });
    expect(new Date(after.refundDueAt!).toISOString()).toBe('2026-11-24T10:00:00.000Z');
    // A retried or overlapping run changes nothing twice.
    await run('orders.auto-cancel-unreceived');
    await Promise.all([run('orders.auto-cancel-unreceived'), run('orders.auto-cancel-unreceived')]);
    expect(await row(id)).toMatchObject({ status: 'canceled', entries: 5 });
  });

  it('leaves a received parcel alone', async () => {
    now = new Date('2026-11-02T10:00:00Z');
    const id = await order('pay', 'scheduleLabel', 'labelPurchased');
    await t.db.execute(sql`update orders set check_in_status = 'checked-in' where id = ${id}`);
    now = new Date(now.getTime() + 30 * DAY);
    await run('orders.auto-cancel-unreceived');
    expect((await row(id)).status).toBe('labeled');
  });

  it('handles a dimension mismatch left 10 days, once', async () => {
    now = new Date('2026-11-02T10:00:00Z');
    const id = await order('pay', 'scheduleLabel', 'labelPurchased', 'dimensionMismatch');
    now = new Date(now.getTime() + 9 * DAY);
    await run('orders.dimension-deadline');
    expect((await row(id)).status).toBe('error-dimension');
    now = new Date(now.getTime() + DAY);
    await run('orders.dimension-deadline');
    await run('orders.dimension-deadline');
    expect(await row(id)).toMatchObject({ status: 'canceled', paymentStatus: 'waiting-refund', entries: 6 });
  });

  it('marks a refund done on its date, not before, once', async () => {
    now = new Date('2026-11-02T10:00:00Z');
    // A labeled order cancelled within 14 days: its refund waits 7 working days (one cancelled
    // before its label is refunded by the cancel itself, orders.refunds.test.ts).
    const id = await order('pay', 'scheduleLabel', 'labelPurchased', 'forceCancel');
    const waiting = await row(id);
    expect(waiting).toMatchObject({ paymentStatus: 'waiting-refund', entries: 5 });
    now = new Date(new Date(waiting.refundDueAt!).getTime() - 60_000);
    await run('orders.refunds-due');
    expect((await row(id)).paymentStatus).toBe('waiting-refund');
    now = new Date(now.getTime() + 60_000);
    await run('orders.refunds-due');
    await run('orders.refunds-due');
    expect(await row(id)).toMatchObject({ status: 'canceled', paymentStatus: 'refund', entries: 6 });
  });
});
