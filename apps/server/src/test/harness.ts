import fs from 'node:fs';
import { inject } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import pg from 'pg';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '../app';
import { closeContext, createContext, type AppContext } from '../context';
import { loadConfig } from '../platform/config';
import { openDatabase, type Database } from '../platform/db';
import { mailOutbox } from '../platform/platform.tables';
import { hashPassword } from '../platform/passwords';
import { createUser, forgetRoles } from '../modules/users';
import { DEFAULT_SELLER_ROLE } from '@exship/contracts';

/**
 * One app per test file on real SQL: an in-memory PGlite, or, when TEST_DATABASE_URL is set,
 * a fresh PostgreSQL database created for the file and dropped after it.
 */
export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  db: Database['db'];
  close(): Promise<void>;
  /** inject() that parses the JSON reply. */
  call(opts: InjectOptions & { token?: string }): Promise<{ status: number; body: any; headers: Record<string, unknown> }>;
  login(email: string, password: string, ip?: string): Promise<string>;
  /**
   * Runs the due jobs of one queue (or of every queue) now, through the same handlers the workers
   * use, and returns how many ran and failed. Only with `jobs: 'manual'` (the default).
   * `includeDelayed` makes delayed jobs and pending retries due first.
   */
  runJobs(name?: string, opts?: { includeDelayed?: boolean }): Promise<{ ran: number; failed: number }>;
}

export const ADMIN = { email: 'admin@exship.local', password: 'Admin#Passw0rd!' };
export const SELLER = { email: 'seller@exship.local', password: 'Seller#Passw0rd!' };

/** The configuration of a test app: quiet, seeded with the demo accounts, no demo catalog. */
const testConfig = (env: Record<string, string> = {}) =>
  loadConfig({
    LOG_LEVEL: 'silent',
    APP_URL: 'http://localhost:3000',
    SEED_DEMO: 'true',
    // Tests build their own network; the demo one is tested on its own (seed.demo.test.ts).
    SEED_DEMO_CATALOG: 'false',
    WEB_DIST: '/nonexistent-web-dist',
    ...env,
  });

/**
 * PGlite data dirs copied for each file: initialising a cluster and creating the job engine's queue
 * tables cost seconds, loading a copy a fraction of that. Every file still gets its own database.
 * - `migrated`: a fresh data dir after openDatabase (the migrations applied), built once for the run
 *   by global-setup.ts (or here, once per worker, when the harness runs without it).
 * - `started`: plus the job engine of the default test app started once per worker (its queues and
 *   schedules), as after a restart; apps with their own `beforeStart` registrations start from
 *   `migrated`.
 */
const templates: { migrated?: Promise<Blob>; started?: Promise<Blob> } = {};
const dumpOf = async (database: Database) => database.dumpDataDir!();

function pgliteTemplate(kind: 'migrated' | 'started'): Promise<Blob> {
  if (kind === 'migrated') {
    return (templates.migrated ??= (async () => {
      const built = inject('pgliteMigratedDataDir');
      if (built) return new Blob([fs.readFileSync(built)]);
      const database = await openDatabase({ dataDir: 'memory://' });
      try {
        return await dumpOf(database);
      } finally {
        await database.close();
      }
    })());
  }
  return (templates.started ??= (async () => {
    const database = await openDatabase({ dataDir: 'memory://', loadDataDir: await pgliteTemplate('migrated') });
    const ctx = await createContext(testConfig(), { database, jobs: { mode: 'manual' } });
    const app = await buildApp(ctx);
    try {
      await ctx.jobs.start();
      return await dumpOf(database);
    } finally {
      await app.close();
      await closeContext(ctx);
    }
  })());
}

