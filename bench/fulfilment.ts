// From payment to label with the real job workers, on PostgreSQL: a seller with labels bought "on
// payment" (labelPurchaseDelayHours = 0) bulk pays 1,000 orders over HTTP, then pays ONE more order
// right after. Printed: seconds until all 1,001 orders have a label, seconds from the single
// order's payment to its label, and the jobs completed per second over that window.
// Goals: all labels ≤ 60 s; the single order's label ≤ 5 s after its payment; ≥ 50 jobs/s.
//
// The app is started as main.ts starts it (default job options) and listens on loopback; the bench
// reads only the `orders` and `trackers` tables (and pg-boss's counts), so it does not depend on how
// the label workflow is written inside the shipping module.
//
// Usage: DATABASE_URL=postgres://… npm run bench:fulfilment [-- orders]
//   BENCH_CAP_SECONDS (default 600) caps the wait; at the cap the labels made so far are printed.
//   BENCH_IDLE_SECONDS (default 20): before the payments, the transactions per second the idle app
//   costs its database (pg_stat_database.xact_commit), which is mostly the workers' polling.
//   Each run makes a new seller, but jobs left queued by an earlier capped run would compete:
//   use a fresh database for figures that compare.
import os from 'node:os';
import { buildApp } from '../apps/server/src/app';
import { closeContext, createContext } from '../apps/server/src/context';
import { rebuildOrderStatusCounts } from '../apps/server/src/modules/orders';
import { creditWallet } from '../apps/server/src/modules/wallet';
import { loadConfig } from '../apps/server/src/platform/config';
import { openDatabase } from '../apps/server/src/platform/db';

const ORDERS = Number(process.argv[2] ?? process.env.BENCH_ORDERS ?? 1000);
const CAP_SECONDS = Number(process.env.BENCH_CAP_SECONDS ?? 600);
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 20);
const GOALS = { allSeconds: 60, singleSeconds: 5, jobsPerSecond: 50 };

