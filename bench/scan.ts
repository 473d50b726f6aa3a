// Check-in scans over HTTP at 1,000,000 orders on PostgreSQL (goal: p99 < 50 ms per scan and at
// least 200 scans/s on one process). 1,000,000 labeled, paid orders over 1,000 sellers, each with a
// tracker holding its tracking number, are seeded in one insert … select from generate_series; then
// 10,000 distinct parcels are scanned at the check-in (POST /floor/check-ins with their measures, 5 %
// of them beyond the tolerance: the error-dimension path prices them and tells their seller) over
// kept-alive connections: half by stations scanning back to back (capacity: scans per second), half
// sent at the goal's rate (latency per scan from when it was due: p50, p95, p99, max).
//
// What runs where: this process seeds the database, then runs the server (Fastify on a local port)
// and its job workers, and nothing else while the scans are measured. The scanners' HTTP client
// (node:http over kept-alive connections) runs in a child process (bench/scan-client.ts, forked with
// tsx and an IPC channel), as barcode scanners are devices of their own: in the server's process its
// work would compete with the server on the server's one event loop. This process sends the child
// the API's URL, the bearer token and the codes of each phase (warm-up, capacity, latency) over IPC
// and gets back each scan's time and the child's CPU; any answer but 200 fails the bench, and the
// child ends with this process. The SQL statements of two scans are counted in this process (a hook
// on pg.Client.prototype.query, keyed on the server's request, so it counts whoever sends). CPU per
// scan is printed for the server's process, PostgreSQL and the scanners' process; the ceiling from
// them takes all three on the cores (the scanners share this machine).
//
// Usage: DATABASE_URL=postgres://… npm run bench:scan [-- orders scans]
//   e.g. `npm run bench:scan -- 100000 1000` for a quick run on a smaller table.
//   BENCH_CONCURRENCY (default 16) stations of the capacity half; BENCH_RATE (default 200, the goal)
//   scans per second sent in the latency half.
//   BENCH_RESEED=1 empties the orders and seeds them again (otherwise a seeded database is reused; the
//   scans then take parcels not checked in yet).
//   BENCH_SHOW_SQL=1 prints each statement the counted scans run (the count is always printed).
import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import { fork } from 'node:child_process';
import os from 'node:os';
import { constants, PerformanceObserver } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { closeContext, createContext } from '../apps/server/src/context';
import { rebuildOrderStatusCounts } from '../apps/server/src/modules/orders';
import { DEFAULT_ADMIN_PASSWORD, loadConfig } from '../apps/server/src/platform/config';
import { openDatabase } from '../apps/server/src/platform/db';
import { scanOnce, type ClientPhase, type ClientResult } from './scan-client';

