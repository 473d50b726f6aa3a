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
