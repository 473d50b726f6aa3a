import { and, asc, count, desc, eq, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { OrderListQuery } from '@exship/contracts';
import { isAutoCancelDue, isDimensionTimeoutDue, isRefundDue, ORDER_WINDOWS, type OrderState } from '@exship/domain';
import type { Db } from '../../platform/db';
import { dateRangeWhere, escapeLike, likePattern } from '../../platform/crud';
import { orderStatusCounts, orderSurcharges, orders } from './orders.tables';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;

type Filters = Omit<OrderListQuery, 'page' | 'pageSize' | 'sort'> & { sort?: OrderListQuery['sort'] };

const DAY_MS = 86_400_000;

/**
 * The list's conditions except the status tab. A seller's keyword matches inside the order name (the
 * trigram index within the account serves it); across every account (staff) it matches the start of the
 * name, case-insensitively (`lower(name) LIKE 'kw%'`, the prefix index). exOrderId matches exactly,
 * case-insensitively; the tracking number exactly, as `tracked`: the ids shipping found for the keyword
 * in the same scope (orders.labels.ts). docs/orders-list.md has the plans.
 */
function conditions(accountId: string | undefined, q: Filters, tracked: readonly string[]): (SQL | undefined)[] {
  const keyword = q.keyword?.trim();
  return [
    accountId ? eq(orders.accountId, accountId) : undefined,
    q.paymentStatus && q.paymentStatus !== 'all' ? eq(orders.paymentStatus, q.paymentStatus) : undefined,
    q.checkInStatus && q.checkInStatus !== 'all' ? eq(orders.checkInStatus, q.checkInStatus) : undefined,
    q.serviceCode ? eq(orders.serviceCode, q.serviceCode.toUpperCase()) : undefined,
    q.carrierCode ? eq(orders.carrierCode, q.carrierCode.toUpperCase()) : undefined,
    dateRangeWhere(orders.createdAt, q.dateFrom, q.dateTo),
    keyword
      ? or(
          accountId ? ilike(orders.orderName, likePattern(keyword)) : sql`lower(${orders.orderName}) like lower(${`${escapeLike(keyword)}%`})`,
          eq(orders.exOrderId, keyword.toUpperCase()),
          tracked.length > 0 ? inArray(orders.id, [...tracked]) : undefined,
        )
      : undefined,
  ];
}

const sortOf = (sort: OrderListQuery['sort'] = 'createdAt:desc') => {
  const [field, dir] = sort.split(':') as ['createdAt' | 'totalPrice', 'asc' | 'desc'];
  return { column: field === 'totalPrice' ? orders.totalCents : orders.createdAt, dir };
};

const orderBy = (sort: OrderListQuery['sort'] = 'createdAt:desc') => {
  const { column, dir } = sortOf(sort);
  return dir === 'asc' ? [asc(column), asc(orders.id)] : [desc(column), desc(orders.id)];
};

/**
 * The ids of one page, in list order. Without a keyword: the list index in order (index-only, however
 * deep the OFFSET). With one: the matches first, through the keyword's indexes, then sorted. The
 * `offset 0` keeps the planner from walking the date index instead and filtering row by row, which
 * reads most of the table when the matches are old ones (order names grow with time, which its row
 * estimate cannot see): a page then costs no more than counting the matches.
 */
function pageIds(db: Db, where: SQL | undefined, q: OrderListQuery): SQL {
  const offset = (q.page - 1) * q.pageSize;
  if (!q.keyword?.trim()) return sql`${db.select({ id: orders.id }).from(orders).where(where).orderBy(...orderBy(q.sort)).limit(q.pageSize).offset(offset)}`;
  const { column, dir } = sortOf(q.sort);
  const matches = db
    .select({ id: orders.id, key: sql`${column}`.as('sort_key') })
    .from(orders)
    .where(where);
  const d = sql.raw(dir === 'asc' ? 'asc' : 'desc');
  return sql`select m.id from (${matches} offset 0) m order by m.sort_key ${d}, m.id ${d} limit ${q.pageSize} offset ${offset}`;
}

/**
 * One page, its total, and the count per status under the other filters (the tabs). The page is
 * found as ids first (`pageIds`) and only its rows are read from the table. Without a filter beyond the account, the counts are the
 * stored ones (order_status_counts: one row per status for a seller, a sum over ~15 rows per account
 * for staff); with one, they are counted over the matching orders. Both are exact.
 */
export async function listOrders(db: Db, accountId: string | undefined, q: OrderListQuery, tracked: readonly string[]) {
  const base = conditions(accountId, q, tracked);
  const where = and(...base, q.status !== 'all' ? eq(orders.status, q.status) : undefined);
  const rows = await db
    .select()
    .from(orders)
    .where(sql`${orders.id} in (${pageIds(db, where, q)})`)
    .orderBy(...orderBy(q.sort));
  const filtered =
    Boolean(q.keyword?.trim()) || (q.paymentStatus !== undefined && q.paymentStatus !== 'all') || (q.checkInStatus !== undefined && q.checkInStatus !== 'all') || Boolean(q.serviceCode || q.carrierCode || q.dateFrom || q.dateTo);
  const grouped = filtered
    ? await db.select({ status: orders.status, n: count() }).from(orders).where(and(...base)).groupBy(orders.status)
    : await storedStatusCounts(db, accountId);
  const counts: Record<string, number> = { all: 0 };
  for (const g of grouped) {
    const n = Number(g.n);
    if (n <= 0) continue;
    counts[g.status] = n;
    counts.all! += n;
  }
  const total = q.status === 'all' ? counts.all! : (counts[q.status] ?? 0);
  return { rows, total, counts };
}

/** The stored count per status: one account's, or every account's summed (staff). */
async function storedStatusCounts(db: Db, accountId: string | undefined): Promise<{ status: string; n: number | string }[]> {
  if (accountId) return db.select({ status: orderStatusCounts.status, n: orderStatusCounts.n }).from(orderStatusCounts).where(eq(orderStatusCounts.accountId, accountId));
  return db
    .select({ status: orderStatusCounts.status, n: sql<string>`sum(${orderStatusCounts.n})` })
    .from(orderStatusCounts)
    .groupBy(orderStatusCounts.status);
}

/**
 * One order of `accountId` leaves status `from` (null: a new order) for `to`, in the caller's
 * transaction. One statement, its rows in status order, so two changes of one account lock the two
 * counters in the same order. Concurrent changes of one account wait for each other's commit here.
 */
export async function countStatusChange(tx: Db, accountId: string, from: string | null, to: string, orders = 1): Promise<void> {
  if (from === to || orders === 0) return;
  const deltas = [{ accountId, status: to, n: orders }];
  if (from !== null) deltas.push({ accountId, status: from, n: -orders });
  deltas.sort((a, b) => (a.status < b.status ? -1 : 1));
  await tx
    .insert(orderStatusCounts)
    .values(deltas)
    .onConflictDoUpdate({ target: [orderStatusCounts.accountId, orderStatusCounts.status], set: { n: sql`${orderStatusCounts.n} + excluded.n` } });
}

/**
 * Counts every account's orders per status again, from the orders (repair after rows were written
 * outside the service, e.g. a bulk load). Writers of the counters wait while it runs; readers do not.
 */
export async function rebuildStatusCounts(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`lock table ${orderStatusCounts} in exclusive mode`);
    await tx.delete(orderStatusCounts);
    await tx.execute(sql`insert into ${orderStatusCounts} (account_id, status, n) select account_id, status, count(*) from ${orders} group by account_id, status`);
  });
}

