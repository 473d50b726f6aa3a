import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readXlsx } from '../../test/files';
import { ADMIN, SELLER, createSeller, orderBody, startTestApp, type TestApp } from '../../test/harness';
import { hashPassword } from '../../platform/passwords';
import { createUser } from '../users';
import { creditWallet } from '../wallet';
import { REPORT_QUEUES } from './reports.events';
import { createReportsService } from './reports.service';

// Reports over HTTP (docs/reports.md): each report's permission, a seller's reports hold only its
// own account, the viewer's zone puts a late-evening payment on its local day, the range rules,
// the xlsx export, and the two dashboards.

let t: TestApp;
let admin: string;
let seller: string;
let sellerAccount: string;
let other: { id: string; token: string };
let scanner: string;
const q = async <T>(query: ReturnType<typeof sql>) => ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;
const get = (url: string, token: string) => t.call({ method: 'GET', url: `/api/v1${url}`, token });
const drain = async () => {
  for (const queue of Object.values(REPORT_QUEUES)) await t.runJobs(queue);
};
let n = 0;
async function paidOrder(token: string): Promise<string> {
  const res = await t.call({ method: 'POST', url: '/api/v1/orders', token, payload: orderBody(`RPTH-${Date.now().toString(36)}-${++n}`) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const paid = await t.call({ method: 'POST', url: '/api/v1/orders/pay', token, payload: { orderIds: [res.body.data._id] } });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  return res.body.data._id;
}
const REPORTS = ['revenue', 'payment-method', 'services', 'customers', 'carriers', 'purchase'] as const;
const RANGE = 'startDate=2026-03-01&endDate=2026-03-31';

beforeAll(async () => {
  t = await startTestApp({ env: { SEED_DEMO_CATALOG: 'true' } });
  admin = await t.login(ADMIN.email, ADMIN.password);
  seller = await t.login(SELLER.email, SELLER.password);
  sellerAccount = (await q<{ account_id: string }>(sql`select account_id from users where email = ${SELLER.email}`))[0]!.account_id;
  other = await createSeller(t, 'reports-other@exship.local');
  await t.db.transaction((tx) => creditWallet(tx, 'top_up', { accountId: other.id, amountCents: 100_000, actorId: null, gateway: 'bank', note: 'opening' }));
  await createUser(t.db, { email: 'reports-scanner@exship.local', passwordHash: await hashPassword('Scan#Passw0rd!'), fullName: 'Scanner', roleCode: 'EXR-SCANNER', status: 'active' });
  scanner = await t.login('reports-scanner@exship.local', 'Scan#Passw0rd!');
}, 180_000);
afterAll(() => t?.close());

describe('report permissions', () => {
  it('staff with the report codes read all six; a seller only revenue and services; a scanner none', async () => {
    for (const r of REPORTS) {
      expect((await get(`/reports/${r}?${RANGE}`, admin)).status, r).toBe(200);
      expect((await get(`/reports/${r}?${RANGE}`, scanner)).status, r).toBe(403);
      expect((await get(`/reports/${r}/export?${RANGE}`, scanner)).status, r).toBe(403);
      const mine = await get(`/reports/${r}?${RANGE}`, seller);
      expect(mine.status, r).toBe(r === 'revenue' || r === 'services' ? 200 : 403);
    }
  });

  it('refuses a reversed range, a range over 366 days, a bad date, group or zone, naming the field', async () => {
    const cases: [string, string][] = [
      ['startDate=2026-03-10&endDate=2026-03-01', 'endDate'],
      ['startDate=2025-01-01&endDate=2026-03-01', 'endDate'],
      ['startDate=2026-02-30&endDate=2026-03-01', 'startDate'],
      [`${RANGE}&groupBy=year`, 'groupBy'],
      [`${RANGE}&timeZone=Asia/Saigon`, 'timeZone'],
      ['endDate=2026-03-01', 'startDate'],
    ];
    for (const [query, field] of cases) {
      const res = await get(`/reports/revenue?${query}`, admin);
      expect(res.status, query).toBe(400);
      expect(res.body.errors.map((e: { field: string }) => e.field), query).toEqual([field]);
    }
    // The first days allowed: the customers report's previous period falls before them, and still answers.
    const first = await get('/reports/customers?startDate=2000-01-01&endDate=2000-01-31&groupBy=week&timeZone=-12:00', admin);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data.series[0].period).toBe('1999-12-27');
  });
});

describe('a seller sees its own account, in its own zone', () => {
  it('a seller\'s revenue holds only its orders, even naming another customer; staff see both or the one named', async () => {
    const mine = await paidOrder(seller);
    const theirs = await paidOrder(other.token);
    await drain();
    const day = new Date().toISOString().slice(0, 10);
    const range = `startDate=${day}&endDate=${day}&timeZone=%2B00:00`;
    const [o1, o2] = await Promise.all([mine, theirs].map(async (id) => (await q<{ total_cents: string }>(sql`select total_cents from orders where id = ${id}`))[0]!.total_cents));
    const sellerView = (await get(`/reports/revenue?${range}&customerId=${other.id}`, seller)).body.data;
    const ownNet = await q<{ net: string }>(sql`select coalesce(sum(case when l.kind = 'refund' then -l.amount_cents else l.amount_cents end), 0) as net from transaction_orders l join wallet_transactions w on w.id = l.transaction_id where w.account_id = ${sellerAccount}`);
    expect(Math.round(sellerView.totals.net * 100)).toBe(Number(ownNet[0]!.net));
    const otherView = (await get(`/reports/revenue?${range}`, other.token)).body.data;
    expect(Math.round(otherView.totals.net * 100)).toBe(Number(o2));
    expect(otherView.totals.orders).toBe(1);
    const staffOne = (await get(`/reports/revenue?${range}&customerId=${other.id}`, admin)).body.data;
    expect(staffOne.totals.orders).toBe(1);
    const staffAll = (await get(`/reports/revenue?${range}`, admin)).body.data;
    expect(staffAll.totals.orders).toBe(sellerView.totals.orders + 1);
    expect(Number(o1)).toBeGreaterThan(0);
    const services = (await get(`/reports/services?${range}`, other.token)).body.data;
    expect(services.rows.map((r: { parcels: number }) => r.parcels)).toEqual([1]);
  });

  it('the time zone moves a late-evening payment to its local day', async () => {
    const id = await paidOrder(other.token);
    // Paid 2026-03-10 18:30 UTC: 01:30 on the 11th at +07:00, 13:30 on the 10th at -05:00.
    await q(sql`update wallet_transactions set created_at = '2026-03-10T18:30:00Z' where id in (select transaction_id from transaction_orders where order_id = ${id})`);
    await createReportsService({ db: t.db, clock: () => new Date() }).rebuildDays(new Date('2026-03-10T00:00:00Z'), 2);
    const range = `startDate=2026-03-10&endDate=2026-03-11&customerId=${other.id}`;
    const orders = (data: { rows: { period: string; orders: number }[] }) => Object.fromEntries(data.rows.map((r) => [r.period, r.orders]));
    expect(orders((await get(`/reports/revenue?${range}&timeZone=%2B07:00`, admin)).body.data)).toEqual({ '2026-03-10': 0, '2026-03-11': 1 });
    expect(orders((await get(`/reports/revenue?${range}&timeZone=-05:00`, admin)).body.data)).toEqual({ '2026-03-10': 1, '2026-03-11': 0 });
    // India's half hour: 00:00 on the 11th at +05:30 is 18:30 UTC, so the payment is on the 11th.
    expect(orders((await get(`/reports/revenue?${range}&timeZone=%2B05:30`, admin)).body.data)).toEqual({ '2026-03-10': 0, '2026-03-11': 1 });
    // No zone in the query: the user's own (+07:00 by default).
    const own = (await get(`/reports/revenue?startDate=2026-03-10&endDate=2026-03-11`, other.token)).body.data;
    expect(own.range.timeZone).toBe('+07:00');
    expect(orders(own)).toEqual({ '2026-03-10': 0, '2026-03-11': 1 });
    // Week and month periods start on Monday and on the 1st.
    const week = (await get(`/reports/revenue?startDate=2026-03-01&endDate=2026-03-31&groupBy=week&timeZone=%2B07:00&customerId=${other.id}`, admin)).body.data;
    expect(week.rows.map((r: { period: string }) => r.period)).toEqual(['2026-02-23', '2026-03-02', '2026-03-09', '2026-03-16', '2026-03-23', '2026-03-30']);
    expect(week.rows.find((r: { period: string }) => r.period === '2026-03-09').orders).toBe(1);
    const month = (await get(`/reports/revenue?startDate=2026-03-01&endDate=2026-03-31&groupBy=month&customerId=${other.id}`, admin)).body.data;
    expect(month.rows).toHaveLength(1);
    expect(month.series.filter((p: { key: string }) => p.key === 'net')).toHaveLength(1);
  });
});

describe('export', () => {
  it('each report exports as xlsx with translated headers and a totals row', async () => {
    const day = new Date().toISOString().slice(0, 10);
    for (const r of REPORTS) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/reports/${r}/export?startDate=${day}&endDate=${day}`, headers: { authorization: `Bearer ${admin}`, 'accept-language': 'vi' } });
      expect(res.statusCode, r).toBe(200);
      expect(res.headers['content-disposition']).toContain(`${r}_${day}_${day}.xlsx`);
      const rows = await readXlsx(res.rawPayload);
      expect(rows.length, r).toBeGreaterThanOrEqual(2);
    }
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/reports/revenue/export?startDate=${day}&endDate=${day}`, headers: { authorization: `Bearer ${admin}` } });
    const rows = await readXlsx(res.rawPayload);
    expect(rows[0]!.slice(0, 3)).toEqual(['Period', 'Orders', 'Shipping (USD)']);
    expect(rows.at(-1)![0]).toBe('Total');
  });
});

