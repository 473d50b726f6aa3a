import { defineModule } from '../../platform/module';
import { emailsModule } from '../emails';
import { floorModule } from '../floor';
import { productsModule } from '../products';
import { shippingModule } from '../shipping';
import { ticketsModule } from '../tickets';
import { usersModule } from '../users';
import { walletModule } from '../wallet';
import { walmartModule } from '../walmart';
import { webhooksModule } from '../webhooks';
import { createCampaignService } from './notifications.campaigns';
import { notificationHandlers, notificationJobs } from './notifications.jobs';
import { notificationRoutes } from './notifications.routes';
import { createNotificationService } from './notifications.service';

export type { NotificationService } from './notifications.service';
export type { CampaignService } from './notifications.campaigns';
export { PUBLISH_DUE_JOB, TELL_SELLER_OF_REVIEW, TELL_REVIEWERS_OF_SUBMISSION, TELL_SELLER_OF_TOP_UP, TELL_STAFF_OF_TOP_UP, TELL_SELLER_OF_WEBHOOK_DISABLED } from './notifications.jobs';

/** Per-user notifications raised by events (product reviewed, product submitted) and staff campaigns. */
export const notificationsModule = defineModule({
  name: 'notifications',
  needs: [walletModule, usersModule, emailsModule, productsModule, shippingModule, floorModule, walmartModule, webhooksModule, ticketsModule],
  setup(ctx) {
    const deps = { db: ctx.database.db, mailer: ctx.mailer, appUrl: ctx.config.appUrl };
    return { notifications: createNotificationService(deps), campaigns: createCampaignService(deps) };
  },
  routes: (_ctx, m) => [notificationRoutes(m.notifications, m.campaigns)],
  jobs: (_ctx, m) => notificationJobs(m.campaigns),
  events: (_ctx, m) => notificationHandlers(m.notifications),
});
