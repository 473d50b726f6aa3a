import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ChangeUserStatusEndpoint,
  GetUserPermissionsEndpoint,
  MeEndpoint,
  SearchCustomersEndpoint,
  SetNotificationLanguageEndpoint,
  UpdateProfileEndpoint,
  UpdateProfileSettingEndpoint,
  UpdateUserPermissionsEndpoint,
} from '@exship/contracts';
import { authOf } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { route } from '../../platform/endpoints';
import type { UsersUseCases } from './users.service';

export const usersRoutes =
  (db: Db, users: UsersUseCases): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, MeEndpoint, async (req) => users.getProfile(db, authOf(req).userId));

    route(app, UpdateProfileEndpoint, async (req) => users.updateProfile(db, authOf(req).userId, req.body));

    route(app, UpdateProfileSettingEndpoint, async (req) => users.updateSettings(db, authOf(req), req.body));

    route(app, SetNotificationLanguageEndpoint, async (req) => {
      const profile = await users.setLanguage(db, authOf(req).userId, req.body.code);
      req.lang = req.body.code; // answer in the language just chosen
      return profile;
    });

    route(app, ChangeUserStatusEndpoint, async (req) => {
      await users.changeUserStatus(db, authOf(req), req.body.userId, req.body.status);
      return null;
    });

    // SPEC §7: seller accounts for staff pickers (discount customers, products for a customer).
    route(app, SearchCustomersEndpoint, async (req) => users.searchCustomers(db, req.query));

    route(app, GetUserPermissionsEndpoint, async (req) => users.permissionDetail(db, req.query.userId));

    route(app, UpdateUserPermissionsEndpoint, async (req) => {
      const principal = await users.setPermissionOverrides(db, authOf(req), req.body.userId, req.body.overrides);
      return { permissions: principal.permissions };
    });
  };
