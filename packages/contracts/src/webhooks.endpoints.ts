import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import {
  WebhookDeliveryDetailSchema,
  WebhookDeliveryListQuerySchema,
  WebhookDeliveryListReplySchema,
  WebhookDeliverySchema,
  WebhookEndpointBodySchema,
  WebhookEndpointIdParamsSchema,
  WebhookEndpointSchema,
  WebhookEndpointUpdateBodySchema,
  WebhookEventTypeInfoSchema,
  WebhookReplayFailedBodySchema,
  WebhookSecretSchema,
  WebhookTestReplySchema,
} from './webhooks';

// Webhook endpoints of the caller's own account (an endpoint, its secret and its deliveries are
// never seen by another account: another account's id answers 404). docs/webhooks.md.
const tags = ['webhooks'] as const;
const list = 'EX-WEBHOOK-LIST' as const;
const manage = 'EX-WEBHOOK-MANAGE' as const;

export const ListWebhookEventTypesEndpoint = defineEndpoint({
  method: 'GET', path: '/webhooks/event-types', access: list, summary: 'The event types an endpoint can subscribe to, with their payload version',
  description: 'Each payload schema is in this document under `webhooks`.', operationId: 'listWebhookEventTypes', tags, reply: z.array(WebhookEventTypeInfoSchema()),
});
export const ListWebhookEndpointsEndpoint = defineEndpoint({
  method: 'GET', path: '/webhooks/endpoints', access: list, summary: 'My webhook endpoints', operationId: 'listWebhookEndpoints', tags, reply: z.array(WebhookEndpointSchema()),
});
export const CreateWebhookEndpointEndpoint = defineEndpoint({
  method: 'POST', path: '/webhooks/endpoints', access: manage, summary: 'Add a webhook endpoint (its signing secret is made at once)',
  description: 'The URL must be http(s) (https in production) to a public address; a private, loopback, link-local or metadata address answers 400.',
  operationId: 'createWebhookEndpoint', tags, body: WebhookEndpointBodySchema(), reply: WebhookEndpointSchema(), status: 201, message: 'webhook.endpointCreated', errors: [409],
});
export const UpdateWebhookEndpointEndpoint = defineEndpoint({
  method: 'PUT', path: '/webhooks/endpoints/:id', access: manage, summary: 'Change an endpoint (URL, events, header key) or turn it on or off',
  operationId: 'updateWebhookEndpoint', tags, params: WebhookEndpointIdParamsSchema(), body: WebhookEndpointUpdateBodySchema(), reply: WebhookEndpointSchema(), message: 'webhook.endpointUpdated',
});
export const DeleteWebhookEndpointEndpoint = defineEndpoint({
  method: 'DELETE', path: '/webhooks/endpoints/:id', access: manage, summary: 'Delete an endpoint and its delivery log', operationId: 'deleteWebhookEndpoint', tags,
  params: WebhookEndpointIdParamsSchema(), reply: z.object({ deleted: z.boolean() }), message: 'webhook.endpointDeleted',
});
export const GetWebhookSecretEndpoint = defineEndpoint({
  method: 'GET', path: '/webhooks/endpoints/:id/secret', access: manage, summary: 'The endpoint\'s signing secret (whsec_…)', operationId: 'getWebhookSecret', tags,
  params: WebhookEndpointIdParamsSchema(), reply: WebhookSecretSchema(),
});
export const RotateWebhookSecretEndpoint = defineEndpoint({
  method: 'POST', path: '/webhooks/endpoints/:id/rotate-secret', access: manage, summary: 'Make a new signing secret; the old one still signs for 24 hours',
  description: 'For 24 hours each delivery carries two signatures (space-separated in webhook-signature): one with the new secret, one with the old.',
  operationId: 'rotateWebhookSecret', tags, params: WebhookEndpointIdParamsSchema(), reply: WebhookSecretSchema(), message: 'webhook.secretRotated',
});
export const SendWebhookTestEndpoint = defineEndpoint({
  method: 'POST', path: '/webhooks/endpoints/:id/test', access: manage, summary: 'Send a webhook.test event now and answer with what the endpoint replied',
  operationId: 'sendWebhookTest', tags, params: WebhookEndpointIdParamsSchema(), reply: WebhookTestReplySchema(), errors: [409, 429],
  rateLimit: { per: 'account', limit: 30, windowSeconds: 60 },
});
export const ListWebhookDeliveriesEndpoint = defineEndpoint({
  method: 'GET', path: '/webhooks/endpoints/:id/deliveries', access: list, summary: 'An endpoint\'s delivery log, newest first', operationId: 'listWebhookDeliveries', tags,
  params: WebhookEndpointIdParamsSchema(), query: WebhookDeliveryListQuerySchema(), reply: WebhookDeliveryListReplySchema(),
});
export const GetWebhookDeliveryEndpoint = defineEndpoint({
  method: 'GET', path: '/webhooks/deliveries/:id', access: list, summary: 'One delivery: the request body sent and every attempt', operationId: 'getWebhookDelivery', tags,
  params: WebhookEndpointIdParamsSchema(), reply: WebhookDeliveryDetailSchema(),
});
export const ReplayWebhookDeliveryEndpoint = defineEndpoint({
  method: 'POST', path: '/webhooks/deliveries/:id/replay', access: manage, summary: 'Send a delivery again (same webhook-id, new attempts)', operationId: 'replayWebhookDelivery', tags,
  params: WebhookEndpointIdParamsSchema(), reply: WebhookDeliverySchema(), message: 'webhook.replayed', errors: [409],
});
export const ReplayFailedWebhookDeliveriesEndpoint = defineEndpoint({
  method: 'POST', path: '/webhooks/endpoints/:id/replay-failed', access: manage, summary: 'Send again every failed delivery of an endpoint created since a time', operationId: 'replayFailedWebhookDeliveries', tags,
  params: WebhookEndpointIdParamsSchema(), body: WebhookReplayFailedBodySchema(), reply: z.object({ replayed: z.number() }), message: 'webhook.replayedMany', errors: [409],
});
