import { eq } from 'drizzle-orm';
import {
  PERMISSION_CODES,
  RESOURCES,
  ROLES,
  SUPER_ADMIN_ROLE,
  rolePermissions as defaultRolePermissions,
  roleRank,
  USER_NOTICES,
  type UserNotice,
  type Language,
  type Profile,
  type ReturnAddress,
  type ShipFrom,
  type UserStatus,
} from '@exship/contracts';
import { FeedCache, type ChangeFeed } from '../../platform/changes';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { AuthContext } from '../../platform/http';
import { getWalletSummary, setAutoPay, walletSummaryJson, walletSummaryOf, type WalletSummary } from '../wallet';
import * as admin from './users.admin';
import * as access from './users.roles';
import * as repo from './users.repository';
import { memberAccess } from './users.members';
import { codesNotHeld, isSellerUser, staffOnlyCodes, userPermissions as permissionsOfUser } from './users.privileges';

export { createUser } from './users.accounts';
import { permissions, resources, rolePermissions, roles, userPermissions } from './users.tables';

export type { UserRow } from './users.repository';
export { findUserByEmail, findUserById, findUsersByIds, searchCustomers } from './users.repository';

/**
 * SPEC §6: the permission catalog and the default roles are rows. Resources and permissions follow
 * the code on every start; a role gets its default permissions only when it is first created, so
 * staff edits to a role survive restarts.
 */
export async function seedAccessCatalog(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    // A code new to this database reaches the default roles whose defaults include it, even when the
    // role was created before the code existed (e.g. EX-ACT-FOR-CUSTOMER for the staff roles).
    const known = new Set((await tx.select({ code: permissions.code }).from(permissions)).map((p) => p.code));
    const firstSeed = known.size === 0;
    for (const r of RESOURCES) {
      await tx.insert(resources).values({ code: r.code, name: r.name }).onConflictDoUpdate({ target: resources.code, set: { name: r.name } });
      for (const [code, description] of Object.entries(r.permissions)) {
        await tx
          .insert(permissions)
          .values({ code, description, resourceCode: r.code })
          .onConflictDoUpdate({ target: permissions.code, set: { description, resourceCode: r.code } });
      }
    }
    for (const def of ROLES) {
      const created = await tx
        .insert(roles)
        .values({ code: def.code, name: def.name, kind: def.kind, parentCode: 'parent' in def ? def.parent : null })
        .onConflictDoNothing()
        .returning({ id: roles.id });
      if (created.length === 1) {
        const codes = defaultRolePermissions(def);
        if (codes.length > 0) await tx.insert(rolePermissions).values(codes.map((c) => ({ roleId: created[0]!.id, permissionCode: c })));
      } else if (!firstSeed) {
        const added = defaultRolePermissions(def).filter((c) => !known.has(c));
        const [role] = added.length > 0 ? await tx.select({ id: roles.id }).from(roles).where(eq(roles.code, def.code)) : [];
        if (role) await tx.insert(rolePermissions).values(added.map((c) => ({ roleId: role.id, permissionCode: c }))).onConflictDoNothing();
      }
    }
  });
}

export async function updateUserRow(db: Db, id: string, patch: Partial<repo.NewUser>): Promise<void> {
  await repo.updateUser(db, id, patch);
}

/**
 * Roles and their permission sets change rarely and are read on every request, so each process
 * keeps them for a short time. Role edits call forgetRoles(); other processes hear of them through the
 * change feed (the auth module forgets roles on a committed change to roles or their permissions).
 */
const ROLE_TTL_MS = 30_000;
const roleCache = new Map<string, { at: number; role: repo.RoleRow; codes: string[] }>();

export function forgetRoles(): void {
  roleCache.clear();
}

async function cachedRole(db: Db, roleId: string) {
  const hit = roleCache.get(roleId);
  if (hit && Date.now() - hit.at < ROLE_TTL_MS) return hit;
  const role = await repo.findRoleById(db, roleId);
  if (!role) throw new Error(`role ${roleId} missing`);
  const entry = { at: Date.now(), role, codes: await repo.rolePermissionCodes(db, roleId) };
  roleCache.set(roleId, entry);
  return entry;
}

