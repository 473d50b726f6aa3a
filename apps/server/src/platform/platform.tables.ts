import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// Tables owned by the platform itself (not a business module).

/** Every outgoing email is kept here; with SMTP_URL set it is also delivered by the mail job. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
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
