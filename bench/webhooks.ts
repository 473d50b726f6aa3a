// Webhook delivery throughput and delay (goal: at least 200 deliveries/s, and a dead endpoint adds
// less than 1 s to the other endpoints' p99 delivery delay). 10 sellers with one endpoint each, on
// local receivers on 127.0.0.1 (allowed by the outbound client's allow list, as in the tests); one
// endpoint is dead: it accepts the connection and never answers, so each attempt ends in a timeout.
// Throughput: 10,000 events (1,000 per endpoint) are raised, then the delivery worker starts; the
// figure is the healthy endpoints' deliveries per second until they have all of theirs. Its baseline
// in this process: the same POSTs straight through the outbound client, 64 at once, no database.
// Delay: events raised at a steady BENCH_RATE (100/s) while the worker runs, with the dead endpoint and
// without it (the baseline the p99 difference is measured against); a delivery's delay is its arrival
// at the receiver minus the commit of its event.
//
// The attempt timeout is BENCH_TIMEOUT_MS (default 2,000 ms instead of the product's 15 s) so that the
// run ends soon: the dead endpoint holds its own in-flight slots (8) whatever the timeout, so the
// healthy endpoints' figures do not depend on it.
//
// Usage: npm run bench:webhooks [-- events]   (DATABASE_URL=postgres://… for PostgreSQL; PGlite in memory otherwise)
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../apps/server/src/platform/db';
import { createOutbound } from '../apps/server/src/platform/outbound';
import { createKeyring } from '../apps/server/src/platform/secrets';
import { createWebhookService } from '../apps/server/src/modules/webhooks';

const EVENTS = Number(process.argv[2] ?? process.env.BENCH_EVENTS ?? 10_000);
const ENDPOINTS = 10;
/** The delay runs: events raised per second while the worker runs, and how many. */
const RATE = Number(process.env.BENCH_RATE ?? 100);
const DELAY_EVENTS = Number(process.env.BENCH_DELAY_EVENTS ?? 2000);
const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_MS ?? 2000);
const GOALS = { deliveriesPerSecond: 200, deadAddsP99Ms: 1000 };

interface Receiver {
  port: number;
  delays: number[];
  onArrival?: (exOrderId: string) => void;
  server: http.Server;
  sockets: Set<Socket>;
}

async function receiver(dead: boolean): Promise<Receiver> {
  const r = { delays: [] as number[], sockets: new Set<Socket>() } as Receiver;
  r.server = http.createServer((req, res) => {
    if (dead) return; // never answers
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const msg = JSON.parse(body) as { timestamp: string; data: { exOrderId: string } };
      r.delays.push(Date.now() - Date.parse(msg.timestamp));
      r.onArrival?.(msg.data.exOrderId);
      res.end('ok');
    });
  });
  r.server.on('connection', (s) => {
    r.sockets.add(s);
    s.on('close', () => r.sockets.delete(s));
  });
  await new Promise<void>((resolve) => r.server.listen(0, '127.0.0.1', resolve));
  r.port = (r.server.address() as AddressInfo).port;
  return r;
}

const pct = (xs: number[], p: number) => {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};

interface Setup {
  svc: ReturnType<typeof createWebhookService>;
  receivers: Receiver[];
  accounts: string[];
  healthy: Receiver[];
  close(): Promise<void>;
}

async function setup(database: Database, withDead: boolean): Promise<Setup> {
  const db = database.db;
  await db.execute(sql`truncate webhook_attempts, webhook_deliveries, webhook_messages, webhook_endpoints`);
  const receivers = await Promise.all(Array.from({ length: ENDPOINTS }, (_, i) => receiver(withDead && i === 0)));
  const outbound = createOutbound({ outboundAllowHosts: receivers.map((r) => `127.0.0.1:${r.port}`) });
  const svc = createWebhookService({ db, keyring: createKeyring([]), outbound: () => outbound, production: false, timeoutMs: TIMEOUT_MS });
  const accounts = receivers.map(() => crypto.randomUUID());
  for (const [i, r] of receivers.entries()) {
    const actor = { userId: accounts[i]!, accountId: accounts[i]!, permissions: new Set<string>() } as never;
    await svc.create(actor, { url: `http://127.0.0.1:${r.port}/hook`, description: '', eventTypes: ['order.paid'] });
  }
  return {
    svc,
    receivers,
    accounts,
    healthy: receivers.filter((_, i) => !(withDead && i === 0)),
    async close() {
      await svc.worker.stop(TIMEOUT_MS + 1000);
      for (const r of receivers) {
        for (const sk of r.sockets) sk.destroy();
        await new Promise((res) => r.server.close(res));
      }
    },
  };
}

/** Raises events k in [from, to) round-robin over the accounts, in one transaction; returns the commit time. */
async function raise(database: Database, s: Setup, from: number, to: number): Promise<number> {
  await database.db.transaction(async (tx) => {
    const now = new Date();
    for (let k = from; k < to; k++) {
      const orderId = crypto.randomUUID();
      await s.svc.publish(tx, { accountId: s.accounts[k % ENDPOINTS]!, type: 'order.paid', orderId, occurredAt: now, data: { orderId, exOrderId: `EX${k}`, status: 'paid', paymentStatus: 'paid', paidAt: now.toISOString() } });
    }
  });
  s.svc.worker.nudge();
  return Date.now();
}

