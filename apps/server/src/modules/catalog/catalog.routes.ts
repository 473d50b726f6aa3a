import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CarrierBodySchema,
  CarrierConfigBodySchema,
  CarrierListQuerySchema,
  ListQuerySchema,
  QuoteBodySchema,
  QuoteReplySchema,
  ServiceBodySchema,
  TaxBodySchema,
  WarehouseBodySchema,
  WarehouseListQuerySchema,
  ZoneBodySchema,
  okEnvelope,
} from '@exship/contracts';
import { authOf } from '../../platform/auth';
import { compiledSerializer, ok } from '../../platform/http';
import type { CatalogService } from './catalog.service';
import type { PricingService } from './pricing.service';
import type { QuoteService } from './quote.service';

const quoteReply = okEnvelope(QuoteReplySchema);
const idParam = z.object({ id: z.string().uuid('validation.id.invalid') });
const kindParam = z.object({ kind: z.enum(['service', 'carrier']) });
const country = z.string().regex(/^[A-Z]{2}$/).optional();

export const catalogRoutes =
  (catalog: CatalogService, pricing: PricingService, quotes: QuoteService): FastifyPluginAsyncZod =>
  async (app) => {
    const saved = 'catalog.saved' as const;

    // carriers
    app.get('/carriers', { config: { access: 'EX-CARRIER-LIST' }, schema: { tags: ['carriers'], querystring: CarrierListQuerySchema } }, async (req) => ok(req, await catalog.listCarriers(req.query)));
    app.post('/carriers', { config: { access: 'EX-CARRIER-MANAGE' }, schema: { tags: ['carriers'], body: CarrierBodySchema } }, async (req, reply) =>
      reply.code(201).send(ok(req, await catalog.createCarrier(req.body), saved)),
    );
    app.put('/carriers/:id', { config: { access: 'EX-CARRIER-MANAGE' }, schema: { tags: ['carriers'], params: idParam, body: CarrierBodySchema } }, async (req) =>
      ok(req, await catalog.updateCarrier(req.params.id, req.body), saved),
    );

    // services
    app.get('/services', { config: { access: 'EX-SERVICE-LIST' }, schema: { tags: ['services'], querystring: ListQuerySchema.extend({ carrierId: z.string().uuid().optional() }) } }, async (req) =>
      ok(req, await catalog.listServices(req.query)),
    );
    // SPEC §2: /app/carrier/service/{serviceId} is open to any signed-in user: the service and its sell prices.
    app.get('/services/:id', { config: { access: 'open' }, schema: { tags: ['services'], params: idParam } }, async (req) =>
      ok(req, { ...(await catalog.getService(req.params.id)), brackets: (await pricing.sellPrices(req.params.id))[0]?.brackets ?? [] }),
    );
    app.post('/services', { config: { access: 'EX-SERVICE-MANAGE' }, schema: { tags: ['services'], body: ServiceBodySchema } }, async (req, reply) =>
      reply.code(201).send(ok(req, await catalog.createService(req.body), saved)),
    );
    app.put('/services/:id', { config: { access: 'EX-SERVICE-MANAGE' }, schema: { tags: ['services'], params: idParam, body: ServiceBodySchema } }, async (req) =>
      ok(req, await catalog.updateService(req.params.id, req.body), saved),
    );

    // warehouses
    app.get('/warehouses', { config: { access: 'EX-WAREHOUSE-LIST' }, schema: { tags: ['warehouses'], querystring: WarehouseListQuerySchema } }, async (req) =>
      ok(req, await catalog.listWarehouses(req.query)),
    );
    app.post('/warehouses', { config: { access: 'EX-WAREHOUSE-MANAGE' }, schema: { tags: ['warehouses'], body: WarehouseBodySchema } }, async (req, reply) =>
      reply.code(201).send(ok(req, await catalog.createWarehouse(req.body), saved)),
    );
    app.put('/warehouses/:id', { config: { access: 'EX-WAREHOUSE-MANAGE' }, schema: { tags: ['warehouses'], params: idParam, body: WarehouseBodySchema } }, async (req) =>
      ok(req, await catalog.updateWarehouse(req.params.id, req.body), saved),
    );

    // zones
    app.get('/zones', { config: { access: 'EX-ZONE-LIST' }, schema: { tags: ['zones'], querystring: ListQuerySchema.extend({ country }) } }, async (req) => ok(req, await catalog.listZones(req.query)));
    app.post('/zones', { config: { access: 'EX-ZONE-MANAGE' }, schema: { tags: ['zones'], body: ZoneBodySchema } }, async (req, reply) =>
      reply.code(201).send(ok(req, await catalog.createZone(req.body), saved)),
    );
    app.put('/zones/:id', { config: { access: 'EX-ZONE-MANAGE' }, schema: { tags: ['zones'], params: idParam, body: ZoneBodySchema } }, async (req) =>
      ok(req, await catalog.updateZone(req.params.id, req.body), saved),
    );

    // taxes
    app.get('/taxes', { config: { access: 'EX-TAX-LIST' }, schema: { tags: ['taxes'], querystring: ListQuerySchema.extend({ country }) } }, async (req) => ok(req, await catalog.listTaxes(req.query)));
    app.post('/taxes', { config: { access: 'EX-TAX-MANAGE' }, schema: { tags: ['taxes'], body: TaxBodySchema } }, async (req, reply) =>
      reply.code(201).send(ok(req, await catalog.createTax(req.body), saved)),
    );
    app.put('/taxes/:id', { config: { access: 'EX-TAX-MANAGE' }, schema: { tags: ['taxes'], params: idParam, body: TaxBodySchema } }, async (req) =>
      ok(req, await catalog.updateTax(req.params.id, req.body), saved),
    );
    app.delete('/taxes/:id', { config: { access: 'EX-TAX-MANAGE' }, schema: { tags: ['taxes'], params: idParam } }, async (req) => {
      await catalog.deleteTax(req.params.id);
      return ok(req, null, 'catalog.deleted');
    });

    // carrier config (routing)
    app.get('/carrier-configs', { config: { access: 'EX-CARRIER-CONFIG' }, schema: { tags: ['carrier config'], querystring: ListQuerySchema.extend({ serviceId: z.string().uuid().optional() }) } }, async (req) =>
      ok(req, await catalog.listRoutes(req.query)),
    );
    app.post('/carrier-configs', { config: { access: 'EX-CARRIER-CONFIG' }, schema: { tags: ['carrier config'], body: CarrierConfigBodySchema } }, async (req, reply) =>
      reply.code(201).send(ok(req, await catalog.createRoute(req.body), saved)),
    );
    app.put('/carrier-configs/:id', { config: { access: 'EX-CARRIER-CONFIG' }, schema: { tags: ['carrier config'], params: idParam, body: CarrierConfigBodySchema } }, async (req) =>
      ok(req, await catalog.updateRoute(req.params.id, req.body), saved),
    );
    app.delete('/carrier-configs/:id', { config: { access: 'EX-CARRIER-CONFIG' }, schema: { tags: ['carrier config'], params: idParam } }, async (req) => {
      await catalog.deleteRoute(req.params.id);
      return ok(req, null, 'catalog.deleted');
    });

    // price tables
    app.get('/pricing/sell-prices', { config: { access: 'EX_VIEW_PRICING' }, schema: { tags: ['pricing'] } }, async (req) => ok(req, await pricing.sellPrices()));
    app.get('/pricing/versions/:kind', { config: { access: 'EX-PRICING-MANAGE' }, schema: { tags: ['pricing'], params: kindParam } }, async (req) =>
      ok(req, await pricing.listVersions(req.params.kind)),
    );
    app.get('/pricing/version/:id/preview', { config: { access: 'EX-PRICING-MANAGE' }, schema: { tags: ['pricing'], params: idParam } }, async (req) =>
      ok(req, await pricing.preview(req.params.id)),
    );
    app.post('/pricing/version/:id/activate', { config: { access: 'EX-PRICING-MANAGE' }, schema: { tags: ['pricing'], params: idParam } }, async (req) =>
      ok(req, await pricing.activate(req.params.id), 'catalog.priceVersionActivated'),
    );
    app.delete('/pricing/version/:id', { config: { access: 'EX-PRICING-MANAGE' }, schema: { tags: ['pricing'], params: idParam } }, async (req) => {
      await pricing.deleteDraft(req.params.id);
      return ok(req, null, 'catalog.deleted');
    });

    // the quote: the hot route. The reply schema documents the API and compiles its writer; the reply is built
    // from typed code, so it is not re-validated. The handler is synchronous when the snapshot is warm.
    app.post('/quote', { config: { access: 'EX-QUOTE' }, schema: { tags: ['quote'], body: QuoteBodySchema, response: { 200: quoteReply } }, serializerCompiler: compiledSerializer(quoteReply) }, (req) => {
      const reply = quotes.quote(authOf(req), req.body);
      return reply instanceof Promise ? reply.then((r) => ok(req, r)) : ok(req, reply);
    });
  };
