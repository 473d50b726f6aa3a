// The order import at 10,000 rows on PostgreSQL (goal: < 5 s, ≤ 4× a bare streaming parse of
// the same file, < 400 MB peak RSS). The file is a valid Template_import_order.xlsx of one-line orders
// for the demo seller's accepted product on the demo network; it is imported through the import
// pipeline's own use case (ImportRunner.execute: the checked read, the row schema, the batch checks
// and the commit in one transaction, as the queued job runs it), once validate-only and once for real.
// The baseline is the platform reader alone (platform/xlsx.ts readSheet: the streaming parse with
// the template checks), timed on the same bytes in the same run.
//
// Each measurement runs in its own process, so its peak RSS (getrusage maxrss) is its own: the parse
// in one, the import (set-up, a validate-only run, then the import) in another.
//
// Usage: DATABASE_URL=postgres://… npm run bench:order-import [-- rows]
//   rows (default 10000, at most 10000) — the orders are added to the database each run (unique names).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import { ORDER_IMPORT_COLUMNS } from '@exship/contracts';
import { workingDayCalendar } from '@exship/domain/working-days';
import { buildApp } from '../apps/server/src/app';
import { closeContext, createContext } from '../apps/server/src/context';
import { SnapshotCache } from '../apps/server/src/modules/catalog';
import { defineOrderImport, orderTemplate } from '../apps/server/src/modules/orders/orders.imports';
import { products, productVariants } from '../apps/server/src/modules/products/products.tables';
import { users } from '../apps/server/src/modules/users/users.tables';
import { loadConfig } from '../apps/server/src/platform/config';
import { openDatabase } from '../apps/server/src/platform/db';
import type { ImportActor } from '../apps/server/src/platform/imports';
import { readSheet } from '../apps/server/src/platform/xlsx';

const isChild = process.argv[2] === '--child';
const ROWS = Math.min(10_000, Number((isChild ? undefined : process.argv[2]) ?? process.env.BENCH_ROWS ?? 10_000));
const GOAL = { seconds: 5, ratio: 4, rssMb: 400 };

const peakRssMb = () => process.resourceUsage().maxRSS / 1024;

async function timed<T>(fn: () => Promise<T>): Promise<{ value: T; seconds: number }> {
  const t0 = performance.now();
  const value = await fn();
  return { value, seconds: (performance.now() - t0) / 1000 };
}

