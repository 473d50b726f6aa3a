import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { changesState, type EndpointDef } from '@exship/contracts';
import { hasAccess } from '@exship/domain';
import { AppError } from './errors';
import { API_PREFIX, type Access, type AuthContext } from './http';

/** What a user who must change their password may still call (the seeded production admin). */
const OPEN_BEFORE_PASSWORD_CHANGE = new Set(['/me', '/logout', '/password/update'].map((p) => API_PREFIX + p));

/**
 * Resolves a bearer token to its caller; provided by the auth module (sessions) and the API keys
 * module (tokens with its prefix). A cached session comes back without a promise; an AppError says
 * why a token is refused when it is more than unknown or expired (a key past its rate limit).
 */
export type SessionResolver = (token: string) => AuthContext | Promise<AuthContext | AppError | 'expired' | null>;

export interface AuthPlatformOptions {
  /** Called for every request an API key is admitted to (or refused by scope): the activity trail. */
  onApiKeyUse?: (req: FastifyRequest, reply: FastifyReply) => void;
}

export function bearerToken(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (!header) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(header);
  return m ? m[1]! : null;
}

/**
 * docs/engineering.md "Permissions": every route declares `config.access`; this hook enforces it before
 * the body is validated, so an anonymous caller gets 401 and a caller without rights 403.
 */
export function registerAuthPlatform(app: FastifyInstance, resolve: SessionResolver, opts: AuthPlatformOptions = {}): void {
  /** Admits the caller or says why not. */
  function admit(req: FastifyRequest, reply: FastifyReply, ctx: AuthContext | AppError | 'expired' | null, access: Access): AppError | undefined {
    if (ctx === 'expired') return new AppError('SESSION_EXPIRED', 401);
    if (!ctx) return new AppError('UNAUTHENTICATED', 401);
    if (ctx instanceof AppError) return ctx;
    req.auth = ctx;
    if (ctx.apiKey) {
      opts.onApiKeyUse?.(req, reply);
      return admitApiKey(req, ctx, access);
    }
    if (ctx.mustChangePassword && !OPEN_BEFORE_PASSWORD_CHANGE.has(req.routeOptions.url ?? '')) return new AppError('PASSWORD_CHANGE_REQUIRED', 403);
    if (access !== 'open' && !hasAccess(ctx.permissions, access)) return new AppError('FORBIDDEN', 403, { details: { permission: access } });
    return undefined;
  }
  // A callback hook, so public routes pay no promise for it, and a cached session none either.
  app.addHook('onRequest', (req, reply, done) => {
    const access = req.routeOptions.config?.access;
    if (!access || access === 'public') return done();
    const token = bearerToken(req);
    if (!token) return done(new AppError('UNAUTHENTICATED', 401));
    const found = resolve(token);
    if (found instanceof Promise) found.then((ctx) => done(admit(req, reply, ctx, access)), done);
    else done(admit(req, reply, found, access));
  });
}

/**
 * docs/api-keys.md: a key works on the routes its scope's permissions open, never on a session-only
 * route (sign-out, password, profile, the keys themselves); a change needs the permission in a
 * read/write group, and a change on an open route needs a key scoped to all the creator's permissions.
 */
function admitApiKey(req: FastifyRequest, ctx: AuthContext, access: Access): AppError | undefined {
  const key = ctx.apiKey!;
  const endpoint = req.routeOptions.config?.endpoint as EndpointDef | undefined;
  if (!endpoint || endpoint.sessionOnly) return new AppError('API_KEY_NOT_ALLOWED', 403);
  if (access !== 'open' && !hasAccess(ctx.permissions, access)) return new AppError('FORBIDDEN', 403, { details: { permission: access } });
  if (changesState(endpoint) && (access === 'open' ? !key.fullScope : !hasAccess(key.writable, access))) {
    return new AppError('API_KEY_READ_ONLY', 403, { details: { permission: access } });
  }
  return undefined;
}

/** The signed-in caller of a route whose access is not 'public'. */
export function authOf(req: FastifyRequest): AuthContext {
  if (!req.auth) throw new AppError('UNAUTHENTICATED', 401);
  return req.auth;
}
