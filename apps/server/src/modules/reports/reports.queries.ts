import { sql, type SQL } from 'drizzle-orm';
import {
  REPORT_LIMITS,
  rangeInstants,
  type CarrierRow,
  type CustomerRow,
  type PaymentMethodRow,
  type PurchaseBy,
  type PurchaseRow,
  type ReportGroupBy,
  type ReportPoint,
  type ReportQuery,
  type RevenueRow,
  type ServiceRow,
} from '@exship/contracts';
import { offsetMinutes } from '@exship/domain';
import type { Db } from '../../platform/db';
import { HOURLY, type TotalDim } from './reports.rollups';

// The six reports, each one aggregate over report_rollups (docs/reports.md). A bucket's period is its
// instant moved into the viewer's zone, then cut to the day, the (Monday) week or the month.

export interface ReportScope {
  /** The one account the report covers, or undefined for every account (staff). */
  accountId?: string;
  timeZone: string;
  /** Read the per-account rollups even over every account (the tests compare both tiers). */
  rollupsOnly?: boolean;
}

export const usd = (cents: number): number => Math.round(Number(cents)) / 100;
const ratio = (a: number, b: number): number | null => (b > 0 ? Math.round((a / b) * 10_000) / 10_000 : null);

/** The SQL of a bucket's period, as text `YYYY-MM-DD`. */
export const periodSql = (groupBy: ReportGroupBy, timeZone: string): SQL =>
  sql`to_char(date_trunc(${groupBy}, (bucket at time zone 'UTC') + ${offsetMinutes(timeZone)} * interval '1 minute'), 'YYYY-MM-DD')`;

/** Every period of the range, in order (a chart shows the empty ones as 0). */
export function periodsOf(startDate: string, endDate: string, groupBy: ReportGroupBy): string[] {
  const out: string[] = [];
  const start = new Date(`${startDate}T00:00:00Z`);
  const end = new Date(`${endDate}T00:00:00Z`);
  const first = new Date(start);
  if (groupBy === 'week') first.setUTCDate(first.getUTCDate() - ((first.getUTCDay() + 6) % 7));
  if (groupBy === 'month') first.setUTCDate(1);
  for (const d = first; d <= end; ) {
    out.push(d.toISOString().slice(0, 10));
    if (groupBy === 'day') d.setUTCDate(d.getUTCDate() + 1);
    else if (groupBy === 'week') d.setUTCDate(d.getUTCDate() + 7);
    else d.setUTCMonth(d.getUTCMonth() + 1);
  }
  return out;
}

/** The rollup rows of the query's range (moved back by `shiftMs`: the customers report's previous period). */
function where(q: ReportQuery, scope: ReportScope, extra: SQL = sql`true`, shiftMs = 0): SQL {
  const { from, to } = rangeInstants(q.startDate, q.endDate, scope.timeZone);
  const parts: SQL[] = [sql`bucket >= ${new Date(from.getTime() - shiftMs)}`, sql`bucket < ${new Date(to.getTime() - shiftMs)}`, extra];
  if (scope.accountId) parts.push(sql`account_id = ${scope.accountId}::uuid`);
  if (q.serviceCode) parts.push(sql`service_code = ${q.serviceCode}`);
  if (q.carrierCode) parts.push(sql`carrier_code = ${q.carrierCode}`);
  if (q.warehouseCode) parts.push(sql`warehouse_code = ${q.warehouseCode}`);
  return sql.join(parts, sql` and `);
}

type Fact = 'order' | 'top-up' | 'parcel';
const FACT_ON_ROLLUPS: Record<Fact, string> = { order: "method not in ('', 'top-up')", 'top-up': "method = 'top-up'", parcel: "method = ''" };
const DIM_ON_ROLLUPS: Record<TotalDim, string> = { method: 'method', service: 'service_code', carrier: 'carrier_code', warehouse: 'warehouse_code', lane: "warehouse_code || ' → ' || country" };
const FILTER_DIMS = [['serviceCode', 'service'], ['carrierCode', 'carrier'], ['warehouseCode', 'warehouse']] as const;

/**
 * Where a report reads: `table` with `cond`, its grouping column as `key`. A report over every
 * account whose filters name at most the dimension it groups by reads the account-free totals of
 * that dimension (docs/reports.md "Fast at scale"); anything else the per-account rollups. Both give
 * the same sums: each totals row is the sum of its accounts' rollup rows.
 */
