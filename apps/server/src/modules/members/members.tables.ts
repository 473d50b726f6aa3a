import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { MEMBER_STATUSES } from '@exship/contracts';
import { enumCheck } from '../../platform/db-checks';

// Team members: one row per invite; confirming it creates the member's user in the
// owner's account (member_user_id). The link's token is stored as its SHA-256 only.
export const teamMembers = pgTable(
  'team_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').notNull(),
    email: text('email').notNull(),
    roleCode: text('role_code').notNull(),
    status: text('status').notNull().default('pending'),
    tokenHash: text('token_hash'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    invitedBy: uuid('invited_by').notNull(),
    invitedAt: timestamp('invited_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    memberUserId: uuid('member_user_id'),
  },
  (t) => [
    index('team_members_account_idx').on(t.accountId, t.invitedAt),
    uniqueIndex('team_members_token_uq').on(t.tokenHash),
    enumCheck('team_members_status_ck', t.status, MEMBER_STATUSES),
  ],
);
