import { and, desc, eq, gt, inArray, ne } from 'drizzle-orm';
import { MEMBER_LIMITS, RESOURCES, ROLES, SUB_SELLER_ROLES, type Language, type Member } from '@exship/contracts';
import type { Db } from '../../platform/db';
import { AppError, sqlState } from '../../platform/errors';
import type { AuthContext } from '../../platform/http';
import type { Mailer } from '../../platform/mail';
import { hashPassword } from '../../platform/passwords';
import * as rate from '../../platform/rate-limit';
import { hashToken, newToken } from '../../platform/tokens';
import { renderMail } from '../emails';
import { createUser, findUserByEmail, findUserById, type MemberAccess } from '../users';
import { teamMembers } from './members.tables';

// Team members (SPEC §4 pending → confirmed, §6, §7 /members/*): the owner invites by email; the link
// (72 hours, good once) creates a user in the owner's account with a sub-seller role, so the member
// sees the owner's data through the same account scope, limited by its role and overrides.

type Row = typeof teamMembers.$inferSelect;
/** Who manages the team: the account, their role and effective permissions. */
type Actor = Pick<AuthContext, 'userId' | 'accountId' | 'permissions' | 'roleCode' | 'roleKind'>;
const HOUR = 3_600_000;
const roleName = (code: string) => ROLES.find((r) => r.code === code)?.name ?? code;

/** The user was a member of its account and was removed (inactive): it may be invited back. */
async function removedMember(db: Db, user: { id: string; status: string }): Promise<boolean> {
  if (user.status !== 'inactive') return false;
  const [row] = await db.select({ id: teamMembers.id }).from(teamMembers).where(and(eq(teamMembers.memberUserId, user.id), eq(teamMembers.status, 'removed'))).limit(1);
  return Boolean(row);
}

