import { z } from 'zod';
import { EMOJI_PATTERN, idField, keywordQueryField, pastDateField, textField } from './fields';
import { LANGUAGES, LIMITS } from './limits';

// SPEC §5 account rules. Messages are keys into messages.ts, translated on the server and in the web app.

/** SPEC §5: letters, digits and _ + * - in dot-separated parts, @, a domain, a TLD of 2+ letters. */
export const EMAIL_PATTERN = /^[A-Za-z0-9_+*-]+(\.[A-Za-z0-9_+*-]+)*@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;
/** SPEC §5: optional +, first digit 1-9, then 7 to 14 digits. */
export const PHONE_PATTERN = /^\+?[1-9]\d{7,14}$/;

export const emailField = textField()
  .trim()
  .min(1, 'validation.required')
  .max(LIMITS.emailMax, 'validation.email.invalid')
  .regex(EMAIL_PATTERN, 'validation.email.invalid')
  .transform((v) => v.toLowerCase());

export const passwordField = textField()
  .min(1, 'validation.required')
  .min(LIMITS.passwordMin, 'validation.password.tooShort')
  .max(LIMITS.passwordMax, 'validation.password.tooLong')
  .regex(/[a-z]/, 'validation.password.lowercase')
  .regex(/[A-Z]/, 'validation.password.uppercase')
  .regex(/\d/, 'validation.password.digit')
  .regex(/[^A-Za-z0-9]/, 'validation.password.special');

// `.min(1)` before the other rules: an empty name says "required" once, and the document shows minLength.
export const fullNameField = textField()
  .min(1, { message: 'validation.required', abort: true })
  .refine((v) => !/^\s/.test(v), 'validation.fullName.leadingSpace')
  .refine((v) => v.trim().length > 0, 'validation.required')
  .refine((v) => v.length <= LIMITS.fullNameMax, 'validation.fullName.tooLong')
  .refine((v) => !EMOJI_PATTERN.test(v), 'validation.text.noEmoji');

export const phoneField = textField()
  .trim()
  .regex(PHONE_PATTERN, 'validation.phone.invalid');

/** Optional phone: an empty string counts as absent. */
export const optionalPhoneField = z
  .union([z.literal('').transform(() => undefined), phoneField])
  .optional();

export const RegisterBodySchema = z
  .object({
    fullName: fullNameField,
    email: emailField,
    password: passwordField,
    confirmPassword: textField().min(1, 'validation.required'),
    phone: optionalPhoneField,
    agreeTerms: z.literal(true, { error: 'validation.terms.required' }),
  })
  .refine((b) => b.password === b.confirmPassword, { path: ['confirmPassword'], message: 'validation.password.mismatch' });
export type RegisterBody = z.infer<typeof RegisterBodySchema>;

export const LoginBodySchema = z.object({
  email: textField().trim().min(1, 'validation.required').max(LIMITS.emailMax, 'validation.email.invalid').transform((v) => v.toLowerCase()),
  /** Only compared with the stored hash, never written: any text the user once chose may be typed. */
  password: z.string({ error: 'validation.required' }).min(1, 'validation.required').max(LIMITS.passwordMax, 'validation.password.tooLong'),
});
export type LoginBody = z.infer<typeof LoginBodySchema>;

export const ForgotPasswordBodySchema = z.object({ email: emailField });
export const ResetPasswordBodySchema = z
  .object({
    token: textField().min(1, 'validation.required').max(200, 'validation.invalid'),
    password: passwordField,
    confirmPassword: textField().min(1, 'validation.required'),
  })
  .refine((b) => b.password === b.confirmPassword, { path: ['confirmPassword'], message: 'validation.password.mismatch' });

export const UpdatePasswordBodySchema = z
  .object({
    /** Only compared with the stored hash, never written. */
    currentPassword: z.string({ error: 'validation.required' }).min(1, 'validation.required').max(LIMITS.passwordMax, 'validation.password.tooLong'),
    password: passwordField,
    confirmPassword: textField().min(1, 'validation.required'),
    /** OWASP: offer to end the other sessions after a password change. */
    logoutOtherSessions: z.boolean().optional().default(true),
  })
  .refine((b) => b.password === b.confirmPassword, { path: ['confirmPassword'], message: 'validation.password.mismatch' });

export const GENDERS = ['male', 'female'] as const;
export const ProfileUpdateBodySchema = z.object({
  fullName: fullNameField,
  phone: optionalPhoneField,
  gender: z.enum(GENDERS, { error: 'validation.gender.invalid' }).optional().nullable(),
  dateOfBirth: pastDateField()
    .optional()
    .nullable(),
});

/** ±HH:MM, -12:00 to +14:00. */
export const TIME_ZONE_PATTERN = /^[+-](0\d|1[0-4]):[0-5]\d$/;
export const ProfileSettingBodySchema = z
  .object({
    timeZone: textField().regex(TIME_ZONE_PATTERN, 'validation.timeZone.invalid').optional(),
    labelPurchaseDelayHours: z
      .number()
      .int()
      .refine((v) => (LIMITS.labelPurchaseDelayHours as readonly number[]).includes(v), 'validation.labelDelay.invalid')
      .optional(),
    autoPay: z.boolean().optional(),
  })
  .refine((b) => Object.keys(b).length > 0, { message: 'validation.nothingToUpdate' });

