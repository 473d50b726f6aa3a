// CPU time the server process spends per POST /api/v1/quote, beside a bare Fastify JSON POST in the
// same process. The load runs in a separate process, so on a busy machine (where req/s says more
// about the neighbours than about us) the figure still measures our own cost: process.cpuUsage()
// over a run, divided by the requests answered. Both routes get the same fixed request rate (QUOTE_CPU_RATE,
// default 2000/s; 0 = as fast as they go), since the cost per request falls as more requests share an
// event-loop turn. Usage: npx tsx bench/quote-cpu.ts [seconds] [rounds]
import { execFile } from 'node:child_process';
import { loadavg } from 'node:os';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { startQuoteBench } from './quote-setup';

const seconds = Number(process.argv[2] ?? 5);
const rounds = Number(process.argv[3] ?? 5);
const connections = 50;
const rate = Number(process.env.QUOTE_CPU_RATE ?? 2000);
const loadScript = fileURLToPath(new URL('./quote-load.mjs', import.meta.url));
const nextBody = createRequire(import.meta.url)('./quote-request.cjs') as (req: object) => { body: string };

function load(url: string, duration: number, authorization?: string): Promise<{ total: number; non2xx: number; errors: number; rps: number }> {
  return new Promise((resolve, reject) =>
    execFile(process.execPath, [loadScript, url, String(duration), String(connections), String(rate), ...(authorization ? [authorization] : [])], (err, stdout) =>
      err ? reject(err) : resolve(JSON.parse(stdout.trim().split('\n').at(-1)!)),
    ),
  );
}

/** Server CPU µs per answered request over one run (after a 1 s warm-up). */
async function cpuPerRequest(url: string, authorization?: string) {
  await load(url, 1, authorization);
  const before = process.cpuUsage();
  const r = await load(url, seconds, authorization);
  const used = process.cpuUsage(before);
  if (r.non2xx || r.errors) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { us: (used.user + used.system) / r.total, rps: r.rps };
}

/**
 * QUOTE_CPU_MODE=inject: the same bodies through app.inject (no sockets, no HTTP parser), one at a time.
 * Steadier than the socket runs on a busy machine; it leaves out the cost both routes share on the wire.
 */
async function injectPerRequest(app: Awaited<ReturnType<typeof startQuoteBench>>['app'], url: string, authorization?: string) {
  const headers = { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) };
  const run = async (n: number) => {
    const before = process.cpuUsage();
    const t0 = performance.now();
    for (let i = 0; i < n; i++) {
      const res = await app.inject({ method: 'POST', url, headers, payload: nextBody({}).body });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    }
    const used = process.cpuUsage(before);
    return { us: (used.user + used.system) / n, rps: n / ((performance.now() - t0) / 1000) };
  };
  await run(2000);
  return run(Number(process.env.QUOTE_CPU_N ?? 20000));
}

async function main() {
  const bench = await startQuoteBench();
  const auth = `Bearer ${bench.token}`;
  if (process.env.QUOTE_CPU_MODE === 'inject') {
    const path = new URL(bench.quoteUrl).pathname;
    const rows: { bare: number; quote: number }[] = [];
    for (let i = 0; i < rounds; i++) {
      const bare = await injectPerRequest(bench.bare as never, '/bare');
      const quote = await injectPerRequest(bench.app, path, auth);
      rows.push({ bare: bare.us, quote: quote.us });
      console.log(`round ${i + 1}: bare ${bare.us.toFixed(1)} µs/req, quote ${quote.us.toFixed(1)} µs/req`);
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    console.log(`\ninject, CPU per request (median of ${rounds}): bare POST ${median(rows.map((r) => r.bare)).toFixed(1)} µs, quote ${median(rows.map((r) => r.quote)).toFixed(1)} µs; load average ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
    await bench.close();
    return;
  }
  const load1 = loadavg().map((x) => x.toFixed(2)).join(' ');
  const rows: { bare: number; quote: number }[] = [];
  for (let i = 0; i < rounds; i++) {
    const bare = await cpuPerRequest(bench.bareUrl);
    const quote = await cpuPerRequest(bench.quoteUrl, auth);
    rows.push({ bare: bare.us, quote: quote.us });
    console.log(`round ${i + 1}: bare ${bare.us.toFixed(1)} µs/req (${bare.rps.toFixed(0)} req/s), quote ${quote.us.toFixed(1)} µs/req (${quote.rps.toFixed(0)} req/s), cpu ratio ${(bare.us / quote.us).toFixed(3)}`);
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const bare = median(rows.map((r) => r.bare));
  const quote = median(rows.map((r) => r.quote));
  console.log(`\nserver CPU per request (median of ${rounds} × ${seconds} s at ${rate || 'full'} req/s): bare POST ${bare.toFixed(1)} µs, quote ${quote.toFixed(1)} µs; bare/quote ${median(rows.map((r) => r.bare / r.quote)).toFixed(3)}`);
  console.log(`load average at start ${load1}, at end ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
  await bench.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
