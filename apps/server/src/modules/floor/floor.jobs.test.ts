import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Measures } from '@exship/contracts';
import { workingDayCalendar } from '@exship/domain/working-days';
import { ADMIN, SELLER, orderBody, startTestApp, type TestApp } from '../../test/harness';
import { SnapshotCache } from '../catalog';
import { createOrderService } from '../orders';

// The deadlines around a check-in, run by the orders module's cron sweeps with an injected clock: a
// parcel never received is auto-cancelled once at 12 days, one that reached the warehouse never; a
// dimension error left 10 days is handled once; a confirmation creates the new order and schedules
// the old one's refund 7 working days on.
const DAY = 86_400_000;
const US = workingDayCalendar('US');
let t: TestApp;
let seller: string;
let admin: string;
let now = new Date();
let n = 0;
let service: ReturnType<typeof createOrderService>;

const q = async <T>(query: ReturnType<typeof sql>) => ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;
const call = (method: 'GET' | 'POST', url: string, token: string, payload?: Record<string, unknown>) => t.call({ method, url: `/api/v1${url}`, token, ...(payload ? { payload } : {}) });
const declared = { weightGr: 800, lengthCm: 20, widthCm: 15, heightCm: 10 };

async function labeled(): Promise<{ id: string; tracking: string }> {
  const res = await call('POST', '/orders', seller, orderBody(`JOBS-${++n}-${Date.now().toString(36)}`));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const id = res.body.data._id as string;
  expect((await call('POST', '/orders/pay', seller, { orderIds: [id] })).status).toBe(200);
  await t.runJobs('fulfil-order.on-paid');
  await t.runJobs('shipping.buy-label');
  const shipping = (await call('GET', `/orders/${id}/shipping`, seller)).body.data;
  expect(shipping.hasLabel).toBe(true);
  return { id, tracking: shipping.trackingNumber };
}
const checkIn = async (code: string, body: Record<string, unknown>) => {
  const res = await call('POST', '/floor/check-ins', admin, { code, ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};
const row = async (id: string) =>
  (
    await q<{ status: string; paymentStatus: string; refundDueAt: Date | null; canceledAt: Date | null; replacedBy: string | null; labeledAt: Date; flaggedAt: Date | null; entries: number }>(
      sql`select status, payment_status as "paymentStatus", refund_due_at as "refundDueAt", canceled_at as "canceledAt", replaced_by as "replacedBy", labeled_at as "labeledAt", dimension_flagged_at as "flaggedAt",
        (select count(*)::int from order_history h where h.order_id = o.id) as entries from orders o where id = ${id}`,
    )
  )[0]!;
const history = async (id: string, action: string) => (await q<{ n: number }>(sql`select count(*)::int as n from order_history where order_id = ${id} and action = ${action}`))[0]!.n;

beforeAll(async () => {
  t = await startTestApp({ env: { SEED_DEMO_CATALOG: 'true' } });
  seller = await t.login(SELLER.email, SELLER.password);
  admin = await t.login(ADMIN.email, ADMIN.password);
  // The orders service the cron jobs run, on the app's database, with a clock the test moves; its
  // dimension confirmation reads the measured values the floor stored.
  service = createOrderService({
    db: t.db,
    snapshot: new SnapshotCache(t.db),
    calendar: US,
    now: () => now,
    labels: { labelsOf: async () => new Map(), ordersWithTracking: async () => [] },
    dimensions: {
      async measuredOf(tx, orderId) {
        const { rows } = (await tx.execute(
          sql`select measured_weight_gr as "weightGr", measured_length_cm as "lengthCm", measured_width_cm as "widthCm", measured_height_cm as "heightCm" from floor_check_ins where order_id = ${orderId}`,
        )) as unknown as { rows: Record<keyof Measures, string>[] };
        const [m] = rows;
        return m ? { weightGr: Number(m.weightGr), lengthCm: Number(m.lengthCm), widthCm: Number(m.widthCm), heightCm: Number(m.heightCm) } : null;
      },
      async carryOver() {},
      async leaveCarton() {},
    },
  });
});
afterAll(() => t?.close());

describe('deadlines around the check-in (injected clock)', () => {
  it('an order not checked in 12 days after its label is auto-cancelled once; one that reached the warehouse never', async () => {
    const unreceived = await labeled();
    const checked = await labeled();
    const weighing = await labeled();
    const refused = await labeled();
    await checkIn(checked.tracking, declared);
    await checkIn(weighing.tracking, { manualWeighing: true });
    await checkIn(refused.tracking, { ...declared, restricted: ['leaking'] });
    const labeledAt = (await row(unreceived.id)).labeledAt;
    now = new Date(new Date(labeledAt).getTime() + 12 * DAY - 60_000);
    expect(await service.sweep('autoCancel')).toBe(0);
    now = new Date(now.getTime() + 2 * 60_000);
    await Promise.all([service.sweep('autoCancel'), service.sweep('autoCancel')]);
    await service.sweep('autoCancel');
    expect(await row(unreceived.id)).toMatchObject({ status: 'canceled' });
    expect(await history(unreceived.id, 'autoCancel')).toBe(1);
    now = new Date(now.getTime() + 30 * DAY);
    await service.sweep('autoCancel');
    for (const o of [checked, weighing, refused]) expect((await row(o.id)).status, o.id).toBe('labeled');
  });

  it('a dimension error left unconfirmed 10 days is handled once: cancelled, its refund 7 working days on', async () => {
    const o = await labeled();
    await checkIn(o.tracking, { ...declared, weightGr: 2500 });
    const flagged = new Date((await row(o.id)).flaggedAt!);
    now = new Date(flagged.getTime() + 10 * DAY - 60_000);
    expect(await service.sweep('dimensionTimeout')).toBe(0);
    expect((await row(o.id)).status).toBe('error-dimension');
    now = new Date(flagged.getTime() + 10 * DAY);
    await Promise.all([service.sweep('dimensionTimeout'), service.sweep('dimensionTimeout')]);
    await service.sweep('dimensionTimeout');
    const after = await row(o.id);
    expect(after).toMatchObject({ status: 'canceled', paymentStatus: 'waiting-refund' });
    expect(new Date(after.refundDueAt!).toISOString()).toBe(US.addWorkingDays(now, 7).toISOString());
    expect(await history(o.id, 'dimensionTimeout')).toBe(1);
  });

  it('a confirmation on day 9 creates the new order at the measured values and schedules the old refund 7 working days on', async () => {
    const o = await labeled();
    const measured = { weightGr: 2500, lengthCm: 30, widthCm: 20, heightCm: 12 };
    const ci = await checkIn(o.tracking, measured);
    const flagged = new Date((await row(o.id)).flaggedAt!);
    now = new Date(flagged.getTime() + 9 * DAY);
    const [owner] = await q<{ id: string; accountId: string }>(sql`select id, account_id as "accountId" from users where email = ${SELLER.email}`);
    const detail = await service.act({ userId: owner!.id, accountId: owner!.accountId, permissions: new Set() }, o.id, 'confirmDimension', '');
    expect(detail).toMatchObject({ status: 'canceled', paymentStatus: 'waiting-refund' });
    const old = await row(o.id);
    expect(new Date(old.canceledAt!).toISOString()).toBe(now.toISOString());
    expect(new Date(old.refundDueAt!).toISOString()).toBe(US.addWorkingDays(now, 7).toISOString());
    const [fresh] = await q<{ status: string; paymentStatus: string; checkInStatus: string; weightGr: string; totalCents: string; createdAt: Date }>(
      sql`select status, payment_status as "paymentStatus", check_in_status as "checkInStatus", weight_gr as "weightGr", total_cents as "totalCents", created_at as "createdAt" from orders where id = ${old.replacedBy}`,
    );
    expect(fresh).toMatchObject({ status: 'unpaid', paymentStatus: 'unpaid', checkInStatus: 'checked-in' });
    expect(Number(fresh!.weightGr)).toBe(2500);
    expect(Number(fresh!.totalCents) / 100).toBe(ci.measuredPrice);
    expect(new Date(fresh!.createdAt).toISOString()).toBe(now.toISOString());
    // The 10-day sweep finds nothing left to handle, and the refund is paid on its date, once.
    now = new Date(flagged.getTime() + 11 * DAY);
    expect(await service.sweep('dimensionTimeout')).toBe(0);
    now = new Date(new Date(old.refundDueAt!).getTime());
    await service.sweep('refundDue');
    await service.sweep('refundDue');
    expect(await row(o.id)).toMatchObject({ paymentStatus: 'refund' });
    expect(await history(o.id, 'refundDue')).toBe(1);
  });
});
