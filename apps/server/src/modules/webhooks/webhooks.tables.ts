import { sql } from 'drizzle-orm';
import { bigserial, index, integer, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_DISABLED_REASONS, WEBHOOK_ENDPOINT_STATUSES } from '@exship/contracts';
import { enumCheck } from '../../platform/db-checks';

// Webhooks (docs/webhooks.md): a seller's endpoints, the messages raised for its account (the exact
// body sent, so a replay signs the same bytes), one delivery per message and endpoint — the table the
// delivery worker claims from — and every attempt of a delivery (the log the seller reads).

export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').notNull(),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    eventTypes: text('event_types').array().notNull(),
    headerName: text('header_name'),
    /** SPEC §9 header key value, sealed like carrier secrets (platform/secrets.ts). */
    headerValueSealed: text('header_value_sealed'),
    /** `whsec_…`, sealed. */
    secretSealed: text('secret_sealed').notNull(),
    /** The secret before the last rotation: it still signs until previous_secret_expires_at. */
    previousSecretSealed: text('previous_secret_sealed'),
    previousSecretExpiresAt: timestamp('previous_secret_expires_at', { withTimezone: true }),
    status: text('status').notNull().default('active'),
    disabledReason: text('disabled_reason'),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** The first failure since the last success: 5 days of it disable the endpoint. */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('webhook_endpoints_account_idx').on(t.accountId, t.createdAt),
    enumCheck('webhook_endpoints_status_ck', t.status, WEBHOOK_ENDPOINT_STATUSES),
    enumCheck('webhook_endpoints_disabled_reason_ck', t.disabledReason, WEBHOOK_DISABLED_REASONS, { nullable: true }),
  ],
);

export const webhookMessages = pgTable(
  'webhook_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Raised order: breaks ties between events of one order that happened at the same instant. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    /** `msg_…`: the webhook-id header and the body's id, the same on every attempt and replay. */
    publicId: text('public_id').notNull().unique(),
    accountId: uuid('account_id').notNull(),
    eventType: text('event_type').notNull(),
    orderId: uuid('order_id'),
    /** The JSON body exactly as signed and sent. */
    body: text('body').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_messages_account_idx').on(t.accountId, t.createdAt)],
);

export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').notNull(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    messageId: uuid('message_id')
      .notNull()
      .references(() => webhookMessages.id, { onDelete: 'cascade' }),
    eventType: text('event_type').notNull(),
    /** Deliveries of one order to one endpoint go in (occurred_at, rank, seq) order. */
    orderId: uuid('order_id'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    rank: smallint('rank').notNull().default(0),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** How far into the retry schedule the delivery is (a replay starts it again). */
    retryIndex: integer('retry_index').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /** While sending: when another worker may take it over (the sender died). */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    lastHttpStatus: integer('last_http_status'),
    lastDurationMs: integer('last_duration_ms'),
    lastError: text('last_error'),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('webhook_deliveries_account_idx').on(t.accountId, t.endpointId, t.createdAt),
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_sending_idx').on(t.leaseUntil).where(sql`${t.status} = 'sending'`),
    index('webhook_deliveries_order_idx').on(t.endpointId, t.orderId, t.occurredAt).where(sql`${t.orderId} is not null and ${t.status} in ('pending', 'sending')`),
    index('webhook_deliveries_message_idx').on(t.messageId),
    enumCheck('webhook_deliveries_status_ck', t.status, WEBHOOK_DELIVERY_STATUSES),
  ],
);

export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').notNull(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    httpStatus: integer('http_status'),
    durationMs: integer('duration_ms').notNull(),
    replyExcerpt: text('reply_excerpt'),
    error: text('error'),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId, t.attempt), index('webhook_attempts_account_idx').on(t.accountId)],
);
