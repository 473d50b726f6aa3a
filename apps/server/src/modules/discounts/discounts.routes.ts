import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DiscountBodySchema, DiscountListQuerySchema } from '@exship/contracts';
import { ok } from '../../platform/http';
import type { createDiscountService } from './discounts.service';

const codeParam = z.object({ code: z.string().min(1).max(50) });

export const discountRoutes =
  (svc: ReturnType<typeof createDiscountService>): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['discounts'];
    app.get('/discounts', { config: { access: 'EX-DISCOUNT-LIST' }, schema: { tags, querystring: DiscountListQuerySchema } }, async (req) => ok(req, await svc.list(req.query)));
    app.get('/discounts/:code', { config: { access: 'EX-DISCOUNT-LIST' }, schema: { tags, params: codeParam } }, async (req) => ok(req, await svc.get(req.params.code)));
    app.post('/discounts', { config: { access: 'EX-DISCOUNT-MANAGE' }, schema: { tags, body: DiscountBodySchema } }, async (req, reply) =>
      reply.code(201).send(ok(req, await svc.create(req.body), 'catalog.saved')),
    );
    app.put('/discounts/:code', { config: { access: 'EX-DISCOUNT-MANAGE' }, schema: { tags, params: codeParam, body: DiscountBodySchema } }, async (req) =>
      ok(req, await svc.update(req.params.code, req.body), 'catalog.saved'),
    );
    app.delete('/discounts/:code', { config: { access: 'EX-DISCOUNT-MANAGE' }, schema: { tags, params: codeParam } }, async (req) => {
      await svc.remove(req.params.code);
      return ok(req, null, 'catalog.deleted');
    });
  };
