// The load of bench/quote-cpu.ts, in a process of its own so its CPU is not counted as the server's.
// argv: url seconds connections rate (requests/s in all, 0 = as fast as it goes) [authorization];
// prints autocannon's totals as one JSON line.
import { createRequire } from 'node:module';
import autocannon from 'autocannon';

const [url, seconds, connections, rate, authorization] = process.argv.slice(2);
const headers = { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) };
const setupRequest = createRequire(import.meta.url)('./quote-request.cjs');
const r = await autocannon({ url, method: 'POST', connections: Number(connections), duration: Number(seconds), ...(Number(rate) > 0 ? { overallRate: Number(rate) } : {}), headers, requests: [{ setupRequest }] });
process.stdout.write(`${JSON.stringify({ total: r.requests.total, non2xx: r.non2xx, errors: r.errors, rps: r.requests.average })}\n`);
