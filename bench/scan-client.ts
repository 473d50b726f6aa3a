// The scanners of bench/scan.ts, in a process of their own (as barcode scanners are devices of their
// own): the server's process serves the scans and nothing else. The parent sends one phase at a time
// over IPC and gets back each scan's time and this process's CPU for the phase.
//   { kind: 'capacity', codes, concurrency }: stations scanning back to back (each sends on the last answer);
//   { kind: 'paced', codes, rate }: each scan sent when it is due, whatever the earlier ones' fate (an
//     open loop), its latency counted from when it was due (no coordinated omission).
// Common: base (the API's URL), headers (the bearer token's), beyondEvery (every n-th scan is beyond
// the tolerance; 0: none), sockets (the kept-alive connections at most, the bench's BENCH_CONCURRENCY).
// The process ends when the parent's IPC channel closes (the bench ended, failed or was killed).
import http from 'node:http';
import { fileURLToPath } from 'node:url';

export type ClientPhase = { base: string; headers: Record<string, string>; codes: string[]; beyondEvery: number; sockets: number } & (
  | { kind: 'capacity'; concurrency: number }
  | { kind: 'paced'; rate: number }
);
export type ClientResult = { ok: true; times: number[]; seconds: number; cpuMs: number } | { ok: false; error: string };

let agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** One POST over a kept-alive connection (node:http: the lightest client at hand). */
function post(url: string, headers: Record<string, string>, body: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', agent, headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** A check-in scan with its measures (beyond the tolerance: heavier and wider); throws on any answer but 200. */
export async function scanOnce(base: string, headers: Record<string, string>, code: string, beyond: boolean): Promise<number> {
  const body = { code, weightGr: beyond ? 1500 : 820, lengthCm: 20, widthCm: beyond ? 18 : 15, heightCm: 10 };
  const t0 = performance.now();
  const res = await post(`${base}/floor/check-ins`, headers, JSON.stringify(body));
  const ms = performance.now() - t0;
  if (res.status !== 200) throw new Error(`${code}: ${res.status} ${res.text}`);
  return ms;
}

async function run(phase: ClientPhase): Promise<ClientResult> {
  // The same connections from one phase to the next (as one set of stations), as many as the bench asks.
  if (agent.maxSockets !== phase.sockets) {
    agent.destroy();
    agent = new http.Agent({ keepAlive: true, maxSockets: phase.sockets });
  }
  const beyond = (i: number) => phase.beyondEvery > 0 && i % phase.beyondEvery === 0;
  const times: number[] = [];
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  if (phase.kind === 'capacity') {
    let next = 0;
    await Promise.all(
      Array.from({ length: phase.concurrency }, async () => {
        for (;;) {
          const i = next++;
          if (i >= phase.codes.length) return;
          times.push(await scanOnce(phase.base, phase.headers, phase.codes[i]!, beyond(i)));
        }
      }),
    );
  } else {
    await Promise.all(
      phase.codes.map(async (code, i) => {
        const due = t0 + (i * 1000) / phase.rate;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        await scanOnce(phase.base, phase.headers, code, beyond(i));
        times.push(performance.now() - due);
      }),
    );
  }
  const cpu = process.cpuUsage(cpu0);
  return { ok: true, times, seconds: (performance.now() - t0) / 1000, cpuMs: (cpu.user + cpu.system) / 1000 };
}

// Run as the scanners' process (forked with an IPC channel), not when bench/scan.ts imports scanOnce.
if (process.send && process.argv[1] === fileURLToPath(import.meta.url)) {
  // The bench's process gone (it failed, or was stopped): nothing is left scanning.
  process.on('disconnect', () => process.exit(0));
  process.on('message', (phase: ClientPhase) => {
    run(phase).then(
      (result) => process.send!(result),
      (err: unknown) => process.send!({ ok: false, error: err instanceof Error ? err.message : String(err) } satisfies ClientResult),
    );
  });
}
