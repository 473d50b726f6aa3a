import { asc, eq, inArray, sql } from 'drizzle-orm';
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
