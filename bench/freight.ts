// One state change of a big freight, on PostgreSQL: 300 cartons of 50 parcels (15,000 parcels) on one
// freight, moved closed → checked → confirmed weight → shipped → in transit → received → delivered
// over HTTP (app.inject). Each change writes one routing event on every parcel in one statement;
// departure also ships the 15,000 orders (set-based). Printed: the seconds of each change, and the
// ratio of the departure to the same change of a freight of 1 carton and 1 parcel in the same run.
// Goal: one state change (departure) ≤ 2 s. Also printed: the seconds of one carton scan onto a
// freight already holding 299 cartons (the package-freight screen's answer, with the manifest gaps).
//
// Usage: DATABASE_URL=postgres://… npm run bench:freight [-- cartons parcelsPerCarton]
//   The parcels are copies of one order made through the API, written in SQL with their labels
//   (trackers) and cartons as the floor leaves them after check-out. Use a fresh database.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import { buildApp } from '../apps/server/src/app';
import { closeContext, createContext } from '../apps/server/src/context';
import { rebuildOrderStatusCounts } from '../apps/server/src/modules/orders';
import { DEFAULT_ADMIN_PASSWORD, loadConfig } from '../apps/server/src/platform/config';
import { openDatabase } from '../apps/server/src/platform/db';

/**
 * CPU time (ms) the database's server processes for this database have used so far, from /proc (a
 * server on this host); null when it cannot be read. On a shared machine the wall times measure the
 * neighbours too; the CPU a change costs does not.
 */
