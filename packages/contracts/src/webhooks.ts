import { z } from 'zod';
import { idField, multilineTextField, textField, timestampField } from './fields';
import { ORDER_STATUSES, PAYMENT_STATUSES, ROUTING_STATUSES } from './order-statuses';

// Webhooks (SPEC §1 "use an API key and webhooks", §5 "Webhook URL well formed", §9 "Webhook key sent in a
// request header; default method POST"). Deliveries follow Standard Webhooks v1: headers webhook-id,
// webhook-timestamp, webhook-signature (docs/webhooks.md). Every event type has a versioned payload
// schema here; the OpenAPI document lists them under `webhooks`.

/** Money in a payload: integer cents of USD (`totalCents: 975` is $9.75). */
const cents = () => z.number().int();
const at = () => z.string().describe('ISO 8601 instant, UTC');
const orderRef = {
  orderId: z.string().uuid(),
  /** The order's public number (SPEC §3 exOrderId). */
  exOrderId: z.string(),
};

/** The payload (`data`) of each event type, version 1. A new field may be added to a version; a field is never removed or changed in meaning without a new version. */
export const WEBHOOK_EVENT_SCHEMAS = {
  'order.created': z.object({ ...orderRef, totalCents: cents(), currency: z.literal('USD'), createdAt: at() }),
  'order.paid': z.object({ ...orderRef, status: z.enum(ORDER_STATUSES), paymentStatus: z.enum(PAYMENT_STATUSES), paidAt: at() }),
  'order.canceled': z.object({
    ...orderRef,
    previousStatus: z.enum(ORDER_STATUSES),
    /** canceled, or waiting-cancel while the carrier voids the label. */
    status: z.enum(ORDER_STATUSES),
    reason: z.string().describe('The action: cancel, forceCancel, autoCancel, confirmDimension, dimensionTimeout'),
    refund: z.enum(['none', 'full', 'shipping']),
    refundDueAt: at().nullable(),
    canceledAt: at(),
  }),
  'order.refunded': z.object({ ...orderRef, paymentStatus: z.enum(PAYMENT_STATUSES), refundCents: cents(), currency: z.literal('USD'), refundedAt: at() }),
  'label.purchased': z.object({ ...orderRef, trackingNumber: z.string(), carrierCode: z.string(), carrierName: z.string(), serviceName: z.string().nullable(), purchasedAt: at() }),
  'label.failed': z.object({ ...orderRef, error: z.string().nullable(), willRetry: z.boolean(), failedAt: at() }),
  'tracking.updated': z.object({
    ...orderRef,
    trackingNumber: z.string(),
    routingStatus: z.enum(ROUTING_STATUSES),
    event: z.object({ at: at(), status: z.enum(ROUTING_STATUSES), code: z.string().nullable(), description: z.string(), city: z.string().nullable(), state: z.string().nullable(), country: z.string().nullable() }),
  }),
  'surcharge.added': z.object({ ...orderRef, amountCents: cents(), currency: z.literal('USD'), reason: z.string(), detailReason: z.string().nullable(), addedAt: at() }),
  'parcel.checked_in': z.object({ ...orderRef, status: z.enum(ORDER_STATUSES), checkedInAt: at() }),
  'parcel.dimension_error': z.object({
    ...orderRef,
    declared: z.string(),
    measured: z.string(),
    declaredPriceCents: cents(),
    measuredPriceCents: cents().nullable(),
    currency: z.literal('USD'),
    confirmBy: at(),
    foundAt: at(),
  }),
  'topup.accepted': z.object({ topUpId: z.string().uuid(), amountCents: cents(), currency: z.literal('USD'), reviewedAt: at() }),
  'topup.declined': z.object({ topUpId: z.string().uuid(), amountCents: cents(), currency: z.literal('USD'), reason: z.string().nullable(), reviewedAt: at() }),
  'webhook.test': z.object({ endpointId: z.string().uuid(), message: z.string() }),
} as const;

