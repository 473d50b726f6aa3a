// POST /api/v1/quote throughput as a ratio to a bare Fastify JSON route in the same run, with a
// catalog of 20 carriers × 50 zones × 30 weight brackets (goal: ratio ≥ 0.5, p99 < 20 ms
// at 50 connections). Usage: npm run bench:quote [-- seconds]
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { QuoteBodySchema } from '@exship/contracts';
import { buildApp } from '../apps/server/src/app';
import { closeContext, createContext } from '../apps/server/src/context';
import { SnapshotCache, createCatalogService, createPricingService, createQuoteService } from '../apps/server/src/modules/catalog';
import { loadConfig } from '../apps/server/src/platform/config';
import { openDatabase } from '../apps/server/src/platform/db';

const seconds = Number(process.argv[2] ?? process.env.BENCH_SECONDS ?? 10);
const connections = 50;
const CARRIERS = 20;
const ZONES = 50;
const BRACKETS = 30;

async function main() {
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
  const services = [];
  const carrierRows = [];
  const serviceRows = [];
  const step = 1000;
  for (let c = 0; c < CARRIERS; c++) {
    const carrier = await catalog.createCarrier({ code: `C${c}`, name: `Carrier ${c}`, status: 'active' });
    const service = await catalog.createService({ code: `S${c}`, name: `Service ${c}`, carrierId: carrier.id, signatureFee: 2, overLengthFee: 10, overLengthThresholdCm: 121.92, packaging: 'parcel', status: 'active' });
    services.push(service);
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
  const bareZodUrl = `${bareUrl}-zod`;

  // Bodies vary per request (service, weight, zip); the load runs in a worker thread so the client
  // does not share the server's event loop.
  const setupRequest = fileURLToPath(new URL('./quote-request.cjs', import.meta.url));
  const require = createRequire(import.meta.url);
  const sample = (require(setupRequest) as (r: object) => { body: string })({}).body;
  const check = await fetch(`${base}/quote`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: sample });
  if (check.status !== 200) throw new Error(`quote failed: ${check.status} ${await check.text()}`);

  const run = async (url: string, headers: Record<string, string>, duration: number) =>
    autocannon({ url, method: 'POST', connections, duration, workers: 1, headers: { 'content-type': 'application/json', ...headers }, requests: [{ setupRequest: setupRequest as never }] });
  const measure = async (url: string, headers: Record<string, string> = {}) => {
    await run(url, headers, 1);
    const r = await run(url, headers, seconds);
    return { rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.non2xx };
  };
  // Rounds alternate the bare route and the quote, so a noisy moment on a 2-core machine shows as one
  // outlying round instead of skewing the answer; the ratio reported is the median of the rounds.
  const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
  const zodBaseline = await measure(bareZodUrl);
  const results: { bare: Awaited<ReturnType<typeof measure>>; quote: Awaited<ReturnType<typeof measure>> }[] = [];
  for (let i = 0; i < rounds; i++) {
    const bareRun = await measure(bareUrl);
    const quoteRun = await measure(`${base}/quote`, { authorization: `Bearer ${token}` });
    results.push({ bare: bareRun, quote: quoteRun });
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const ratios = results.map((r) => r.quote.rps / r.bare.rps);
  const ratio = median(ratios);
  const p99 = median(results.map((r) => r.quote.p99));
  const errors = results.reduce((n, r) => n + r.quote.errors + r.bare.errors, zodBaseline.errors);

  console.log(`\n${connections} connections, ${seconds} s per run, ${rounds} rounds, database ${database.kind}\n`);
  console.log('round'.padEnd(7), 'bare req/s'.padStart(11), 'p99'.padStart(5), 'quote req/s'.padStart(12), 'p99'.padStart(5), 'ratio'.padStart(7));
  results.forEach((r, i) =>
    console.log(String(i + 1).padEnd(7), r.bare.rps.toFixed(0).padStart(11), String(r.bare.p99).padStart(5), r.quote.rps.toFixed(0).padStart(12), String(r.quote.p99).padStart(5), ratios[i]!.toFixed(2).padStart(7)),
  );
  const bareMedian = median(results.map((r) => r.bare.rps));
  console.log(`\nbare zod-validated POST: ${zodBaseline.rps.toFixed(0)} req/s (${(zodBaseline.rps / bareMedian).toFixed(2)} of the bare POST); errors in all runs: ${errors}`);
  console.log(`quote ratio ${ratio.toFixed(2)} (median of ${rounds} rounds; goal ≥ 0.50), p99 ${p99} ms median, ${Math.max(...results.map((r) => r.quote.p99))} ms worst (goal < 20 ms)`);

  await app.close();
  await bare.close();
  await closeContext(ctx);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
