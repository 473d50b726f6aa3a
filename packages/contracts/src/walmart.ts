import { z } from 'zod';
import { dateFilterField, idField, keywordQueryField, multilineTextField, pageField, textField, withDateRange } from './fields';

// The Walmart Marketplace integration (docs/walmart.md): a seller connects a store with its
// Walmart client id and secret, purchase orders sync in as integration orders (SPEC §3
// "Marketplace order"), their lines map to the seller's products by SKU, and once mapped a draft
// ExShip order is made; the label's tracking (or a cancellation) is pushed back to Walmart.
// SPEC §2 /connect/walmart, /callback/walmart, /integrations/walmart; §4 integration order
// statuses; §6 "Walmart connect/push/disconnect"; §8 "marketplace order push under maintenance".

export const WALMART_LIMITS = {
  storeNameMax: 50,
  clientIdMax: 200,
  clientSecretMax: 500,
  /** Walmart answers orders of the last 180 days only: a back-fill reaches no further. */
  backfillMaxDays: 180,
  /** Walmart's page size ceiling for GET /v3/orders. */
  pageLimit: 200,
  /** Walmart: acknowledge within 4 hours of the order's creation. */
  ackDeadlineHours: 4,
  /** The watchdog flags an unacknowledged order at 3 hours, an hour before the deadline. */
  ackWatchdogHours: 3,
  pageSizeMax: 100,
  callbackUriMax: 2000,
  /** SPEC §5: notes are at most 255 characters. */
  noteMax: 255,
} as const;

/**
 * A store's state: connected (syncing), token-failing (Walmart refused the credentials at the last
 * token request; sync stops until they are replaced), paused (the seller stopped sync and pushes),
 * disconnected (credentials erased; history kept).
 */
export const WALMART_STORE_STATES = ['connected', 'token-failing', 'paused', 'disconnected'] as const;
export type WalmartStoreState = (typeof WALMART_STORE_STATES)[number];

/** When a synced purchase order is acknowledged on Walmart: at once, or when the seller reviews it. */
export const WALMART_ACK_MODES = ['on-sync', 'on-review'] as const;
export type WalmartAckMode = (typeof WALMART_ACK_MODES)[number];

/** SPEC §4: integration order statuses (Walmart's order line statuses). */
export const INTEGRATION_ORDER_STATUSES = ['Created', 'Acknowledged', 'Shipped', 'Delivered', 'Cancelled', 'Refund'] as const;
export type IntegrationOrderStatus = (typeof INTEGRATION_ORDER_STATUSES)[number];

/**
 * Where a synced purchase order stands on our side: waiting for SKU mappings, waiting for a
 * shipping-method mapping, a draft order made, or not ours to ship (Walmart-fulfilled, WFS).
 */
export const INTEGRATION_ORDER_STAGES = ['unmapped-sku', 'unmapped-method', 'draft-created', 'not-seller-fulfilled'] as const;
export type IntegrationOrderStage = (typeof INTEGRATION_ORDER_STAGES)[number];

/** What was last sent to Walmart for an order, and how it went. */
export const WALMART_PUSH_KINDS = ['acknowledge', 'shipment', 'cancellation'] as const;
export type WalmartPushKind = (typeof WALMART_PUSH_KINDS)[number];
/** pending: queued or being retried; failed: retries exhausted (retry by hand); maintenance: Walmart said so (SPEC §8). */
export const WALMART_PUSH_STATES = ['none', 'pending', 'pushed', 'failed', 'maintenance'] as const;
export type WalmartPushState = (typeof WALMART_PUSH_STATES)[number];

/** Walmart's shipping method codes (shippingInfo.methodCode and the shipment's methodCode). */
export const WALMART_METHOD_CODES = ['Standard', 'Express', 'OneDay', 'Freight', 'WhiteGlove', 'Value'] as const;
export type WalmartMethodCode = (typeof WALMART_METHOD_CODES)[number];

/** Walmart's cancellation reasons. */
export const WALMART_CANCEL_REASONS = [
  'CUSTOMER_REQUESTED_SELLER_TO_CANCEL',
  'SELLER_CANCEL_PRICING_ERROR',
  'SELLER_CANCEL_OUT_OF_STOCK',
  'SELLER_CANCEL_FRAUD_STOP_SHIPMENT',
  'SELLER_CANCEL_ADDRESS_NOT_SERVICEABLE',
] as const;
export type WalmartCancelReason = (typeof WALMART_CANCEL_REASONS)[number];

