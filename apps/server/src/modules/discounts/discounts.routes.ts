import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CreateDiscountEndpoint, DeleteDiscountEndpoint, GetDiscountEndpoint, ListDiscountsEndpoint, UpdateDiscountEndpoint } from '@exship/contracts';
import { route } from '../../platform/endpoints';
import type { createDiscountService } from './discounts.service';

export const discountRoutes =
  (svc: ReturnType<typeof createDiscountService>): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, ListDiscountsEndpoint, (req) => svc.list(req.query));
    route(app, GetDiscountEndpoint, (req) => svc.get(req.params.code));
    route(app, CreateDiscountEndpoint, (req) => svc.create(req.body));
    route(app, UpdateDiscountEndpoint, (req) => svc.update(req.params.code, req.body));
    route(app, DeleteDiscountEndpoint, async (req) => {
      await svc.remove(req.params.code);
      return null;
    });
  };
