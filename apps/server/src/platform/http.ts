import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import fastJson from 'fast-json-stringify';
import { z } from 'zod';
import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  errorMessageKey,
  isMessageKey,
  translate,
  type ErrorCode,
  type FieldError,
  type Language,
  type MessageKey,
  type PermissionCode,
  type ScreenKey,
} from '@exship/contracts';
import { loggableError } from './db';
import { AppError } from './errors';

export const API_PREFIX = '/api/v1';

/** Who may call a route: anyone, any signed-in user, or a user holding the permission code. */
export type Access = 'public' | 'open' | PermissionCode | ScreenKey;

export interface AuthContext {
  userId: string;
  accountId: string;
  sessionId: string;
  roleCode: string;
  roleName: string;
  roleKind: 'staff' | 'customer';
  permissions: ReadonlySet<string>;
  language: Language;
  timeZone: string;
  /** Only /me, /logout and /password/update are open until the password is changed. */
  mustChangePassword?: boolean;
  /** Set when the caller holds an API key rather than a session (docs/api-keys.md). */
  apiKey?: ApiKeyCaller;
}

/** What the auth hook needs of an API key beyond the permissions its scope leaves. */
export interface ApiKeyCaller {
  id: string;
  /** The codes usable on calls that change something (the scope's read/write groups). */
  writable: ReadonlySet<string>;
  /** A key scoped to all of the creator's permissions: it may also change state on open routes. */
  fullScope: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    lang: Language;
    auth: AuthContext | null;
  }
}

/** SPEC §7: the `language` header, else Accept-Language, else en. */
export function requestLanguage(req: FastifyRequest): Language {
  const explicit = headerValue(req.headers['language']);
  if (explicit && (LANGUAGES as readonly string[]).includes(explicit.toLowerCase())) return explicit.toLowerCase() as Language;
  const accept = headerValue(req.headers['accept-language']);
  if (accept) {
    for (const part of accept.split(',')) {
      const tag = part.split(';')[0]!.trim().toLowerCase().slice(0, 2);
      if ((LANGUAGES as readonly string[]).includes(tag)) return tag as Language;
    }
  }
  return DEFAULT_LANGUAGE;
}

const headerValue = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** The success envelope `{ success, message, data }` with the message in the caller's language. */
export function ok<T>(req: FastifyRequest, data: T, messageKey: MessageKey = 'ok') {
  return { success: true as const, message: translate(req.lang, messageKey), data };
}

/** Message values may be message keys themselves (`{{why}}` = 'quote.reason.NO_ZONE'): translated too. */
export const localVars = (lang: Language, vars: Record<string, string> | undefined) => vars && Object.fromEntries(Object.entries(vars).map(([k, v]) => [k, translate(lang, v)]));

function errorBody(lang: Language, code: ErrorCode, errors?: FieldError[], details?: Record<string, unknown>, vars?: Record<string, string>, data?: unknown) {
  return {
    success: false as const,
    code,
    message: translate(lang, errorMessageKey(code), localVars(lang, vars)),
    ...(errors && errors.length > 0 ? { errors: errors.map((e) => ({ field: e.field, message: translate(lang, e.message, localVars(lang, e.vars)) })) } : {}),
    ...(details ? { details } : {}),
    ...(data !== undefined ? { data } : {}),
  };
}

export function sendError(req: FastifyRequest, reply: FastifyReply, status: number, code: ErrorCode, errors?: FieldError[], details?: Record<string, unknown>) {
  return reply.code(status).send(errorBody(req.lang ?? DEFAULT_LANGUAGE, code, errors, details));
}

/**
 * A serializer compiled from a reply's zod schema, for hot routes: the handler's reply is already
 * typed, so it is not validated again, and a compiled writer is several times quicker than
 * JSON.stringify. Fields outside the schema are dropped, as with any response schema.
 */
export function compiledSerializer(schema: z.ZodType): () => (data: unknown) => string {
  const stringify = fastJson(z.toJSONSchema(schema, { io: 'output', target: 'draft-7' }) as Parameters<typeof fastJson>[0]);
  return () => stringify;
}

/** Map a zod issue message to a message key: our schemas already use keys; zod's defaults get a generic one. */
function issueMessage(message: string, keyword: string, params: Record<string, unknown>): string {
  // A text over its limit says so, whichever key its schema gave (many give the generic one).
  if (keyword === 'too_big' && params.origin === 'string' && (message === 'validation.invalid' || !isMessageKey(message))) return 'validation.tooLong';
  if (isMessageKey(message)) return message;
  if (keyword === 'invalid_type' && (params.input === undefined || /received undefined/.test(message))) return 'validation.required';
  if (keyword === 'unrecognized_keys') return 'validation.unknownField';
  return 'validation.invalid';
}

/** Node's codes for a peer that cannot be reached or went away. */
const UNREACHABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE', 'EAI_AGAIN']);
/** PostgreSQL: admin shutdown, crash shutdown, cannot connect now (starting up or shutting down). */
const PG_UNAVAILABLE = new Set(['57P01', '57P02', '57P03']);

/**
 * A database (or storage) that is restarting or out of reach, not a fault of the request: Node's
 * connection errors, PostgreSQL's shutdown codes and its 08xxx connection exceptions, and
 * node-postgres's own messages for a dropped connection or a full pool, looked for through the
 * `cause` chain (drizzle wraps the driver's error).
 */