/** The kinds of difference the reconciliation finds between Walmart's status and ours. */
export const WALMART_RECONCILIATION_KINDS = [
  /** Walmart cancelled (or refunded) an order whose ExShip order is still live. */
  'cancelled-on-walmart',
  /** Our label is bought (or the order cancelled) but Walmart still shows it open: the push did not land. */
  'push-missing',
  /** Walmart shows a status our integration order does not (a change we missed). */
  'status-differs',
  /** Walmart no longer answers for the purchase order. */
  'missing-on-walmart',
] as const;
export type WalmartReconciliationKind = (typeof WALMART_RECONCILIATION_KINDS)[number];

// ── fields and bodies (factories: the web keeps them as types unless it calls them) ────────────────

const storeName = () => textField().trim().min(1, 'validation.required').max(WALMART_LIMITS.storeNameMax, 'validation.max50');
const clientIdField = () => textField().trim().min(1, 'validation.required').max(WALMART_LIMITS.clientIdMax, 'validation.tooLong');
const clientSecretField = () => textField().trim().min(1, 'validation.required').max(WALMART_LIMITS.clientSecretMax, 'validation.tooLong');

export const walmartStoreParamsSchema = () => z.object({ storeId: idField() });
export const integrationOrderParamsSchema = () => z.object({ integrationOrderId: idField() });
export const skuMappingParamsSchema = () => z.object({ mappingId: idField() });

/** Connect a store: the credentials are checked by getting a token before anything is saved. */
export const walmartStoreCreateBodySchema = () =>
  z.object({
    name: storeName(),
    clientId: clientIdField(),
    /** Sealed at rest (AES-256-GCM), never answered nor logged. */
    clientSecret: clientSecretField(),
    ackMode: z.enum(WALMART_ACK_MODES).default('on-sync'),
    /** Pay each draft order as soon as it is made (from the wallet, as the seller's own payment would). */
    autoPay: z.boolean().default(false),
    /** The cancellation reason sent when an ExShip order of the store is cancelled without one of Walmart's reasons. */
    defaultCancelReason: z.enum(WALMART_CANCEL_REASONS).default('CUSTOMER_REQUESTED_SELLER_TO_CANCEL'),
    /** Staff connecting a store for a seller; ignored for sellers. */
    customerId: idField().optional(),
  });
export type WalmartStoreCreateBody = z.infer<ReturnType<typeof walmartStoreCreateBodySchema>>;

/** Change a store's settings; new credentials (both together) are checked by getting a token. */
export const walmartStoreUpdateBodySchema = () =>
  z
    .object({
      name: storeName().optional(),
      ackMode: z.enum(WALMART_ACK_MODES).optional(),
      autoPay: z.boolean().optional(),
      defaultCancelReason: z.enum(WALMART_CANCEL_REASONS).optional(),
      clientId: clientIdField().optional(),
      clientSecret: clientSecretField().optional(),
    })
    .refine((b) => (b.clientId === undefined) === (b.clientSecret === undefined), { path: ['clientSecret'], message: 'validation.walmart.credentialsTogether' });
export type WalmartStoreUpdateBody = z.infer<ReturnType<typeof walmartStoreUpdateBodySchema>>;

/** Back-fill: purchase orders created in [from, to], at most 180 days back (Walmart keeps no more). */
export const walmartBackfillBodySchema = () =>
  z.object({
    from: dateFilterField(),
    to: dateFilterField().optional(),
  });
export type WalmartBackfillBody = z.infer<ReturnType<typeof walmartBackfillBodySchema>>;

/** `/connect/walmart?callback-uri=…`: the URI must be one of WALMART_CALLBACK_ALLOW's origins (or a path of ours). */
export const walmartConnectBodySchema = () =>
  z.object({
    callbackUri: textField().trim().max(WALMART_LIMITS.callbackUriMax, 'validation.tooLong').optional(),
  });
export type WalmartConnectBody = z.infer<ReturnType<typeof walmartConnectBodySchema>>;

/** `/callback/walmart`: completes a connect started with `connectId`, with the store's name and credentials. */
export const walmartCallbackBodySchema = () =>
  z.object({
    connectId: idField(),
    name: storeName(),
    clientId: clientIdField(),
    clientSecret: clientSecretField(),
    ackMode: z.enum(WALMART_ACK_MODES).default('on-sync'),
    autoPay: z.boolean().default(false),
  });
export type WalmartCallbackBody = z.infer<ReturnType<typeof walmartCallbackBodySchema>>;

