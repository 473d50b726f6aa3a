import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import {
  customerScopeQuerySchema,
  IntegrationOrderDetailSchema,
  integrationOrderCancelBodySchema,
  integrationOrderListQuerySchema,
  IntegrationOrderPageSchema,
  integrationOrderParamsSchema,
  IntegrationOrderSchema,
  ReconciliationPageSchema,
  reconciliationListQuerySchema,
  reconciliationParamsSchema,
  reconciliationResolveBodySchema,
  ReconciliationRowSchema,
  ShippingMethodMappingsReplySchema,
  shippingMethodMappingsBodySchema,
  skuMappingBodySchema,
  skuMappingListQuerySchema,
  SkuMappingPageSchema,
  skuMappingParamsSchema,
  SkuMappingSavedSchema,
  walmartBackfillBodySchema,
  walmartCallbackBodySchema,
  WalmartCallbackReplySchema,
  walmartConnectBodySchema,
  WalmartConnectReplySchema,
  WalmartJobQueuedSchema,
  walmartStoreCreateBodySchema,
  walmartStoreListQuerySchema,
  walmartStoreParamsSchema,
  WalmartStoreSchema,
  walmartStoreUpdateBodySchema,
} from './walmart';

// The Walmart integration (docs/walmart.md). Reading needs EX-INTEGRATION; connecting, settings,
// sync and mappings EX-WALMART-CONNECT; acknowledge, cancel, retry push and resolving a difference EX-WALMART-PUSH;
// disconnect EX-WALMART-DISCONNECT (SPEC §6). A seller sees its own stores and orders; staff with
// EX-ACT-FOR-CUSTOMER any account's (narrowed by `customerId`).
// Keep zod calls inside the descriptors: the web build drops them there.
const tags = ['walmart'] as const;

// ── stores ────────────────────────────────────────────────────────────────────────────────────────

export const ListWalmartStoresEndpoint = defineEndpoint({
  method: 'GET', path: '/integrations/walmart/stores', access: 'EX-INTEGRATION', summary: 'Walmart stores', operationId: 'listWalmartStores', tags,
  description: 'Each store with its state (connected, token-failing, paused, disconnected), last sync and counts. Never a secret.',
  query: walmartStoreListQuerySchema(), reply: z.array(WalmartStoreSchema()),
});

export const GetWalmartStoreEndpoint = defineEndpoint({
  method: 'GET', path: '/integrations/walmart/stores/:storeId', access: 'EX-INTEGRATION', summary: 'One Walmart store', operationId: 'getWalmartStore', tags,
  params: walmartStoreParamsSchema(), reply: WalmartStoreSchema(), errors: [404],
});

export const CreateWalmartStoreEndpoint = defineEndpoint({
  method: 'POST', path: '/integrations/walmart/stores', access: 'EX-WALMART-CONNECT', summary: 'Connect a Walmart store', operationId: 'createWalmartStore', tags,
  description: 'Checks the client id and secret by getting a token from Walmart (422 WALMART_CREDENTIALS_INVALID when refused, 422 WALMART_UNAVAILABLE when Walmart cannot be reached), then saves the store with the secret sealed and queues its first sync.',
  body: walmartStoreCreateBodySchema(), reply: WalmartStoreSchema(), status: 201, message: 'walmart.storeConnected', errors: [409, 422],
});

export const UpdateWalmartStoreEndpoint = defineEndpoint({
  method: 'PATCH', path: '/integrations/walmart/stores/:storeId', access: 'EX-WALMART-CONNECT', summary: 'Change a Walmart store', operationId: 'updateWalmartStore', tags,
  description: 'Name, acknowledge mode, auto-pay, default cancellation reason; new credentials (client id and secret together) are checked by getting a token and bring a token-failing store back to connected.',
  params: walmartStoreParamsSchema(), body: walmartStoreUpdateBodySchema(), reply: WalmartStoreSchema(), message: 'walmart.storeSaved', errors: [409, 422],
});

