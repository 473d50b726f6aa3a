import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, SELLER, createSeller, orderBody, startTestApp, type TestApp } from '../../test/harness';
import { creditWallet } from '../wallet';
import { REPORT_QUEUES } from './reports.events';
import { carriersReport, customersReport, paymentMethodReport, purchaseReport, revenueReport, servicesReport } from './reports.queries';
import { HOURLY, ROLLUP_MEASURES, TOTAL_DIMS } from './reports.rollups';
import { createReportsService } from './reports.service';

// The rollups equal a recomputation (docs/reports.md "Rollups"): after any sequence of orders,
// payments, surcharges, cancellations (with their refunds) and top-ups, by two sellers, every
// report's totals — read from the rollups through the HTTP routes — equal the same sums computed
// directly from the orders, the wallet transactions and the links between them.

let t: TestApp;
let admin: string;
const sellers: { id: string; token: string; orders: string[] }[] = [];
const q = async <T>(query: ReturnType<typeof sql>) => ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;
const cents = (usd: number) => Math.round(usd * 100);

beforeAll(async () => {
  t = await startTestApp({ env: { SEED_DEMO_CATALOG: 'true' } });
  admin = await t.login(ADMIN.email, ADMIN.password);
  const token = await t.login(SELLER.email, SELLER.password);
  const id = (await q<{ account_id: string }>(sql`select account_id from users where email = ${SELLER.email}`))[0]!.account_id;
  sellers.push({ id, token, orders: [] });
  const other = await createSeller(t, 'rollup-other@exship.local');
  // The other seller starts with money: its payments go through too.
  await t.db.transaction((tx) => creditWallet(tx, 'top_up', { accountId: other.id, amountCents: 500_000, actorId: null, gateway: 'bank', note: 'opening' }));
  // A top-up credited outside the review flow raises no event: the rebuild counts it, as the nightly job does.
  await createReportsService({ db: t.db, clock: () => new Date() }).rebuildDays(new Date(Date.now() - 86_400_000), 3);
  sellers.push({ ...other, orders: [] });
}, 180_000);
afterAll(() => t?.close());

type Cmd =
  | { kind: 'create'; seller: number; weightGr: number; signature: boolean }
  | { kind: 'pay'; seller: number; pick: number }
  | { kind: 'surcharge'; seller: number; pick: number; amount: number }
  | { kind: 'cancel'; seller: number; pick: number };

const cmd: fc.Arbitrary<Cmd> = fc.oneof(
  fc.record({ kind: fc.constant('create' as const), seller: fc.nat(1), weightGr: fc.constantFrom(300, 800, 2500), signature: fc.boolean() }),
  fc.record({ kind: fc.constant('pay' as const), seller: fc.nat(1), pick: fc.nat(20) }),
  fc.record({ kind: fc.constant('surcharge' as const), seller: fc.nat(1), pick: fc.nat(20), amount: fc.constantFrom(1.5, 3, 12.25) }),
  fc.record({ kind: fc.constant('cancel' as const), seller: fc.nat(1), pick: fc.nat(20) }),
);

let n = 0;
async function apply(c: Cmd): Promise<void> {
  const s = sellers[c.seller]!;
  if (c.kind === 'create') {
    const res = await t.call({ method: 'POST', url: '/api/v1/orders', token: s.token, payload: orderBody(`RPT-${Date.now().toString(36)}-${++n}`, { weightGr: c.weightGr, signature: c.signature }) });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    s.orders.push(res.body.data._id);
    return;
  }
  if (s.orders.length === 0) return;
  const orderId = s.orders[c.pick % s.orders.length]!;
  // Refusals (a status that does not allow the step) are part of the sequence: they change nothing.
  if (c.kind === 'pay') await t.call({ method: 'POST', url: '/api/v1/orders/pay', token: s.token, payload: { orderIds: [orderId] } });
  if (c.kind === 'surcharge') await t.call({ method: 'POST', url: `/api/v1/orders/${orderId}/surcharges`, token: admin, payload: { amount: c.amount, reason: 'Other' } });
  if (c.kind === 'cancel') await t.call({ method: 'POST', url: `/api/v1/orders/${orderId}/cancel`, token: s.token, payload: {} });
}

async function drain() {
  for (const queue of Object.values(REPORT_QUEUES)) await t.runJobs(queue);
}

