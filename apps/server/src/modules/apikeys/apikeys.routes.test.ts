import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_EXPIRIES, API_KEY_PREFIX, apiKeyExpiresAt, type ApiKeyScope } from '@exship/contracts';
import { ADMIN, SELLER, createSeller, eventually, orderBody, startTestApp, type TestApp } from '../../test/harness';

// docs/api-keys.md: a seller's key is used exactly like a session token, within its scope and its
// account; shown once, stored hashed, revoked at once everywhere, rate limited, traced.
const RATE = 25;
let t: TestApp;
let seller: string;
let sellerAccount: string;
let other: { id: string; token: string };
let ip = 1;
// Each call from its own address, so the login and endpoint limits per address never get in the way.
const call = (token: string | undefined, method: 'GET' | 'POST' | 'DELETE' | 'PATCH', url: string, payload?: unknown) =>
  t.call({ method, url: `/api/v1${url}`, token, ...(payload ? { payload } : {}), remoteAddress: `10.61.${Math.floor(ip / 250)}.${(ip++ % 250) + 1}` });
const q = async <T>(query: ReturnType<typeof sql>) => ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;

async function newKey(token: string, scope: ApiKeyScope = { kind: 'all' }, expiry = 'none', name = 'Shop sync') {
  const res = await call(token, 'POST', '/api-keys', { name, expiry, scope });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { _id: string; key: string; prefix: string; createdAt: string; expiresAt: string | null };
}

beforeAll(async () => {
  t = await startTestApp({ env: { SEED_DEMO_CATALOG: 'true', API_KEY_REQUESTS_PER_MINUTE: String(RATE) } });
  seller = await t.login(SELLER.email, SELLER.password, '10.62.0.1');
  sellerAccount = (await q<{ account_id: string }>(sql`select account_id from users where email = ${SELLER.email}`))[0]!.account_id;
  other = await createSeller(t, 'keys.other@example.com');
}, 60_000);
afterAll(() => t?.close());

describe('creating and listing keys', () => {
  it.each(API_KEY_EXPIRIES)('expiry %s: the key is shown once, its expiry computed from its creation', async (expiry) => {
    const created = await newKey(seller, { kind: 'all' }, expiry, `Key ${expiry}`);
    expect(created.key).toMatch(new RegExp(`^${API_KEY_PREFIX}[A-Za-z0-9_-]{43}$`));
    expect(created.prefix).toBe(created.key.slice(0, API_KEY_PREFIX.length + 4));
    const expected = apiKeyExpiresAt(expiry, new Date(created.createdAt));
    expect(created.expiresAt).toBe(expected?.toISOString() ?? null);
    if (expiry === '1d') expect(Date.parse(created.expiresAt!) - Date.parse(created.createdAt)).toBe(24 * 3600_000);
    if (expiry === '1y') expect(new Date(created.expiresAt!).getUTCFullYear()).toBe(new Date(created.createdAt).getUTCFullYear() + 1);

    const listed = (await call(seller, 'GET', '/api-keys')).body.data.find((k: { _id: string }) => k._id === created._id);
    expect(listed).toMatchObject({ name: `Key ${expiry}`, prefix: created.prefix, status: 'active', expiresAt: created.expiresAt, lastUsedAt: null, scope: { kind: 'all' } });
    expect(listed.createdBy).toMatchObject({ email: SELLER.email });
    expect(JSON.stringify(listed)).not.toContain(created.key);
    // The key works as a bearer token.
    expect((await call(created.key, 'GET', '/me')).status).toBe(200);
    // Revoked again so the account stays under its key limit.
    expect((await call(seller, 'DELETE', `/api-keys/${created._id}`)).status).toBe(200);
  });

  it('the api_keys row holds the SHA-256 of the key and its first characters, never the key', async () => {
    const created = await newKey(seller);
    const [row] = await q<Record<string, unknown>>(sql`select * from api_keys where id = ${created._id}`);
    const stored = JSON.stringify(row);
    const secret = created.key.slice(API_KEY_PREFIX.length);
    expect(stored).not.toContain(created.key);
    expect(stored).not.toContain(secret);
    expect(stored).not.toContain(secret.slice(8));
    expect(row!.key_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.prefix).toBe(created.prefix);
  });

  it('an expired key is refused with 401', async () => {
    const created = await newKey(seller, { kind: 'all' }, '1d');
    expect((await call(created.key, 'GET', '/orders')).status).toBe(200);
    await t.db.execute(sql`update api_keys set expires_at = now() - interval '1 second' where id = ${created._id}`);
    const res = await call(created.key, 'GET', '/orders');
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('API_KEY_EXPIRED');
    expect((await call(seller, 'GET', '/api-keys')).body.data.find((k: { _id: string }) => k._id === created._id).status).toBe('expired');
  });

  it('an unknown, malformed or revoked key is 401; revoking another account\'s key is 404', async () => {
    expect((await call(`${API_KEY_PREFIX}${'A'.repeat(43)}`, 'GET', '/me')).status).toBe(401);
    expect((await call(`${API_KEY_PREFIX}short`, 'GET', '/me')).status).toBe(401);
    const created = await newKey(seller);
    expect((await call(created.key, 'GET', '/me')).status).toBe(200);
    expect((await call(other.token, 'DELETE', `/api-keys/${created._id}`)).status).toBe(404);
    expect((await call(created.key, 'GET', '/me')).status).toBe(200);
    expect((await call(seller, 'DELETE', `/api-keys/${created._id}`)).status).toBe(200);
    const refused = await call(created.key, 'GET', '/me');
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe('UNAUTHENTICATED');
    expect((await call(seller, 'GET', '/api-keys')).body.data.map((k: { _id: string }) => k._id)).not.toContain(created._id);
    expect((await call(seller, 'DELETE', `/api-keys/${created._id}`)).status).toBe(404);
  });

  it('a scope beyond the creator\'s permissions is refused; staff cannot create keys', async () => {
    const beyond = await call(seller, 'POST', '/api-keys', { name: 'x', expiry: 'none', scope: { kind: 'groups', groups: [{ resource: 'RS-USER', access: 'read' }] } });
    expect(beyond.status).toBe(403);
    expect(beyond.body.code).toBe('PERMISSION_NOT_HELD');
    const groups = (await call(seller, 'GET', '/api-keys/groups')).body.data.map((g: { resource: string }) => g.resource);
    expect(groups).toContain('RS-ORDER');
    expect(groups).not.toContain('RS-USER');
    expect(groups).not.toContain('RS-API-KEY');
    const bad = await call(seller, 'POST', '/api-keys', { name: 'x', expiry: '2w', scope: { kind: 'all' } });
    expect(bad.status).toBe(400);
    const admin = await t.login(ADMIN.email, ADMIN.password, '10.62.0.2');
    const staff = await call(admin, 'POST', '/api-keys', { name: 'x', expiry: 'none', scope: { kind: 'all' } });
    expect(staff.status).toBe(403);
    expect(staff.body.code).toBe('API_KEY_SELLER_ONLY');
  });
});

