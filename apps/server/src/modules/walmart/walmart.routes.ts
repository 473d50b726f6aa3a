import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AcknowledgeIntegrationOrderEndpoint,
  BackfillWalmartStoreEndpoint,
  CancelIntegrationOrderEndpoint,
  CompleteWalmartConnectEndpoint,
  CreateWalmartStoreEndpoint,
  DeleteSkuMappingEndpoint,
  DisconnectWalmartStoreEndpoint,
  GetIntegrationOrderEndpoint,
  GetWalmartStoreEndpoint,
  ListIntegrationOrdersEndpoint,
  ListShippingMethodMappingsEndpoint,
  ListSkuMappingsEndpoint,
  ListWalmartReconciliationEndpoint,
  ListWalmartStoresEndpoint,
  PauseWalmartStoreEndpoint,
  ReconcileWalmartStoreEndpoint,
  ResolveWalmartReconciliationEndpoint,
  ResumeWalmartStoreEndpoint,
  RetryIntegrationOrderPushEndpoint,
  SaveShippingMethodMappingsEndpoint,
  SaveSkuMappingEndpoint,
  StartWalmartConnectEndpoint,
  SyncWalmartStoreEndpoint,
  UpdateWalmartStoreEndpoint,
} from '@exship/contracts';
import { authOf } from '../../platform/auth';
import { route } from '../../platform/endpoints';
import type { WalmartService } from './walmart.service';

/** SPEC §6: reading EX-INTEGRATION; connect, settings, sync, mappings EX-WALMART-CONNECT; acknowledge, cancel, retry, resolving a difference EX-WALMART-PUSH; disconnect EX-WALMART-DISCONNECT. */
export const walmartRoutes =
  (s: WalmartService): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, ListWalmartStoresEndpoint, (req) => s.listStores(authOf(req), req.query.customerId, req.lang));
    route(app, GetWalmartStoreEndpoint, (req) => s.getStore(authOf(req), req.params.storeId, req.lang));
    route(app, CreateWalmartStoreEndpoint, (req) => s.connect(authOf(req), req.body, req.lang));
    route(app, UpdateWalmartStoreEndpoint, (req) => s.updateStore(authOf(req), req.params.storeId, req.body, req.lang));
    route(app, PauseWalmartStoreEndpoint, (req) => s.pauseStore(authOf(req), req.params.storeId, req.lang));
    route(app, ResumeWalmartStoreEndpoint, (req) => s.resumeStore(authOf(req), req.params.storeId, req.lang));
    route(app, DisconnectWalmartStoreEndpoint, (req) => s.disconnectStore(authOf(req), req.params.storeId, req.lang));
    route(app, SyncWalmartStoreEndpoint, (req) => s.queueSync(authOf(req), req.params.storeId));
    route(app, BackfillWalmartStoreEndpoint, (req) => s.queueBackfill(authOf(req), req.params.storeId, req.body));
    route(app, ReconcileWalmartStoreEndpoint, (req) => s.queueReconcile(authOf(req), req.params.storeId));
    route(app, StartWalmartConnectEndpoint, (req) => s.startConnect(authOf(req), req.body));
    route(app, CompleteWalmartConnectEndpoint, (req) => s.completeConnect(authOf(req), req.body, req.lang));
    route(app, ListIntegrationOrdersEndpoint, (req) => s.listOrders(authOf(req), req.query, req.lang));
    route(app, GetIntegrationOrderEndpoint, (req) => s.getOrder(authOf(req), req.params.integrationOrderId, req.lang));
    route(app, AcknowledgeIntegrationOrderEndpoint, (req) => s.acknowledge(authOf(req), req.params.integrationOrderId, req.lang));
    route(app, CancelIntegrationOrderEndpoint, (req) => s.cancel(authOf(req), req.params.integrationOrderId, req.body.reason, req.lang));
    route(app, RetryIntegrationOrderPushEndpoint, (req) => s.retryPush(authOf(req), req.params.integrationOrderId, req.lang));
    route(app, ListSkuMappingsEndpoint, (req) => s.listSkuMappings(authOf(req), req.query));
    route(app, SaveSkuMappingEndpoint, (req) => s.saveSkuMapping(authOf(req), req.body));
    route(app, DeleteSkuMappingEndpoint, (req) => s.deleteSkuMapping(authOf(req), req.params.mappingId));
    route(app, ListShippingMethodMappingsEndpoint, (req) => s.listMethodMappings(authOf(req), req.query.customerId));
    route(app, SaveShippingMethodMappingsEndpoint, (req) => s.saveMethodMappings(authOf(req), req.body));
    route(app, ListWalmartReconciliationEndpoint, (req) => s.listReconciliation(authOf(req), req.query));
    route(app, ResolveWalmartReconciliationEndpoint, (req) => s.resolveReconciliation(authOf(req), req.params.reconciliationId, req.body));
  };