/** The filtered orders for an export, newest first, at most `limit`. */
export async function exportOrders(db: Db, accountId: string | undefined, q: Filters, limit: number, tracked: readonly string[]): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(and(...conditions(accountId, q, tracked), q.status && q.status !== 'all' ? eq(orders.status, q.status) : undefined))
    .orderBy(...orderBy(q.sort))
    .limit(limit);
}

export type SweepKind = 'autoCancel' | 'dimensionTimeout' | 'refundDue';

/** Ids of orders a sweep may be due for (the exact rule is re-checked per order under a lock). */
export async function dueOrders(db: Db, kind: SweepKind, now: Date, limit: number): Promise<string[]> {
  const where =
    kind === 'autoCancel'
      ? and(eq(orders.status, 'labeled'), sql`${orders.checkInStatus} is null`, lte(orders.labeledAt, new Date(now.getTime() - ORDER_WINDOWS.autoCancelDays * DAY_MS)))
      : kind === 'dimensionTimeout'
        ? and(eq(orders.status, 'error-dimension'), lte(orders.dimensionFlaggedAt, new Date(now.getTime() - ORDER_WINDOWS.dimensionConfirmDays * DAY_MS)))
        : and(eq(orders.paymentStatus, 'waiting-refund'), lte(orders.refundDueAt, now));
  const rows = await db.select({ id: orders.id }).from(orders).where(where).orderBy(asc(orders.createdAt)).limit(limit);
  return rows.map((r) => r.id);
}

export function isDue(kind: SweepKind, o: OrderState, now: Date): boolean {
  return kind === 'autoCancel' ? isAutoCancelDue(o, now) : kind === 'dimensionTimeout' ? isDimensionTimeoutDue(o, now) : isRefundDue(o, now);
}



/**
 * What each account owes for its orders now, in cents: the price of every live unpaid order and the
 * unpaid surcharges of paid ones (a surcharge on an unpaid order is already in its price). One query.
 */
export async function unpaidCents(tx: Db, accountIds: readonly string[]): Promise<Map<string, number>> {
  const out = new Map(accountIds.map((a) => [a, 0]));
  if (accountIds.length === 0) return out;
  const ids = sql.join(accountIds.map((a) => sql`${a}::uuid`), sql`, `);
  const { rows } = (await tx.execute(sql`
    select account_id, sum(cents)::bigint as cents from (
      select account_id, total_cents as cents from ${orders}
       where account_id in (${ids}) and payment_status = 'unpaid' and status <> 'canceled'
      union all
      select s.account_id, s.amount_cents from ${orderSurcharges} s join ${orders} o on o.id = s.order_id
       where s.account_id in (${ids}) and s.paid_at is null and o.payment_status = 'surcharge-unpaid' and o.status <> 'canceled'
    ) owed group by account_id`)) as unknown as { rows: { account_id: string; cents: string }[] };
  for (const r of rows) out.set(r.account_id, Number(r.cents));
  return out;
}
