// One bulk pay of 1,000 orders (POST /api/v1/orders/pay, the real route: permission, idempotency,
// the wallet's guarded debit, the orders' lifecycle, history and events) on PostgreSQL, against a
// baseline measured in the same run: 1,000 bare conditional balance UPDATEs in one transaction.
// Issue goal: < 3 s. It also checks the result: every order paid once, the balance exact, the
// ledger balanced.
//
// Usage: DATABASE_URL=postgres://… npm run bench:bulk-pay [-- orders]
//   Each run makes a new seller with its own orders, so a database can be reused.
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { closeContext, createContext } from '../apps/server/src/context';
import { rebuildOrderStatusCounts } from '../apps/server/src/modules/orders';
import { creditWallet } from '../apps/server/src/modules/wallet';
import { loadConfig } from '../apps/server/src/platform/config';
import { openDatabase } from '../apps/server/src/platform/db';

const ORDERS = Number(process.argv[2] ?? process.env.BENCH_ORDERS ?? 1000);
const GOAL_SECONDS = 3;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

async function main() {
  if (!process.env.DATABASE_URL) {
    console.error('bench:bulk-pay needs PostgreSQL: set DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/exship_bench_pay).');
    process.exit(2);
  }
  const config = loadConfig({ LOG_LEVEL: 'warn', DATABASE_URL: process.env.DATABASE_URL, SEED_DEMO: 'true', SEED_DEMO_CATALOG: 'true', WEB_DIST: '/nonexistent' });
  const database = await openDatabase({ databaseUrl: config.databaseUrl });
  const ctx = await createContext(config, { database });
  const app = await buildApp(ctx);
  // Jobs first, as in main.ts: orders emit their events into pg-boss's tables.
  await ctx.jobs.start();
  await app.seed();
  const exec = database.executeSql.bind(database);
  const call = async (method: 'GET' | 'POST', url: string, token: string | null, payload?: unknown) => {
    const res = await app.inject({ method, url: `/api/v1${url}`, headers: token ? { authorization: `Bearer ${token}` } : {}, payload: payload as object });
    return { status: res.statusCode, body: res.json() as { data: Record<string, unknown> } };
  };

  const bulkSeconds: number[] = [];
  const bareSeconds: number[] = [];
  for (let run = 1; run <= RUNS; run++) {
    // A new seller (the demo seller's role and password) with one order made through the API, copied
    // ORDERS − 1 times in SQL (parcel orders, no lines), and exactly enough money for all of them.
    const email = `bench.pay.${Date.now().toString(36)}.${run}@example.com`;
    const [u] = (
      await exec(
        `insert into users (id, account_id, email, password_hash, full_name, status, role_id, verified_at)
         select g, g, $1, password_hash, 'Bench Payer', 'active', role_id, now() from users, gen_random_uuid() g where email = $2
         returning account_id`,
        [email, config.seed.sellerEmail],
      )
    ).rows as { account_id: string }[];
    const accountId = u!.account_id;
    const login = await call('POST', '/login', null, { email, password: config.seed.sellerPassword });
    if (login.status !== 200) throw new Error(`login: ${login.status} ${JSON.stringify(login.body)}`);
    const token = login.body.data.token as string;
    const created = await call('POST', '/orders', token, {
      orderName: `BULK-${run}-0`,
      serviceCode: 'STD',
      lengthCm: 20,
      widthCm: 15,
      heightCm: 10,
      weightGr: 800,
      recipient: { firstName: 'Jane', address1: '100 Main St', city: 'Los Angeles', state: 'CA', country: 'US', zipcode: '90001' },
    });
    if (created.status !== 201) throw new Error(`create: ${created.status} ${JSON.stringify(created.body)}`);
    const sourceId = created.body.data._id as string;
    const cols = ((await exec(`select column_name from information_schema.columns where table_name = 'orders' and column_name not in ('id', 'ex_order_id', 'order_name')`)).rows as { column_name: string }[]).map(
      (c) => `"${c.column_name}"`,
    );
    await exec(
      `insert into orders (ex_order_id, order_name, ${cols.join(', ')})
       select 'EX' || upper(substr(md5(random()::text || n), 1, 10)), 'BULK-${run}-' || n, ${cols.join(', ')}
       from orders, generate_series(1, ${ORDERS - 1}) n where id = $1`,
      [sourceId],
    );
    await rebuildOrderStatusCounts(database.db);
    const ids = ((await exec(`select id from orders where account_id = $1`, [accountId])).rows as { id: string }[]).map((r) => r.id);
    const totalCents = Number(((await exec(`select sum(total_cents)::bigint as s from orders where account_id = $1`, [accountId])).rows[0] as { s: string }).s);
    await database.db.transaction((tx) => creditWallet(tx, 'top_up', { accountId, amountCents: totalCents, actorId: null, gateway: 'bank', note: 'bench' }));

    const t0 = performance.now();
    const paid = await call('POST', '/orders/pay', token, { orderIds: ids });
    const seconds = (performance.now() - t0) / 1000;
    if (paid.status !== 200 || paid.body.data.paid !== ORDERS) throw new Error(`pay: ${paid.status} ${JSON.stringify(paid.body).slice(0, 500)}`);
    bulkSeconds.push(seconds);

    // The result must be right, not only fast.
    const check = (
      await exec(
        `select (select balance_cents from wallets where account_id = $1)::bigint as balance,
                (select count(*) from orders where account_id = $1 and payment_status = 'paid')::int as paid,
                (select count(*) from (select order_id from transaction_orders where kind = 'order' group by order_id having count(*) > 1) d)::int as twice,
                (select count(*) from (select transaction_id from ledger_entries group by transaction_id having sum(amount_cents) <> 0) d)::int as unbalanced`,
        [accountId],
      )
    ).rows[0] as { balance: string; paid: number; twice: number; unbalanced: number };
    if (Number(check.balance) !== 0 || check.paid !== ORDERS || check.twice !== 0 || check.unbalanced !== 0) throw new Error(`wrong result: ${JSON.stringify(check)}`);

    // Baseline: the same number of bare guarded balance updates, in one transaction, on a scratch (unlogged) table.
    await exec(`create unlogged table if not exists bench_wallets (account_id uuid primary key, balance_cents bigint not null)`);
    await exec(`insert into bench_wallets values ($1, $2) on conflict (account_id) do update set balance_cents = excluded.balance_cents`, [accountId, totalCents]);
    const cents = Math.floor(totalCents / ORDERS);
    const b0 = performance.now();
    await database.db.transaction(async (tx) => {
      for (let i = 0; i < ORDERS; i++) {
        await tx.execute(sql`update bench_wallets set balance_cents = balance_cents - ${cents} where account_id = ${accountId} and balance_cents - ${cents} >= 0 returning balance_cents`);
      }
    });
    bareSeconds.push((performance.now() - b0) / 1000);
    console.log(`run ${run}: bulk pay of ${ORDERS} orders ${seconds.toFixed(2)} s; ${ORDERS} bare conditional updates ${bareSeconds.at(-1)!.toFixed(2)} s`);
  }
  const best = Math.min(...bulkSeconds);
  const bare = Math.min(...bareSeconds);
  console.log(`\nbulk pay of ${ORDERS} orders: best ${best.toFixed(2)} s (runs: ${bulkSeconds.map((s) => s.toFixed(2)).join(', ')}), goal < ${GOAL_SECONDS} s: ${best < GOAL_SECONDS ? 'met' : 'NOT met'}`);
  console.log(`${ORDERS} bare conditional updates in one transaction: best ${bare.toFixed(3)} s; ratio bulk pay / bare = ${(best / bare).toFixed(1)}×`);
  await app.close();
  await closeContext(ctx);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