export function isServiceUnavailable(err: unknown): boolean {
  let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; e && typeof e === 'object' && depth < 5; depth++, e = e.cause as typeof e) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (UNREACHABLE.has(code) || PG_UNAVAILABLE.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
    if (typeof e.message === 'string' && /^(Connection terminated|timeout exceeded when trying to connect)/.test(e.message)) return true;
  }
  return false;
}
/** Seconds a client is asked to wait before trying again while the database is back. */
export const RETRY_AFTER_UNAVAILABLE = '5';

/** Google Identity Services: its script, its button's styles and frame, its calls (only when Google sign-in is on). */
const GOOGLE_SIGN_IN = 'https://accounts.google.com/gsi/';

/**
 * The web app's Content-Security-Policy: only our own scripts, no plugins, no <base>, no
 * framing. antd's CSS-in-JS injects <style> tags at run time, hence 'unsafe-inline' for styles only;
 * images may be data: or blob: URLs (icons, previews of files being uploaded). With Google sign-in
 * configured, Google's sign-in button (its script, styles and frame) is allowed too, and nothing else of Google.
 */
export function contentSecurityPolicy(opts: { googleSignIn?: boolean } = {}): string {
  const google = opts.googleSignIn ? ` ${GOOGLE_SIGN_IN}` : '';
  return [
    "default-src 'self'",
    `script-src 'self'${google}`,
    `style-src 'self' 'unsafe-inline'${google}`,
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${google}`,
    ...(opts.googleSignIn ? [`frame-src${google}`] : []),
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}
export const CONTENT_SECURITY_POLICY = contentSecurityPolicy();
/** Sent only over https (with TRUST_PROXY, as the proxy reports it): browsers ignore it on http. */
const HSTS = 'max-age=31536000; includeSubDomains';

export function registerHttpPlatform(app: FastifyInstance, opts: { googleSignIn?: boolean } = {}): void {
  const SECURITY_HEADERS = {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'same-origin',
    'x-frame-options': 'DENY',
    'content-security-policy': contentSecurityPolicy(opts),
  };
  const API_HEADERS = { ...SECURITY_HEADERS, 'cache-control': 'no-store' };
  // The language is worked out on first use, so routes that never speak pay nothing for it.
  app.decorateRequest('lang', {
    getter(this: FastifyRequest & { _lang?: Language }) {
      return (this._lang ??= requestLanguage(this));
    },
    setter(this: FastifyRequest & { _lang?: Language }, value: Language) {
      this._lang = value;
    },
  });
  app.decorateRequest('auth', null);
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(req.url.startsWith(API_PREFIX) ? API_HEADERS : SECURITY_HEADERS);
    if (req.protocol === 'https') reply.header('strict-transport-security', HSTS);
    done();
  });

  // Every API route states who may call it; a route without `config.access` is a programming error.
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith(API_PREFIX) && !route.config?.access) {
      throw new Error(`route ${route.method} ${route.url} declares no access (config.access)`);
    }
  });

  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    if (err instanceof AppError) {
      if (err.opts.headers) reply.headers(err.opts.headers);
      return reply.code(err.status).send(errorBody(req.lang, err.code, err.opts.errors, err.opts.details, err.opts.vars, err.opts.data));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const where = (err as { validationContext?: string }).validationContext;
      // A path that names no record that can exist (`/services/xyz`, a NUL in an id) is a record that
      // is not there: 404, as for a well-formed id that matches nothing.
      if (where === 'params') return reply.code(404).send(errorBody(req.lang, 'NOT_FOUND'));
      const errors = err.validation.map((v) => {
        const path = v.instancePath.replace(/^\//, '').replace(/\//g, '.');
        return {
          field: path || (where === 'body' ? 'body' : where ?? 'request'),
          message: issueMessage(v.message ?? '', v.keyword, v.params as Record<string, unknown>),
        };
      });
      return reply.code(400).send(errorBody(req.lang, 'VALIDATION_FAILED', errors));
    }
    if (isServiceUnavailable(err)) {
      // A database restart: the client may retry the same request shortly, it is not a bug (no 500).
      req.log.warn({ err: loggableError(err) }, 'service unavailable');
      return reply.code(503).header('retry-after', RETRY_AFTER_UNAVAILABLE).send(errorBody(req.lang, 'SERVICE_UNAVAILABLE'));
    }
    const fe = err as FastifyError;
    switch (fe.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return reply.code(413).send(errorBody(req.lang, 'PAYLOAD_TOO_LARGE'));
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return reply.code(415).send(errorBody(req.lang, 'UNSUPPORTED_MEDIA_TYPE'));
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return reply.code(400).send(errorBody(req.lang, 'VALIDATION_FAILED', [{ field: 'body', message: 'validation.required' }]));
    }
    if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
      // e.g. a body that is not valid JSON
      return reply.code(400).send(errorBody(req.lang, 'VALIDATION_FAILED', [{ field: 'body', message: 'validation.invalid' }]));
    }
    // Never the parameters of a failed statement (they hold password hashes and emails).
    req.log.error({ err: loggableError(err) }, 'unhandled error');
    return reply.code(500).send(errorBody(req.lang, 'INTERNAL_ERROR'));
  });
}

/**
 * An address the app may send a browser back to: http(s) on this site's own origin (APP_URL), never
 * another site, a protocol-relative `//host` or a `javascript:` address.
 */
export function isOwnSiteUrl(url: string, appUrl: string): boolean {
  try {
    const target = new URL(url);
    return (target.protocol === 'http:' || target.protocol === 'https:') && target.origin === new URL(appUrl).origin;
  } catch {
    return false;
  }
}
