// Reports and dashboards at scale, on PostgreSQL (docs/reports.md "Fast at scale"): 1,000,000 paid
// orders over 1,000 sellers and a year of dates (5 % refunded), written with generate_series as the
// wallet leaves them (an order, its payment transaction and the link between them), then the rollups
// built from them by the same rebuild the nightly job runs. Measured over HTTP (app.inject): each
// of the six reports for a 90-day range, staff (every account) and a seller (one account), and the
// dashboards' queries together (the staff and a seller's dashboard). Printed: p50/p95 in ms.
// Goals: each report p95 < 300 ms; the dashboards together p95 < 200 ms.
//
// Usage: DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:reports [-- orders sellers runs]
//   A fresh database is created beside the one named and dropped at the end (BENCH_KEEP=1 keeps it).
import os from 'node:os';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { closeContext, createContext } from '../apps/server/src/context';
import { rebuildRange } from '../apps/server/src/modules/reports';
import { DEFAULT_ADMIN_PASSWORD, loadConfig } from '../apps/server/src/platform/config';
import { openDatabase } from '../apps/server/src/platform/db';

const ORDERS = Number(process.argv[2] ?? 1_000_000);
const SELLERS = Number(process.argv[3] ?? 1_000);
const RUNS = Number(process.argv[4] ?? 30);
const REPORT_GOAL_MS = 300;
const DASHBOARD_GOAL_MS = 200;
const base = process.env.DATABASE_URL;
if (!base) {
  console.error('bench:reports needs PostgreSQL: set DATABASE_URL=postgres://…');
  process.exit(2);
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};

