// POST /api/v1/quote throughput as a ratio to a bare Fastify JSON route in the same run, with a
// catalog of 20 carriers × 50 zones × 30 weight brackets (goal: ratio ≥ 0.5, p99 < 20 ms
// at 50 connections). Usage: npm run bench:quote [-- seconds]
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { startQuoteBench } from './quote-setup';

const seconds = Number(process.argv[2] ?? process.env.BENCH_SECONDS ?? 10);
const connections = 50;

async function main() {
  const bench = await startQuoteBench();
  const { token, bareUrl, bareZodUrl } = bench;

  // Bodies vary per request (service, weight, zip); the load runs in a worker thread so the client
  // does not share the server's event loop.
  const setupRequest = fileURLToPath(new URL('./quote-request.cjs', import.meta.url));
  const require = createRequire(import.meta.url);
  const sample = (require(setupRequest) as (r: object) => { body: string })({}).body;
  const check = await fetch(bench.quoteUrl, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: sample });
  if (check.status !== 200) throw new Error(`quote failed: ${check.status} ${await check.text()}`);

  const run = async (url: string, headers: Record<string, string>, duration: number) =>
    autocannon({ url, method: 'POST', connections, duration, workers: 1, headers: { 'content-type': 'application/json', ...headers }, requests: [{ setupRequest: setupRequest as never }] });
  const measure = async (url: string, headers: Record<string, string> = {}) => {
    await run(url, headers, 1);
    const r = await run(url, headers, seconds);
    return { rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.non2xx };
  };
  // Rounds alternate the bare route and the quote, so a noisy moment on a 2-core machine shows as one
  // outlying round instead of skewing the answer; the ratio reported is the median of the rounds.
  const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
  const zodBaseline = await measure(bareZodUrl);
  const results: { bare: Awaited<ReturnType<typeof measure>>; quote: Awaited<ReturnType<typeof measure>> }[] = [];
  for (let i = 0; i < rounds; i++) {
    const bareRun = await measure(bareUrl);
    const quoteRun = await measure(bench.quoteUrl, { authorization: `Bearer ${token}` });
    results.push({ bare: bareRun, quote: quoteRun });
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const ratios = results.map((r) => r.quote.rps / r.bare.rps);
  const ratio = median(ratios);
  const p99 = median(results.map((r) => r.quote.p99));
  const errors = results.reduce((n, r) => n + r.quote.errors + r.bare.errors, zodBaseline.errors);

  console.log(`\n${connections} connections, ${seconds} s per run, ${rounds} rounds, database ${bench.databaseKind}\n`);
  console.log('round'.padEnd(7), 'bare req/s'.padStart(11), 'p99'.padStart(5), 'quote req/s'.padStart(12), 'p99'.padStart(5), 'ratio'.padStart(7));
  results.forEach((r, i) =>
    console.log(String(i + 1).padEnd(7), r.bare.rps.toFixed(0).padStart(11), String(r.bare.p99).padStart(5), r.quote.rps.toFixed(0).padStart(12), String(r.quote.p99).padStart(5), ratios[i]!.toFixed(2).padStart(7)),
  );
  const bareMedian = median(results.map((r) => r.bare.rps));
  console.log(`\nbare zod-validated POST: ${zodBaseline.rps.toFixed(0)} req/s (${(zodBaseline.rps / bareMedian).toFixed(2)} of the bare POST); errors in all runs: ${errors}`);
  console.log(`quote ratio ${ratio.toFixed(2)} (median of ${rounds} rounds; goal ≥ 0.50), p99 ${p99} ms median, ${Math.max(...results.map((r) => r.quote.p99))} ms worst (goal < 20 ms)`);

  await bench.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