export function createMemberService(deps: { db: Db; mailer: Mailer; appUrl: string; users: MemberAccess; now?: () => Date }) {
  const { db, mailer, appUrl, users } = deps;
  const clock = deps.now ?? (() => new Date());

  const view = async (r: Row): Promise<Member> => {
    const user = r.memberUserId ? await findUserById(db, r.memberUserId) : undefined;
    const role = user ? await users.findRoleById(db, user.roleId) : undefined;
    const code = role?.code ?? r.roleCode;
    return {
      _id: r.id,
      email: r.email,
      fullName: user?.fullName ?? null,
      role: { code, name: roleName(code) },
      status: r.status as Member['status'],
      invitedAt: r.invitedAt.toISOString(),
      expiresAt: r.status === 'pending' && r.expiresAt ? r.expiresAt.toISOString() : null,
      confirmedAt: r.confirmedAt?.toISOString() ?? null,
    };
  };

  async function mine(actor: Actor, id: string, tx: Db = db): Promise<Row> {
    const [r] = await tx.select().from(teamMembers).where(and(eq(teamMembers.id, id), eq(teamMembers.accountId, actor.accountId), ne(teamMembers.status, 'removed')));
    if (!r) throw new AppError('MEMBER_NOT_FOUND', 404);
    return r;
  }

  async function sendInvite(actor: Actor & { fullName?: string }, r: Row, token: string) {
    const owner = await findUserById(db, actor.accountId);
    const lang = ((owner?.language as Language | undefined) ?? 'en') as Language;
    const mail = await renderMail(db, 'team.invite', lang, {
      name: r.email,
      inviterName: actor.fullName || owner?.fullName || 'ExShip',
      teamName: owner?.fullName ? `${owner.fullName}'s team` : 'an ExShip team',
      link: `${appUrl}/app/teams/confirm-invite?token=${token}`,
    });
    await mailer.send({ to: r.email, ...mail });
  }

  async function throttle(actor: Actor) {
    const state = await rate.hit(db, `invite:${actor.accountId}`, HOUR);
    if (state.count > 30) throw new AppError('RATE_LIMITED', 429);
  }

  /** Codes the owner may hand out: the owner's own (a member never gets more than its owner). */
  async function ownerCodes(actor: Actor): Promise<Set<string>> {
    return new Set([...actor.permissions].filter((c) => c.startsWith('EX-')));
  }

  async function memberUser(actor: Actor, memberId: string) {
    const r = await mine(actor, memberId);
    if (r.status !== 'confirmed' || !r.memberUserId) throw new AppError('MEMBER_NOT_FOUND', 404);
    const user = await findUserById(db, r.memberUserId);
    if (!user || user.accountId !== actor.accountId) throw new AppError('MEMBER_NOT_FOUND', 404);
    return { row: r, user };
  }

  /** The rights a member holds: a confirmed member's effective permissions, a pending invite's role's. */
  async function rightsOf(r: Row, tx: Db = db): Promise<string[]> {
    if (r.memberUserId) return users.permissionsOf(tx, r.memberUserId);
    const role = await users.findRoleByCode(tx, r.roleCode);
    return role ? users.rolePermissionCodes(tx, role.id) : [];
  }

  /**
   * The team's side of the privilege rules (as assertMayManage for staff): nobody changes themselves,
   * nor a member or invite holding a right they lack — such a member outranks them.
   */
  async function refuseUnlessManages(actor: Actor, r: Row, tx: Db = db): Promise<void> {
    if (r.memberUserId === actor.userId) throw new AppError('USER_SELF_CHANGE', 403);
    const beyond = users.codesNotHeld(actor, await rightsOf(r, tx));
    if (beyond.length > 0) throw new AppError('PERMISSION_NOT_HELD', 403, { details: { codes: beyond } });
  }

  return {
    async list(actor: Actor): Promise<Member[]> {
      const rows = await db.select().from(teamMembers).where(and(eq(teamMembers.accountId, actor.accountId), ne(teamMembers.status, 'removed'))).orderBy(desc(teamMembers.invitedAt));
      return Promise.all(rows.map(view));
    },

    async invite(actor: Actor & { fullName?: string }, body: { email: string; roleCode: string }): Promise<Member> {
      await throttle(actor);
      // Nobody hands out a role holding a right they lack (a restricted Manager inviting an Accountant).
      await users.assignableRole(db, actor, body.roleCode);
      // Someone of this very account is named as such. Any other address is invited like every other, so
      // the reply tells an inviter nothing about whether it has an account elsewhere (as sign-up does);
      // the invitee learns it on the link's page, and such an invite can never be confirmed.
      const existing = await findUserByEmail(db, body.email);
      // A member removed earlier may be invited again (its user comes back when it confirms).
      if (existing?.accountId === actor.accountId && !(await removedMember(db, existing))) throw new AppError('MEMBER_EMAIL_TAKEN', 409);
      const token = newToken();
      const expiresAt = new Date(clock().getTime() + MEMBER_LIMITS.inviteHours * HOUR);
      const row = await db.transaction(async (tx) => {
        const [pending] = await tx.select().from(teamMembers).where(and(eq(teamMembers.accountId, actor.accountId), eq(teamMembers.email, body.email), eq(teamMembers.status, 'pending'))).for('update');
        if (pending) {
          await refuseUnlessManages(actor, pending, tx);
          const [u] = await tx.update(teamMembers).set({ roleCode: body.roleCode, tokenHash: hashToken(token), expiresAt, invitedAt: clock(), invitedBy: actor.userId }).where(eq(teamMembers.id, pending.id)).returning();
          return u!;
        }
        const live = await tx.select({ id: teamMembers.id }).from(teamMembers).where(and(eq(teamMembers.accountId, actor.accountId), inArray(teamMembers.status, ['pending', 'confirmed'])));
        if (live.length >= MEMBER_LIMITS.maxMembers) throw new AppError('VALIDATION_FAILED', 422, { errors: [{ field: 'email', message: 'validation.tooMany' }] });
        const [r] = await tx.insert(teamMembers).values({ accountId: actor.accountId, email: body.email, roleCode: body.roleCode, tokenHash: hashToken(token), expiresAt, invitedBy: actor.userId }).returning();
        return r!;
      });
      await sendInvite(actor, row, token);
      return view(row);
    },

    async resend(actor: Actor & { fullName?: string }, id: string): Promise<Member> {
      await throttle(actor);
      const r = await mine(actor, id);
      if (r.status !== 'pending') throw new AppError('INVITE_NOT_PENDING', 409);
      await refuseUnlessManages(actor, r);
      const token = newToken();
      const [u] = await db.update(teamMembers).set({ tokenHash: hashToken(token), expiresAt: new Date(clock().getTime() + MEMBER_LIMITS.inviteHours * HOUR), invitedAt: clock() }).where(eq(teamMembers.id, r.id)).returning();
      await sendInvite(actor, u!, token);
      return view(u!);
    },

    async verify(token: string) {
      const [r] = await db.select().from(teamMembers).where(and(eq(teamMembers.tokenHash, hashToken(token)), eq(teamMembers.status, 'pending'), gt(teamMembers.expiresAt, clock())));
      if (!r) throw new AppError('INVITE_NOT_FOUND', 404);
      const existing = await findUserByEmail(db, r.email);
      if (existing && !(existing.accountId === r.accountId && (await removedMember(db, existing)))) throw new AppError('MEMBER_EMAIL_TAKEN', 409);
      const owner = await findUserById(db, r.accountId);
      return { email: r.email, teamName: owner ? `${owner.fullName}'s team` : 'ExShip', roleName: roleName(r.roleCode), expiresAt: r.expiresAt!.toISOString() };
    },

    /** Good once: the row is locked and its token cleared in the transaction that creates the member. */
    async confirm(body: { token: string; fullName: string; password: string }, lang: Language): Promise<{ email: string }> {
      const passwordHash = await hashPassword(body.password);
      try {
        return await db.transaction(async (tx) => {
          const [r] = await tx.select().from(teamMembers).where(and(eq(teamMembers.tokenHash, hashToken(body.token)), eq(teamMembers.status, 'pending'), gt(teamMembers.expiresAt, clock()))).for('update');
          if (!r) throw new AppError('INVITE_NOT_FOUND', 404);
          // The inviter must still be able to give the role: rights taken from a member since are not handed out by its old invites.
          const inviter = await users.grantorOf(tx, r.invitedBy);
          if (!inviter || (await users.assignableRole(tx, inviter, r.roleCode).then(() => false, () => true))) throw new AppError('INVITE_NOT_FOUND', 404);
          const existing = await findUserByEmail(tx, r.email);
          let userId: string;
          if (!existing) {
            userId = (await createUser(tx, { email: r.email, passwordHash, fullName: body.fullName, roleCode: r.roleCode, status: 'active', accountId: r.accountId, language: lang })).id;
          } else if (existing.accountId === r.accountId && (await removedMember(tx, existing))) {
            await users.rejoin(tx, existing.id, { fullName: body.fullName, passwordHash, roleCode: r.roleCode, language: lang });
            userId = existing.id;
          } else throw new AppError('MEMBER_EMAIL_TAKEN', 409);
          await tx.update(teamMembers).set({ status: 'confirmed', tokenHash: null, confirmedAt: clock(), memberUserId: userId }).where(eq(teamMembers.id, r.id));
          return { email: r.email };
        });
      } catch (err) {
        if (sqlState(err) === '23505') throw new AppError('MEMBER_EMAIL_TAKEN', 409);
        throw err;
      }
    },

    async changeRole(actor: Actor, body: { memberId: string; roleCode: string }): Promise<Member> {
      const r = await mine(actor, body.memberId);
      // A new role drops the member's restrictions (SPEC §6): never one's own, never beyond one's own rights.
      await refuseUnlessManages(actor, r);
      await users.assignableRole(db, actor, body.roleCode);
      await db.transaction(async (tx) => {
        await tx.update(teamMembers).set({ roleCode: body.roleCode }).where(eq(teamMembers.id, r.id));
        if (r.memberUserId) await users.setRole(tx, r.memberUserId, body.roleCode);
      });
      return view({ ...r, roleCode: body.roleCode });
    },

    async changePermissions(actor: Actor, body: { memberId: string; permissions: { code: string; granted: boolean }[] }): Promise<{ permissions: string[] }> {
      const { row, user } = await memberUser(actor, body.memberId);
      await refuseUnlessManages(actor, row);
      const allowed = await ownerCodes(actor);
      const beyond = body.permissions.filter((p) => p.granted && !allowed.has(p.code)).map((p) => p.code);
      if (beyond.length) throw new AppError('PERMISSION_NOT_HELD', 403, { details: { codes: beyond.sort() } });
      const unique = [...new Map(body.permissions.map((p) => [p.code, p])).values()];
      // Judged by what changes: lifting a restriction grants the right, so it must be one the actor holds.
      const before = await users.permissionsOf(db, user.id);
      const after = await users.permissionsOf(db, user.id, unique);
      const changed = users.codesNotHeld(actor, [...after.filter((c) => !before.includes(c)), ...before.filter((c) => !after.includes(c))]);
      if (changed.length) throw new AppError('PERMISSION_NOT_HELD', 403, { details: { codes: changed } });
      await db.transaction((tx) => users.setOverrides(tx, user.id, unique));
      return { permissions: after };
    },

    async permissionsOf(actor: Actor, memberId: string) {
      const { user } = await memberUser(actor, memberId);
      const role = await users.findRoleById(db, user.roleId);
      return { role: role!.code, permissions: await users.permissionsOf(db, user.id) };
    },

    async byResource(actor: Actor) {
      const allowed = await ownerCodes(actor);
      return RESOURCES.map((r) => ({ resource: r.code, name: r.name, permissions: Object.entries(r.permissions).filter(([code]) => allowed.has(code)).map(([code, name]) => ({ code, name })) })).filter((r) => r.permissions.length > 0);
    },

    async remove(actor: Actor, memberId: string): Promise<{ removed: boolean }> {
      const r = await mine(actor, memberId);
      await refuseUnlessManages(actor, r);
      await db.transaction(async (tx) => {
        await tx.update(teamMembers).set({ status: 'removed', tokenHash: null }).where(eq(teamMembers.id, r.id));
        if (r.memberUserId) await users.deactivate(tx, r.memberUserId);
      });
      return { removed: true };
    },

    /** The roles a member can have, as staff have set them, and whether the caller may give each. */
    async subSellerRoles(actor: Actor) {
      return Promise.all(
        SUB_SELLER_ROLES.map(async (code) => {
          const role = await users.findRoleByCode(db, code);
          const permissions = role ? await users.rolePermissionCodes(db, role.id) : [];
          const assignable = await users.assignableRole(db, actor, code).then(() => true, () => false);
          return { code, name: roleName(code), permissions, assignable };
        }),
      );
    },
  };
}

export type MemberService = ReturnType<typeof createMemberService>;

