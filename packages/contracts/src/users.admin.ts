import { z } from 'zod';
import { emailField, fullNameField, GENDERS, optionalPhoneField, passwordField, USER_STATUSES } from './auth';
import { dateFilterField, idField, keywordQueryField, pageField, pastDateField, textField, withDateRange } from './fields';

// SPEC §3 User, §7 /admin/* user management, §9 (user manager: role, tier, date range).

/** A seller account is basic or sells on a short-video marketplace (its orders may carry that marketplace's label URL). */
export const ACCOUNT_TYPES = ['basic', 'short-video'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

/** A short optional text (user name, department, tier): '' clears it. */
const optionalShortText = (max: number) =>
  z.preprocess((v) => (v === '' ? null : v), textField().trim().max(max, 'validation.max100').nullable().optional());
const roleCodeField = () => textField().trim().min(1, 'validation.role.required').max(100, 'validation.role.required');

/** SPEC §7 GET /admin/users-management and /admin/accounts: pageIndex, totalItem (page size 10/15/20). */
export const UserListQuerySchema = withDateRange(
  z.object({
    pageIndex: pageField(),
    totalItem: z.coerce.number({ error: 'validation.number' }).int('validation.number').min(1, 'validation.number').max(100, 'validation.number').default(10),
    keyword: keywordQueryField(),
    role: z.preprocess((v) => (v === '' ? undefined : v), textField().trim().max(100, 'validation.max100').optional()),
    tier: z.preprocess((v) => (v === '' ? undefined : v), textField().trim().max(100, 'validation.max100').optional()),
    accountType: z.preprocess((v) => (v === '' || v === 'all' ? undefined : v), z.enum(ACCOUNT_TYPES, { error: 'validation.invalid' }).optional()),
    status: z.preprocess((v) => (v === '' || v === 'all' ? undefined : v), z.enum(USER_STATUSES, { error: 'validation.status.invalid' }).optional()),
    /** An empty filter (`?startDate=`) is no filter; the screen opens on the last 7 days (SPEC §9). */
    startDate: z.preprocess((v) => (v === '' ? undefined : v), dateFilterField().optional()),
    endDate: z.preprocess((v) => (v === '' ? undefined : v), dateFilterField().optional()),
  }),
  'startDate',
  'endDate',
);
export type UserListQuery = z.infer<typeof UserListQuerySchema>;

export const ManagedUserSchema = z.object({
  id: z.string(),
  accountId: z.string(),
  fullName: z.string(),
  userName: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
  gender: z.enum(GENDERS).nullable(),
  dateOfBirth: z.string().nullable(),
  department: z.string().nullable(),
  role: z.object({ code: z.string(), name: z.string(), kind: z.enum(['staff', 'customer']) }),
  tier: z.string().nullable(),
  accountType: z.enum(ACCOUNT_TYPES),
  status: z.enum(USER_STATUSES),
  allowCheckin: z.boolean(),
  createdAt: z.string(),
});
export type ManagedUser = z.infer<typeof ManagedUserSchema>;

export const UserListReplySchema = z.object({
  items: z.array(ManagedUserSchema),
  total: z.number(),
  pageIndex: z.number(),
  totalItem: z.number(),
});

const userFields = {
  fullName: fullNameField,
  userName: optionalShortText(100),
  phone: optionalPhoneField,
  gender: z.enum(GENDERS, { error: 'validation.gender.invalid' }).optional().nullable(),
  dateOfBirth: z.preprocess((v) => (v === '' ? null : v), pastDateField().optional().nullable()),
  department: optionalShortText(100),
  roleCode: roleCodeField(),
  tier: optionalShortText(100),
  /** Left out: unchanged (a new account is basic). */
  accountType: z.enum(ACCOUNT_TYPES, { error: 'validation.invalid' }).optional(),
};

/** SPEC §7 POST /admin/account/create: staff create a user; the account is active at once. */
export const AccountCreateBodySchema = z.object({ ...userFields, email: emailField, password: passwordField });
export type AccountCreateBody = z.infer<typeof AccountCreateBodySchema>;

/** SPEC §7 POST /admin/account/update. A new role replaces the user's earlier overrides (SPEC §6). */
export const AccountUpdateBodySchema = z.object({ userId: idField(), ...userFields });
export type AccountUpdateBody = z.infer<typeof AccountUpdateBodySchema>;

export const ChangeCheckinBodySchema = z.object({
  userId: idField(),
  allowCheckin: z.boolean({ error: 'validation.boolean' }),
});

export const RoleOptionSchema = z.object({ code: z.string(), name: z.string(), kind: z.enum(['staff', 'customer']) });
export type RoleOption = z.infer<typeof RoleOptionSchema>;

export const UserIdQuerySchema = z.object({ userId: idField() });

export const AccountsByIdsBodySchema = z.object({
  ids: z.array(idField(), { error: 'validation.required' }).max(100, 'validation.invalid'),
});

export const AccountsForDiscountBodySchema = z.object({
  keyword: keywordQueryField(),
  ids: z.array(idField()).max(100, 'validation.invalid').default([]),
  limit: z.number().int().min(1).max(50).default(20),
});

/** One line of a user's activity trail (GET /admin/get-user-activity). */
export const UserActivitySchema = () =>
  z.object({
    _id: z.string(),
    at: z.string(),
    operationId: z.string(),
    summary: z.string(),
    method: z.string(),
    route: z.string(),
    params: z.record(z.string(), z.string()),
    status: z.number(),
    ip: z.string(),
    userAgent: z.string(),
    /** The API key the call was made with; null for a signed-in session. */
    apiKeyId: z.string().nullable(),
  });
