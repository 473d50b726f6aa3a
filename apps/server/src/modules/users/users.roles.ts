import type { Readable } from 'node:stream';
import { asc, count, eq, inArray } from 'drizzle-orm';
import {
  PERMISSION_CODES,
  RESOURCES,
  CUSTOMER_GRANTABLE_CODES,
  PERMISSION_DESCRIPTIONS_VI,
  RESOURCE_NAMES_VI,
  ROLES,
  SUPER_ADMIN_ROLE,
  seededText,
  type Language,
  roleRank,
  type Permission,
  type PermissionBody,
  type Resource,
  type ResourceBody,
  type Role,
  type RoleBody,
  type RoleKind,
  type RoleMatrix,
} from '@exship/contracts';
import type { Db } from '../../platform/db';
import { AppError, fieldError, sqlState } from '../../platform/errors';
import { streamWorkbook } from '../../platform/xlsx';
import { forgetRoles, type UserSessions } from './users.service';
import { permissions, resources, rolePermissions, roles, userPermissions, users } from './users.tables';

// SPEC §2 /app/setting-user/role, /resource, /permission; §6 configurable roles. The §6 roles the
// product seeds and the permission codes its routes use are protected: never deleted, never recoded.
// A change to what a role grants reaches its signed-in users on their next request: the role cache
// (users.service.ts) and the users' cached sessions (auth) are dropped here.

const SEEDED_ROLES: ReadonlySet<string> = new Set(ROLES.map((r) => r.code));
const SEEDED_RESOURCE_NAMES: ReadonlyMap<string, string> = new Map(RESOURCES.map((r) => [r.code, r.name]));
const SEEDED_PERMISSION_DESCRIPTIONS: ReadonlyMap<string, string> = new Map(RESOURCES.flatMap((r) => Object.entries(r.permissions)));
const BUILT_IN_RESOURCES: ReadonlySet<string> = new Set(RESOURCES.map((r) => r.code));
const BUILT_IN_PERMISSIONS: ReadonlySet<string> = new Set(PERMISSION_CODES);

/** Drop the cached role permissions and every cached session of the roles' users. */
async function invalidate(db: Db, sessions: UserSessions, roleIds: string[] | 'all'): Promise<void> {
  forgetRoles();
  if (roleIds !== 'all' && roleIds.length === 0) return;
  const holders = await db
    .select({ id: users.id })
    .from(users)
    .where(roleIds === 'all' ? undefined : inArray(users.roleId, roleIds));
  for (const u of holders) sessions.forgetCached(u.id);
}

const taken = (err: unknown): never => {
  if (sqlState(err) === '23505') throw new AppError('CODE_TAKEN', 409, { errors: [{ field: 'code', message: 'error.CODE_TAKEN' }] });
  throw err;
};

// ── Roles ────────────────────────────────────────────────────────────────────────────────────

export async function listRoles(db: Db): Promise<Role[]> {
  const rows = await db.select().from(roles).orderBy(asc(roles.code));
  const counts = await db.select({ roleId: users.roleId, n: count() }).from(users).groupBy(users.roleId);
  const grants = await db.select().from(rolePermissions).orderBy(asc(rolePermissions.permissionCode));
  const usersBy = new Map(counts.map((c) => [c.roleId, Number(c.n)]));
  const codesBy = new Map<string, string[]>();
  for (const g of grants) codesBy.set(g.roleId, [...(codesBy.get(g.roleId) ?? []), g.permissionCode]);
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    name: r.name,
    description: r.description,
    kind: r.kind as RoleKind,
    parentCode: r.parentCode,
    seeded: SEEDED_ROLES.has(r.code),
    usersCount: usersBy.get(r.id) ?? 0,
    permissions: codesBy.get(r.id) ?? [],
  }));
}

async function roleById(db: Db, id: string): Promise<Role> {
  const role = (await listRoles(db)).find((r) => r.id === id);
  if (!role) throw new AppError('ROLE_NOT_FOUND', 404);
  return role;
}

/** The parent must exist and must not lead back to the role (by its old or new code). */
async function checkParent(db: Db, parentCode: string | null | undefined, own: string[]): Promise<{ kind: RoleKind } | null> {
  if (!parentCode) return null;
  if (own.includes(parentCode)) throw fieldError('parentCode', 'validation.role.parentCycle');
  const all = await db.select({ code: roles.code, kind: roles.kind, parentCode: roles.parentCode }).from(roles);
  const byCode = new Map(all.map((r) => [r.code, r]));
  const parent = byCode.get(parentCode);
  if (!parent) throw fieldError('parentCode', 'validation.role.parentUnknown');
  const seen = new Set<string>();
  for (let at: string | null = parent.parentCode; at && !seen.has(at); at = byCode.get(at)?.parentCode ?? null) {
    if (own.includes(at)) throw fieldError('parentCode', 'validation.role.parentCycle');
    seen.add(at);
  }
  return { kind: parent.kind as RoleKind };
}