async function main() {
  const name = `exship_bench_reports_${Date.now().toString(36)}`;
  const root = new pg.Client({ connectionString: base });
  await root.connect();
  await root.query(`create database ${name}`);
  const url = new URL(base!);
  url.pathname = `/${name}`;
  const config = loadConfig({ LOG_LEVEL: 'warn', DATABASE_URL: url.toString(), SEED_DEMO: 'true', SEED_DEMO_CATALOG: 'true', WEB_DIST: '/nonexistent' });
  const database = await openDatabase({ databaseUrl: config.databaseUrl });
  const ctx = await createContext(config, { database, jobs: { mode: 'manual' } });
  const app = await buildApp(ctx);
  try {
    await ctx.jobs.start();
    await app.seed();
    await app.ready();
    const exec = database.executeSql.bind(database);
    const call = async (url: string, token: string) => {
      const res = await app.inject({ method: 'GET', url: `/api/v1${url}`, headers: { authorization: `Bearer ${token}` } });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    };
    const login = async (email: string, password: string) => {
      const res = await app.inject({ method: 'POST', url: '/api/v1/login', payload: { email, password } });
      if (res.statusCode !== 200) throw new Error(`login ${email}: ${res.statusCode}`);
      return (res.json() as { data: { token: string } }).data.token;
    };
    const admin = await login(config.seed.adminEmail, config.seed.adminPassword ?? DEFAULT_ADMIN_PASSWORD);
    const seller = await login(config.seed.sellerEmail, config.seed.sellerPassword);
    const [me] = (await exec(`select account_id, id from users where email = $1`, [config.seed.sellerEmail])).rows as { account_id: string; id: string }[];
    const [svc] = (await exec(`select id from services where code = 'STD'`)).rows as { id: string }[];

    console.log(`writing ${ORDERS.toLocaleString()} paid orders over ${SELLERS.toLocaleString()} sellers and 365 days …`);
    let t0 = Date.now();
    // Seller 0 is the demo seller (the seller-side figures); the others are accounts of their own.
    await exec(`create temp table bench_sellers as select i, case when i = 0 then $1::uuid else gen_random_uuid() end as account_id from generate_series(0, $2 - 1) i`, [me!.account_id, SELLERS]);
    await exec(`insert into wallets (account_id, balance_cents, unpaid_cents, credit_limit_cents) select account_id, case when i % 10 = 0 then -20000 else 100000 end, (i % 5) * 1000, case when i % 10 = 0 then 50000 else 0 end from bench_sellers on conflict (account_id) do nothing`);
    await exec(`
      insert into orders (id, ex_order_id, account_id, created_by, order_name, status, payment_status, length_cm, width_cm, height_cm, weight_gr, chargeable_weight_gr,
        first_name, address1, city, country, zipcode, service_id, service_code, service_name, carrier_code, warehouse_code, payment_method,
        shipping_fee_cents, tax_fee_cents, seasonal_fee_cents, signature_fee_cents, discount_cents, total_cents, cost_cents, paid_at, created_at, updated_at)
      select gen_random_uuid(), 'EXB' || lpad(to_hex(g), 9, '0'), s.account_id, $1::uuid, 'BENCH-' || g, case when g % 20 = 0 then 'canceled' else 'shipped' end,
        case when g % 20 = 0 then 'refund' else 'paid' end, 20, 15, 10, 300 + (g % 40) * 50, 300 + (g % 40) * 50,
        'Jane', '100 Main St', 'Los Angeles', case when g % 9 = 0 then 'CA' else 'US' end, '90001', $2::uuid,
        (array['STD', 'EXP', 'ECO', 'PRI', 'FBA'])[1 + g % 5], 'Bench', (array['USPS', 'UPS', 'FEDEX', 'DHL'])[1 + (g / 5) % 4], (array['HCM', 'HAN', 'LAX'])[1 + g % 3],
        (array['wallet', 'debit', 'credit'])[1 + (g / 3) % 3],
        900 + g % 700, g % 90, case when g % 11 = 0 then 150 else 0 end, case when g % 13 = 0 then 200 else 0 end, case when g % 17 = 0 then 100 else 0 end,
        900 + g % 700 + g % 90 + case when g % 11 = 0 then 150 else 0 end + case when g % 13 = 0 then 200 else 0 end - case when g % 17 = 0 then 100 else 0 end,
        600 + g % 500, at, at, at
      from generate_series(1, $3) g
      join bench_sellers s on s.i = g % $4
      cross join lateral (select now() - (g % 365) * interval '1 day' - ((g::bigint * 7919) % 86400) * interval '1 second' as at) t`, [me!.id, svc!.id, ORDERS, SELLERS]);
    // The payment transaction carries its order's id in its note while the links are written.
    await exec(`
      with t as (insert into wallet_transactions (id, account_id, type, amount_cents, balance_after_cents, created_at, note)
                 select gen_random_uuid(), account_id, 'payment', total_cents, 0, paid_at, id::text from orders where order_name like 'BENCH-%' returning id, note, amount_cents)
      insert into transaction_orders (transaction_id, order_id, kind, amount_cents) select id, note::uuid, 'order', amount_cents from t`);
    await exec(`
      with r as (select o.id, o.account_id, o.total_cents, o.paid_at + interval '2 days' as at from orders o where o.order_name like 'BENCH-%' and o.payment_status = 'refund'),
      t as (insert into wallet_transactions (id, account_id, type, amount_cents, balance_after_cents, created_at, note)
            select gen_random_uuid(), account_id, 'refund', total_cents, 0, at, id::text from r returning id, note, amount_cents)
      insert into transaction_orders (transaction_id, order_id, kind, amount_cents) select id, note::uuid, 'refund', amount_cents from t`);
    console.log(`  source rows in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    t0 = Date.now();
    // The whole year in one statement: the nightly job's rebuild, over every day at once.
    const from = new Date(Math.floor(Date.now() / 86_400_000 - 367) * 86_400_000);
    const rows = await database.db.transaction((tx) => rebuildRange(tx, from, new Date(from.getTime() + 369 * 86_400_000), null));
    await exec('analyze');
    console.log(`  rollups: ${rows.toLocaleString()} rows rebuilt from the source in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

    const day = (back: number) => new Date(Date.now() - back * 86_400_000).toISOString().slice(0, 10);
    const range = `startDate=${day(89)}&endDate=${day(0)}&timeZone=%2B07:00`;
    const kinds = ['revenue', 'payment-method', 'services', 'customers', 'carriers', 'purchase'];
    const results: { what: string; p50: number; p95: number; goal: number }[] = [];
    const measure = async (what: string, goal: number, run: () => Promise<unknown>) => {
      await run();
      const ms: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const s = performance.now();
        await run();
        ms.push(performance.now() - s);
      }
      results.push({ what, p50: pct(ms, 50), p95: pct(ms, 95), goal });
    };
    for (const k of kinds) await measure(`staff ${k} (90 days, all accounts, by day)`, REPORT_GOAL_MS, () => call(`/reports/${k}?${range}`, admin));
    await measure('staff revenue (90 days, by week, one service)', REPORT_GOAL_MS, () => call(`/reports/revenue?${range}&groupBy=week&serviceCode=EXP`, admin));
    for (const k of ['revenue', 'services']) await measure(`seller ${k} (90 days, own account)`, REPORT_GOAL_MS, () => call(`/reports/${k}?${range}`, seller));
    await measure('dashboards together (staff + seller)', DASHBOARD_GOAL_MS, () => Promise.all([call('/dashboard/staff', admin), call('/dashboard/seller', seller)]));

    console.log(`\nreports on PostgreSQL: ${ORDERS.toLocaleString()} orders, ${SELLERS.toLocaleString()} sellers, ${RUNS} runs each; load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
    let ok = true;
    for (const r of results) {
      const pass = r.p95 < r.goal;
      ok &&= pass;
      console.log(`  ${r.what.padEnd(52)} p50 ${r.p50.toFixed(1).padStart(7)} ms   p95 ${r.p95.toFixed(1).padStart(7)} ms   goal < ${r.goal} ms  ${pass ? 'ok' : 'MISSED'}`);
    }
    process.exitCode = ok ? 0 : 1;
  } finally {
    await app.close();
    await closeContext(ctx);
    if (!process.env.BENCH_KEEP) await root.query(`drop database if exists ${name} with (force)`);
    await root.end();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
