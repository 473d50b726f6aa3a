import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ups1zCheckDigit } from '@exship/domain';

// A local carrier speaking docs/carrier-http-api.md, for tests: it keeps labels by Idempotency-Key
// (a retried purchase gets the same label back), refuses a label request whose customs lines are
// missing or ill-formed (422), and fails on demand: the next calls can time out, answer 5xx, send
// malformed JSON, rate-limit or refuse.

export type FakeFailure = 'timeout' | 'slow-create' | '5xx' | 'malformed' | 'rate-limit' | 'reject' | 'void-refused' | 'void-pending';

export interface FakeCarrier {
  url: string;
  apiKey: string;
  /** Labels created, one per idempotency key. */
  labels: Map<string, { trackingNumber: string; shipmentId: string; voided: boolean }>;
  /** Calls received per path. */
  calls: { path: string; key: string | null }[];
  /** The bodies of the label requests received, in order. */
  labelRequests: Record<string, unknown>[];
  /** The next calls fail this way (consumed one per call). */
  failNext(...failures: FakeFailure[]): void;
  /** Events the tracking endpoint returns per tracking number. */
  events: Map<string, { at: string; code: string; status?: string; description: string; city: string; state: string; country: string }[]>;
  close(): Promise<void>;
}

export async function startFakeCarrier(opts: { apiKey?: string; hangMs?: number } = {}): Promise<FakeCarrier> {
  const apiKey = opts.apiKey ?? 'fake-carrier-key-0001';
  const labels: FakeCarrier['labels'] = new Map();
  const calls: FakeCarrier['calls'] = [];
  const labelRequests: FakeCarrier['labelRequests'] = [];
  const failures: FakeFailure[] = [];
  const events: FakeCarrier['events'] = new Map();
  let serial = 1000;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '';
      const key = (req.headers['idempotency-key'] as string | undefined) ?? null;
      calls.push({ path, key });
      const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': 'application/json', ...headers });
        res.end(typeof body === 'string' ? body : JSON.stringify(body));
      };
      if (req.headers.authorization !== `Bearer ${apiKey}`) return send(401, { message: 'bad API key' });
      const failure = failures.shift();
      if (failure === 'timeout') return void setTimeout(() => send(200, {}), opts.hangMs ?? 5000);
      if (failure === '5xx') return send(503, { message: 'unavailable' });
      if (failure === 'malformed') return send(200, '{"trackingNumber": ');
      if (failure === 'rate-limit') return send(429, { message: 'slow down' }, { 'retry-after': '2' });
      if (failure === 'reject') return send(422, { message: 'recipient postal code not served' });
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
      } catch {
        return send(400, { message: 'bad JSON' });
      }
      if (req.method === 'POST' && path === '/v1/labels') {
        if (!key) return send(400, { message: 'Idempotency-Key required' });
        labelRequests.push(body);
        const customsError = checkCustoms(body.customs);
        if (customsError) return send(422, { message: customsError });
        const reply = () => {
          const l = labels.get(key)!;
          send(201, { trackingNumber: l.trackingNumber, shipmentId: l.shipmentId, events: [{ at: new Date().toISOString(), code: 'MP', description: 'Manifest received' }] });
        };
        let label = labels.get(key);
        if (!label) {
          const bodyChars = `FK0001${'03'}${String(serial++).padStart(7, '0')}`;
          label = { trackingNumber: `1Z${bodyChars}${ups1zCheckDigit(bodyChars)}`, shipmentId: `SHP-${serial}`, voided: false };
          labels.set(key, label);
        }
        // slow-create: the label exists at the carrier, but the answer comes after the client gave up.
        if (failure === 'slow-create') return void setTimeout(reply, opts.hangMs ?? 5000);
        return reply();
      }
      const voidMatch = /^\/v1\/labels\/([^/]+)\/void$/.exec(path);
      if (req.method === 'POST' && voidMatch) {
        if (failure === 'void-refused') return send(200, { status: 'refused' });
        if (failure === 'void-pending') return send(200, { status: 'pending' });
        const label = [...labels.values()].find((l) => l.shipmentId === decodeURIComponent(voidMatch[1]!));
        if (!label) return send(404, { message: 'no such shipment' });
        label.voided = true;
        return send(200, { status: 'voided' });
      }
      if (req.method === 'POST' && path === '/v1/tracking') {
        const numbers = Array.isArray(body.trackingNumbers) ? (body.trackingNumbers as string[]) : [];
        return send(200, { results: numbers.map((n) => ({ trackingNumber: n, found: [...labels.values()].some((l) => l.trackingNumber === n), events: events.get(n) ?? [] })) });
      }
      return send(404, { message: 'not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    apiKey,
    labels,
    calls,
    labelRequests,
    events,
    failNext: (...f) => void failures.push(...f),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The customs lines of docs/carrier-http-api.md: a list, each line complete and typed. */
function checkCustoms(customs: unknown): string | undefined {
  if (!Array.isArray(customs)) return 'customs must be a list';
  for (const [i, raw] of customs.entries()) {
    const l = (raw ?? {}) as Record<string, unknown>;
    const whole = (v: unknown, min: number) => Number.isInteger(v) && (v as number) >= min;
    if (typeof l.description !== 'string' || l.description.trim() === '') return `customs[${i}].description is required`;
    if (typeof l.hsCode !== 'string' || l.hsCode.length > 50) return `customs[${i}].hsCode must be text of at most 50 characters`;
    if (!whole(l.quantity, 1)) return `customs[${i}].quantity must be a whole number above 0`;
    if (!whole(l.valueUsdCents, 0)) return `customs[${i}].valueUsdCents must be whole cents`;
    if (typeof l.originCountry !== 'string' || !/^[A-Z]{2}$/.test(l.originCountry)) return `customs[${i}].originCountry must be an ISO country code`;
    if (!whole(l.weightGr, 0)) return `customs[${i}].weightGr must be whole grams`;
  }
  return undefined;
}
