import { describe, expect, it } from 'vitest';
import { signedAmountCents } from './wallet-transactions';

describe('a transaction as it moves the balance (SPEC §4 transaction types)', () => {
  it('payments and money sent take out; top-ups, refunds, money received and credit repayments put in', () => {
    expect(signedAmountCents('payment', 975)).toBe(-975);
    expect(signedAmountCents('sent', 100)).toBe(-100);
    for (const type of ['top_up', 'refund', 'received', 'pay_credit']) expect(signedAmountCents(type, 100), type).toBe(100);
  });
});