export type WebhookEventType = keyof typeof WEBHOOK_EVENT_SCHEMAS;
export const WEBHOOK_EVENT_TYPES = Object.keys(WEBHOOK_EVENT_SCHEMAS) as WebhookEventType[];
export type WebhookEventData<T extends WebhookEventType> = z.infer<(typeof WEBHOOK_EVENT_SCHEMAS)[T]>;
/** Version of every payload schema above. */
export const WEBHOOK_EVENT_VERSION = 1;

/** The catalogue shown to sellers: group (for the picker), description; the test event is sent on demand only. */
export const WEBHOOK_EVENT_CATALOGUE: readonly { type: WebhookEventType; group: 'orders' | 'labels' | 'tracking' | 'warehouse' | 'wallet' | 'test'; description: string }[] = [
  { type: 'order.created', group: 'orders', description: 'An order was created, imported or duplicated.' },
  { type: 'order.paid', group: 'orders', description: 'An order was paid.' },
  { type: 'order.canceled', group: 'orders', description: 'An order was cancelled (or waits for the carrier to void its label).' },
  { type: 'order.refunded', group: 'orders', description: 'A refund was paid to the wallet for an order.' },
  { type: 'surcharge.added', group: 'orders', description: 'A surcharge was added to an order.' },
  { type: 'label.purchased', group: 'labels', description: 'A label was bought: tracking number and carrier.' },
  { type: 'label.failed', group: 'labels', description: 'Buying a label failed.' },
  { type: 'tracking.updated', group: 'tracking', description: 'A parcel has a new routing event and status.' },
  { type: 'parcel.checked_in', group: 'warehouse', description: 'The warehouse checked a parcel in.' },
  { type: 'parcel.dimension_error', group: 'warehouse', description: 'The warehouse measured a parcel beyond the tolerance.' },
  { type: 'topup.accepted', group: 'wallet', description: 'A top-up request was accepted.' },
  { type: 'topup.declined', group: 'wallet', description: 'A top-up request was declined.' },
  { type: 'webhook.test', group: 'test', description: 'Sent by the "Send test event" action only.' },
];
/** Types an endpoint may subscribe to (the test event goes to the one endpoint it is sent to). */
export const SUBSCRIBABLE_WEBHOOK_EVENT_TYPES = WEBHOOK_EVENT_TYPES.filter((t) => t !== 'webhook.test');

/** The body of every delivery: `{ id, type, version, timestamp, data }` (the id is also the webhook-id header). */
export const webhookEnvelopeSchema = <T extends WebhookEventType>(type: T) =>
  z.object({ id: z.string().describe('msg_… ; equal to the webhook-id header'), type: z.literal(type), version: z.literal(WEBHOOK_EVENT_VERSION), timestamp: at(), data: WEBHOOK_EVENT_SCHEMAS[type] });

export const WEBHOOK_LIMITS = {
  /** Retries after the first attempt (reference: Standard Webhooks / Svix schedule), each ±10 % jitter. */
  retryScheduleSeconds: [5, 300, 1800, 7200, 18000, 36000, 36000],
  jitter: 0.1,
  /** A Retry-After longer than this is read as this. */
  maxRetryAfterSeconds: 24 * 3600,
  timeoutMs: 15_000,
  replyExcerptBytes: 4096,
  /** An endpoint failing (no success) for this long is disabled and its seller told. */
  disableAfterFailingMs: 5 * 24 * 3600 * 1000,
  /** After a rotation the previous secret still signs (both signatures sent) for this long. */
  previousSecretValidMs: 24 * 3600 * 1000,
  maxEndpoints: 20,
  urlMax: 2000,
  headerValueMax: 500,
} as const;

