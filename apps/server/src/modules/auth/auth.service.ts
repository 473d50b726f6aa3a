import { and, eq, gt, isNull, lt, ne, or } from 'drizzle-orm';
import { DEFAULT_SELLER_ROLE, LIMITS, type Language, type LoginReply, type RegisterBody } from '@exship/contracts';
import type { ChangeFeed } from '../../platform/changes';
import type { Db } from '../../platform/db';
import { AppError, sqlState } from '../../platform/errors';
import type { AuthContext } from '../../platform/http';
import type { Jobs } from '../../platform/jobs';
import type { Mailer } from '../../platform/mail';
import { hashPassword, isCommonPassword, verifyPassword, dummyHash } from '../../platform/passwords';
import * as rate from '../../platform/rate-limit';
import { hashToken, newToken } from '../../platform/tokens';
import { renderMail } from '../emails';
import * as users from '../users';
import type { OutboundFetch } from '../../platform/outbound';
import { googleVerifier, type GoogleConfig } from './auth.social';
import { emailTokens, sessions } from './auth.tables';

const MINUTE = 60_000;
const LINK_TTL = LIMITS.emailLinkMinutes * MINUTE;
const IDLE_TTL = LIMITS.sessionIdleMinutes * MINUTE;
const ABSOLUTE_TTL = LIMITS.sessionAbsoluteDays * 24 * 60 * MINUTE;
const LOGIN_WINDOW = LIMITS.loginWindowMinutes * MINUTE;
/** Touch last_seen_at at most once a minute, so reads stay reads. */
const TOUCH_EVERY = MINUTE;
/**
 * A resolved session is reused for a few seconds, so a busy client does not cost two queries per
 * request. Logout, password changes and deactivation drop it at once: in this process directly, in
 * every process through the change feed (platform/changes.ts: a deleted session, a changed user,
 * override or role). Without a live feed another process sees them within SESSION_CACHE_MS.
 */
const SESSION_CACHE_MS = 5_000;
const SESSION_CACHE_MAX = 10_000;

export interface AuthDeps {
  db: Db;
  mailer: Mailer;
  jobs: Jobs;
  appUrl: string;
  /** Google sign-in, when configured. */
  google?: GoogleConfig;
  /** The app's outbound client (platform/outbound.ts), for Google's signing keys. */
  outboundFetch: OutboundFetch;
  /** Committed changes heard from every process: cached sessions they touch are dropped. */
  changes?: ChangeFeed;
}

/** Queued by POST /password/forgot for every well-formed email, known or not. */
export const FORGOT_PASSWORD_JOB = 'auth.forgot-password';
export interface ForgotPasswordJob {
  email: string;
  lang: Language;
}

export interface ClientMeta {
  ip: string;
  userAgent?: string;
  lang: Language;
}

