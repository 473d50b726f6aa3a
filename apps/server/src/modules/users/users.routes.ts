import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CustomerSearchQuerySchema, UserPermissionsBodySchema, ChangeUserStatusBodySchema, LanguageBodySchema, ProfileSettingBodySchema, ProfileUpdateBodySchema } from '@exship/contracts';
import { authOf } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { ok } from '../../platform/http';
import * as users from './users.service';

export const usersRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/me', { config: { access: 'open' }, schema: { tags: ['profile'] } }, async (req) => ok(req, await users.getProfile(db, authOf(req).userId)));

    app.post('/profile/update', { config: { access: 'open' }, schema: { tags: ['profile'], body: ProfileUpdateBodySchema } }, async (req) =>
      ok(req, await users.updateProfile(db, authOf(req).userId, req.body), 'profile.updated'),
    );

    app.patch('/profile/update-setting', { config: { access: 'open' }, schema: { tags: ['profile'], body: ProfileSettingBodySchema } }, async (req) =>
      ok(req, await users.updateSettings(db, authOf(req), req.body), 'profile.settingUpdated'),
    );

    app.patch('/user/setting-notification-language', { config: { access: 'open' }, schema: { tags: ['profile'], body: LanguageBodySchema } }, async (req) => {
      const profile = await users.setLanguage(db, authOf(req).userId, req.body.code);
      req.lang = req.body.code; // answer in the language just chosen
      return ok(req, profile, 'profile.languageUpdated');
    });

    app.patch('/admin/change-status-user', { config: { access: 'EX-USER-MANAGE' }, schema: { tags: ['admin'], body: ChangeUserStatusBodySchema } }, async (req) => {
      await users.changeUserStatus(db, req.body.userId, req.body.status);
      return ok(req, null, 'user.statusChanged');
    });

    // SPEC §7: seller accounts for staff pickers (discount customers, products for a customer).
    app.get('/user/get-customers', { config: { access: 'EX-USER-LIST' }, schema: { tags: ['admin'], querystring: CustomerSearchQuerySchema } }, async (req) =>
      ok(req, await users.searchCustomers(db, req.query)),
    );

    app.get('/admin/get-permission-user', { config: { access: 'EX-USER-MANAGE' }, schema: { tags: ['admin'], querystring: z.object({ userId: z.string().uuid('validation.id.invalid') }) } }, async (req) =>
      ok(req, await users.permissionDetail(db, req.query.userId)),
    );

    app.patch('/admin/update-permission-user', { config: { access: 'EX-USER-MANAGE' }, schema: { tags: ['admin'], body: UserPermissionsBodySchema } }, async (req) => {
      const principal = await users.setPermissionOverrides(db, req.body.userId, req.body.overrides);
      return ok(req, { permissions: principal.permissions }, 'user.permissionsChanged');
    });
  };
