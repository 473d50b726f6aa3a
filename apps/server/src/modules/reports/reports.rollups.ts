import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';

// Keeping report_rollups equal to the source rows (docs/reports.md "Rollups"). The unit of work is
// one account's UTC day: its rows are deleted and computed again from the money and parcel facts
// of that day, in the caller's transaction. Events name an order (or an account and an instant);
// refreshOrder finds every day the order has a fact on and rebuilds those.

const DAY_MS = 86_400_000;
export const utcDay = (at: Date): Date => new Date(Math.floor(at.getTime() / DAY_MS) * DAY_MS);

/**
 * Every fact row of [from, to), optionally of one account: the SQL both the rollup and the tests'
 * recomputation read. Columns: the rollup's keys and measures, one row per fact.
 */
export const factsSql = (from: Date, to: Date, accountId: string | null) => {
  const acct = (col: string) => (accountId === null ? sql`true` : sql`${sql.raw(col)} = ${accountId}::uuid`);
  const bin = (col: string) => sql.raw(`date_bin('15 minutes', ${col}, timestamptz '2000-01-01 00:00:00+00')`);
  return sql`
    select ${bin('t.created_at')} as bucket, o.account_id, o.service_code, coalesce(o.carrier_code, '') as carrier_code,
      coalesce(o.warehouse_code, '') as warehouse_code, o.payment_method as method, o.country,
      (l.kind = 'order')::int as orders,
      case when l.kind = 'order' then round(o.chargeable_weight_gr)::bigint else 0 end as weight_gr,
      case when l.kind = 'order' then o.shipping_fee_cents else 0 end as shipping_cents,
      case when l.kind = 'order' then o.seasonal_fee_cents + o.over_length_fee_cents + o.signature_fee_cents else 0 end as fees_cents,
      case when l.kind = 'order' then o.tax_fee_cents else 0 end as tax_cents,
      case when l.kind = 'order' then o.discount_cents else 0 end as discount_cents,
      case when l.kind = 'order' then l.amount_cents - (o.shipping_fee_cents + o.seasonal_fee_cents + o.over_length_fee_cents + o.signature_fee_cents + o.tax_fee_cents - o.discount_cents)
           when l.kind = 'surcharge' then l.amount_cents else 0 end as surcharge_cents,
      case when l.kind = 'refund' then l.amount_cents else 0 end as refund_cents,
      (l.kind <> 'refund')::int as payments,
      case when l.kind <> 'refund' then l.amount_cents else 0 end as paid_cents,
      0 as top_ups, 0::bigint as top_up_cents,
      case when l.kind = 'order' then o.cost_cents else 0 end as cost_cents,
      case when l.kind = 'order' then coalesce(f.cents, 0) else 0 end as freight_cents,
      0 as label_failures, 0 as delivered, 0 as on_time, 0 as late, 0 as lost
    from transaction_orders l
    join wallet_transactions t on t.id = l.transaction_id
    join orders o on o.id = l.order_id
    left join freight_parcel_costs f on f.order_id = o.id
    where t.result = 'success' and t.created_at >= ${from} and t.created_at < ${to} and ${acct('t.account_id')}
    union all
    select ${bin('t.created_at')}, t.account_id, '', '', '', 'top-up', '',
      0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, t.amount_cents, 0, 0, 0, 0, 0, 0, 0
    from wallet_transactions t
    where t.type = 'top_up' and t.result = 'success' and t.created_at >= ${from} and t.created_at < ${to} and ${acct('t.account_id')}
    union all
    select ${bin('p.created_at')}, o.account_id, o.service_code, p.carrier_code, coalesce(o.warehouse_code, ''), '', o.country,
      0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0
    from label_purchases p join orders o on o.id = p.order_id
    where p.status = 'failed' and p.created_at >= ${from} and p.created_at < ${to} and ${acct('p.account_id')}
    union all
    select ${bin('e.at')}, o.account_id, o.service_code, k.carrier_code, coalesce(o.warehouse_code, ''), '', o.country,
      0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
      (e.what = 'delivered')::int, (e.what = 'delivered' and k.late_at is null)::int, (e.what = 'late')::int, (e.what = 'lost')::int
    from trackers k
    cross join lateral (values ('delivered', k.delivered_at), ('late', k.late_at), ('lost', k.lost_at)) as e(what, at)
    join orders o on o.id = k.order_id
    where e.at >= ${from} and e.at < ${to} and ${acct('k.account_id')}`;
};

const MEASURES = [
  'orders', 'weight_gr', 'shipping_cents', 'fees_cents', 'tax_cents', 'discount_cents', 'surcharge_cents', 'refund_cents', 'payments', 'paid_cents',
  'top_ups', 'top_up_cents', 'cost_cents', 'freight_cents', 'label_failures', 'delivered', 'on_time', 'late', 'lost',
] as const;
export const ROLLUP_MEASURES = MEASURES;
const KEYS = 'bucket, account_id, service_code, carrier_code, warehouse_code, method, country';

/** The kind of fact a rollup row holds, from its method: the totals' `fact` (docs/reports.md "Fast at scale"). */
const FACT_OF = (col: string) => `case ${col} when '' then 'parcel' when 'top-up' then 'top-up' else 'order' end`;
export const TOTAL_DIMS = ['method', 'service', 'carrier', 'warehouse', 'lane'] as const;
export type TotalDim = (typeof TOTAL_DIMS)[number];
/**
 * Each dimension is kept at two grains: the quarter hour (`dim`), which any zone can cut, and the
 * hour (`dim:h`, a quarter of the rows), which a zone a whole number of hours from UTC reads.
 */
