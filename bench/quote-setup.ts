// The quote benches' shared set-up: the app with a catalog of 20 carriers × 50 zones × 30 weight
// brackets written through the staff use cases, a signed-in seller, and a bare Fastify in the same
// process with a plain JSON POST and a zod-validated POST of the quote body (the baselines).
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { QuoteBodySchema } from '@exship/contracts';
import { buildApp } from '../apps/server/src/app';
import { closeContext, createContext } from '../apps/server/src/context';
import { SnapshotCache, createCatalogService, createPricingService, createQuoteService } from '../apps/server/src/modules/catalog';
import { loadConfig } from '../apps/server/src/platform/config';
import { openDatabase } from '../apps/server/src/platform/db';

// Keep in step with bench/quote-request.cjs.
const CARRIERS = 20;
const ZONES = 50;
const BRACKETS = 30;

export async function startQuoteBench() {
  const config = loadConfig({ LOG_LEVEL: 'warn', DATABASE_URL: process.env.DATABASE_URL, SEED_DEMO: 'true', SEED_DEMO_CATALOG: 'false', WEB_DIST: '/nonexistent' });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: 'memory://' });
  const ctx = await createContext(config, { database });
  const app = await buildApp(ctx);
  await app.seed();

  // The catalog, written through the same use cases staff use.
  const db = database.db;
  const cache = new SnapshotCache(db);
  const catalog = createCatalogService(db, () => cache.invalidate());
  const pricing = createPricingService(db, cache, createQuoteService(db, cache, ctx.log));
  const t0 = Date.now();
  const warehouse = await catalog.createWarehouse({ code: 'LAX1', name: 'LA', zipcode: '90001', address: '1 Harbor', city: 'LA', country: 'US', shippingType: 'international', status: 'active' });
  const zones = [];
  for (let z = 0; z < ZONES; z++) {
    const from = String(10000 + z * 1000).padStart(5, '0');
    const to = String(10000 + z * 1000 + 999).padStart(5, '0');
    zones.push(await catalog.createZone({ code: `Z${z}`, name: `Zone ${z}`, country: 'US', states: [], ranges: [{ zipFrom: from, zipTo: to }], status: 'active' }));
  }
  const carrierRows = [];
  const serviceRows = [];
  const step = 1000;
  for (let c = 0; c < CARRIERS; c++) {
    const carrier = await catalog.createCarrier({ code: `C${c}`, name: `Carrier ${c}`, status: 'active' });
    const service = await catalog.createService({ code: `S${c}`, name: `Service ${c}`, carrierId: carrier.id, signatureFee: 2, overLengthFee: 10, overLengthThresholdCm: 121.92, packaging: 'parcel', status: 'active' });
    await catalog.createRoute({
      serviceId: service.id, minWeight: 0, maxWeight: BRACKETS * step, priority: 1, users: [], typeShipping: 'country', toArrayCountry: ['US'], toState: [],
      allocations: [{ carrierId: carrier.id, warehouseId: warehouse.id, percentage: 100 }], status: 'active',
    });
    for (let b = 0; b < BRACKETS; b++) {
      serviceRows.push({ serviceId: service.id, weightFrom: b * step, weightTo: (b + 1) * step, shippingFeeCents: 500 + b * 100, seasonalFeeCents: 30, status: 'active' });
      for (const zone of zones) {
        carrierRows.push({ carrierId: carrier.id, serviceId: service.id, warehouseId: warehouse.id, zoneId: zone.id, weightFrom: b * step, weightTo: (b + 1) * step, lastMileCostCents: 300 + b * 80, seasonalCostCents: 10, status: 'active' });
      }
    }
  }
  await catalog.createTax({ country: 'US', taxType: 'Sales', rate: 8.5, status: 'active' });
  const admin = { userId: crypto.randomUUID() } as never;
  await pricing.activate((await pricing.createVersion('service', 'bench.xlsx', admin, serviceRows)).id);
  await pricing.activate((await pricing.createVersion('carrier', 'bench.xlsx', admin, carrierRows)).id);
  console.log(`catalog: ${CARRIERS} carriers × ${ZONES} zones × ${BRACKETS} brackets = ${carrierRows.length} carrier price rows (built in ${((Date.now() - t0) / 1000).toFixed(1)} s)`);

  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}/api/v1`;
  const login = await fetch(`${base}/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: config.seed.sellerEmail, password: config.seed.sellerPassword }) });
  const token = ((await login.json()) as { data: { token: string } }).data.token;

  // Two baselines in one bare Fastify: a plain JSON POST, and the usual reference point, a zod-validated POST
  // (about 8k requests/s on these cores: the ceiling our endpoints are measured against).
  const bare = Fastify().withTypeProvider<ZodTypeProvider>();
  bare.setValidatorCompiler(validatorCompiler);
  bare.setSerializerCompiler(serializerCompiler);
  bare.post('/bare', async (req) => ({ success: true, message: 'OK', data: { echo: (req.body as { serviceCode?: string }).serviceCode ?? null } }));
  bare.post('/bare-zod', { schema: { body: QuoteBodySchema } }, async (req) => ({ success: true, message: 'OK', data: { echo: req.body.serviceCode } }));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}/bare`;

  return {
    app,
    bare,
    databaseKind: database.kind,
    quoteUrl: `${base}/quote`,
    token,
    bareUrl,
    bareZodUrl: `${bareUrl}-zod`,
    async close() {
      await app.close();
      await bare.close();
      await closeContext(ctx);
    },
  };
}
