import { z } from 'zod';
import {
  ChangeUserStatusBodySchema,
  CustomerOptionSchema,
  DismissNoticeBodySchema,
  CustomerSearchQuerySchema,
  LanguageBodySchema,
  ProfileSchema,
  ProfileSettingBodySchema,
  ProfileUpdateBodySchema,
  SenderProfileBodySchema,
  UserPermissionsBodySchema,
} from './auth';
import { defineEndpoint } from './endpoint';
import { idField, pageField, textField } from './fields';
import {
  AccountCreateBodySchema,
  AccountsByIdsBodySchema,
  AccountsForDiscountBodySchema,
  AccountUpdateBodySchema,
  ChangeCheckinBodySchema,
  ManagedUserSchema,
  RoleOptionSchema,
  UserIdQuerySchema,
  UserListQuerySchema,
  UserListReplySchema,
  UserActivitySchema,
} from './users.admin';

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
  sessionOnly: true,
  summary: 'Update my profile',
  operationId: 'updateProfile',
  tags: ['profile'],
  body: ProfileUpdateBodySchema,
  reply: ProfileSchema,
  message: 'profile.updated',
  errors: [404],
});

/** SPEC §7 POST /profile/update-avatar-v2: a photo under 5 MB, checked by its bytes and re-encoded. */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const UpdateAvatarEndpoint = defineEndpoint({
  method: 'POST',
  path: '/profile/update-avatar-v2',
  access: 'open',
  sessionOnly: true,
  summary: 'Upload my profile photo',
  description: 'multipart/form-data `avatar`: a JPG or PNG photo (recognised by its bytes, not its name) under 5 MB. It is re-encoded (metadata dropped) and the profile\'s `avatar` becomes its address.',
  operationId: 'updateAvatar',
  tags: ['profile'],
  multipart: { field: 'avatar', description: 'The photo: JPG or PNG under 5 MB', accept: ['image/jpeg', 'image/png'] },
  reply: ProfileSchema,
  message: 'profile.avatarUpdated',
  errors: [413, 415],
});

export const GetAvatarEndpoint = defineEndpoint({
  method: 'GET',
  path: '/avatars/:file',
  access: 'public',
  summary: 'A profile photo',
  description: 'By its unguessable file name (the profile\'s `avatar`), so an image element can show it; served with its own image type and nosniff.',
  operationId: 'getAvatar',
  tags: ['profile'],
  params: z.object({ file: textField().regex(/^[0-9a-f]{32}\.(jpg|png)$/, 'validation.invalid') }),
  reply: { binary: 'image/jpeg | image/png', description: 'The photo' },
  errors: [404],
});

export const UpdateProfileSettingEndpoint = defineEndpoint({
  method: 'PATCH',
  path: '/profile/update-setting',
  access: 'open',
  sessionOnly: true,
  summary: 'Update my settings (time zone, label purchase delay, auto-pay)',
  description: "The time zone is the caller's own. Auto-pay and the label purchase delay are the account's (a team member changes its owner's) and need EX-ORDER-PAY: 403 ACCOUNT_SETTINGS_FORBIDDEN naming those fields otherwise.",
  operationId: 'updateProfileSetting',
  tags: ['profile'],
  body: ProfileSettingBodySchema,
  reply: ProfileSchema,
  message: 'profile.settingUpdated',
  errors: [403, 404],
});

export const DismissNoticeEndpoint = defineEndpoint({
  method: 'POST',
  path: '/profile/dismiss-notice',
  access: 'open',
  sessionOnly: true,
  summary: 'Dismiss a notice for good',
  description: "Remembers on the caller's own user that a notice (the integrations banner's 'Got it') was dismissed, so it is not shown again on any device. Dismissing twice changes nothing.",
  operationId: 'dismissNotice',
  tags: ['profile'],
  body: DismissNoticeBodySchema,
  reply: ProfileSchema,
  errors: [404],
});

export const UpdateSenderProfileEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/profile/sender',
  access: 'open',
  summary: 'Set the account\'s sender: company, ship-from address and US return address',
  description:
    "The label's FROM: the company (else the sender's name) with the US return address when one is set, else the ship-from address; without either, the warehouse's. Account-level (a team member changes its owner's) and needs EX-ORDER-PAY: 403 ACCOUNT_SETTINGS_FORBIDDEN otherwise. `null` clears one.",
  operationId: 'updateSenderProfile',
  tags: ['profile'],
  body: SenderProfileBodySchema,
  reply: ProfileSchema,
  message: 'profile.senderUpdated',
  errors: [403, 404],
});

