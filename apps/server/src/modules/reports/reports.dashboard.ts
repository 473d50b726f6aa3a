import { sql } from 'drizzle-orm';
import { ORDER_STATUSES, STAFF_QUEUES, type OrderStatus, type SellerDashboard, type StaffDashboard, type StaffQueueKey } from '@exship/contracts';
import { offsetMinutes } from '@exship/domain';
import type { Db } from '../../platform/db';
import { usd } from './reports.queries';
import { HOURLY } from './reports.rollups';

// The dashboards (docs/reports.md "Dashboards"): each count is one indexed query, and each carries
// the filtered list it opens. KPIs read the account-free totals (one dimension: every fact once) for
// the last 14 local days.

const rowsOf = async <T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
const num = (v: unknown): number => Number(v ?? 0);

/** Midnight (as an instant) of the local day `daysBack` before today in `tz`, and that day's date. */
export function localMidnight(now: Date, tz: string, daysBack = 0): { at: Date; day: string } {
  const shift = offsetMinutes(tz) * 60_000;
  const localDay = Math.floor((now.getTime() + shift) / 86_400_000) - daysBack;
  return { at: new Date(localDay * 86_400_000 - shift), day: new Date(localDay * 86_400_000).toISOString().slice(0, 10) };
}

const orders = (query: Record<string, string>) => ({ path: '/app/orders', query });

export async function sellerDashboard(db: Db, accountId: string, tz: string, now: Date): Promise<SellerDashboard> {
  const today = localMidnight(now, tz);
  const weekday = (new Date(`${today.day}T00:00:00Z`).getUTCDay() + 6) % 7;
  const monday = localMidnight(now, tz, weekday).at;
  const [wallet, week, counts, exceptions, recent] = await Promise.all([
    rowsOf<{ balance: string; unpaid: string; limit: string; blocked: boolean }>(db, sql`
      select balance_cents as balance, unpaid_cents as unpaid, credit_limit_cents as limit, credit_blocked as blocked from wallets where account_id = ${accountId}::uuid`),
    rowsOf<{ status: OrderStatus; n: string }>(db, sql`
      select status, count(*) as n from orders where account_id = ${accountId}::uuid and created_at >= ${monday} group by 1`),
    rowsOf<{ status: string; n: string }>(db, sql`
      select status, n from order_status_counts where account_id = ${accountId}::uuid and status in ('error-dimension', 'label error', 'shipped')
      union all select 'surcharge-unpaid', count(*) from orders where account_id = ${accountId}::uuid and payment_status = 'surcharge-unpaid' and status <> 'canceled'`),
    rowsOf<{ n: string }>(db, sql`
      select count(*) as n from trackers where account_id = ${accountId}::uuid and delivered_at is null and (lost_at is not null or late_at is not null or routing_status in ('undelivered', 'expired'))`),
    rowsOf<{ id: string; ex_order_id: string; order_name: string; status: OrderStatus; total_cents: string; created_at: string | Date }>(db, sql`
      select id, ex_order_id, order_name, status, total_cents, created_at from orders where account_id = ${accountId}::uuid order by created_at desc, id desc limit 5`),
  ]);
  const w = wallet[0];
  const balance = num(w?.balance);
  const limit = num(w?.limit);
  const blocked = w?.blocked ?? false;
  const count = (s: string) => num(counts.find((c) => c.status === s)?.n);
  const byStatus = new Map(week.map((r) => [r.status, num(r.n)]));
  return {
    timeZone: tz,
    wallet: { balance: usd(balance), unpaid: usd(num(w?.unpaid)), creditLimit: usd(limit), creditLeft: limit > 0 && !blocked ? usd(limit - Math.max(0, -balance)) : null, creditBlocked: blocked },
    weekByStatus: ORDER_STATUSES.filter((s) => byStatus.has(s)).map((status) => ({ status, count: byStatus.get(status)! })),
    needsAction: [
      { key: 'error-dimension', count: count('error-dimension'), link: orders({ status: 'error-dimension' }) },
      { key: 'label-error', count: count('label error'), link: orders({ status: 'label error' }) },
      { key: 'surcharge-unpaid', count: count('surcharge-unpaid'), link: orders({ paymentStatus: 'surcharge-unpaid' }) },
    ],
    inTransit: { count: count('shipped'), link: orders({ status: 'shipped' }) },
    exceptions: { count: num(exceptions[0]?.n), link: { path: '/app/track-routing', query: {} } },
    recentOrders: recent.map((r) => ({ _id: r.id, exOrderId: r.ex_order_id, orderName: r.order_name, status: r.status, total: usd(num(r.total_cents)), createdAt: new Date(r.created_at).toISOString() })),
  };
}