export async function createRole(db: Db, body: RoleBody): Promise<Role> {
  const parent = await checkParent(db, body.parentCode, [body.code]);
  const [row] = await db
    .insert(roles)
    .values({ code: body.code, name: body.name, description: body.description || null, kind: body.kind ?? parent?.kind ?? 'staff', parentCode: body.parentCode ?? null })
    .returning({ id: roles.id })
    .catch(taken);
  return roleById(db, row!.id);
}

export async function updateRole(db: Db, sessions: UserSessions, editor: RoleEditor, id: string, body: RoleBody): Promise<Role> {
  const before = await roleById(db, id);
  refuseRoleAbove(editor, before);
  if (before.seeded && body.code !== before.code) throw new AppError('ROLE_PROTECTED', 409);
  // A kind decides who may hold staff powers: SPEC §6 fixes the seeded roles' kinds, and a role users
  // hold keeps its kind (a customer role turned staff would hand its sellers every account).
  if (body.kind && body.kind !== before.kind && (before.seeded || before.usersCount > 0)) {
    throw new AppError('ROLE_KIND_LOCKED', 422, { errors: [{ field: 'kind', message: 'error.ROLE_KIND_LOCKED' }], details: { usersCount: before.usersCount } });
  }
  if (body.kind === 'customer' && before.kind !== 'customer') {
    const staffOnly = before.permissions.filter((c) => !CUSTOMER_GRANTABLE_CODES.has(c)).sort();
    if (staffOnly.length > 0) throw new AppError('PERMISSIONS_STAFF_ONLY', 422, { vars: { codes: staffOnly.join(', ') }, details: { codes: staffOnly } });
  }
  await checkParent(db, body.parentCode, [before.code, body.code]);
  await db
    .transaction(async (tx) => {
      await tx
        .update(roles)
        .set({ code: body.code, name: body.name, ...(body.description !== undefined ? { description: body.description || null } : {}), parentCode: body.parentCode ?? null, ...(body.kind ? { kind: body.kind } : {}) })
        .where(eq(roles.id, id));
      if (body.code !== before.code) await tx.update(roles).set({ parentCode: body.code }).where(eq(roles.parentCode, before.code));
    })
    .catch(taken);
  // The role's code, name and kind travel in every cached session of its users.
  await invalidate(db, sessions, [id]);
  return roleById(db, id);
}

export async function deleteRole(db: Db, id: string): Promise<void> {
  const role = await roleById(db, id);
  if (role.seeded) throw new AppError('ROLE_PROTECTED', 409);
  if (role.usersCount > 0) throw new AppError('ROLE_IN_USE', 409, { vars: { count: String(role.usersCount) }, details: { usersCount: role.usersCount } });
  await db.transaction(async (tx) => {
    await tx.update(roles).set({ parentCode: null }).where(eq(roles.parentCode, role.code));
    await tx.delete(roles).where(eq(roles.id, id));
  });
  forgetRoles();
}

/** Who changes a role's permissions: their own role, and the codes they hold. */
export interface RoleEditor {
  roleCode: string;
  permissions: ReadonlySet<string>;
}


/** Nobody changes their own role or one ranked at or above theirs; the super admin changes every other. */
function refuseRoleAbove(editor: RoleEditor, role: Pick<Role, 'code'>): void {
  if (editor.roleCode !== SUPER_ADMIN_ROLE && (role.code === editor.roleCode || roleRank(role.code) >= roleRank(editor.roleCode))) {
    throw new AppError('ROLE_ABOVE_YOURS', 403, { details: { role: role.code } });
  }
}

/**
 * SPEC §6 and the team rule "only what you hold", for roles: nobody edits their own role or a role that
 * ranks at or above theirs (only the super admin edits every other role), and nobody grants or removes a
 * code they do not hold. A customer role takes only codes customer roles are made of.
 */
function refuseRoleEdit(editor: RoleEditor, role: Role, before: readonly string[], wanted: readonly string[]): void {
  refuseRoleAbove(editor, role);
  const changed = [...wanted.filter((c) => !before.includes(c)), ...before.filter((c) => !wanted.includes(c))];
  const beyond = changed.filter((c) => !editor.permissions.has(c)).sort();
  if (beyond.length > 0) throw new AppError('PERMISSION_NOT_HELD', 403, { details: { codes: beyond } });
  if (role.kind === 'customer') {
    const staffOnly = wanted.filter((c) => !CUSTOMER_GRANTABLE_CODES.has(c)).sort();
    if (staffOnly.length > 0) throw new AppError('PERMISSIONS_STAFF_ONLY', 422, { vars: { codes: staffOnly.join(', ') }, details: { codes: staffOnly } });
  }
}

