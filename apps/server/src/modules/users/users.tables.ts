import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

// SPEC §3 / §6: roles, resources, permissions, users and per-user permission overrides.

export const roles = pgTable(
  'roles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    parentCode: text('parent_code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('roles_code_uq').on(t.code), check('roles_kind_ck', sql`${t.kind} in ('staff', 'customer')`)],
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
    status: text('status').notNull().default('unverified'),
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id),
    timeZone: text('time_zone').notNull().default('+07:00'),
    language: text('language').notNull().default('en'),
    labelPurchaseDelayHours: integer('label_purchase_delay_hours').notNull().default(0),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_uq').on(t.email),
    index('users_account_idx').on(t.accountId),
    check('users_status_ck', sql`${t.status} in ('unverified', 'active', 'inactive')`),
    check('users_gender_ck', sql`${t.gender} is null or ${t.gender} in ('male', 'female')`),
    check('users_language_ck', sql`${t.language} in ('en', 'vi')`),
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
