import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hasAccess } from '@exship/domain';
import { AppError } from './errors';
import { API_PREFIX, type Access, type AuthContext } from './http';

/** What a user who must change their password may still call (the seeded production admin). */
const OPEN_BEFORE_PASSWORD_CHANGE = new Set(['/me', '/logout', '/password/update'].map((p) => API_PREFIX + p));

/** Resolves a bearer token to its session; provided by the auth module. A cached session comes back without a promise. */
export type SessionResolver = (token: string) => AuthContext | Promise<AuthContext | 'expired' | null>;

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
export function registerAuthPlatform(app: FastifyInstance, resolve: SessionResolver): void {
  /** Admits the caller or says why not. */
  function admit(req: FastifyRequest, ctx: AuthContext | 'expired' | null, access: Access): AppError | undefined {
    if (ctx === 'expired') return new AppError('SESSION_EXPIRED', 401);
    if (!ctx) return new AppError('UNAUTHENTICATED', 401);
    req.auth = ctx;
    if (ctx.mustChangePassword && !OPEN_BEFORE_PASSWORD_CHANGE.has(req.routeOptions.url ?? '')) return new AppError('PASSWORD_CHANGE_REQUIRED', 403);
    if (access !== 'open' && !hasAccess(ctx.permissions, access)) return new AppError('FORBIDDEN', 403, { details: { permission: access } });
    return undefined;
  }
  // A callback hook, so public routes pay no promise for it, and a cached session none either.
  app.addHook('onRequest', (req, _reply, done) => {
    const access = req.routeOptions.config?.access;
    if (!access || access === 'public') return done();
    const token = bearerToken(req);
    if (!token) return done(new AppError('UNAUTHENTICATED', 401));
    const found = resolve(token);
    if (found instanceof Promise) found.then((ctx) => done(admit(req, ctx, access)), done);
    else done(admit(req, found, access));
  });
}

/** The signed-in caller of a route whose access is not 'public'. */
export function authOf(req: FastifyRequest): AuthContext {
  if (!req.auth) throw new AppError('UNAUTHENTICATED', 401);
  return req.auth;
}
