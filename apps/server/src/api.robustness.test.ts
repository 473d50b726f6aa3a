import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, SELLER, startTestApp, type TestApp } from './test/harness';

// "Bad input gets a clear error … never a 500": every route of the OpenAPI document, called by staff
// and by a seller with malformed ids, bodies and query strings, answers a 4xx envelope (or 2xx when
// the input happens to be acceptable), never a 5xx.
let t: TestApp;
let tokens: Record<'staff' | 'seller', string>;

beforeAll(async () => {
  t = await startTestApp();
  tokens = { staff: await t.login(ADMIN.email, ADMIN.password), seller: await t.login(SELLER.email, SELLER.password) };
});
afterAll(() => t?.close());

/** Routes that end the caller's session or change its password would spoil the rest of the run. */
const SKIP = new Set(['GET /api/v1/logout', 'POST /api/v1/password/update']);

const BODIES: unknown[] = [undefined, {}, [], 'text', 42, null, { id: 'x', code: 7, name: ['a'], email: 'not-an-email', weight: -1, items: [{}] }, { ['a'.repeat(300)]: 'b'.repeat(5000) }];
const IDS = ['not-an-id', '00000000-0000-0000-0000-000000000000', '%00', 'a'.repeat(300)];
const QUERIES = ['', '?current=-1&pageSize=100000', '?current=abc&status=nope&keyword=%25%27%22', '?from=2026-13-45&to=yesterday&customerId=x'];

function routes(): { method: string; path: string }[] {
  const doc = (t.app as unknown as { swagger(): { paths: Record<string, Record<string, unknown>> } }).swagger();
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.keys(ops)
      .filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
      .map((m) => ({ method: m.toUpperCase(), path })),
  );
}

describe('no route answers a 5xx to malformed input', () => {
  it('covers the whole API', () => {
    expect(routes().length).toBeGreaterThan(60);
  });

  for (const who of ['staff', 'seller'] as const) {
    it(`as ${who}`, async () => {
      const failures: string[] = [];
      let sent = 0;
      for (const { method, path } of routes()) {
        if (!path.startsWith('/api/v1') || SKIP.has(`${method} ${path}`)) continue;
        for (const id of IDS) {
          const url = path.replace(/\{[^}]+\}/g, encodeURIComponent(id));
          const bodies = method === 'GET' || method === 'DELETE' ? [undefined] : BODIES;
          for (const query of method === 'GET' ? QUERIES : ['']) {
            for (const body of bodies) {
              sent++;
              const res = await t.app.inject({
                method: method as 'GET',
                url: url + query,
                headers: { authorization: `Bearer ${tokens[who]}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
                ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
              });
              if (res.statusCode >= 500) failures.push(`${method} ${url}${query} ${JSON.stringify(body)?.slice(0, 60)} → ${res.statusCode} ${res.body.slice(0, 160)}`);
              else if (res.statusCode >= 400 && res.headers['content-type']?.toString().includes('json')) {
                const b = res.json() as { success?: boolean; code?: string };
                if (b.success !== false || !b.code) failures.push(`${method} ${url} → ${res.statusCode} without an error envelope`);
              }
            }
          }
          if (!path.includes('{')) break;
        }
      }
      expect(failures).toEqual([]);
      expect(sent).toBeGreaterThan(900);
    }, 240_000);
  }
});
