import { and, asc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { likePattern } from '../../platform/crud';
import type { Db } from '../../platform/db';
import { rolePermissions, roles, userAudit, userPermissions, users } from './users.tables';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type RoleRow = typeof roles.$inferSelect;

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return row;
}

/**
 * The seller account of each email that belongs to a customer account (its owner has a customer
 * role), for imports naming customers by email: one query for the whole set. Keys are lower case.
 */
export async function customerAccountsByEmails(db: Db, emails: string[]): Promise<Map<string, string>> {
  if (emails.length === 0) return new Map();
  const owners = alias(users, 'owner');
  const rows = await db
    .select({ email: users.email, accountId: owners.accountId })
    .from(users)
    .innerJoin(owners, eq(owners.id, users.accountId))
    .innerJoin(roles, eq(roles.id, owners.roleId))
    .where(and(inArray(sql`lower(${users.email})`, [...new Set(emails.map((e) => e.toLowerCase()))]), eq(roles.kind, 'customer')));
  return new Map(rows.map((r) => [r.email.toLowerCase(), r.accountId]));
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/** What a profile shows of a user. */
const profileColumns = {
  id: users.id,
  accountId: users.accountId,
  fullName: users.fullName,
  email: users.email,
  phone: users.phone,
  avatar: users.avatar,
  gender: users.gender,
  dateOfBirth: users.dateOfBirth,
  status: users.status,
  timeZone: users.timeZone,
  language: users.language,
  labelPurchaseDelayHours: users.labelPurchaseDelayHours,
  shipFrom: users.shipFrom,
  returnAddress: users.returnAddress,
  mustChangePassword: users.mustChangePassword,
  dismissedNotices: users.dismissedNotices,
  createdAt: users.createdAt,
};
export type ProfileRow = Pick<UserRow, keyof typeof profileColumns>;

type ProfileWith<T> = ProfileRow & { extra: T };
/** Prepared statements per database (and name): parsed and planned once per connection, not on every call. */
const preparedProfiles = new WeakMap<Db, Map<string, { execute(values: { id: string }): Promise<unknown[]> }>>();

/**
 * A user's profile columns with one more value read by the same statement (a subquery on `users`),
 * as a prepared statement called `name`: GET /me runs it on every page load.
 */
export async function findProfileWith<T>(db: Db, id: string, name: string, extra: (accountId: typeof users.accountId) => SQL<T>): Promise<{ user: ProfileRow; extra: T } | undefined> {
  let byName = preparedProfiles.get(db);
  if (!byName) preparedProfiles.set(db, (byName = new Map()));
  let statement = byName.get(name);
  if (!statement) {
    statement = db
      .select({ ...profileColumns, extra: extra(users.accountId) })
      .from(users)
      .where(eq(users.id, sql.placeholder('id')))
      .prepare(name);
    byName.set(name, statement);
  }
  const [row] = (await statement.execute({ id })) as ProfileWith<T>[];
  if (!row) return undefined;
  const { extra: value, ...user } = row;
  return { user, extra: value };
}

/** Several users in one query (a page of rows naming their owners or editors); unknown ids are left out. */
export async function findUsersByIds(db: Db, ids: Iterable<string>): Promise<UserRow[]> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return [];
  return db.select().from(users).where(inArray(users.id, wanted));
}

export async function insertUser(db: Db, values: NewUser): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

/** Adds a notice to the user's dismissed ones unless it is there already (one statement: no duplicate under concurrency of one row). */
export async function addDismissedNotice(db: Db, id: string, notice: string): Promise<void> {
  await db
    .update(users)
    .set({ dismissedNotices: sql`array_append(${users.dismissedNotices}, ${notice}::text)`, updatedAt: new Date() })
    .where(and(eq(users.id, id), sql`not (${notice}::text = any(${users.dismissedNotices}))`));
}

export async function updateUser(db: Db, id: string, patch: Partial<NewUser>): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}

export async function findRoleByCode(db: Db, code: string): Promise<RoleRow | undefined> {
  const [row] = await db.select().from(roles).where(eq(roles.code, code));
  return row;
}

export async function findRoleById(db: Db, id: string): Promise<RoleRow | undefined> {
  const [row] = await db.select().from(roles).where(eq(roles.id, id));
  return row;
}

