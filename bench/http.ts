// Throughput of GET /api/v1/health and GET /api/v1/me, as a ratio to a bare Fastify JSON route
// started in the same run (goal: health ≥ 0.7). Usage: npm run bench [-- seconds]
// On PostgreSQL: DATABASE_URL=postgres://postgres@127.0.0.1:5432/<an empty database> npm run bench
// (the run migrates and seeds it; PGlite in memory otherwise).
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { buildApp } from '../apps/server/src/app';
import { closeContext, createContext } from '../apps/server/src/context';
import { loadConfig } from '../apps/server/src/platform/config';
import { openDatabase } from '../apps/server/src/platform/db';

const seconds = Number(process.argv[2] ?? process.env.BENCH_SECONDS ?? 10);
const connections = 50;

interface Result {
  name: string;
  rps: number;
  p99: number;
  errors: number;
}

async function measure(name: string, url: string, headers: Record<string, string> = {}): Promise<Result> {
  // a short warm-up so the JIT and the database cache are not part of the figure
  // The load runs in a worker thread, so the client does not share the server's event loop.
  await autocannon({ url, connections, duration: 1, headers, workers: 1 });
  const r = await autocannon({ url, connections, duration: seconds, headers, workers: 1 });
  return { name, rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

async function main() {
  const bare = Fastify();
  bare.get('/bare', async () => ({ success: true, message: 'OK', data: { status: 'ok' } }));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}/bare`;

  const config = loadConfig({ LOG_LEVEL: 'warn', DATABASE_URL: process.env.DATABASE_URL, SEED_DEMO: 'true', SEED_DEMO_CATALOG: 'false', WEB_DIST: '/nonexistent' });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: 'memory://' });
  const ctx = await createContext(config, { database });
  const app = await buildApp(ctx);
  await app.seed();
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}/api/v1`;
  const login = await fetch(`${base}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: config.seed.sellerEmail, password: config.seed.sellerPassword }),
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;

  // The baseline runs before and after the others; its mean is the denominator, so drift cancels out.
  const before = await measure('bare Fastify GET', bareUrl);
  const health = await measure('GET /api/v1/health', `${base}/health`);
  const me = await measure('GET /api/v1/me', `${base}/me`, { authorization: `Bearer ${token}` });
  const after = await measure('bare Fastify GET', bareUrl);
  const baseline: Result = { name: 'bare Fastify GET (mean)', rps: (before.rps + after.rps) / 2, p99: Math.max(before.p99, after.p99), errors: before.errors + after.errors };

  console.log(`\n${connections} connections, ${seconds} s each, database ${database.kind}\n`);
  console.log('endpoint'.padEnd(24), 'req/s'.padStart(9), 'p99 ms'.padStart(8), 'ratio'.padStart(7), 'errors'.padStart(7));
  for (const r of [baseline, health, me]) {
    console.log(r.name.padEnd(24), r.rps.toFixed(0).padStart(9), String(r.p99).padStart(8), (r.rps / baseline.rps).toFixed(2).padStart(7), String(r.errors).padStart(7));
  }
  console.log(`\nhealth ratio ${(health.rps / baseline.rps).toFixed(2)} (goal ≥ 0.70)`);

  await app.close();
  await closeContext(ctx);
  await bare.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
