import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workingDayCalendar } from '@exship/domain/working-days';
import { ADMIN, SELLER, createSeller, startTestApp, type TestApp } from '../../test/harness';
import { creditWallet } from '../wallet';
import { createCreditService } from './billing.credit';
import { createInvoiceService } from './billing.invoices';
import { billingJobs } from './billing.jobs';

// Credit and invoices: HTTP on real SQL (PGlite, or PostgreSQL with TEST_DATABASE_URL).
let t: TestApp;
let admin: string;
let seller: string; // the demo seller, funded with $500
let sellerAccount: string;
let debtor: { id: string; token: string }; // a seller with no money, paying on credit
let other: { id: string; token: string }; // a third seller for isolation

const DAY = 86_400_000;
let n = 0;
const q = async <T>(query: ReturnType<typeof sql>) => ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;
const wallet = async (accountId: string) =>
  (await q<{ balance: string; blocked: boolean; reason: string | null; due: string | null; limit: string }>(
    sql`select balance_cents as balance, credit_blocked as blocked, credit_block_reason as reason, credit_due_at as due, credit_limit_cents as "limit" from wallets where account_id = ${accountId}`,
  ))[0] ?? { balance: '0', blocked: false, reason: null, due: null, limit: '0' };
const balance = async (accountId: string) => Number((await wallet(accountId)).balance);

async function ledgerHolds() {
  const drift = await q(sql`select w.account_id from wallets w left join (select ledger_account, sum(amount_cents) s from ledger_entries group by ledger_account) e on e.ledger_account = 'wallet:' || w.account_id::text where w.balance_cents <> coalesce(e.s, 0)`);
  expect(drift).toEqual([]);
  const unbalanced = await q(sql`select transaction_id from ledger_entries group by transaction_id having sum(amount_cents) <> 0`);
  expect(unbalanced).toEqual([]);
  const below = await q(sql`select account_id from wallets where balance_cents < -credit_limit_cents`);
  expect(below).toEqual([]);
}

