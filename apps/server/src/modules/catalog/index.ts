export { createCatalogService, type CatalogService } from './catalog.service';
export { SnapshotCache } from './catalog.snapshot';
export { createQuoteService, type QuoteService } from './quote.service';
export { createPricingService, type PricingService } from './pricing.service';
export { catalogRoutes } from './catalog.routes';
export { registerCatalogJobs } from './catalog.jobs';
export { catalogImportRoutes } from './catalog.imports';
export { seedDemoNetwork } from './catalog.demo';