// The seller's sender (SPEC §3 order labels): the company and ship-from address the parcels leave
// from, and a US return address that a US label prints as FROM when one is set. Account-level: a team
// member sees the owner's.
const senderText = (max: number, message: 'validation.max100' | 'validation.max255') => textField().trim().max(max, message);
const requiredText = (max: number, message: 'validation.max100' | 'validation.max255') => textField().trim().min(1, 'validation.required').max(max, message);
/** A postal code anywhere: 2 to 12 letters, digits, spaces or dashes (VN 700000, GB SW1A 1AA). */
export const POSTAL_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 -]{0,10}[A-Za-z0-9]$/;
/** A US ZIP or ZIP+4. */
export const US_ZIP_PATTERN = /^\d{5}(-\d{4})?$/;
export const ShipFromSchema = z.object({
  company: senderText(100, 'validation.max100').default(''),
  name: requiredText(100, 'validation.max100'),
  phone: phoneField,
  address1: requiredText(100, 'validation.max100'),
  address2: senderText(100, 'validation.max100').default(''),
  city: requiredText(100, 'validation.max100'),
  state: senderText(100, 'validation.max100').default(''),
  zip: textField().trim().regex(POSTAL_CODE_PATTERN, 'validation.zip.invalid'),
  country: textField().trim().toUpperCase().regex(/^[A-Z]{2}$/, 'validation.country.code'),
});
export type ShipFrom = z.infer<typeof ShipFromSchema>;
/** Where US carriers send back what cannot be delivered: a US address. */
export const ReturnAddressSchema = z.object({
  address1: requiredText(100, 'validation.max100'),
  address2: senderText(100, 'validation.max100').default(''),
  city: requiredText(100, 'validation.max100'),
  state: textField().trim().toUpperCase().regex(/^[A-Z]{2}$/, 'validation.state.code'),
  zip: textField().trim().regex(US_ZIP_PATTERN, 'validation.zip.us'),
});
export type ReturnAddress = z.infer<typeof ReturnAddressSchema>;
/** PUT /profile/sender: null clears one. */
export const SenderProfileBodySchema = z.object({
  shipFrom: ShipFromSchema.nullable(),
  returnAddress: ReturnAddressSchema.nullable(),
});
export type SenderProfileBody = z.infer<typeof SenderProfileBodySchema>;

export const LanguageBodySchema = z.object({ code: z.enum(LANGUAGES, { error: 'validation.language.invalid' }) });

export const USER_STATUSES = ['unverified', 'active', 'inactive'] as const;

/**
 * Notices a user dismisses once and for good (kept on the user, so it holds on every device).
 * integrations-banner: SPEC §2 the banner modal about integrations shown after login to users with
 * the Walmart integration permission until 'Got it'.
 */
export const USER_NOTICES = ['integrations-banner'] as const;
export type UserNotice = (typeof USER_NOTICES)[number];
export const DismissNoticeBodySchema = z.object({ notice: z.enum(USER_NOTICES, { error: 'validation.invalid' }) });
/** What an emailed one-time token is for. */
export const EMAIL_TOKEN_PURPOSES = ['verify', 'reset'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const ProfileSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  avatar: z.string().nullable(),
  gender: z.enum(GENDERS).nullable(),
  dateOfBirth: z.string().nullable(),
  status: z.enum(USER_STATUSES),
  role: z.object({ name: z.string(), code: z.string(), kind: z.enum(['staff', 'customer']) }),
  permissions: z.array(z.string()),
  timeZone: z.string(),
  language: z.enum(LANGUAGES),
  labelPurchaseDelayHours: z.number(),
  /** The account's sender: the label's FROM when set. */
  shipFrom: ShipFromSchema.nullable(),
  returnAddress: ReturnAddressSchema.nullable(),
  /** The password must be changed before anything but /me, /logout and /password/update (a seeded production admin). */
  mustChangePassword: z.boolean(),
  /** USER_NOTICES the user dismissed for good. */
  dismissedNotices: z.array(z.enum(USER_NOTICES)),
  wallet: z.object({
    balance: z.number(),
    unPaid: z.number(),
    autoPay: z.boolean(),
    credit: z.object({ limit: z.number(), remaining: z.number(), isBlocked: z.boolean() }).nullable(),
  }),
  createdAt: z.string(),
});
export type Profile = z.infer<typeof ProfileSchema>;

export const LoginReplySchema = z.object({
  token: z.string(),
  expiresAt: z.string(),
  /** true: send the user to change the password first; other API calls answer 403 PASSWORD_CHANGE_REQUIRED until then. */
  mustChangePassword: z.boolean(),
  profile: ProfileSchema,
});
export type LoginReply = z.infer<typeof LoginReplySchema>;

export const ChangeUserStatusBodySchema = z.object({
  userId: idField(),
  status: z.enum(['active', 'inactive'], { error: 'validation.status.invalid' }),
});

export const UserPermissionsBodySchema = z.object({
  userId: idField(),
  /** SPEC §6: the user's own grants (true) and restrictions (false) on top of the role; replaces the earlier set. */
  overrides: z
    .array(z.object({ code: textField().regex(/^EX-[A-Z-]+$/, 'validation.permission.code'), granted: z.boolean() }))
    .max(500),
});

/** SPEC §7 GET /user/get-customers: seller accounts for staff pickers (by keyword, or by ids to label a selection). */
export const CustomerSearchQuerySchema = z.object({
  keyword: keywordQueryField(),
  ids: textField()
    .optional()
    .transform((v) => (v ? v.split(',').filter(Boolean) : []))
    .pipe(z.array(idField()).max(100, 'validation.invalid')),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export const CustomerOptionSchema = z.object({ id: z.string(), fullName: z.string(), email: z.string() });
export type CustomerOption = z.infer<typeof CustomerOptionSchema>;