export const PauseWalmartStoreEndpoint = defineEndpoint({
  method: 'POST', path: '/integrations/walmart/stores/:storeId/pause', access: 'EX-WALMART-CONNECT', summary: 'Pause a Walmart store', operationId: 'pauseWalmartStore', tags,
  description: 'Stops sync and pushes until resumed; pushes due meanwhile wait.', params: walmartStoreParamsSchema(), reply: WalmartStoreSchema(), message: 'walmart.storePaused', errors: [409],
});

export const ResumeWalmartStoreEndpoint = defineEndpoint({
  method: 'POST', path: '/integrations/walmart/stores/:storeId/resume', access: 'EX-WALMART-CONNECT', summary: 'Resume a paused Walmart store', operationId: 'resumeWalmartStore', tags,
  params: walmartStoreParamsSchema(), reply: WalmartStoreSchema(), message: 'walmart.storeResumed', errors: [409],
});

export const DisconnectWalmartStoreEndpoint = defineEndpoint({
  method: 'POST', path: '/integrations/walmart/stores/:storeId/disconnect', access: 'EX-WALMART-DISCONNECT', summary: 'Disconnect a Walmart store', operationId: 'disconnectWalmartStore', tags,
  description: 'Erases the credentials and stops sync and pushes; the integration orders stay. Connect again with new credentials (PATCH).',
  params: walmartStoreParamsSchema(), reply: WalmartStoreSchema(), message: 'walmart.storeDisconnected',
});

export const SyncWalmartStoreEndpoint = defineEndpoint({
  method: 'POST', path: '/integrations/walmart/stores/:storeId/sync', access: 'EX-WALMART-CONNECT', summary: 'Sync a Walmart store now', operationId: 'syncWalmartStore', tags,
  description: 'Queues a sync of the released (Created) purchase orders now, besides the schedule (every 5 minutes).',
  params: walmartStoreParamsSchema(), reply: WalmartJobQueuedSchema(), status: 201, message: 'walmart.syncQueued', errors: [409],
});

export const BackfillWalmartStoreEndpoint = defineEndpoint({
  method: 'POST', path: '/integrations/walmart/stores/:storeId/backfill', access: 'EX-WALMART-CONNECT', summary: 'Back-fill purchase orders by date', operationId: 'backfillWalmartStore', tags,
  description: 'Queues a sync of every purchase order created in [from, to] (to defaults to now), at most 180 days back (400 on `from` beyond it).',
  params: walmartStoreParamsSchema(), body: walmartBackfillBodySchema(), reply: WalmartJobQueuedSchema(), status: 201, message: 'walmart.backfillQueued', errors: [409],
});

export const ReconcileWalmartStoreEndpoint = defineEndpoint({
  method: 'POST', path: '/integrations/walmart/stores/:storeId/reconcile', access: 'EX-WALMART-CONNECT', summary: 'Reconcile a store now', operationId: 'reconcileWalmartStore', tags,
  description: "Queues a comparison of Walmart's status of the store's open orders with ours, besides the nightly run.",
  params: walmartStoreParamsSchema(), reply: WalmartJobQueuedSchema(), status: 201, message: 'walmart.reconcileQueued', errors: [409],
});

// ── connect flow (/connect/walmart?callback-uri=… → /callback/walmart) ───────────────────────────

export const StartWalmartConnectEndpoint = defineEndpoint({
  method: 'POST', path: '/integrations/walmart/connect', access: 'EX-WALMART-CONNECT', summary: 'Start connecting a Walmart store', operationId: 'startWalmartConnect', tags,
  description: "The /connect/walmart screen's first call with its callback-uri: the URI must be a path of ours or lie on an origin of WALMART_CALLBACK_ALLOW (400 WALMART_CALLBACK_NOT_ALLOWED otherwise: never an open redirect). Answers a one-use connect id (30 minutes).",
  body: walmartConnectBodySchema(), reply: WalmartConnectReplySchema(), status: 201,
});

