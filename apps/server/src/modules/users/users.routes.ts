import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AccountsByIdsEndpoint,
  AccountsForDiscountEndpoint,
  ChangeCheckinEndpoint,
  CreateAccountEndpoint,
  ListAccountsEndpoint,
  ListRolesForFilterEndpoint,
  ListUsersEndpoint,
  UpdateAccountEndpoint,
  WalletByUserEndpoint,
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

    // SPEC §7 user management (staff).
    route(app, ListUsersEndpoint, async (req) => users.listUsers(db, authOf(req), req.query));
    route(app, ListAccountsEndpoint, async (req) => users.listUsers(db, authOf(req), req.query));
    route(app, CreateAccountEndpoint, async (req) => users.createAccount(db, authOf(req), req.body));
    route(app, UpdateAccountEndpoint, async (req) => users.updateAccount(db, authOf(req), req.body));
    route(app, ChangeCheckinEndpoint, async (req) => users.changeCheckin(db, authOf(req), req.body.userId, req.body.allowCheckin));
    route(app, ListRolesForFilterEndpoint, async () => users.listRolesForFilter(db));
    route(app, WalletByUserEndpoint, async (req) => users.walletByUser(db, authOf(req), req.query.userId));
    route(app, AccountsByIdsEndpoint, async (req) => (req.body.ids.length === 0 ? [] : users.pickAccounts(db, authOf(req), { ids: req.body.ids, limit: 100 })));
    route(app, AccountsForDiscountEndpoint, async (req) => users.pickAccounts(db, authOf(req), req.body));
  };