async function orderFile(rows: number, product: { id: string; variantId: string }): Promise<Buffer> {
  const headers = ORDER_IMPORT_COLUMNS.map((c) => c.header);
  const stamp = Date.now().toString(36).toUpperCase();
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Orders');
  sheet.addRow(headers);
  const states: [string, string, string][] = [
    ['CA', 'Los Angeles', '90001'],
    ['CA', 'San Francisco', '94105'],
    ['NY', 'New York', '10001'],
    ['TX', 'Dallas', '75201'],
  ];
  for (let i = 0; i < rows; i++) {
    const [state, city, zip] = states[i % states.length]!;
    const cells: Record<string, string | number | null> = {
      orderName: `BENCH-${stamp}-${i + 1}`,
      note: i % 3 === 0 ? 'Fragile' : null,
      width: 10 + (i % 10),
      height: 5 + (i % 5),
      length: 15 + (i % 20),
      weight: 200 + ((i * 37) % 1500),
      shippingMethodCode: i % 4 === 3 ? 'EXP' : 'STD',
      signatureService: i % 5 === 0 ? 'yes' : 'no',
      taxNumber: null,
      shippingName: 'Jane',
      shippingLastName: `Doe ${i}`,
      email: null,
      phone: null,
      countryCode: 'US',
      stateCode: state,
      city,
      zipCode: zip,
      address_1: `${100 + (i % 900)} Main St`,
      address_2: null,
      productId: product.id,
      variantId: product.variantId,
      quantity: 1 + (i % 3),
      labelTiktok: null,
    };
    sheet.addRow(headers.map((h) => cells[h] ?? null));
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function boot(rows: number) {
  const config = loadConfig({
    LOG_LEVEL: 'error',
    DATABASE_URL: process.env.DATABASE_URL,
    SEED_DEMO: 'true',
    SEED_DEMO_CATALOG: 'true',
    ORDER_IMPORT_MAX_ROWS: String(rows),
    WEB_DIST: '/nonexistent',
  });
  const database = await openDatabase({ databaseUrl: config.databaseUrl });
  // Manual jobs: the queues exist (the import emits order.created in its transaction), nothing polls
  // while the bench measures.
  const ctx = await createContext(config, { database, jobs: { mode: 'manual' } });
  const app = await buildApp(ctx);
  await ctx.jobs.start();
  await app.seed();
  return { config, ctx, app, db: database.db };
}

type ChildResult = { seconds: number; peakMb: number; beforeMb: number; bootMb?: number; validateSeconds?: number; created?: number; rows?: number };

/** In a child process: the bare parse of the file, or the import (validate-only, then for real). */
async function child(mode: 'parse' | 'import', file: string) {
  const upload = { fileName: 'bench-orders.xlsx', data: readFileSync(file) };
  // Both children load the same modules (this file's imports): the app's code is in both baselines.
  let result: ChildResult;
  const rssMb = () => process.memoryUsage.rss() / 2 ** 20;
  if (mode === 'parse') {
    const beforeMb = rssMb();
    const parse = await timed(() => readSheet(upload, orderTemplate(ROWS)));
    result = { seconds: parse.seconds, peakMb: peakRssMb(), beforeMb, rows: parse.value.length };
  } else {
    const { config, ctx, app, db } = await boot(ROWS);
    const bootMb = rssMb();
    const [seller] = await db.select().from(users).where(eq(users.email, config.seed.sellerEmail));
    const def = defineOrderImport({ db, snapshot: new SnapshotCache(db), calendar: workingDayCalendar('US') }, ROWS);
    const actor: ImportActor = { userId: seller!.id, accountId: seller!.accountId, roleKind: 'customer', permissions: new Set(['EX-ORDER-IMPORT']), timeZone: '+07:00' };
    const run = (onlyValidate: boolean) => ctx.imports.execute(def, crypto.randomUUID(), actor, upload, { onlyValidate, lang: 'en' });
    const check = await timed(() => run(true));
    const done = await timed(() => run(false));
    result = { seconds: done.seconds, validateSeconds: check.seconds, peakMb: peakRssMb(), beforeMb: bootMb, bootMb, created: (done.value as { created?: unknown[] }).created?.length ?? 0 };
    await app.close();
    await closeContext(ctx);
  }
  console.log(JSON.stringify(result));
}

function inChild(mode: 'parse' | 'import', file: string): ChildResult {
  const self = fileURLToPath(import.meta.url);
  const out = execFileSync(process.execPath, [...process.execArgv, self, '--child', mode, file], { encoding: 'utf8', env: { ...process.env, BENCH_ROWS: String(ROWS) }, stdio: ['ignore', 'pipe', 'inherit'] });
  return JSON.parse(out.trim().split('\n').at(-1)!) as ChildResult;
}

async function main() {
  if (!process.env.DATABASE_URL) {
    console.error('bench:order-import needs PostgreSQL: set DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/exship_bench_import) to a database it may add orders to.');
    process.exit(2);
  }
  if (isChild) return child(process.argv[3] as 'parse' | 'import', process.argv[4]!);

  const { config, ctx, app, db } = await boot(ROWS);
  const [seller] = await db.select().from(users).where(eq(users.email, config.seed.sellerEmail));
  if (!seller) throw new Error('the demo seller is missing');
  const [product] = await db
    .select({ id: products.id, variantId: productVariants.id })
    .from(products)
    .innerJoin(productVariants, eq(productVariants.productId, products.id))
    .where(and(eq(products.accountId, seller.accountId), eq(products.approvalStatus, 'accepted')))
    .limit(1);
  if (!product) throw new Error('the demo seller has no accepted product');
  await app.close();
  await closeContext(ctx);

  // The machine is shared: the load average says which runs compare (the ratio and the commit move with it).
  const load = () => os.loadavg().map((l) => l.toFixed(2)).join(' ');
  const loadBefore = load();
  const data = await orderFile(ROWS, product);
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'exship-bench-')), 'orders.xlsx');
  writeFileSync(file, data);
  console.log(`file: ${ROWS.toLocaleString('en')} rows, ${(data.length / 1024).toFixed(0)} KB`);

  const parse = inChild('parse', file);
  console.log(
    `bare streaming parse (readSheet): ${parse.seconds.toFixed(2)} s, ${parse.rows!.toLocaleString('en')} rows, peak RSS ${parse.peakMb.toFixed(0)} MB (${parse.beforeMb.toFixed(0)} MB before the parse: +${(parse.peakMb - parse.beforeMb).toFixed(0)} MB)`,
  );
  const done = inChild('import', file);
  const ratio = done.seconds / parse.seconds;
  console.log(`validate only: ${done.validateSeconds!.toFixed(2)} s (${(done.validateSeconds! / parse.seconds).toFixed(1)}× the parse)`);
  console.log(`import: ${done.seconds.toFixed(2)} s (${ratio.toFixed(1)}× the parse), ${done.created!.toLocaleString('en')} orders created`);
  console.log(
    `peak RSS of the import process: ${done.peakMb.toFixed(0)} MB (${done.bootMb!.toFixed(0)} MB after the server set-up, before the file: the validate-only run and the import added +${(done.peakMb - done.bootMb!).toFixed(0)} MB at most)`,
  );
  // The goal is on the honest peak of the import process, set-up included.
  const pass = done.seconds < GOAL.seconds && ratio <= GOAL.ratio && done.peakMb < GOAL.rssMb && done.created === ROWS;
  console.log(`load average (1, 5, 15 min): ${loadBefore} before, ${load()} after`);
  console.log(`goal < ${GOAL.seconds} s, ≤ ${GOAL.ratio}×, < ${GOAL.rssMb} MB: ${pass ? 'met' : 'NOT met'}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
