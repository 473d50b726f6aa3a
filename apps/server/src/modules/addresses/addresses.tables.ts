import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ADDRESS_CHECK_BATCH_STATUSES, ADDRESS_CHECK_NOTES, ADDRESS_CHECK_SOURCES, ADDRESS_CHECK_STATUSES, type AddressReason, type AddressSuggestion } from '@exship/contracts';
import { enumCheck } from '../../platform/db-checks';

// SPEC §3 "Address check row", §4 pending / valid / invalid. A batch is one single check or one
// uploaded file; its rows carry the input, the result and when it was checked. Seller-owned:
// account_id first in an index (docs/engineering.md "Tenancy").

export const addressChecks = pgTable(
  'address_checks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').notNull(),
    source: text('source').notNull(),
    fileName: text('file_name'),
    status: text('status').notNull().default('pending'),
    total: integer('total').notNull().default(0),
    validCount: integer('valid_count').notNull().default(0),
    invalidCount: integer('invalid_count').notNull().default(0),
    pendingCount: integer('pending_count').notNull().default(0),
    createdBy: uuid('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('address_checks_account_created_idx').on(t.accountId, t.createdAt),
    // Staff's list across all accounts.
    index('address_checks_created_idx').on(t.createdAt),
    enumCheck('address_checks_source_ck', t.source, ADDRESS_CHECK_SOURCES),
    enumCheck('address_checks_status_ck', t.status, ADDRESS_CHECK_BATCH_STATUSES),
    check('address_checks_counts_ck', sql`${t.total} = ${t.validCount} + ${t.invalidCount} + ${t.pendingCount}`),
  ],
);

export const addressCheckRows = pgTable(
  'address_check_rows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').notNull(),
    batchId: uuid('batch_id')
      .notNull()
      .references(() => addressChecks.id, { onDelete: 'cascade' }),
    rowNumber: integer('row_number').notNull(),
    country: text('country').notNull().default(''),
    state: text('state').notNull().default(''),
    city: text('city').notNull().default(''),
    zip: text('zip').notNull().default(''),
    address1: text('address1').notNull().default(''),
    address2: text('address2').notNull().default(''),
    fullAddress: text('full_address').notNull(),
    status: text('status').notNull().default('pending'),
    /** SPEC §8 reason codes (ADDRESS_REASONS), most telling first; empty unless invalid. */
    reasons: jsonb('reasons').$type<AddressReason[]>().notNull().default([]),
    suggestion: jsonb('suggestion').$type<AddressSuggestion>(),
    /** Pending without a reason: why (the provider did not answer). */
    note: text('note'),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('address_check_rows_batch_row_uq').on(t.batchId, t.rowNumber),
    index('address_check_rows_account_batch_idx').on(t.accountId, t.batchId, t.status),
    // The provider job's queue of rows still to verify.
    index('address_check_rows_pending_idx').on(t.batchId).where(sql`${t.status} = 'pending'`),
    enumCheck('address_check_rows_status_ck', t.status, ADDRESS_CHECK_STATUSES),
    enumCheck('address_check_rows_note_ck', t.note, ADDRESS_CHECK_NOTES, { nullable: true }),
  ],
);
