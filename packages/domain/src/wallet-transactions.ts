import type { Cents } from './money';

// SPEC §4 transaction types: which take money out of the wallet. The transactions screen and its
// export sign amounts with this one rule, so each line adds up: the balance before + the signed
// amount = the balance after.

const OUTGOING = new Set(['payment', 'sent']);

/** The amount as it moves the wallet's balance: negative for a payment or money sent. */
export function signedAmountCents(type: string, amountCents: Cents): Cents {
  return OUTGOING.has(type) ? -amountCents : amountCents;
}
