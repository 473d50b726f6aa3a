import { z } from 'zod';
import {
  ChangeUserStatusBodySchema,
  CustomerOptionSchema,
  CustomerSearchQuerySchema,
  LanguageBodySchema,
  ProfileSchema,
  ProfileSettingBodySchema,
  ProfileUpdateBodySchema,
  UserPermissionsBodySchema,
} from './auth';
import { defineEndpoint } from './endpoint';

// SPEC §7 the caller's profile and settings; staff manage users and their permission overrides (SPEC §6).
// Keep zod calls inside the descriptors: the web build drops them there (schemas are types on the web).

export const MeEndpoint = defineEndpoint({
  method: 'GET',
  path: '/me',
  access: 'open',
  summary: 'My profile, role, permissions and wallet',
  operationId: 'getMe',
  tags: ['profile'],
  reply: ProfileSchema,
  errors: [404],
});

export const UpdateProfileEndpoint = defineEndpoint({
  method: 'POST',
  path: '/profile/update',
  access: 'open',
  summary: 'Update my profile',
  operationId: 'updateProfile',
  tags: ['profile'],
  body: ProfileUpdateBodySchema,
  reply: ProfileSchema,
  message: 'profile.updated',
  errors: [404],
});

export const UpdateProfileSettingEndpoint = defineEndpoint({
  method: 'PATCH',
  path: '/profile/update-setting',
  access: 'open',
  summary: 'Update my settings (time zone, label purchase delay, auto-pay)',
  operationId: 'updateProfileSetting',
  tags: ['profile'],
  body: ProfileSettingBodySchema,
  reply: ProfileSchema,
  message: 'profile.settingUpdated',
  errors: [404],
});

export const SetNotificationLanguageEndpoint = defineEndpoint({
  method: 'PATCH',
  path: '/user/setting-notification-language',
  access: 'open',
  summary: 'Choose my language (interface, notifications and emails)',
  description: 'The reply is already in the chosen language.',
  operationId: 'setNotificationLanguage',
  tags: ['profile'],
  body: LanguageBodySchema,
  reply: ProfileSchema,
  message: 'profile.languageUpdated',
  errors: [404],
});

export const ChangeUserStatusEndpoint = defineEndpoint({
  method: 'PATCH',
  path: '/admin/change-status-user',
  access: 'EX-USER-MANAGE',
  summary: 'Activate or deactivate a user',
  description: 'Deactivating ends all of the user\'s sessions.',
  operationId: 'changeUserStatus',
  tags: ['admin'],
  body: ChangeUserStatusBodySchema,
  reply: z.null(),
  message: 'user.statusChanged',
  errors: [404],
});

export const SearchCustomersEndpoint = defineEndpoint({
  method: 'GET',
  path: '/user/get-customers',
  access: 'EX-USER-LIST',
  summary: 'Find seller accounts for pickers (by keyword, or by ids)',
  operationId: 'searchCustomers',
  tags: ['admin'],
  query: CustomerSearchQuerySchema,
  reply: z.array(CustomerOptionSchema),
});

export const GetUserPermissionsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/admin/get-permission-user',
  access: 'EX-USER-MANAGE',
  summary: 'A user\'s role permissions, own overrides and effective permissions',
  operationId: 'getUserPermissions',
  tags: ['admin'],
  query: z.object({ userId: z.string().uuid('validation.id.invalid') }),
  reply: z.object({
    role: z.object({ code: z.string(), name: z.string(), permissions: z.array(z.string()) }),
    overrides: z.array(z.object({ code: z.string(), granted: z.boolean() })),
    permissions: z.array(z.string()),
  }),
  errors: [404],
});

export const UpdateUserPermissionsEndpoint = defineEndpoint({
  method: 'PATCH',
  path: '/admin/update-permission-user',
  access: 'EX-USER-MANAGE',
  summary: 'Replace a user\'s permission overrides',
  operationId: 'updateUserPermissions',
  tags: ['admin'],
  body: UserPermissionsBodySchema,
  reply: z.object({ permissions: z.array(z.string()) }),
  message: 'user.permissionsChanged',
  errors: [404],
});