export function createAuthService({ db, mailer, jobs, appUrl, google, outboundFetch, changes }: AuthDeps) {
  const verifyGoogle = google ? googleVerifier(google, outboundFetch) : undefined;
  const cache = new Map<string, { at: number; ctx: AuthContext; expiresAt: number }>();
  const inflight = new Map<string, Promise<AuthContext | 'expired' | null>>();
  // Bumped whenever sessions are dropped, so a lookup that started before a logout does not cache its result.
  let generation = 0;
  const forgetWhere = (match: (ctx: AuthContext) => boolean) => {
    generation++;
    for (const [key, entry] of cache) if (match(entry.ctx)) cache.delete(key);
  };
  if (changes) {
    const all = () => true;
    changes.on('sessions', (userId) => forgetWhere(userId === null ? all : (c) => c.userId === userId));
    changes.on('user_permissions', (userId) => forgetWhere(userId === null ? all : (c) => c.userId === userId));
    // A user row carries the status, language and must-change flag; the feed names its account.
    changes.on('users', (accountId) => forgetWhere(accountId === null ? all : (c) => c.accountId === accountId));
    // A role's permissions reach every session holding it, and the roles kept by users.loadPrincipal.
    const rolesChanged = () => {
      users.forgetRoles();
      forgetWhere(all);
    };
    changes.on('roles', rolesChanged);
    changes.on('role_permissions', rolesChanged);
  }

  async function issueEmailToken(tx: Db, userId: string, purpose: 'verify' | 'reset'): Promise<string> {
    const token = newToken();
    // A new link replaces the earlier unused ones of the same purpose.
    await tx.update(emailTokens).set({ usedAt: new Date() }).where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)));
    await tx.insert(emailTokens).values({ userId, purpose, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + LINK_TTL) });
    return token;
  }

  /** Takes a valid, unused, unexpired token and marks it used; null when there is none. */
  async function consumeEmailToken(tx: Db, token: string, purpose: 'verify' | 'reset') {
    const [row] = await tx
      .update(emailTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(emailTokens.tokenHash, hashToken(token)), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt), gt(emailTokens.expiresAt, new Date())))
      .returning({ userId: emailTokens.userId });
    return row ?? null;
  }

  async function mail(lang: Language, to: string, kind: 'verify' | 'existing' | 'reset', vars: { name: string; link: string }) {
    await mailer.send({ to, ...(await renderMail(db, `auth.${kind}`, lang, vars)) });
  }

  /**
   * Wrong passwords are counted per (account, client address), so failures an attacker causes from
   * elsewhere never slow the owner down; login and /password/update share the counter.
   */
  const failurePrefix = (email: string) => `login:fail:${email}|`;
  const failureKey = (email: string, ip: string) => `${failurePrefix(email)}${ip}`;
  /** Takes the strike before the password is checked (so concurrent guesses count like a sequence); a success clears it. */
  async function strikeOrRefuse(key: string) {
    const state = await rate.takeStrike(db, key, { free: LIMITS.loginFreeFailures, capSeconds: LIMITS.loginDelayCapSeconds, quietMs: LOGIN_WINDOW });
    if (!state.allowed) throw new AppError('RATE_LIMITED', 429, { headers: { 'retry-after': String(state.retryAfter) } });
  }

  /** SPEC §5's rule is checked by the schema; a password on the common list is refused too. */
  async function refuseCommonPassword(password: string) {
    if (await isCommonPassword(password)) {
      throw new AppError('VALIDATION_FAILED', 400, { errors: [{ field: 'password', message: 'validation.password.common' }] });
    }
  }

  async function openSession(user: users.UserRow, meta: ClientMeta) {
    const token = newToken();
    const expiresAt = new Date(Date.now() + ABSOLUTE_TTL);
    await db.insert(sessions).values({ userId: user.id, tokenHash: hashToken(token), expiresAt, ip: meta.ip, userAgent: meta.userAgent?.slice(0, 300) });
    return { token, expiresAt: expiresAt.toISOString(), mustChangePassword: user.mustChangePassword, userId: user.id };
  }

  async function throttle(key: string, limit: number, windowMs: number) {
    const state = await rate.hit(db, key, windowMs);
    if (state.count > limit) throw new AppError('RATE_LIMITED', 429, { headers: { 'retry-after': String(state.retryAfter) } });
  }

  async function lookupSession(token: string): Promise<AuthContext | 'expired' | null> {
    const startedAt = generation;
    const [s] = await db.select().from(sessions).where(eq(sessions.tokenHash, hashToken(token)));
    if (!s) return null;
    const now = Date.now();
    if (s.expiresAt.getTime() <= now || s.lastSeenAt.getTime() + IDLE_TTL <= now) {
      await db.delete(sessions).where(eq(sessions.id, s.id));
      return 'expired';
    }
    const principal = await users.loadPrincipal(db, s.userId);
    if (!principal || principal.user.status !== 'active') {
      await db.delete(sessions).where(eq(sessions.userId, s.userId));
      return null;
    }
    const { user, role, permissions: perms } = principal;
    if (now - s.lastSeenAt.getTime() > TOUCH_EVERY) {
      await db.update(sessions).set({ lastSeenAt: new Date(now) }).where(eq(sessions.id, s.id));
    }
    const ctx: AuthContext = {
      userId: user.id,
      accountId: user.accountId,
      sessionId: s.id,
      roleCode: role.code,
      roleName: role.name,
      // A seller's session is a customer's whatever its role's row says (users.privileges.ts).
      roleKind: principal.seller ? 'customer' : 'staff',
      permissions: new Set(perms),
      language: user.language as Language,
      timeZone: user.timeZone,
      mustChangePassword: user.mustChangePassword,
    };
    if (startedAt !== generation) return ctx;
    if (cache.size >= SESSION_CACHE_MAX) cache.delete(cache.keys().next().value!);
    cache.set(token, { at: now, ctx, expiresAt: Math.min(s.expiresAt.getTime(), s.lastSeenAt.getTime() + IDLE_TTL) });
    return ctx;
  }

  return {
    /**
     * SPEC §5/§7 sign-up. The reply is the same whether or not the email is taken (OWASP: no
     * enumeration); the owner of a taken email gets a note instead of a second account.
     */
    async register(body: RegisterBody, meta: ClientMeta): Promise<void> {
      await throttle(`register:ip:${meta.ip}`, 20, LOGIN_WINDOW);
      await refuseCommonPassword(body.password);
      const passwordHash = await hashPassword(body.password);
      const existing = await users.findUserByEmail(db, body.email);
      if (existing) {
        // Capped per recipient like reset links, so sign-ups cannot flood someone's mailbox.
        const state = await rate.hit(db, `existing:email:${existing.email}`, LOGIN_WINDOW);
        if (state.count <= LIMITS.mailRequestsPerWindow) {
          await mail(meta.lang, existing.email, 'existing', { name: existing.fullName, link: `${appUrl}/app/login` });
        }
        return;
      }
      let token = '';
      let created: users.UserRow | undefined;
      try {
        await db.transaction(async (tx) => {
          created = await users.openSellerAccount(tx, {
            email: body.email,
            passwordHash,
            fullName: body.fullName,
            phone: body.phone ?? null,
            roleCode: DEFAULT_SELLER_ROLE,
            status: 'unverified',
            language: meta.lang,
          });
          token = await issueEmailToken(tx, created.id, 'verify');
        });
      } catch (err) {
        // Two sign-ups racing for one email: the loser gets the same reply.
        if (sqlState(err) === '23505') return;
        throw err;
      }
      await mail(meta.lang, body.email, 'verify', { name: body.fullName, link: `${appUrl}/app/account/verify/${token}` });
    },

    async activate(token: string): Promise<void> {
      await db.transaction(async (tx) => {
        const used = await consumeEmailToken(tx, token, 'verify');
        if (!used) {
          // A second click on a link of an account that is verified by now: say so, and to sign in.
          const [known] = await tx.select({ userId: emailTokens.userId }).from(emailTokens).where(and(eq(emailTokens.tokenHash, hashToken(token)), eq(emailTokens.purpose, 'verify')));
          const owner = known && (await users.findUserById(tx, known.userId));
          if (owner && owner.status === 'active') throw new AppError('ACCOUNT_ALREADY_VERIFIED', 409);
          throw new AppError('VERIFY_LINK_INVALID', 400);
        }
        const user = await users.findUserById(tx, used.userId);
        if (!user) throw new AppError('VERIFY_LINK_INVALID', 400);
        if (user.status === 'unverified') await users.updateUserRow(tx, user.id, { status: 'active', verifiedAt: new Date() });
      });
    },

    /** Re-sends the verification link; the same reply whatever the account's state. */
    async requestVerify(userId: string, meta: ClientMeta): Promise<void> {
      await throttle(`verify:ip:${meta.ip}`, 20, LOGIN_WINDOW);
      const user = await users.findUserById(db, userId);
      if (!user || user.status !== 'unverified') return;
      const state = await rate.hit(db, `verify:user:${user.id}`, LOGIN_WINDOW);
      if (state.count > LIMITS.mailRequestsPerWindow) return;
      const token = await db.transaction((tx) => issueEmailToken(tx, user.id, 'verify'));
      await mail(meta.lang, user.email, 'verify', { name: user.fullName, link: `${appUrl}/app/account/verify/${token}` });
    },

    async login(email: string, password: string, meta: ClientMeta): Promise<Omit<LoginReply, 'profile'> & { userId: string }> {
      await throttle(`login:ip:${meta.ip}`, LIMITS.loginAttemptsPerIp, LOGIN_WINDOW);
      const failKey = failureKey(email, meta.ip);
      await strikeOrRefuse(failKey);
      const user = await users.findUserByEmail(db, email);
      // Verify against a real hash even for an unknown email, so both take the same time.
      const passwordOk = await verifyPassword(user?.passwordHash ?? (await dummyHash()), password);
      if (!user || !passwordOk) throw new AppError('INVALID_CREDENTIALS', 401);
      // The right password clears the strike, whatever the account's state.
      await rate.reset(db, failKey);
      // Account state is told only to someone who knows the password.
      if (user.status === 'unverified') throw new AppError('ACCOUNT_NOT_VERIFIED', 403, { details: { userId: user.id } });
      if (user.status === 'inactive') throw new AppError('ACCOUNT_INACTIVE', 403);
      return openSession(user, meta);
    },

    /** What the sign-in page offers besides the password: the client id is public (it is in Google's button). */
    signInOptions(): { google: { clientId: string } | null } {
      return { google: google ? { clientId: google.clientId } : null };
    },

    /**
     * Google sign-in: a verified ID token signs its account in; an unknown (verified) email gets a new
     * seller account, active at once (Google verified the address), with no usable password.
     * Linking is by email alone (no Google id is stored), so two rules guard it:
     * - a staff account is never signed in this way: it uses its password;
     * - an account still waiting for its verification link is activated, and the password it was
     *   registered with is dropped with every session: whoever typed it never proved the email
     *   (someone may have registered it first to take over the account). Its owner signs in with
     *   Google, or sets a password through "forgot password".
     */
    async loginSocial(idToken: string, meta: ClientMeta): Promise<Omit<LoginReply, 'profile'> & { userId: string }> {
      if (!verifyGoogle) throw new AppError('SOCIAL_LOGIN_OFF', 404);
      await throttle(`login:ip:${meta.ip}`, LIMITS.loginAttemptsPerIp, LOGIN_WINDOW);
      const who = await verifyGoogle(idToken);
      let user = await users.findUserByEmail(db, who.email);
      if (!user) {
        try {
          user = await db.transaction(async (tx) => {
            // Active at once: createUser stamps verifiedAt for an active user.
            return users.openSellerAccount(tx, {
              email: who.email,
              passwordHash: await hashPassword(newToken()),
              fullName: who.name,
              roleCode: DEFAULT_SELLER_ROLE,
              status: 'active',
              language: meta.lang,
            });
          });
        } catch (err) {
          // Two first sign-ins at once: the second finds the account the first made.
          if (sqlState(err) !== '23505') throw err;
          user = await users.findUserByEmail(db, who.email);
          if (!user) throw err;
        }
      }
      const principal = await users.loadPrincipal(db, user.id);
      if (!principal || principal.role.kind === 'staff') throw new AppError('SOCIAL_ACCOUNT_NOT_LINKED', 403);
      if (user.status === 'inactive') throw new AppError('ACCOUNT_INACTIVE', 403);
      if (user.status === 'unverified') {
        // The new hash is made before the transaction: argon2 must not hold a connection.
        const unusable = await hashPassword(newToken());
        const userId = user.id;
        await db.transaction(async (tx) => {
          const current = await users.findUserById(tx, userId);
          if (current?.status !== 'unverified') return;
          await users.updateUserRow(tx, userId, { status: 'active', verifiedAt: new Date(), passwordHash: unusable, mustChangePassword: false });
          await tx.delete(sessions).where(eq(sessions.userId, userId));
          await rate.resetPrefix(tx, failurePrefix(current.email));
        });
        forgetWhere((c) => c.userId === userId);
      }
      return openSession(user, meta);
    },

    async logout(sessionId: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.id, sessionId));
      forgetWhere((c) => c.sessionId === sessionId);
    },

    /** Bearer token → caller, 'expired' for a session past its idle or absolute limit, null otherwise. */
    resolveSession(token: string): AuthContext | Promise<AuthContext | 'expired' | null> {
      // The cache is keyed by the token itself (process memory only, never stored), so a hit costs
      // no hashing; the database only ever sees the SHA-256.
      const hit = cache.get(token);
      const now = Date.now();
      // A hit answers at once (no promise): this runs before every signed-in request.
      if (hit && now - hit.at < SESSION_CACHE_MS && hit.expiresAt > now) return hit.ctx;
      // Concurrent requests with the same token share one lookup, so an expired cache entry
      // does not send every in-flight request to the database at once.
      let pending = inflight.get(token);
      if (!pending) {
        cache.delete(token);
        pending = lookupSession(token).finally(() => inflight.delete(token));
        inflight.set(token, pending);
      }
      return pending;
    },

    /** Drop cached sessions of a user (profile, language or permission changes take effect at once). */
    forgetUser(userId: string): void {
      forgetWhere((c) => c.userId === userId);
    },

    /**
     * Same reply, and the same work before it, whether or not the email has an account: the reply
     * only queues a job (the token write and the mail made known emails slower to answer).
     */
    async forgotPassword(email: string, meta: ClientMeta): Promise<void> {
      await throttle(`forgot:ip:${meta.ip}`, 20, LOGIN_WINDOW);
      await jobs.send<ForgotPasswordJob>(FORGOT_PASSWORD_JOB, { email, lang: meta.lang });
    },

    /** The job behind forgotPassword: at most a few links per address and window, none for unknown or inactive accounts. */
    async sendResetLink({ email, lang }: ForgotPasswordJob): Promise<void> {
      const state = await rate.hit(db, `forgot:email:${email}`, LOGIN_WINDOW);
      if (state.count > LIMITS.mailRequestsPerWindow) return;
      const user = await users.findUserByEmail(db, email);
      if (!user || user.status === 'inactive') return;
      const token = await db.transaction((tx) => issueEmailToken(tx, user.id, 'reset'));
      await mail(lang, user.email, 'reset', { name: user.fullName, link: `${appUrl}/app/reset-password?token=${token}` });
    },

    /** Single-use link; every session ends; no automatic sign-in (OWASP). */
    async resetPassword(token: string, password: string): Promise<void> {
      await refuseCommonPassword(password);
      const passwordHash = await hashPassword(password);
      const userId = await db.transaction(async (tx) => {
        const used = await consumeEmailToken(tx, token, 'reset');
        if (!used) throw new AppError('RESET_LINK_INVALID', 400);
        const user = await users.findUserById(tx, used.userId);
        if (!user || user.status === 'inactive') throw new AppError('RESET_LINK_INVALID', 400);
        // Opening the reset link proves the mailbox, which is what verification asks.
        await users.updateUserRow(tx, user.id, { passwordHash, mustChangePassword: false, ...(user.status === 'unverified' ? { status: 'active', verifiedAt: new Date() } : {}) });
        await tx.delete(sessions).where(eq(sessions.userId, user.id));
        // A reset proves the mailbox: earlier wrong passwords no longer slow the owner down.
        await rate.resetPrefix(tx, failurePrefix(user.email));
        return user.id;
      });
      forgetWhere((c) => c.userId === userId);
    },

    async updatePassword(auth: AuthContext, input: { currentPassword: string; password: string; logoutOtherSessions: boolean }, meta: ClientMeta): Promise<void> {
      const user = await users.findUserById(db, auth.userId);
      if (!user) throw new AppError('USER_NOT_FOUND', 404);
      // A stolen session must not become a way to guess the password: same counter as login.
      const failKey = failureKey(user.email, meta.ip);
      await strikeOrRefuse(failKey);
      if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
        throw new AppError('CURRENT_PASSWORD_WRONG', 400, { errors: [{ field: 'currentPassword', message: 'error.CURRENT_PASSWORD_WRONG' }] });
      }
      await rate.reset(db, failKey);
      if (input.currentPassword === input.password) {
        throw new AppError('PASSWORD_REUSED', 400, { errors: [{ field: 'password', message: 'error.PASSWORD_REUSED' }] });
      }
      await refuseCommonPassword(input.password);
      const passwordHash = await hashPassword(input.password);
      await db.transaction(async (tx) => {
        await users.updateUserRow(tx, user.id, { passwordHash, mustChangePassword: false });
        if (input.logoutOtherSessions) await tx.delete(sessions).where(and(eq(sessions.userId, user.id), ne(sessions.id, auth.sessionId)));
      });
      // Every cached session of the user is dropped: this one too, so a cleared must-change flag applies at once.
      forgetWhere((c) => c.userId === user.id);
    },

    async revokeAllSessions(tx: Db, userId: string): Promise<void> {
      await tx.delete(sessions).where(eq(sessions.userId, userId));
      forgetWhere((c) => c.userId === userId);
    },

    /** Cron: drop sessions past their limits and email links long expired. */
    async purgeExpired(now = new Date()): Promise<void> {
      await db.delete(sessions).where(or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, new Date(now.getTime() - IDLE_TTL))));
      await db.delete(emailTokens).where(lt(emailTokens.expiresAt, new Date(now.getTime() - 24 * 60 * MINUTE)));
      await rate.purgeBefore(db, new Date(now.getTime() - 24 * 60 * MINUTE));
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
