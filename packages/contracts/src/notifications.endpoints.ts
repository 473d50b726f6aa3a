import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import {
  NotificationCampaignBodySchema,
  NotificationCampaignEditSchema,
  NotificationCampaignIdSchema,
  NotificationCampaignListQuerySchema,
  NotificationCampaignSchema,
  NotificationListQuerySchema,
  NotificationListReplySchema,
  NotificationSeenBodySchema,
} from './notifications';

// SPEC §7 /notifi/*: any signed-in user reads and marks their own notifications; staff write,
// schedule and publish them. Keep zod calls inside the descriptors: the web build drops them there
// (schemas are types on the web).

const tags = ['notifications'] as const;

export const MyNotificationsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/notifi/user',
  access: 'open',
  summary: 'My notifications, newest first, in my notification language',
  operationId: 'listMyNotifications',
  tags,
  query: NotificationListQuerySchema,
  reply: NotificationListReplySchema,
});

export const CountUnseenNotificationsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/notifi/count-unseen',
  access: 'open',
  summary: 'How many of my notifications are unseen',
  operationId: 'countUnseenNotifications',
  tags,
  reply: z.object({ count: z.number().int() }),
});

export const MarkNotificationsSeenEndpoint = defineEndpoint({
  method: 'PATCH',
  path: '/notifi/update-seen',
  access: 'open',
  summary: 'Mark one notification seen, or all of mine without an id',
  description: 'Replies with the unseen count after the change.',
  operationId: 'markNotificationsSeen',
  tags,
  body: NotificationSeenBodySchema,
  reply: z.object({ count: z.number().int() }),
  errors: [404],
});

export const ListNotificationCampaignsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/notifi',
  access: 'EX-NOTIFICATION-LIST',
  summary: 'Notifications staff wrote (search, status), newest publish time first',
  operationId: 'listNotificationCampaigns',
  tags,
  query: NotificationCampaignListQuerySchema,
  reply: z.object({ items: z.array(NotificationCampaignSchema), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() }),
});

export const CreateNotificationCampaignEndpoint = defineEndpoint({
  method: 'POST',
  path: '/notifi/new',
  access: 'EX-NOTIFICATION-MANAGE',
  summary: 'Write a notification; one due now is published at once',
  operationId: 'createNotificationCampaign',
  tags,
  body: NotificationCampaignBodySchema,
  reply: NotificationCampaignSchema,
  status: 201,
  message: 'catalog.saved',
  errors: [409],
});

export const UpdateNotificationCampaignEndpoint = defineEndpoint({
  method: 'PATCH',
  path: '/notifi/edit',
  access: 'EX-NOTIFICATION-MANAGE',
  summary: 'Change a notification while it waits',
  description: 'A sent notification answers 409 ACTION_NOT_ALLOWED_FOR_STATUS.',
  operationId: 'updateNotificationCampaign',
  tags,
  body: NotificationCampaignEditSchema,
  reply: NotificationCampaignSchema,
  message: 'catalog.saved',
  errors: [404, 409],
});

export const DeleteNotificationCampaignEndpoint = defineEndpoint({
  method: 'PATCH',
  path: '/notifi/delete',
  access: 'EX-NOTIFICATION-MANAGE',
  summary: 'Delete a notification while it waits',
  operationId: 'deleteNotificationCampaign',
  tags,
  body: NotificationCampaignIdSchema,
  reply: z.null(),
  message: 'catalog.deleted',
  errors: [404, 409],
});

export const PublishNotificationCampaignEndpoint = defineEndpoint({
  method: 'PATCH',
  path: '/notifi-system/update-stt',
  access: 'EX-NOTIFICATION-MANAGE',
  summary: 'Publish a waiting notification now',
  operationId: 'publishNotificationCampaign',
  tags,
  body: NotificationCampaignIdSchema,
  reply: NotificationCampaignSchema,
  errors: [404, 409],
});
