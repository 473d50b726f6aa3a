import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ForgotPasswordBodySchema,
  LoginBodySchema,
  LoginReplySchema,
  ErrorEnvelopeSchema,
  RegisterBodySchema,
  ResetPasswordBodySchema,
  UpdatePasswordBodySchema,
  okEnvelope,
} from '@exship/contracts';
import { authOf } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { ok } from '../../platform/http';
import { getProfile } from '../users';
import type { AuthService } from './auth.service';

const meta = (req: FastifyRequest) => ({ ip: req.ip, userAgent: req.headers['user-agent'], lang: req.lang });
const tokenParam = z.object({ token: z.string().min(1).max(200) });

export const authRoutes =
  (db: Db, auth: AuthService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post('/register', { config: { access: 'public' }, schema: { tags: ['auth'], body: RegisterBodySchema } }, async (req, reply) => {
      await auth.register(req.body, meta(req));
      return reply.code(201).send(ok(req, null, 'auth.registered'));
    });

    app.get('/accounts/authorization/activate/:token', { config: { access: 'public' }, schema: { tags: ['auth'], params: tokenParam } }, async (req) => {
      await auth.activate(req.params.token);
      return ok(req, null, 'auth.verified');
    });

    app.post(
      '/accounts/request-verify/:id',
      { config: { access: 'public' }, schema: { tags: ['auth'], params: z.object({ id: z.string().uuid('validation.id.invalid') }) } },
      async (req) => {
        await auth.requestVerify(req.params.id, meta(req));
        return ok(req, null, 'auth.verifySent');
      },
    );

    app.post(
      '/login',
      {
        config: { access: 'public' },
        schema: { tags: ['auth'], body: LoginBodySchema, response: { 200: okEnvelope(LoginReplySchema), 401: ErrorEnvelopeSchema } },
      },
      async (req) => {
        const session = await auth.login(req.body.email, req.body.password, meta(req));
        const profile = await getProfile(db, session.userId);
        return ok(req, { token: session.token, expiresAt: session.expiresAt, profile }, 'auth.loggedIn');
      },
    );

    app.get('/logout', { config: { access: 'open' }, schema: { tags: ['auth'] } }, async (req) => {
      await auth.logout(authOf(req).sessionId);
      return ok(req, null, 'auth.loggedOut');
    });

    app.post('/password/forgot', { config: { access: 'public' }, schema: { tags: ['auth'], body: ForgotPasswordBodySchema } }, async (req) => {
      await auth.forgotPassword(req.body.email, meta(req));
      return ok(req, null, 'auth.forgotSent');
    });

    app.post('/password/reset-password', { config: { access: 'public' }, schema: { tags: ['auth'], body: ResetPasswordBodySchema } }, async (req) => {
      await auth.resetPassword(req.body.token, req.body.password);
      return ok(req, null, 'auth.passwordReset');
    });

    app.post('/password/update', { config: { access: 'open' }, schema: { tags: ['auth'], body: UpdatePasswordBodySchema } }, async (req) => {
      await auth.updatePassword(authOf(req), req.body);
      return ok(req, null, 'auth.passwordUpdated');
    });
  };
