import { and, asc, count, desc, eq, gte, ilike, lte, or, sql, type SQL } from 'drizzle-orm';
import type { OrderListQuery } from '@exship/contracts';
import { isAutoCancelDue, isDimensionTimeoutDue, isRefundDue, ORDER_WINDOWS, type OrderState } from '@exship/domain';
import type { Db } from '../../platform/db';
import { likePattern } from '../../platform/crud';
import { orders } from './orders.tables';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;

type Filters = Omit<OrderListQuery, 'page' | 'pageSize' | 'sort'> & { sort?: OrderListQuery['sort'] };

const DAY_MS = 86_400_000;

/**
 * The list's conditions except the status tab. A seller's keyword matches inside the order name (the
 * account index bounds the scan); across every account (staff) it matches the start of the name, so
 * the name index serves it. exOrderId and tracking number match exactly, case-insensitively.
 */
function conditions(accountId: string | undefined, q: Filters): (SQL | undefined)[] {
  const keyword = q.keyword?.trim();
  return [
    accountId ? eq(orders.accountId, accountId) : undefined,
    q.paymentStatus && q.paymentStatus !== 'all' ? eq(orders.paymentStatus, q.paymentStatus) : undefined,
    q.serviceCode ? eq(orders.serviceCode, q.serviceCode.toUpperCase()) : undefined,
    q.carrierCode ? eq(orders.carrierCode, q.carrierCode.toUpperCase()) : undefined,
    q.dateFrom ? gte(orders.createdAt, new Date(q.dateFrom)) : undefined,
    q.dateTo ? lte(orders.createdAt, new Date(q.dateTo)) : undefined,
    keyword
      ? or(
          accountId ? ilike(orders.orderName, likePattern(keyword)) : ilike(orders.orderName, `${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`),
          eq(orders.exOrderId, keyword.toUpperCase()),
          eq(orders.trackingNumber, keyword),
        )
      : undefined,
  ];
}

const orderBy = (sort: OrderListQuery['sort'] = 'createdAt:desc') => {
  const [field, dir] = sort.split(':') as ['createdAt' | 'totalPrice', 'asc' | 'desc'];
  const column = field === 'totalPrice' ? orders.totalCents : orders.createdAt;
  return dir === 'asc' ? [asc(column), asc(orders.id)] : [desc(column), desc(orders.id)];
};

/** One page, its total, and the count per status under the other filters (the tabs). */
export async function listOrders(db: Db, accountId: string | undefined, q: OrderListQuery) {
  const base = conditions(accountId, q);
  const where = and(...base, q.status !== 'all' ? eq(orders.status, q.status) : undefined);
  const rows = await db
    .select()
    .from(orders)
    .where(where)
    .orderBy(...orderBy(q.sort))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  const grouped = await db
    .select({ status: orders.status, n: count() })
    .from(orders)
    .where(and(...base))
    .groupBy(orders.status);
  const counts: Record<string, number> = { all: 0 };
  for (const g of grouped) {
    counts[g.status] = Number(g.n);
    counts.all! += Number(g.n);
  }
  const total = q.status === 'all' ? counts.all! : (counts[q.status] ?? 0);
  return { rows, total, counts };
}

/** The filtered orders for an export, newest first, at most `limit`. */
export async function exportOrders(db: Db, accountId: string | undefined, q: Filters, limit: number): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(and(...conditions(accountId, q), q.status && q.status !== 'all' ? eq(orders.status, q.status) : undefined))
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


