// GET /api/v1/orders latency at 1,000,000 orders over 1,000 sellers on PostgreSQL (issue goal: p95 <
// 50 ms for the seller and the staff list), each figure also as a ratio to a bare Fastify GET measured
// the same way in the same run. Requests are sent one at a time over a kept-alive connection after a
// warm-up, so the figures are latencies, not throughput.
//
// Usage: DATABASE_URL=postgres://… npm run bench:order-list [-- requests]
//   BENCH_REQUESTS (default 300) measured requests per list, after BENCH_WARMUP (default 50)
//   BENCH_RESEED=1 empties the orders table and seeds it again (otherwise a seeded database is reused)
import Fastify from 'fastify';
import { buildApp } from '../apps/server/src/app';
import { closeContext, createContext } from '../apps/server/src/context';
import { rebuildOrderStatusCounts } from '../apps/server/src/modules/orders';
import { DEFAULT_ADMIN_PASSWORD, loadConfig } from '../apps/server/src/platform/config';
import { openDatabase } from '../apps/server/src/platform/db';

const ORDERS = 1_000_000;
const SELLERS = 1_000;
const requests = Number(process.argv[2] ?? process.env.BENCH_REQUESTS ?? 300);
const warmup = Number(process.env.BENCH_WARMUP ?? 50);
const GOAL_P95_MS = 50;

/** The bench's order names and exOrderIds are functions of n, so the requests can name real orders. */
const exOrderIdOf = (n: number) => `EX${((BigInt(n) * 2654435761n) % 1099511627776n).toString(16).toUpperCase().padStart(10, '0')}`;
const trackingOf = (n: number) => `9400${String(n).padStart(18, '0')}`;

// Status weights (cumulative): mostly delivered, shipped and labeled; some unpaid, on hold, cancelled.
const STATUS_WEIGHTS: [string, number][] = [
  ['delivered', 0.42],
  ['shipped', 0.18],
  ['labeled', 0.14],
  ['completed', 0.06],
  ['unpaid', 0.06],
  ['paid', 0.02],
  ['waiting-label', 0.01],
  ['on-hold', 0.03],
  ['canceled', 0.05],
  ['error-dimension', 0.01],
  ['label error', 0.005],
  ['not-verified', 0.005],
  ['waiting-cancel', 0.005],
  ['on-hold-ship', 0.005],
];

function statusCase(): string {
  let acc = 0;
  const arms = STATUS_WEIGHTS.slice(0, -1).map(([status, w]) => {
    acc += w;
    return `when r < ${acc.toFixed(3)} then '${status}'`;
  });
  return `case ${arms.join(' ')} else '${STATUS_WEIGHTS.at(-1)![0]}' end`;
}

/**
 * 999 more sellers beside the demo seller, then 1,000,000 orders in ONE insert … select from
 * generate_series. Seller k (0-based) is picked with probability ∝ the gap between √(k/1000) and
 * √((k+1)/1000): the demo seller (k = 0) has ~3 % of all orders (~31,600), the median seller ~700.
 * created_at runs over the last 365 days with n (order SO-<n> is older than SO-<n+1>, plus minutes of
 * jitter); statuses are drawn by STATUS_WEIGHTS; labeled and later orders get a tracker (shipping's)
 * holding their tracking number.
 * The list's stored counts per status are then rebuilt from the rows.
 */
