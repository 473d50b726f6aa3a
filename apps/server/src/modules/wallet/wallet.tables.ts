import { sql } from 'drizzle-orm';
import { bigint, boolean, check, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';

/** One wallet per seller account (SPEC §3 wallet: balance, unPaid, autoPay, credit). Money in cents. */
export const wallets = pgTable(
  'wallets',
  {
    accountId: uuid('account_id').primaryKey(),
    balanceCents: bigint('balance_cents', { mode: 'number' }).notNull().default(0),
    unpaidCents: bigint('unpaid_cents', { mode: 'number' }).notNull().default(0),
    creditLimitCents: bigint('credit_limit_cents', { mode: 'number' }).notNull().default(0),
    creditBlocked: boolean('credit_blocked').notNull().default(false),
    autoPay: boolean('auto_pay').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // money-and-security.md: no wallet below minus its credit line, as a backstop to guarded updates.
    check('wallets_balance_ck', sql`${t.balanceCents} >= -${t.creditLimitCents}`),
    check('wallets_credit_ck', sql`${t.creditLimitCents} >= 0`),
  ],
);