/** The sums straight from the source rows: links of successful wallet transactions joined to their orders. */
async function recomputed(accountId: string | null) {
  const acct = accountId === null ? sql`true` : sql`t.account_id = ${accountId}::uuid`;
  const [r] = await q<Record<string, string>>(sql`
    select count(*) filter (where l.kind = 'order') as orders,
      coalesce(sum(case when l.kind = 'order' then o.shipping_fee_cents end), 0) as shipping,
      coalesce(sum(case when l.kind = 'order' then o.seasonal_fee_cents + o.over_length_fee_cents + o.signature_fee_cents end), 0) as fees,
      coalesce(sum(case when l.kind = 'order' then o.tax_fee_cents end), 0) as tax,
      coalesce(sum(case when l.kind = 'order' then o.discount_cents end), 0) as discounts,
      coalesce(sum(case when l.kind = 'refund' then l.amount_cents end), 0) as refunds,
      coalesce(sum(case when l.kind <> 'refund' then l.amount_cents end), 0) as paid,
      count(*) filter (where l.kind <> 'refund') as payments,
      coalesce(sum(case when l.kind = 'order' then o.cost_cents end), 0) as cost,
      coalesce(sum(case when l.kind = 'order' then o.chargeable_weight_gr end), 0) as weight
    from transaction_orders l join wallet_transactions t on t.id = l.transaction_id join orders o on o.id = l.order_id
    where t.result = 'success' and ${acct}`);
  const [top] = await q<{ n: string; amount: string }>(sql`select count(*) as n, coalesce(sum(amount_cents), 0) as amount from wallet_transactions t where type = 'top_up' and result = 'success' and ${acct}`);
  const byService = await q<{ service_code: string; parcels: string; revenue: string }>(sql`
    select o.service_code, count(*) filter (where l.kind = 'order') as parcels, sum(case when l.kind = 'refund' then -l.amount_cents else l.amount_cents end) as revenue
    from transaction_orders l join wallet_transactions t on t.id = l.transaction_id join orders o on o.id = l.order_id where t.result = 'success' and ${acct} group by 1 order by 1`);
  const byCustomer = await q<{ account_id: string; revenue: string }>(sql`
    select t.account_id, sum(case when l.kind = 'refund' then -l.amount_cents else l.amount_cents end) as revenue
    from transaction_orders l join wallet_transactions t on t.id = l.transaction_id where t.result = 'success' and ${acct} group by 1`);
  const v = (k: string) => Number(r![k]);
  return {
    revenue: { orders: v('orders'), shipping: v('shipping'), fees: v('fees'), tax: v('tax'), discounts: v('discounts'), refunds: v('refunds'), net: v('paid') - v('refunds'), surcharges: v('paid') - (v('shipping') + v('fees') + v('tax') - v('discounts')) },
    payments: v('payments') + Number(top!.n), amount: v('paid') + Number(top!.amount), cost: v('cost'), weightGr: v('weight'),
    byService: byService.map((s) => ({ serviceCode: s.service_code, parcels: Number(s.parcels), revenue: Number(s.revenue) })),
    byCustomer: new Map(byCustomer.map((c) => [c.account_id, Number(c.revenue)])),
  };
}

