import { eq } from 'drizzle-orm';
import { fromCents } from '@exship/domain';
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
  // Credit remaining: the line minus what the balance has dipped below zero.
  const usedCredit = Math.max(0, -w.balanceCents);
  return {
    balance: fromCents(w.balanceCents),
    unPaid: fromCents(w.unpaidCents),
    autoPay: w.autoPay,
    credit:
      w.creditLimitCents > 0
        ? { limit: fromCents(w.creditLimitCents), remaining: fromCents(w.creditLimitCents - usedCredit), isBlocked: w.creditBlocked }
        : null,
  };
}

export async function setAutoPay(db: Db, accountId: string, autoPay: boolean): Promise<void> {
  await openWallet(db, accountId);
  await db.update(wallets).set({ autoPay, updatedAt: new Date() }).where(eq(wallets.accountId, accountId));
}