export interface Principal {
  user: repo.UserRow;
  role: repo.RoleRow;
  /** Effective permission codes: role defaults, then the user's overrides; a seller never holds a staff power. */
  permissions: string[];
  /** A user of a seller account (users.privileges.ts), whatever its role's row now says. */
  seller: boolean;
}

/** A user with their role and effective permissions. */
export async function loadPrincipal(db: Db, userId: string): Promise<Principal | undefined> {
  const found = await repo.findUserWithOverrides(db, userId);
  if (!found) return undefined;
  const { role, codes } = await cachedRole(db, found.user.roleId);
  return { user: found.user, role, permissions: permissionsOfUser(found.user, role, codes, found.overrides), seller: isSellerUser(found.user, role) };
}

/** SPEC §3 user profile, as GET /me returns it. */
export async function getProfile(db: Db, userId: string): Promise<Profile> {
  const principal = await loadPrincipal(db, userId);
  if (!principal) throw new AppError('USER_NOT_FOUND', 404);
  const { user, role, permissions: perms } = principal;
  const owner = user.accountId === user.id ? user : ((await repo.findUserById(db, user.accountId)) ?? user);
  return profileOf(user, { name: role.name, code: role.code, kind: principal.seller ? 'customer' : 'staff' }, perms, await getWalletSummary(db, user.accountId), owner);
}

/** What GET /me reads: the user's own fields, the wallet's (as one statement) and the account owner's settings. */
interface MeRows {
  user: repo.ProfileRow;
  wallet: Parameters<typeof walletSummaryOf>[0];
  owner: AccountRow;
}

async function readMeRows(db: Db, userId: string): Promise<MeRows | undefined> {
  const found = await repo.findProfileWith(db, userId, 'users_me_with_wallet', walletSummaryJson);
  if (!found) return undefined;
  // Account settings are the owner's row: a team member sees the account's (one more read, members only).
  const owner = found.user.accountId === found.user.id ? found.user : ((await repo.findUserById(db, found.user.accountId)) ?? found.user);
  return { user: found.user, wallet: found.extra, owner };
}

/** Kept reads of GET /me live as long as the change feed hears nothing of the account's users or wallet. */
const ME_KEEP = { ttlMs: 60_000, max: 10_000 };

/**
 * GET /me, on every page load: the role and permissions are the ones the auth hook resolved for this
 * request (what the server enforces), the user's own fields and the wallet come from one statement,
 * kept in memory until the change feed (platform/changes.ts) announces a committed change to a user
 * or the wallet of the account — in any process. The wallet summary is computed per call (it depends
 * on the clock), so a kept read answers without a promise.
 */
export function meReader(changes: ChangeFeed) {
  const kept = new FeedCache<MeRows>(changes, ['users', 'wallets'], ME_KEEP);
  const tagsOf = (rows: MeRows) => [`users:${rows.user.accountId}`, `wallets:${rows.user.accountId}`];
  const profile = (auth: AuthContext, rows: MeRows | undefined): Profile => {
    if (!rows) throw new AppError('USER_NOT_FOUND', 404);
    return profileOf(rows.user, { name: auth.roleName, code: auth.roleCode, kind: auth.roleKind }, [...auth.permissions], walletSummaryOf(rows.wallet), rows.owner);
  };
  return (db: Db, auth: AuthContext): Profile | Promise<Profile> => {
    const hit = kept.get(auth.userId);
    if (hit) return profile(auth, hit);
    return kept.read(auth.userId, () => readMeRows(db, auth.userId), tagsOf).then((rows) => profile(auth, rows));
  };
}

/** The account's settings, read from the owner's row. */
type AccountRow = Pick<repo.ProfileRow, 'labelPurchaseDelayHours' | 'shipFrom' | 'returnAddress'>;