describe('using a key', () => {
  it('a read-only group reads but cannot write (403); a read/write group writes; a group outside the scope is 403', async () => {
    const readOnly = await newKey(seller, { kind: 'groups', groups: [{ resource: 'RS-ORDER', access: 'read' }] });
    expect((await call(readOnly.key, 'GET', '/orders')).status).toBe(200);
    const write = await call(readOnly.key, 'POST', '/orders', orderBody(`KEY-RO-${Date.now()}`));
    expect(write.status).toBe(403);
    expect(write.body.code).toBe('API_KEY_READ_ONLY');
    expect((await call(readOnly.key, 'GET', '/products')).status).toBe(403);
    // An open route that changes something needs a key scoped to everything.
    expect((await call(readOnly.key, 'PATCH', '/notifi/update-seen', {})).status).toBe(403);
    // /me answers with the key's own permissions.
    const me = await call(readOnly.key, 'GET', '/me');
    expect(me.body.data.permissions).toContain('EX-ORDER-CREATE');
    expect(me.body.data.permissions).not.toContain('EX-PRODUCT-LIST');

    const readWrite = await newKey(seller, { kind: 'groups', groups: [{ resource: 'RS-ORDER', access: 'write' }] });
    const created = await call(readWrite.key, 'POST', '/orders', orderBody(`KEY-RW-${Date.now()}`));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
  });

  it('never reaches a staff route, a session-only route or the keys themselves', async () => {
    const key = (await newKey(seller)).key;
    expect((await call(key, 'GET', '/admin/users-management')).status).toBe(403);
    const logout = await call(key, 'GET', '/logout');
    expect(logout.status).toBe(403);
    expect(logout.body.code).toBe('API_KEY_NOT_ALLOWED');
    expect((await call(key, 'POST', '/password/update', { currentPassword: SELLER.password, password: 'Another#Passw0rd!', logoutOtherSessions: false })).status).toBe(403);
    expect((await call(key, 'GET', '/api-keys')).status).toBe(403);
    expect((await call(key, 'POST', '/api-keys', { name: 'child', expiry: 'none', scope: { kind: 'all' } })).status).toBe(403);
    // Still a working key.
    expect((await call(key, 'GET', '/orders')).status).toBe(200);
  });

  it('a creator whose user becomes staff keeps nothing through the key: staff and seller routes alike are 403', async () => {
    const email = 'keys.turned@example.com';
    const turned = await createSeller(t, email);
    const key = (await newKey(turned.token)).key;
    expect((await call(key, 'GET', '/orders')).status).toBe(200);
    await t.db.execute(sql`update users set role_id = (select id from roles where code = 'EXR-ADMIN') where email = ${email}`);
    expect((await call(key, 'GET', '/admin/users-management')).status).toBe(403);
    expect((await call(key, 'GET', '/orders')).status).toBe(403);
  });

  it('a permission the creator loses is lost on the key at once', async () => {
    const key = (await newKey(seller)).key;
    expect((await call(key, 'GET', '/products')).status).toBe(200);
    const [user] = await q<{ id: string }>(sql`select id from users where email = ${SELLER.email}`);
    await t.db.execute(sql`insert into user_permissions (user_id, permission_code, granted) values (${user!.id}, 'EX-PRODUCT-LIST', false)`);
    try {
      expect((await call(key, 'GET', '/products')).status).toBe(403);
    } finally {
      await t.db.execute(sql`delete from user_permissions where user_id = ${user!.id} and permission_code = 'EX-PRODUCT-LIST'`);
    }
    expect((await call(key, 'GET', '/products')).status).toBe(200);
  });

  it('tenancy: seller B\'s key cannot read seller A\'s order; A\'s key can', async () => {
    const order = await call(seller, 'POST', '/orders', orderBody(`KEY-TEN-${Date.now()}`));
    expect(order.status, JSON.stringify(order.body)).toBe(201);
    const orderId = order.body.data._id as string;
    const keyA = (await newKey(seller)).key;
    const keyB = (await newKey(other.token)).key;
    expect((await call(keyA, 'GET', `/orders/${orderId}`)).status).toBe(200);
    expect((await call(keyB, 'GET', `/orders/${orderId}`)).status).toBe(404);
    const listB = await call(keyB, 'GET', '/orders');
    expect(listB.status).toBe(200);
    expect(JSON.stringify(listB.body.data)).not.toContain(orderId);
  });

  it('every use lands in the activity trail with the key\'s id; last used is set once a minute at most', async () => {
    const created = await newKey(seller);
    expect((await call(created.key, 'GET', '/orders')).status).toBe(200);
    const order = await call(created.key, 'POST', '/orders', orderBody(`KEY-ACT-${Date.now()}`));
    expect(order.status).toBe(201);
    expect((await call(created.key, 'GET', '/admin/users-management')).status).toBe(403);
    const lines = await eventually(async () => {
      const rows = await q<{ operation_id: string; status: number; user_id: string }>(sql`select operation_id, status, user_id from activity_log where api_key_id = ${created._id} order by at`);
      return rows.length >= 3 ? rows : null;
    }, 5_000, 50);
    expect(lines.map((l) => [l.operation_id, l.status]).sort()).toEqual([['createOrder', 201], ['listOrders', 200], ['listUsersManagement', 403]].sort());
    expect(new Set(lines.map((l) => l.user_id)).size).toBe(1);
    // Session calls carry no key id.
    await call(seller, 'POST', '/orders', orderBody(`KEY-SES-${Date.now()}`));
    const [session] = await q<{ api_key_id: string | null }>(sql`select api_key_id from activity_log where operation_id = 'createOrder' order by at desc limit 1`);
    expect(session!.api_key_id).toBeNull();

    const first = (await call(seller, 'GET', '/api-keys')).body.data.find((k: { _id: string }) => k._id === created._id).lastUsedAt;
    expect(first).not.toBeNull();
    await call(created.key, 'GET', '/orders');
    const [row] = await q<{ last_used_at: Date }>(sql`select last_used_at from api_keys where id = ${created._id}`);
    expect(new Date(row!.last_used_at).toISOString()).toBe(first);
  });

  it(`past ${RATE} requests a minute a key gets 429 with Retry-After; another key of the account is not affected`, async () => {
    const limited = (await newKey(seller)).key;
    const spare = (await newKey(seller)).key;
    for (let i = 0; i < RATE; i++) expect((await call(limited, 'GET', '/me')).status, `call ${i + 1}`).toBe(200);
    const over = await call(limited, 'GET', '/me');
    expect(over.status).toBe(429);
    expect(over.body.code).toBe('RATE_LIMITED');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect((await call(spare, 'GET', '/me')).status).toBe(200);
    // Session calls of the same user are not counted against the key.
    expect((await call(seller, 'GET', '/me')).status).toBe(200);
  });

  it('the account holds at most 20 active keys', async () => {
    const active = (await call(seller, 'GET', '/api-keys')).body.data.filter((k: { status: string }) => k.status === 'active').length;
    for (let i = active; i < 20; i++) await newKey(seller);
    const refused = await call(seller, 'POST', '/api-keys', { name: 'one too many', expiry: 'none', scope: { kind: 'all' } });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('API_KEY_LIMIT_REACHED');
    void sellerAccount;
  });
});

describe.runIf(!!process.env.TEST_DATABASE_URL)('two app instances on one database', () => {
  let b: TestApp;
  beforeAll(async () => {
    b = await startTestApp({ shareDatabaseOf: t });
  }, 60_000);
  afterAll(() => b?.close());

  it('a key revoked on A is refused on B at once', async () => {
    const token = await t.login('keys.other@example.com', 'Other#Passw0rd!', '10.62.0.3');
    const created = await newKey(token);
    const onB = () => b.call({ method: 'GET', url: '/api/v1/orders', token: created.key, remoteAddress: '10.62.0.4' });
    expect((await onB()).status).toBe(200);
    expect((await call(token, 'DELETE', `/api-keys/${created._id}`)).status).toBe(200);
    const refused = await onB();
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe('UNAUTHENTICATED');
  });
});
