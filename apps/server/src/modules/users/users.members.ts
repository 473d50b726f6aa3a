import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { assignableRole, codesNotHeld, isSellerUser, userPermissions as permissionsOfUser, type Grantor } from './users.privileges';
import * as repo from './users.repository';
import type { UserSessions } from './users.service';
import { userPermissions } from './users.tables';

// What the team-members module may do to a member's user row: a member is a user of the owner's
// account. Role and permission changes drop the member's cached sessions, so they apply on the next
// request; removing a member deactivates it and revokes its sessions at once (SPEC §4).
export function memberAccess(sessions: UserSessions) {
  return {
    /** SPEC §6: a new role replaces every earlier restriction (the overrides are cleared). */
    async setRole(tx: Db, userId: string, roleCode: string): Promise<void> {
      const role = await repo.findRoleByCode(tx, roleCode);
      if (!role) throw new Error(`role ${roleCode} is not seeded`);
      await repo.updateUser(tx, userId, { roleId: role.id });
      await tx.delete(userPermissions).where(eq(userPermissions.userId, userId));
      sessions.forgetCached(userId);
    },
    async setOverrides(tx: Db, userId: string, overrides: readonly { code: string; granted: boolean }[]): Promise<void> {
      await tx.delete(userPermissions).where(eq(userPermissions.userId, userId));
      if (overrides.length) await tx.insert(userPermissions).values(overrides.map((o) => ({ userId, permissionCode: o.code, granted: o.granted })));
      sessions.forgetCached(userId);
    },
    /** A removed member invited again: the same user, active again with the new name, password and role. */
    async rejoin(tx: Db, userId: string, values: { fullName: string; passwordHash: string; roleCode: string; language: string }): Promise<void> {
      const role = await repo.findRoleByCode(tx, values.roleCode);
      if (!role) throw new Error(`role ${values.roleCode} is not seeded`);
      await repo.updateUser(tx, userId, { status: 'active', fullName: values.fullName, passwordHash: values.passwordHash, roleId: role.id, language: values.language });
      await tx.delete(userPermissions).where(eq(userPermissions.userId, userId));
      sessions.forgetCached(userId);
    },
    async deactivate(tx: Db, userId: string): Promise<void> {
      await repo.updateUser(tx, userId, { status: 'inactive' });
      await sessions.revokeAll(tx, userId);
      sessions.forgetCached(userId);
    },
    overridesOf: async (db: Db, userId: string) => (await repo.findUserWithOverrides(db, userId))?.overrides ?? [],
    /** The member's effective permissions (a seller's: never a staff power). */
    async permissionsOf(db: Db, userId: string, overrides?: readonly { code: string; granted: boolean }[]): Promise<string[]> {
      const found = await repo.findUserWithOverrides(db, userId);
      if (!found) return [];
      const role = (await repo.findRoleById(db, found.user.roleId))!;
      return permissionsOfUser(found.user, role, await repo.rolePermissionCodes(db, role.id), overrides ?? found.overrides);
    },
    /** An active user as one who hands out rights (an inviter when its invite is accepted). */
    async grantorOf(db: Db, userId: string): Promise<Grantor | undefined> {
      const found = await repo.findUserWithOverrides(db, userId);
      if (!found || found.user.status !== 'active') return undefined;
      const role = (await repo.findRoleById(db, found.user.roleId))!;
      const permissions = new Set(permissionsOfUser(found.user, role, await repo.rolePermissionCodes(db, role.id), found.overrides));
      return { roleCode: role.code, roleKind: isSellerUser(found.user, role) ? 'customer' : 'staff', permissions };
    },
    codesNotHeld,
    /** The one rule for handing out a role: see users.privileges.ts. A member is always a seller's. */
    assignableRole: (db: Db, grantor: Parameters<typeof assignableRole>[1], code: string) => assignableRole(db, grantor, code, { seller: true }),
    rolePermissionCodes: repo.rolePermissionCodes,
    findRoleById: repo.findRoleById,
    findRoleByCode: repo.findRoleByCode,
  };
}
export type MemberAccess = ReturnType<typeof memberAccess>;
