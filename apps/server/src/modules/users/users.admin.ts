import { and, asc, count, desc, eq, gte, ilike, lte, or, type SQL } from 'drizzle-orm';
import {
  parseDateOnly,
  parseLocalDateTime,
  parseTimestamp,
  roleRank,
  type AccountCreateBody,
  type AccountUpdateBody,
  type ManagedUser,
  type RoleOption,
  type UserListQuery,
} from '@exship/contracts';
import { likePattern } from '../../platform/crud';
import type { Db } from '../../platform/db';
import { AppError, sqlState } from '../../platform/errors';
import { hashPassword } from '../../platform/passwords';
import { getWalletSummary, openWallet } from '../wallet';
import * as repo from './users.repository';
import type { Actor, UserSessions } from './users.service';
import { roles, userPermissions, users } from './users.tables';

// SPEC §7 user management for staff: the list, create, update (role change replaces overrides, §6),
// check-in permission, the roles for the filter and a user's wallet.

const managedColumns = {
  id: users.id,
  accountId: users.accountId,
  fullName: users.fullName,
  userName: users.userName,
  email: users.email,
  phone: users.phone,
  gender: users.gender,
  dateOfBirth: users.dateOfBirth,
  department: users.department,
  tier: users.tier,
  status: users.status,
  allowCheckin: users.allowCheckin,
  createdAt: users.createdAt,
  roleCode: roles.code,
  roleName: roles.name,
  roleKind: roles.kind,
};
type ManagedRow = { [K in keyof typeof managedColumns]: (typeof managedColumns)[K]['_']['data'] } & { gender: string | null };

function toManaged(r: ManagedRow): ManagedUser {
  return {
    id: r.id,
    accountId: r.accountId,
    fullName: r.fullName,
    userName: r.userName,
    email: r.email,
    phone: r.phone,
    gender: r.gender as ManagedUser['gender'],
    dateOfBirth: r.dateOfBirth,
    department: r.department,
    tier: r.tier,
    status: r.status as ManagedUser['status'],
    allowCheckin: r.allowCheckin,
    createdAt: r.createdAt.toISOString(),
    role: { code: r.roleCode, name: r.roleName, kind: r.roleKind as ManagedUser['role']['kind'] },
  };
}

/** A created-at bound: a timestamp with offset as given; a local date or date-time in UTC (a day covers 00:00–23:59:59). */
function createdBound(value: string | undefined, side: 'from' | 'to'): SQL | undefined {
  if (!value) return undefined;
  const instant = parseTimestamp(value);
  const ms = instant ?? (value.length === 10 ? parseDateOnly(value) : parseLocalDateTime(value));
  if (ms === null) return undefined;
  const at = value.length === 10 && side === 'to' ? new Date(ms + 86_399_999) : new Date(ms);
  return side === 'from' ? gte(users.createdAt, at) : lte(users.createdAt, at);
}

export async function listUsers(db: Db, q: UserListQuery) {
  const like = q.keyword ? likePattern(q.keyword) : undefined;
  const where = and(
    like ? or(ilike(users.fullName, like), ilike(users.userName, like), ilike(users.email, like), ilike(users.phone, like)) : undefined,
    q.role ? eq(roles.code, q.role) : undefined,
    q.tier ? eq(users.tier, q.tier) : undefined,
    q.status ? eq(users.status, q.status) : undefined,
    createdBound(q.startDate, 'from'),
    createdBound(q.endDate, 'to'),
  );
  const [total] = await db.select({ n: count() }).from(users).innerJoin(roles, eq(roles.id, users.roleId)).where(where);
  const rows = await db
    .select(managedColumns)
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(where)
    .orderBy(desc(users.createdAt), asc(users.id))
    .offset((q.pageIndex - 1) * q.totalItem)
    .limit(q.totalItem);
  return { items: rows.map((r) => toManaged(r as ManagedRow)), total: Number(total?.n ?? 0), pageIndex: q.pageIndex, totalItem: q.totalItem };
}

async function managedUser(db: Db, userId: string): Promise<ManagedUser> {
  const [row] = await db.select(managedColumns).from(users).innerJoin(roles, eq(roles.id, users.roleId)).where(eq(users.id, userId));
  if (!row) throw new AppError('USER_NOT_FOUND', 404);
  return toManaged(row as ManagedRow);
}

export async function listRolesForFilter(db: Db): Promise<RoleOption[]> {
  const rows = await db.select({ code: roles.code, name: roles.name, kind: roles.kind }).from(roles).orderBy(asc(roles.name));
  return rows.map((r) => ({ ...r, kind: r.kind as RoleOption['kind'] }));
}