export const CompleteWalmartConnectEndpoint = defineEndpoint({
  method: 'POST', path: '/integrations/walmart/callback', access: 'EX-WALMART-CONNECT', summary: 'Complete connecting a Walmart store', operationId: 'completeWalmartConnect', tags,
  description: 'The /callback/walmart screen: connects the store as POST /integrations/walmart/stores does and answers where to send the browser. The connect id must be the caller\'s, unused and unexpired (404 WALMART_CONNECT_NOT_FOUND); its callback URI is checked against the allow-list again.',
  body: walmartCallbackBodySchema(), reply: WalmartCallbackReplySchema(), status: 201, message: 'walmart.storeConnected', errors: [409, 422],
});

// ── integration orders ────────────────────────────────────────────────────────────────────────────

export const ListIntegrationOrdersEndpoint = defineEndpoint({
  method: 'GET', path: '/integrations/walmart/orders', access: 'EX-INTEGRATION', summary: 'Walmart purchase orders', operationId: 'listIntegrationOrders', tags,
  description: 'Newest order date first, with counts per status (the tabs).',
  query: integrationOrderListQuerySchema(), reply: IntegrationOrderPageSchema(),
});

export const GetIntegrationOrderEndpoint = defineEndpoint({
  method: 'GET', path: '/integrations/walmart/orders/:integrationOrderId', access: 'EX-INTEGRATION', summary: 'One Walmart purchase order', operationId: 'getIntegrationOrder', tags,
  description: 'Lines with their SKU mappings, the shipping address, and every push to Walmart.',
  params: integrationOrderParamsSchema(), reply: IntegrationOrderDetailSchema(), errors: [404],
});

export const AcknowledgeIntegrationOrderEndpoint = defineEndpoint({
  method: 'POST', path: '/integrations/walmart/orders/:integrationOrderId/acknowledge', access: 'EX-WALMART-PUSH', summary: 'Acknowledge a purchase order on Walmart', operationId: 'acknowledgeIntegrationOrder', tags,
  description: 'Sends the acknowledgement now (stores that acknowledge on review). 409 WALMART_ACK_NOT_ALLOWED for an order not Created or not seller-fulfilled; 422 WALMART_PUSH_MAINTENANCE or WALMART_UNAVAILABLE when Walmart refuses for now.',
  params: integrationOrderParamsSchema(), reply: IntegrationOrderSchema(), message: 'walmart.acknowledged', errors: [409, 422],
});

export const CancelIntegrationOrderEndpoint = defineEndpoint({
  method: 'POST', path: '/integrations/walmart/orders/:integrationOrderId/cancel', access: 'EX-WALMART-PUSH', summary: 'Cancel a purchase order on Walmart', operationId: 'cancelIntegrationOrder', tags,
  description: "Queues the cancellation with Walmart's reason; the ExShip draft order, if any, is cancelled too. 409 ACTION_NOT_ALLOWED_FOR_STATUS once shipped or cancelled.",
  params: integrationOrderParamsSchema(), body: integrationOrderCancelBodySchema(), reply: IntegrationOrderSchema(), message: 'walmart.cancelQueued', errors: [409],
});

export const RetryIntegrationOrderPushEndpoint = defineEndpoint({
  method: 'POST', path: '/integrations/walmart/orders/:integrationOrderId/retry-push', access: 'EX-WALMART-PUSH', summary: 'Retry a failed push to Walmart', operationId: 'retryIntegrationOrderPush', tags,
  description: 'Queues the last push (shipment, cancellation or acknowledgement) again. 409 WALMART_NOTHING_TO_RETRY when it did not fail.',
  params: integrationOrderParamsSchema(), reply: IntegrationOrderSchema(), message: 'walmart.pushQueued', errors: [409],
});

// ── mappings ──────────────────────────────────────────────────────────────────────────────────────

export const ListSkuMappingsEndpoint = defineEndpoint({
  method: 'GET', path: '/integrations/walmart/sku-mappings', access: 'EX-INTEGRATION', summary: 'Walmart SKUs and the products they map to', operationId: 'listSkuMappings', tags,
  description: 'Unmapped SKUs (seen on orders, with how many orders wait for them) first, then the mapped ones.',
  query: skuMappingListQuerySchema(), reply: SkuMappingPageSchema(),
});

