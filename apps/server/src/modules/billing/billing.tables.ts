import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { enumCheck } from '../../platform/db-checks';
import { walletTransactions } from '../wallet/wallet.tables';

/** What happened to a credit line (SPEC §4 credit customer): one row per change, in the change's transaction. */
export const CREDIT_ACTIONS = ['set', 'block', 'unblock', 'extend', 'overdue_lock', 'reminder', 'repaid'] as const;

export const creditHistory = pgTable(
  'credit_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').notNull(),
    /** The staff member; null for the cron jobs. */
    actorId: uuid('actor_id'),
    action: text('action').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('credit_history_account_idx').on(t.accountId, t.createdAt), enumCheck('credit_history_action_ck', t.action, CREDIT_ACTIONS)],
);

/**
 * An invoice of one seller account for one period (SPEC §3 invoice; §9 tax payment within 7 working
 * days of the invoice). Its lines are the order payments of the period; one invoice per account and period.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').notNull(),
    /** INV-YYYYMM-<6 hex>: readable and unique. */
    number: text('number').notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    /** Exclusive. */
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    taxDueAt: timestamp('tax_due_at', { withTimezone: true }).notNull(),
    orderCount: integer('order_count').notNull(),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoices_number_uq').on(t.number),
    uniqueIndex('invoices_account_period_uq').on(t.accountId, t.periodStart, t.periodEnd),
    index('invoices_issued_idx').on(t.issuedAt),
    check('invoices_period_ck', sql`${t.periodEnd} > ${t.periodStart}`),
  ],
);

/** The order payments an invoice lists: the wallet transaction, the order, what was paid and how. */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => walletTransactions.id),
    orderId: uuid('order_id').notNull(),
    /** order or surcharge (a refund is its own transaction, not billed). */
    kind: text('kind').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    /** wallet or credit: whether the payment left the balance below zero. */
    gateway: text('gateway').notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.invoiceId, t.transactionId, t.orderId, t.kind] }),
    index('invoice_lines_order_idx').on(t.orderId),
    enumCheck('invoice_lines_gateway_ck', t.gateway, ['wallet', 'credit']),
    enumCheck('invoice_lines_kind_ck', t.kind, ['order', 'surcharge']),
  ],
);
