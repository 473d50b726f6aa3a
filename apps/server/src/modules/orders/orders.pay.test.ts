import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workingDayCalendar } from '@exship/domain/working-days';
import { SELLER, ADMIN, createSeller, startTestApp, type TestApp } from '../../test/harness';
import { SnapshotCache } from '../catalog';
import { creditWallet } from '../wallet';
import { DEMO_TOP_UP_CENTS } from './orders.demo';
import { createOrderService } from './orders.service';

// Paying orders from the wallet. Every movement is a wallet transaction with
// two ledger entries summing to zero, written with the balance change; the order moves through the
// lifecycle in the same transaction.
let t: TestApp;
let seller: string;
let admin: string;
let poor: { id: string; token: string };
let sellerAccount: string;

let n = 0;
const body = (over: Record<string, unknown> = {}) => ({
  orderName: `PAY-${Date.now().toString(36)}-${++n}`,
  serviceCode: 'STD',
  lengthCm: 20,
  widthCm: 15,
  heightCm: 10,
  weightGr: 800,
  recipient: { firstName: 'Jane', address1: '100 Main St', city: 'Los Angeles', state: 'CA', country: 'US', zipcode: '90001' },
  ...over,
});
async function newOrder(token = seller, over: Record<string, unknown> = {}): Promise<{ _id: string; totalPrice: number }> {
  const res = await t.call({ method: 'POST', url: '/api/v1/orders', token, payload: body(over) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}
const pay = (token: string, orderIds: string[], key?: string) =>
  t.call({ method: 'POST', url: '/api/v1/orders/pay', token, payload: { orderIds }, headers: key ? { 'idempotency-key': key } : {} });
const q = async <T>(query: ReturnType<typeof sql>) => ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;
const balance = async (accountId: string) => Number((await q<{ b: string }>(sql`select balance_cents as b from wallets where account_id = ${accountId}`))[0]!.b);
const orderRow = async (id: string) => (await q<{ status: string; payment_status: string }>(sql`select status, payment_status from orders where id = ${id}`))[0]!;

/** money-and-security.md: each wallet's balance is the sum of its entries; every transaction sums to zero. */
async function ledgerHolds() {
  const drift = await q(sql`select w.account_id from wallets w left join (select ledger_account, sum(amount_cents) s from ledger_entries group by ledger_account) e on e.ledger_account = 'wallet:' || w.account_id::text where w.balance_cents <> coalesce(e.s, 0)`);
  expect(drift).toEqual([]);
  const unbalanced = await q(sql`select transaction_id from ledger_entries group by transaction_id having sum(amount_cents) <> 0`);
  expect(unbalanced).toEqual([]);
  const twice = await q(sql`select order_id from transaction_orders where kind = 'order' group by order_id having count(*) > 1`);
  expect(twice).toEqual([]);
}

beforeAll(async () => {
  t = await startTestApp({ env: { SEED_DEMO_CATALOG: 'true' } });
  seller = await t.login(SELLER.email, SELLER.password);
  admin = await t.login(ADMIN.email, ADMIN.password);
  poor = await createSeller(t, 'pay.poor@example.com');
  await t.db.execute(sql`insert into wallets (account_id) values (${poor.id}) on conflict do nothing`);
  sellerAccount = (await q<{ account_id: string }>(sql`select account_id from users where email = ${SELLER.email}`))[0]!.account_id;
});
afterAll(() => t?.close());

describe('paying orders', () => {
  it('the demo seller starts with a $500 top-up in the ledger', async () => {
    expect(await balance(sellerAccount)).toBeGreaterThan(0);
    const topUps = await q<{ amount_cents: string }>(sql`select amount_cents from wallet_transactions where account_id = ${sellerAccount} and type = 'top_up'`);
    expect(topUps.map((r) => Number(r.amount_cents))).toEqual([DEMO_TOP_UP_CENTS]);
    await ledgerHolds();
  });

  it('pays one order: the balance drops by its price, one transaction, the order is paid with a history entry', async () => {
    const order = await newOrder();
    const before = await balance(sellerAccount);
    const res = await pay(seller, [order._id]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ paid: 1, amount: order.totalPrice, balanceAfter: (before - Math.round(order.totalPrice * 100)) / 100 });
    expect(await balance(sellerAccount)).toBe(before - Math.round(order.totalPrice * 100));
    expect(await orderRow(order._id)).toEqual({ status: 'paid', payment_status: 'paid' });
    const detail = await t.call({ method: 'GET', url: `/api/v1/orders/${order._id}`, token: seller });
    expect(detail.body.data.history.at(-1)).toMatchObject({ action: 'pay', from: 'unpaid', to: 'paid', paymentTo: 'paid' });
    // Paying it again is refused and changes nothing.
    const again = await pay(seller, [order._id]);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('ACTION_NOT_ALLOWED_FOR_STATUS');
    expect(await balance(sellerAccount)).toBe(before - Math.round(order.totalPrice * 100));
    await ledgerHolds();
  });

  it('a paid order keeps its price: an edit that would price it otherwise is refused naming the fields; one within the same price is kept', async () => {
    const o = await newOrder();
    expect((await pay(seller, [o._id])).status).toBe(200);
    expect((await orderRow(o._id)).status).toBe('paid');
    const name = (await t.call({ method: 'GET', url: `/api/v1/orders/${o._id}`, token: seller })).body.data.orderName as string;
    const before = await balance(sellerAccount);
    const bigger = await t.call({ method: 'PUT', url: `/api/v1/orders/${o._id}`, token: seller, payload: body({ orderName: name, weightGr: 20_000, lengthCm: 60, widthCm: 50, heightCm: 40 }) });
    expect(bigger.status, JSON.stringify(bigger.body)).toBe(409);
    expect(bigger.body.code).toBe('ORDER_PAID_PRICE_CHANGE');
    expect(bigger.body.message).toContain(`$${o.totalPrice.toFixed(2)}`);
    expect((bigger.body.errors as { field: string }[]).map((e) => e.field).sort()).toEqual(['heightCm', 'lengthCm', 'weightGr', 'widthCm']);
    // Lighter for less: refused too (the money paid would not match the parcel); cancel refunds instead.
    const smaller = await t.call({ method: 'PUT', url: `/api/v1/orders/${o._id}`, token: seller, payload: body({ orderName: name, weightGr: 100, heightCm: 2 }) });
    expect(smaller.status, JSON.stringify(smaller.body)).toBe(409);
    expect((smaller.body.errors as { field: string }[]).map((e) => e.field).sort()).toEqual(['heightCm', 'weightGr']);
    // The same price bracket and an address fix in the same zone: kept, at the price paid.
    const same = await t.call({ method: 'PUT', url: `/api/v1/orders/${o._id}`, token: seller, payload: body({ orderName: name, weightGr: 801, recipient: { firstName: 'Jane', lastName: 'Roe', address1: '101 Main St', city: 'Los Angeles', state: 'CA', country: 'US', zipcode: '90001' } }) });
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    expect(same.body.data.totalPrice).toBe(o.totalPrice);
    const detail = (await t.call({ method: 'GET', url: `/api/v1/orders/${o._id}`, token: seller })).body.data;
    expect(detail).toMatchObject({ weightGr: 801, totalPrice: o.totalPrice, recipient: { address1: '101 Main St' } });
    expect(await balance(sellerAccount)).toBe(before);
  });

  it('the payment method decides what pays: debit the balance only, credit needs a credit line, wallet the balance then the line', async () => {
    const buyer = await createSeller(t, 'pay.methods@example.com');
    const refused = await t.call({ method: 'POST', url: '/api/v1/orders', token: buyer.token, payload: body({ paymentMethod: 'credit' }) });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([expect.objectContaining({ field: 'paymentMethod', message: 'This account has no credit line: choose Wallet or Debit.' })]);
    // $5 in the wallet and a $100 credit line.
    await t.db.transaction((tx) => creditWallet(tx, 'top_up', { accountId: buyer.id, amountCents: 500, actorId: null, note: 'test top-up' }));
    await t.db.execute(sql`update wallets set credit_limit_cents = 10000, credit_period = '2w' where account_id = ${buyer.id}`);
    const byDebit = await newOrder(buyer.token, { paymentMethod: 'debit' });
    expect(byDebit.totalPrice).toBeGreaterThan(5);
    const short = await pay(buyer.token, [byDebit._id]);
    expect(short.status).toBe(409);
    expect(short.body.code).toBe('INSUFFICIENT_BALANCE');
    expect(short.body.message).toContain('Debit');
    expect((await orderRow(byDebit._id)).payment_status).toBe('unpaid');
    const onCredit = await newOrder(buyer.token, { paymentMethod: 'credit' });
    const byWallet = await newOrder(buyer.token, { paymentMethod: 'wallet' });
    expect((await pay(buyer.token, [onCredit._id, byWallet._id])).status).toBe(200);
    expect(await balance(buyer.id)).toBe(500 - Math.round((onCredit.totalPrice + byWallet.totalPrice) * 100));
    // A credit order whose account lost its line is refused by name when paid.
    const later = await newOrder(buyer.token, { paymentMethod: 'credit' });
    const owed = -(await balance(buyer.id));
    await t.db.transaction((tx) => creditWallet(tx, 'pay_credit', { accountId: buyer.id, amountCents: owed, actorId: null, note: 'test repayment' }));
    await t.db.execute(sql`update wallets set credit_limit_cents = 0 where account_id = ${buyer.id}`);
    const noLine = await pay(buyer.token, [later._id]);
    expect(noLine.status).toBe(409);
    expect(noLine.body.code).toBe('ORDER_CREDIT_UNAVAILABLE');
    expect(noLine.body.message).toContain((await t.call({ method: 'GET', url: `/api/v1/orders/${later._id}`, token: buyer.token })).body.data.exOrderId);
  });

  it('a bulk pay is all or nothing: one order that cannot be paid refuses the set and names it', async () => {
    const [a, b, c] = [await newOrder(), await newOrder(), await newOrder()];
    await t.call({ method: 'POST', url: `/api/v1/orders/${c._id}/cancel`, token: seller, payload: {} });
    const before = await balance(sellerAccount);
    const res = await pay(seller, [a._id, b._id, c._id]);
    expect(res.status).toBe(409);
    expect(res.body.details.orders).toEqual([expect.objectContaining({ id: c._id, status: 'canceled' })]);
    expect(await balance(sellerAccount)).toBe(before);
    expect((await orderRow(a._id)).status).toBe('unpaid');
    const ok = await pay(seller, [a._id, b._id]);
    expect(ok.body.data).toMatchObject({ paid: 2 });
    expect(ok.body.data.amount).toBeCloseTo(a.totalPrice + b.totalPrice, 2);
    expect(ok.body.data.transactionIds).toHaveLength(1);
    await ledgerHolds();
  });

  it('insufficient funds: a clear 409, the order stays unpaid, no transaction', async () => {
    const order = await newOrder(poor.token);
    const res = await pay(poor.token, [order._id]);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('INSUFFICIENT_FUNDS');
    expect(res.body.message).toMatch(/Top up/);
    expect(await orderRow(order._id)).toEqual({ status: 'unpaid', payment_status: 'unpaid' });
    expect(await q(sql`select id from wallet_transactions where account_id = ${poor.id}`)).toEqual([]);
  });

  it('another seller cannot pay (or probe) an order by id: 404 for the whole set', async () => {
    const order = await newOrder();
    const res = await pay(poor.token, [order._id]);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('ORDER_NOT_FOUND');
    expect((await orderRow(order._id)).status).toBe('unpaid');
  });

  it('an Idempotency-Key replays the first reply for the same body, refuses another body, and pays once', async () => {
    const order = await newOrder();
    const before = await balance(sellerAccount);
    const first = await pay(seller, [order._id], 'key-1');
    const second = await pay(seller, [order._id], 'key-1');
    expect(second.status).toBe(200);
    expect(second.body.data).toEqual(first.body.data);
    expect(await balance(sellerAccount)).toBe(before - Math.round(order.totalPrice * 100));
    const other = await newOrder();
    const reused = await pay(seller, [other._id], 'key-1');
    expect(reused.status).toBe(422);
    expect(reused.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
    // A failed first attempt stores nothing: the same key works once the cause is fixed.
    const poorOrder = await newOrder(poor.token);
    expect((await pay(poor.token, [poorOrder._id], 'key-2')).status).toBe(409);
    await t.db.transaction((tx) => creditWallet(tx, 'top_up', { accountId: poor.id, amountCents: 100_000, actorId: null, note: 'test top-up' }));
    expect((await pay(poor.token, [poorOrder._id], 'key-2')).status).toBe(200);
    await ledgerHolds();
  });

  it('ten parallel requests with one key: one effect; the others replay it or are told it is still running', async () => {
    const order = await newOrder();
    const before = await balance(sellerAccount);
    const replies = await Promise.all(Array.from({ length: 10 }, () => pay(seller, [order._id], 'parallel-key')));
    expect(replies.every((r) => r.status === 200 || (r.status === 409 && r.body.code === 'IDEMPOTENCY_KEY_IN_USE'))).toBe(true);
    expect(replies.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(1);
    expect(await balance(sellerAccount)).toBe(before - Math.round(order.totalPrice * 100));
    expect(await q(sql`select 1 from transaction_orders where order_id = ${order._id}`)).toHaveLength(1);
  });

  it('a surcharge is paid on its own: only the surcharge is charged, and the order is paid again', async () => {
    const order = await newOrder();
    await pay(seller, [order._id]);
    // A third decimal is refused, not rounded away.
    const fractional = await t.call({ method: 'POST', url: `/api/v1/orders/${order._id}/surcharges`, token: admin, payload: { amount: 1.005, reason: 'Other' } });
    expect(fractional.status).toBe(400);
    expect(fractional.body.errors).toEqual([expect.objectContaining({ field: 'amount', message: 'Use at most 2 decimals.' })]);
    const added = await t.call({ method: 'POST', url: `/api/v1/orders/${order._id}/surcharges`, token: admin, payload: { amount: 3.25, reason: 'Other' } });
    expect(added.body.data.paymentStatus).toBe('surcharge-unpaid');
    const before = await balance(sellerAccount);
    const res = await pay(seller, [order._id]);
    expect(res.body.data.amount).toBe(3.25);
    expect(await balance(sellerAccount)).toBe(before - 325);
    const detail = (await t.call({ method: 'GET', url: `/api/v1/orders/${order._id}`, token: seller })).body.data;
    expect(detail).toMatchObject({ paymentStatus: 'paid', surcharges: [{ amount: 3.25, paid: true }] });
    await ledgerHolds();

    // A second surcharge: the list shows what paying takes (the unpaid one), and paying takes exactly that.
    await t.call({ method: 'POST', url: `/api/v1/orders/${order._id}/surcharges`, token: admin, payload: { amount: 5, reason: 'Other' } });
    const listed = (await t.call({ method: 'GET', url: `/api/v1/orders?keyword=${detail.exOrderId}`, token: seller })).body.data.items[0];
    expect(listed).toMatchObject({ paymentStatus: 'surcharge-unpaid', surcharge: 8.25, unpaidSurcharge: 5 });
    expect((await t.call({ method: 'GET', url: `/api/v1/orders/${order._id}`, token: seller })).body.data.unpaidSurcharge).toBe(5);
    expect((await pay(seller, [order._id])).body.data.amount).toBe(listed.unpaidSurcharge);
    await ledgerHolds();
  });

  it('cancelling a paid order before its label refunds the full price once, in the cancel itself', async () => {
    const order = await newOrder();
    await pay(seller, [order._id]);
    const afterPay = await balance(sellerAccount);
    const cancel = await t.call({ method: 'POST', url: `/api/v1/orders/${order._id}/cancel`, token: seller, payload: {} });
    expect(cancel.body.data).toMatchObject({ status: 'canceled', paymentStatus: 'refund' });
    const service = createOrderService({ db: t.db, snapshot: new SnapshotCache(t.db), calendar: workingDayCalendar('US') });
    expect(await service.sweep('refundDue')).toBe(0);
    expect(await balance(sellerAccount)).toBe(afterPay + Math.round(order.totalPrice * 100));
    expect(await orderRow(order._id)).toEqual({ status: 'canceled', payment_status: 'refund' });
    const refunds = await q<{ amount_cents: string }>(sql`select amount_cents from transaction_orders where order_id = ${order._id} and kind = 'refund'`);
    expect(refunds.map((r) => Number(r.amount_cents))).toEqual([Math.round(order.totalPrice * 100)]);
    await ledgerHolds();
  });
});

describe('staff refunds (SPEC §5: amount above 0 and not above the maximum)', () => {
  it('a seller cannot refund; staff refund another amount within what was paid, once, as refund-custom', async () => {
    const order = await newOrder();
    await pay(seller, [order._id]);
    // A labeled order: its refund waits for its date, so staff have one to pay early.
    const service = createOrderService({ db: t.db, snapshot: new SnapshotCache(t.db), calendar: workingDayCalendar('US') });
    await t.db.transaction(async (tx) => service.transition(tx, await service.transition(tx, await service.lockOrder(tx, order._id), 'scheduleLabel', null), 'labelPurchased', null));
    await t.call({ method: 'POST', url: `/api/v1/orders/${order._id}/cancel`, token: seller, payload: {} });
    await t.db.transaction(async (tx) => service.transition(tx, await service.lockOrder(tx, order._id), 'carrierCancelConfirmed', null));
    expect(await orderRow(order._id)).toEqual({ status: 'canceled', payment_status: 'waiting-refund' });
    const refund = (token: string, payload: Record<string, unknown>) => t.call({ method: 'POST', url: `/api/v1/orders/${order._id}/refund`, token, payload });
    expect((await refund(seller, { amount: 1 })).status).toBe(403);
    const zero = await refund(admin, { amount: 0 });
    expect(zero.status).toBe(400);
    expect(zero.body.errors).toEqual([expect.objectContaining({ field: 'amount' })]);
    const over = await refund(admin, { amount: order.totalPrice + 0.01 });
    expect(over.status).toBe(400);
    expect(over.body).toMatchObject({ errors: [{ field: 'amount', message: expect.stringContaining('not be more than') }], details: { max: order.totalPrice } });
    const before = await balance(sellerAccount);
    const done = await refund(admin, { amount: 1.25, reason: 'goodwill' });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.data).toMatchObject({ status: 'canceled', paymentStatus: 'refund-custom' });
    expect(await balance(sellerAccount)).toBe(before + 125);
    expect((await refund(admin, { amount: 1 })).status).toBe(409);
    // The refund job finds nothing left to pay for it.
    await service.sweep('refundDue');
    expect(await balance(sellerAccount)).toBe(before + 125);
    await ledgerHolds();
  });
});

describe('discount uses are consumed at payment', () => {
  const discount = async (code: string, limits: { limitUseTotal?: number; limitUsePerUser?: number }) => {
    const res = await t.call({
      method: 'POST',
      url: '/api/v1/discounts',
      token: admin,
      payload: { code, name: code, amountOff: { type: 'percent', value: 10 }, startDate: '2026-01-01T00:00', endDate: '2099-01-01T00:00', ...limits },
    });
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  };
  const uses = async (code: string) => Number((await q<{ n: string }>(sql`select count(*) as n from discount_usages u join discounts d on d.id = u.discount_id where d.code = ${code}`))[0]!.n);

  it('each paid order with a code uses it once; over the total limit the payment is refused and changes nothing', async () => {
    await discount('PAYTWO', { limitUseTotal: 2 });
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await newOrder(seller, { discountCode: 'PAYTWO' }));
    expect((await t.call({ method: 'GET', url: `/api/v1/orders/${made[0]!._id}`, token: seller })).body.data.fees.discount).toBeGreaterThan(0);
    expect((await pay(seller, [made[0]!._id])).status).toBe(200);
    expect(await uses('PAYTWO')).toBe(1);
    expect((await pay(seller, [made[1]!._id])).status).toBe(200);
    const before = await balance(sellerAccount);
    const third = await pay(seller, [made[2]!._id]);
    expect(third.status).toBe(409);
    expect(third.body).toMatchObject({ code: 'DISCOUNT_USED_UP', details: { orders: [{ code: 'PAYTWO' }] } });
    expect(await uses('PAYTWO')).toBe(2);
    expect(await balance(sellerAccount)).toBe(before);
    expect(await orderRow(made[2]!._id)).toEqual({ status: 'unpaid', payment_status: 'unpaid' });
    await ledgerHolds();
  });

  it('a per-customer limit counts each seller on its own, and a bulk pay over it refuses the whole set', async () => {
    await discount('PAYONE', { limitUsePerUser: 1 });
    const a = await newOrder(seller, { discountCode: 'PAYONE' });
    const b = await newOrder(seller, { discountCode: 'PAYONE' });
    const before = await balance(sellerAccount);
    const both = await pay(seller, [a._id, b._id]);
    expect(both.status).toBe(409);
    expect(both.body.code).toBe('DISCOUNT_USED_UP');
    expect(await balance(sellerAccount)).toBe(before);
    expect(await uses('PAYONE')).toBe(0);
    expect((await pay(seller, [a._id])).status).toBe(200);
    await t.db.transaction((tx) => creditWallet(tx, 'top_up', { accountId: poor.id, amountCents: 100_000, actorId: null, note: 'test top-up' }));
    const theirs = await newOrder(poor.token, { discountCode: 'PAYONE' });
    expect((await pay(poor.token, [theirs._id])).status).toBe(200);
    expect(await uses('PAYONE')).toBe(2);
    await ledgerHolds();
  });
});

describe('the unpaid amount and auto-pay', () => {
  const unpaid = async (token: string) => (await t.call({ method: 'GET', url: '/api/v1/wallet/imformation-wallet', token })).body.data.unpaid as number;
  const cents = (usd: number) => Math.round(usd * 100);

  it('the header\'s unpaid amount follows creating, paying, surcharging and cancelling orders', async () => {
    const owner = await createSeller(t, 'pay.unpaid@example.com');
    await t.db.transaction((tx) => creditWallet(tx, 'top_up', { accountId: owner.id, amountCents: 100_000, actorId: null, note: 'test top-up' }));
    expect(await unpaid(owner.token)).toBe(0);
    const a = await newOrder(owner.token);
    const b = await newOrder(owner.token);
    expect(cents(await unpaid(owner.token))).toBe(cents(a.totalPrice) + cents(b.totalPrice));
    expect((await pay(owner.token, [a._id])).status).toBe(200);
    expect(cents(await unpaid(owner.token))).toBe(cents(b.totalPrice));
    await t.call({ method: 'POST', url: `/api/v1/orders/${a._id}/surcharges`, token: admin, payload: { amount: 2.5, reason: 'Other' } });
    expect(cents(await unpaid(owner.token))).toBe(cents(b.totalPrice) + 250);
    expect((await t.call({ method: 'POST', url: `/api/v1/orders/${b._id}/cancel`, token: owner.token, payload: {} })).status).toBe(200);
    expect(cents(await unpaid(owner.token))).toBe(250);
    expect((await pay(owner.token, [a._id])).status).toBe(200);
    expect(await unpaid(owner.token)).toBe(0);
  });

  it('with auto-pay on, a new order is paid at once when the wallet covers it, and stays unpaid when it does not', async () => {
    const rich = await createSeller(t, 'pay.auto.rich@example.com');
    const broke = await createSeller(t, 'pay.auto.broke@example.com');
    for (const who of [rich, broke]) {
      const set = await t.call({ method: 'PATCH', url: '/api/v1/profile/update-setting', token: who.token, payload: { autoPay: true } });
      expect(set.status, JSON.stringify(set.body)).toBe(200);
    }
    await t.db.transaction((tx) => creditWallet(tx, 'top_up', { accountId: rich.id, amountCents: 100_000, actorId: null, note: 'test top-up' }));
    const created = await t.call({ method: 'POST', url: '/api/v1/orders', token: rich.token, payload: body() });
    expect(created.body.data.paid).toBe(true);
    expect(await orderRow(created.body.data._id)).toEqual({ status: 'paid', payment_status: 'paid' });
    expect(await balance(rich.id)).toBe(100_000 - cents(created.body.data.totalPrice));
    const history = (await t.call({ method: 'GET', url: `/api/v1/orders/${created.body.data._id}`, token: rich.token })).body.data.history;
    expect(history.at(-1)).toMatchObject({ action: 'pay', reason: 'Paid automatically (auto-pay)', reasonKey: 'autoPay' });
    // A surcharge on it is charged at once too.
    const sur = await t.call({ method: 'POST', url: `/api/v1/orders/${created.body.data._id}/surcharges`, token: admin, payload: { amount: 1.75, reason: 'Other' } });
    expect(sur.body.data.paymentStatus).toBe('paid');
    expect(await balance(rich.id)).toBe(100_000 - cents(created.body.data.totalPrice) - 175);

    // Surcharges imported by staff are charged at once too.
    const imported = await t.call({ method: 'POST', url: '/api/v1/orders/import-surcharge', token: admin, payload: { data: [{ orderId: created.body.data.exOrderId, surcharge: 0.5, reason: 'Other' }] } });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(await orderRow(created.body.data._id)).toEqual({ status: 'paid', payment_status: 'paid' });
    expect(await balance(rich.id)).toBe(100_000 - cents(created.body.data.totalPrice) - 175 - 50);

    const unfunded = await t.call({ method: 'POST', url: '/api/v1/orders', token: broke.token, payload: body() });
    expect(unfunded.status).toBe(201);
    expect(unfunded.body.data.paid).toBe(false);
    expect(await orderRow(unfunded.body.data._id)).toEqual({ status: 'unpaid', payment_status: 'unpaid' });
    await ledgerHolds();
  });
});

describe('wallet calls', () => {
  it('the header box and the transaction list follow a payment; a seller sees only its own account, staff every one', async () => {
    const order = await newOrder();
    await pay(seller, [order._id]);
    const info = await t.call({ method: 'GET', url: '/api/v1/wallet/imformation-wallet', token: seller });
    expect(info.body.data.balance * 100).toBeCloseTo(await balance(sellerAccount), 5);
    expect((await t.call({ method: 'GET', url: '/api/v1/wallet/auto-pay-wallet', token: seller })).body.data).toEqual({ autoPay: false });
    const mine = await t.call({ method: 'POST', url: '/api/v1/transaction/all-transaction', token: seller, payload: { pageSize: 100 } });
    expect(mine.status).toBe(200);
    const items = mine.body.data.items as { type: string; customerId: string; orders: { orderId: string; kind: string }[] }[];
    expect(items[0]).toMatchObject({ type: 'payment', orders: [{ orderId: order._id, kind: 'order' }] });
    expect(new Set(items.map((i) => i.customerId))).toEqual(new Set([sellerAccount]));
    const theirs = await t.call({ method: 'POST', url: '/api/v1/transaction/all-transaction', token: poor.token, payload: { customerId: sellerAccount } });
    expect((theirs.body.data.items as { customerId: string }[]).every((i) => i.customerId === poor.id)).toBe(true);
    const staff = await t.call({ method: 'POST', url: '/api/v1/transaction/all-transaction', token: admin, payload: { customerId: sellerAccount, type: 'top_up' } });
    expect(staff.body.data.items).toEqual([expect.objectContaining({ type: 'top_up', customerId: sellerAccount, amount: DEMO_TOP_UP_CENTS / 100 })]);
  });
});

describe('the notes the platform writes on transactions are message keys', () => {
  type Tx = { type: string; note: string; noteKey: string | null; noteVars: Record<string, string> | null; orders: { orderId: string }[] };
  const list = async (token: string, language = 'en') =>
    (await t.call({ method: 'POST', url: '/api/v1/transaction/all-transaction', token, payload: { pageSize: 100 }, headers: { language } })).body.data.items as Tx[];

  it('a payment of several orders, its refund, a transfer: each has its key and values; a person\'s note has none', async () => {
    const [a, b] = [await newOrder(), await newOrder()];
    expect((await pay(seller, [a._id, b._id])).status).toBe(200);
    const payment = (await list(seller)).find((x) => x.type === 'payment' && x.orders.some((o) => o.orderId === a._id))!;
    expect(payment).toMatchObject({ note: 'Payment of 2 orders', noteKey: 'payOrders', noteVars: { count: '2' } });
    const single = await newOrder();
    await pay(seller, [single._id]);
    expect((await list(seller)).find((x) => x.orders.some((o) => o.orderId === single._id))).toMatchObject({ noteKey: 'payOrder', noteVars: {} });

    // Cancelled before its label: refunded at once.
    const cancelled = await t.call({ method: 'POST', url: `/api/v1/orders/${a._id}/cancel`, token: seller, payload: {} });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const exOrderId = (await t.call({ method: 'GET', url: `/api/v1/orders/${a._id}`, token: seller })).body.data.exOrderId as string;
    expect((await list(seller)).find((x) => x.type === 'refund' && x.orders.some((o) => o.orderId === a._id))).toMatchObject({ noteKey: 'refundOrder', noteVars: { order: exOrderId } });

    // A transfer without a note: "Payment to …" on the sender's side, "Payment from …" on the receiver's.
    const sent = await t.call({ method: 'POST', url: '/api/v1/wallet/send-payment', token: seller, payload: { receiverEmail: 'pay.poor@example.com', amount: 1, note: '' } });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect((await list(seller)).find((x) => x.type === 'sent')).toMatchObject({ noteKey: 'paymentTo', noteVars: { email: 'pay.poor@example.com' } });
    expect((await list(poor.token)).find((x) => x.type === 'received')).toMatchObject({ noteKey: 'paymentFrom', noteVars: { email: SELLER.email } });
    // A note the seller wrote is theirs: kept as written, no key.
    await t.call({ method: 'POST', url: '/api/v1/wallet/send-payment', token: seller, payload: { receiverEmail: 'pay.poor@example.com', amount: 1, note: 'For the March boxes' } });
    expect((await list(seller)).find((x) => x.type === 'sent')).toMatchObject({ note: 'For the March boxes', noteKey: null, noteVars: null });
  });

  it('the transactions export writes the notes in the caller\'s language', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/transaction/export-transaction', payload: {}, headers: { authorization: `Bearer ${seller}`, language: 'vi' } });
    expect(res.statusCode).toBe(200);
    const ExcelJS = (await import('exceljs')).default;
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const cells: string[] = [];
    book.worksheets[0]!.eachRow((row) => row.eachCell((cell) => cells.push(String(cell.value))));
    expect(cells).toContain('Thanh toán 2 đơn hàng');
    expect(cells.some((n) => n.startsWith('Payment of'))).toBe(false);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('on PostgreSQL, under concurrency', () => {
  it('200 parallel payments against funds for exactly N of them: exactly N succeed, the balance is exact', async () => {
    const buyer = await createSeller(t, 'pay.race@example.com');
    await t.db.execute(sql`insert into wallets (account_id) values (${buyer.id}) on conflict do nothing`);
    const made = [];
    for (let i = 0; i < 200; i++) made.push(await newOrder(buyer.token));
    const price = Math.round(made[0]!.totalPrice * 100);
    expect(made.every((o) => Math.round(o.totalPrice * 100) === price)).toBe(true);
    const N = 37;
    await t.db.transaction((tx) => creditWallet(tx, 'top_up', { accountId: buyer.id, amountCents: N * price, actorId: null, note: 'race' }));
    const replies = await Promise.all(made.map((o) => pay(buyer.token, [o._id])));
    expect(replies.filter((r) => r.status === 200)).toHaveLength(N);
    expect(replies.filter((r) => r.status !== 200).every((r) => r.body.code === 'INSUFFICIENT_FUNDS')).toBe(true);
    expect(await balance(buyer.id)).toBe(0);
    await ledgerHolds();
  }, 120_000);

  it('50 parallel payments of orders priced with a code limited to 10 uses: exactly 10 are paid discounted', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/v1/discounts',
      token: admin,
      payload: { code: 'RACE10', name: 'RACE10', amountOff: { type: 'percent', value: 10 }, startDate: '2026-01-01T00:00', endDate: '2099-01-01T00:00', limitUseTotal: 10 },
    });
    expect(res.status).toBeLessThan(300);
    const buyer = await createSeller(t, 'pay.discount.race@example.com');
    await t.db.transaction((tx) => creditWallet(tx, 'top_up', { accountId: buyer.id, amountCents: 1_000_000, actorId: null, note: 'race' }));
    const made = [];
    for (let i = 0; i < 50; i++) made.push(await newOrder(buyer.token, { discountCode: 'RACE10' }));
    const replies = await Promise.all(made.map((o) => pay(buyer.token, [o._id])));
    expect(replies.filter((r) => r.status === 200)).toHaveLength(10);
    expect(replies.filter((r) => r.status !== 200).every((r) => r.body.code === 'DISCOUNT_USED_UP')).toBe(true);
    const paid = await q<{ n: string }>(sql`select count(*) as n from orders where account_id = ${buyer.id} and payment_status = 'paid' and discount_cents > 0`);
    expect(Number(paid[0]!.n)).toBe(10);
    const used = await q<{ n: string }>(sql`select count(*) as n from discount_usages u join discounts d on d.id = u.discount_id where d.code = 'RACE10'`);
    expect(Number(used[0]!.n)).toBe(10);
    await ledgerHolds();
  }, 120_000);
});
