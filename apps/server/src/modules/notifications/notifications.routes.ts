import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CountUnseenNotificationsEndpoint,
  CreateNotificationCampaignEndpoint,
  DeleteNotificationCampaignEndpoint,
  ListNotificationCampaignsEndpoint,
  MarkNotificationsSeenEndpoint,
  MyNotificationsEndpoint,
  PublishNotificationCampaignEndpoint,
  UpdateNotificationCampaignEndpoint,
} from '@exship/contracts';
import { authOf } from '../../platform/auth';
import { route } from '../../platform/endpoints';
import type { CampaignService } from './notifications.campaigns';
import type { NotificationService } from './notifications.service';

/** SPEC §7 notifications, the reader's side: any signed-in user reads and marks their own. */
export const notificationRoutes =
  (notifications: NotificationService, campaigns: CampaignService): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, MyNotificationsEndpoint, async (req) => {
      // Shown in the page's language (the `language` header); the notification-language setting is for emails.
      return notifications.listForUser(authOf(req).userId, req.lang, req.query);
    });
    route(app, CountUnseenNotificationsEndpoint, async (req) => ({ count: await notifications.unseenCount(authOf(req).userId) }));
    route(app, MarkNotificationsSeenEndpoint, async (req) => ({ count: await notifications.markSeen(authOf(req).userId, req.body?.id) }));

    // Staff: write, schedule and publish notifications (SPEC §7 /notifi, /notifi/new, /notifi/edit,
    // /notifi/delete, /notifi-system/update-stt).
    route(app, ListNotificationCampaignsEndpoint, async (req) => campaigns.list(req.query));
    route(app, CreateNotificationCampaignEndpoint, async (req) => campaigns.create(req.body, authOf(req).userId));
    route(app, UpdateNotificationCampaignEndpoint, async (req) => {
      const { id, ...body } = req.body;
      return campaigns.update(id, body);
    });
    route(app, DeleteNotificationCampaignEndpoint, async (req) => {
      await campaigns.remove(req.body.id);
      return null;
    });
    route(app, PublishNotificationCampaignEndpoint, async (req) => campaigns.publishNow(req.body.id));
  };
