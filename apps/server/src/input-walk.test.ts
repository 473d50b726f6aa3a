import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, SELLER, startTestApp, type TestApp } from './test/harness';

// "Bad input gets a clear error … it never causes a 500": every route of the OpenAPI document is sent
// hostile input by a user who may use it (the super admin) and by a seller — bodies of the wrong shape,
// fields of the wrong type, out-of-range numbers, impossible dates, huge strings, path ids that are not
// ids, query strings of garbage — and must answer with a 4xx (or a 2xx for a read that ignores them),
// never a 5xx. Ids that exist nowhere keep the walk from changing anything.

type Schema = { type?: string; format?: string; properties?: Record<string, Schema>; items?: Schema; enum?: unknown[]; anyOf?: Schema[]; oneOf?: Schema[]; allOf?: Schema[] };
type Operation = { operationId?: string; 'x-permission'?: string; parameters?: { in: string; name: string; schema?: Schema }[]; requestBody?: { content?: Record<string, { schema?: Schema }> } };
type Doc = { paths: Record<string, Record<string, Operation>> };

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);
const NOWHERE = '00000000-0000-4000-8000-00000000beef';
/** Paths that end the walker's own session or would sign it out. */
const SKIP = [/\/logout/];

/** One wrong value for a schema: the wrong type, or the right type out of range. */
function hostile(schema: Schema | undefined, variant: number, depth = 0): unknown {
  const s = schema?.anyOf?.[0] ?? schema?.oneOf?.[0] ?? schema?.allOf?.[0] ?? schema ?? {};
  if (depth > 4) return null;
  switch (s.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(s.properties ?? {})) out[k] = hostile(v, variant, depth + 1);
      return out;
    }
    case 'array':
      return variant % 2 ? [hostile(s.items, variant, depth + 1)] : 'not-a-list';
    case 'integer':
    case 'number':
      return [-1, 1e308, 2 ** 53 + 1, '12abc', 0.5, {}][variant % 6];
    case 'boolean':
      return ['yes', 2, null][variant % 3];
    case 'string':
      if (s.format === 'uuid') return ['not-a-uuid', NOWHERE, "' OR 1=1 --"][variant % 3];
      if (s.format === 'date' || s.format === 'date-time') return ['2026-13-45', '0000-00-00T99:99', 'yesterday'][variant % 3];
      if (s.enum) return 'NOT_ONE_OF_THEM';
      return ['x'.repeat(20_000), '\u0000\ud800', 42, '<script>alert(1)</script>', '', ['a']][variant % 6];
    default:
      return [{ a: [1, { b: null }] }, 'x'.repeat(20_000), -1, null][variant % 4];
  }
}

const QUERIES = [
  '?page=-1&limit=abc&pageSize=1e9&dateFrom=2026-13-45&dateTo=yesterday&status=NOPE&sort=%27&keyword=%00',
  '?page=99999999999999999999&limit=-5&id=not-a-uuid&orderIds=a,b,c&from=x&to=y&type=%5B%5D',
  '?keyword=' + 'k'.repeat(5000),
];

let t: TestApp;
let doc: Doc;
let tokens: [string, string][];

beforeAll(async () => {
  t = await startTestApp();
  doc = (t.app as unknown as { swagger(): Doc }).swagger();
  tokens = [
    ['admin', await t.login(ADMIN.email, ADMIN.password, '10.78.0.1')],
    ['seller', await t.login(SELLER.email, SELLER.password, '10.78.0.2')],
  ];
}, 120_000);
afterAll(() => t?.close());

describe('hostile input, walked over every route', () => {
  it('no route answers a 5xx, whoever calls it and whatever it is sent', async () => {
    const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([m]) => METHODS.has(m))
        .filter(() => !SKIP.some((re) => re.test(path)))
        .map(([method, op]) => ({ method: method.toUpperCase(), path: path.replace(/^\/api\/v1/, ''), op })),
    );
    expect(operations.length).toBeGreaterThan(100);
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    for (const [who, token] of tokens) {
      for (const { method, path, op } of operations) {
        const withBody = method !== 'GET' && method !== 'DELETE';
        const json = op.requestBody?.content?.['application/json']?.schema;
        // Raw JSON texts: a list, a bare string, null, a prototype-pollution attempt, broken JSON, then the schema's fields of the wrong kind.
        const raw = ['[]', '"text"', 'null', '{"__proto__":{"admin":true},"constructor":{"prototype":{"admin":true}}}', '{"a":'];
        const bodies: (string | undefined)[] = withBody ? [...raw, ...[0, 1, 2, 3, 4, 5].map((v) => JSON.stringify(hostile(json, v)))] : [undefined];
        const ids = ['not-an-id', NOWHERE, '%27%20OR%201%3D1', 'x'.repeat(300)];
        for (const [i, body] of bodies.entries()) {
          const url = `/api/v1${path.replace(/\{[^}]+\}/g, encodeURIComponent(ids[i % ids.length]!).replace(/%25/g, '%'))}${QUERIES[i % QUERIES.length]}`;
          const res = await t.app.inject({
            method: method as 'GET',
            url,
            headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
            ...(body === undefined ? {} : { payload: body }),
          });
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          if (res.statusCode >= 500) failures.push(`${who} ${method} ${url.slice(0, 140)} body#${i}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    // The walk reached the routes' own checks: input refused (400), ids found nowhere (404), reads
    // answered (200), the seller refused staff routes (403) — not only the sign-in check (401).
    for (const status of [200, 400, 403, 404]) expect(statuses.get(status) ?? 0, `replies with ${status}`).toBeGreaterThan(20);
    expect(statuses.get(401) ?? 0).toBeLessThan(50);
  }, 600_000);
});
