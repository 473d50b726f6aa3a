import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NotificationListQuerySchema, NotificationSeenBodySchema } from '@exship/contracts';
import { authOf } from '../../platform/auth';
import { ok } from '../../platform/http';
import type { NotificationService } from './notifications.service';

const tags = ['notifications'];

/** SPEC §7 notifications, the reader's side: any signed-in user reads and marks their own. */
export const notificationRoutes =
  (notifications: NotificationService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/notifi/user', { config: { access: 'open' }, schema: { tags, querystring: NotificationListQuerySchema } }, async (req) => {
      const auth = authOf(req);
      return ok(req, await notifications.listForUser(auth.userId, auth.language, req.query));
    });
    app.get('/notifi/count-unseen', { config: { access: 'open' }, schema: { tags } }, async (req) => ok(req, { count: await notifications.unseenCount(authOf(req).userId) }));
    app.patch('/notifi/update-seen', { config: { access: 'open' }, schema: { tags, body: NotificationSeenBodySchema } }, async (req) =>
      ok(req, { count: await notifications.markSeen(authOf(req).userId, req.body?.id) }),
    );
  };