/** The cancellation a seller sends for a purchase order (its ExShip order, if any, is cancelled too). */
export const integrationOrderCancelBodySchema = () => z.object({ reason: z.enum(WALMART_CANCEL_REASONS) });

export const skuMappingBodySchema = () =>
  z.object({
    /** Walmart's SKU as the purchase order carries it. */
    sku: textField().trim().min(1, 'validation.required').max(100, 'validation.max100'),
    productId: idField(),
    variantId: idField(),
    /** Staff mapping for a seller; ignored for sellers. */
    customerId: idField().optional(),
  });
export type SkuMappingBody = z.infer<ReturnType<typeof skuMappingBodySchema>>;

export const shippingMethodMappingsBodySchema = () =>
  z.object({
    mappings: z
      .array(
        z.object({
          methodCode: z.enum(WALMART_METHOD_CODES),
          /** Our service's code; null removes the mapping. */
          serviceCode: textField().trim().max(50, 'validation.max50').nullable(),
        }),
      )
      .min(1, 'validation.required')
      .max(WALMART_METHOD_CODES.length, 'validation.tooLong'),
    customerId: idField().optional(),
  });
export type ShippingMethodMappingsBody = z.infer<ReturnType<typeof shippingMethodMappingsBodySchema>>;

const pageSizeField = () => z.coerce.number({ error: 'validation.number' }).int('validation.number').min(1, 'validation.pageSize').max(WALMART_LIMITS.pageSizeMax, 'validation.pageSize').default(20);
const optionalDate = () => z.preprocess((v) => (v === '' ? undefined : v), dateFilterField().optional());
const allOr = <T extends readonly [string, ...string[]]>(values: T) => z.enum(['all', ...values] as [string, ...string[]]).default('all') as unknown as z.ZodDefault<z.ZodEnum<{ [K in T[number] | 'all']: K }>>;

export const walmartStoreListQuerySchema = () => z.object({ customerId: idField().optional() });

/** Integration orders: by store, status, stage, attention (what needs the seller), purchase/customer order id. */
export const integrationOrderListQuerySchema = () =>
  withDateRange(
    z.object({
      page: pageField(),
      pageSize: pageSizeField(),
      storeId: idField().optional(),
      customerId: idField().optional(),
      status: allOr(INTEGRATION_ORDER_STATUSES),
      stage: allOr(INTEGRATION_ORDER_STAGES),
      /** push-failed: the last push failed or is under maintenance; ack-overdue: flagged by the watchdog. */
      attention: z.enum(['all', 'push-failed', 'ack-overdue']).default('all'),
      /** Purchase order id, customer order id or the ExShip order id. */
      keyword: keywordQueryField(),
      /** On the Walmart order date. */
      dateFrom: optionalDate(),
      dateTo: optionalDate(),
    }),
    'dateFrom',
    'dateTo',
  );
export type IntegrationOrderListQuery = z.infer<ReturnType<typeof integrationOrderListQuerySchema>>;

export const skuMappingListQuerySchema = () =>
  z.object({
    page: pageField(),
    pageSize: pageSizeField(),
    state: z.enum(['all', 'unmapped', 'mapped']).default('all'),
    keyword: keywordQueryField(),
    customerId: idField().optional(),
  });
export type SkuMappingListQuery = z.infer<ReturnType<typeof skuMappingListQuerySchema>>;

export const reconciliationListQuerySchema = () =>
  z.object({
    page: pageField(),
    pageSize: pageSizeField(),
    storeId: idField().optional(),
    customerId: idField().optional(),
    /** Open differences (default), the resolved ones (by a run or by hand), or both. */
    state: z.enum(['open', 'resolved', 'all'], { error: 'validation.invalid' }).default('open'),
  });
export type ReconciliationListQuery = z.infer<ReturnType<typeof reconciliationListQuerySchema>>;

export const reconciliationParamsSchema = () => z.object({ reconciliationId: idField() });

/** SPEC §5: a note is at most 255 characters; resolving by hand says why. */
export const reconciliationResolveBodySchema = () =>
  z.object({ note: multilineTextField().trim().min(1, 'validation.required').max(WALMART_LIMITS.noteMax, 'validation.note.max') });
export type ReconciliationResolveBody = z.infer<ReturnType<typeof reconciliationResolveBodySchema>>;

export const customerScopeQuerySchema = () => z.object({ customerId: idField().optional() });

// ── replies ───────────────────────────────────────────────────────────────────────────────────────

const statusCounts = () => z.object(Object.fromEntries(INTEGRATION_ORDER_STATUSES.map((s) => [s, z.number().int()])) as Record<IntegrationOrderStatus, z.ZodNumber>);