export const SaveSkuMappingEndpoint = defineEndpoint({
  method: 'PUT', path: '/integrations/walmart/sku-mappings', access: 'EX-WALMART-CONNECT', summary: 'Map a Walmart SKU to a product variant', operationId: 'saveSkuMapping', tags,
  description: 'Remembered for every later order; the orders waiting for it become draft orders when nothing else is missing. 404 PRODUCT_NOT_FOUND for a variant that is not the seller\'s.',
  body: skuMappingBodySchema(), reply: SkuMappingSavedSchema(), message: 'walmart.mappingSaved', errors: [404],
});

export const DeleteSkuMappingEndpoint = defineEndpoint({
  method: 'DELETE', path: '/integrations/walmart/sku-mappings/:mappingId', access: 'EX-WALMART-CONNECT', summary: 'Forget a SKU mapping', operationId: 'deleteSkuMapping', tags,
  description: 'Later orders with the SKU wait for a new mapping; draft orders already made stay.',
  params: skuMappingParamsSchema(), reply: z.object({ deleted: z.literal(true) }), message: 'walmart.mappingDeleted', errors: [404],
});

export const ListShippingMethodMappingsEndpoint = defineEndpoint({
  method: 'GET', path: '/integrations/walmart/shipping-method-mappings', access: 'EX-INTEGRATION', summary: "Walmart shipping methods and our services", operationId: 'listShippingMethodMappings', tags,
  description: "One row per Walmart method code (Standard, Express, OneDay, Freight, WhiteGlove, Value) with the service a draft order gets.",
  query: customerScopeQuerySchema(), reply: ShippingMethodMappingsReplySchema(),
});

export const SaveShippingMethodMappingsEndpoint = defineEndpoint({
  method: 'PUT', path: '/integrations/walmart/shipping-method-mappings', access: 'EX-WALMART-CONNECT', summary: 'Map Walmart shipping methods to our services', operationId: 'saveShippingMethodMappings', tags,
  description: 'A service code must be an active service (400 on the row otherwise); null removes a mapping. Orders waiting for a method become draft orders.',
  body: shippingMethodMappingsBodySchema(), reply: ShippingMethodMappingsReplySchema(), message: 'walmart.mappingSaved',
});

// ── reconciliation ────────────────────────────────────────────────────────────────────────────────

export const ListWalmartReconciliationEndpoint = defineEndpoint({
  method: 'GET', path: '/integrations/walmart/reconciliation', access: 'EX-INTEGRATION', summary: "Differences between Walmart's status and ours", operationId: 'listWalmartReconciliation', tags,
  description: 'From the last reconciliation runs: cancelled on Walmart but live here, a push that did not land, a status we missed, an order Walmart no longer answers for. A difference is resolved when a later run no longer finds it, or by hand with a note. Open ones by default; `state=resolved` lists the closed ones with who closed them, when and why.',
  query: reconciliationListQuerySchema(), reply: ReconciliationPageSchema(),
});

export const ResolveWalmartReconciliationEndpoint = defineEndpoint({
  method: 'POST', path: '/integrations/walmart/reconciliation/:reconciliationId/resolve', access: 'EX-WALMART-PUSH', summary: 'Mark a difference resolved', operationId: 'resolveWalmartReconciliation', tags,
  description: "For a difference settled outside ExShip (refunded on Walmart's side by phone, say): closes it with a note, recording who and when. A later run finding the same statuses again does not reopen it; a different difference is recorded as usual. 409 WALMART_RECONCILIATION_CLOSED when it is already resolved; 404 WALMART_RECONCILIATION_NOT_FOUND for one that is not the caller's.",
  params: reconciliationParamsSchema(), body: reconciliationResolveBodySchema(), reply: ReconciliationRowSchema(), message: 'walmart.reconciliationResolved', errors: [404, 409],
});
