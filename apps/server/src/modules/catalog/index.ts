import { defineModule } from '../../platform/module';
import { discountsModule, seedDemoDiscount } from '../discounts';
import { findUserByEmail, usersModule } from '../users';
import { seedDemoNetwork } from './catalog.demo';
import { catalogImportRoutes } from './catalog.imports';
import { catalogJobs } from './catalog.jobs';
import { catalogRoutes } from './catalog.routes';
import { createCatalogService } from './catalog.service';
import { SnapshotCache } from './catalog.snapshot';
import { createPricingService } from './pricing.service';
import { createQuoteService } from './quote.service';

export { createCatalogService, handoverPlaceOf, type CatalogService } from './catalog.service';
export { SnapshotCache } from './catalog.snapshot';
export { redistributeCandidates, type RedistributeCarrier } from './catalog.redistribute';
export { createQuoteService, quoteError, runQuote, type QuoteService } from './quote.service';
export { createPricingService, type PricingService } from './pricing.service';

/** Carriers, services, warehouses, zones, taxes, carrier routing, dated price tables, the quote. */
export const catalogModule = defineModule({
  name: 'catalog',
  needs: [usersModule, discountsModule],
  setup(ctx, use) {
    const { db } = ctx.database;
    const snapshot = new SnapshotCache(db);
    /** Drops the cached pricing snapshot (after catalog and discount changes). */
    const invalidate = () => snapshot.invalidate();
    use(discountsModule).onChange(invalidate);
    const catalog = createCatalogService(db, invalidate);
    const quotes = createQuoteService(db, snapshot, ctx.log);
    const pricing = createPricingService(db, snapshot, quotes);
    use(discountsModule).checkServicesWith((ids) => catalog.missingServiceIds(ids));
    return { snapshot, invalidate, catalog, quotes, pricing, discounts: use(discountsModule).service };
  },
  routes: (ctx, m) => [catalogRoutes(m.catalog, m.pricing, m.quotes), catalogImportRoutes(m.catalog, m.pricing, ctx.imports)],
  jobs: (_ctx, m) => catalogJobs(m.quotes),
  seeds: (ctx, m) => ({
    async demoCatalog(adminEmail) {
      const admin = await findUserByEmail(ctx.database.db, adminEmail);
      if (!admin || !(await seedDemoNetwork(ctx.database.db, m.catalog, m.pricing, admin.id))) return false;
      await seedDemoDiscount(m.discounts);
      return true;
    },
  }),
});