/** A store as the seller sees it: never the secret, the client id only by its last 4 characters. */
export const WalmartStoreSchema = () =>
  z.object({
    id: z.string(),
    accountId: z.string(),
    name: z.string(),
    state: z.enum(WALMART_STORE_STATES),
    clientIdLast4: z.string().nullable(),
    ackMode: z.enum(WALMART_ACK_MODES),
    autoPay: z.boolean(),
    defaultCancelReason: z.enum(WALMART_CANCEL_REASONS),
    /** The demo store against the built-in fake Walmart. */
    demo: z.boolean(),
    lastSyncAt: z.string().nullable(),
    /** Purchase orders seen by the last sync. */
    lastSyncCount: z.number().int().nullable(),
    /** Why the last sync or token request failed (a message in the caller's language), null when it went well. */
    lastError: z.string().nullable(),
    tokenFailingSince: z.string().nullable(),
    /** A back-fill queued or running: its range. */
    backfill: z.object({ from: z.string(), to: z.string(), state: z.enum(['queued', 'running', 'done', 'failed']) }).nullable(),
    counts: z.object({
      total: z.number().int(),
      byStatus: statusCounts(),
      unmappedSkus: z.number().int(),
      pushFailed: z.number().int(),
      ackOverdue: z.number().int(),
    }),
    connectedAt: z.string(),
    pausedAt: z.string().nullable(),
    disconnectedAt: z.string().nullable(),
  });
export type WalmartStore = z.infer<ReturnType<typeof WalmartStoreSchema>>;

export const IntegrationOrderLineSchema = () =>
  z.object({
    lineNumber: z.string(),
    sku: z.string(),
    productName: z.string(),
    quantity: z.number().int(),
    /** Walmart's line status. */
    status: z.enum(INTEGRATION_ORDER_STATUSES),
    /** The product charge of the line, in USD. */
    amount: z.number(),
    currency: z.string(),
    /** The seller's variant the SKU maps to, null while unmapped. */
    productId: z.string().nullable(),
    variantId: z.string().nullable(),
    variantSku: z.string().nullable(),
  });

export const IntegrationOrderSchema = () =>
  z.object({
    id: z.string(),
    accountId: z.string(),
    storeId: z.string(),
    storeName: z.string(),
    /** SPEC §3 marketplace order fields. */
    purchaseOrderId: z.string(),
    customerOrderId: z.string(),
    /** The first line's product name (and how many more lines). */
    product: z.string(),
    /** The recipient's name as Walmart gives it. */
    customer: z.string(),
    status: z.enum(INTEGRATION_ORDER_STATUSES),
    shippingMethod: z.string(),
    estimatedDeliveryDate: z.string().nullable(),
    estimatedShipDate: z.string().nullable(),
    /** Why the order waits or failed (a message in the caller's language), null when nothing is wrong. */
    reason: z.string().nullable(),
    /** The ExShip order made from it ("platform order id"). */
    orderId: z.string().nullable(),
    exOrderId: z.string().nullable(),
    stage: z.enum(INTEGRATION_ORDER_STAGES),
    orderDate: z.string(),
    acknowledgedAt: z.string().nullable(),
    /** orderDate + 4 hours: Walmart's acknowledge deadline. */
    ackDueAt: z.string(),
    ackOverdue: z.boolean(),
    push: z.object({
      kind: z.enum(WALMART_PUSH_KINDS).nullable(),
      state: z.enum(WALMART_PUSH_STATES),
      attempts: z.number().int(),
      lastAttemptAt: z.string().nullable(),
      nextAttemptAt: z.string().nullable(),
      /** The failure in the caller's language (e.g. 'Marketplace order push is under maintenance.'). */
      error: z.string().nullable(),
    }),
    trackingNumber: z.string().nullable(),
    cancellationReason: z.enum(WALMART_CANCEL_REASONS).nullable(),
    firstSeenAt: z.string(),
    lastSeenAt: z.string(),
  });
export type IntegrationOrder = z.infer<ReturnType<typeof IntegrationOrderSchema>>;

export const IntegrationOrderDetailSchema = () =>
  IntegrationOrderSchema().extend({
    orderType: z.string(),
    customerEmail: z.string(),
    shipNodeType: z.string(),
    shippingAddress: z.object({
      name: z.string(),
      address1: z.string(),
      address2: z.string(),
      city: z.string(),
      state: z.string(),
      postalCode: z.string(),
      country: z.string(),
      phone: z.string(),
    }),
    lines: z.array(IntegrationOrderLineSchema()),
    /** Every call to Walmart for this order, newest first. */
    pushLog: z.array(
      z.object({
        kind: z.enum(WALMART_PUSH_KINDS),
        at: z.string(),
        ok: z.boolean(),
        /** HTTP status from Walmart, null when it could not be reached. */
        httpStatus: z.number().int().nullable(),
        error: z.string().nullable(),
      }),
    ),
  });