async function seed(exec: (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>, rebuild: () => Promise<void>, sellerEmail: string) {
  await exec(
    `insert into users (id, account_id, email, password_hash, full_name, status, role_id, verified_at)
     select g.u, g.u, 'bench.seller.' || lpad(g.i::text, 4, '0') || '@example.com', s.password_hash, 'Bench Seller ' || g.i, 'active', s.role_id, now()
     from (select gen_random_uuid() as u, i from generate_series(1, ${SELLERS - 1}) i) g,
          (select password_hash, role_id from users where email = $1) s
     on conflict (email) do nothing`,
    [sellerEmail],
  );
  const ids = (
    await exec(
      `select account_id as id, 0 as k, '' as email from users where email = $1
       union all (select id, 1, email from users where email like 'bench.seller.%' order by email)
       order by k, email`,
      [sellerEmail],
    )
  ).rows.map((r) => r.id as string);
  if (ids.length !== SELLERS) throw new Error(`expected ${SELLERS} sellers, found ${ids.length}`);
  const t0 = performance.now();
  await exec(
    `insert into orders (ex_order_id, account_id, created_by, order_name, status, pre_status, payment_status,
       length_cm, width_cm, height_cm, weight_gr, chargeable_weight_gr, quantity, first_name, last_name, address1, city, state,
       country, zipcode, service_id, service_code, service_name, carrier_id, carrier_code, warehouse_code,
       shipping_fee_cents, tax_fee_cents, total_cents, cost_cents, paid_at, labeled_at, shipped_at, canceled_at,
       created_at, updated_at)
     select 'EX' || lpad(upper(to_hex((n * 2654435761::bigint) % 1099511627776)), 10, '0'),
       account, account, 'SO-' || n, status,
       case when status = 'on-hold' then 'labeled' end,
       case when status = 'unpaid' then 'unpaid' when status = 'canceled' then 'refund' else 'paid' end,
       20, 15, 10, weight, weight, 1 + (n % 3),
       (array['Jane','John','Mai','Linh','Carlos','Ana','Wei','Olga'])[1 + n % 8], 'Doe', (100 + n % 900) || ' Main St',
       'Los Angeles', 'CA', 'US', '90001',
       ('00000000-0000-4000-8000-00000000000' || svc)::uuid, (array['STD','EXP','ECO'])[svc], (array['Standard','Express','Economy'])[svc],
       ('00000000-0000-4000-9000-00000000000' || svc)::uuid, (array['USPS','UPS','FEDEX'])[svc], 'LAX1',
       fee, fee * 85 / 1000, fee + fee * 85 / 1000, fee * 7 / 10,
       case when status <> 'unpaid' then created + interval '1 hour' end,
       case when status in ('labeled','shipped','delivered','completed','on-hold-ship','waiting-cancel','on-hold') then created + interval '2 hours' end,
       case when status in ('shipped','delivered','completed') then created + interval '2 days' end,
       case when status = 'canceled' then created + interval '1 day' end,
       created, created
     from (
       select n, r, weight, fee, svc, created,
         ($1::uuid[])[1 + floor(power(pick, 2) * ${SELLERS})::int] as account,
         ${statusCase()} as status
       from (
         select n, random() as r, random() as pick, (100 + floor(random() * 4900))::numeric as weight,
           500 + floor(random() * 2500)::bigint as fee,
           case when random() < 0.6 then 1 when random() < 0.75 then 2 else 3 end as svc,
           now() - interval '365 days' * (1 - n::float8 / ${ORDERS}) - interval '1 minute' * floor(random() * 30) as created
         from generate_series(1, ${ORDERS}) n
       ) raw
     ) g`,
    [ids],
  );
  // The label facts are shipping's: labeled and later orders get a tracker (inactive: the poller leaves
  // the bench's parcels alone) with the tracking number trackingOf(n) and their routing status.
  await exec(
    `insert into trackers (order_id, account_id, ex_order_id, order_name, carrier_id, carrier_code, carrier_name, service_name,
       tracking_number, label_key, label_data, public_code, dest_city, dest_state, dest_country, labeled_at, routing_status,
       next_poll_at, active)
     select id, account_id, ex_order_id, order_name, carrier_id, carrier_code, carrier_code, service_name,
       '9400' || lpad(substr(order_name, 4), 18, '0'), 'labels/bench/' || id || '.pdf', '{}'::jsonb, md5(id::text), city, state, country,
       labeled_at, case when status = 'shipped' then 'in-transit' when status in ('delivered', 'completed') then 'delivered' end,
       labeled_at, false
     from orders where status in ('labeled','shipped','delivered','completed','on-hold-ship','waiting-cancel')`,
  );
  const insertSeconds = (performance.now() - t0) / 1000;
  // The rows went in beside the order service, so the list's stored counts per status are made from them.
  const t1 = performance.now();
  await rebuild();
  const countSeconds = (performance.now() - t1) / 1000;
  const t2 = performance.now();
  // What autovacuum would have done by now on a live database: statistics and the visibility map.
  await exec('vacuum analyze orders');
  await exec('vacuum analyze trackers');
  return { insertSeconds, countSeconds, vacuumSeconds: (performance.now() - t2) / 1000 };
}

interface Stats {
  p50: number;
  p95: number;
  p99: number;
  mean: number;
}

const percentile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;

/** Sequential GETs: `warmup` unmeasured, then `count` timed; every reply must be 200. */
async function measure(urls: () => string, headers: Record<string, string>, count = requests): Promise<Stats> {
  const times: number[] = [];
  for (let i = 0; i < warmup + count; i++) {
    const url = urls();
    const t0 = performance.now();
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    const ms = performance.now() - t0;
    if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
    if (i >= warmup) times.push(ms);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p95: percentile(times, 0.95), p99: percentile(times, 0.99), mean: times.reduce((a, b) => a + b, 0) / times.length };
}

/** A small deterministic PRNG, so two runs send the same requests. */
function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function main() {
  if (!process.env.DATABASE_URL) {
    console.error('bench:order-list needs PostgreSQL: set DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/exship_bench_orders) to a database it may fill with 1,000,000 orders.');
    process.exit(2);
  }
  const config = loadConfig({ LOG_LEVEL: 'warn', DATABASE_URL: process.env.DATABASE_URL, SEED_DEMO: 'true', SEED_DEMO_CATALOG: 'false', WEB_DIST: '/nonexistent' });
  const database = await openDatabase({ databaseUrl: config.databaseUrl });
  const ctx = await createContext(config, { database });
  const app = await buildApp(ctx);
  await app.seed();
  const exec = database.executeSql.bind(database);

  if (process.env.BENCH_RESEED === '1') {
    await exec('truncate orders cascade');
  }
  const present = Number((await exec('select count(*)::int as n from orders')).rows[0]!.n);
  if (present >= ORDERS) {
    console.log(`reusing ${present.toLocaleString('en')} orders already in the database (BENCH_RESEED=1 seeds again)`);
  } else {
    if (present > 0) throw new Error(`the database holds ${present} orders; use an empty database or BENCH_RESEED=1`);
    const s = await seed(exec, () => rebuildOrderStatusCounts(database.db), config.seed.sellerEmail);
    console.log(
      `seeded ${ORDERS.toLocaleString('en')} orders over ${SELLERS} sellers: insert ${s.insertSeconds.toFixed(1)} s, status counts ${s.countSeconds.toFixed(1)} s, vacuum analyze ${s.vacuumSeconds.toFixed(1)} s`,
    );
  }
  const shape = await exec(
    `select (select count(*) from orders where account_id = (select account_id from users where email = $1))::int as seller,
            pg_size_pretty(pg_total_relation_size('orders')) as size`,
    [config.seed.sellerEmail],
  );
  console.log(`demo seller: ${Number(shape.rows[0]!.seller).toLocaleString('en')} orders; orders table with indexes: ${String(shape.rows[0]!.size)}`);

  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}/api/v1`;
  const login = async (email: string, password: string) => {
    const res = await fetch(`${base}/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
    if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
    return { authorization: `Bearer ${((await res.json()) as { data: { token: string } }).data.token}` };
  };
  const seller = await login(config.seed.sellerEmail, config.seed.sellerPassword);
  const staff = await login(config.seed.adminEmail, config.seed.adminPassword ?? DEFAULT_ADMIN_PASSWORD);

  const bare = Fastify();
  bare.get('/bare', async () => ({ success: true, message: 'OK', data: { status: 'ok' } }));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}/bare`;

  const rnd = prng(42);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;
  const TABS = ['all', 'delivered', 'shipped', 'labeled', 'unpaid', 'on-hold', 'canceled'] as const;
  const list = (q: Record<string, string | number>) => `${base}/orders?${new URLSearchParams(Object.entries(q).map(([k, v]): [string, string] => [k, String(v)]))}`;
  const someN = () => 1 + Math.floor(rnd() * ORDERS);
  const scenarios: { name: string; headers: Record<string, string>; url: () => string; goal: boolean }[] = [
    // (a) one seller: a status tab, newest first, a keyword contained in the order name (3–5 digits)
    { name: 'seller: tab + date sort + keyword', headers: seller, goal: true, url: () => list({ status: pick(TABS), sort: 'createdAt:desc', keyword: String(someN()).slice(0, 3 + Math.floor(rnd() * 3)) }) },
    // (b) staff over every seller: a status tab, by date (both directions)
    { name: 'staff: tab + date sort', headers: staff, goal: true, url: () => list({ status: pick(TABS), sort: pick(['createdAt:desc', 'createdAt:asc']) }) },
    // (c) staff looking an order up: a name prefix, an exOrderId or a tracking number
    {
      name: 'staff: keyword',
      headers: staff,
      goal: true,
      url: () => {
        const n = someN();
        const r = rnd();
        return list({ sort: 'createdAt:desc', keyword: r < 0.7 ? `SO-${n}` : r < 0.85 ? exOrderIdOf(n).toLowerCase() : trackingOf(n) });
      },
    },
    // Beyond the three, for context: the seller's landing list and deep pages.
    { name: 'seller: tab + date sort', headers: seller, goal: false, url: () => list({ status: pick(TABS), sort: 'createdAt:desc' }) },
    { name: 'seller: page 100-500', headers: seller, goal: false, url: () => list({ status: 'all', sort: 'createdAt:desc', page: 100 + Math.floor(rnd() * 400), pageSize: 20 }) },
    { name: 'staff: page 100-1000', headers: staff, goal: false, url: () => list({ status: pick(['all', 'delivered']), sort: 'createdAt:desc', page: 100 + Math.floor(rnd() * 900), pageSize: 20 }) },
  ];

  // The baseline runs before and after the lists; the mean of the two is the denominator. It is cheap,
  // so it gets more samples: a single scheduling hiccup on a shared machine then moves its p99 less.
  const bareCount = Math.max(2000, requests);
  const before = await measure(() => bareUrl, {}, bareCount);
  const results: { name: string; s: Stats; goal: boolean }[] = [];
  for (const sc of scenarios) results.push({ name: sc.name, s: await measure(sc.url, sc.headers), goal: sc.goal });
  const after = await measure(() => bareUrl, {}, bareCount);
  const baseline: Stats = { p50: (before.p50 + after.p50) / 2, p95: (before.p95 + after.p95) / 2, p99: (before.p99 + after.p99) / 2, mean: (before.mean + after.mean) / 2 };

  const ms = (x: number) => x.toFixed(1).padStart(7);
  const ratio = (x: number, b: number) => `${(x / b).toFixed(0)}×`.padStart(6);
  console.log(`\n${requests} sequential requests per list after ${warmup} warm-up, database ${database.kind}; latency in ms, ratio = list / bare Fastify GET\n`);
  console.log('list'.padEnd(36), 'p50'.padStart(7), 'p95'.padStart(7), 'p99'.padStart(7), ' ', 'p50'.padStart(6), 'p95'.padStart(6), 'p99'.padStart(6), '  goal p95 < 50 ms');
  console.log('bare Fastify GET (mean of 2)'.padEnd(36), ms(baseline.p50), ms(baseline.p95), ms(baseline.p99));
  for (const r of results) {
    const verdict = r.goal ? (r.s.p95 < GOAL_P95_MS ? '  met' : '  MISSED') : '  (context)';
    console.log(r.name.padEnd(36), ms(r.s.p50), ms(r.s.p95), ms(r.s.p99), ' ', ratio(r.s.p50, baseline.p50), ratio(r.s.p95, baseline.p95), ratio(r.s.p99, baseline.p99), verdict);
  }

  await app.close();
  await bare.close();
  await closeContext(ctx);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
