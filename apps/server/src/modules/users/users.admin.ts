import { and, asc, count, desc, eq, ilike, or } from 'drizzle-orm';
import {
  roleRank,
  type AccountCreateBody,
  type AccountUpdateBody,
  type ManagedUser,
  type RoleOption,
  type UserListQuery,
} from '@exship/contracts';
import { actsForAnyAccount, maySeeAccount, scope } from '../../platform/access';
import { dateRangeWhere, likePattern } from '../../platform/crud';
import type { Db } from '../../platform/db';
import { AppError, sqlState } from '../../platform/errors';
import { hashPassword } from '../../platform/passwords';
import { activityLog } from '../../platform/platform.tables';
import { getWalletSummary } from '../wallet';
import { createUser, equipSellerAccount, openSellerAccount } from './users.accounts';
import * as repo from './users.repository';
import { assignableRole, isSellerUser } from './users.privileges';
import type { Actor, UserSessions } from './users.service';
import { roles, userPermissions, users } from './users.tables';

// SPEC §7 user management for staff: the list, create, update (role change replaces overrides, §6),
// check-in permission, the roles for the filter and a user's wallet. Which users an actor reaches is
// platform/access.ts: staff (EX-ACT-FOR-CUSTOMER) every account, anyone else only their own account.

/** A user manager: who they are, their role and permissions, and the account they act for. */
type Manager = Actor & { accountId: string };

/** The user, if the manager may reach them; another account's user is 404, never 403. */
async function reachableUser(db: Db, actor: Manager, userId: string) {
  const user = await repo.findUserById(db, userId);
  if (!user || !maySeeAccount(actor, user.accountId)) throw new AppError('USER_NOT_FOUND', 404);
  return user;
}

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
  accountType: users.accountType,
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
    accountType: r.accountType as ManagedUser['accountType'],
    status: r.status as ManagedUser['status'],
    allowCheckin: r.allowCheckin,
    createdAt: r.createdAt.toISOString(),
    role: { code: r.roleCode, name: r.roleName, kind: r.roleKind as ManagedUser['role']['kind'] },
  };
}