export type IntegrationOrderDetail = z.infer<ReturnType<typeof IntegrationOrderDetailSchema>>;

export const IntegrationOrderPageSchema = () =>
  z.object({
    items: z.array(IntegrationOrderSchema()),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    /** Counts per status under the other filters (the status tabs). */
    counts: statusCounts().extend({ all: z.number().int() }),
  });
export type IntegrationOrderPage = z.infer<ReturnType<typeof IntegrationOrderPageSchema>>;

export const SkuMappingSchema = () =>
  z.object({
    /** Null for an unmapped SKU (it exists only as lines waiting for it). */
    id: z.string().nullable(),
    accountId: z.string(),
    sku: z.string(),
    /** Walmart's product name for the SKU, from the latest order seen. */
    walmartProductName: z.string(),
    productId: z.string().nullable(),
    variantId: z.string().nullable(),
    productName: z.string().nullable(),
    variantSku: z.string().nullable(),
    /** Integration orders waiting for this SKU. */
    ordersWaiting: z.number().int(),
    /** 'auto': the SKU equals one of the seller's variant SKUs; 'seller': set by hand. */
    source: z.enum(['auto', 'seller']).nullable(),
    updatedAt: z.string().nullable(),
  });
export type SkuMapping = z.infer<ReturnType<typeof SkuMappingSchema>>;

export const SkuMappingPageSchema = () => z.object({ items: z.array(SkuMappingSchema()), total: z.number().int(), page: z.number().int(), pageSize: z.number().int(), unmapped: z.number().int() });

/** Saving a mapping re-examines the orders waiting for it: how many became draft orders. */
export const SkuMappingSavedSchema = () => z.object({ mapping: SkuMappingSchema(), draftsCreated: z.number().int() });

export const ShippingMethodMappingSchema = () =>
  z.object({
    methodCode: z.enum(WALMART_METHOD_CODES),
    serviceCode: z.string().nullable(),
    serviceName: z.string().nullable(),
    /** Integration orders waiting for this method's mapping. */
    ordersWaiting: z.number().int(),
  });
export type ShippingMethodMapping = z.infer<ReturnType<typeof ShippingMethodMappingSchema>>;

export const ShippingMethodMappingsReplySchema = () => z.object({ mappings: z.array(ShippingMethodMappingSchema()), draftsCreated: z.number().int() });

export const WalmartConnectReplySchema = () =>
  z.object({
    /** One-use, 30 minutes: completes at POST /integrations/walmart/callback. */
    connectId: z.string(),
    /** Where the browser goes after connecting (validated; a path of ours when none was given). */
    callbackUri: z.string(),
    expiresAt: z.string(),
  });

export const WalmartCallbackReplySchema = () =>
  z.object({
    store: WalmartStoreSchema(),
    /** The callback URI with `storeId` and `status=connected` added: where the browser goes now. */
    redirectTo: z.string(),
  });

export const WalmartJobQueuedSchema = () => z.object({ jobId: z.string() });

export const ReconciliationRowSchema = () =>
  z.object({
    id: z.string(),
    integrationOrderId: z.string(),
    storeId: z.string(),
    purchaseOrderId: z.string(),
    kind: z.enum(WALMART_RECONCILIATION_KINDS),
    walmartStatus: z.string().nullable(),
    ourStatus: z.enum(INTEGRATION_ORDER_STATUSES),
    /** The ExShip order's status, when there is one. */
    exshipOrderStatus: z.string().nullable(),
    detectedAt: z.string(),
    resolvedAt: z.string().nullable(),
    /** Who marked it resolved by hand (name, else email); null when a run or a cancellation closed it. */
    resolvedBy: z.string().nullable(),
    /** Why it was marked resolved by hand (settled outside ExShip). */
    resolutionNote: z.string().nullable(),
  });
export type ReconciliationRow = z.infer<ReturnType<typeof ReconciliationRowSchema>>;

export const ReconciliationPageSchema = () =>
  z.object({ items: z.array(ReconciliationRowSchema()), total: z.number().int(), page: z.number().int(), pageSize: z.number().int(), lastRunAt: z.string().nullable() });
