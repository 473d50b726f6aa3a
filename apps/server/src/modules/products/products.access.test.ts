import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, SELLER, startTestApp, type TestApp, createSeller } from '../../test/harness';
import { hashPassword } from '../../platform/passwords';
import { AppError } from '../../platform/errors';
import { sql } from 'drizzle-orm';
import { createUser, findUserByEmail, loadPrincipal, seedAccessCatalog } from '../users';
import { createProduct, requireProducts, type Actor } from './products.service';

// docs/engineering.md "Tenancy" through the platform access scope: who sees which rows is a permission
// (EX-ACT-FOR-CUSTOMER), never the role's kind; sets of ids are checked in one go.
let t: TestApp;
let sellerA: Actor;
let sellerB: Actor;
let staff: Actor;
let tokens: { a: string; b: string; staff: string; admin: string };
let staffUserId: string;
const ids = { a1: '', a2: '', b1: '' };

async function actorOf(email: string): Promise<Actor> {
  const user = (await findUserByEmail(t.db, email))!;
  const principal = (await loadPrincipal(t.db, user.id))!;
  return { userId: user.id, accountId: user.accountId, permissions: new Set(principal.permissions) };
}

let n = 0;
const body = (customerId?: string) => ({
  name: 'Enamel mug',
  lengthCm: 10,
  widthCm: 10,
  heightCm: 10,
  weightGr: 300,
  hsCode: '6912.00',
  variants: [{ sku: `MUG-ACCESS-${++n}`, price: 15, salesTax: 0 }],
  ...(customerId ? { customerId } : {}),
});

beforeAll(async () => {
  t = await startTestApp();
  const other = await createSeller(t, 'access.other@example.com');
  await createUser(t.db, { email: 'access.cs@example.com', passwordHash: await hashPassword('Staff#Passw0rd!'), fullName: 'Care Agent', roleCode: 'EXR-CUSTOMER-SERVICE', status: 'active' });
  tokens = { a: await t.login(SELLER.email, SELLER.password), b: other.token, staff: await t.login('access.cs@example.com', 'Staff#Passw0rd!'), admin: await t.login(ADMIN.email, ADMIN.password) };
  [sellerA, sellerB, staff] = await Promise.all([actorOf(SELLER.email), actorOf('access.other@example.com'), actorOf('access.cs@example.com')]);
  staffUserId = staff.userId;
  ids.a1 = (await createProduct(t.db, sellerA, body())).id;
  ids.a2 = (await createProduct(t.db, sellerA, body())).id;
  ids.b1 = (await createProduct(t.db, sellerB, body())).id;
});
afterAll(async () => {
  await t?.close();
});

async function notFound(work: Promise<unknown>): Promise<AppError> {
  const err = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  expect((err as AppError).status).toBe(404);
  expect((err as AppError).code).toBe('PRODUCT_NOT_FOUND');
  return err as AppError;
}

describe('requireOwned — a set of ids in one check', () => {
  it('gives a seller their own rows, in the order asked', async () => {
    const rows = await requireProducts(t.db, sellerA, [ids.a2, ids.a1]);
    expect(rows.map((r) => r.id)).toEqual([ids.a2, ids.a1]);
  });

  it("refuses the whole set with 404 when one id is another seller's, naming only the ids not visible", async () => {
    const err = await notFound(requireProducts(t.db, sellerA, [ids.a1, ids.b1, ids.a2]));
    expect(err.opts.details).toEqual({ ids: [ids.b1] });
    // The other seller's id looks exactly like an id that does not exist.
    const unknown = await notFound(requireProducts(t.db, sellerA, [ids.a1, '00000000-0000-4000-8000-000000000000']));
    expect(Object.keys(unknown.opts)).toEqual(Object.keys(err.opts));
  });

  it('lets staff holding EX-ACT-FOR-CUSTOMER see every account', async () => {
    expect(staff.permissions.has('EX-ACT-FOR-CUSTOMER')).toBe(true);
    const rows = await requireProducts(t.db, staff, [ids.a1, ids.b1]);
    expect(rows.map((r) => r.accountId)).toEqual([sellerA.accountId, sellerB.accountId]);
  });

  it('limits staff without EX-ACT-FOR-CUSTOMER to their own account, like a seller', async () => {
    const without: Actor = { ...staff, permissions: new Set([...staff.permissions].filter((c) => c !== 'EX-ACT-FOR-CUSTOMER')) };
    const err = await notFound(requireProducts(t.db, without, [ids.a1, ids.b1]));
    expect(err.opts.details).toEqual({ ids: [ids.a1, ids.b1] });
  });
});