export async function rolePermissionCodes(db: Db, roleId: string): Promise<string[]> {
  const rows = await db.select({ code: rolePermissions.permissionCode }).from(rolePermissions).where(eq(rolePermissions.roleId, roleId));
  return rows.map((r) => r.code);
}

/** The ids of a role's active users, locked until the transaction ends. */
export async function lockActiveUsersOfRole(db: Db, roleId: string): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.roleId, roleId), eq(users.status, 'active')))
    .for('update');
  return rows.map((r) => r.id);
}

export async function insertAudit(db: Db, row: typeof userAudit.$inferInsert): Promise<void> {
  await db.insert(userAudit).values(row);
}

/** A user with their permission overrides, in one query. */
export async function findUserWithOverrides(db: Db, id: string): Promise<{ user: UserRow; overrides: { code: string; granted: boolean }[] } | undefined> {
  const [row] = await db
    .select({
      user: users,
      overrides: sql<{ code: string; granted: boolean }[]>`coalesce((select json_agg(json_build_object('code', ${userPermissions.permissionCode}, 'granted', ${userPermissions.granted})) from ${userPermissions} where ${userPermissions.userId} = ${users.id}), '[]'::json)`,
    })
    .from(users)
    .where(eq(users.id, id));
  if (!row) return undefined;
  const overrides = typeof row.overrides === 'string' ? JSON.parse(row.overrides) : row.overrides;
  return { user: row.user, overrides };
}

/** Seller account owners (a team member acts for its owner's account), by keyword or ids. */
export async function searchCustomers(db: Db, q: { keyword?: string; ids: string[]; limit: number }) {
  const like = q.keyword ? likePattern(q.keyword) : undefined;
  return db
    .select({ id: users.accountId, fullName: users.fullName, email: users.email })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(
      and(
        eq(roles.kind, 'customer'),
        eq(users.id, users.accountId),
        q.ids.length > 0 ? inArray(users.id, q.ids) : undefined,
        like ? or(ilike(users.fullName, like), ilike(users.email, like)) : undefined,
      ),
    )
    .orderBy(asc(users.fullName))
    .limit(q.ids.length > 0 ? q.ids.length : q.limit);
}

/** The active users of a seller account (owner and team members): who is told of the account's events. */
export async function activeAccountUsers(db: Db, accountId: string): Promise<{ id: string; email: string; language: string }[]> {
  return db
    .select({ id: users.id, email: users.email, language: users.language })
    .from(users)
    .where(and(eq(users.accountId, accountId), eq(users.status, 'active')));
}

/** The active users a staff notification reaches: everyone, holders of some roles, or chosen users. */
export async function activeUsersFor(
  db: Db,
  to: { target: 'all' | 'role' | 'users'; roles: string[]; users: string[] },
): Promise<{ id: string; email: string; language: string }[]> {
  const active = eq(users.status, 'active');
  const q = db.select({ id: users.id, email: users.email, language: users.language }).from(users);
  if (to.target === 'role') {
    if (to.roles.length === 0) return [];
    return q.innerJoin(roles, eq(roles.id, users.roleId)).where(and(active, inArray(roles.code, to.roles)));
  }
  if (to.target === 'users') return to.users.length === 0 ? [] : q.where(and(active, inArray(users.id, to.users)));
  return q.where(active);
}

/**
 * Active users whose effective permissions hold `code`: their role grants it and no override takes
 * it away, or an override grants it (the same rule as effectivePermissions in the domain).
 */
export async function activeUsersWithPermission(db: Db, code: string): Promise<{ id: string; email: string; language: string }[]> {
  const override = (granted: boolean) =>
    sql`exists (select 1 from ${userPermissions} up where up.user_id = ${users.id} and up.permission_code = ${code} and up.granted = ${granted})`;
  const byRole = sql`exists (select 1 from ${rolePermissions} rp where rp.role_id = ${users.roleId} and rp.permission_code = ${code})`;
  return db
    .select({ id: users.id, email: users.email, language: users.language })
    .from(users)
    .where(and(eq(users.status, 'active'), or(and(byRole, sql`not ${override(false)}`), override(true))))
    .orderBy(asc(users.createdAt));
}