async function newOrder(token: string, name = `BILL-${Date.now().toString(36)}-${++n}`): Promise<{ _id: string; exOrderId: string; totalPrice: number }> {
  const res = await t.call({
    method: 'POST',
    url: '/api/v1/orders',
    token,
    payload: {
      orderName: name,
      serviceCode: 'STD',
      lengthCm: 20,
      widthCm: 15,
      heightCm: 10,
      weightGr: 800,
      recipient: { firstName: 'Jane', address1: '100 Main St', city: 'Los Angeles', state: 'CA', country: 'US', zipcode: '90001' },
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}
const pay = (token: string, orderIds: string[]) => t.call({ method: 'POST', url: '/api/v1/orders/pay', token, payload: { orderIds } });
const setCredit = (token: string, customerId: string, body: Record<string, unknown>) => t.call({ method: 'PUT', url: `/api/v1/credit-customers/${customerId}`, token, payload: body });
const post = (token: string, url: string, payload: Record<string, unknown> = {}, headers: Record<string, string> = {}) => t.call({ method: 'POST', url: `/api/v1${url}`, token, payload, headers });

/** The text a PDF draws, read back with pdf.js. */
async function pdfText(pdf: Buffer): Promise<string> {
  return (await extractText(new Uint8Array(pdf), { mergePages: true })).text;
}

async function sheetRows(data: Buffer): Promise<unknown[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(data as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  wb.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

beforeAll(async () => {
  t = await startTestApp({ env: { SEED_DEMO_CATALOG: 'true' } });
  admin = await t.login(ADMIN.email, ADMIN.password);
  seller = await t.login(SELLER.email, SELLER.password);
  sellerAccount = (await q<{ account_id: string }>(sql`select account_id from users where email = ${SELLER.email}`))[0]!.account_id;
  debtor = await createSeller(t, 'credit.debtor@example.com');
  other = await createSeller(t, 'credit.other@example.com');
});
afterAll(() => t?.close());

describe('credit customers: permissions and input', () => {
  it('a seller cannot list, read, set, block, unblock, extend or repay credit (403)', async () => {
    expect((await t.call({ method: 'GET', url: '/api/v1/credit-customers', token: seller })).status).toBe(403);
    expect((await t.call({ method: 'GET', url: `/api/v1/credit-customers/${debtor.id}`, token: seller })).status).toBe(403);
    expect((await setCredit(seller, sellerAccount, { limit: 1000, period: '1w' })).status).toBe(403);
    for (const action of ['block', 'unblock', 'extend', 'pay-credit']) {
      expect((await post(seller, `/credit-customers/${sellerAccount}/${action}`, { dueDate: '2099-01-01T00:00:00Z', amount: 1 })).status, action).toBe(403);
    }
    expect(Number((await wallet(sellerAccount)).limit)).toBe(0);
  });

  it('refuses bad input naming the field and rule, and unknown customers with 404', async () => {
    const neg = await setCredit(admin, debtor.id, { limit: -1, period: '1w' });
    expect(neg.status).toBe(400);
    expect(neg.body.errors).toEqual([{ field: 'limit', message: 'The amount cannot be negative.' }]);
    const period = await t.call({ method: 'PUT', url: `/api/v1/credit-customers/${debtor.id}`, token: admin, payload: { limit: 10, period: '5w' }, headers: { language: 'vi' } });
    expect(period.status).toBe(400);
    expect(period.body.errors).toEqual([{ field: 'period', message: 'Hãy chọn kỳ hạn: 1, 2, 3 tuần hoặc 1 tháng.' }]);
    const cents = await setCredit(admin, debtor.id, { limit: 10.005, period: '1w' });
    expect(cents.body.errors?.[0]?.field).toBe('limit');
    const staffAccount = (await q<{ account_id: string }>(sql`select account_id from users where email = ${ADMIN.email}`))[0]!.account_id;
    expect((await setCredit(admin, staffAccount, { limit: 10, period: '1w' })).body.code).toBe('CUSTOMER_NOT_FOUND');
    expect((await setCredit(admin, '00000000-0000-4000-8000-000000000000', { limit: 10, period: '1w' })).status).toBe(404);
    expect((await post(admin, `/credit-customers/${debtor.id}/block`)).body.code).toBe('CREDIT_NOT_SET');
  });
});

describe('credit rules', () => {
  let price = 0;
  it('staff set a limit and a period: due date from the period, audited, shown on the seller\'s wallet', async () => {
    const res = await setCredit(admin, debtor.id, { limit: 100, period: '2w' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ customerId: debtor.id, email: 'credit.debtor@example.com', limit: 100, used: 0, remaining: 100, period: '2w', status: 'active', isBlocked: false });
    const due = Date.parse(res.body.data.dueDate);
    expect(Math.abs(due - (Date.now() + 14 * DAY))).toBeLessThan(60_000);
    const info = await t.call({ method: 'GET', url: '/api/v1/wallet/imformation-wallet', token: debtor.token });
    expect(info.body.data).toMatchObject({ balance: 0, unpaid: 0, autoPay: false, credit: { limit: 100, remaining: 100, isBlocked: false } });
    const history = await q<{ action: string }>(sql`select action from credit_history where account_id = ${debtor.id}`);
    expect(history.map((h) => h.action)).toEqual(['set']);
    const list = await t.call({ method: 'GET', url: `/api/v1/credit-customers?status=active&customerId=${debtor.id}`, token: admin });
    expect(list.body.data.items.map((i: { customerId: string }) => i.customerId)).toEqual([debtor.id]);
    expect((await t.call({ method: 'GET', url: `/api/v1/credit-customers?status=blocked&customerId=${debtor.id}`, token: admin })).body.data.total).toBe(0);
  });

  it('a seller pays on credit up to the limit, never beyond it', async () => {
    const first = await newOrder(debtor.token);
    price = Math.round(first.totalPrice * 100);
    expect((await pay(debtor.token, [first._id])).status).toBe(200);
    expect(await balance(debtor.id)).toBe(-price);
    // Lower the limit to exactly what is used: the next order no longer fits.
    expect((await setCredit(admin, debtor.id, { limit: (price - 1) / 100, period: '2w' })).body.code).toBe('CREDIT_LIMIT_BELOW_USED');
    expect((await setCredit(admin, debtor.id, { limit: price / 100, period: '2w' })).status).toBe(200);
    const second = await newOrder(debtor.token);
    const refused = await pay(debtor.token, [second._id]);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('INSUFFICIENT_FUNDS');
    expect(await balance(debtor.id)).toBe(-price);
    await setCredit(admin, debtor.id, { limit: 100, period: '2w' });
    await ledgerHolds();
  });

  it('a blocked credit line cannot pay (CREDIT_BLOCKED) until it is unblocked', async () => {
    const blocked = await post(admin, `/credit-customers/${debtor.id}/block`, { note: 'Late twice' });
    expect(blocked.body.data).toMatchObject({ status: 'blocked', isBlocked: true, blockReason: 'manual' });
    const order = await newOrder(debtor.token);
    const refused = await pay(debtor.token, [order._id]);
    expect(refused.body.code).toBe('CREDIT_BLOCKED');
    expect(refused.body.message).toContain('blocked');
    expect((await t.call({ method: 'GET', url: '/api/v1/wallet/imformation-wallet', token: debtor.token })).body.data.credit.isBlocked).toBe(true);
    expect((await post(admin, `/credit-customers/${debtor.id}/unblock`)).body.data.isBlocked).toBe(false);
    expect((await pay(debtor.token, [order._id])).status).toBe(200);
    expect(await balance(debtor.id)).toBe(-2 * price);
    await ledgerHolds();
  });

  it('an overdue credit line cannot pay even before the lock job ran, and cannot simply be unblocked', async () => {
    await t.db.execute(sql`update wallets set credit_due_at = now() - interval '1 hour' where account_id = ${debtor.id}`);
    const order = await newOrder(debtor.token);
    expect((await pay(debtor.token, [order._id])).body.code).toBe('CREDIT_BLOCKED');
    expect((await t.call({ method: 'GET', url: '/api/v1/wallet/imformation-wallet', token: debtor.token })).body.data.credit.isBlocked).toBe(true);
    const list = await t.call({ method: 'GET', url: `/api/v1/credit-customers?status=overdue`, token: admin });
    expect(list.body.data.items.map((i: { customerId: string }) => i.customerId)).toContain(debtor.id);
    // The dashboard's credit-overdue queue opens ?overdue=true: past due with money owed, locked or not; a line in good standing is not in it.
    const pastDue = async () => (await t.call({ method: 'GET', url: '/api/v1/credit-customers?overdue=true&pageSize=100', token: admin })).body.data.items.map((i: { customerId: string }) => i.customerId);
    expect(await pastDue()).toContain(debtor.id);
    await t.db.execute(sql`update wallets set credit_blocked = true, credit_block_reason = 'overdue' where account_id = ${debtor.id}`);
    expect(await pastDue()).toContain(debtor.id);
    await t.db.execute(sql`update wallets set credit_blocked = false, credit_block_reason = null where account_id = ${debtor.id}`);
    expect((await t.call({ method: 'GET', url: '/api/v1/credit-customers?overdue=maybe', token: admin })).status).toBe(400);
    expect((await post(admin, `/credit-customers/${debtor.id}/unblock`)).body.code).toBe('CREDIT_OVERDUE');
    // Extending needs a later date in the future; then the line pays again.
    expect((await post(admin, `/credit-customers/${debtor.id}/extend`, { dueDate: new Date(Date.now() - DAY).toISOString() })).body.code).toBe('CREDIT_DUE_DATE_NOT_LATER');
    const extended = await post(admin, `/credit-customers/${debtor.id}/extend`, { dueDate: new Date(Date.now() + 3 * DAY).toISOString(), note: 'Agreed by phone' });
    expect(extended.body.data.status).toBe('active');
    expect((await pay(debtor.token, [order._id])).status).toBe(200);
    expect(await pastDue()).not.toContain(debtor.id);
    await ledgerHolds();
  });
});

describe('credit jobs with an injected clock', () => {
  it('reminds once per due date, locks an overdue line once, and a retry changes nothing', async () => {
    let now = new Date();
    const credit = createCreditService({ db: t.db, mailer: t.ctx.mailer, now: () => now });
    const jobs = billingJobs(credit, createInvoiceService({ db: t.db, calendar: workingDayCalendar('US'), now: () => now }), () => now);
    const run = (name: string) => jobs.find((j) => j.job === name)!.handler(undefined as never, { id: 'test', name, retryCount: 0 } as never);
    const mails = async (subject: string) => Number((await q<{ n: number }>(sql`select count(*)::int as n from mail_outbox where to_address = 'credit.debtor@example.com' and subject like ${`%${subject}%`}`))[0]!.n);

    // A fresh period of one week starting now (the period changes, so the due date restarts).
    expect((await credit.set(null as never, debtor.id, { limit: 100, period: '1w' })).period).toBe('1w');
    const due = new Date((await wallet(debtor.id)).due!);
    expect(Math.abs(due.getTime() - (now.getTime() + 7 * DAY))).toBeLessThan(1000);

    now = new Date(due.getTime() - 4 * DAY);
    await run('billing.credit-reminders');
    expect(await mails('is due on')).toBe(0);
    now = new Date(due.getTime() - 2 * DAY);
    await run('billing.credit-reminders');
    await run('billing.credit-reminders');
    expect(await mails('is due on')).toBe(1);

    now = new Date(due.getTime() - 1000);
    await run('billing.credit-overdue-lock');
    expect((await wallet(debtor.id)).blocked).toBe(false);
    now = new Date(due.getTime() + 1000);
    await run('billing.credit-overdue-lock');
    await run('billing.credit-overdue-lock');
    expect(await wallet(debtor.id)).toMatchObject({ blocked: true, reason: 'overdue' });
    expect(await mails('is locked')).toBe(1);
    const actions = await q<{ action: string; n: number }>(sql`select action, count(*)::int as n from credit_history where account_id = ${debtor.id} and action in ('reminder', 'overdue_lock') group by action order by action`);
    expect(actions).toEqual([{ action: 'overdue_lock', n: 1 }, { action: 'reminder', n: 1 }]);
    const order = await newOrder(debtor.token);
    expect((await pay(debtor.token, [order._id])).body.code).toBe('CREDIT_BLOCKED');
  });

  it('paying credit back is a pay_credit transaction, idempotent, and lifts the overdue lock once nothing is owed', async () => {
    const owed = -(await balance(debtor.id));
    expect(owed).toBeGreaterThan(0);
    const tooMuch = await post(admin, `/credit-customers/${debtor.id}/pay-credit`, { amount: owed / 100 + 1 });
    expect(tooMuch.body.code).toBe('CREDIT_REPAY_TOO_MUCH');
    const key = { 'idempotency-key': `repay-${Date.now()}` };
    const first = await post(admin, `/credit-customers/${debtor.id}/pay-credit`, { amount: owed / 100, note: 'Bank transfer 123' }, key);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const again = await post(admin, `/credit-customers/${debtor.id}/pay-credit`, { amount: owed / 100, note: 'Bank transfer 123' }, key);
    expect(again.body.data.transactionId).toBe(first.body.data.transactionId);
    expect(first.body.data.customer).toMatchObject({ balance: 0, used: 0, isBlocked: false, status: 'active' });
    const repaid = await q<{ amount_cents: string }>(sql`select amount_cents from wallet_transactions where account_id = ${debtor.id} and type = 'pay_credit'`);
    expect(repaid.map((r) => Number(r.amount_cents))).toEqual([owed]);
    expect(await balance(debtor.id)).toBe(0);
    await ledgerHolds();
  });
});

describe('send-payment (SPEC §7)', () => {
  it('moves money between two sellers as sent and received, idempotently, never past the balance', async () => {
    const before = { a: await balance(sellerAccount), b: await balance(other.id) };
    const key = { 'idempotency-key': `send-${Date.now()}` };
    const body = { receiverEmail: 'Credit.Other@example.com', amount: 12.5, note: 'Shared shipment' };
    const res = await post(seller, '/wallet/send-payment', body, key);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ amount: 12.5, balanceAfter: (before.a - 1250) / 100 });
    const replay = await post(seller, '/wallet/send-payment', body, key);
    expect(replay.body.data.transactionId).toBe(res.body.data.transactionId);
    expect(await balance(sellerAccount)).toBe(before.a - 1250);
    expect(await balance(other.id)).toBe(before.b + 1250);
    const types = await q<{ type: string; account_id: string }>(sql`select type, account_id from wallet_transactions where type in ('sent', 'received') order by type`);
    expect(types).toEqual([{ type: 'received', account_id: other.id }, { type: 'sent', account_id: sellerAccount }]);
    expect((await post(seller, '/wallet/send-payment', { ...body, receiverEmail: SELLER.email })).body.code).toBe('SEND_PAYMENT_TO_SELF');
    expect((await post(seller, '/wallet/send-payment', { ...body, receiverEmail: 'nobody@example.com' })).status).toBe(404);
    expect((await post(seller, '/wallet/send-payment', { ...body, receiverEmail: ADMIN.email })).status).toBe(404);
    const broke = await post(other.token, '/wallet/send-payment', { ...body, receiverEmail: SELLER.email, amount: 1_000_000 });
    expect(broke.body.code).toBe('INSUFFICIENT_FUNDS');
    const bad = await post(seller, '/wallet/send-payment', { ...body, amount: 0 });
    expect(bad.body.errors).toEqual([{ field: 'amount', message: 'The amount must be above 0.' }]);
    // Staff hold no wallet and no send-payment code.
    expect((await post(admin, '/wallet/send-payment', body)).status).toBe(403);
    await ledgerHolds();
  });
});

describe('transaction reports (SPEC §7)', () => {
  it('exports neutralise cells starting with =, +, - and @', async () => {
    for (const note of ['=HYPERLINK("http://x","y")', '+1+1', '-2+3', '@SUM(1)']) {
      expect((await post(seller, '/wallet/send-payment', { receiverEmail: 'credit.other@example.com', amount: 0.01, note })).status).toBe(200);
    }
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/transaction/export-transaction', headers: { authorization: `Bearer ${seller}` }, payload: { type: 'sent' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const rows = await sheetRows(res.rawPayload);
    expect(rows[0]).toContain('Note');
    const notes = rows.slice(1).map((r) => r[rows[0]!.indexOf('Note')]);
    for (const note of ["'=HYPERLINK(\"http://x\",\"y\")", "'+1+1", "'-2+3", "'@SUM(1)"]) expect(notes).toContain(note);
    // Only the caller's own transactions, even when naming another customer.
    const theirs = await t.app.inject({ method: 'POST', url: '/api/v1/transaction/export-transaction', headers: { authorization: `Bearer ${other.token}` }, payload: { customerId: sellerAccount } });
    const theirRows = await sheetRows(theirs.rawPayload);
    const types = theirRows.slice(1).map((r) => r[theirRows[0]!.indexOf('Type')]);
    expect(types.length).toBeGreaterThan(0);
    expect(new Set(types)).toEqual(new Set(['Received']));
  });

  it('lists and exports the orders of transactions, scoped to the caller', async () => {
    const name = `@Risky-${++n}`;
    const order = await newOrder(seller, name);
    expect((await pay(seller, [order._id])).status).toBe(200);
    const mine = await post(seller, '/transaction-orders/list', { keyword: order.exOrderId });
    expect(mine.status).toBe(200);
    expect(mine.body.data.items).toEqual([expect.objectContaining({ orderId: order._id, exOrderId: order.exOrderId, kind: 'order', type: 'payment', customerId: sellerAccount })]);
    // Another seller sees none of it, by keyword, by customer or by transaction id.
    const txId = mine.body.data.items[0].transactionId;
    for (const body of [{ keyword: order.exOrderId }, { customerId: sellerAccount }, { transactionId: txId }]) {
      const res = await post(other.token, '/transaction-orders/list', body);
      expect(res.body.data.items.filter((i: { customerId: string }) => i.customerId !== other.id), JSON.stringify(body)).toEqual([]);
    }
    // Staff see it, with the customer's email.
    const staff = await post(admin, '/transaction-orders/list', { transactionId: txId });
    expect(staff.body.data.items[0]).toMatchObject({ orderId: order._id, customerEmail: SELLER.email });
    const xlsx = await t.app.inject({ method: 'POST', url: '/api/v1/order-transaction/export-order-transaction', headers: { authorization: `Bearer ${seller}` }, payload: { transactionId: txId } });
    expect(xlsx.statusCode).toBe(200);
    const rows = await sheetRows(xlsx.rawPayload);
    const [orderCol, nameCol] = [rows[0]!.indexOf('Order ID'), rows[0]!.indexOf('Order name')];
    expect(rows.slice(1).map((r) => [r[orderCol], r[nameCol]])).toEqual([[order.exOrderId, `'${name}`]]);
    const empty = await t.app.inject({ method: 'POST', url: '/api/v1/order-transaction/export-order-transaction', headers: { authorization: `Bearer ${other.token}` }, payload: { transactionId: txId } });
    expect((await sheetRows(empty.rawPayload)).length).toBe(1);
  });
});

describe('invoices', () => {
  const month = new Date().toISOString().slice(0, 7);
  const nextMonthStart = () => {
    const d = new Date();
    return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1, 9));
  };
  let sellerInvoice: string;

  it('staff cannot invoice a month that has not ended; a seller cannot generate invoices', async () => {
    expect((await post(admin, '/invoices/generate', { month })).body.code).toBe('INVOICE_PERIOD_OPEN');
    expect((await post(seller, '/invoices/generate', { month: '2025-01' })).status).toBe(403);
    expect((await post(admin, '/invoices/generate', { month: '2025-13' })).body.errors).toEqual([{ field: 'month', message: 'Enter a month as YYYY-MM.' }]);
  });

  it('the monthly job invoices last month\'s paid orders once per seller, with tax due in 7 working days', async () => {
    const now = nextMonthStart();
    const invoices = createInvoiceService({ db: t.db, calendar: workingDayCalendar('US'), now: () => now });
    const jobs = billingJobs(createCreditService({ db: t.db, mailer: t.ctx.mailer, now: () => now }), invoices, () => now);
    const run = () => jobs.find((j) => j.job === 'billing.monthly-invoices')!.handler(undefined as never, { id: 'test', name: 'billing.monthly-invoices', retryCount: 0 } as never);
    await run();
    await run();
    const rows = await q<{ id: string; account_id: string; total_cents: string; tax_due_at: Date; issued_at: Date; period_start: string }>(sql`select id, account_id, total_cents, tax_due_at, issued_at, period_start::text from invoices order by account_id`);
    const accounts = rows.map((r) => r.account_id).sort();
    expect(accounts).toEqual([sellerAccount, debtor.id].sort());
    expect(rows.every((r) => r.period_start === `${month}-01`)).toBe(true);
    const paid = await q<{ account_id: string; s: string }>(sql`select t.account_id, sum(o.amount_cents)::bigint as s from transaction_orders o join wallet_transactions t on t.id = o.transaction_id where t.type = 'payment' and o.kind in ('order', 'surcharge') group by t.account_id`);
    for (const r of rows) expect(Number(r.total_cents)).toBe(Number(paid.find((p) => p.account_id === r.account_id)!.s));
    const cal = workingDayCalendar('US');
    for (const r of rows) expect(new Date(r.tax_due_at).getTime()).toBe(cal.addWorkingDays(new Date(r.issued_at), 7).getTime());
    sellerInvoice = rows.find((r) => r.account_id === sellerAccount)!.id;
    expect(await invoices.generate(month)).toEqual({ created: 0, existing: 2 });
  });

  it('a seller sees only its own invoices; filters keyword, gateway and owner', async () => {
    const mine = await post(seller, '/invoices/list', { ownerIds: [debtor.id] });
    expect(mine.body.data.items.map((i: { customerId: string }) => i.customerId)).toEqual([sellerAccount]);
    expect((await post(other.token, '/invoices/list', {})).body.data.total).toBe(0);
    expect((await t.call({ method: 'GET', url: `/api/v1/invoices/${sellerInvoice}`, token: other.token })).body.code).toBe('INVOICE_NOT_FOUND');
    expect((await t.call({ method: 'GET', url: `/api/v1/invoices/${sellerInvoice}/pdf`, token: other.token })).status).toBe(404);
    expect((await t.call({ method: 'GET', url: `/api/v1/invoices/${sellerInvoice}`, token: debtor.token })).status).toBe(404);

    const credit = await post(admin, '/invoices/list', { paymentGateway: 'credit' });
    expect(credit.body.data.items.map((i: { customerId: string }) => i.customerId)).toEqual([debtor.id]);
    const owners = await post(admin, '/invoices/list', { ownerIds: [sellerAccount] });
    expect(owners.body.data.items.map((i: { id: string }) => i.id)).toEqual([sellerInvoice]);
    const detail = await t.call({ method: 'GET', url: `/api/v1/invoices/${sellerInvoice}`, token: seller });
    expect(detail.status).toBe(200);
    const line = detail.body.data.lines[0];
    expect(line.fees).toMatchObject({ total: expect.any(Number), shipping: expect.any(Number) });
    const byOrder = await post(admin, '/invoices/list', { keyword: line.exOrderId });
    expect(byOrder.body.data.items.map((i: { id: string }) => i.id)).toEqual([sellerInvoice]);
    const byNumber = await post(seller, '/invoices/list', { keyword: detail.body.data.number.toLowerCase() });
    expect(byNumber.body.data.total).toBe(1);
  });

  it('downloads a real PDF naming the invoice, its orders and the tax due date', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/invoices/${sellerInvoice}/pdf`, headers: { authorization: `Bearer ${seller}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const detail = (await t.call({ method: 'GET', url: `/api/v1/invoices/${sellerInvoice}`, token: seller })).body.data;
    const text = await pdfText(pdf);
    expect(text).toContain(detail.number);
    expect(text).toContain('Tax payment due');
    expect(text).toContain(detail.lines[0].exOrderId);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${detail.number}.pdf"`);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('on PostgreSQL, under concurrency', () => {
  it('parallel transfers never spend more than the balance, and opposite transfers do not deadlock', async () => {
    const a = await createSeller(t, 'race.a@example.com');
    const b = await createSeller(t, 'race.b@example.com');
    await t.db.transaction((tx) => creditWallet(tx, 'top_up', { accountId: a.id, amountCents: 10_000, actorId: null, note: 'race' }));
    await t.db.transaction((tx) => creditWallet(tx, 'top_up', { accountId: b.id, amountCents: 10_000, actorId: null, note: 'race' }));
    // 30 transfers of $10 from A (holding $100) → exactly 10 succeed.
    const fromA = await Promise.all(Array.from({ length: 30 }, () => post(a.token, '/wallet/send-payment', { receiverEmail: 'race.b@example.com', amount: 10 })));
    expect(fromA.filter((r) => r.status === 200)).toHaveLength(10);
    expect(fromA.filter((r) => r.status !== 200).every((r) => r.body.code === 'INSUFFICIENT_FUNDS')).toBe(true);
    expect(await balance(a.id)).toBe(0);
    expect(await balance(b.id)).toBe(20_000);
    // Both directions at once: every transfer either succeeds or is refused cleanly, none deadlocks.
    const both = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? post(b.token, '/wallet/send-payment', { receiverEmail: 'race.a@example.com', amount: 5 }) : post(a.token, '/wallet/send-payment', { receiverEmail: 'race.b@example.com', amount: 1 }))),
    );
    expect(both.every((r) => r.status === 200 || r.body.code === 'INSUFFICIENT_FUNDS'), JSON.stringify(both.filter((r) => r.status !== 200).map((r) => r.body.code))).toBe(true);
    expect((await balance(a.id)) + (await balance(b.id))).toBe(20_000);
    await ledgerHolds();
  }, 60_000);
});