async function main() {
  if (!process.env.DATABASE_URL) {
    console.error('bench:fulfilment needs PostgreSQL: set DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/exship_bench_fulfilment).');
    process.exit(2);
  }
  const config = loadConfig({ LOG_LEVEL: 'warn', DATABASE_URL: process.env.DATABASE_URL, SEED_DEMO: 'true', SEED_DEMO_CATALOG: 'true', WEB_DIST: '/nonexistent' });
  const database = await openDatabase({ databaseUrl: config.databaseUrl });
  const ctx = await createContext(config, { database });
  const app = await buildApp(ctx);
  await ctx.jobs.start();
  await app.seed();
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}/api/v1`;
  const exec = database.executeSql.bind(database);
  const call = async (method: 'GET' | 'POST' | 'PATCH', url: string, token: string | null, body?: unknown) => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: (await res.json()) as { data: Record<string, unknown> } };
  };

  // A new seller (the demo seller's role and password), labels on payment.
  const email = `bench.fulfil.${Date.now().toString(36)}@example.com`;
  const [u] = (
    await exec(
      `insert into users (id, account_id, email, password_hash, full_name, status, role_id, verified_at)
       select g, g, $1, password_hash, 'Bench Fulfilment', 'active', role_id, now() from users, gen_random_uuid() g where email = $2
       returning account_id`,
      [email, config.seed.sellerEmail],
    )
  ).rows as { account_id: string }[];
  const accountId = u!.account_id;
  const login = await call('POST', '/login', null, { email, password: config.seed.sellerPassword });
  if (login.status !== 200) throw new Error(`login: ${login.status} ${JSON.stringify(login.body)}`);
  const token = login.body.data.token as string;
  const setting = await call('PATCH', '/profile/update-setting', token, { labelPurchaseDelayHours: 0 });
  if (setting.status !== 200) throw new Error(`settings: ${setting.status} ${JSON.stringify(setting.body)}`);

  // One order through the API, copied ORDERS times in SQL (ORDERS for the bulk + the single one).
  const created = await call('POST', '/orders', token, {
    orderName: 'FUL-0',
    serviceCode: 'STD',
    lengthCm: 20,
    widthCm: 15,
    heightCm: 10,
    weightGr: 800,
    recipient: { firstName: 'Jane', address1: '100 Main St', city: 'Los Angeles', state: 'CA', country: 'US', zipcode: '90001' },
  });
  if (created.status !== 201) throw new Error(`create: ${created.status} ${JSON.stringify(created.body)}`);
  const singleId = created.body.data._id as string;
  const cols = ((await exec(`select column_name from information_schema.columns where table_name = 'orders' and column_name not in ('id', 'ex_order_id', 'order_name')`)).rows as { column_name: string }[]).map(
    (c) => `"${c.column_name}"`,
  );
  await exec(
    `insert into orders (ex_order_id, order_name, ${cols.join(', ')})
     select 'EX' || upper(substr(md5(random()::text || n), 1, 10)), 'FUL-' || n, ${cols.join(', ')}
     from orders, generate_series(1, ${ORDERS}) n where id = $1`,
    [singleId],
  );
  await rebuildOrderStatusCounts(database.db);
  const bulkIds = ((await exec(`select id from orders where account_id = $1 and id <> $2`, [accountId, singleId])).rows as { id: string }[]).map((r) => r.id);
  const totalCents = Number(((await exec(`select sum(total_cents)::bigint as s from orders where account_id = $1`, [accountId])).rows[0] as { s: string }).s);
  await database.db.transaction((tx) => creditWallet(tx, 'top_up', { accountId, amountCents: totalCents, actorId: null, gateway: 'bank', note: 'bench' }));

  // Let the seed's own jobs drain, so the window holds only this run's work.
  for (let i = 0; i < 60; i++) {
    const { rows } = await exec(`select count(*)::int as n from pgboss.job where state in ('created', 'retry', 'active') and start_after < now() and name not like '\\_\\_%'`);
    if ((rows[0] as { n: number }).n === 0) break;
    await new Promise((r) => setTimeout(r, 1000));
  }

  // Idle cost: the app's database sees only this process (and the bench's two reads) meanwhile.
  const commits = async () => Number(((await exec('select xact_commit from pg_stat_database where datname = current_database()')).rows[0] as { xact_commit: string }).xact_commit);
  const idle0 = await commits();
  await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000));
  // Counters reach pg_stat_database within a second of a transaction.
  await new Promise((r) => setTimeout(r, 1500));
  const idleCommits = (await commits()) - idle0 - 2;
  const idleRate = idleCommits / IDLE_SECONDS;

  const dbNow = async () => ((await exec('select clock_timestamp() as t')).rows[0] as { t: Date | string }).t;
  const windowStart = await dbNow();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const paid = await call('POST', '/orders/pay', token, { orderIds: bulkIds });
  if (paid.status !== 200 || paid.body.data.paid !== ORDERS) throw new Error(`bulk pay: ${paid.status} ${JSON.stringify(paid.body).slice(0, 500)}`);
  const bulkPaySeconds = (performance.now() - t0) / 1000;
  const tSingle = performance.now();
  const one = await call('POST', '/orders/pay', token, { orderIds: [singleId] });
  if (one.status !== 200 || one.body.data.paid !== 1) throw new Error(`single pay: ${one.status} ${JSON.stringify(one.body).slice(0, 500)}`);

  const labelled = async () =>
    (
      await exec(
        `select count(*)::int as n, count(*) filter (where o.id = $2)::int as single from orders o
          where o.account_id = $1 and (o.status = 'labeled' or exists (select 1 from trackers t where t.order_id = o.id))`,
        [accountId, singleId],
      )
    ).rows[0] as { n: number; single: number };
  let singleSeconds: number | null = null;
  let allSeconds: number | null = null;
  let last = { n: 0, single: 0 };
  let lastPrint = 0;
  while ((performance.now() - t0) / 1000 < CAP_SECONDS) {
    last = await labelled();
    const now = performance.now();
    if (singleSeconds === null && last.single === 1) singleSeconds = (now - tSingle) / 1000;
    if (last.n === ORDERS + 1) {
      allSeconds = (now - t0) / 1000;
      break;
    }
    if (now - lastPrint > 30_000) {
      console.log(`  ${((now - t0) / 1000).toFixed(0)} s: ${last.n} of ${ORDERS + 1} labelled${singleSeconds === null ? '' : `; the single order's after ${singleSeconds.toFixed(1)} s`}`);
      lastPrint = now;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const windowSeconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  const windowEnd = await dbNow();
  const completed = (
    await exec(
      `select (select count(*) from pgboss.job where state = 'completed' and completed_on between $1 and $2 and name not like '\\_\\_%')
            + (select count(*) from pgboss.archive where state = 'completed' and completed_on between $1 and $2 and name not like '\\_\\_%') as n`,
      [windowStart, windowEnd],
    )
  ).rows[0] as { n: string };
  const jobsPerSecond = Number(completed.n) / windowSeconds;
  const perQueue = (
    await exec(
      `select name, count(*)::int as n from pgboss.job where state = 'completed' and completed_on between $1 and $2 and name not like '\\_\\_%' group by name order by n desc`,
      [windowStart, windowEnd],
    )
  ).rows as { name: string; n: number }[];

  const fmt = (s: number | null) => (s === null ? `not within ${CAP_SECONDS} s` : `${s.toFixed(1)} s`);
  const ok = (s: number | null, goal: number) => (s !== null && s <= goal ? 'met' : 'NOT met');
  console.log(`\n${ORDERS} orders bulk paid over HTTP in ${bulkPaySeconds.toFixed(2)} s, then 1 order; database ${database.kind}; load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  console.log(`all ${ORDERS + 1} labels:              ${fmt(allSeconds)}${allSeconds === null ? ` (${last.n} labelled at the cap)` : ''}  goal ≤ ${GOALS.allSeconds} s: ${ok(allSeconds, GOALS.allSeconds)}`);
  console.log(`single order, payment → label: ${fmt(singleSeconds)}  goal ≤ ${GOALS.singleSeconds} s: ${ok(singleSeconds, GOALS.singleSeconds)}`);
  console.log(
    `jobs completed:                 ${completed.n} in ${windowSeconds.toFixed(1)} s = ${jobsPerSecond.toFixed(1)} jobs/s  goal ≥ ${GOALS.jobsPerSecond}: ${jobsPerSecond >= GOALS.jobsPerSecond ? 'met' : 'NOT met'}`,
  );
  console.log(`CPU of this process:            ${cpuSeconds.toFixed(1)} s in the window (${((cpuSeconds * 1000) / Number(completed.n)).toFixed(1)} ms per job; the database's CPU not counted)`);
  console.log(`idle app: ${idleRate.toFixed(1)} database transactions/s over ${IDLE_SECONDS} s before the payments`);
  console.log(`by queue: ${perQueue.map((q) => `${q.name} ${q.n}`).join(', ')}`);
  await app.close();
  await closeContext(ctx);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
