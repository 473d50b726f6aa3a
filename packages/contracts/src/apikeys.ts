import { z } from 'zod';
import { RESOURCES } from './permissions';
import { textField } from './fields';

// API keys (SPEC §1 "use an API key", §6 "API key generation", §9 expiries): a seller's secret for
// calling the API from its own systems, used exactly like a session token (`Authorization: Bearer`)
// within a scope that never exceeds its creator's permissions.

/** Every key starts with this, so a leaked one is recognisable (secret scanners, logs). */
export const API_KEY_PREFIX = 'exs_live_';

/** SPEC §9: 1 day, 1 month, 3 months, 6 months, 1 year, none. */
export const API_KEY_EXPIRIES = ['1d', '1m', '3m', '6m', '1y', 'none'] as const;
export type ApiKeyExpiry = (typeof API_KEY_EXPIRIES)[number];

export const API_KEY_LIMITS = {
  nameMax: 60,
  /** Keys an account may hold at once (revoked and expired ones aside). */
  activePerAccount: 20,
  /** Characters of the key kept for display: the prefix and the first 4 random ones. */
  shownPrefixLength: API_KEY_PREFIX.length + 4,
  /** Requests one key may make per minute (API_KEY_REQUESTS_PER_MINUTE overrides it). */
  requestsPerMinute: 600,
} as const;

/** `now` plus calendar months in UTC, the day clamped to the month's last (31 Jan + 1 month = 28/29 Feb). */
function addMonthsUtc(now: Date, months: number): Date {
  const at = new Date(now.getTime());
  const day = at.getUTCDate();
  at.setUTCDate(1);
  at.setUTCMonth(at.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 0)).getUTCDate();
  at.setUTCDate(Math.min(day, lastDay));
  return at;
}

/** When a key made at `now` with this expiry stops working; null = never. */
export function apiKeyExpiresAt(expiry: ApiKeyExpiry, now: Date): Date | null {
  switch (expiry) {
    case '1d':
      return new Date(now.getTime() + 24 * 60 * 60 * 1000);
    case '1m':
      return addMonthsUtc(now, 1);
    case '3m':
      return addMonthsUtc(now, 3);
    case '6m':
      return addMonthsUtc(now, 6);
    case '1y':
      return addMonthsUtc(now, 12);
    case 'none':
      return null;
  }
}

/**
 * The groups a key's scope is made of: the permission resources (RESOURCES), each read-only or
 * read/write. Read-only means the group's permissions work on calls that change nothing (GET and
 * read-only POSTs such as the quote); any change is refused with 403. The API key group itself is
 * never in a scope: keys are managed from a signed-in session only.
 */
export const API_KEY_SCOPE_ACCESS = ['read', 'write'] as const;
export type ApiKeyScopeAccess = (typeof API_KEY_SCOPE_ACCESS)[number];
const NOT_IN_SCOPE = new Set(['RS-API-KEY']);

/** The resources whose codes a key may carry, with their codes. */
export const API_KEY_GROUPS: readonly { resource: string; name: string; codes: readonly string[] }[] = RESOURCES.filter((r) => !NOT_IN_SCOPE.has(r.code)).map((r) => ({
  resource: r.code,
  name: r.name,
  codes: Object.keys(r.permissions),
}));

/** The groups a holder of `permissions` may put in a key: those where it holds at least one code. */
export function apiKeyGroupsFor(permissions: Iterable<string>): typeof API_KEY_GROUPS {
  const held = new Set(permissions);
  return API_KEY_GROUPS.filter((g) => g.codes.some((c) => held.has(c)));
}

export const ApiKeyScopeSchema = () =>
  z.discriminatedUnion(
    'kind',
    [
      /** Everything the creator may do, now and as its permissions change. */
      z.object({ kind: z.literal('all') }),
      z.object({
        kind: z.literal('groups'),
        groups: z
          .array(z.object({ resource: textField().regex(/^RS-[A-Z0-9-]+$/, 'validation.invalid'), access: z.enum(API_KEY_SCOPE_ACCESS, { error: 'validation.invalid' }) }))
          .min(1, 'apiKey.scope.empty')
          .max(API_KEY_GROUPS.length, 'validation.invalid'),
      }),
    ],
    { error: 'validation.invalid' },
  );
export type ApiKeyScope = z.infer<ReturnType<typeof ApiKeyScopeSchema>>;

export const CreateApiKeyBodySchema = () =>
  z.object({
    name: textField().trim().min(1, 'validation.required').max(API_KEY_LIMITS.nameMax, 'validation.tooLong'),
    expiry: z.enum(API_KEY_EXPIRIES, { error: 'apiKey.expiry.invalid' }),
    scope: ApiKeyScopeSchema(),
  });
export type CreateApiKeyBody = z.input<ReturnType<typeof CreateApiKeyBodySchema>>;

export const API_KEY_STATUSES = ['active', 'expired', 'revoked'] as const;

/** A key as listed: never the secret, only its first characters. */
export const ApiKeySchema = () =>
  z.object({
    _id: z.string(),
    name: z.string(),
    /** `exs_live_` and the first 4 characters of the secret. */
    prefix: z.string(),
    scope: ApiKeyScopeSchema(),
    createdBy: z.object({ _id: z.string(), fullName: z.string(), email: z.string() }),
    createdAt: z.string(),
    /** null: never expires. */
    expiresAt: z.string().nullable(),
    /** Updated at most once a minute. */
    lastUsedAt: z.string().nullable(),
    status: z.enum(API_KEY_STATUSES),
  });
export type ApiKey = z.infer<ReturnType<typeof ApiKeySchema>>;

/** The reply of a creation: the key itself, shown this once. */
export const CreatedApiKeySchema = () => ApiKeySchema().extend({ key: z.string() });
export type CreatedApiKey = z.infer<ReturnType<typeof CreatedApiKeySchema>>;

export const ApiKeyGroupsSchema = () => z.array(z.object({ resource: z.string(), name: z.string(), codes: z.array(z.string()) }));