export const WEBHOOK_ENDPOINT_STATUSES = ['active', 'disabled'] as const;
export type WebhookEndpointStatus = (typeof WEBHOOK_ENDPOINT_STATUSES)[number];
/** Why an endpoint is disabled: HTTP 410 from it, failing 5 days, or the seller turned it off. */
export const WEBHOOK_DISABLED_REASONS = ['gone', 'failing', 'manual'] as const;
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'sending', 'succeeded', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** Headers a seller may not set: the signature's, and those the transport owns. */
const RESERVED_HEADERS = /^(webhook-.*|content-type|content-length|host|user-agent|connection|transfer-encoding|te|upgrade|expect|keep-alive|proxy-.*)$/i;

/** http(s)://host[:port][/path…]: a host of letters, digits, dots and dashes or an [IPv6] literal, no user:password@. */
const WEBHOOK_URL = /^https?:\/\/(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*\.?|\[[0-9a-f:.]+\])(?::\d{1,5})?(?:[/?#][^\s]*)?$/i;

/** SPEC §5: a well-formed http(s) URL (https in production: checked by the server); no user name or password in it. */
export const webhookUrlField = () =>
  textField()
    .trim()
    .min(1, 'validation.required')
    .max(WEBHOOK_LIMITS.urlMax, 'validation.max2000')
    .regex(WEBHOOK_URL, 'validation.url.invalid');

/** SPEC §9 webhook key: a header name (token characters, not a reserved one) and its value. */
export const webhookHeaderNameField = () =>
  textField()
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9-]{0,63}$/, 'validation.webhook.headerName')
    .refine((v) => !RESERVED_HEADERS.test(v), 'validation.webhook.headerReserved');
export const webhookHeaderValueField = () =>
  textField()
    .max(WEBHOOK_LIMITS.headerValueMax, 'validation.tooLong')
    .regex(/^[\x20-\x7e]+$/, 'validation.webhook.headerValue');

const eventTypesField = () =>
  z
    .array(z.enum(SUBSCRIBABLE_WEBHOOK_EVENT_TYPES as [WebhookEventType, ...WebhookEventType[]], { error: 'validation.webhook.eventType' }))
    .min(1, 'validation.webhook.eventsRequired')
    .max(SUBSCRIBABLE_WEBHOOK_EVENT_TYPES.length, 'validation.webhook.eventType')
    .transform((list) => [...new Set(list)].sort());

export const WebhookEndpointBodySchema = () =>
  z
    .object({
      url: webhookUrlField(),
      description: multilineTextField().trim().max(255, 'validation.max255').optional().default(''),
      eventTypes: eventTypesField(),
      /** SPEC §9: the header key. Both or neither; an empty name removes it. */
      headerName: webhookHeaderNameField().nullable().optional(),
      /** Left out when editing: the stored value stays. */
      headerValue: webhookHeaderValueField().nullable().optional(),
    })
    .superRefine((v, ctx) => {
      if (v.headerValue && !v.headerName) ctx.addIssue({ code: 'custom', path: ['headerName'], message: 'validation.webhook.headerName' });
    });
export type WebhookEndpointBody = z.input<ReturnType<typeof WebhookEndpointBodySchema>>;

export const WebhookEndpointUpdateBodySchema = () =>
  z
    .object({
      url: webhookUrlField(),
      description: multilineTextField().trim().max(255, 'validation.max255').optional().default(''),
      eventTypes: eventTypesField(),
      headerName: webhookHeaderNameField().nullable().optional(),
      headerValue: webhookHeaderValueField().nullable().optional(),
      /** active turns a disabled endpoint back on (its pending deliveries go again); disabled turns it off. */
      status: z.enum(WEBHOOK_ENDPOINT_STATUSES, { error: 'validation.invalid' }).optional(),
    })
    .superRefine((v, ctx) => {
      if (v.headerValue && !v.headerName) ctx.addIssue({ code: 'custom', path: ['headerName'], message: 'validation.webhook.headerName' });
    });
export type WebhookEndpointUpdateBody = z.input<ReturnType<typeof WebhookEndpointUpdateBodySchema>>;

