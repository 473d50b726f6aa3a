import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CreateWebhookEndpointEndpoint,
  DeleteWebhookEndpointEndpoint,
  GetWebhookDeliveryEndpoint,
  GetWebhookSecretEndpoint,
  ListWebhookDeliveriesEndpoint,
  ListWebhookEndpointsEndpoint,
  ListWebhookEventTypesEndpoint,
  ReplayFailedWebhookDeliveriesEndpoint,
  ReplayWebhookDeliveryEndpoint,
  RotateWebhookSecretEndpoint,
  SendWebhookTestEndpoint,
  UpdateWebhookEndpointEndpoint,
} from '@exship/contracts';
import { authOf } from '../../platform/auth';
import { route } from '../../platform/endpoints';
import type { WebhookService } from './webhooks.service';

export const webhookRoutes =
  (webhooks: WebhookService): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, ListWebhookEventTypesEndpoint, () => webhooks.eventTypes());
    route(app, ListWebhookEndpointsEndpoint, (req) => webhooks.list(authOf(req)));
    route(app, CreateWebhookEndpointEndpoint, (req) => webhooks.create(authOf(req), req.body));
    route(app, UpdateWebhookEndpointEndpoint, (req) => webhooks.update(authOf(req), req.params.id, req.body));
    route(app, DeleteWebhookEndpointEndpoint, (req) => webhooks.remove(authOf(req), req.params.id));
    route(app, GetWebhookSecretEndpoint, (req) => webhooks.secret(authOf(req), req.params.id));
    route(app, RotateWebhookSecretEndpoint, (req) => webhooks.rotateSecret(authOf(req), req.params.id));
    route(app, SendWebhookTestEndpoint, (req) => webhooks.sendTest(authOf(req), req.params.id));
    route(app, ListWebhookDeliveriesEndpoint, (req) => webhooks.deliveries(authOf(req), req.params.id, req.query));
    route(app, GetWebhookDeliveryEndpoint, (req) => webhooks.delivery(authOf(req), req.params.id));
    route(app, ReplayWebhookDeliveryEndpoint, (req) => webhooks.replay(authOf(req), req.params.id));
    route(app, ReplayFailedWebhookDeliveriesEndpoint, (req) => webhooks.replayFailed(authOf(req), req.params.id, req.body.since));
  };