/** A created-at bound: a timestamp with offset as given; a local date or date-time in UTC (a day covers 00:00–23:59:59). */
export async function listUsers(db: Db, actor: Manager, q: UserListQuery) {
  const like = q.keyword ? likePattern(q.keyword) : undefined;
  const where = and(
    scope(actor, users.accountId),
    like ? or(ilike(users.fullName, like), ilike(users.userName, like), ilike(users.email, like), ilike(users.phone, like)) : undefined,
    q.role ? eq(roles.code, q.role) : undefined,
    q.tier ? eq(users.tier, q.tier) : undefined,
    q.accountType ? eq(users.accountType, q.accountType) : undefined,
    q.status ? eq(users.status, q.status) : undefined,
    dateRangeWhere(users.createdAt, q.startDate, q.endDate),
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

const emailTaken = () => new AppError('EMAIL_TAKEN', 409, { errors: [{ field: 'email', message: 'error.EMAIL_TAKEN' }] });

const profileFields = (b: Omit<AccountUpdateBody, 'userId' | 'roleCode'>) => ({
  fullName: b.fullName,
  userName: b.userName ?? null,
  phone: b.phone ?? null,
  gender: b.gender ?? null,
  dateOfBirth: b.dateOfBirth ?? null,
  department: b.department ?? null,
  tier: b.tier ?? null,
  ...(b.accountType ? { accountType: b.accountType } : {}),
});

/** SPEC §7 POST /admin/account/create: an active, verified user; a seller account gets its wallet. */
export async function createAccount(db: Db, actor: Manager, body: AccountCreateBody): Promise<ManagedUser> {
  // A new account of its own is staff work; sellers add people through team invites.
  if (!actsForAnyAccount(actor)) throw new AppError('FORBIDDEN', 403, { details: { permission: 'EX-ACT-FOR-CUSTOMER' } });
  const passwordHash = await hashPassword(body.password);
  let id: string;
  try {
    id = await db.transaction(async (tx) => {
      const role = await assignableRole(tx, actor, body.roleCode);
      if (await repo.findUserByEmail(tx, body.email)) throw emailTaken();
      const { fullName, ...profile } = profileFields(body);
      const owner = { email: body.email, passwordHash, fullName, roleCode: role.code, status: 'active' as const, profile };
      // A seller role opens a seller account; a staff user is an account of its own without a wallet.
      return (role.kind === 'customer' ? await openSellerAccount(tx, owner) : await createUser(tx, owner)).id;
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
export async function updateAccount(db: Db, sessions: UserSessions, actor: Manager, body: AccountUpdateBody): Promise<ManagedUser> {
  await db.transaction(async (tx) => {
    const user = await reachableUser(tx, actor, body.userId);
    const current = await repo.findRoleById(tx, user.roleId);
    if (actor.userId === user.id && body.roleCode !== current!.code) throw new AppError('USER_SELF_CHANGE', 403);
    if (actor.userId !== user.id && roleRank(current!.code) > roleRank(actor.roleCode)) throw new AppError('USER_RANKS_ABOVE', 403);
    // A seller's user stays a seller's: a staff role would hand it staff powers over every account.
    const role = body.roleCode === current!.code ? current! : await assignableRole(tx, actor, body.roleCode, { seller: isSellerUser(user, current!) });
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
      if (role.kind === 'customer') await equipSellerAccount(tx, user.accountId);
    }
  });
  sessions.forgetCached(body.userId);
  return managedUser(db, body.userId);
}

/** SPEC §7 PATCH /admin/change-checkin-user. */
export async function changeCheckin(db: Db, actor: Manager, userId: string, allowCheckin: boolean): Promise<ManagedUser> {
  const user = await reachableUser(db, actor, userId);
  const role = await repo.findRoleById(db, user.roleId);
  if (roleRank(role!.code) > roleRank(actor.roleCode)) throw new AppError('USER_RANKS_ABOVE', 403);
  await repo.updateUser(db, userId, { allowCheckin });
  return managedUser(db, userId);
}

/** SPEC §7 GET /admin/wallet-by-user: the wallet of the user's account, through the wallet module. */
export async function walletByUser(db: Db, actor: Manager, userId: string) {
  const user = await reachableUser(db, actor, userId);
  return getWalletSummary(db, user.accountId);
}

/** SPEC §7 GET /admin/get-user-activity: the user's trail (platform/activity.ts writes it for every route). */
export async function userActivity(db: Db, actor: Manager, q: { userId: string; page: number; pageSize: number; operationId?: string }) {
  const user = await reachableUser(db, actor, q.userId);
  const where = and(eq(activityLog.userId, user.id), q.operationId ? eq(activityLog.operationId, q.operationId) : undefined);
  const [rows, [total]] = await Promise.all([
    db.select().from(activityLog).where(where).orderBy(desc(activityLog.at), desc(activityLog.id)).offset((q.page - 1) * q.pageSize).limit(q.pageSize),
    db.select({ n: count() }).from(activityLog).where(where),
  ]);
  return {
    items: rows.map((r) => ({ _id: r.id, at: r.at.toISOString(), operationId: r.operationId, summary: r.summary, method: r.method, route: r.route, params: r.params, status: r.status, ip: r.ip, userAgent: r.userAgent, apiKeyId: r.apiKeyId })),
    total: total!.n,
    page: q.page,
    pageSize: q.pageSize,
  };
}

/** SPEC §7 account pickers (/accounts/accounts-by-ids, /admin/accounts-for-discount): staff see every seller account, anyone else only their own. */
export async function pickAccounts(db: Db, actor: Manager, q: { keyword?: string; ids: string[]; limit: number }) {
  const found = await repo.searchCustomers(db, q);
  return actsForAnyAccount(actor) ? found : found.filter((a) => a.id === actor.accountId);
}