function profileOf(user: repo.ProfileRow, role: { name: string; code: string; kind: string }, perms: string[], wallet: WalletSummary, account: AccountRow): Profile {
  return {
    id: user.id,
    fullName: user.fullName,
    email: user.email,
    phone: user.phone,
    avatar: user.avatar,
    gender: (user.gender as Profile['gender']) ?? null,
    dateOfBirth: user.dateOfBirth,
    status: user.status as UserStatus,
    role: { name: role.name, code: role.code, kind: role.kind as Profile['role']['kind'] },
    permissions: perms,
    timeZone: user.timeZone,
    language: user.language as Language,
    labelPurchaseDelayHours: account.labelPurchaseDelayHours,
    shipFrom: account.shipFrom ?? null,
    returnAddress: account.returnAddress ?? null,
    mustChangePassword: user.mustChangePassword,
    dismissedNotices: user.dismissedNotices.filter((n): n is UserNotice => (USER_NOTICES as readonly string[]).includes(n)),
    wallet,
    createdAt: user.createdAt.toISOString(),
  };
}

export async function updateProfile(
  db: Db,
  userId: string,
  input: { fullName: string; phone?: string; gender?: 'male' | 'female' | null; dateOfBirth?: string | null },
): Promise<Profile> {
  await repo.updateUser(db, userId, {
    fullName: input.fullName,
    phone: input.phone ?? null,
    ...(input.gender !== undefined ? { gender: input.gender } : {}),
    ...(input.dateOfBirth !== undefined ? { dateOfBirth: input.dateOfBirth } : {}),
  });
  return getProfile(db, userId);
}

/** Sets the user's profile photo address; returns the one it replaces (its file is then deleted). */
export async function setAvatar(db: Db, userId: string, avatar: string): Promise<string | null> {
  const before = await repo.findUserById(db, userId);
  await repo.updateUser(db, userId, { avatar });
  return before?.avatar ?? null;
}

/**
 * PUT /profile/sender: the account's company, ship-from and US return address (the label's FROM), on
 * the owner's row; like the other account settings, a team member needs EX-ORDER-PAY.
 */
export async function updateSender(
  db: Db,
  user: { userId: string; accountId: string; permissions: ReadonlySet<string> },
  input: { shipFrom: ShipFrom | null; returnAddress: ReturnAddress | null },
): Promise<Profile> {
  if (user.userId !== user.accountId && !user.permissions.has(ACCOUNT_SETTINGS_PERMISSION)) {
    throw new AppError('ACCOUNT_SETTINGS_FORBIDDEN', 403, {
      errors: (['shipFrom', 'returnAddress'] as const).map((field) => ({ field, message: 'error.ACCOUNT_SETTINGS_FORBIDDEN' })),
      details: { permission: ACCOUNT_SETTINGS_PERMISSION, fields: ['shipFrom', 'returnAddress'] },
    });
  }
  await repo.updateUser(db, user.accountId, { shipFrom: input.shipFrom, returnAddress: input.returnAddress });
  return getProfile(db, user.userId);
}

/** The account's sender (owner's row), for the label's FROM; nulls when none is set. */
export async function senderOf(db: Db, accountId: string): Promise<{ accountName: string; shipFrom: ShipFrom | null; returnAddress: ReturnAddress | null }> {
  const owner = await repo.findUserById(db, accountId);
  return { accountName: owner?.fullName ?? '', shipFrom: owner?.shipFrom ?? null, returnAddress: owner?.returnAddress ?? null };
}

/**
 * Settings that move the account's money or orders (SPEC §2 auto pay, the label purchase delay the
 * order flow reads from the owner's row): changed only by someone who may pay the account's orders.
 */
export const ACCOUNT_SETTINGS = ['autoPay', 'labelPurchaseDelayHours'] as const;
export const ACCOUNT_SETTINGS_PERMISSION = 'EX-ORDER-PAY';