/** The role a manager may give: it exists (else 400 naming roleCode) and ranks no higher than the manager's. */
async function assignableRole(db: Db, actor: Actor, code: string): Promise<repo.RoleRow> {
  const role = await repo.findRoleByCode(db, code);
  if (!role) throw new AppError('VALIDATION_FAILED', 400, { errors: [{ field: 'roleCode', message: 'validation.role.unknown' }] });
  if (roleRank(role.code) > roleRank(actor.roleCode)) throw new AppError('USER_RANKS_ABOVE', 403);
  return role;
}

const emailTaken = () => new AppError('EMAIL_TAKEN', 409, { errors: [{ field: 'email', message: 'error.EMAIL_TAKEN' }] });

const profileFields = (b: Omit<AccountUpdateBody, 'userId' | 'roleCode'>) => ({
  fullName: b.fullName,
  userName: b.userName ?? null,
  phone: b.phone ?? null,
  gender: b.gender ?? null,
  dateOfBirth: b.dateOfBirth ?? null,
  department: b.department ?? null,
  tier: b.tier ?? null,
});

/** SPEC §7 POST /admin/account/create: an active, verified user; a seller account gets its wallet. */
export async function createAccount(db: Db, actor: Actor, body: AccountCreateBody): Promise<ManagedUser> {
  const passwordHash = await hashPassword(body.password);
  const id = crypto.randomUUID();
  try {
    await db.transaction(async (tx) => {
      const role = await assignableRole(tx, actor, body.roleCode);
      if (await repo.findUserByEmail(tx, body.email)) throw emailTaken();
      await repo.insertUser(tx, {
        id,
        accountId: id,
        email: body.email,
        passwordHash,
        roleId: role.id,
        status: 'active',
        verifiedAt: new Date(),
        ...profileFields(body),
      });
      if (role.kind === 'customer') await openWallet(tx, id);
    });
  } catch (err) {
    if (sqlState(err) === '23505') throw emailTaken();
    throw err;
  }
  return managedUser(db, id);
}

/**
 * SPEC §7 POST /admin/account/update. SPEC §6: "changing a user's role replaces all earlier
 * permission restrictions" — a new role deletes the user's overrides in the same transaction.
 */
export async function updateAccount(db: Db, sessions: UserSessions, actor: Actor, body: AccountUpdateBody): Promise<ManagedUser> {
  await db.transaction(async (tx) => {
    const user = await repo.findUserById(tx, body.userId);
    if (!user) throw new AppError('USER_NOT_FOUND', 404);
    const current = await repo.findRoleById(tx, user.roleId);
    if (actor.userId === user.id && body.roleCode !== current!.code) throw new AppError('USER_SELF_CHANGE', 403);
    if (actor.userId !== user.id && roleRank(current!.code) > roleRank(actor.roleCode)) throw new AppError('USER_RANKS_ABOVE', 403);
    const role = body.roleCode === current!.code ? current! : await assignableRole(tx, actor, body.roleCode);
    await repo.updateUser(tx, user.id, { ...profileFields(body), roleId: role.id });
    if (role.id !== current!.id) {
      const found = await repo.findUserWithOverrides(tx, user.id);
      await tx.delete(userPermissions).where(eq(userPermissions.userId, user.id));
      await repo.insertAudit(tx, {
        actorId: actor.userId,
        userId: user.id,
        action: 'permissions',
        before: { role: current!.code, overrides: found?.overrides ?? [] },
        after: { role: role.code, overrides: [] },
      });
      if (role.kind === 'customer') await openWallet(tx, user.accountId);
    }
  });
  sessions.forgetCached(body.userId);
  return managedUser(db, body.userId);
}

/** SPEC §7 PATCH /admin/change-checkin-user. */
export async function changeCheckin(db: Db, actor: Actor, userId: string, allowCheckin: boolean): Promise<ManagedUser> {
  const user = await repo.findUserById(db, userId);
  if (!user) throw new AppError('USER_NOT_FOUND', 404);
  const role = await repo.findRoleById(db, user.roleId);
  if (roleRank(role!.code) > roleRank(actor.roleCode)) throw new AppError('USER_RANKS_ABOVE', 403);
  await repo.updateUser(db, userId, { allowCheckin });
  return managedUser(db, userId);
}

/** SPEC §7 GET /admin/wallet-by-user: the wallet of the user's account, through the wallet module. */
export async function walletByUser(db: Db, userId: string) {
  const user = await repo.findUserById(db, userId);
  if (!user) throw new AppError('USER_NOT_FOUND', 404);
  return getWalletSummary(db, user.accountId);
}
