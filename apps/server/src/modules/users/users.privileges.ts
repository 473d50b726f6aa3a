import { CUSTOMER_GRANTABLE_CODES, ROLES, SELLER_ONLY_CODES, SUPER_ADMIN_ROLE, roleRank, type RoleKind } from '@exship/contracts';
import { effectivePermissions } from '@exship/domain';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import * as repo from './users.repository';

// The privilege rules every path that gives a user rights goes through: who counts as a seller
// (never holding staff powers, whatever its role or overrides say) and which roles an actor may hand
// out (only one whose every code the actor holds itself).

/** Seeded roles keep the kind SPEC §6 gives them, whatever a later edit of their row says. */
const SEEDED_KIND: ReadonlyMap<string, RoleKind> = new Map(ROLES.map((r) => [r.code, r.kind]));
export const SEEDED_CUSTOMER_ROLES: readonly string[] = ROLES.filter((r) => r.kind === 'customer').map((r) => r.code);

/**
 * A user of a seller account: a member of someone else's account (team members belong to sellers),
 * a holder of a customer-kind role, or of a role the product seeds as a customer role.
 */
export function isSellerUser(user: { id: string; accountId: string }, role: { code: string; kind: string }): boolean {
  return user.accountId !== user.id || isCustomerRole(role);
}

/** A customer role: by its kind, or by the kind SPEC §6 gives a seeded role. */
export const isCustomerRole = (role: { code: string; kind: string }): boolean => role.kind === 'customer' || SEEDED_KIND.get(role.code) === 'customer';

/** The codes of `codes` a seller can never hold (staff powers such as EX-ACT-FOR-CUSTOMER). */
export const staffOnlyCodes = (codes: Iterable<string>): string[] => [...codes].filter((c) => !CUSTOMER_GRANTABLE_CODES.has(c)).sort();

/**
 * What a user may do: the role's codes, then the overrides; a seller keeps only codes customer roles
 * may hold, so no override or role edit ever lifts a seller out of its own account.
 */
export function userPermissions(
  user: { id: string; accountId: string },
  role: { code: string; kind: string },
  roleCodes: readonly string[],
  overrides: readonly { code: string; granted: boolean }[],
): string[] {
  const codes = effectivePermissions(roleCodes, overrides);
  return isSellerUser(user, role) ? codes.filter((c) => CUSTOMER_GRANTABLE_CODES.has(c)) : codes;
}

/** Who hands out a role or rights: their role and effective codes. */
export interface Grantor {
  roleCode: string;
  roleKind: string;
  permissions: ReadonlySet<string>;
}

/**
 * The codes of `codes` the grantor does not hold. The super admin holds every code. Staff never hold a
 * seller's own wallet codes, yet may set them; and giving a seller's user (`toSeller`) rights customer
 * roles are made of opens nothing to the staff member, whose reach is already every account.
 */
export function codesNotHeld(grantor: Grantor, codes: Iterable<string>, toSeller = false): string[] {
  if (grantor.roleCode === SUPER_ADMIN_ROLE) return [];
  const staff = grantor.roleKind === 'staff';
  const exempt = (c: string) => staff && (SELLER_ONLY_CODES.includes(c as never) || (toSeller && CUSTOMER_GRANTABLE_CODES.has(c)));
  return [...new Set(codes)].filter((c) => !grantor.permissions.has(c) && !exempt(c)).sort();
}

/**
 * The role a grantor may give (create a user, change a user's role, invite a member): it exists (else
 * 400 naming `roleCode`), ranks no higher than the grantor's, and holds no code the grantor lacks
 * (403 ROLE_NOT_HELD listing them). `seller` says the receiving user is a seller's: never a staff role.
 */
export async function assignableRole(db: Db, grantor: Grantor, code: string, opts: { seller?: boolean } = {}): Promise<repo.RoleRow & { codes: string[] }> {
  const role = await repo.findRoleByCode(db, code);
  if (!role) throw new AppError('VALIDATION_FAILED', 400, { errors: [{ field: 'roleCode', message: 'validation.role.unknown' }] });
  if (roleRank(role.code) > roleRank(grantor.roleCode)) throw new AppError('USER_RANKS_ABOVE', 403);
  const codes = await repo.rolePermissionCodes(db, role.id);
  const missing = codesNotHeld(grantor, codes, isCustomerRole(role));
  if (missing.length > 0) throw new AppError('ROLE_NOT_HELD', 403, { vars: { codes: missing.join(', ') }, details: { role: role.code, codes: missing } });
  if (opts.seller && !isCustomerRole(role)) {
    throw new AppError('STAFF_ONLY_FOR_SELLER', 422, { errors: [{ field: 'roleCode', message: 'error.STAFF_ONLY_FOR_SELLER' }], details: { role: role.code } });
  }
  return { ...role, codes };
}