// Dead jobs: every job that failed after its last retry leaves a copy in the dead-letter queue,
// which nothing consumes; counting that one partition keeps the planner off pg-boss's other queues.
const QUEUE_SQL: Record<StaffQueueKey, (now: Date) => ReturnType<typeof sql>> = {
  'top-ups': () => sql`select count(*) from top_up_requests where status = 'pending'`,
  'products-approval': () => sql`select count(*) from products where approval_status = 'waiting_approval'`,
  'label-errors': () => sql`select coalesce(sum(n), 0) from order_status_counts where status = 'label error'`,
  'dimension-errors': () => sql`select coalesce(sum(n), 0) from order_status_counts where status = 'error-dimension'`,
  'lost-late': () => sql`select count(*) from trackers where active and delivered_at is null and (lost_at is not null or late_at is not null)`,
  // What the ticket list's overdue tab shows (status overdue, set by the overdue job when a target is
  // missed); the oldest one's day opens the list's date range, which otherwise starts 30 days back.
  'overdue-tickets': () => sql`select count(*), min(created_at) as oldest from tickets where type <> 'claim' and status = 'overdue'`,
  'overdue-claims': () => sql`select count(*), min(created_at) as oldest from tickets where type = 'claim' and status = 'overdue'`,
  'credit-overdue': (now) => sql`select count(*) from wallets where credit_limit_cents > 0 and balance_cents < 0 and credit_due_at < ${now}`,
  'dead-jobs': () => sql`select case when to_regclass('pgboss.job') is null then 0 else (select count(*) from pgboss.job where name = 'dead-letter' and state = 'created') end`,
};

const QUEUE_LINKS: Record<StaffQueueKey, { path: string; query: Record<string, string> }> = {
  'top-ups': { path: '/app/billing', query: { tab: 'top-ups', status: 'pending' } },
  'products-approval': { path: '/app/products', query: { approvalStatus: 'waiting_approval' } },
  'label-errors': orders({ status: 'label error' }),
  'dimension-errors': orders({ status: 'error-dimension' }),
  'lost-late': { path: '/app/track-routing', query: { tab: 'flagged', flag: 'lost-late' } },
  'overdue-tickets': { path: '/app/ticket', query: { tab: 'overdue' } },
  'overdue-claims': { path: '/app/ticket', query: { tab: 'overdue', subject: 'claim' } },
  'credit-overdue': { path: '/app/billing', query: { tab: 'credit', overdue: 'true' } },
  'dead-jobs': { path: '/app/setting-user/cronjob', query: { state: 'failed' } },
};

/** KPI series: the last 14 local days from the rollups. */
async function kpis(db: Db, tz: string, now: Date, permissions: ReadonlySet<string>): Promise<StaffDashboard['kpis']> {
  if (!permissions.has('EX-REPORT-REVENUE')) return null;
  const start = localMidnight(now, tz, 13);
  const rows = await rowsOf<Record<string, string>>(db, sql`
    select to_char((bucket at time zone 'UTC') + ${offsetMinutes(tz)} * interval '1 minute', 'YYYY-MM-DD') as day, sum(orders) as orders,
      sum(paid_cents - refund_cents) as revenue, sum(cost_cents + freight_cents) as cost, sum(delivered) as delivered, sum(on_time) as on_time
    from report_totals where dim = ${offsetMinutes(tz) % 60 === 0 ? `method${HOURLY}` : 'method'} and bucket >= ${start.at} and bucket < ${new Date(now.getTime() + 86_400_000)} group by 1`);
  const days = Array.from({ length: 14 }, (_, i) => localMidnight(now, tz, 13 - i).day);
  const by = new Map(rows.map((r) => [r.day!, r]));
  const kpi = (value: (r: Record<string, string> | undefined) => number | null) => {
    const sparkline = days.map((day) => ({ day, value: value(by.get(day)) ?? 0 }));
    const last7 = sparkline.slice(6, 13);
    return { today: sparkline[13]!.value, last7DaysAverage: Math.round((last7.reduce((n, p) => n + p.value, 0) / 7) * 100) / 100, sparkline };
  };
  return {
    orders: kpi((r) => num(r?.orders)),
    revenue: kpi((r) => usd(num(r?.revenue))),
    margin: permissions.has('EX-REPORT-PURCHASE') ? kpi((r) => usd(num(r?.revenue) - num(r?.cost))) : null,
    onTimeRate: permissions.has('EX-REPORT-CARRIERS') ? kpi((r) => (num(r?.delivered) > 0 ? Math.round((num(r?.on_time) / num(r?.delivered)) * 10_000) / 10_000 : null)) : null,
  };
}

export async function staffDashboard(db: Db, permissions: ReadonlySet<string>, tz: string, now: Date): Promise<StaffDashboard> {
  const mine = STAFF_QUEUES.filter((q) => permissions.has(q.permission));
  const [rows, k] = await Promise.all([Promise.all(mine.map(async (q) => (await rowsOf<Record<string, unknown>>(db, QUEUE_SQL[q.key](now)))[0] ?? {})), kpis(db, tz, now, permissions)]);
  return {
    timeZone: tz,
    queues: mine.map((q, i) => {
      const row = rows[i]!;
      const link = QUEUE_LINKS[q.key];
      // A list whose date range would leave out some of what is counted opens on the oldest one's (UTC) day.
      const oldest = row.oldest ? new Date(row.oldest as string | Date) : null;
      return { key: q.key, count: num(Object.values(row)[0]), link: oldest ? { path: link.path, query: { ...link.query, startDate: oldest.toISOString().slice(0, 10) } } : link };
    }),
    kpis: k,
  };
}
