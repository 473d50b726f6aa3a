import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { TestPayOrderEndpoint } from '@exship/contracts';
import { authOf } from '../../platform/auth';
import { route } from '../../platform/endpoints';
import type { OrderService } from './orders.service';

/**
 * Registered only with E2E=1 (like the outbox reader): pays an order of the caller's scope through
 * the one transition path, until the wallet module takes payments.
 */
export const orderTestRoutes =
  (orders: OrderService): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, TestPayOrderEndpoint, (req) => orders.act(authOf(req), req.params.orderId, 'pay', 'paid by the end-to-end suite'));
  };