export async function setRolePermissions(db: Db, sessions: UserSessions, editor: RoleEditor, id: string, codes: string[]): Promise<Role> {
  const role = await roleById(db, id);
  const wanted = [...new Set(codes)];
  const known = new Set((await db.select({ code: permissions.code }).from(permissions)).map((p) => p.code));
  const unknown = wanted.filter((c) => !known.has(c)).sort();
  if (unknown.length > 0) throw new AppError('PERMISSIONS_UNKNOWN', 422, { vars: { codes: unknown.join(', ') }, details: { codes: unknown } });
  refuseRoleEdit(editor, role, role.permissions, wanted);
  await db.transaction(async (tx) => {
    await tx.delete(rolePermissions).where(eq(rolePermissions.roleId, id));
    if (wanted.length > 0) await tx.insert(rolePermissions).values(wanted.map((permissionCode) => ({ roleId: id, permissionCode })));
  });
  await invalidate(db, sessions, [id]);
  return roleById(db, id);
}

export async function roleMatrix(db: Db, lang: Language = 'en'): Promise<RoleMatrix> {
  const all = await listRoles(db);
  const perms = (await listPermissions(db, lang)).map((p) => ({ code: p.code, description: p.description, resourceCode: p.resourceCode }));
  return { roles: all.map((r) => ({ code: r.code, name: r.name })), permissions: perms, grants: Object.fromEntries(all.map((r) => [r.code, r.permissions])) };
}

/** One row per role, one column per permission, "x" where the role holds it. */
export async function roleMatrixWorkbook(db: Db): Promise<Readable> {
  const m = await roleMatrix(db);
  const rows = m.roles.map((r) => {
    const held = new Set(m.grants[r.code] ?? []);
    return [r.code, r.name, ...m.permissions.map((p) => (held.has(p.code) ? 'x' : ''))];
  });
  return streamWorkbook([{ name: 'Roles x permissions', headers: ['Role code', 'Role name', ...m.permissions.map((p) => p.code)], rows, freezeColumns: 2 }]);
}

// ── Resources ────────────────────────────────────────────────────────────────────────────────

export async function listResources(db: Db, lang: Language = 'en'): Promise<Resource[]> {
  const rows = await db.select().from(resources).orderBy(asc(resources.code));
  const counts = await db.select({ code: permissions.resourceCode, n: count() }).from(permissions).groupBy(permissions.resourceCode);
  const by = new Map(counts.map((c) => [c.code, Number(c.n)]));
  return rows.map((r) => ({
    ...r,
    name: seededText(lang, r.name, SEEDED_RESOURCE_NAMES.get(r.code), RESOURCE_NAMES_VI[r.code]),
    builtIn: BUILT_IN_RESOURCES.has(r.code),
    permissionsCount: by.get(r.code) ?? 0,
  }));
}

async function resourceByCode(db: Db, code: string): Promise<Resource> {
  const found = (await listResources(db)).find((r) => r.code === code);
  if (!found) throw new AppError('RESOURCE_NOT_FOUND', 404);
  return found;
}

async function checkResourceParent(db: Db, parentCode: string | null | undefined, own: string[]): Promise<void> {
  if (!parentCode) return;
  if (own.includes(parentCode)) throw fieldError('parentCode', 'validation.resource.parentCycle');
  const byCode = new Map((await db.select({ code: resources.code, parentCode: resources.parentCode }).from(resources)).map((r) => [r.code, r.parentCode]));
  if (!byCode.has(parentCode)) throw fieldError('parentCode', 'validation.resource.unknown');
  const seen = new Set<string>();
  for (let at = byCode.get(parentCode) ?? null; at && !seen.has(at); at = byCode.get(at) ?? null) {
    if (own.includes(at)) throw fieldError('parentCode', 'validation.resource.parentCycle');
    seen.add(at);
  }
}

export async function createResource(db: Db, body: ResourceBody): Promise<Resource> {
  await checkResourceParent(db, body.parentCode, [body.code]);
  await db
    .insert(resources)
    .values({ code: body.code, name: body.name, description: body.description ?? null, parentCode: body.parentCode ?? null })
    .catch(taken);
  return resourceByCode(db, body.code);
}