describe('products over HTTP follow the same scope', () => {
  const get = (token: string, id: string) => t.call({ method: 'GET', url: `/api/v1/products/${id}`, token });

  it("a seller can neither read nor change another seller's product by id (404, not 403)", async () => {
    expect((await get(tokens.b, ids.a1)).status).toBe(404);
    const patch = await t.call({ method: 'PATCH', url: `/api/v1/products/${ids.a1}`, token: tokens.b, payload: { name: 'Taken' } });
    expect(patch.status).toBe(404);
    expect(patch.body.code).toBe('PRODUCT_NOT_FOUND');
    expect((await t.call({ method: 'DELETE', url: `/api/v1/products/${ids.a1}`, token: tokens.b })).status).toBe(404);
    expect((await get(tokens.a, ids.a1)).body.data.name).toBe('Enamel mug');
    const list = await t.call({ method: 'GET', url: '/api/v1/products?page=1&pageSize=100', token: tokens.b });
    expect(list.body.data.items.map((p: { id: string }) => p.id)).toEqual([ids.b1]);
  });

  it('staff see any account while they hold the permission, and only their own once it is taken away', async () => {
    expect((await get(tokens.staff, ids.a1)).status).toBe(200);
    const all = await t.call({ method: 'GET', url: '/api/v1/products?page=1&pageSize=100', token: tokens.staff });
    expect(all.body.data.items.map((p: { id: string }) => p.id)).toEqual(expect.arrayContaining([ids.a1, ids.b1]));
    const revoke = await t.call({ method: 'PATCH', url: '/api/v1/admin/update-permission-user', token: tokens.admin, payload: { userId: staffUserId, overrides: [{ code: 'EX-ACT-FOR-CUSTOMER', granted: false }] } });
    expect(revoke.status).toBe(200);
    expect((await get(tokens.staff, ids.a1)).status).toBe(404);
    const none = await t.call({ method: 'GET', url: '/api/v1/products?page=1&pageSize=100', token: tokens.staff });
    expect(none.body.data.items).toEqual([]);
    await t.call({ method: 'PATCH', url: '/api/v1/admin/update-permission-user', token: tokens.admin, payload: { userId: staffUserId, overrides: [] } });
    expect((await get(tokens.staff, ids.b1)).status).toBe(200);
  });
});

describe('the access catalog on an existing database', () => {
  it('grants a permission code new to the database to the default roles that include it, and to no other', async () => {
    await t.db.execute(sql`delete from role_permissions where permission_code = 'EX-ACT-FOR-CUSTOMER'`);
    await t.db.execute(sql`delete from permissions where code = 'EX-ACT-FOR-CUSTOMER'`);
    await seedAccessCatalog(t.db);
    const rows = await t.db.execute(sql`select r.code from role_permissions rp join roles r on r.id = rp.role_id where rp.permission_code = 'EX-ACT-FOR-CUSTOMER' order by r.code`);
    expect((rows as unknown as { rows: { code: string }[] }).rows.map((r) => r.code)).toEqual([
      'EXR-ACCOUNTING',
      'EXR-ADMIN',
      'EXR-CUSTOMER-SERVICE',
      'EXR-DEVELOPER',
      'EXR-SCANNER',
      'EXR-SUPER-ADMIN',
    ]);
  });
});