const ORDERS = Number(process.argv[2] ?? process.env.BENCH_ORDERS ?? 1_000_000);
const SCANS = Number(process.argv[3] ?? process.env.BENCH_SCANS ?? 10_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const RATE = Number(process.env.BENCH_RATE ?? 200);
const SELLERS = 1_000;
const BEYOND_SHARE = 0.05;
const GOALS = { p99Ms: 50, scansPerSecond: 200 };

type Exec = (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

/**
 * 999 sellers beside the demo seller, then ORDERS labeled orders (STD or EXP of the demo catalog,
 * 800 g, 20 × 15 × 10 cm, labeled within the last 10 days) in one insert, and their trackers with the
 * tracking number 1ZBENCH + n. The list's stored counts per status are then rebuilt from the rows.
 */
async function seed(exec: Exec, sellerEmail: string) {
  await exec(
    `insert into users (id, account_id, email, password_hash, full_name, status, role_id, verified_at)
     select g.u, g.u, 'bench.scan.' || lpad(g.i::text, 4, '0') || '@example.com', s.password_hash, 'Bench Seller ' || g.i, 'active', s.role_id, now()
     from (select gen_random_uuid() as u, i from generate_series(1, ${SELLERS - 1}) i) g,
          (select password_hash, role_id from users where email = $1) s
     on conflict (email) do nothing`,
    [sellerEmail],
  );
  const ids = (
    await exec(
      `select account_id as id from users where email = $1 union all (select account_id from users where email like 'bench.scan.%' order by email)`,
      [sellerEmail],
    )
  ).rows.map((r) => r.id as string);
  const services = (await exec(`select s.id, s.code, s.name, c.id as carrier_id, c.code as carrier_code from services s join carriers c on c.id = s.carrier_id where s.code in ('STD', 'EXP') order by s.code desc`)).rows;
  if (services.length !== 2) throw new Error('the demo catalog (STD, EXP) is missing: the bench seeds it with SEED_DEMO_CATALOG=true on an empty database');
  const col = (k: string) => services.map((s) => String(s[k]));
  const t0 = performance.now();
  await exec(
    `insert into orders (ex_order_id, account_id, created_by, order_name, status, payment_status,
       length_cm, width_cm, height_cm, weight_gr, chargeable_weight_gr, quantity, first_name, last_name, address1, city, state,
       country, zipcode, service_id, service_code, service_name, carrier_id, carrier_code, warehouse_code,
       shipping_fee_cents, tax_fee_cents, total_cents, cost_cents, paid_at, labeled_at, created_at, updated_at)
     select 'EX' || lpad(upper(to_hex((n * 2654435761::bigint) % 1099511627776)), 10, '0'),
       account, account, 'SCAN-' || n, 'labeled', 'paid',
       20, 15, 10, 800, 800, 1, 'Jane', 'Doe', (100 + n % 900) || ' Main St', 'Los Angeles', 'CA', 'US', '90001',
       ($2::uuid[])[svc], ($3::text[])[svc], ($4::text[])[svc], ($5::uuid[])[svc], ($6::text[])[svc], 'LAX1',
       890, 0, 890, 600, labeled - interval '1 hour', labeled, labeled - interval '2 hours', labeled
     from (
       select n, ($1::uuid[])[1 + floor(power(random(), 2) * ${ids.length})::int] as account,
         case when random() < 0.7 then 1 else 2 end as svc,
         now() - interval '10 days' * random() as labeled
       from generate_series(1, ${ORDERS}) n
     ) g`,
    [ids, col('id'), col('code'), col('name'), col('carrier_id'), col('carrier_code')],
  );
  await exec(
    `insert into trackers (order_id, account_id, ex_order_id, order_name, carrier_id, carrier_code, carrier_name, service_name,
       tracking_number, label_key, label_data, public_code, dest_city, dest_state, dest_country, labeled_at, next_poll_at, active)
     select id, account_id, ex_order_id, order_name, carrier_id, carrier_code, carrier_code, service_name,
       '1ZBENCH' || lpad(substr(order_name, 6), 11, '0'), 'labels/bench/' || id || '.pdf', '{}'::jsonb, md5(id::text), city, state, country,
       labeled_at, labeled_at, false
     from orders where order_name like 'SCAN-%'`,
  );
  const insertSeconds = (performance.now() - t0) / 1000;
  await exec('vacuum analyze orders');
  await exec('vacuum analyze trackers');
  // The seed's 2,000,000 rows written out now, not by a checkpoint falling in the middle of the scans
  // (a superuser's or pg_checkpoint's right: without it the scans may meet that checkpoint).
  await exec('checkpoint').catch((err: unknown) => console.warn(`checkpoint after the seed skipped: ${err instanceof Error ? err.message : String(err)}`));
  return insertSeconds;
}

/**
 * CPU time (ms) the database's server processes for this database have used so far, read from
 * /proc (the server on this host); null when it cannot be read. On a shared machine the scans' wall
 * times say more about the neighbours than about the code; CPU per scan does not.
 */
async function databaseCpuMs(exec: Exec): Promise<Map<number, number> | null> {
  const pids = (await exec(`select pid from pg_stat_activity where datname = current_database()`)).rows.map((r) => Number(r.pid));
  const out = new Map<number, number>();
  try {
    for (const pid of pids) {
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      // utime and stime, fields 14 and 15 of stat (11 and 12 after the command), in clock ticks (100 Hz).
      out.set(pid, (Number(fields[11]) + Number(fields[12])) * 10);
    }
  } catch {
    return null;
  }
  return out;
}

/**
 * Every statement a PostgreSQL client of this process (but the job engine's) sends (BEGIN and COMMIT too) while serving a
 * counted request (`counted` holds its list; the background jobs are not counted): what one HTTP scan
 * costs in round trips to the database.
 */
const counted = new AsyncLocalStorage<string[]>();
let counting: string[] | null = null;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const list = counted.getStore();
  // The job engine's own connections (a worker fetching the job a scan queued) are not the scan's.
  if (list && (this as unknown as { connectionParameters?: { application_name?: string } }).connectionParameters?.application_name !== 'pgboss') {
    const first = args[0] as string | { text?: string; name?: string };
    list.push((typeof first === 'string' ? first : `${first.name ? `[${first.name}] ` : ''}${first.text ?? ''}`).replace(/\s+/g, ' ').trim());
  }
  return (query as (...a: unknown[]) => unknown).apply(this, args);
} as typeof pg.Client.prototype.query;

/**
 * The scanners, in a child process (bench/scan-client.ts): one phase at a time, its scans' times and
 * the client's CPU back. The child ends with this process (killed when it exits; its IPC channel
 * closing ends it too, should this process be killed outright).
 */
function scanners() {
  const child = fork(fileURLToPath(new URL('./scan-client.ts', import.meta.url)), [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const kill = () => child.kill();
  process.once('exit', kill);
  return {
    run: (phase: ClientPhase) =>
      new Promise<{ times: number[]; seconds: number; cpuMs: number }>((resolve, reject) => {
        const onMessage = (r: ClientResult) => {
          child.off('exit', onExit);
          if (r.ok) resolve(r);
          else reject(new Error(r.error));
        };
        const onExit = (code: number | null, signal: string | null) => {
          child.off('message', onMessage);
          reject(new Error(`the scanners' process ended (${signal ?? code})`));
        };
        child.once('message', onMessage);
        child.once('exit', onExit);
        child.send(phase);
      }),
    close: () => {
      process.off('exit', kill);
      child.disconnect();
    },
  };
}

const percentile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;

async function main() {
  if (!process.env.DATABASE_URL) {
    console.error('bench:scan needs PostgreSQL: set DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/exship_bench_scan) to a database it may fill with orders.');
    process.exit(2);
  }
  const config = loadConfig({ LOG_LEVEL: 'warn', DATABASE_URL: process.env.DATABASE_URL, SEED_DEMO: 'true', SEED_DEMO_CATALOG: 'true', WEB_DIST: '/nonexistent' });
  const database = await openDatabase({ databaseUrl: config.databaseUrl });
  // BENCH_WORKERS=0: the scans alone, no job worker in this process (to tell the scan's own cost from
  // the work its events cause; the goal's figures are with the workers).
  const ctx = await createContext(config, { database, ...(process.env.BENCH_WORKERS === '0' ? { jobs: { mode: 'manual' as const } } : {}) });
  const app = await buildApp(ctx);
  await ctx.jobs.start();
  await app.seed();
  const exec: Exec = database.executeSql.bind(database);

  if (process.env.BENCH_RESEED === '1') await exec(`truncate orders cascade`);
  const present = Number((await exec(`select count(*)::int as n from orders where order_name like 'SCAN-%'`)).rows[0]!.n);
  if (present >= ORDERS) console.log(`reusing ${present.toLocaleString('en')} orders already in the database (BENCH_RESEED=1 seeds again)`);
  else {
    if (present > 0) throw new Error(`the database holds ${present} bench orders, fewer than ${ORDERS}; use an empty database or BENCH_RESEED=1`);
    const seconds = await seed(exec, config.seed.sellerEmail);
    const t1 = performance.now();
    await rebuildOrderStatusCounts(database.db);
    console.log(`seeded ${ORDERS.toLocaleString('en')} labeled orders with trackers over ${SELLERS} sellers: insert ${seconds.toFixed(1)} s, status counts ${((performance.now() - t1) / 1000).toFixed(1)} s`);
  }
  // The parcels to scan: distinct, not received yet.
  const codes = (await exec(`select t.tracking_number as code from trackers t join orders o on o.id = t.order_id where o.check_in_status is null and o.status = 'labeled' and o.order_name like 'SCAN-%' order by random() limit $1`, [SCANS])).rows.map((r) => String(r.code));
  if (codes.length < SCANS) throw new Error(`only ${codes.length} parcels are left to check in; BENCH_RESEED=1 seeds again`);
  // The seeded admin checks in (SPEC §6 allow-check-in), as on a fresh install.
  await exec(`update users set allow_checkin = true where email = $1`, [config.seed.adminEmail]);

  // A scan request while counting runs in its own context: its statements go to the list.
  app.addHook('onRequest', (req, _reply, done) => (counting && req.url.endsWith('/floor/check-ins') ? counted.run(counting, done) : done()));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}/api/v1`;
  const login = await fetch(`${base}/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: config.seed.adminEmail, password: config.seed.adminPassword ?? DEFAULT_ADMIN_PASSWORD }) });
  if (login.status !== 200) throw new Error(`login: ${login.status} ${await login.text()}`);
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${((await login.json()) as { data: { token: string } }).data.token}` };

  const scan = (code: string, beyond: boolean) => scanOnce(base, headers, code, beyond);
  const client = scanners();
  const beyondEvery = Math.round(1 / BEYOND_SHARE);
  const phase = { base, headers, beyondEvery, sockets: CONCURRENCY };

  // Warm-up: a few scans one at a time from the scanners' process (its connection, the server's
  // prepared caches), not measured.
  const warm = Math.min(50, Math.floor(codes.length / 10));
  await client.run({ ...phase, kind: 'capacity', codes: codes.splice(0, warm), concurrency: 1, beyondEvery: 0 });

  // The statements of one scan within the tolerance and one beyond it (after the warm-up: caches filled).
  const statements: Record<string, number> = {};
  for (const [kind, beyond] of [['within the tolerance', false], ['beyond the tolerance', true]] as const) {
    counting = [];
    await scan(codes.shift()!, beyond);
    const seen: string[] = counting;
    counting = null;
    statements[kind] = seen.length;
    if (process.env.BENCH_SHOW_SQL === '1') console.log(`\n-- one check-in scan ${kind}: ${seen.length} statements\n${seen.map((t, i) => `${String(i + 1).padStart(2)}. ${t.slice(0, 300)}`).join('\n')}`);
  }

  // Two halves. Capacity: CONCURRENCY stations scan back to back (each sends on the last answer),
  // as fast as the server goes: scans per second. Latency: scans sent at the goal's RATE per second,
  // each at its own time whatever the earlier ones' fate (an open loop), its latency counted from
  // when it was due, so time queued behind a slow server counts (no coordinated omission). A server
  // slower than RATE falls behind and its latencies grow without bound.
  const paced = codes.splice(Math.floor(codes.length / 2));
  const dbBefore = await databaseCpuMs(exec);
  const cpuBefore = process.cpuUsage();
  const capacity = await client.run({ ...phase, kind: 'capacity', codes, concurrency: CONCURRENCY });
  const cpu = process.cpuUsage(cpuBefore);
  const dbAfter = await databaseCpuMs(exec);
  const { times, seconds: wallSeconds } = capacity;
  const nodeMs = (cpu.user + cpu.system) / 1000 / times.length;
  const clientMs = capacity.cpuMs / times.length;
  const dbMs = dbBefore && dbAfter ? [...dbAfter].reduce((sum, [pid, ms]) => sum + ms - (dbBefore.get(pid) ?? 0), 0) / times.length : null;
  const perSecond = times.length / wallSeconds;
  // The server's garbage collections while the paced scans run: a full (mark-compact) one is what the slowest scans wait for.
  const pauses: { kind: number; ms: number }[] = [];
  const gcWatch = new PerformanceObserver((list) => list.getEntries().forEach((e) => pauses.push({ kind: (e as unknown as { detail?: { kind?: number } }).detail?.kind ?? 0, ms: e.duration })));
  gcWatch.observe({ entryTypes: ['gc'] });
  const { times: dueTimes, seconds: pacedSeconds } = await client.run({ ...phase, kind: 'paced', codes: paced, rate: RATE });
  gcWatch.disconnect();
  client.close();
  times.sort((a, b) => a - b);
  dueTimes.sort((a, b) => a - b);
  const p99 = percentile(dueTimes, 0.99);
  const outcomes = (await exec(`select check_in_status as s, count(*)::int as n from orders where order_name like 'SCAN-%' and check_in_status is not null group by 1 order by 1`)).rows;
  console.log(`\n${(times.length + paced.length).toLocaleString('en')} check-in scans over HTTP (${(BEYOND_SHARE * 100).toFixed(0)} % beyond the tolerance) against ${ORDERS.toLocaleString('en')} orders, database ${database.kind}`);
  console.log(`SQL statements per scan (BEGIN and COMMIT included): ${Object.entries(statements).map(([k, n]) => `${n} ${k}`).join(', ')}`);
  console.log(`capacity: ${perSecond.toFixed(0)} scans/s over ${wallSeconds.toFixed(1)} s (${times.length.toLocaleString('en')} scans, ${CONCURRENCY} stations back to back; latency p50 ${percentile(times, 0.5).toFixed(1)}, p99 ${percentile(times, 0.99).toFixed(1)} ms)`);
  console.log(`at ${RATE} scans/s (${paced.length.toLocaleString('en')} scans in ${pacedSeconds.toFixed(1)} s), latency from when each was due (ms): p50 ${percentile(dueTimes, 0.5).toFixed(1)}, p95 ${percentile(dueTimes, 0.95).toFixed(1)}, p99 ${p99.toFixed(1)}, max ${dueTimes.at(-1)!.toFixed(1)}`);
  const full = pauses.filter((p) => p.kind === constants.NODE_PERFORMANCE_GC_MAJOR);
  const young = pauses.filter((p) => p.kind === constants.NODE_PERFORMANCE_GC_MINOR);
  const sum = (xs: { ms: number }[]) => xs.reduce((a, p) => a + p.ms, 0);
  console.log(
    `server's garbage collections meanwhile: ${young.length} young (${sum(young).toFixed(0)} ms in all), ${full.length} full (${sum(full).toFixed(0)} ms in all, longest ${Math.max(0, ...full.map((p) => p.ms)).toFixed(1)} ms)`,
  );
  console.log(
    `CPU per scan: server process ${nodeMs.toFixed(2)} ms${dbMs === null ? '' : `, PostgreSQL ${dbMs.toFixed(2)} ms`}, scanners' process ${clientMs.toFixed(2)} ms (load average over the run ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores)`,
  );
  if (dbMs !== null) {
    // What the same code would sustain on these cores alone: the server is one thread; it, the database and the scanners share the cores.
    const ceiling = Math.min(1000 / nodeMs, (os.cpus().length * 1000) / (nodeMs + dbMs + clientMs));
    console.log(`scans/s these ${os.cpus().length} cores could sustain without neighbours (from CPU per scan): about ${ceiling.toFixed(0)}`);
  }
  console.log(`check-in statuses of the bench orders now: ${outcomes.map((r) => `${String(r.s)} ${Number(r.n).toLocaleString('en')}`).join(', ')}`);
  console.log(`goal p99 < ${GOALS.p99Ms} ms: ${p99 < GOALS.p99Ms ? 'met' : 'MISSED'}; goal ≥ ${GOALS.scansPerSecond} scans/s: ${perSecond >= GOALS.scansPerSecond ? 'met' : 'MISSED'}`);

  await app.close();
  await closeContext(ctx);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