interface Source {
  table: SQL;
  cond: SQL;
  key: SQL;
}
function source(q: ReportQuery, scope: ReportScope, opts: { dim?: TotalDim; facts?: readonly Fact[]; keyed?: boolean; shiftMs?: number } = {}): Source {
  const filters = FILTER_DIMS.filter(([f]) => q[f]);
  const dim = opts.dim ?? filters[0]?.[1] ?? 'method';
  const totals = !scope.accountId && !scope.rollupsOnly && filters.every(([, d]) => d === dim);
  if (totals) {
    const { from, to } = rangeInstants(q.startDate, q.endDate, scope.timeZone);
    const shift = opts.shiftMs ?? 0;
    // A zone a whole number of hours from UTC cuts its days at whole hours: the hourly grain holds the same sums in a quarter of the rows.
    const grain = offsetMinutes(scope.timeZone) % 60 === 0 ? `${dim}${HOURLY}` : dim;
    const parts: SQL[] = [sql`dim = ${grain}`, sql`bucket >= ${new Date(from.getTime() - shift)}`, sql`bucket < ${new Date(to.getTime() - shift)}`];
    if (filters[0]) parts.push(sql`key = ${q[filters[0][0]]}`);
    if (opts.facts) parts.push(sql`fact in (${sql.join(opts.facts.map((f) => sql`${f}`), sql`, `)})`);
    if (opts.keyed) parts.push(sql`key <> ''`);
    return { table: sql`report_totals`, cond: sql.join(parts, sql` and `), key: sql`key` };
  }
  const key = sql.raw(DIM_ON_ROLLUPS[dim]);
  const extra: SQL[] = [];
  if (opts.facts) extra.push(sql.raw(`(${opts.facts.map((f) => FACT_ON_ROLLUPS[f]).join(' or ')})`));
  if (opts.keyed) extra.push(sql`${key} <> ''`);
  return { table: sql`report_rollups`, cond: where(q, scope, extra.length ? sql.join(extra, sql` and `) : sql`true`, opts.shiftMs), key };
}

const rowsOf = async <T>(db: Db, query: SQL): Promise<T[]> => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
const num = (v: unknown): number => Number(v ?? 0);

/** Chart points for every period × key (missing ones 0). */
function fill(periods: readonly string[], keys: readonly string[], got: { period: string; key: string; value: number }[]): ReportPoint[] {
  const at = new Map(got.map((g) => [`${g.period}|${g.key}`, g.value]));
  return periods.flatMap((period) => keys.map((key) => ({ period, key, value: at.get(`${period}|${key}`) ?? 0 })));
}

// ── revenue ──────────────────────────────────────────────────────────────────────────────────────

export async function revenueReport(db: Db, q: ReportQuery, scope: ReportScope) {
  const src = source(q, scope, { facts: ['order', 'parcel'] });
  const rows = await rowsOf<Record<string, string>>(db, sql`
    select ${periodSql(q.groupBy, scope.timeZone)} as period, sum(orders) as orders, sum(shipping_cents) as shipping, sum(fees_cents) as fees,
      sum(surcharge_cents) as surcharges, sum(tax_cents) as tax, sum(discount_cents) as discounts, sum(refund_cents) as refunds, sum(paid_cents) as paid
    from ${src.table} where ${src.cond} group by 1`);
  const by = new Map(rows.map((r) => [r.period!, r]));
  const periods = periodsOf(q.startDate, q.endDate, q.groupBy);
  const table: RevenueRow[] = periods.map((period) => {
    const r = by.get(period) ?? {};
    return {
      period, orders: num(r.orders), shipping: usd(num(r.shipping)), fees: usd(num(r.fees)), surcharges: usd(num(r.surcharges)), tax: usd(num(r.tax)),
      discounts: usd(num(r.discounts)), refunds: usd(num(r.refunds)), net: usd(num(r.paid) - num(r.refunds)),
    };
  });
  const sum = (k: keyof Omit<RevenueRow, 'period'>) => Math.round(table.reduce((n, r) => n + r[k] * (k === 'orders' ? 1 : 100), 0)) / (k === 'orders' ? 1 : 100);
  const totals = { orders: sum('orders'), shipping: sum('shipping'), fees: sum('fees'), surcharges: sum('surcharges'), tax: sum('tax'), discounts: sum('discounts'), refunds: sum('refunds'), net: sum('net') };
  const series = table.flatMap((r) => [{ period: r.period, key: 'net', value: r.net }, { period: r.period, key: 'refunds', value: r.refunds }]);
  return { series, rows: table, totals };
}

// ── payment method ───────────────────────────────────────────────────────────────────────────────