const today = () => new Date().toISOString().slice(0, 10);
const shiftDay = (d: string, days: number) => new Date(Date.parse(d) + days * 86_400_000).toISOString().slice(0, 10);
const report = async (name: string, token = admin, extra = '') => {
  const res = await t.call({ method: 'GET', url: `/api/v1/reports/${name}?startDate=${shiftDay(today(), -1)}&endDate=${shiftDay(today(), 1)}&timeZone=%2B00:00${extra}`, token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};


const DIM_SQL: Record<(typeof TOTAL_DIMS)[number], string> = { method: 'method', service: 'service_code', carrier: 'carrier_code', warehouse: 'warehouse_code', lane: "warehouse_code || ' → ' || country" };
const FACT_SQL = "case method when '' then 'parcel' when 'top-up' then 'top-up' else 'order' end";

/** The account-free totals and the accounts' days hold exactly the sums of the per-account rollups. */
async function totalsEqualRollups() {
  const measures = ['rollup_rows', ...ROLLUP_MEASURES];
  const order = 'order by 1, 2, 3, 4';
  for (const dim of TOTAL_DIMS) {
    for (const [name, bucket] of [[dim, 'bucket'], [`${dim}${HOURLY}`, "date_bin('1 hour', bucket, timestamptz '2000-01-01 00:00:00+00')"]]) {
      const totals = await q(sql.raw(`select dim, bucket, key, fact, ${measures.map((m) => `${m}::bigint as ${m}`).join(', ')} from report_totals where dim = '${name}' ${order}`));
      const summed = await q(sql.raw(`select '${name}' as dim, ${bucket} as bucket, ${DIM_SQL[dim]} as key, ${FACT_SQL} as fact, count(*)::bigint as rollup_rows, ${ROLLUP_MEASURES.map((m) => `sum(${m})::bigint as ${m}`).join(', ')}
        from report_rollups group by 2, 3, 4 ${order}`));
      expect(totals, name).toEqual(summed);
    }
  }
  const days = await q(sql`select day, account_id, orders::bigint as orders, paid_cents::bigint as paid, refund_cents::bigint as refunds from report_account_days order by 1, 2`);
  const summedDays = await q(sql`select date_bin('1 day', bucket, timestamptz '2000-01-01 00:00:00+00') as day, account_id, sum(orders)::bigint as orders, sum(paid_cents)::bigint as paid, sum(refund_cents)::bigint as refunds
    from report_rollups where method not in ('', 'top-up') group by 1, 2 order by 1, 2`);
  expect(days).toEqual(summedDays);
}

/** Every staff report reads the same numbers from the totals as from the per-account rollups, in any zone and with a filter. */
async function tiersAgree() {
  const reports = [revenueReport, paymentMethodReport, servicesReport, customersReport, carriersReport,
    (db: typeof t.db, query: Parameters<typeof revenueReport>[1], scope: Parameters<typeof revenueReport>[2]) => purchaseReport(db, { ...query, by: 'lane' }, scope),
    (db: typeof t.db, query: Parameters<typeof revenueReport>[1], scope: Parameters<typeof revenueReport>[2]) => purchaseReport(db, { ...query, by: 'carrier' }, scope)];
  for (const timeZone of ['+00:00', '+07:00', '-03:30', '+05:45']) {
    for (const filter of [{}, { serviceCode: 'STD' }, { carrierCode: 'USPS' }, { warehouseCode: 'HCM' }, { serviceCode: 'STD', warehouseCode: 'HCM' }]) {
      // A range ending today cuts the current UTC day at the zone's midnight: the edges come from the rollups.
      for (const [groupBy, startDate, endDate] of [['day', shiftDay(today(), -2), shiftDay(today(), 1)], ['day', today(), today()], ['week', shiftDay(today(), -20), today()]] as const) {
        const query = { startDate, endDate, groupBy, ...filter };
        for (const run of reports) {
          const fast = await run(t.db, query, { timeZone });
          const slow = await run(t.db, query, { timeZone, rollupsOnly: true });
          expect(fast, `${run.name} ${timeZone} ${JSON.stringify(filter)} ${groupBy}`).toEqual(slow);
        }
      }
    }
  }
}

describe('rollups equal a recomputation from the source rows', () => {
  it('after any sequence of orders, payments, surcharges, cancellations and refunds, every report agrees with SQL over the source', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(cmd, { minLength: 3, maxLength: 10 }), async (cmds) => {
        for (const c of cmds) await apply(c);
        await drain();
        const all = await recomputed(null);
        const revenue = await report('revenue');
        expect(Object.fromEntries(Object.entries(revenue.totals).map(([k, x]) => [k, k === 'orders' ? x : cents(x as number)]))).toEqual(all.revenue);
        const methods = await report('payment-method');
        expect({ payments: methods.totals.payments, amount: cents(methods.totals.amount) }).toEqual({ payments: all.payments, amount: all.amount });
        const services = await report('services');
        expect(services.rows.map((r: { serviceCode: string; parcels: number; revenue: number }) => ({ serviceCode: r.serviceCode, parcels: r.parcels, revenue: cents(r.revenue) })).sort((a: { serviceCode: string }, b: { serviceCode: string }) => a.serviceCode.localeCompare(b.serviceCode))).toEqual(all.byService);
        expect(Math.round(services.totals.weightKg * 1000)).toBe(Math.round(all.weightGr / 10) * 10);
        const customers = await report('customers');
        for (const row of customers.rows as { customerId: string; revenue: number }[]) expect(cents(row.revenue)).toBe(all.byCustomer.get(row.customerId));
        expect(customers.rows.length).toBe([...all.byCustomer.keys()].length);
        const purchase = await report('purchase');
        expect(cents(purchase.totals.lastMileCost)).toBe(all.cost);
        expect(cents(purchase.totals.revenue)).toBe(all.revenue.net);
        const carriers = await report('carriers');
        expect(cents(carriers.totals.lastMileCost)).toBe(all.cost);
        // Each seller's own revenue report is its account's sums, whatever customer it names.
        for (const s of sellers) {
          const own = await recomputed(s.id);
          const mine = await report('revenue', s.token, `&customerId=${sellers.find((x) => x !== s)!.id}`);
          expect(cents(mine.totals.net)).toBe(own.revenue.net);
          expect(mine.totals.orders).toBe(own.revenue.orders);
        }
        await totalsEqualRollups();
      }),
      { numRuns: 5 },
    );
  }, 600_000);

  it('the rebuild of a day from the source rows leaves the rollups as the events left them', async () => {
    const before = await q(sql`select * from report_rollups order by account_id, bucket, service_code, carrier_code, warehouse_code, method, country`);
    expect(before.length).toBeGreaterThan(0);
    await createReportsService({ db: t.db, clock: () => new Date() }).rebuildDays(new Date(Date.now() - 86_400_000), 3);
    const after = await q(sql`select * from report_rollups order by account_id, bucket, service_code, carrier_code, warehouse_code, method, country`);
    expect(after).toEqual(before);
    await totalsEqualRollups();
  });

  it('the account-free totals give every staff report the numbers of the per-account rollups', async () => {
    await totalsEqualRollups();
    await tiersAgree();
  }, 120_000);
});
