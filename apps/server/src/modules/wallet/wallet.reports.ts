import { and, asc, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { transactionOrders, walletTransactions } from './wallet.tables';

// Read side of the ledger for the transaction list and exports, the transaction-orders list and
// the invoices. Scoping (which account) is decided by the caller through platform/access.ts.

export interface TransactionFilter {
  /** undefined = every account (staff). */
  accountId?: string;
  type?: string;
  result?: string;
  /** Inclusive instant. */
  from?: Date;
  /** Exclusive instant. */
  to?: Date;
}

function transactionWhere(f: TransactionFilter): SQL | undefined {
  return and(
    f.accountId ? eq(walletTransactions.accountId, f.accountId) : undefined,
    f.type && f.type !== 'all' ? eq(walletTransactions.type, f.type) : undefined,
    f.result && f.result !== 'all' ? eq(walletTransactions.result, f.result) : undefined,
    f.from ? gte(walletTransactions.createdAt, f.from) : undefined,
    f.to ? lt(walletTransactions.createdAt, f.to) : undefined,
  );
}

/** Transactions for an export, newest first, at most `limit`. */
export async function transactionRows(db: Db, f: TransactionFilter, limit: number) {
  return db.select().from(walletTransactions).where(transactionWhere(f)).orderBy(desc(walletTransactions.createdAt), desc(walletTransactions.id)).limit(limit);
}

export interface TransactionOrderFilter extends TransactionFilter {
  orderIds?: string[];
  transactionId?: string;
}

/** The orders each transaction paid or refunded, with the transaction's fields; a page and the total. */
export async function transactionOrderRows(db: Db, f: TransactionOrderFilter, page: { limit: number; offset: number }) {
  const where = and(
    transactionWhere(f),
    f.orderIds ? (f.orderIds.length === 0 ? sql`false` : inArray(transactionOrders.orderId, f.orderIds)) : undefined,
    f.transactionId ? eq(transactionOrders.transactionId, f.transactionId) : undefined,
  );
  const base = db.select({ n: sql<number>`count(*)::int` }).from(transactionOrders).innerJoin(walletTransactions, eq(walletTransactions.id, transactionOrders.transactionId));
  const [count] = await base.where(where);
  const rows = await db
    .select({
      transactionId: transactionOrders.transactionId,
      orderId: transactionOrders.orderId,
      kind: transactionOrders.kind,
      amountCents: transactionOrders.amountCents,
      accountId: walletTransactions.accountId,
      type: walletTransactions.type,
      result: walletTransactions.result,
      gateway: walletTransactions.gateway,
      balanceAfterCents: walletTransactions.balanceAfterCents,
      createdAt: walletTransactions.createdAt,
    })
    .from(transactionOrders)
    .innerJoin(walletTransactions, eq(walletTransactions.id, transactionOrders.transactionId))
    .where(where)
    .orderBy(desc(walletTransactions.createdAt), asc(transactionOrders.orderId), asc(transactionOrders.kind))
    .limit(page.limit)
    .offset(page.offset);
  return { rows, total: Number(count?.n ?? 0) };
}

/**
 * The successful order payments (order prices and surcharges) of [from, to), for the invoices: each
 * with the transaction, and whether it was paid on credit (the balance after it below zero).
 */
export async function orderPaymentsBetween(db: Db, from: Date, to: Date, accountIds?: string[]) {
  return db
    .select({
      transactionId: transactionOrders.transactionId,
      orderId: transactionOrders.orderId,
      kind: transactionOrders.kind,
      amountCents: transactionOrders.amountCents,
      accountId: walletTransactions.accountId,
      balanceAfterCents: walletTransactions.balanceAfterCents,
      paidAt: walletTransactions.createdAt,
    })
    .from(transactionOrders)
    .innerJoin(walletTransactions, eq(walletTransactions.id, transactionOrders.transactionId))
    .where(
      and(
        eq(walletTransactions.type, 'payment'),
        eq(walletTransactions.result, 'success'),
        inArray(transactionOrders.kind, ['order', 'surcharge']),
        gte(walletTransactions.createdAt, from),
        lt(walletTransactions.createdAt, to),
        accountIds ? inArray(walletTransactions.accountId, accountIds) : undefined,
      ),
    )
    .orderBy(asc(walletTransactions.accountId), asc(walletTransactions.createdAt), asc(transactionOrders.orderId));
}