export const SetNotificationLanguageEndpoint = defineEndpoint({
  method: 'PATCH',
  path: '/user/setting-notification-language',
  access: 'open',
  sessionOnly: true,
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

// ---------- SPEC §7 user management (staff) ----------

const listUsers = {
  method: 'GET',
  access: 'EX-USER-LIST',
  tags: ['admin'],
  description: 'Filters: keyword (name, user name, email, phone), role code, tier, status, created between startDate and endDate.',
} as const;

export const ListUsersEndpoint = defineEndpoint({
  ...listUsers,
  path: '/admin/users-management',
  summary: 'List users (pageIndex, totalItem)',
  operationId: 'listUsersManagement',
  query: UserListQuerySchema,
  reply: UserListReplySchema,
});

export const ListAccountsEndpoint = defineEndpoint({
  ...listUsers,
  path: '/admin/accounts',
  summary: 'List accounts (pageIndex, totalItem); the same list as /admin/users-management',
  operationId: 'listAccounts',
  query: UserListQuerySchema,
  reply: UserListReplySchema,
});

export const CreateAccountEndpoint = defineEndpoint({
  method: 'POST',
  path: '/admin/account/create',
  access: 'EX-USER-MANAGE',
  summary: 'Create a user (active at once)',
  operationId: 'createAccount',
  tags: ['admin'],
  body: AccountCreateBodySchema,
  reply: ManagedUserSchema,
  status: 201,
  message: 'user.created',
  errors: [409],
});

export const UpdateAccountEndpoint = defineEndpoint({
  method: 'POST',
  path: '/admin/account/update',
  access: 'EX-USER-MANAGE',
  summary: 'Update a user; a new role replaces the user\'s earlier permission overrides',
  operationId: 'updateAccount',
  tags: ['admin'],
  body: AccountUpdateBodySchema,
  reply: ManagedUserSchema,
  message: 'user.updated',
  errors: [404],
});

export const ChangeCheckinEndpoint = defineEndpoint({
  method: 'PATCH',
  path: '/admin/change-checkin-user',
  access: 'EX-USER-MANAGE',
  summary: 'Allow or deny a user check-in',
  operationId: 'changeCheckinUser',
  tags: ['admin'],
  body: ChangeCheckinBodySchema,
  reply: ManagedUserSchema,
  message: 'user.checkinChanged',
  errors: [404],
});

export const ListRolesForFilterEndpoint = defineEndpoint({
  method: 'GET',
  path: '/admin/list-role-for-filter',
  access: 'EX-USER-LIST',
  summary: 'Roles for the user list filter and the user form',
  operationId: 'listRolesForFilter',
  tags: ['admin'],
  reply: z.array(RoleOptionSchema),
});

export const WalletByUserEndpoint = defineEndpoint({
  method: 'GET',
  path: '/admin/wallet-by-user',
  access: 'EX-USER-LIST',
  summary: 'The wallet of a user\'s account',
  operationId: 'walletByUser',
  tags: ['admin'],
  query: UserIdQuerySchema,
  reply: z.object({
    balance: z.number(),
    unPaid: z.number(),
    autoPay: z.boolean(),
    credit: z.object({ limit: z.number(), remaining: z.number(), isBlocked: z.boolean() }).nullable(),
  }),
  errors: [404],
});

export const AccountsByIdsEndpoint = defineEndpoint({
  method: 'POST',
  path: '/accounts/accounts-by-ids',
  access: 'EX-USER-LIST',
  summary: 'Seller accounts by their ids (for pickers showing saved choices)',
  operationId: 'accountsByIds',
  readOnly: true,
  tags: ['admin'],
  body: AccountsByIdsBodySchema,
  reply: z.array(CustomerOptionSchema),
});

export const AccountsForDiscountEndpoint = defineEndpoint({
  method: 'POST',
  path: '/admin/accounts-for-discount',
  access: 'EX-DISCOUNT-MANAGE',
  summary: 'Seller accounts a discount can target (by keyword, or by ids)',
  operationId: 'accountsForDiscount',
  readOnly: true,
  tags: ['admin'],
  body: AccountsForDiscountBodySchema,
  reply: z.array(CustomerOptionSchema),
});

export const GetUserActivityEndpoint = defineEndpoint({
  method: 'GET',
  path: '/admin/get-user-activity',
  access: 'EX-USER-LIST',
  summary: 'A user\'s activity: sign-ins and every change made through the API, newest first',
  description: 'Written for every route by one platform hook (no request bodies are kept). Filter by operation (e.g. `login`) and date.',
  operationId: 'getUserActivity',
  tags: ['admin'],
  query: z.object({
    userId: idField(),
    page: pageField(),
    pageSize: z.coerce.number({ error: 'validation.number' }).int('validation.number').min(1, 'validation.pageSize').max(100, 'validation.pageSize').default(20),
    operationId: textField().trim().max(100, 'validation.invalid').optional(),
  }),
  reply: z.object({ items: z.array(UserActivitySchema()), total: z.number(), page: z.number(), pageSize: z.number() }),
  errors: [404],
});
