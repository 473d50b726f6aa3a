// The Walmart order sync at 10,000 purchase orders on PostgreSQL (goal: ≥ 200 orders/s). The
// purchase orders come from the local fake Walmart over HTTP (cursor paging, 200 a page); each page
// is stored in one transaction (one multi-row upsert of integration orders, then their draft orders
// in a few statements: createDraftsIn). Every order's SKU maps to the demo seller's accepted mug, so
// each purchase order becomes an integration order AND a draft order.
// The baseline, timed in the same run: reading the same 10,000 orders through the client alone
// (HTTP, JSON, schema), which is what the sync cannot go below.
//
// Usage: DATABASE_URL=postgres://… npm run bench:walmart-sync [-- orders]
//   A fresh database is created beside DATABASE_URL's and dropped afterwards.
import os from 'node:os';
import { execSync } from 'node:child_process';
import pg from 'pg';
import { eq } from 'drizzle-orm';
import { workingDayCalendar } from '@exship/domain/working-days';
import { buildApp } from '../apps/server/src/app';
import { closeContext, createContext } from '../apps/server/src/context';
import { SnapshotCache } from '../apps/server/src/modules/catalog';
import { createOrderService } from '../apps/server/src/modules/orders';
import { users } from '../apps/server/src/modules/users/users.tables';
import { createFakeWalmart, fakePurchaseOrder, listenFakeWalmart } from '../apps/server/src/modules/walmart/fake/fake-walmart';
import { createWalmartClient } from '../apps/server/src/modules/walmart/walmart.client';
import { createWalmartService } from '../apps/server/src/modules/walmart/walmart.service';
import { walmartMethodMappings } from '../apps/server/src/modules/walmart/walmart.tables';
import { loadConfig } from '../apps/server/src/platform/config';
import { openDatabase } from '../apps/server/src/platform/db';
import { createOutbound } from '../apps/server/src/platform/outbound';

const ORDERS = Number(process.argv[2] ?? process.env.BENCH_ORDERS ?? 10_000);
const GOAL_PER_SECOND = 200;
const base = process.env.DATABASE_URL;
if (!base) {
  console.error('Set DATABASE_URL=postgres://… (the bench runs on PostgreSQL)');
  process.exit(1);
}

async function main() {
  const name = `exship_bench_walmart_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base!);
  url.pathname = `/${name}`;

  const fake = createFakeWalmart();
  fake.addClient('bench-client', 'bench-secret-value');
  const start = Date.now() - 2 * 86_400_000;
  // n a multiple of 3: the mug (MUG-WHT-11OZ), the demo seller's accepted product.
  fake.addOrders('bench-client', Array.from({ length: ORDERS }, (_, i) => fakePurchaseOrder(i * 3, start + i * 10)));
  const server = await listenFakeWalmart(fake);

  const config = loadConfig({ ...process.env, DATABASE_URL: url.toString(), SEED_DEMO: 'true', SEED_DEMO_CATALOG: 'true', LOG_LEVEL: 'warn', WALMART_BASE_URL: server.url, OUTBOUND_ALLOW_HOSTS: server.hostPort, WEB_DIST: '/nonexistent' });
  const database = await openDatabase({ databaseUrl: config.databaseUrl });
  const ctx = await createContext(config, { database, jobs: { mode: 'manual' } });
  const app = await buildApp(ctx);
  try {
    await ctx.jobs.start();
    await app.seed();
    const [seller] = await database.db.select().from(users).where(eq(users.email, config.seed.sellerEmail));
    const fetch = createOutbound({ outboundAllowHosts: [server.hostPort] }).fetch;

    // Baseline: the client alone reads every page.
    const client = createWalmartClient({ baseUrl: server.url, clientId: 'bench-client', clientSecret: 'bench-secret-value', fetch });
    const t0 = performance.now();
    let page = await client.listOrders({ released: true, from: new Date(start - 1000) });
    let read = page.orders.length;
    while (page.nextCursor) {
      page = await client.nextPage(true, page.nextCursor);
      read += page.orders.length;
    }
    const readSeconds = (performance.now() - t0) / 1000;

    const service = createWalmartService({
      db: database.db,
      jobs: ctx.jobs,
      orders: createOrderService({ db: database.db, snapshot: new SnapshotCache(database.db), calendar: workingDayCalendar('US') }),
      labelOf: async () => undefined,
      serviceByCode: async () => undefined,
      fetch,
      secrets: config.carrierSecrets,
      baseUrl: server.url,
      appUrl: config.appUrl,
      callbackAllow: [],
      log: ctx.log,
    });
    const store = await service.insertStore(seller!.accountId, seller!.id, { name: 'Bench store', clientId: 'bench-client', clientSecret: 'bench-secret-value', ackMode: 'on-review', autoPay: false });
    await database.db.insert(walmartMethodMappings).values([{ accountId: seller!.accountId, methodCode: 'Standard', serviceCode: 'STD' }, { accountId: seller!.accountId, methodCode: 'Express', serviceCode: 'STD' }]);
    // The window starts before the first order.
    await database.db.execute(`update walmart_stores set sync_window_start = '${new Date(start - 1000).toISOString()}' where id = '${store.id}'`);

    const t1 = performance.now();
    const result = await service.sync(store.id, 'released');
    const seconds = (performance.now() - t1) / 1000;
    const perSecond = result.seen / seconds;
    // The same window again: every purchase order is seen a second time (nothing new may be made).
    await database.db.execute(`update walmart_stores set sync_window_start = '${new Date(start - 1000).toISOString()}' where id = '${store.id}'`);
    const again = performance.now();
    const second = await service.sync(store.id, 'released');
    const againSeconds = (performance.now() - again) / 1000;

    console.log(`uptime: ${execSync('uptime').toString().trim()}  (cpus: ${os.cpus().length})`);
    console.log(`read only (client, baseline): ${read} orders in ${readSeconds.toFixed(2)} s = ${(read / readSeconds).toFixed(0)} orders/s`);
    console.log(`sync: ${result.seen} purchase orders → ${result.inserted} integration orders, ${result.drafts} draft orders in ${seconds.toFixed(2)} s = ${perSecond.toFixed(0)} orders/s (goal ≥ ${GOAL_PER_SECOND}) ${perSecond >= GOAL_PER_SECOND ? 'OK' : 'BELOW GOAL'}`);
    console.log(`ratio sync / read-only: ${(seconds / readSeconds).toFixed(2)}×`);
    console.log(`second sync of the same orders (all seen before): ${second.seen} seen, ${second.inserted} new, ${second.drafts} drafts in ${againSeconds.toFixed(2)} s`);
  } finally {
    await app.close();
    await closeContext(ctx);
    await server.close();
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
