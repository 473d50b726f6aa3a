import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { WALLET_NOTE_KEYS } from '@exship/contracts';
import { enumCheck } from '../../platform/db-checks';

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
    /** SPEC §9 credit period ('1w' | '2w' | '3w' | '1m'); null without a credit line. */
    creditPeriod: text('credit_period'),
    /** When the credit in use must be paid back; past it an unpaid line is locked. */
    creditDueAt: timestamp('credit_due_at', { withTimezone: true }),
    /** The due date whose reminder email went out (one reminder per due date). */
    creditRemindedFor: timestamp('credit_reminded_for', { withTimezone: true }),
    /** Why the credit is blocked: 'manual' (staff) or 'overdue' (the daily lock). */
    creditBlockReason: text('credit_block_reason'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // money-and-security.md: no wallet below minus its credit line, as a backstop to guarded updates.
    check('wallets_balance_ck', sql`${t.balanceCents} >= -${t.creditLimitCents}`),
    check('wallets_credit_ck', sql`${t.creditLimitCents} >= 0`),
    check('wallets_credit_period_ck', sql`${t.creditPeriod} is null or ${t.creditPeriod} in ('1w', '2w', '3w', '1m')`),
    enumCheck('wallets_credit_block_reason_ck', t.creditBlockReason, ['manual', 'overdue'], { nullable: true }),
  ],
);

/** SPEC §4 transaction types and results. */
export const TRANSACTION_TYPES = ['payment', 'top_up', 'refund', 'sent', 'pay_credit', 'received', 'compensation'] as const;
export const TRANSACTION_RESULTS = ['success', 'failed', 'pending'] as const;

/**
 * One money movement of a wallet (SPEC §3 wallet transaction). Immutable: a mistake is fixed by a
 * correcting transaction. Its ledger entries sum to zero (the wallet against a house account).
 */
export const walletTransactions = pgTable(
  'wallet_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').notNull(),
    type: text('type').notNull(),
    result: text('result').notNull().default('success'),
    /** Positive: what the wallet gained (top-up, refund) or spent (payment), by `type`. */
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    balanceAfterCents: bigint('balance_after_cents', { mode: 'number' }).notNull(),
    gateway: text('gateway'),
    proof: text('proof'),
    note: text('note').notNull().default(''),
    /** A note the platform wrote, as a message key (`wallet.note.<key>`) and its values; null for a person's note. */
    noteKey: text('note_key'),
    noteVars: jsonb('note_vars').$type<Record<string, string>>(),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('wallet_transactions_account_created_idx').on(t.accountId, t.createdAt),
    enumCheck('wallet_transactions_type_ck', t.type, TRANSACTION_TYPES),
    enumCheck('wallet_transactions_note_key_ck', t.noteKey, WALLET_NOTE_KEYS, { nullable: true }),
    enumCheck('wallet_transactions_result_ck', t.result, TRANSACTION_RESULTS),
    check('wallet_transactions_amount_ck', sql`${t.amountCents} > 0`),
  ],
);

/** Double entry: every transaction posts to the wallet and to a house account; they sum to zero. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => walletTransactions.id),
    /** `wallet:<accountId>` or a house account (`house:revenue`, `house:bank`). */
    ledgerAccount: text('ledger_account').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ledger_entries_account_idx').on(t.ledgerAccount), index('ledger_entries_transaction_idx').on(t.transactionId)],
);

/** The orders a transaction paid or refunded; an order's price is paid once and refunded once. */
export const transactionOrders = pgTable(
  'transaction_orders',
  {
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => walletTransactions.id),
    orderId: uuid('order_id').notNull(),
    /** order: its price; surcharge: its surcharges; refund: money back. */
    kind: text('kind').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
  },
  (t) => [
    uniqueIndex('transaction_orders_once_uq').on(t.orderId, t.kind).where(sql`kind in ('order', 'refund')`),
    index('transaction_orders_transaction_idx').on(t.transactionId),
    enumCheck('transaction_orders_kind_ck', t.kind, ['order', 'surcharge', 'refund']),
  ],
);

/** SPEC §4 top-up request statuses. */
export const TOP_UP_STATUS_VALUES = ['pending', 'accepted', 'declined'] as const;

/**
 * A seller's request to credit its wallet by bank transfer, with the proof photo. Staff
 * accept it (the wallet is credited once: the status moves from pending by one guarded UPDATE in the
 * transaction of the credit) or decline it with a reason.
 */
export const topUpRequests = pgTable(
  'top_up_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    gateway: text('gateway').notNull().default('bank'),
    /** Storage key of the proof photo (server-generated). */
    proofKey: text('proof_key').notNull(),
    note: text('note').notNull().default(''),
    status: text('status').notNull().default('pending'),
    declineReason: text('decline_reason'),
    createdBy: uuid('created_by'),
    reviewedBy: uuid('reviewed_by'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    transactionId: uuid('transaction_id').references(() => walletTransactions.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('top_up_requests_account_created_idx').on(t.accountId, t.createdAt),
    index('top_up_requests_status_created_idx').on(t.status, t.createdAt),
    enumCheck('top_up_requests_status_ck', t.status, TOP_UP_STATUS_VALUES),
    enumCheck('top_up_requests_gateway_ck', t.gateway, ['bank']),
    // SPEC §5: at least 50 and below 9,999,999 USD; note at most 255.
    check('top_up_requests_amount_ck', sql`${t.amountCents} >= 5000 and ${t.amountCents} < 999999900`),
    check('top_up_requests_note_ck', sql`char_length(${t.note}) <= 255`),
    // Accepted ⇔ it has its wallet transaction: a request can never be credited without one or twice.
    check('top_up_requests_accepted_ck', sql`(${t.status} = 'accepted') = (${t.transactionId} is not null)`),
    uniqueIndex('top_up_requests_transaction_uq').on(t.transactionId),
  ],
);

/** SPEC §1 payment providers: a checkout session opened with the provider, credited once when paid. */
export const paymentCheckouts = pgTable(
  'payment_checkouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').notNull(),
    provider: text('provider').notNull(),
    /** The provider's session id. */
    sessionId: text('session_id').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    status: text('status').notNull().default('pending'),
    /** The webhook event that paid it (its `webhook-id`). */
    eventId: text('event_id'),
    transactionId: uuid('transaction_id').references(() => walletTransactions.id),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payment_checkouts_session_uq').on(t.provider, t.sessionId),
    uniqueIndex('payment_checkouts_event_uq').on(t.provider, t.eventId),
    uniqueIndex('payment_checkouts_transaction_uq').on(t.transactionId),
    index('payment_checkouts_account_created_idx').on(t.accountId, t.createdAt),
    enumCheck('payment_checkouts_status_ck', t.status, ['pending', 'paid']),
    check('payment_checkouts_amount_ck', sql`${t.amountCents} > 0`),
    check('payment_checkouts_paid_ck', sql`(${t.status} = 'paid') = (${t.transactionId} is not null)`),
  ],
);