async function databaseCpuMs(exec: (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>): Promise<number | null> {
  const pids = ((await exec(`select pid from pg_stat_activity where datname = current_database()`)).rows as { pid: number }[]).map((r) => Number(r.pid));
  let ms = 0;
  try {
    for (const pid of pids) {
      // utime and stime, fields 14 and 15 of stat (11 and 12 after the command), in clock ticks (100 Hz).
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      ms += (Number(fields[11]) + Number(fields[12])) * 10;
    }
  } catch {
    return null;
  }
  return ms;
}

const CARTONS = Number(process.argv[2] ?? 300);
const PER_CARTON = Number(process.argv[3] ?? 50);
const GOAL_SECONDS = 2;

async function main() {
  if (!process.env.DATABASE_URL) {
    console.error('bench:freight needs PostgreSQL: set DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/exship_bench_freight).');
    process.exit(2);
  }
  const config = loadConfig({ LOG_LEVEL: 'warn', DATABASE_URL: process.env.DATABASE_URL, SEED_DEMO: 'true', SEED_DEMO_CATALOG: 'true', WEB_DIST: '/nonexistent' });
  const database = await openDatabase({ databaseUrl: config.databaseUrl });
  const ctx = await createContext(config, { database, jobs: { mode: 'manual' } });
  const app = await buildApp(ctx);
  await ctx.jobs.start();
  await app.seed();
  await app.ready();
  const exec = database.executeSql.bind(database);
  const call = async (method: 'GET' | 'POST', url: string, token: string | null, payload?: unknown) => {
    const res = await app.inject({ method, url: `/api/v1${url}`, payload: payload as object, headers: token ? { authorization: `Bearer ${token}` } : {} });
    return { status: res.statusCode, body: res.json() as { data: Record<string, unknown> } };
  };
  const login = async (email: string, password: string) => {
    const res = await call('POST', '/login', null, { email, password });
    if (res.status !== 200) throw new Error(`login ${email}: ${res.status}`);
    return res.body.data.token as string;
  };
  const admin = await login(config.seed.adminEmail, config.seed.adminPassword ?? DEFAULT_ADMIN_PASSWORD);
  const seller = await login(config.seed.sellerEmail, config.seed.sellerPassword);

  // One order with a line of the demo mug (complete customs data), copied in SQL.
  const [mug] = (await exec(`select v.product_id, v.id from product_variants v where v.sku = 'MUG-WHT-11OZ'`)).rows as { product_id: string; id: string }[];
  const created = await call('POST', '/orders', seller, {
    orderName: `FRT-${Date.now().toString(36)}`,
    serviceCode: 'STD',
    lengthCm: 20,
    widthCm: 15,
    heightCm: 10,
    weightGr: 800,
    recipient: { firstName: 'Jane', lastName: 'Buyer', phone: '+13105550199', address1: '100 Main St', city: 'Los Angeles', state: 'CA', country: 'US', zipcode: '90001' },
    lines: [{ productId: mug!.product_id, variantId: mug!.id, quantity: 2 }],
  });
  if (created.status !== 201) throw new Error(`create: ${created.status} ${JSON.stringify(created.body)}`);
  const templateId = created.body.data._id as string;

  async function buildFreight(cartons: number, perCarton: number, tag: string): Promise<string> {
    const parcels = cartons * perCarton;
    const cols = ((await exec(`select column_name from information_schema.columns where table_name = 'orders' and column_name not in ('id', 'ex_order_id', 'order_name', 'status', 'payment_status', 'labeled_at', 'check_in_status', 'check_in_at', 'paid_at')`)).rows as { column_name: string }[])
      .map((c) => `"${c.column_name}"`)
      .join(', ');
    await exec(
      `insert into orders (ex_order_id, order_name, status, payment_status, labeled_at, check_in_status, check_in_at, paid_at, ${cols})
       select 'EX' || upper(substr(md5(random()::text || n), 1, 10)), '${tag}-' || n, 'labeled', 'paid', now() - interval '2 days', 'checked-in', now() - interval '1 day', now() - interval '2 days', ${cols}
       from orders, generate_series(1, ${parcels}) n where id = $1`,
      [templateId],
    );
    await exec(
      `insert into order_lines (order_id, account_id, position, product_id, variant_id, product_name, sku, quantity, value_cents)
       select o.id, o.account_id, l.position, l.product_id, l.variant_id, l.product_name, l.sku, l.quantity, l.value_cents
       from orders o cross join order_lines l where o.order_name like '${tag}-%' and l.order_id = $1`,
      [templateId],
    );
    await exec(
      `insert into trackers (order_id, account_id, ex_order_id, order_name, carrier_code, carrier_name, service_name, tracking_number, label_key, label_data, public_code,
                             dest_city, dest_state, dest_country, labeled_at, routing_status, last_event_at, next_poll_at, active)
       select o.id, o.account_id, o.ex_order_id, o.order_name, 'UPX', 'UniParcel Express', 'Standard', 'BENCH' || o.ex_order_id, 'labels/bench.pdf', '{}'::jsonb,
              md5(random()::text || o.id), o.city, o.state, o.country, now() - interval '2 days', 'pre-shipment', now() - interval '2 days', now() + interval '1 year', true
       from orders o where o.order_name like '${tag}-%'`,
    );
    const by = ((await exec(`select id from users where email = $1`, [config.seed.adminEmail])).rows as { id: string }[])[0]!.id;
    const { carrier_id: carrierId, service_id: serviceId } = ((await exec(`select carrier_id, service_id from orders where id = $1`, [templateId])).rows as { carrier_id: string; service_id: string }[])[0]!;
    const cartonIds = Array.from({ length: cartons }, () => `CT${crypto.randomBytes(4).toString('hex').toUpperCase()}`);
    await exec(
      `insert into cartons (id, status, carrier_id, carrier_code, warehouse_code, service_id, service_code, origin_warehouse_code, quantity, parcels_weight_gr,
                            weight_gr, length_cm, width_cm, height_cm, created_by, packaged_at, packaged_by, checked_at, checked_by)
       select c, 'checked', $2, 'UPX', 'LAX1', $3, 'STD', 'SGN1', ${perCarton}, ${perCarton * 800}, ${perCarton * 820}, 60, 50, 50, $4, now(), $4, now(), $4
       from unnest($1::text[]) c`,
      [cartonIds, carrierId, serviceId, by],
    );
    await exec(
      `insert into carton_parcels (carton_id, order_id, account_id, ex_order_id, order_name, tracking_number, weight_gr, added_by)
       select ($1::text[])[1 + (row_number() over (order by o.id) - 1) / ${perCarton}], o.id, o.account_id, o.ex_order_id, o.order_name, 'BENCH' || o.ex_order_id, 800, $2
       from orders o where o.order_name like '${tag}-%'`,
      [cartonIds, by],
    );
    await rebuildOrderStatusCounts(database.db);
    // A live database keeps its statistics current (autovacuum); 15,000 rows written at once here
    // would otherwise be planned as the empty tables the planner last saw.
    await exec('analyze orders, order_lines, trackers, cartons, carton_parcels, routing_events, order_history');
    const freight = await call('POST', '/freights', admin, {
      name: `Bench ${tag}`,
      mawb: mawb(),
      airlineCode: 'SQ',
      departureAirportCode: 'SGN',
      arrivalAirportCode: 'LAX',
      departureDate: new Date(Date.now() + 86_400_000).toISOString(),
    });
    if (freight.status !== 201) throw new Error(`freight: ${freight.status} ${JSON.stringify(freight.body)}`);
    const freightId = freight.body.data._id as string;
    // All cartons but the last go on in SQL as the scans leave them; the last one is scanned (timed).
    const sqlCartons = cartonIds.slice(0, -1);
    await exec(
      `insert into freight_cartons (carton_id, freight_id, parcels, gross_centikg, chargeable_centikg, added_by)
       select c, $2, ${perCarton}, ${perCarton * 82}, greatest(${perCarton * 82}, 2500), $3 from unnest($1::text[]) c`,
      [sqlCartons, freightId, by],
    );
    await exec(`update cartons set freight_id = $2 where id = any($1::text[])`, [sqlCartons, freightId]);
    await exec(
      `update freights set cartons = $2, parcels = $3, gross_centikg = $4, chargeable_centikg = $5 where id = $1`,
      [freightId, sqlCartons.length, sqlCartons.length * perCarton, sqlCartons.length * perCarton * 82, sqlCartons.length * Math.max(perCarton * 82, 2500)],
    );
    const t = performance.now();
    const scanned = await call('POST', `/freights/${freightId}/cartons`, admin, { code: cartonIds.at(-1) });
    if (scanned.status !== 200) throw new Error(`scan: ${scanned.status} ${JSON.stringify(scanned.body).slice(0, 300)}`);
    scanSeconds.set(tag, (performance.now() - t) / 1000);
    return freightId;
  }

  let serial = 2_000_000 + Math.floor(Math.random() * 7_000_000);
  const mawb = () => {
    const seven = String(++serial).padStart(7, '0');
    return `618-${seven}${Number(seven) % 7}`;
  };
  const scanSeconds = new Map<string, number>();

  const cpu = new Map<string, { node: number; db: number | null }>();
  async function move(freightId: string, body: Record<string, unknown>): Promise<number> {
    const db0 = await databaseCpuMs(exec);
    const cpu0 = process.cpuUsage();
    const t = performance.now();
    const res = await call('POST', `/freights/${freightId}/status`, admin, body);
    const s = (performance.now() - t) / 1000;
    const used = process.cpuUsage(cpu0);
    const db1 = await databaseCpuMs(exec);
    cpu.set(`${freightId}:${String(body.status)}`, { node: (used.user + used.system) / 1000, db: db0 === null || db1 === null ? null : db1 - db0 });
    if (res.status !== 200) throw new Error(`${String(body.status)}: ${res.status} ${JSON.stringify(res.body).slice(0, 500)}`);
    return s;
  }
  const STEPS = [{ status: 'closed' }, { status: 'checked' }, { status: 'confirmed-weight', confirmedWeightKg: 1 }, { status: 'shipped' }, { status: 'in-transit' }, { status: 'received' }, { status: 'delivered' }];
  const day = (n: number) => new Date(Date.now() + n * 3_600_000).toISOString();

  // The baseline: the same changes on a freight of 1 carton and 1 parcel.
  const small = await buildFreight(1, 1, `FRS${Date.now().toString(36)}`);
  const baseline: number[] = [];
  for (const [i, step] of STEPS.entries()) baseline.push(await move(small, { ...step, at: day(i + 1) }));

  console.log(`building ${CARTONS} cartons × ${PER_CARTON} parcels …`);
  const tagBig = `FRB${Date.now().toString(36)}`;
  const big = await buildFreight(CARTONS, PER_CARTON, tagBig);
  const seconds: number[] = [];
  for (const [i, step] of STEPS.entries()) seconds.push(await move(big, { ...step, ...(step.status === 'confirmed-weight' ? { confirmedWeightKg: CARTONS * PER_CARTON * 1.1 } : {}), at: day(i + 1) }));

  const parcels = CARTONS * PER_CARTON;
  const [events] = (await exec(`select count(*)::int as n from routing_events e join freight_parcel_costs c on c.order_id = e.order_id where c.freight_id = $1 and e.code = 'freight.shipped'`, [big])).rows as { n: number }[];
  const [shipped] = (await exec(`select count(*)::int as n from orders o join freight_parcel_costs c on c.order_id = o.id where c.freight_id = $1 and o.status = 'shipped'`, [big])).rows as { n: number }[];
  const [cost] = (await exec(`select f.cost_cents, (select sum(cents) from freight_parcel_costs where freight_id = f.id) as shares from freights f where id = $1`, [big])).rows as { cost_cents: string; shares: string }[];

  console.log(`\nfreight of ${CARTONS} cartons / ${parcels} parcels on PostgreSQL; load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  for (const [i, step] of STEPS.entries()) {
    const c = cpu.get(`${big}:${step.status}`)!;
    const cpuText = `CPU: this process ${c.node.toFixed(0)} ms${c.db === null ? '' : `, PostgreSQL ${c.db.toFixed(0)} ms`}`;
    console.log(`  ${step.status.padEnd(17)} ${seconds[i]!.toFixed(3)} s   (1 parcel: ${baseline[i]!.toFixed(3)} s, ratio ${(seconds[i]! / baseline[i]!).toFixed(1)}; ${cpuText})`);
  }
  const departure = seconds[STEPS.findIndex((s) => s.status === 'shipped')]!;
  console.log(`one state change (departure): ${departure.toFixed(3)} s  goal ≤ ${GOAL_SECONDS} s: ${departure <= GOAL_SECONDS ? 'met' : 'NOT met'} (on a shared machine the wall time counts the neighbours; the CPU above does not)`);
  console.log(`departure wrote ${events!.n} airport-departure events (expected ${parcels}) and shipped ${shipped!.n} orders; cost ${Number(cost!.cost_cents) / 100} USD, shares sum ${Number(cost!.shares) / 100} USD`);
  console.log(`one carton scanned onto a freight of ${CARTONS - 1} cartons: ${scanSeconds.get(tagBig)!.toFixed(3)} s (onto an empty one: ${[...scanSeconds.values()][0]!.toFixed(3)} s)`);
  await app.close();
  await closeContext(ctx);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
