import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { CLAIM_REASONS, CLAIM_STATUSES, TICKET_STATUSES, TICKET_SUPPORT_FOR, TICKET_TYPES } from '@exship/contracts';
import { enumCheck } from '../../platform/db-checks';

// Support tickets and claims (docs/tickets-and-claims.md). Seller-owned rows carry the account id.
const at = (name: string) => timestamp(name, { withTimezone: true });

export const tickets = pgTable(
  'tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Shown as TK-<number>. */
    number: serial('number').notNull(),
    accountId: uuid('account_id').notNull(),
    createdBy: uuid('created_by').notNull(),
    type: text('type').notNull(),
    supportFor: text('support_for').notNull(),
    orderId: uuid('order_id'),
    exOrderId: text('ex_order_id'),
    topUpId: uuid('top_up_id'),
    subject: text('subject').notNull(),
    content: text('content').notNull(),
    status: text('status').notNull().default('open'),
    assigneeId: uuid('assignee_id'),
    rating: integer('rating'),
    ratingReason: text('rating_reason'),
    /** Periods spent in `pending` (the service-level clock stops while the seller is awaited). */
    pauses: jsonb('pauses').$type<{ from: string; to: string | null }[]>().notNull().default([]),
    firstRespondedAt: at('first_responded_at'),
    resolvedAt: at('resolved_at'),
    closedAt: at('closed_at'),
    lastMessageAt: at('last_message_at'),
    /** When each target was first missed (the overdue job marks each once; the breach report counts them). */
    firstResponseBreachedAt: at('first_response_breached_at'),
    resolutionBreachedAt: at('resolution_breached_at'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tickets_number_uq').on(t.number),
    index('tickets_account_created_idx').on(t.accountId, t.createdAt),
    index('tickets_created_idx').on(t.createdAt),
    index('tickets_running_idx').on(t.status).where(sql`status not in ('resolved', 'closed')`),
    enumCheck('tickets_type_ck', t.type, TICKET_TYPES),
    enumCheck('tickets_status_ck', t.status, TICKET_STATUSES),
    enumCheck('tickets_support_for_ck', t.supportFor, TICKET_SUPPORT_FOR),
    check('tickets_subject_ck', sql`char_length(${t.subject}) between 1 and 255`),
    check('tickets_content_ck', sql`char_length(${t.content}) between 1 and 1000`),
    check('tickets_rating_ck', sql`${t.rating} is null or ${t.rating} between 1 and 5`),
    check('tickets_rating_reason_ck', sql`${t.ratingReason} is null or char_length(${t.ratingReason}) <= 255`),
  ],
);

export const ticketMessages = pgTable(
  'ticket_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id),
    accountId: uuid('account_id').notNull(),
    authorId: uuid('author_id'),
    side: text('side').notNull(),
    content: text('content').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('ticket_messages_ticket_idx').on(t.ticketId, t.createdAt),
    index('ticket_messages_account_idx').on(t.accountId, t.createdAt),
    enumCheck('ticket_messages_side_ck', t.side, ['staff', 'seller', 'system']),
    check('ticket_messages_content_ck', sql`char_length(${t.content}) between 1 and 1000`),
  ],
);

/** A file uploaded for a ticket or a reply; linked when the ticket or reply is sent (up to 5 each). */
export const ticketAttachments = pgTable(
  'ticket_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The uploader's account (a staff member's own account for staff uploads). */
    accountId: uuid('account_id').notNull(),
    uploadedBy: uuid('uploaded_by').notNull(),
    ticketId: uuid('ticket_id').references(() => tickets.id),
    messageId: uuid('message_id').references(() => ticketMessages.id),
    storageKey: text('storage_key').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('ticket_attachments_account_idx').on(t.accountId, t.createdAt), index('ticket_attachments_ticket_idx').on(t.ticketId)],
);

/** Up to which moment each user has read a ticket's thread. */
export const ticketReads = pgTable(
  'ticket_reads',
  {
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id),
    userId: uuid('user_id').notNull(),
    readAt: at('read_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.ticketId, t.userId] })],
);

/**
 * A claim: a ticket of type claim about one order. Paid at most once: the approval locks the row
 * while it is `submitted` and writes the wallet transaction in the same database transaction; the
 * check ties an approval to its transaction, and one order has at most one claim that is not rejected.
 */
export const claims = pgTable(
  'claims',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id),
    accountId: uuid('account_id').notNull(),
    orderId: uuid('order_id').notNull(),
    exOrderId: text('ex_order_id').notNull(),
    reason: text('reason').notNull(),
    status: text('status').notNull().default('submitted'),
    proposedCents: bigint('proposed_cents', { mode: 'number' }).notNull(),
    capCents: bigint('cap_cents', { mode: 'number' }).notNull(),
    approvedCents: bigint('approved_cents', { mode: 'number' }),
    decisionReason: text('decision_reason'),
    transactionId: uuid('transaction_id'),
    decidedBy: uuid('decided_by'),
    decidedAt: at('decided_at'),
    noticeDeadline: at('notice_deadline').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('claims_ticket_uq').on(t.ticketId),
    uniqueIndex('claims_order_active_uq').on(t.orderId).where(sql`status <> 'rejected'`),
    uniqueIndex('claims_transaction_uq').on(t.transactionId),
    index('claims_account_idx').on(t.accountId, t.createdAt),
    enumCheck('claims_reason_ck', t.reason, CLAIM_REASONS),
    enumCheck('claims_status_ck', t.status, CLAIM_STATUSES),
    check('claims_paid_ck', sql`(${t.status} in ('approved', 'partial')) = (${t.transactionId} is not null)`),
    check('claims_amount_ck', sql`${t.approvedCents} is null or (${t.approvedCents} > 0 and ${t.approvedCents} <= ${t.capCents})`),
  ],
);

/** Service levels per ticket type, set by staff (defaults: DEFAULT_SLA_TARGETS). */
export const ticketSlaTargets = pgTable(
  'ticket_sla_targets',
  {
    type: text('type').primaryKey(),
    firstResponseWorkingDays: integer('first_response_working_days').notNull(),
    resolutionDays: integer('resolution_days').notNull(),
    resolutionUnit: text('resolution_unit').notNull(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [enumCheck('ticket_sla_targets_type_ck', t.type, TICKET_TYPES), enumCheck('ticket_sla_targets_unit_ck', t.resolutionUnit, ['working', 'calendar'])],
);
