import type { Cents } from './money';

// Wallet credit arithmetic (SPEC §3 wallet and credit; money-and-security.md): a wallet may go
// below zero down to its credit line, never further. All amounts in cents.
export interface CreditState {
  balanceCents: Cents;
  creditLimitCents: Cents;
  creditBlocked: boolean;
}

/** The part of the credit line in use: how far the balance is below zero. */
export function usedCredit(balanceCents: Cents): Cents {
  return Math.max(0, -balanceCents);
}

/** The credit line minus what is in use (never below 0). */
export function creditRemaining(w: Pick<CreditState, 'balanceCents' | 'creditLimitCents'>): Cents {
  return Math.max(0, w.creditLimitCents - usedCredit(w.balanceCents));
}

/** What the wallet can still pay: the balance plus the credit line, unless the credit is blocked. */
export function spendable(w: CreditState): Cents {
  return w.balanceCents + (w.creditBlocked ? 0 : w.creditLimitCents);
}

/** May `amountCents` be debited without going below the floor (zero, or minus the credit line)? */
export function canDebit(w: CreditState, amountCents: Cents): boolean {
  return amountCents >= 0 && amountCents <= Math.max(0, spendable(w));
}

/** The header's credit summary, or null without a credit line. */
export function creditSummary(w: CreditState): { limitCents: Cents; remainingCents: Cents; isBlocked: boolean } | null {
  if (w.creditLimitCents <= 0) return null;
  return { limitCents: w.creditLimitCents, remainingCents: creditRemaining(w), isBlocked: w.creditBlocked };
}

/** SPEC §9 credit periods: 1, 2 or 3 weeks, or 1 month. */
export const CREDIT_PERIODS = ['1w', '2w', '3w', '1m'] as const;
export type CreditPeriod = (typeof CREDIT_PERIODS)[number];

/** The due date of a credit period that starts at `from`: 7/14/21 days later, or the same day of the next month (clamped to its last day). */
export function creditDueDate(from: Date, period: CreditPeriod): Date {
  if (period !== '1m') return new Date(from.getTime() + Number(period[0]) * 7 * 86_400_000);
  const d = new Date(from.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + 1);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

/** Is the credit line in use past its due date? Only money owed (a balance below zero) can be overdue. */
export function isCreditOverdue(w: { balanceCents: Cents; creditDueAt: Date | null }, now: Date): boolean {
  return w.balanceCents < 0 && w.creditDueAt !== null && w.creditDueAt.getTime() <= now.getTime();
}

/** SPEC §4 credit customer status: blocked wins, then overdue, else active. */
export function creditStatus(w: { balanceCents: Cents; creditBlocked: boolean; creditDueAt: Date | null }, now: Date): 'active' | 'blocked' | 'overdue' {
  if (w.creditBlocked) return 'blocked';
  return isCreditOverdue(w, now) ? 'overdue' : 'active';
}
