import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { defineModule, job } from '../../platform/module';
import { floorModule } from '../floor';
import { ordersModule } from '../orders';
import { shippingModule } from '../shipping';
import { walletModule } from '../wallet';
import { webhookHandlers } from './webhooks.fanout';
import { webhookRoutes } from './webhooks.routes';
import { createWebhookService } from './webhooks.service';

export { WebhookEndpointDisabled, type WebhookEndpointDisabledEvent } from './webhooks.events';
export { createWebhookService, type WebhookDeps, type WebhookService } from './webhooks.service';
export { WEBHOOK_QUEUES } from './webhooks.fanout';
export { signatureOf, newWebhookSecret } from './webhooks.signing';
export { retryDelayMs, parseRetryAfter } from './webhooks.delivery';

export const PRUNE_WEBHOOKS_JOB = 'webhooks.prune';

/**
 * Webhooks (docs/webhooks.md): a seller's endpoints, the platform's events turned into signed
 * deliveries (Standard Webhooks), the delivery worker with its retry schedule, the delivery log.
 * With the job engine's workers on, the delivery worker runs in this process beside them.
 */
export const webhooksModule = defineModule({
  name: 'webhooks',
  needs: [ordersModule, shippingModule, floorModule, walletModule],
  setup(ctx) {
    return createWebhookService({ db: ctx.database.db, keyring: ctx.config.carrierSecrets, outbound: () => ctx.outbound, production: ctx.config.production, log: ctx.log });
  },
  routes: (ctx, webhooks) => {
    // The worker runs where the job engine's workers run (not in tests that drive jobs by hand).
    const lifecycle: FastifyPluginAsyncZod = async (app) => {
      app.addHook('onReady', async () => {
        if (ctx.jobs.mode === 'workers') webhooks.worker.start();
      });
      app.addHook('onClose', async () => webhooks.worker.stop());
    };
    return [webhookRoutes(webhooks), lifecycle];
  },
  jobs: (_ctx, webhooks) => [job(PRUNE_WEBHOOKS_JOB, async () => void (await webhooks.prune()), { cron: '41 3 * * *', description: 'Forget webhook messages and delivery logs older than 30 days' })],
  events: (_ctx, webhooks) => webhookHandlers(webhooks, () => webhooks.worker.nudge()),
});