export async function paymentMethodReport(db: Db, q: ReportQuery, scope: ReportScope) {
  const src = source(q, scope, { dim: 'method', facts: ['order', 'top-up'] });
  const rows = await rowsOf<{ period: string; method: PaymentMethodRow['method']; payments: string; amount: string }>(db, sql`
    select ${periodSql(q.groupBy, scope.timeZone)} as period, ${src.key} as method, sum(payments + top_ups) as payments, sum(paid_cents + top_up_cents) as amount
    from ${src.table} where ${src.cond} group by 1, 2`);
  const methods = ['wallet', 'debit', 'credit', 'top-up'] as const;
  const cents = new Map<string, { payments: number; amount: number }>(methods.map((m) => [m, { payments: 0, amount: 0 }]));
  for (const r of rows) {
    const t = cents.get(r.method);
    if (!t) continue;
    t.payments += num(r.payments);
    t.amount += num(r.amount);
  }
  const all = [...cents.values()].reduce((n, t) => n + t.amount, 0);
  const table: PaymentMethodRow[] = methods.map((method) => ({ method, payments: cents.get(method)!.payments, amount: usd(cents.get(method)!.amount), share: ratio(cents.get(method)!.amount, all) ?? 0 }));
  const series = fill(periodsOf(q.startDate, q.endDate, q.groupBy), methods, rows.map((r) => ({ period: r.period, key: r.method, value: usd(num(r.amount)) })));
  return { series, rows: table, totals: { payments: table.reduce((n, r) => n + r.payments, 0), amount: usd(all) } };
}

// ── services ─────────────────────────────────────────────────────────────────────────────────────

export async function servicesReport(db: Db, q: ReportQuery, scope: ReportScope) {
  const src = source(q, scope, { dim: 'service', facts: ['order', 'top-up'], keyed: true });
  const rows = await rowsOf<{ period: string; service_code: string; parcels: string; weight: string; revenue: string }>(db, sql`
    select ${periodSql(q.groupBy, scope.timeZone)} as period, ${src.key} as service_code, sum(orders) as parcels, sum(weight_gr) as weight, sum(paid_cents - refund_cents) as revenue
    from ${src.table} where ${src.cond} group by 1, 2`);
  const per = new Map<string, { parcels: number; weight: number; revenue: number }>();
  for (const r of rows) {
    const t = per.get(r.service_code) ?? { parcels: 0, weight: 0, revenue: 0 };
    t.parcels += num(r.parcels);
    t.weight += num(r.weight);
    t.revenue += num(r.revenue);
    per.set(r.service_code, t);
  }
  const names = new Map((await rowsOf<{ code: string; name: string }>(db, sql`select code, name from services`)).map((s) => [s.code, s.name]));
  const table: ServiceRow[] = [...per]
    .map(([code, t]) => ({ serviceCode: code, serviceName: names.get(code) ?? code, parcels: t.parcels, weightKg: Math.round(t.weight / 10) / 100, revenue: usd(t.revenue), averagePrice: t.parcels > 0 ? usd(t.revenue / t.parcels) : 0 }))
    .sort((a, b) => b.revenue - a.revenue || a.serviceCode.localeCompare(b.serviceCode));
  const tot = [...per.values()].reduce((n, t) => ({ parcels: n.parcels + t.parcels, weight: n.weight + t.weight, revenue: n.revenue + t.revenue }), { parcels: 0, weight: 0, revenue: 0 });
  const series = fill(periodsOf(q.startDate, q.endDate, q.groupBy), table.map((r) => r.serviceCode), rows.map((r) => ({ period: r.period, key: r.service_code, value: usd(num(r.revenue)) })));
  return { series, rows: table, totals: { parcels: tot.parcels, weightKg: Math.round(tot.weight / 10) / 100, revenue: usd(tot.revenue), averagePrice: tot.parcels > 0 ? usd(tot.revenue / tot.parcels) : 0 } };
}

// ── customers ────────────────────────────────────────────────────────────────────────────────────

/**
 * Each account's parcels and revenue over the range (moved back by shiftMs). Over every account with
 * no filter: whole UTC days from report_account_days, the partial days at the edges from the rollups.
 */
