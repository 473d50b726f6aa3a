import { z } from 'zod';

// SPEC §3 Notification, §4 (unseen → seen on click or read-all), §7 /notifi/* (polled every 60 s).

export const NotificationListQuerySchema = z.object({
  current: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});
export type NotificationListQuery = z.infer<typeof NotificationListQuerySchema>;

/** PATCH /notifi/update-seen: one notification, or all of the caller's when `id` is absent. */
export const NotificationSeenBodySchema = z.object({ id: z.string().uuid('validation.id.invalid').optional() }).default({});

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
