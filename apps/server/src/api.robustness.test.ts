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

// Control characters (NUL, BEL, ESC, DEL) in the strings a request carries, and dates that do not exist
// or lie outside 2000–2100, in the fields the API's bodies use most.
const C = '\u0000\u0007\u001b\u007f';
const CONTROL_BODY = {
  code: `A${C}`, name: `n${C}`, fullName: `An${C}`, email: `a${C}@example.com`, password: `Abcdefgh1!xy${C}`, phone: `+8490${C}`,
  address: `1 Way${C}`, city: `C${C}`, zipcode: `1${C}`, country: 'US', keyword: C, reason: C, titleEn: C, contentEn: `a\n${C}`,
  sku: `S${C}`, hsCode: `H${C}`, url: `/app${C}`, token: C, id: `x${C}`, userId: C, roles: [C], users: [C], services: [C], customers: [C],
  variants: [{ sku: `S${C}`, price: 1 }], ranges: [{ zipFrom: `abc${C}`, zipTo: '1' }], states: [C], timeZone: { offset: C, zone: C },
};
const DATE_BODY = {
  startDate: '2026-13-45T25:99', endDate: '2027-02-30T10:00', publishAt: '0020-03-01T00:00:00Z', dateOfBirth: '2027-02-30',
  from: '0099-06-01', to: '2026-02-30', date: '2026-00-10', amountOff: { type: 'percent', value: 150 }, ranges: [{ zipFrom: 'abc', zipTo: '1' }],
};
const BODIES: unknown[] = [
  undefined, {}, [], 'text', 42, null,
  { id: 'x', code: 7, name: ['a'], email: 'not-an-email', weight: -1, items: [{}] },
  { ['a'.repeat(300)]: 'b'.repeat(5000) },
  CONTROL_BODY,
  DATE_BODY,
];
/** Path parameters (percent-encoded when sent): malformed ids, NUL and a literal %, DEL, BEL and LF, an over-long value. */
const IDS = ['not-an-id', '00000000-0000-0000-0000-000000000000', 'a\u0000b%', 'x\u007f\u0007\n', 'a'.repeat(300)];
const QUERIES = [
  '',
  '?current=-1&pageSize=100000',
  '?current=abc&status=nope&keyword=%25%27%22',
  '?from=2026-13-45&to=yesterday&customerId=x',
  '?keyword=a%00&searchKey=%00%07&ids=%00&startDate=2026-13-45T25:99&endDate=0020-03-01&publishAt=%7F&country=U%00',
];

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
                const b = res.json() as { success?: boolean; code?: string; errors?: { field: string }[] };
                if (b.success !== false || !b.code) failures.push(`${method} ${url} → ${res.statusCode} without an error envelope`);
                // A path that cannot name a record is a 404, never "some fields are not valid" about the path.
                const params = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
                if (res.statusCode === 400 && body === undefined && b.errors?.some((e) => params.includes(e.field))) failures.push(`${method} ${url} → 400 on a path parameter (want 404)`);
              }
            }
          }
          if (!path.includes('{')) break;
        }
      }
      expect(failures).toEqual([]);
      expect(sent).toBeGreaterThan(1200);
    }, 240_000);
  }
});

describe('a NUL in a list filter is refused on the field (issue: 500 "invalid byte sequence")', () => {
  const staffLists = ['/carriers', '/services', '/warehouses', '/zones', '/taxes', '/carrier-configs', '/products', '/products/weight-configs', '/products/actual-weight-fees', '/user/get-customers', '/notifi'];
  it.each(staffLists)('GET %s?keyword=a%%00 → 400 on keyword (staff)', async (path) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1${path}?keyword=a%00`, headers: { authorization: `Bearer ${tokens.staff}` } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ field: 'keyword', message: 'Control characters (such as NUL) are not allowed in this text.' }] });
  });
  it('GET /products?keyword=a%00 → 400 on keyword (seller)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/products?keyword=a%00', headers: { authorization: `Bearer ${tokens.seller}` } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'keyword', message: 'Control characters (such as NUL) are not allowed in this text.' }]);
  });
  it.each(['searchKey=a%00', 'startDate=%00', 'endDate=2026-01-01%00'])('GET /discounts?%s → 400 on the field', async (q) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/discounts?${q}`, headers: { authorization: `Bearer ${tokens.staff}` } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe(q.split('=')[0]);
  });
  it.each([
    ['/register', { fullName: 'A\u0000', email: 'nul@example.com', password: 'Abcdefgh1!xy', confirmPassword: 'Abcdefgh1!xy', agreeTerms: true }, 'fullName'],
    ['/login', { email: 'a\u0000@example.com', password: 'x' }, 'email'],
  ])('POST %s with a NUL → 400 on the field', async (path, payload, field) => {
    const res = await t.app.inject({ method: 'POST', url: `/api/v1${path}`, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ field, message: 'Control characters (such as NUL) are not allowed in this text.' });
  });
  it.each(['POST /api/v1/zones', 'PUT /api/v1/zones/0b7c3f2e-1d4a-4c5b-9e6f-7a8b9c0d1e2f'])('%s with a non-digit zip range → 400 on the zip, not 500', async (route) => {
    const [method, url] = route.split(' ') as ['POST' | 'PUT', string];
    const payload = { code: 'ZR1', name: 'Range', country: 'US', ranges: [{ zipFrom: 'abc', zipTo: '1' }] };
    const res = await t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${tokens.staff}` } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'ranges.0.zipFrom', message: 'Use digits only, under 30 characters.' }]);
  });
  it('a malformed service id in the path is 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/services/xyz', headers: { authorization: `Bearer ${tokens.staff}` } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });
});
