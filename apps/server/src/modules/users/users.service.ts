import { eq } from 'drizzle-orm';
import {
  PERMISSION_CODES,
  RESOURCES,
  ROLES,
  rolePermissions as defaultRolePermissions,
  type Language,
  type Profile,
  type UserStatus,
} from '@exship/contracts';
import { effectivePermissions } from '@exship/domain';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { getWalletSummary, setAutoPay } from '../wallet';
import * as repo from './users.repository';
import { permissions, resources, rolePermissions, roles, userPermissions } from './users.tables';

export type { UserRow } from './users.repository';
export { findUserByEmail, findUserById, searchCustomers } from './users.repository';

/**
 * SPEC §6: the permission catalog and the default roles are rows. Resources and permissions follow
 * the code on every start; a role gets its default permissions only when it is first created, so
 * staff edits to a role survive restarts.
 */
export async function seedAccessCatalog(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
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
      }
    }
  });
}

export async function createUser(
  db: Db,
  input: { email: string; passwordHash: string; fullName: string; phone?: string | null; roleCode: string; status: UserStatus; accountId?: string; language?: Language },
): Promise<repo.UserRow> {
  const role = await repo.findRoleByCode(db, input.roleCode);
  if (!role) throw new Error(`role ${input.roleCode} is not seeded`);
  const id = crypto.randomUUID();
  return repo.insertUser(db, {
    id,
    accountId: input.accountId ?? id,
    email: input.email,
    passwordHash: input.passwordHash,
    fullName: input.fullName,
    phone: input.phone ?? null,
    roleId: role.id,
    status: input.status,
    ...(input.language ? { language: input.language } : {}),
    verifiedAt: input.status === 'active' ? new Date() : null,
  });
}

export async function updateUserRow(db: Db, id: string, patch: Partial<repo.NewUser>): Promise<void> {
  await repo.updateUser(db, id, patch);
}

/**
 * Roles and their permission sets change rarely and are read on every request, so each process
 * keeps them for a short time. Role edits call forgetRoles(); other processes catch up within the TTL.
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
  /** Effective permission codes: role defaults, then the user's overrides. */
  permissions: string[];
}

/** A user with their role and effective permissions. */
export async function loadPrincipal(db: Db, userId: string): Promise<Principal | undefined> {
  const found = await repo.findUserWithOverrides(db, userId);
  if (!found) return undefined;
  const { role, codes } = await cachedRole(db, found.user.roleId);
  return { user: found.user, role, permissions: effectivePermissions(codes, found.overrides) };
}

/** SPEC §3 user profile, as GET /me returns it. */
export async function getProfile(db: Db, userId: string): Promise<Profile> {
  const principal = await loadPrincipal(db, userId);
  if (!principal) throw new AppError('USER_NOT_FOUND', 404);
  const { user, role, permissions: perms } = principal;
  const wallet = await getWalletSummary(db, user.accountId);
  return {
    id: user.id,
    fullName: user.fullName,
    email: user.email,
    phone: user.phone,
    avatar: user.avatar,
    gender: (user.gender as Profile['gender']) ?? null,
    dateOfBirth: user.dateOfBirth,
    status: user.status as UserStatus,
    role: { name: role.name, code: role.code, kind: role.kind as 'staff' | 'customer' },
    permissions: perms,
    timeZone: user.timeZone,
    language: user.language as Language,
    labelPurchaseDelayHours: user.labelPurchaseDelayHours,
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

export async function updateSettings(
  db: Db,
  user: { userId: string; accountId: string },
  input: { timeZone?: string; labelPurchaseDelayHours?: number; autoPay?: boolean },
): Promise<Profile> {
  await db.transaction(async (tx) => {
    const patch: Partial<repo.NewUser> = {};
    if (input.timeZone !== undefined) patch.timeZone = input.timeZone;
    if (input.labelPurchaseDelayHours !== undefined) patch.labelPurchaseDelayHours = input.labelPurchaseDelayHours;
    if (Object.keys(patch).length > 0) await repo.updateUser(tx, user.userId, patch);
    if (input.autoPay !== undefined) await setAutoPay(tx, user.accountId, input.autoPay);
  });
  changed(user.userId);
  return getProfile(db, user.userId);
}

export async function setLanguage(db: Db, userId: string, code: Language): Promise<Profile> {
  await repo.updateUser(db, userId, { language: code });
  changed(userId);
  return getProfile(db, userId);
}

type ChangeListener = (userId: string) => void;
const changeListeners: ChangeListener[] = [];
/** Told after a user's settings, language or status change, so cached sessions can be dropped. */
export function onUserChanged(listener: ChangeListener): void {
  if (!changeListeners.includes(listener)) changeListeners.push(listener);
}
const changed = (userId: string) => changeListeners.forEach((l) => l(userId));

/** SPEC §7 PATCH /admin/update-permission-user: replaces the user's overrides. */
export async function setPermissionOverrides(db: Db, userId: string, overrides: { code: string; granted: boolean }[]): Promise<Principal> {
  const unknown = overrides.filter((o) => !(PERMISSION_CODES as string[]).includes(o.code));
  if (unknown.length > 0) {
    throw new AppError('VALIDATION_FAILED', 400, { errors: unknown.map((o) => ({ field: `overrides.${overrides.indexOf(o)}.code`, message: 'validation.permission.code' })) });
  }
  await db.transaction(async (tx) => {
    if (!(await repo.findUserById(tx, userId))) throw new AppError('USER_NOT_FOUND', 404);
    await tx.delete(userPermissions).where(eq(userPermissions.userId, userId));
    const unique = [...new Map(overrides.map((o) => [o.code, o])).values()];
    if (unique.length > 0) await tx.insert(userPermissions).values(unique.map((o) => ({ userId, permissionCode: o.code, granted: o.granted })));
  });
  changed(userId);
  return (await loadPrincipal(db, userId))!;
}

export async function permissionDetail(db: Db, userId: string) {
  const found = await repo.findUserWithOverrides(db, userId);
  if (!found) throw new AppError('USER_NOT_FOUND', 404);
  const { role, codes } = await cachedRole(db, found.user.roleId);
  return { role: { code: role.code, name: role.name, permissions: codes }, overrides: found.overrides, permissions: effectivePermissions(codes, found.overrides) };
}

type DeactivationListener = (tx: Db, userId: string) => Promise<void>;
const deactivationListeners: DeactivationListener[] = [];
/** SPEC §4 "Account inactive leads to token removal": the auth module revokes sessions here. */
export function onUserDeactivated(listener: DeactivationListener): void {
  if (!deactivationListeners.includes(listener)) deactivationListeners.push(listener);
}

export async function changeUserStatus(db: Db, userId: string, status: 'active' | 'inactive'): Promise<void> {
  await db.transaction(async (tx) => {
    const user = await repo.findUserById(tx, userId);
    if (!user) throw new AppError('USER_NOT_FOUND', 404);
    await repo.updateUser(tx, userId, { status, ...(status === 'active' && !user.verifiedAt ? { verifiedAt: new Date() } : {}) });
    if (status === 'inactive') for (const l of deactivationListeners) await l(tx, userId);
  });
  changed(userId);
}
