import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ApiKeyScope } from '@exship/contracts';

// API keys of seller accounts (docs/api-keys.md). The key itself is never stored: only its SHA-256
// (enough at 256 bits of randomness) and its first characters for display.
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').notNull(),
    name: text('name').notNull(),
    keyHash: text('key_hash').notNull(),
    /** `exs_live_` and the first 4 characters of the secret, to tell keys apart in the list. */
    prefix: text('prefix').notNull(),
    scope: jsonb('scope').$type<ApiKeyScope>().notNull(),
    createdBy: uuid('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** null: never expires (SPEC §9 "none"). */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Touched at most once a minute. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: uuid('revoked_by'),
  },
  (t) => [uniqueIndex('api_keys_hash_uq').on(t.keyHash), index('api_keys_account_idx').on(t.accountId, t.createdAt)],
);

export type ApiKeyRow = typeof apiKeys.$inferSelect;