function accountSums(q: ReportQuery, scope: ReportScope, shiftMs = 0): SQL {
  const orderFacts = sql.raw(FACT_ON_ROLLUPS.order);
  if (scope.accountId || scope.rollupsOnly || FILTER_DIMS.some(([f]) => q[f])) {
    return sql`select account_id, sum(orders) as parcels, sum(paid_cents - refund_cents) as revenue from report_rollups where ${where(q, scope, orderFacts, shiftMs)} group by 1`;
  }
  const { from: f, to: t } = rangeInstants(q.startDate, q.endDate, scope.timeZone);
  const from = f.getTime() - shiftMs;
  const to = t.getTime() - shiftMs;
  const firstDay = Math.ceil(from / 86_400_000) * 86_400_000;
  const lastDay = Math.max(firstDay, Math.floor(to / 86_400_000) * 86_400_000);
  const d = (ms: number) => new Date(ms);
  return sql`
    select account_id, sum(orders) as parcels, sum(paid_cents - refund_cents) as revenue from (
      select account_id, orders, paid_cents, refund_cents from report_account_days where day >= ${d(firstDay)} and day < ${d(lastDay)}
      union all
      select account_id, orders, paid_cents, refund_cents from report_rollups
      where ${orderFacts} and ((bucket >= ${d(from)} and bucket < ${d(Math.min(firstDay, to))}) or (bucket >= ${d(Math.max(lastDay, from))} and bucket < ${d(to)}))
    ) x group by 1`;
}

export async function customersReport(db: Db, q: ReportQuery, scope: ReportScope) {
  const days = (Date.parse(q.endDate) - Date.parse(q.startDate)) / 86_400_000 + 1;
  const src = source(q, scope, { facts: ['order'] });
  const [now, before, points] = await Promise.all([
    rowsOf<{ account_id: string; parcels: string; revenue: string }>(db, accountSums(q, scope)),
    rowsOf<{ account_id: string; revenue: string }>(db, accountSums(q, scope, days * 86_400_000)),
    rowsOf<{ period: string; parcels: string; revenue: string }>(db, sql`
      select ${periodSql(q.groupBy, scope.timeZone)} as period, sum(orders) as parcels, sum(paid_cents - refund_cents) as revenue from ${src.table} where ${src.cond} group by 1`),
  ]);
  const prev = new Map(before.map((r) => [r.account_id, num(r.revenue)]));
  const ranked = now.sort((a, b) => num(b.revenue) - num(a.revenue)).slice(0, REPORT_LIMITS.maxRows);
  const ids = ranked.map((r) => r.account_id);
  const people = ids.length === 0 ? [] : await rowsOf<{ account_id: string; full_name: string; email: string; unpaid: string; balance: string }>(db, sql`
    select a.id as account_id, coalesce(u.full_name, '') as full_name, coalesce(u.email, '') as email, coalesce(w.unpaid_cents, 0) as unpaid, coalesce(w.balance_cents, 0) as balance
    from unnest(${`{${ids.join(',')}}`}::uuid[]) as a(id)
    left join lateral (select full_name, email from users where users.account_id = a.id order by created_at limit 1) u on true
    left join wallets w on w.account_id = a.id`);
  const who = new Map(people.map((p) => [p.account_id, p]));
  const table: CustomerRow[] = ranked.map((r) => {
    const p = who.get(r.account_id);
    const revenue = num(r.revenue);
    const before = prev.get(r.account_id) ?? 0;
    return {
      customerId: r.account_id, name: p?.full_name ?? '', email: p?.email ?? '', parcels: num(r.parcels), revenue: usd(revenue), previousRevenue: usd(before),
      growth: before > 0 ? Math.round(((revenue - before) / before) * 10_000) / 10_000 : null,
      unpaid: usd(num(p?.unpaid)), creditUsed: usd(Math.max(0, -num(p?.balance))),
    };
  });
  const revenue = now.reduce((n, r) => n + num(r.revenue), 0);
  const before2 = before.reduce((n, r) => n + num(r.revenue), 0);
  const periods = periodsOf(q.startDate, q.endDate, q.groupBy);
  const series = fill(periods, ['revenue', 'parcels'], points.flatMap((p) => [{ period: p.period, key: 'revenue', value: usd(num(p.revenue)) }, { period: p.period, key: 'parcels', value: num(p.parcels) }]));
  return {
    series, rows: table,
    totals: {
      parcels: now.reduce((n, r) => n + num(r.parcels), 0), revenue: usd(revenue), previousRevenue: usd(before2), growth: before2 > 0 ? Math.round(((revenue - before2) / before2) * 10_000) / 10_000 : null,
      unpaid: usd(table.reduce((n, r) => n + Math.round(r.unpaid * 100), 0)), creditUsed: usd(table.reduce((n, r) => n + Math.round(r.creditUsed * 100), 0)),
    },
  };
}

// ── carriers ─────────────────────────────────────────────────────────────────────────────────────

type CarrierSums = { parcels: number; cost: number; delivered: number; onTime: number; late: number; lost: number; failures: number };
const carrierRow = (carrierCode: string, t: CarrierSums): CarrierRow => ({
  carrierCode, parcels: t.parcels, lastMileCost: usd(t.cost), delivered: t.delivered, onTimeRate: ratio(t.onTime, t.delivered), late: t.late, lost: t.lost,
  lateRate: ratio(t.late, t.parcels), lostRate: ratio(t.lost, t.parcels), labelFailures: t.failures,
});