export const WebhookEndpointSchema = () =>
  z.object({
    _id: z.string(),
    url: z.string(),
    description: z.string(),
    method: z.literal('POST'),
    eventTypes: z.array(z.string()),
    headerName: z.string().nullable(),
    /** The header value with all but its last 4 characters hidden. */
    headerValueMasked: z.string().nullable(),
    status: z.enum(WEBHOOK_ENDPOINT_STATUSES),
    disabledReason: z.enum(WEBHOOK_DISABLED_REASONS).nullable(),
    disabledAt: z.string().nullable(),
    /** When the current run of failures started (null while deliveries succeed). */
    failingSince: z.string().nullable(),
    /** While a rotated-out secret still signs (24 h after a rotation). */
    previousSecretValidUntil: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  });
export type WebhookEndpoint = z.infer<ReturnType<typeof WebhookEndpointSchema>>;

export const WebhookSecretSchema = () =>
  z.object({
    /** `whsec_` + base64 of 32 random bytes: the receiver verifies with the base64-decoded part. */
    secret: z.string(),
    previousSecretValidUntil: z.string().nullable(),
  });
export type WebhookSecret = z.infer<ReturnType<typeof WebhookSecretSchema>>;

export const WebhookDeliverySchema = () =>
  z.object({
    _id: z.string(),
    endpointId: z.string(),
    messageId: z.string(),
    eventType: z.string(),
    orderId: z.string().nullable(),
    status: z.enum(WEBHOOK_DELIVERY_STATUSES),
    /** Attempts made so far. */
    attempts: z.number(),
    lastHttpStatus: z.number().nullable(),
    lastDurationMs: z.number().nullable(),
    lastError: z.string().nullable(),
    lastAttemptAt: z.string().nullable(),
    nextAttemptAt: z.string().nullable(),
    createdAt: z.string(),
  });
export type WebhookDelivery = z.infer<ReturnType<typeof WebhookDeliverySchema>>;

export const WebhookAttemptSchema = () =>
  z.object({
    attempt: z.number(),
    at: z.string(),
    httpStatus: z.number().nullable(),
    durationMs: z.number(),
    /** The first 4 KB of the reply body. */
    replyExcerpt: z.string().nullable(),
    error: z.string().nullable(),
  });
export type WebhookAttempt = z.infer<ReturnType<typeof WebhookAttemptSchema>>;

export const WebhookDeliveryDetailSchema = () => WebhookDeliverySchema().extend({ requestBody: z.string(), attemptLog: z.array(WebhookAttemptSchema()) });
export type WebhookDeliveryDetail = z.infer<ReturnType<typeof WebhookDeliveryDetailSchema>>;

export const WebhookDeliveryListQuerySchema = () =>
  z.object({
    status: z.enum(WEBHOOK_DELIVERY_STATUSES, { error: 'validation.invalid' }).optional(),
    page: z.coerce.number({ error: 'validation.page' }).int('validation.page').min(1, 'validation.page').default(1),
    pageSize: z.coerce.number({ error: 'validation.invalid' }).int('validation.invalid').min(1, 'validation.invalid').max(100, 'validation.invalid').default(20),
  });
export const WebhookDeliveryListReplySchema = () => z.object({ items: z.array(WebhookDeliverySchema()), page: z.number(), pageSize: z.number(), total: z.number() });
export type WebhookDeliveryListReply = z.infer<ReturnType<typeof WebhookDeliveryListReplySchema>>;

/** The answer of "send test event": what the endpoint replied. */
export const WebhookTestReplySchema = () =>
  z.object({
    deliveryId: z.string(),
    succeeded: z.boolean(),
    httpStatus: z.number().nullable(),
    durationMs: z.number(),
    replyExcerpt: z.string().nullable(),
    error: z.string().nullable(),
  });
export type WebhookTestReply = z.infer<ReturnType<typeof WebhookTestReplySchema>>;

export const WebhookReplayFailedBodySchema = () => z.object({ since: timestampField() });
export const WebhookEndpointIdParamsSchema = () => z.object({ id: idField() });
export const WebhookEventTypeInfoSchema = () => z.object({ type: z.string(), group: z.string(), version: z.number(), description: z.string() });
