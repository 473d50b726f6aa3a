import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

// Tables owned by the platform itself (not a business module).

/** Every outgoing email is kept here; with SMTP_URL set it is also delivered by the mail job. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    /** The HTML part, when the mail has one. */
    html: text('html'),
    /** queued (waiting for SMTP) | sent | kept (no SMTP configured) | failed */
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('mail_outbox_to_idx').on(t.toAddress, t.createdAt)],
);

/** Fixed-window counters for rate limits; in the database so every process shares them. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
});

/**
 * One row per event-handler job that has been handled, written in the handler's own transaction:
 * a job that pg-boss delivers again (a crash between the handler's commit and the job's completion)
 * finds its receipt and is skipped, so an event's effect happens exactly once.
 */
export const jobReceipts = pgTable('job_receipts', {
  jobId: uuid('job_id').primaryKey(),
  queue: text('queue').notNull(),
  handledAt: timestamp('handled_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One row per xlsx import (platform/imports.ts): its progress, result or error, and the stored
 * error workbook. The partial unique index allows one queued or running import per user.
 */
export const importRuns = pgTable(
  'import_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull(),
    accountId: uuid('account_id').notNull(),
    name: text('name').notNull(),
    fileName: text('file_name').notNull(),
    onlyValidate: boolean('only_validate').notNull(),
    /** queued | running | succeeded | failed */
    status: text('status').notNull(),
    progress: integer('progress').notNull().default(0),
    /** The uploaded file while a job waits for it; removed when the job ends. */
    uploadKey: text('upload_key'),
    /**
     * While queued or running, the run is alive until this instant: the process working on it
     * renews it; past it the run is failed as interrupted (a crashed or killed process).
     */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    /** The pg-boss job of a queued run, settled when the run is recovered so it never turns up as dead. */
    jobId: uuid('job_id'),
    errorWorkbookKey: text('error_workbook_key'),
    errorWorkbookName: text('error_workbook_name'),
    result: jsonb('result'),
    error: jsonb('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('import_runs_one_active_per_user').on(t.userId).where(sql`status in ('queued', 'running')`),
    index('import_runs_user_idx').on(t.userId, t.createdAt),
    index('import_runs_lease_idx').on(t.leaseUntil).where(sql`status in ('queued', 'running')`),
  ],
);

/**
 * Files sellers upload (mockups, later proofs and attachments): who owns them and their size, for
 * the per-account quota, and when, so the orphan job can remove the ones nothing references.
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    key: text('key').primaryKey(),
    accountId: uuid('account_id').notNull(),
    /** mockup | … */
    kind: text('kind').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('stored_files_account_idx').on(t.accountId, t.kind, t.createdAt)],
);

/**
 * money-and-security.md "Idempotency": a money request's key, scoped to the caller, with the hash of
 * its body and, once done, the reply to replay. Kept 24 hours.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    /** running | done */
    state: text('state').notNull(),
    status: integer('status'),
    reply: jsonb('reply'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('idempotency_keys_pk').on(t.scope, t.key), index('idempotency_keys_created_idx').on(t.createdAt)],
);

/**
 * The activity trail of every user — each sign-in and each change made through the API —
 * written by one hook for every route (platform/activity.ts), never by hand in a module. It keeps
 * which operation, on which ids (the path parameters), from where and with what status; no bodies.
 */
export const activityLog = pgTable(
  'activity_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull(),
    operationId: text('operation_id').notNull(),
    summary: text('summary').notNull(),
    method: text('method').notNull(),
    route: text('route').notNull(),
    params: jsonb('params').$type<Record<string, string>>().notNull(),
    status: integer('status').notNull(),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** The API key the call was made with (docs/api-keys.md); null for a session. */
    apiKeyId: uuid('api_key_id'),
  },
  (t) => [index('activity_log_user_at_idx').on(t.userId, t.at), index('activity_log_api_key_at_idx').on(t.apiKeyId, t.at).where(sql`${t.apiKeyId} is not null`)],
);