/**
 * PATCH /profile/update-setting. Personal settings (time zone) are the caller's own; account settings
 * are the account's — a team member changes the owner's row — and need EX-ORDER-PAY (403 naming them).
 */
export async function updateSettings(
  db: Db,
  sessions: UserSessions,
  user: { userId: string; accountId: string; permissions: ReadonlySet<string> },
  input: { timeZone?: string; labelPurchaseDelayHours?: number; autoPay?: boolean },
): Promise<Profile> {
  const accountFields = ACCOUNT_SETTINGS.filter((f) => input[f] !== undefined);
  if (accountFields.length > 0 && !user.permissions.has(ACCOUNT_SETTINGS_PERMISSION)) {
    throw new AppError('ACCOUNT_SETTINGS_FORBIDDEN', 403, {
      errors: accountFields.map((field) => ({ field, message: 'error.ACCOUNT_SETTINGS_FORBIDDEN' })),
      details: { permission: ACCOUNT_SETTINGS_PERMISSION, fields: accountFields },
    });
  }
  await db.transaction(async (tx) => {
    if (input.timeZone !== undefined) await repo.updateUser(tx, user.userId, { timeZone: input.timeZone });
    if (input.labelPurchaseDelayHours !== undefined) await repo.updateUser(tx, user.accountId, { labelPurchaseDelayHours: input.labelPurchaseDelayHours });
    if (input.autoPay !== undefined) await setAutoPay(tx, user.accountId, input.autoPay);
  });
  sessions.forgetCached(user.userId);
  return getProfile(db, user.userId);
}

/** A notice dismissed for good, on the caller's own row; a second dismissal adds nothing. */
export async function dismissNotice(db: Db, sessions: UserSessions, userId: string, notice: UserNotice): Promise<Profile> {
  await repo.addDismissedNotice(db, userId, notice);
  sessions.forgetCached(userId);
  return getProfile(db, userId);
}

export async function setLanguage(db: Db, sessions: UserSessions, userId: string, code: Language): Promise<Profile> {
  await repo.updateUser(db, userId, { language: code });
  sessions.forgetCached(userId);
  return getProfile(db, userId);
}

/** Who is making a change to another user: their id, role and effective permissions. */
export interface Actor {
  userId: string;
  roleCode: string;
  /** 'customer' for a user of a seller account, whatever its role's row says (the session's principal). */
  roleKind: 'staff' | 'customer';
  permissions: ReadonlySet<string>;
}

/**
 * Privilege rules, checked before any change to another user: nobody changes themselves,
 * nor a user whose role ranks above theirs (ROLE_RANK in the contracts).
 */
function assertMayManage(actor: Actor, target: { id: string }, targetRole: { code: string }): void {
  if (actor.userId === target.id) throw new AppError('USER_SELF_CHANGE', 403);
  if (roleRank(targetRole.code) > roleRank(actor.roleCode)) throw new AppError('USER_RANKS_ABOVE', 403);
}

/**
 * Locks the active super admins and says whether `userId` is the only one, so two admins changing
 * each other at once cannot leave none.
 */
async function isLastActiveSuperAdmin(tx: Db, userId: string): Promise<boolean> {
  const role = await repo.findRoleByCode(tx, SUPER_ADMIN_ROLE);
  if (!role) return false;
  const active = await repo.lockActiveUsersOfRole(tx, role.id);
  return active.length === 1 && active[0] === userId;
}

/**
 * SPEC §7 PATCH /admin/update-permission-user: replaces the user's overrides. Every code whose
 * effective state changes must be one the actor holds (seller-only codes aside); the last active super admin keeps every code;
 * a seller is never granted a staff power (422 STAFF_ONLY_FOR_SELLER).
 */
