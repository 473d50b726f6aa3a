import {
  AcknowledgeIntegrationOrderEndpoint,
  BackfillWalmartStoreEndpoint,
  CompleteWalmartConnectEndpoint,
  ListShippingMethodMappingsEndpoint,
  ListWalmartReconciliationEndpoint,
  ReconcileWalmartStoreEndpoint,
  ResolveWalmartReconciliationEndpoint,
  SaveShippingMethodMappingsEndpoint,
  StartWalmartConnectEndpoint,
  UpdateWalmartStoreEndpoint,
  CreateWalmartStoreEndpoint,
  DisconnectWalmartStoreEndpoint,
  GetIntegrationOrderEndpoint,
  GetProductEndpoint,
  ListIntegrationOrdersEndpoint,
  ListProductsEndpoint,
  ListSkuMappingsEndpoint,
  ListWalmartStoresEndpoint,
  PauseWalmartStoreEndpoint,
  ResumeWalmartStoreEndpoint,
  RetryIntegrationOrderPushEndpoint,
  SaveSkuMappingEndpoint,
  SyncWalmartStoreEndpoint,
  type EndpointBody,
  type EndpointReply,
} from '@exship/contracts';
import { call, callEnvelope } from '../../api/call';
import type { UrlQuery } from '../../api/endpoints';

// The Walmart screens' calls (stores, integration orders, SKU mappings), through the endpoint
// descriptors of packages/contracts. Used only by the lazily loaded Walmart screens and tab.

export const WALMART_KEY = 'walmart';
export const storesKey = [WALMART_KEY, 'stores'];
export const ordersKey = [WALMART_KEY, 'orders'];
export const skuMappingsKey = [WALMART_KEY, 'sku-mappings'];
export const methodMappingsKey = [WALMART_KEY, 'method-mappings'];
export const reconciliationKey = [WALMART_KEY, 'reconciliation'];

export type StoreCreateBody = EndpointBody<typeof CreateWalmartStoreEndpoint>;
export type OrderListQuery = UrlQuery<typeof ListIntegrationOrdersEndpoint>;
export type OrderPage = EndpointReply<typeof ListIntegrationOrdersEndpoint>;
export type SkuMappingBody = EndpointBody<typeof SaveSkuMappingEndpoint>;
export type StoreUpdateBody = EndpointBody<typeof UpdateWalmartStoreEndpoint>;
export type CallbackBody = EndpointBody<typeof CompleteWalmartConnectEndpoint>;
export type MethodMappingsBody = EndpointBody<typeof SaveShippingMethodMappingsEndpoint>;
export type BackfillBody = EndpointBody<typeof BackfillWalmartStoreEndpoint>;
export type ReconciliationQuery = UrlQuery<typeof ListWalmartReconciliationEndpoint>;
export type ResolveDifferenceBody = EndpointBody<typeof ResolveWalmartReconciliationEndpoint>;

/** URL-kept filters go out as they are; the server parses them against the descriptor's query schema. */
const urlQuery = (query: object | undefined) => query as never;

export const walmartApi = {
  stores: (signal?: AbortSignal) => call(ListWalmartStoresEndpoint, { signal }),
  connect: (body: StoreCreateBody) => callEnvelope(CreateWalmartStoreEndpoint, { body }),
  pause: (storeId: string) => callEnvelope(PauseWalmartStoreEndpoint, { params: { storeId } }),
  resume: (storeId: string) => callEnvelope(ResumeWalmartStoreEndpoint, { params: { storeId } }),
  disconnect: (storeId: string) => callEnvelope(DisconnectWalmartStoreEndpoint, { params: { storeId } }),
  sync: (storeId: string) => callEnvelope(SyncWalmartStoreEndpoint, { params: { storeId } }),
  update: (storeId: string, body: StoreUpdateBody) => callEnvelope(UpdateWalmartStoreEndpoint, { params: { storeId }, body }),
  backfill: (storeId: string, body: BackfillBody) => callEnvelope(BackfillWalmartStoreEndpoint, { params: { storeId }, body }),
  reconcile: (storeId: string) => callEnvelope(ReconcileWalmartStoreEndpoint, { params: { storeId } }),
  reconciliation: (query: ReconciliationQuery, signal?: AbortSignal) => callEnvelope(ListWalmartReconciliationEndpoint, { query: urlQuery(query), signal }),
  resolveDifference: (reconciliationId: string, body: ResolveDifferenceBody) => callEnvelope(ResolveWalmartReconciliationEndpoint, { params: { reconciliationId }, body }),

  startConnect: (callbackUri: string | undefined) => callEnvelope(StartWalmartConnectEndpoint, { body: callbackUri ? { callbackUri } : {} }),
  completeConnect: (body: CallbackBody) => callEnvelope(CompleteWalmartConnectEndpoint, { body }),

  methodMappings: (signal?: AbortSignal) => call(ListShippingMethodMappingsEndpoint, { query: urlQuery({}), signal }),
  saveMethodMappings: (body: MethodMappingsBody) => callEnvelope(SaveShippingMethodMappingsEndpoint, { body }),

  orders: (query: OrderListQuery, signal?: AbortSignal) => callEnvelope(ListIntegrationOrdersEndpoint, { query: urlQuery(query), signal }),
  order: (integrationOrderId: string, signal?: AbortSignal) => call(GetIntegrationOrderEndpoint, { params: { integrationOrderId }, signal }),
  acknowledge: (integrationOrderId: string) => callEnvelope(AcknowledgeIntegrationOrderEndpoint, { params: { integrationOrderId } }),
  retryPush: (integrationOrderId: string) => callEnvelope(RetryIntegrationOrderPushEndpoint, { params: { integrationOrderId } }),

  unmappedSkus: (signal?: AbortSignal) => call(ListSkuMappingsEndpoint, { query: urlQuery({ state: 'unmapped', pageSize: 100 }), signal }),
  saveSkuMapping: (body: SkuMappingBody) => callEnvelope(SaveSkuMappingEndpoint, { body }),

  products: (keyword: string, signal?: AbortSignal) => call(ListProductsEndpoint, { query: urlQuery({ keyword, pageSize: 20 }), signal }),
  product: (productId: string, signal?: AbortSignal) => call(GetProductEndpoint, { params: { id: productId }, signal }),
};
