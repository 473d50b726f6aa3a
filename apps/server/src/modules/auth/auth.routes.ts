import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  ActivateAccountEndpoint,
  ForgotPasswordEndpoint,
  LoginEndpoint,
  LoginSocialEndpoint,
  SignInOptionsEndpoint,
  LogoutEndpoint,
  RegisterEndpoint,
  RequestVerifyEndpoint,
  ResetPasswordEndpoint,
  UpdatePasswordEndpoint,
} from '@exship/contracts';
import { authOf } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { route } from '../../platform/endpoints';
import { getProfile } from '../users';
import type { AuthService } from './auth.service';

const meta = (req: FastifyRequest) => ({ ip: req.ip, userAgent: req.headers['user-agent'], lang: req.lang });

export const authRoutes =
  (db: Db, auth: AuthService): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, RegisterEndpoint, async (req) => {
      await auth.register(req.body, meta(req));
      return null;
    });

    route(app, ActivateAccountEndpoint, async (req) => {
      await auth.activate(req.params.token);
      return null;
    });

    route(app, RequestVerifyEndpoint, async (req) => {
      await auth.requestVerify(req.params.id, meta(req));
      return null;
    });

    route(app, LoginEndpoint, async (req) => {
      const session = await auth.login(req.body.email, req.body.password, meta(req));
      req.activityUserId = session.userId;
      const profile = await getProfile(db, session.userId);
      return { token: session.token, expiresAt: session.expiresAt, mustChangePassword: session.mustChangePassword, profile };
    });

    route(app, SignInOptionsEndpoint, async () => auth.signInOptions());

    route(app, LoginSocialEndpoint, async (req) => {
      const session = await auth.loginSocial(req.body.idToken, meta(req));
      req.activityUserId = session.userId;
      const profile = await getProfile(db, session.userId);
      return { token: session.token, expiresAt: session.expiresAt, mustChangePassword: session.mustChangePassword, profile };
    });

    route(app, LogoutEndpoint, async (req) => {
      await auth.logout(authOf(req).sessionId);
      return null;
    });

    route(app, ForgotPasswordEndpoint, async (req) => {
      await auth.forgotPassword(req.body.email, meta(req));
      return null;
    });

    route(app, ResetPasswordEndpoint, async (req) => {
      await auth.resetPassword(req.body.token, req.body.password);
      return null;
    });

    route(app, UpdatePasswordEndpoint, async (req) => {
      await auth.updatePassword(authOf(req), req.body, meta(req));
      return null;
    });
  };