async function openTestDatabase(template: 'migrated' | 'started'): Promise<{ database: Database; drop: () => Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) {
    const database = await openDatabase({ dataDir: 'memory://', loadDataDir: await pgliteTemplate(template) });
    return { database, drop: async () => {} };
  }
  const url = new URL(base);
  const name = `exship_t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  return {
    database,
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      try {
        // Let the file's pools finish closing first; force only as a last resort.
        for (let attempt = 0; ; attempt++) {
          try {
            await c.query(`drop database if exists ${name}`);
            break;
          } catch (err) {
            if (attempt >= 20) {
              await c.query(`drop database if exists ${name} with (force)`);
              break;
            }
            void err;
            await new Promise((r) => setTimeout(r, 250));
          }
        }
      } finally {
        await c.end();
      }
    },
  };
}

export async function startTestApp(
  opts: {
    env?: Record<string, string>;
    beforeStart?: (ctx: AppContext) => void | Promise<void>;
    /**
     * `manual` (default): no workers poll and no cron fires; the test runs jobs with t.runJobs().
     * `workers`: the real engine, polling every 0.5 s, cron checked every second.
     */
    jobs?: 'manual' | 'workers';
    /**
     * PostgreSQL only: a second app (another server process) on the database of `app`, which keeps
     * owning it (this one's close leaves it in place).
     */
    shareDatabaseOf?: TestApp;
  } = {},
): Promise<TestApp> {
  // Test files share a worker process (vitest `isolate: false`): start each app with empty caches.
  forgetRoles();
  const config = testConfig(opts.env);
  const shared = opts.shareDatabaseOf?.ctx.database.connectionString;
  if (opts.shareDatabaseOf && !shared) throw new Error('shareDatabaseOf needs an app on PostgreSQL (TEST_DATABASE_URL)');
  const { database, drop } = shared ? { database: await openDatabase({ databaseUrl: shared }), drop: async () => {} } : await openTestDatabase(opts.beforeStart ? 'migrated' : 'started');
  const jobs = opts.jobs === 'workers' ? { mode: 'workers' as const, pollingIntervalSeconds: 0.5, cronIntervalSeconds: 1 } : { mode: 'manual' as const };
  const ctx = await createContext(config, { database, jobs });
  const app = await buildApp(ctx);
  await opts.beforeStart?.(ctx);
  // Jobs before the seed, as in main.ts: seeding emits events into pg-boss's tables.
  await ctx.jobs.start();
  await app.seed();
  await app.ready();

  const call: TestApp['call'] = async ({ token, headers, ...rest }) => {
    const res = await app.inject({ ...rest, headers: { ...(headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) } });
    let body: unknown = res.body;
    try {
      body = res.json();
    } catch {
      /* not JSON */
    }
    return { status: res.statusCode, body, headers: res.headers as Record<string, unknown> };
  };

  return {
    app,
    ctx,
    db: database.db,
    call,
    async login(email, password, ip = '127.0.0.1') {
      const res = await call({ method: 'POST', url: '/api/v1/login', payload: { email, password }, remoteAddress: ip });
      if (res.status !== 200) throw new Error(`login ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.data.token as string;
    },
    runJobs: (name, runOpts) => ctx.jobs.runDue(name, runOpts),
    async close() {
      await app.close();
      await closeContext(ctx);
      await drop();
    },
  };
}

/** Poll until `check` returns a value, or fail after `ms`. No fixed sleeps in tests. */
export async function eventually<T>(check: () => Promise<T | undefined | null | false>, ms = 15_000, every = 100): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${ms} ms`);
    await new Promise((r) => setTimeout(r, every));
  }
}


/** The newest mail kept for an address, and the first app link in it. */
export async function lastMailTo(db: Database['db'], to: string) {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to)).orderBy(desc(mailOutbox.createdAt)).limit(1);
  if (!row) return undefined;
  const link = /http:\/\/localhost:3000(\/app\/\S+)/.exec(row.text)?.[1];
  return { ...row, link };
}

/** Another active seller account (the tenant-isolation counterpart of the demo seller), signed in. */
export async function createSeller(t: TestApp, email: string, password = 'Other#Passw0rd!'): Promise<{ id: string; token: string }> {
  const user = await createUser(t.db, { email, passwordHash: await hashPassword(password), fullName: 'Other Seller', roleCode: DEFAULT_SELLER_ROLE, status: 'active' });
  return { id: user.accountId, token: await t.login(email, password) };
}

/** A valid order body (800 g, 20×15×10 cm, STD to Los Angeles 90001, $9.75 with the demo catalog); `over` replaces fields. */
export const orderBody = (orderName: string, over: Record<string, unknown> = {}) => ({
  orderName,
  serviceCode: 'STD',
  lengthCm: 20,
  widthCm: 15,
  heightCm: 10,
  weightGr: 800,
  recipient: { firstName: 'Jane', lastName: 'Buyer', phone: '+13105550199', address1: '100 Main St', city: 'Los Angeles', state: 'CA', country: 'US', zipcode: '90001' },
  ...over,
});
