import { eq } from 'drizzle-orm';
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
