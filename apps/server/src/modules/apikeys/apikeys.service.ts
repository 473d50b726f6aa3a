import { and, count, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import {
  API_KEY_GROUPS,
  API_KEY_LIMITS,
  API_KEY_PREFIX,
  apiKeyExpiresAt,
  apiKeyGroupsFor,
  type ApiKey,
  type ApiKeyExpiry,
  type ApiKeyScope,
  type CreatedApiKey,
  type Language,
} from '@exship/contracts';
import { actsForAnyAccount } from '../../platform/access';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { AuthContext } from '../../platform/http';
import * as rate from '../../platform/rate-limit';
import { hashToken, newToken } from '../../platform/tokens';
import * as users from '../users';
import { apiKeys, type ApiKeyRow } from './apikeys.tables';

// docs/api-keys.md. A key stands for its creator within the key's scope: at every use the scope is
// intersected with the creator's permissions as they are now, so a permission the creator loses is
// lost on the key too. Nothing about a key is cached in process memory: a revocation committed by
// any process refuses the key on the next request everywhere, at the cost of a lookup per key
// request (session requests never come here).

const MINUTE = 60_000;
/** Touch last_used_at at most once a minute per key, so a busy key's requests stay reads. */
const TOUCH_EVERY = MINUTE;
/** `exs_live_` and 43 base64url characters (32 random bytes): anything else is no key of ours. */
const KEY_SHAPE = new RegExp(`^${API_KEY_PREFIX}[A-Za-z0-9_-]{43}$`);

/** Codes any key may carry: those of the scope groups (never the API key permission itself). */
const KEY_CODES: ReadonlySet<string> = new Set(API_KEY_GROUPS.flatMap((g) => g.codes));
const GROUP_CODES: ReadonlyMap<string, readonly string[]> = new Map(API_KEY_GROUPS.map((g) => [g.resource, g.codes]));

export interface ApiKeyDeps {
  db: Db;
  /** Requests one key may make per minute, counted in the shared rate_limits table. */
  requestsPerMinute: number;
}

/** What a key may do given its creator's permissions now: read with `permissions`, change with `writable`. */
export function keyPermissions(scope: ApiKeyScope, creatorPermissions: Iterable<string>): { permissions: Set<string>; writable: Set<string>; fullScope: boolean } {
  const held = new Set([...creatorPermissions].filter((c) => KEY_CODES.has(c)));
  if (scope.kind === 'all') return { permissions: held, writable: held, fullScope: true };
  const permissions = new Set<string>();
  const writable = new Set<string>();
  for (const group of scope.groups) {
    for (const code of GROUP_CODES.get(group.resource) ?? []) {
      if (!held.has(code)) continue;
      permissions.add(code);
      if (group.access === 'write') writable.add(code);
    }
  }
  return { permissions, writable, fullScope: false };
}

const statusOf = (row: ApiKeyRow, now: number): ApiKey['status'] => (row.revokedAt ? 'revoked' : row.expiresAt && row.expiresAt.getTime() <= now ? 'expired' : 'active');

/**
 * Only a seller account's user may hold keys (docs/api-keys.md): a key must never carry staff
 * powers, and staff act for customers through their own sessions.
 */
const isSellerCaller = (auth: AuthContext) => auth.roleKind === 'customer' && !actsForAnyAccount(auth);

export function createApiKeyService({ db, requestsPerMinute }: ApiKeyDeps) {
  async function present(rows: ApiKeyRow[]): Promise<ApiKey[]> {
    const creators = new Map((await users.findUsersByIds(db, rows.map((r) => r.createdBy))).map((u) => [u.id, u]));
    const now = Date.now();
    return rows.map((r) => {
      const creator = creators.get(r.createdBy);
      return {
        _id: r.id,
        name: r.name,
        prefix: r.prefix,
        scope: r.scope,
        createdBy: { _id: r.createdBy, fullName: creator?.fullName ?? '', email: creator?.email ?? '' },
        createdAt: r.createdAt.toISOString(),
        expiresAt: r.expiresAt?.toISOString() ?? null,
        lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
        status: statusOf(r, now),
      };
    });
  }

  async function lookup(token: string): Promise<AuthContext | AppError | null> {
    const [row] = await db.select().from(apiKeys).where(eq(apiKeys.keyHash, hashToken(token)));
    if (!row || row.revokedAt) return null;
    const now = Date.now();
    if (row.expiresAt && row.expiresAt.getTime() <= now) return new AppError('API_KEY_EXPIRED', 401);
    const [principal, used] = await Promise.all([
      users.loadPrincipal(db, row.createdBy),
      rate.hit(db, `apikey:${row.id}`, MINUTE, new Date(now)),
      row.lastUsedAt && now - row.lastUsedAt.getTime() < TOUCH_EVERY
        ? undefined
        : db
            .update(apiKeys)
            .set({ lastUsedAt: new Date(now) })
            .where(and(eq(apiKeys.id, row.id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, new Date(now - TOUCH_EVERY))))),
    ]);
    // A creator gone, deactivated or moved to another account takes the key with them.
    if (!principal || principal.user.status !== 'active' || principal.user.accountId !== row.accountId) return null;
    if (used.count > requestsPerMinute) return new AppError('RATE_LIMITED', 429, { headers: { 'retry-after': String(used.retryAfter) } });
    // A creator who is no longer a seller's user keeps no rights through the key: every permissioned route is 403.
    const { permissions, writable, fullScope } = principal.seller ? keyPermissions(row.scope, principal.permissions) : { permissions: new Set<string>(), writable: new Set<string>(), fullScope: false };
    const { user, role } = principal;
    return {
      userId: user.id,
      accountId: user.accountId,
      // Session-only routes (the only ones that read it) refuse keys before their handler runs.
      sessionId: row.id,
      roleCode: role.code,
      roleName: role.name,
      roleKind: 'customer',
      permissions,
      language: user.language as Language,
      timeZone: user.timeZone,
      apiKey: { id: row.id, writable, fullScope },
    };
  }

  return {
    /** Bearer token with the key prefix → the key's caller; null when unknown, revoked or its creator cannot sign in. */
    resolve(token: string): Promise<AuthContext | AppError | null> {
      if (!KEY_SHAPE.test(token)) return Promise.resolve(null);
      return lookup(token);
    },

    /** The groups the caller may put in a key. */
    groups(auth: AuthContext) {
      return apiKeyGroupsFor(auth.permissions).map((g) => ({ resource: g.resource, name: g.name, codes: g.codes.filter((c) => auth.permissions.has(c)) }));
    },

    async list(auth: AuthContext): Promise<ApiKey[]> {
      const rows = await db
        .select()
        .from(apiKeys)
        .where(and(eq(apiKeys.accountId, auth.accountId), isNull(apiKeys.revokedAt)))
        .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
      return present(rows);
    },

    async create(auth: AuthContext, input: { name: string; expiry: ApiKeyExpiry; scope: ApiKeyScope }, now = new Date()): Promise<CreatedApiKey> {
      if (!isSellerCaller(auth)) throw new AppError('API_KEY_SELLER_ONLY', 403);
      const { scope } = input;
      if (scope.kind === 'groups') {
        const resources = scope.groups.map((g) => g.resource);
        if (new Set(resources).size !== resources.length) throw new AppError('VALIDATION_FAILED', 400, { errors: [{ field: 'scope.groups', message: 'validation.invalid' }] });
        // A scope never exceeds the creator's permissions: a group it holds nothing of is refused.
        const allowed = new Set(apiKeyGroupsFor(auth.permissions).map((g) => g.resource));
        const beyond = resources.filter((r) => !allowed.has(r));
        if (beyond.length > 0) throw new AppError('PERMISSION_NOT_HELD', 403, { details: { resources: beyond } });
      }
      const key = `${API_KEY_PREFIX}${newToken()}`;
      const row = await db.transaction(async (tx) => {
        // One creation at a time per account, so the count below cannot be raced past.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`api_keys:${auth.accountId}`}))`);
        const [active] = await tx
          .select({ n: count() })
          .from(apiKeys)
          .where(and(eq(apiKeys.accountId, auth.accountId), isNull(apiKeys.revokedAt), or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, now))));
        if (active!.n >= API_KEY_LIMITS.activePerAccount) {
          throw new AppError('API_KEY_LIMIT_REACHED', 409, { vars: { max: String(API_KEY_LIMITS.activePerAccount) } });
        }
        const [inserted] = await tx
          .insert(apiKeys)
          .values({
            accountId: auth.accountId,
            name: input.name,
            keyHash: hashToken(key),
            prefix: key.slice(0, API_KEY_LIMITS.shownPrefixLength),
            scope,
            createdBy: auth.userId,
            createdAt: now,
            expiresAt: apiKeyExpiresAt(input.expiry, now),
          })
          .returning();
        return inserted!;
      });
      const [shown] = await present([row]);
      return { ...shown!, key };
    },

    /** Revoked for every process from the next request on: the key is looked up in the database each time. */
    async revoke(auth: AuthContext, id: string): Promise<{ _id: string }> {
      const [row] = await db
        .update(apiKeys)
        .set({ revokedAt: new Date(), revokedBy: auth.userId })
        .where(and(eq(apiKeys.id, id), eq(apiKeys.accountId, auth.accountId), isNull(apiKeys.revokedAt)))
        .returning({ id: apiKeys.id });
      if (!row) throw new AppError('API_KEY_NOT_FOUND', 404);
      return { _id: row.id };
    },
  };
}

export type ApiKeyService = ReturnType<typeof createApiKeyService>;
