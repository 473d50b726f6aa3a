import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, SELLER, createSeller, startTestApp, type TestApp } from '../../test/harness';
import { findUserByEmail, forgetRoles } from '.';

// EX-ACT-FOR-CUSTOMER lifts the own-account limit (platform/access.ts): it is a staff power, and no
// path — a personal override, a customer role turned staff, a staff role given to a seller — ever
// lets a seller read another seller's orders.
let t: TestApp;
let admin: string;
let attacker: { id: string; token: string };
let sellerId: string;

const api = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, token: string, payload?: unknown) =>
  t.call({ method, url: `/api/v1${url}`, token, ...(payload === undefined ? {} : { payload: payload as object }) });
/** What the attacker sees of the orders: every account's, or the one it names. */
const ordersSeen = async (token: string) => [
  (await api('GET', '/orders', token)).body.data.total as number,
  (await api('GET', `/orders?customerId=${sellerId}`, token)).body.data.total as number,
];
const roleId = async (code: string) => ((await api('GET', '/roles', admin)).body.data as { id: string; code: string }[]).find((r) => r.code === code)!.id;

beforeAll(async () => {
  t = await startTestApp({ env: { SEED_DEMO_CATALOG: 'true' } });
  admin = await t.login(ADMIN.email, ADMIN.password);
  const seller = await t.login(SELLER.email, SELLER.password);
  sellerId = (await findUserByEmail(t.db, SELLER.email))!.id;
  const products = await api('GET', '/products?pageSize=50', seller);
  const accepted = (products.body.data.items as { id: string; approvalStatus: string }[]).find((p) => p.approvalStatus === 'accepted')!;
  const product = (await api('GET', `/products/${accepted.id}`, seller)).body.data as { id: string; variants: { id: string }[] };
  const order = await api('POST', '/orders', seller, {
    orderName: 'SECRET-ORDER', serviceCode: 'STD', lengthCm: 20, widthCm: 15, heightCm: 10, weightGr: 800,
    recipient: { firstName: 'Jane', lastName: 'Doe', address1: '100 Main St', city: 'Los Angeles', state: 'CA', country: 'US', zipcode: '90001' },
    lines: [{ productId: product.id, variantId: product.variants[0]!.id, quantity: 1 }],
  });
  expect(order.status, JSON.stringify(order.body)).toBe(201);
  attacker = await createSeller(t, 'attacker@example.com');
  expect(await ordersSeen(attacker.token)).toEqual([0, 0]);
});
afterAll(() => t?.close());

describe('a seller never holds EX-ACT-FOR-CUSTOMER', () => {
  it('by a personal override: refused with 422, and one already in the table is not effective', async () => {
    const res = await api('PATCH', '/admin/update-permission-user', admin, { userId: attacker.id, overrides: [{ code: 'EX-ACT-FOR-CUSTOMER', granted: true }] });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'STAFF_ONLY_FOR_SELLER', details: { codes: ['EX-ACT-FOR-CUSTOMER'] } });
    expect(await ordersSeen(attacker.token)).toEqual([0, 0]);
    // Written before the rule (or by hand): the session's permissions still leave it out.
    await t.db.execute(sql`insert into user_permissions (user_id, permission_code, granted) values (${attacker.id}, 'EX-ACT-FOR-CUSTOMER', true)`);
    const fresh = await t.login('attacker@example.com', 'Other#Passw0rd!');
    expect((await api('GET', '/me', fresh)).body.data.permissions).not.toContain('EX-ACT-FOR-CUSTOMER');
    expect(await ordersSeen(fresh)).toEqual([0, 0]);
    await t.db.execute(sql`delete from user_permissions where user_id = ${attacker.id}`);
  });

  it('by turning a seeded customer role into a staff one: refused with 422; a role row changed anyway still gives a seller no staff power', async () => {
    const id = await roleId('EXR-CUSTOMER');
    const rekind = await api('PUT', `/roles/${id}`, admin, { code: 'EXR-CUSTOMER', name: 'Customer', kind: 'staff' });
    expect(rekind.status, JSON.stringify(rekind.body)).toBe(422);
    expect(rekind.body.code).toBe('ROLE_KIND_LOCKED');
    const held = ((await api('GET', '/roles', admin)).body.data as { id: string; permissions: string[] }[]).find((r) => r.id === id)!.permissions;
    const grant = await api('PUT', `/roles/${id}/permissions`, admin, { codes: [...held, 'EX-ACT-FOR-CUSTOMER'] });
    expect(grant.status).toBe(422);
    expect(grant.body.code).toBe('PERMISSIONS_STAFF_ONLY');
    expect(await ordersSeen(attacker.token)).toEqual([0, 0]);

    await t.db.execute(sql`update roles set kind = 'staff' where id = ${id}`);
    await t.db.execute(sql`insert into role_permissions (role_id, permission_code) values (${id}, 'EX-ACT-FOR-CUSTOMER')`);
    forgetRoles();
    const fresh = await t.login('attacker@example.com', 'Other#Passw0rd!');
    const me = (await api('GET', '/me', fresh)).body.data;
    expect(me.permissions).not.toContain('EX-ACT-FOR-CUSTOMER');
    expect(me.role.kind).toBe('customer');
    expect(await ordersSeen(fresh)).toEqual([0, 0]);
    await t.db.execute(sql`delete from role_permissions where role_id = ${id} and permission_code = 'EX-ACT-FOR-CUSTOMER'`);
    await t.db.execute(sql`update roles set kind = 'customer' where id = ${id}`);
    forgetRoles();
  });

  it("a custom customer role sellers hold keeps its kind; a seller's user is not given a staff role", async () => {
    const role = await api('POST', '/roles', admin, { code: 'EXR-SHOP-PLUS', name: 'Shop plus', kind: 'customer' });
    expect(role.status).toBe(201);
    expect((await api('PUT', `/roles/${role.body.data.id}/permissions`, admin, { codes: ['EX-ORDER-LIST', 'EX-ORDER-DETAIL'] })).status).toBe(200);
    const mover = await api('POST', '/admin/account/update', admin, { userId: attacker.id, fullName: 'Other Seller', roleCode: 'EXR-SHOP-PLUS' });
    expect(mover.status, JSON.stringify(mover.body)).toBe(200);
    const rekind = await api('PUT', `/roles/${role.body.data.id}`, admin, { code: 'EXR-SHOP-PLUS', name: 'Shop plus', kind: 'staff' });
    expect(rekind.status).toBe(422);
    expect(rekind.body.code).toBe('ROLE_KIND_LOCKED');
    const staffRole = await api('POST', '/admin/account/update', admin, { userId: attacker.id, fullName: 'Other Seller', roleCode: 'EXR-SCANNER' });
    expect(staffRole.status).toBe(422);
    expect(staffRole.body).toMatchObject({ code: 'STAFF_ONLY_FOR_SELLER', errors: [{ field: 'roleCode' }] });
    expect(await ordersSeen(attacker.token)).toEqual([0, 0]);
    // A role nobody holds may still change kind.
    const spare = await api('POST', '/roles', admin, { code: 'EXR-SPARE', name: 'Spare', kind: 'customer' });
    expect((await api('PUT', `/roles/${spare.body.data.id}`, admin, { code: 'EXR-SPARE', name: 'Spare', kind: 'staff' })).status).toBe(200);
  });
});
