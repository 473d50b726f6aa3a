import { asc, eq, getTableName, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { creditSummary, fromCents, isCreditOverdue } from '@exship/domain';
import type { Db } from '../../platform/db';
import { wallets } from './wallet.tables';

export interface WalletSummary {
  balance: number;
  unPaid: number;
  autoPay: boolean;
  credit: { limit: number; remaining: number; isBlocked: boolean } | null;
}

/** Creates the account's wallet at zero; a no-op when it exists. */
export async function openWallet(db: Db, accountId: string): Promise<void> {
  await db.insert(wallets).values({ accountId }).onConflictDoNothing();
}

/**
 * Locks the accounts' wallet rows (made when missing), in ascending account order, for the rest of
 * the transaction. Every money path takes it before the discount uses, the ledger and the orders'
 * status counters of those accounts: the lock order of platform/db.ts.
 */
export async function lockWallets(tx: Db, accountIds: Iterable<string>): Promise<void> {
  const ids = [...new Set(accountIds)].sort();
  if (ids.length === 0) return;
  await tx
    .insert(wallets)
    .values(ids.map((accountId) => ({ accountId })))
    .onConflictDoNothing();
  await tx.select({ accountId: wallets.accountId }).from(wallets).where(inArray(wallets.accountId, ids)).orderBy(asc(wallets.accountId)).for('update');
}

export async function getWalletSummary(db: Db, accountId: string): Promise<WalletSummary> {
  const [w] = await db.select().from(wallets).where(eq(wallets.accountId, accountId));
  return summarizeWallet(w ?? null);
}

/** What the summary reads of a wallet row. */
interface WalletFigures {
  balanceCents: number;
  unpaidCents: number;
  creditLimitCents: number;
  creditBlocked: boolean;
  autoPay: boolean;
  creditDueAt: Date | null;
}

function summarizeWallet(w: WalletFigures | null): WalletSummary {
  if (!w) return { balance: 0, unPaid: 0, autoPay: false, credit: null };
  // Credit owed past its due date cannot pay, even before the overdue job has locked it: shown as blocked.
  const credit = creditSummary({ ...w, creditBlocked: w.creditBlocked || isCreditOverdue(w, new Date()) });
  return {
    balance: fromCents(w.balanceCents),
    unPaid: fromCents(w.unpaidCents),
    autoPay: w.autoPay,
    credit: credit && { limit: fromCents(credit.limitCents), remaining: fromCents(credit.remainingCents), isBlocked: credit.isBlocked },
  };
}

/** The wallet figures of an account as one JSON value (null without a wallet), read by a subquery. */
export type WalletSummaryJson = SQL<Omit<WalletFigures, 'creditDueAt'> & { creditDueAt: string | null } | string | null>;

/**
 * A subquery selecting the summary figures of the wallet of `accountId` (a column of the caller's
 * query), so a caller reads its row and the wallet in one statement; `walletSummaryOf` turns the
 * value into the summary.
 */
export function walletSummaryJson(accountId: AnyPgColumn): WalletSummaryJson {
  // Names written out in full: drizzle leaves columns unqualified in a one-table select, and an
  // unqualified account_id inside the subquery would be the wallet's own.
  const w = (column: AnyPgColumn) => sql`${sql.identifier('w')}.${sql.identifier(column.name)}`;
  const outer = sql`${sql.identifier(getTableName(accountId.table))}.${sql.identifier(accountId.name)}`;
  return sql`(select json_build_object('balanceCents', ${w(wallets.balanceCents)}, 'unpaidCents', ${w(wallets.unpaidCents)}, 'creditLimitCents', ${w(wallets.creditLimitCents)}, 'creditBlocked', ${w(wallets.creditBlocked)}, 'autoPay', ${w(wallets.autoPay)}, 'creditDueAt', ${w(wallets.creditDueAt)}) from ${wallets} as ${sql.identifier('w')} where ${w(wallets.accountId)} = ${outer})`;
}

export function walletSummaryOf(value: WalletSummaryJson['_']['type']): WalletSummary {
  // PGlite hands json over as text, node-postgres parsed.
  const w = typeof value === 'string' ? (JSON.parse(value) as Exclude<typeof value, string>) : value;
  return summarizeWallet(w && { ...w, balanceCents: Number(w.balanceCents), unpaidCents: Number(w.unpaidCents), creditLimitCents: Number(w.creditLimitCents), creditDueAt: w.creditDueAt ? new Date(w.creditDueAt) : null });
}

export async function setAutoPay(db: Db, accountId: string, autoPay: boolean): Promise<void> {
  await openWallet(db, accountId);
  await db.update(wallets).set({ autoPay, updatedAt: new Date() }).where(eq(wallets.accountId, accountId));
}

/**
 * The unpaid amount the header shows (SPEC §2), set by the orders module in the transaction that
 * changed what an account owes. It is a figure for display, not money: no ledger entry.
 */
export async function setUnpaidCents(tx: Db, owed: ReadonlyMap<string, number>): Promise<void> {
  for (const [accountId, cents] of [...owed].sort(([a], [b]) => (a < b ? -1 : 1))) {
    await tx
      .insert(wallets)
      .values({ accountId, unpaidCents: cents })
      .onConflictDoUpdate({ target: wallets.accountId, set: { unpaidCents: cents }, setWhere: sql`${wallets.unpaidCents} <> ${cents}` });
  }
}
