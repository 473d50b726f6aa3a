import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workingDayCalendar } from '@exship/domain/working-days';
import { ADMIN, SELLER, startTestApp, orderBody, type TestApp } from '../../test/harness';
import { SnapshotCache } from '../catalog';
import { createOrderService } from './orders.service';

// Refunds when promised (docs/refunds.md): a full refund is paid by the cancel itself; the amount an
// order shows is the amount the wallet gets, never counting an unpaid surcharge.
let t: TestApp;
let seller: string;
let admin: string;
let sellerAccount: string;
let now = () => new Date();
let service: ReturnType<typeof createOrderService>;

let n = 0;
async function paidOrder(): Promise<{ _id: string; totalPrice: number }> {
  const res = await t.call({
    method: 'POST',
    url: '/api/v1/orders',
    token: seller,
    payload: orderBody(`REFUND-${Date.now().toString(36)}-${++n}`),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const paid = await t.call({ method: 'POST', url: '/api/v1/orders/pay', token: seller, payload: { orderIds: [res.body.data._id] } });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  return res.body.data;
}
const q = async <T>(query: ReturnType<typeof sql>) => ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;
const balance = async () => Number((await q<{ b: string }>(sql`select balance_cents as b from wallets where account_id = ${sellerAccount}`))[0]!.b);
const refundsOf = async (orderId: string) =>
  (await q<{ amount_cents: string; entries: number }>(
    sql`select o.amount_cents, (select count(*)::int from ledger_entries e where e.transaction_id = o.transaction_id) as entries from transaction_orders o join wallet_transactions w on w.id = o.transaction_id where o.order_id = ${orderId} and o.kind = 'refund' and w.type = 'refund'`,
  )).map((r) => ({ cents: Number(r.amount_cents), entries: r.entries }));
const cents = (usd: number) => Math.round(usd * 100);

beforeAll(async () => {
  t = await startTestApp({ env: { SEED_DEMO_CATALOG: 'true' } });
  seller = await t.login(SELLER.email, SELLER.password);
  admin = await t.login(ADMIN.email, ADMIN.password);
  sellerAccount = (await q<{ account_id: string }>(sql`select account_id from users where email = ${SELLER.email}`))[0]!.account_id;
  service = createOrderService({ db: t.db, snapshot: new SnapshotCache(t.db), calendar: workingDayCalendar('US'), now: () => now() });
});
afterAll(() => t?.close());

describe('refunds when promised', () => {
  it('cancelling a paid order without a label refunds it in full in the same request, once', async () => {
    const order = await paidOrder();
    const afterPay = await balance();
    const cancel = await t.call({ method: 'POST', url: `/api/v1/orders/${order._id}/cancel`, token: seller, payload: {} });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    expect(cancel.body.data).toMatchObject({ status: 'canceled', paymentStatus: 'refund', refundAmount: order.totalPrice, refundDueAt: null });
    expect(cancel.body.data.history.at(-1)).toMatchObject({ action: 'refundDue', paymentFrom: 'waiting-refund', paymentTo: 'refund', reasonKey: 'refundAtCancel' });
    expect(await balance()).toBe(afterPay + cents(order.totalPrice));
    expect(await refundsOf(order._id)).toEqual([{ cents: cents(order.totalPrice), entries: 2 }]);
    // The hourly job finds nothing left to pay.
    await service.sweep('refundDue');
    expect(await balance()).toBe(afterPay + cents(order.totalPrice));
    expect(await refundsOf(order._id)).toHaveLength(1);
  });

  it('an unpaid surcharge is never refunded: the amount shown at the cancel is the amount credited', async () => {
    const order = await paidOrder();
    const surcharge = await t.call({ method: 'POST', url: `/api/v1/orders/${order._id}/surcharges`, token: admin, payload: { amount: 1233.26, reason: 'Other' } });
    expect(surcharge.body.data.paymentStatus, JSON.stringify(surcharge.body)).toBe('surcharge-unpaid');
    const before = await balance();
    const cancel = await t.call({ method: 'POST', url: `/api/v1/orders/${order._id}/cancel`, token: seller, payload: {} });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    expect(cancel.body.data.refundAmount).toBe(order.totalPrice);
    expect(await balance()).toBe(before + cents(cancel.body.data.refundAmount));
    expect(await refundsOf(order._id)).toEqual([{ cents: cents(cancel.body.data.refundAmount), entries: 2 }]);
  });

  it('a scheduled refund of a labeled order waits for its date, and shows what will be credited', async () => {
    const order = await paidOrder();
    await t.db.transaction(async (tx) => {
      const row = await service.transition(tx, await service.lockOrder(tx, order._id), 'scheduleLabel', null);
      await service.transition(tx, row, 'labelPurchased', null);
    });
    const surcharge = await t.call({ method: 'POST', url: `/api/v1/orders/${order._id}/surcharges`, token: admin, payload: { amount: 1233.26, reason: 'Other' } });
    expect(surcharge.body.data.paymentStatus, JSON.stringify(surcharge.body)).toBe('surcharge-unpaid');
    const cancel = await t.call({ method: 'POST', url: `/api/v1/orders/${order._id}/cancel`, token: seller, payload: {} });
    expect(cancel.body.data.status, JSON.stringify(cancel.body)).toBe('waiting-cancel');
    await t.db.transaction(async (tx) => service.transition(tx, await service.lockOrder(tx, order._id), 'carrierCancelConfirmed', null));
    const before = await balance();
    const shown = (await t.call({ method: 'GET', url: `/api/v1/orders/${order._id}`, token: seller })).body.data;
    expect(shown).toMatchObject({ status: 'canceled', paymentStatus: 'waiting-refund' });
    expect(new Date(shown.refundDueAt).getTime()).toBeGreaterThan(Date.now());
    expect(shown.refundAmount).toBeGreaterThan(0);
    expect(shown.refundAmount).toBeLessThanOrEqual(order.totalPrice);
    // Nothing before its date.
    await service.sweep('refundDue');
    expect(await balance()).toBe(before);
    now = () => new Date(Date.now() + 30 * 86_400_000);
    try {
      await service.sweep('refundDue');
    } finally {
      now = () => new Date();
    }
    expect(await balance()).toBe(before + cents(shown.refundAmount));
    expect(await refundsOf(order._id)).toEqual([{ cents: cents(shown.refundAmount), entries: 2 }]);
  });
});
