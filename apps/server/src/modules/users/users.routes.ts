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
  GetUserActivityEndpoint,
  ChangeUserStatusEndpoint,
  GetUserPermissionsEndpoint,
  MeEndpoint,
  SearchCustomersEndpoint,
  SetNotificationLanguageEndpoint,
  DismissNoticeEndpoint,
  UpdateProfileEndpoint,
  UpdateAvatarEndpoint,
  GetAvatarEndpoint,
  AVATAR_MAX_BYTES,
  UpdateProfileSettingEndpoint,
  UpdateSenderProfileEndpoint,
  UpdateUserPermissionsEndpoint,
  ListRolesEndpoint,
  CreateRoleEndpoint,
  UpdateRoleEndpoint,
  DeleteRoleEndpoint,
  SetRolePermissionsEndpoint,
  RoleMatrixEndpoint,
  RoleMatrixXlsxEndpoint,
  ListResourcesEndpoint,
  CreateResourceEndpoint,
  UpdateResourceEndpoint,
  DeleteResourceEndpoint,
  ListPermissionsEndpoint,
  CreatePermissionEndpoint,
  UpdatePermissionEndpoint,
  DeletePermissionEndpoint,
} from '@exship/contracts';
import { authOf } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { route } from '../../platform/endpoints';
import { AppError } from '../../platform/errors';
import { sendXlsxStream } from '../../platform/xlsx';
import { readForm, reencodeImage, registerUploads, IMAGE_CONTENT_TYPES, type Storage } from '../../platform/storage';
import type { UsersUseCases } from './users.service';
import { randomBytes } from 'node:crypto';

export const usersRoutes =
  (db: Db, users: UsersUseCases, storage: Storage): FastifyPluginAsyncZod =>
  async (app) => {
    await registerUploads(app, AVATAR_MAX_BYTES);
    route(app, UpdateAvatarEndpoint, async (req) => {
      const { userId } = authOf(req);
      const { upload } = await readForm(req, 'avatar', AVATAR_MAX_BYTES - 1);
      if (!upload) throw new AppError('FILE_MISSING', 400, { errors: [{ field: 'avatar', message: 'validation.required' }] });
      // By its bytes, decoded and written again: no metadata, no polyglot file survives.
      const image = await reencodeImage(upload);
      const file = `${randomBytes(16).toString('hex')}.${image.type}`;
      await storage.put(`avatars/${file}`, image.data);
      const before = await users.setAvatar(db, userId, `/api/v1/avatars/${file}`);
      const old = before && /^\/api\/v1\/avatars\/([0-9a-f]{32}\.(jpg|png))$/.exec(before)?.[1];
      if (old) await storage.delete(`avatars/${old}`).catch(() => undefined);
      return users.getProfile(db, userId);
    });
    route(app, GetAvatarEndpoint, async (req, reply) => {
      const data = await storage.get(`avatars/${req.params.file}`);
      if (!data) throw new AppError('FILE_NOT_FOUND', 404);
      const type = req.params.file.endsWith('.png') ? 'png' : 'jpg';
      return reply.header('content-type', IMAGE_CONTENT_TYPES[type]).header('x-content-type-options', 'nosniff').header('cache-control', 'public, max-age=86400, immutable').header('content-security-policy', "default-src 'none'").send(data);
    });
    // Every page load asks for it: a kept read answers without a promise, written by a compiled writer.
    route(app, MeEndpoint, (req) => users.getMe(db, authOf(req)), { serializer: 'compiled' });

    route(app, UpdateProfileEndpoint, async (req) => users.updateProfile(db, authOf(req).userId, req.body));

    route(app, UpdateProfileSettingEndpoint, async (req) => users.updateSettings(db, authOf(req), req.body));
    route(app, DismissNoticeEndpoint, async (req) => users.dismissNotice(db, authOf(req).userId, req.body.notice));
    route(app, UpdateSenderProfileEndpoint, async (req) => users.updateSender(db, authOf(req), req.body));

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
    route(app, GetUserActivityEndpoint, async (req) => users.userActivity(db, authOf(req), req.query));
    route(app, AccountsByIdsEndpoint, async (req) => (req.body.ids.length === 0 ? [] : users.pickAccounts(db, authOf(req), { ids: req.body.ids, limit: 100 })));
    route(app, AccountsForDiscountEndpoint, async (req) => users.pickAccounts(db, authOf(req), req.body));
  
    // SPEC §2 /app/setting-user/role, /resource, /permission.
    route(app, ListRolesEndpoint, async () => users.listRoles(db));
    route(app, CreateRoleEndpoint, async (req) => users.createRole(db, req.body));
    route(app, UpdateRoleEndpoint, async (req) => users.updateRole(db, req.auth!, req.params.id, req.body));
    route(app, DeleteRoleEndpoint, async (req) => {
      await users.deleteRole(db, req.params.id);
      return null;
    });
    route(app, SetRolePermissionsEndpoint, async (req) => users.setRolePermissions(db, req.auth!, req.params.id, req.body.codes));
    route(app, RoleMatrixEndpoint, async (req) => users.roleMatrix(db, req.lang));
    route(app, RoleMatrixXlsxEndpoint, async (_req, reply) => sendXlsxStream(reply, 'Role_permission_matrix.xlsx', await users.roleMatrixWorkbook(db)));
    route(app, ListResourcesEndpoint, async (req) => users.listResources(db, req.lang));
    route(app, CreateResourceEndpoint, async (req) => users.createResource(db, req.body));
    route(app, UpdateResourceEndpoint, async (req) => users.updateResource(db, req.params.code, req.body));
    route(app, DeleteResourceEndpoint, async (req) => {
      await users.deleteResource(db, req.params.code);
      return null;
    });
    route(app, ListPermissionsEndpoint, async (req) => users.listPermissions(db, req.lang));
    route(app, CreatePermissionEndpoint, async (req) => users.createPermission(db, req.body));
    route(app, UpdatePermissionEndpoint, async (req) => users.updatePermission(db, req.params.code, req.body));
    route(app, DeletePermissionEndpoint, async (req) => {
      await users.deletePermission(db, req.params.code);
      return null;
    });
  };