export async function setPermissionOverrides(db: Db, sessions: UserSessions, actor: Actor, userId: string, overrides: { code: string; granted: boolean }[]): Promise<Principal> {
  const unknown = overrides.filter((o) => !(PERMISSION_CODES as string[]).includes(o.code));
  if (unknown.length > 0) {
    throw new AppError('VALIDATION_FAILED', 400, { errors: unknown.map((o) => ({ field: `overrides.${overrides.indexOf(o)}.code`, message: 'validation.permission.code' })) });
  }
  const unique = [...new Map(overrides.map((o) => [o.code, o])).values()];
  await db.transaction(async (tx) => {
    const found = await repo.findUserWithOverrides(tx, userId);
    if (!found) throw new AppError('USER_NOT_FOUND', 404);
    const role = await repo.findRoleById(tx, found.user.roleId);
    assertMayManage(actor, found.user, role!);
    const roleCodes = await repo.rolePermissionCodes(tx, found.user.roleId);
    // A seller never holds a staff power (EX-ACT-FOR-CUSTOMER would open every account to it).
    const seller = isSellerUser(found.user, role!);
    const staffOnly = seller ? staffOnlyCodes(unique.filter((o) => o.granted).map((o) => o.code)) : [];
    if (staffOnly.length > 0) throw new AppError('STAFF_ONLY_FOR_SELLER', 422, { details: { codes: staffOnly } });
    const before = permissionsOfUser(found.user, role!, roleCodes, found.overrides);
    const after = permissionsOfUser(found.user, role!, roleCodes, unique);
    const removed = before.filter((c) => !after.includes(c));
    const added = after.filter((c) => !before.includes(c));
    const notHeld = codesNotHeld(actor, [...added, ...removed], seller);
    if (notHeld.length > 0) throw new AppError('PERMISSION_NOT_HELD', 403, { details: { codes: notHeld } });
    if (removed.length > 0 && role!.code === SUPER_ADMIN_ROLE && found.user.status === 'active' && (await isLastActiveSuperAdmin(tx, userId))) {
      throw new AppError('LAST_SUPER_ADMIN', 409);
    }
    await tx.delete(userPermissions).where(eq(userPermissions.userId, userId));
    if (unique.length > 0) await tx.insert(userPermissions).values(unique.map((o) => ({ userId, permissionCode: o.code, granted: o.granted })));
    await repo.insertAudit(tx, {
      actorId: actor.userId,
      userId,
      action: 'permissions',
      before: { overrides: found.overrides },
      after: { overrides: unique, added, removed },
    });
  });
  sessions.forgetCached(userId);
  return (await loadPrincipal(db, userId))!;
}

export async function permissionDetail(db: Db, userId: string) {
  const found = await repo.findUserWithOverrides(db, userId);
  if (!found) throw new AppError('USER_NOT_FOUND', 404);
  const { role, codes } = await cachedRole(db, found.user.roleId);
  return { role: { code: role.code, name: role.name, permissions: codes }, overrides: found.overrides, permissions: permissionsOfUser(found.user, role, codes, found.overrides) };
}

export async function changeUserStatus(db: Db, sessions: UserSessions, actor: Actor, userId: string, status: 'active' | 'inactive'): Promise<void> {
  await db.transaction(async (tx) => {
    const user = await repo.findUserById(tx, userId);
    if (!user) throw new AppError('USER_NOT_FOUND', 404);
    const role = await repo.findRoleById(tx, user.roleId);
    assertMayManage(actor, user, role!);
    if (status === 'inactive' && user.status === 'active' && role!.code === SUPER_ADMIN_ROLE && (await isLastActiveSuperAdmin(tx, userId))) {
      throw new AppError('LAST_SUPER_ADMIN', 409);
    }
    await repo.updateUser(tx, userId, { status, ...(status === 'active' && !user.verifiedAt ? { verifiedAt: new Date() } : {}) });
    if (user.status !== status) await repo.insertAudit(tx, { actorId: actor.userId, userId, action: 'status', before: { status: user.status }, after: { status } });
    // SPEC §4 "Account inactive leads to token removal", in this transaction and not through the
    // outbox: a deactivated user's tokens must stop working when the change commits, not when a
    // job gets round to it.
    if (status === 'inactive') await sessions.revokeAll(tx, userId);
  });
  sessions.forgetCached(userId);
}

