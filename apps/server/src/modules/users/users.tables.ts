import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ACCOUNT_TYPES, GENDERS, LANGUAGES, ROLE_KINDS, USER_STATUSES, type ReturnAddress, type ShipFrom } from '@exship/contracts';
import { enumCheck } from '../../platform/db-checks';

// SPEC §3 / §6: roles, resources, permissions, users and per-user permission overrides.

export const roles = pgTable(
  'roles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    kind: text('kind').notNull(),
    parentCode: text('parent_code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('roles_code_uq').on(t.code), enumCheck('roles_kind_ck', t.kind, ROLE_KINDS)],
);

export const resources = pgTable('resources', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  description: text('description'),
  parentCode: text('parent_code'),
});

export const permissions = pgTable('permissions', {
  code: text('code').primaryKey(),
  description: text('description').notNull(),
  resourceCode: text('resource_code')
    .notNull()
    .references(() => resources.code),
});

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permissionCode: text('permission_code')
      .notNull()
      .references(() => permissions.code, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permissionCode] })],
);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The seller account the user acts for: the owner's own id, or the owner's id for a team member. */
    accountId: uuid('account_id').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    fullName: text('full_name').notNull(),
    userName: text('user_name'),
    phone: text('phone'),
    avatar: text('avatar'),
    gender: text('gender'),
    dateOfBirth: text('date_of_birth'),
    department: text('department'),
    tier: text('tier'),
    /** Basic, or a short-video marketplace seller. */
    accountType: text('account_type').notNull().default('basic'),
    /** SPEC §7 PATCH /admin/change-checkin-user: whether the user may check parcels in. */
    allowCheckin: boolean('allow_checkin').notNull().default(false),
    status: text('status').notNull().default('unverified'),
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id),
    timeZone: text('time_zone').notNull().default('+07:00'),
    language: text('language').notNull().default('en'),
    labelPurchaseDelayHours: integer('label_purchase_delay_hours').notNull().default(0),
    /** The account's sender (owner's row): company and ship-from address, and a US return address; the label's FROM. */
    shipFrom: jsonb('ship_from').$type<ShipFrom>(),
    returnAddress: jsonb('return_address').$type<ReturnAddress>(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    /** Set on a seeded production admin: every API call but /me, /logout and /password/update is refused until the password changes. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /** Notices the user dismissed for good (USER_NOTICES: the integrations banner's 'Got it'). */
    dismissedNotices: text('dismissed_notices').array().notNull().default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_uq').on(t.email),
    index('users_account_idx').on(t.accountId),
    index('users_created_idx').on(t.createdAt),
    enumCheck('users_status_ck', t.status, USER_STATUSES),
    enumCheck('users_account_type_ck', t.accountType, ACCOUNT_TYPES),
    enumCheck('users_gender_ck', t.gender, GENDERS, { nullable: true }),
    enumCheck('users_language_ck', t.language, LANGUAGES),
  ],
);

/** SPEC §6: a user's own grants (true) and restrictions (false) on top of the role. */
export const userPermissions = pgTable(
  'user_permissions',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    permissionCode: text('permission_code')
      .notNull()
      .references(() => permissions.code, { onDelete: 'cascade' }),
    granted: boolean('granted').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.permissionCode] })],
);

/**
 * Who changed which user's permissions or status, and how. Written in the same
 * transaction as the change; never updated.
 */
export const userAudit = pgTable(
  'user_audit',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** permissions | status */
    action: text('action').notNull(),
    before: jsonb('before').notNull(),
    after: jsonb('after').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_audit_user_idx').on(t.userId, t.createdAt), check('user_audit_action_ck', sql`${t.action} in ('permissions', 'status')`)],
);
