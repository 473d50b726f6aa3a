import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ActivatePriceVersionEndpoint,
  CreateCarrierConfigEndpoint,
  CreateCarrierEndpoint,
  CreateServiceEndpoint,
  CreateTaxEndpoint,
  CreateWarehouseEndpoint,
  CreateZoneEndpoint,
  DeleteCarrierConfigEndpoint,
  DeletePriceVersionEndpoint,
  DeleteTaxEndpoint,
  GetServiceEndpoint,
  ListCarrierConfigsEndpoint,
  ListCarriersEndpoint,
  ListPriceVersionsEndpoint,
  ListSellPricesEndpoint,
  ListServicesEndpoint,
  ListTaxesEndpoint,
  ListHandoverPointsEndpoint,
  ListWarehousesEndpoint,
  ListZonesEndpoint,
  PreviewPriceVersionEndpoint,
  QuoteEndpoint,
  QuoteRatesEndpoint,
  UpdateCarrierConfigEndpoint,
  UpdateCarrierEndpoint,
  UpdateServiceEndpoint,
  UpdateTaxEndpoint,
  UpdateWarehouseEndpoint,
  UpdateZoneEndpoint,
} from '@exship/contracts';
import { authOf } from '../../platform/auth';
import { route } from '../../platform/endpoints';
import type { CatalogService } from './catalog.service';
import type { PricingService } from './pricing.service';
import { settledQuoteBody } from './quote.body';
import type { QuoteService } from './quote.service';

export const catalogRoutes =
  (catalog: CatalogService, pricing: PricingService, quotes: QuoteService): FastifyPluginAsyncZod =>
  async (app) => {
    // carriers
    route(app, ListCarriersEndpoint, (req) => catalog.listCarriers(req.query));
    route(app, CreateCarrierEndpoint, (req) => catalog.createCarrier(req.body));
    route(app, UpdateCarrierEndpoint, (req) => catalog.updateCarrier(req.params.id, req.body));

    // services
    route(app, ListServicesEndpoint, (req) => catalog.listServices(req.query));
    // SPEC §2: the service and its sell prices, for any signed-in user.
    route(app, GetServiceEndpoint, async (req) => ({ ...(await catalog.getService(req.params.id)), brackets: (await pricing.sellPrices(req.params.id))[0]?.brackets ?? [] }));
    route(app, CreateServiceEndpoint, (req) => catalog.createService(req.body));
    route(app, UpdateServiceEndpoint, (req) => catalog.updateService(req.params.id, req.body));

    // warehouses
    route(app, ListWarehousesEndpoint, (req) => catalog.listWarehouses(req.query));
    route(app, ListHandoverPointsEndpoint, () => catalog.handoverPoints());
    route(app, CreateWarehouseEndpoint, (req) => catalog.createWarehouse(req.body));
    route(app, UpdateWarehouseEndpoint, (req) => catalog.updateWarehouse(req.params.id, req.body));

    // zones
    route(app, ListZonesEndpoint, (req) => catalog.listZones(req.query));
    route(app, CreateZoneEndpoint, (req) => catalog.createZone(req.body));
    route(app, UpdateZoneEndpoint, (req) => catalog.updateZone(req.params.id, req.body));

    // taxes
    route(app, ListTaxesEndpoint, (req) => catalog.listTaxes(req.query));
    route(app, CreateTaxEndpoint, (req) => catalog.createTax(req.body));
    route(app, UpdateTaxEndpoint, (req) => catalog.updateTax(req.params.id, req.body));
    route(app, DeleteTaxEndpoint, async (req) => {
      await catalog.deleteTax(req.params.id);
      return null;
    });

    // carrier config (routing)
    route(app, ListCarrierConfigsEndpoint, (req) => catalog.listRoutes(req.query));
    route(app, CreateCarrierConfigEndpoint, (req) => catalog.createRoute(req.body));
    route(app, UpdateCarrierConfigEndpoint, (req) => catalog.updateRoute(req.params.id, req.body));
    route(app, DeleteCarrierConfigEndpoint, async (req) => {
      await catalog.deleteRoute(req.params.id);
      return null;
    });

    // price tables
    route(app, ListSellPricesEndpoint, () => pricing.sellPrices());
    route(app, ListPriceVersionsEndpoint, (req) => pricing.listVersions(req.params.kind));
    route(app, PreviewPriceVersionEndpoint, (req) => pricing.preview(req.params.id));
    route(app, ActivatePriceVersionEndpoint, (req) => pricing.activate(req.params.id));
    route(app, DeletePriceVersionEndpoint, async (req) => {
      await pricing.deleteDraft(req.params.id);
      return null;
    });

    // the quote: the hot route. Its reply schema documents the API and compiles its writer; the reply is built
    // by typed code, so it is not validated again. The use case is synchronous when the snapshot is warm.
    // An already-valid body (nearly every one) is checked by hand; any other goes to the schema (quote.body.ts).
    route(app, QuoteEndpoint, (req) => quotes.quote(authOf(req), req.body), { serializer: 'compiled', settledBody: settledQuoteBody });
    // Every service side by side: the same quote per service, on the same cached snapshot.
    route(app, QuoteRatesEndpoint, (req) => quotes.rates(authOf(req), req.body, req.lang));
  };