describe('dashboards', () => {
  it('a seller sees its wallet, this week\'s orders, parcels needing action and recent orders; staff are sent to theirs', async () => {
    const res = await get('/dashboard/seller', other.token);
    expect(res.status).toBe(200);
    const d = res.body.data;
    const [w] = await q<{ balance_cents: string }>(sql`select balance_cents from wallets where account_id = ${other.id}`);
    expect(Math.round(d.wallet.balance * 100)).toBe(Number(w!.balance_cents));
    expect(d.recentOrders.length).toBeGreaterThan(0);
    expect(d.needsAction.map((a: { key: string }) => a.key)).toEqual(['error-dimension', 'label-error', 'surcharge-unpaid']);
    expect((await get('/dashboard/seller', admin)).status).toBe(403);
    expect((await get('/dashboard/staff', other.token)).status).toBe(403);
  });

  it('an overdue ticket older than the ticket list\'s 30 days is counted and its link opens a range that lists it', async () => {
    const created = await t.call({ method: 'POST', url: '/api/v1/tickets', token: other.token, payload: { type: 'technical', subject: 'Old and overdue', content: 'Still waiting.' } });
    expect(created.status).toBe(201);
    const ticketId = created.body.data._id ?? created.body.data.id;
    await q(sql`update tickets set status = 'overdue', created_at = now() - interval '45 days' where id = ${ticketId}`);
    const queue = (await get('/dashboard/staff', admin)).body.data.queues.find((x: { key: string }) => x.key === 'overdue-tickets');
    const [n] = await q<{ n: string }>(sql`select count(*) as n from tickets where type <> 'claim' and status = 'overdue'`);
    expect(queue.count).toBe(Number(n!.n));
    expect(queue.link.query.tab).toBe('overdue');
    const listed = await get(`/tickets?${new URLSearchParams({ ...queue.link.query, pageIndex: '1', pageSize: '100' })}`, admin);
    expect(listed.status).toBe(200);
    expect(listed.body.data.counts.overdue).toBe(queue.count);
    expect(listed.body.data.items.map((x: { subject: string }) => x.subject)).toContain('Old and overdue');
  });

  it('staff queues count what their lists show, with the list\'s filter; KPIs have 14-day sparklines', async () => {
    const id = await paidOrder(other.token);
    await q(sql`update orders set status = 'label error' where id = ${id}`);
    await q(sql`insert into order_status_counts (account_id, status, n) values (${other.id}, 'label error', 1) on conflict (account_id, status) do update set n = order_status_counts.n + 1`);
    await drain();
    const d = (await get('/dashboard/staff', admin)).body.data;
    const labelErrors = d.queues.find((x: { key: string }) => x.key === 'label-errors');
    const [count] = await q<{ n: string }>(sql`select count(*) as n from orders where status = 'label error'`);
    expect(labelErrors).toEqual({ key: 'label-errors', count: Number(count!.n), link: { path: '/app/orders', query: { status: 'label error' } } });
    expect(labelErrors.count).toBeGreaterThan(0);
    expect(d.kpis.orders.sparkline).toHaveLength(14);
    expect(d.kpis.orders.today).toBeGreaterThan(0);
    // The customer-service role holds no revenue report: queues only, and only its own.
    await createUser(t.db, { email: 'reports-cs@exship.local', passwordHash: await hashPassword('Care#Passw0rd!'), fullName: 'Care', roleCode: 'EXR-CUSTOMER-SERVICE', status: 'active' });
    const cs = (await get('/dashboard/staff', await t.login('reports-cs@exship.local', 'Care#Passw0rd!'))).body.data;
    expect(cs.kpis).toBeNull();
    expect(cs.queues.map((x: { key: string }) => x.key)).not.toContain('top-ups');
    expect(cs.queues.map((x: { key: string }) => x.key)).toContain('label-errors');
  });
});