export async function carriersReport(db: Db, q: ReportQuery, scope: ReportScope) {
  const src = source(q, scope, { dim: 'carrier', keyed: true });
  const rows = await rowsOf<Record<string, string>>(db, sql`
    select ${periodSql(q.groupBy, scope.timeZone)} as period, ${src.key} as carrier_code, sum(orders) as parcels, sum(cost_cents) as cost, sum(delivered) as delivered,
      sum(on_time) as on_time, sum(late) as late, sum(lost) as lost, sum(label_failures) as failures
    from ${src.table} where ${src.cond} group by 1, 2`);
  const per = new Map<string, CarrierSums>();
  const zero = (): CarrierSums => ({ parcels: 0, cost: 0, delivered: 0, onTime: 0, late: 0, lost: 0, failures: 0 });
  const total = zero();
  for (const r of rows) {
    const t = per.get(r.carrier_code!) ?? zero();
    for (const s of [t, total]) {
      s.parcels += num(r.parcels); s.cost += num(r.cost); s.delivered += num(r.delivered); s.onTime += num(r.on_time);
      s.late += num(r.late); s.lost += num(r.lost); s.failures += num(r.failures);
    }
    per.set(r.carrier_code!, t);
  }
  const table = [...per].map(([code, t]) => carrierRow(code, t)).sort((a, b) => b.parcels - a.parcels || a.carrierCode.localeCompare(b.carrierCode));
  const { carrierCode: _c, ...totals } = carrierRow('', total);
  const series = fill(periodsOf(q.startDate, q.endDate, q.groupBy), table.map((r) => r.carrierCode), rows.map((r) => ({ period: r.period!, key: r.carrier_code!, value: num(r.parcels) })));
  return { series, rows: table, totals };
}

// ── purchase ─────────────────────────────────────────────────────────────────────────────────────

type PurchaseSums = { parcels: number; revenue: number; lastMile: number; freight: number };
const purchaseRow = (key: string, label: string, t: PurchaseSums): PurchaseRow => {
  const cost = t.lastMile + t.freight;
  const margin = t.revenue - cost;
  return {
    key, label, parcels: t.parcels, revenue: usd(t.revenue), lastMileCost: usd(t.lastMile), freightCost: usd(t.freight), cost: usd(cost), margin: usd(margin),
    marginPerParcel: t.parcels > 0 ? usd(margin / t.parcels) : 0, marginRate: ratio(margin, t.revenue),
  };
};

export async function purchaseReport(db: Db, q: ReportQuery & { by: PurchaseBy }, scope: ReportScope) {
  const src = source(q, scope, { dim: q.by, facts: ['order'] });
  const [rows, points] = await Promise.all([
    rowsOf<Record<string, string>>(db, sql`
      select ${src.key} as key, sum(orders) as parcels, sum(paid_cents - refund_cents) as revenue, sum(cost_cents) as last_mile, sum(freight_cents) as freight
      from ${src.table} where ${src.cond} group by 1`),
    rowsOf<Record<string, string>>(db, sql`
      select ${periodSql(q.groupBy, scope.timeZone)} as period, sum(paid_cents - refund_cents) as revenue, sum(cost_cents + freight_cents) as cost
      from ${src.table} where ${src.cond} group by 1`),
  ]);
  const total: PurchaseSums = { parcels: 0, revenue: 0, lastMile: 0, freight: 0 };
  const table = rows
    .map((r) => {
      const t = { parcels: num(r.parcels), revenue: num(r.revenue), lastMile: num(r.last_mile), freight: num(r.freight) };
      total.parcels += t.parcels; total.revenue += t.revenue; total.lastMile += t.lastMile; total.freight += t.freight;
      return purchaseRow(r.key!, r.key!, t);
    })
    .sort((a, b) => b.margin - a.margin || a.key.localeCompare(b.key));
  const { key: _k, label: _l, ...totals } = purchaseRow('', '', total);
  const series = fill(periodsOf(q.startDate, q.endDate, q.groupBy), ['revenue', 'cost', 'margin'], points.flatMap((p) => [
    { period: p.period!, key: 'revenue', value: usd(num(p.revenue)) },
    { period: p.period!, key: 'cost', value: usd(num(p.cost)) },
    { period: p.period!, key: 'margin', value: usd(num(p.revenue) - num(p.cost)) },
  ]));
  return { series, rows: table, totals };
}