export const HOURLY = ':h';
export const TOTAL_DIM_NAMES = TOTAL_DIMS.flatMap((d) => [d, `${d}${HOURLY}`]);
const GRAINS = `('', r.bucket), ('${HOURLY}', date_bin('1 hour', r.bucket, timestamptz '2000-01-01 00:00:00+00'))`;
/** The account-free dimensions and their value in a rollup row `r`. */
const DIMS = `('method', r.method), ('service', r.service_code), ('carrier', r.carrier_code), ('warehouse', r.warehouse_code), ('lane', r.warehouse_code || ' → ' || r.country)`;

/** Adds (sign 1) or subtracts (sign -1) the rollup rows of the CTE `rows` to report_totals, in key order. */
const totalsDelta = (rows: string, sign: 1 | -1) =>
  sql.raw(`insert into report_totals (dim, bucket, key, fact, rollup_rows, ${MEASURES.join(', ')})
    select d.dim || g.suffix, g.bucket, d.key, ${FACT_OF('r.method')}, ${sign} * count(*), ${MEASURES.map((m) => `${sign} * sum(r.${m})`).join(', ')}
    from ${rows} r cross join lateral (values ${DIMS}) as d(dim, key) cross join lateral (values ${GRAINS}) as g(suffix, bucket)
    group by 1, 2, 3, 4 order by 1, 2, 3, 4
    on conflict (dim, bucket, key, fact) do update set rollup_rows = report_totals.rollup_rows + excluded.rollup_rows,
      ${MEASURES.map((m) => `${m} = report_totals.${m} + excluded.${m}`).join(', ')}`);

/** A lock per UTC day (two-key advisory space) so two rebuilds of one day never interleave their totals. */
const DAY_LOCK = sql`hashtext('report_rollups')`;

/**
 * Rebuilds [from, to) (whole UTC days) of one account, or of every account when accountId is null:
 * the rollup rows, the account-free totals (the rows deleted subtracted, the rows written added) and
 * the accounts' days, in the caller's transaction.
 */
export async function rebuildRange(tx: Db, from: Date, to: Date, accountId: string | null): Promise<number> {
  const acct = accountId === null ? sql`true` : sql`account_id = ${accountId}::uuid`;
  await tx.execute(sql`select pg_advisory_xact_lock(${DAY_LOCK}, d) from generate_series(${Math.floor(from.getTime() / DAY_MS)}::int, ${Math.ceil(to.getTime() / DAY_MS) - 1}::int) d`);
  await tx.execute(sql`with old as (delete from report_rollups where bucket >= ${from} and bucket < ${to} and ${acct} returning *) ${totalsDelta('old', -1)}`);
  const res = (await tx.execute(sql`
    with new as (
      insert into report_rollups (${sql.raw(KEYS)}, ${sql.raw(MEASURES.join(', '))})
      select ${sql.raw(KEYS)}, ${sql.raw(MEASURES.map((m) => `sum(${m})::bigint`).join(', '))}
      from (${factsSql(from, to, accountId)}) x
      group by ${sql.raw(KEYS)}
      returning *),
    totals as (${totalsDelta('new', 1)})
    select count(*)::int as n from new`)) as unknown as { rows: { n: number }[] };
  await tx.execute(sql`delete from report_totals where dim in (${sql.raw(TOTAL_DIM_NAMES.map((d) => `'${d}'`).join(', '))}) and bucket >= ${from} and bucket < ${to} and rollup_rows = 0`);
  await tx.execute(sql`delete from report_account_days where day >= ${from} and day < ${to} and ${acct}`);
  await tx.execute(sql`
    insert into report_account_days (day, account_id, orders, paid_cents, refund_cents)
    select date_bin('1 day', bucket, timestamptz '2000-01-01 00:00:00+00'), account_id, sum(orders), sum(paid_cents), sum(refund_cents)
    from report_rollups where bucket >= ${from} and bucket < ${to} and ${acct} and method not in ('', 'top-up')
    group by 1, 2`);
  return Number(res.rows[0]?.n ?? 0);
}

/** Rebuilds the given UTC days of one account. */
export async function refreshAccountDays(tx: Db, accountId: string, days: readonly Date[]): Promise<void> {
  const unique = [...new Set(days.map((d) => utcDay(d).getTime()))].sort((a, b) => a - b);
  for (const d of unique) await rebuildRange(tx, new Date(d), new Date(d + DAY_MS), accountId);
}

/** Every UTC day an order has a fact on (payments, refunds, failed labels, parcel outcomes), rebuilt for its account. */
export async function refreshOrder(tx: Db, orderId: string, extra: readonly Date[] = []): Promise<void> {
  const rows = (
    (await tx.execute(sql`
      select o.account_id, d.day
      from orders o
      left join lateral (
        select distinct floor(extract(epoch from x.at) / 86400)::int as day from (
          select t.created_at as at from transaction_orders l join wallet_transactions t on t.id = l.transaction_id where l.order_id = o.id
          union all select p.created_at from label_purchases p where p.order_id = o.id and p.status = 'failed'
          union all select y from trackers k, unnest(array[k.delivered_at, k.late_at, k.lost_at]) as y where k.order_id = o.id
        ) x where x.at is not null
      ) d on true
      where o.id = ${orderId}::uuid`)) as unknown as { rows: { account_id: string; day: number | null }[] }
  ).rows;
  if (rows.length === 0) return;
  const days = rows.filter((r) => r.day !== null).map((r) => new Date(Number(r.day) * DAY_MS));
  await refreshAccountDays(tx, rows[0]!.account_id, [...days, ...extra]);
}
