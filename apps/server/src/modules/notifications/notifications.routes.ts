import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  NotificationCampaignBodySchema,
  NotificationCampaignEditSchema,
  NotificationCampaignIdSchema,
  NotificationCampaignListQuerySchema,
  NotificationListQuerySchema,
  NotificationSeenBodySchema,
} from '@exship/contracts';
import { authOf } from '../../platform/auth';
import { ok } from '../../platform/http';
import type { CampaignService } from './notifications.campaigns';
import type { NotificationService } from './notifications.service';

const tags = ['notifications'];

/** SPEC §7 notifications, the reader's side: any signed-in user reads and marks their own. */
export const notificationRoutes =
  (notifications: NotificationService, campaigns: CampaignService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/notifi/user', { config: { access: 'open' }, schema: { tags, querystring: NotificationListQuerySchema } }, async (req) => {
      const auth = authOf(req);
      return ok(req, await notifications.listForUser(auth.userId, auth.language, req.query));
    });
    app.get('/notifi/count-unseen', { config: { access: 'open' }, schema: { tags } }, async (req) => ok(req, { count: await notifications.unseenCount(authOf(req).userId) }));
    app.patch('/notifi/update-seen', { config: { access: 'open' }, schema: { tags, body: NotificationSeenBodySchema } }, async (req) =>
      ok(req, { count: await notifications.markSeen(authOf(req).userId, req.body?.id) }),
    );

    // Staff: write, schedule and publish notifications (SPEC §7 /notifi, /notifi/new, /notifi/edit,
    // /notifi/delete, /notifi-system/update-stt).
    app.get('/notifi', { config: { access: 'EX-NOTIFICATION-LIST' }, schema: { tags, querystring: NotificationCampaignListQuerySchema } }, async (req) =>
      ok(req, await campaigns.list(req.query)),
    );
    app.post('/notifi/new', { config: { access: 'EX-NOTIFICATION-MANAGE' }, schema: { tags, body: NotificationCampaignBodySchema } }, async (req, reply) =>
      reply.code(201).send(ok(req, await campaigns.create(req.body, authOf(req).userId), 'catalog.saved')),
    );
    app.patch('/notifi/edit', { config: { access: 'EX-NOTIFICATION-MANAGE' }, schema: { tags, body: NotificationCampaignEditSchema } }, async (req) => {
      const { id, ...body } = req.body;
      return ok(req, await campaigns.update(id, body), 'catalog.saved');
    });
    app.patch('/notifi/delete', { config: { access: 'EX-NOTIFICATION-MANAGE' }, schema: { tags, body: NotificationCampaignIdSchema } }, async (req) => {
      await campaigns.remove(req.body.id);
      return ok(req, null, 'catalog.deleted');
    });
    app.patch('/notifi-system/update-stt', { config: { access: 'EX-NOTIFICATION-MANAGE' }, schema: { tags, body: NotificationCampaignIdSchema } }, async (req) =>
      ok(req, await campaigns.publishNow(req.body.id)),
    );
  };