export async function updateResource(db: Db, code: string, body: ResourceBody): Promise<Resource> {
  const before = await resourceByCode(db, code);
  if (body.code !== code && (before.builtIn || before.permissionsCount > 0)) throw new AppError('RESOURCE_IN_USE', 409);
  await checkResourceParent(db, body.parentCode, [code, body.code]);
  await db
    .transaction(async (tx) => {
      await tx
        .update(resources)
        .set({ code: body.code, name: body.name, description: body.description ?? null, parentCode: body.parentCode ?? null })
        .where(eq(resources.code, code));
      if (body.code !== code) await tx.update(resources).set({ parentCode: body.code }).where(eq(resources.parentCode, code));
    })
    .catch(taken);
  return resourceByCode(db, body.code);
}

export async function deleteResource(db: Db, code: string): Promise<void> {
  const found = await resourceByCode(db, code);
  const [child] = await db.select({ code: resources.code }).from(resources).where(eq(resources.parentCode, code)).limit(1);
  if (found.builtIn || found.permissionsCount > 0 || child) throw new AppError('RESOURCE_IN_USE', 409);
  await db.delete(resources).where(eq(resources.code, code));
}

// ── Permissions ──────────────────────────────────────────────────────────────────────────────

export async function listPermissions(db: Db, lang: Language = 'en'): Promise<Permission[]> {
  const rows = await db.select().from(permissions).orderBy(asc(permissions.resourceCode), asc(permissions.code));
  const counts = await db.select({ code: rolePermissions.permissionCode, n: count() }).from(rolePermissions).groupBy(rolePermissions.permissionCode);
  const by = new Map(counts.map((c) => [c.code, Number(c.n)]));
  return rows.map((p) => ({
    ...p,
    description: seededText(lang, p.description, SEEDED_PERMISSION_DESCRIPTIONS.get(p.code), PERMISSION_DESCRIPTIONS_VI[p.code]),
    builtIn: BUILT_IN_PERMISSIONS.has(p.code),
    rolesCount: by.get(p.code) ?? 0,
  }));
}

async function permissionByCode(db: Db, code: string): Promise<Permission> {
  const found = (await listPermissions(db)).find((p) => p.code === code);
  if (!found) throw new AppError('PERMISSION_NOT_FOUND', 404);
  return found;
}

async function checkResource(db: Db, code: string): Promise<void> {
  const [found] = await db.select({ code: resources.code }).from(resources).where(eq(resources.code, code));
  if (!found) throw fieldError('resourceCode', 'validation.resource.unknown');
}

export async function createPermission(db: Db, body: PermissionBody): Promise<Permission> {
  await checkResource(db, body.resourceCode);
  await db.insert(permissions).values({ code: body.code, description: body.description, resourceCode: body.resourceCode }).catch(taken);
  return permissionByCode(db, body.code);
}

export async function updatePermission(db: Db, sessions: UserSessions, code: string, body: PermissionBody): Promise<Permission> {
  const before = await permissionByCode(db, code);
  if (before.builtIn && body.code !== code) throw new AppError('PERMISSION_PROTECTED', 409);
  await checkResource(db, body.resourceCode);
  await db.transaction(async (tx) => {
    if (body.code === code) {
      await tx.update(permissions).set({ description: body.description, resourceCode: body.resourceCode }).where(eq(permissions.code, code));
      return;
    }
    // A new code: the row is copied, its grants moved, the old row dropped (the grants refer to the code).
    await tx.insert(permissions).values({ code: body.code, description: body.description, resourceCode: body.resourceCode });
    const holders = await tx.select({ roleId: rolePermissions.roleId }).from(rolePermissions).where(eq(rolePermissions.permissionCode, code));
    if (holders.length > 0) await tx.insert(rolePermissions).values(holders.map((h) => ({ roleId: h.roleId, permissionCode: body.code })));
    const overrides = await tx.select().from(userPermissions).where(eq(userPermissions.permissionCode, code));
    if (overrides.length > 0) await tx.insert(userPermissions).values(overrides.map((o) => ({ ...o, permissionCode: body.code })));
    await tx.delete(permissions).where(eq(permissions.code, code));
  }).catch(taken);
  if (body.code !== code) await invalidate(db, sessions, 'all');
  return permissionByCode(db, body.code);
}

export async function deletePermission(db: Db, sessions: UserSessions, code: string): Promise<void> {
  const found = await permissionByCode(db, code);
  if (found.builtIn) throw new AppError('PERMISSION_PROTECTED', 409);
  await db.delete(permissions).where(eq(permissions.code, code));
  await invalidate(db, sessions, 'all');
}
