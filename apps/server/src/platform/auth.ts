import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hasAccess } from '@exship/domain';
import { AppError } from './errors';
import type { Access, AuthContext } from './http';

/** Resolves a bearer token to its session; provided by the auth module. */
export type SessionResolver = (token: string) => Promise<AuthContext | 'expired' | null>;

export function bearerToken(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (!header) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(header);
  return m ? m[1]! : null;
}

/**
 * DESIGN "Permissions": every route declares `config.access`; this hook enforces it before
 * the body is validated, so an anonymous caller gets 401 and a caller without rights 403.
 */
export function registerAuthPlatform(app: FastifyInstance, resolve: SessionResolver): void {
  async function authenticate(req: FastifyRequest, access: Access): Promise<void> {
    const token = bearerToken(req);
    if (!token) throw new AppError('UNAUTHENTICATED', 401);
    const ctx = await resolve(token);
    if (ctx === 'expired') throw new AppError('SESSION_EXPIRED', 401);
    if (!ctx) throw new AppError('UNAUTHENTICATED', 401);
    req.auth = ctx;
    if (access !== 'open' && !hasAccess(ctx.permissions, access)) {
      throw new AppError('FORBIDDEN', 403, { details: { permission: access } });
    }
  }
  // A callback hook, so public routes pay no promise for it.
  app.addHook('onRequest', (req, _reply, done) => {
    const access = req.routeOptions.config?.access;
    if (!access || access === 'public') return done();
    authenticate(req, access).then(() => done(), done);
  });
}

/** The signed-in caller of a route whose access is not 'public'. */
export function authOf(req: FastifyRequest): AuthContext {
  if (!req.auth) throw new AppError('UNAUTHENTICATED', 401);
  return req.auth;
}