/**
 * What the users module needs from whoever keeps sessions (the auth module connects it at start;
 * auth depends on users, so users cannot import auth). Both calls are synchronous on purpose:
 * revoking is part of the status change's transaction, and forgetting a cached session is local to
 * this process (another process drops its cache within the session cache time).
 */
export interface UserSessions {
  /** Delete every session of the user, in the caller's transaction. */
  revokeAll(tx: Db, userId: string): Promise<void>;
  /** Drop this process's cached sessions of the user (after a change to status, language, permissions). */
  forgetCached(userId: string): void;
}

/** The users module's per-app instance: its use cases, bound to the sessions port once auth connects it. */
export function createUsersModule(changes: ChangeFeed) {
  let port: UserSessions | undefined;
  const sessions: UserSessions = {
    revokeAll: (tx, userId) => {
      if (!port) throw new Error('no session keeper connected to the users module');
      return port.revokeAll(tx, userId);
    },
    forgetCached: (userId) => port?.forgetCached(userId),
  };
  return {
    /** Called once by the auth module. */
    connectSessions(keeper: UserSessions): void {
      if (port) throw new Error('sessions already connected');
      port = keeper;
    },
    /** For the team-members module (users.members.ts). */
    members: memberAccess(sessions),
    useCases: {
      getProfile,
      getMe: meReader(changes),
      updateProfile,
      updateSender,
      setAvatar,
      searchCustomers: repo.searchCustomers,
      permissionDetail,
      updateSettings: (db: Db, user: Parameters<typeof updateSettings>[2], input: Parameters<typeof updateSettings>[3]) => updateSettings(db, sessions, user, input),
      setLanguage: (db: Db, userId: string, code: Language) => setLanguage(db, sessions, userId, code),
      dismissNotice: (db: Db, userId: string, notice: UserNotice) => dismissNotice(db, sessions, userId, notice),
      changeUserStatus: (db: Db, actor: Actor, userId: string, status: 'active' | 'inactive') => changeUserStatus(db, sessions, actor, userId, status),
      setPermissionOverrides: (db: Db, actor: Actor, userId: string, overrides: { code: string; granted: boolean }[]) =>
        setPermissionOverrides(db, sessions, actor, userId, overrides),
      listUsers: admin.listUsers,
      listRolesForFilter: admin.listRolesForFilter,
      createAccount: admin.createAccount,
      updateAccount: (db: Db, actor: Actor & { accountId: string }, body: Parameters<typeof admin.updateAccount>[3]) => admin.updateAccount(db, sessions, actor, body),
      pickAccounts: admin.pickAccounts,
      changeCheckin: admin.changeCheckin,
      walletByUser: admin.walletByUser,
      userActivity: admin.userActivity,
      listRoles: access.listRoles,
      createRole: access.createRole,
      updateRole: (db: Db, editor: access.RoleEditor, id: string, body: Parameters<typeof access.updateRole>[4]) => access.updateRole(db, sessions, editor, id, body),
      deleteRole: access.deleteRole,
      setRolePermissions: (db: Db, editor: access.RoleEditor, id: string, codes: string[]) => access.setRolePermissions(db, sessions, editor, id, codes),
      roleMatrix: access.roleMatrix,
      roleMatrixWorkbook: access.roleMatrixWorkbook,
      listResources: access.listResources,
      createResource: access.createResource,
      updateResource: access.updateResource,
      deleteResource: access.deleteResource,
      listPermissions: access.listPermissions,
      createPermission: access.createPermission,
      updatePermission: (db: Db, code: string, body: Parameters<typeof access.updatePermission>[3]) => access.updatePermission(db, sessions, code, body),
      deletePermission: (db: Db, code: string) => access.deletePermission(db, sessions, code),
    },
  };
}
export type UsersUseCases = ReturnType<typeof createUsersModule>['useCases'];