const delivered = (s: Setup) => s.healthy.reduce((n, r) => n + r.delays.length, 0);
async function until(check: () => boolean, progress?: () => string) {
  let last = Date.now();
  while (!check()) {
    await new Promise((r) => setTimeout(r, 20));
    if (progress && process.env.BENCH_DEBUG && Date.now() - last > 2000) {
      last = Date.now();
      console.log(progress());
    }
  }
}

/** Throughput: every event raised first, then the worker starts; deliveries/s until the healthy endpoints have all theirs. */
async function throughput(database: Database): Promise<{ perSecond: number; seconds: number; expected: number; deadAttempts: number }> {
  const s = await setup(database, true);
  for (let at = 0; at < EVENTS; at += 500) await raise(database, s, at, Math.min(EVENTS, at + 500));
  const expected = s.healthy.length * (EVENTS / ENDPOINTS);
  const t0 = performance.now();
  s.svc.worker.start();
  let errors = '';
  const debug = setInterval(() => {
    if (process.env.BENCH_DEBUG) void database.db.execute(sql`select error, http_status, count(*) n from webhook_attempts group by 1, 2`).then((r) => (errors = JSON.stringify((r as unknown as { rows: unknown[] }).rows)));
  }, 2000);
  await until(() => delivered(s) >= expected, () => `  ${delivered(s)} / ${expected}, in flight ${s.svc.worker.inflight}, ${JSON.stringify(s.svc.worker.stats)} ${errors}`);
  clearInterval(debug);
  const seconds = (performance.now() - t0) / 1000;
  const deadAttempts = Number(((await database.db.execute(sql`select count(*) n from webhook_attempts a join webhook_deliveries d on d.id = a.delivery_id where d.account_id = ${s.accounts[0]!}`)) as unknown as { rows: { n: string }[] }).rows[0]!.n);
  await s.close();
  return { perSecond: expected / seconds, seconds, expected, deadAttempts };
}

/** Delay: events raised at a steady RATE while the worker runs; delay = arrival − the commit of its event. */
async function delay(database: Database, withDead: boolean): Promise<{ p50: number; p99: number }> {
  const s = await setup(database, withDead);
  s.svc.worker.start();
  const committed = new Map<string, number>();
  const arrivals: [string, number][] = [];
  for (const r of s.healthy) r.onArrival = (exOrderId) => arrivals.push([exOrderId, Date.now()]);
  const perTick = Math.max(1, Math.round(RATE / 10));
  for (let at = 0; at < DELAY_EVENTS; at += perTick) {
    const tick = Date.now();
    const to = Math.min(DELAY_EVENTS, at + perTick);
    const t = await raise(database, s, at, to);
    for (let k = at; k < to; k++) committed.set(`EX${k}`, t);
    await new Promise((r) => setTimeout(r, Math.max(0, 100 - (Date.now() - tick))));
  }
  const expected = (s.healthy.length * DELAY_EVENTS) / ENDPOINTS;
  await until(() => arrivals.length >= expected);
  await s.close();
  const delays = arrivals.map(([id, at]) => Math.max(0, at - committed.get(id)!));
  return { p50: pct(delays, 50), p99: pct(delays, 99) };
}

/** The ceiling: the same number of POSTs straight through the outbound client, 64 at once, no database. */
async function ceiling(n: number): Promise<number> {
  const r = await receiver(false);
  const outbound = createOutbound({ outboundAllowHosts: [`127.0.0.1:${r.port}`] });
  const body = JSON.stringify({ timestamp: new Date().toISOString() });
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: 64 }, async () => {
      while (next++ < n) await (await outbound.fetch(`http://127.0.0.1:${r.port}/`, { method: 'POST', body, headers: { 'content-type': 'application/json' } })).text();
    }),
  );
  const perSecond = n / ((performance.now() - t0) / 1000);
  for (const s of r.sockets) s.destroy();
  await new Promise((res) => r.server.close(res));
  return perSecond;
}

async function main() {
  const database = await openDatabase(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : { dataDir: 'memory://' });
  console.log(`webhooks bench: ${EVENTS} events to ${ENDPOINTS} endpoints (one dead), ${database.kind}, attempt timeout ${TIMEOUT_MS} ms, ${os.cpus().length} cores, load ${os.loadavg().map((x) => x.toFixed(2)).join(' ')}`);
  try {
    const top = await throughput(database);
    const ceilingPerSecond = await ceiling(top.expected);
    const withDead = await delay(database, true);
    const without = await delay(database, false);
    console.log('');
    console.log(`deliveries/s: ${top.perSecond.toFixed(0)} (${top.expected} deliveries to the 9 healthy endpoints in ${top.seconds.toFixed(1)} s while the dead one timed out ${top.deadAttempts} times; goal ≥ ${GOALS.deliveriesPerSecond}); bare HTTP through the outbound client, no database: ${ceilingPerSecond.toFixed(0)}/s, ratio ${(top.perSecond / ceilingPerSecond).toFixed(2)}`);
    console.log(`delivery delay at ${RATE} events/s (${DELAY_EVENTS} events), event commit → arrival, p50 / p99: with the dead endpoint ${withDead.p50} / ${withDead.p99} ms; without it ${without.p50} / ${without.p99} ms`);
    console.log(`the dead endpoint adds ${withDead.p99 - without.p99} ms to the healthy endpoints' p99 (goal < ${GOALS.deadAddsP99Ms} ms)`);
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
