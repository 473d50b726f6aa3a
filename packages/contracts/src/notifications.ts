import { z } from 'zod';
import { idField, keywordQueryField, multilineTextField, textField, timestampField } from './fields';

// SPEC §3 Notification, §4 (unseen → seen on click or read-all), §7 /notifi/* (polled every 60 s).

export const NotificationListQuerySchema = z.object({
  current: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});
export type NotificationListQuery = z.infer<typeof NotificationListQuerySchema>;

/** PATCH /notifi/update-seen: one notification, or all of the caller's when `id` is absent. */
export const NotificationSeenBodySchema = z.object({ id: idField().optional() }).default({});

export const NotificationSchema = z.object({
  id: z.string(),
  /** In the user's notification language (PATCH /user/setting-notification-language). */
  title: z.string(),
  content: z.string(),
  iconUrl: z.string().nullable(),
  imageUrl: z.string().nullable(),
  /** An app path to open on click, e.g. /app/products/{id}. */
  url: z.string().nullable(),
  createdAt: z.string(),
  seen: z.boolean(),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationListReplySchema = z.object({
  items: z.array(NotificationSchema),
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
  unseen: z.number(),
});
export type NotificationListReply = z.infer<typeof NotificationListReplySchema>;

/** SPEC §9: the bell shows at most 99+ (overflow 100) and its popover the newest 10. */
export const NOTIFICATION_LIMITS = { popover: 10, badgeOverflow: 100, pollSeconds: 60 } as const;

// ---------------------------------------------------------------------------------------------
// Staff side (SPEC §3 admin fields, §4 waiting → sent, §7 /notifi, /notifi/new, /notifi/edit,
// /notifi/delete, /notifi-system/update-stt): a notification is written once, then published to
// its target at its publish time, in the app or by email.

export const NOTIFICATION_TYPES = ['announcement', 'promotion', 'maintenance', 'policy'] as const;
export const NOTIFICATION_CHANNELS = ['noti', 'email'] as const;
export const NOTIFICATION_TARGETS = ['all', 'role', 'users'] as const;
export const NOTIFICATION_STATUSES = ['waiting', 'sent'] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];

const text = (max: number, maxKey: string) => textField().trim().min(1, 'validation.required').max(max, maxKey);
const longText = (max: number, maxKey: string) => multilineTextField().trim().min(1, 'validation.required').max(max, maxKey);
/** An app path (/app/…) or an http(s) URL. */
const link = textField()
  .trim()
  .max(300, 'validation.max255')
  .refine((v) => /^\/[^/\\]/.test(v) || /^https?:\/\/[^\s]+$/i.test(v), 'validation.link.invalid');
const httpUrl = textField().trim().max(300, 'validation.max255').regex(/^https?:\/\/\S+$/i, 'validation.url.invalid');
const optional = <T extends z.ZodType>(s: T) => s.optional().nullable().or(z.literal('').transform(() => null));

export const NotificationCampaignBodySchema = z
  .object({
    name: text(100, 'validation.max100'),
    code: textField()
      .trim()
      .min(1, 'validation.required')
      .max(50, 'validation.max50')
      .regex(/^[A-Z0-9_]+$/, 'validation.code.pattern'),
    type: z.enum(NOTIFICATION_TYPES, { error: 'validation.invalid' }).default('announcement'),
    channel: z.enum(NOTIFICATION_CHANNELS, { error: 'validation.invalid' }),
    target: z.enum(NOTIFICATION_TARGETS, { error: 'validation.invalid' }),
    /** Role codes (EXR-…) when target is role. */
    roles: z.array(textField().trim().min(1, 'validation.required').max(50, 'validation.max50')).max(50).default([]),
    /** User ids when target is users. */
    users: z.array(idField()).max(1000).default([]),
    titleEn: text(150, 'validation.max255'),
    titleVi: text(150, 'validation.max255'),
    contentEn: longText(2000, 'validation.max2000'),
    contentVi: longText(2000, 'validation.max2000'),
    url: optional(link),
    iconUrl: optional(httpUrl),
    imageUrl: optional(httpUrl),
    /** When to publish (ISO date-time with offset, a real date in years 2000–2100); absent or past = at once. */
    publishAt: timestampField().optional(),
  })
  .refine((b) => b.target !== 'role' || b.roles.length > 0, { path: ['roles'], message: 'validation.notification.roles' })
  .refine((b) => b.target !== 'users' || b.users.length > 0, { path: ['users'], message: 'validation.notification.users' });
export type NotificationCampaignBody = z.infer<typeof NotificationCampaignBodySchema>;

export const NotificationCampaignEditSchema = z.intersection(z.object({ id: idField() }), NotificationCampaignBodySchema);
export const NotificationCampaignIdSchema = z.object({ id: idField() });

export const NotificationCampaignListQuerySchema = z.object({
  current: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
  keyword: keywordQueryField(),
  status: z.enum([...NOTIFICATION_STATUSES, 'all']).default('all'),
});
export type NotificationCampaignListQuery = z.infer<typeof NotificationCampaignListQuerySchema>;

export const NotificationCampaignSchema = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  channel: z.enum(NOTIFICATION_CHANNELS),
  target: z.enum(NOTIFICATION_TARGETS),
  roles: z.array(z.string()),
  users: z.array(z.string()),
  titleEn: z.string(),
  titleVi: z.string(),
  contentEn: z.string(),
  contentVi: z.string(),
  url: z.string().nullable(),
  iconUrl: z.string().nullable(),
  imageUrl: z.string().nullable(),
  publishAt: z.string(),
  status: z.enum(NOTIFICATION_STATUSES),
  sentAt: z.string().nullable(),
  recipients: z.number(),
  createdAt: z.string(),
});
export type NotificationCampaign = z.infer<typeof NotificationCampaignSchema>;
