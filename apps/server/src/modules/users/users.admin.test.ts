import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, SELLER, createSeller, startTestApp, type TestApp } from '../../test/harness';
import { findUserByEmail } from '.';

// SPEC §7 user management: /admin/* and /accounts/* for staff.

let t: TestApp;
let seller: string;
let admin: string;
let sellerId: string;
const PASSWORD = 'Staff#Passw0rd!';

beforeAll(async () => {
  t = await startTestApp();
  seller = await t.login(SELLER.email, SELLER.password);
  admin = await t.login(ADMIN.email, ADMIN.password);
  sellerId = (await findUserByEmail(t.db, SELLER.email))!.id;
});
afterAll(async () => {
  await t?.close();
});

async function create(email: string, roleCode: string, extra: Record<string, unknown> = {}) {
  const res = await t.call({ method: 'POST', url: '/api/v1/admin/account/create', token: admin, payload: { fullName: 'New User', email, password: PASSWORD, roleCode, ...extra } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string; accountId: string; role: { code: string }; status: string };
}

describe('every user management route checks its permission', () => {
  const routes: [string, string, unknown?][] = [
    ['GET', '/api/v1/admin/users-management'],
    ['GET', '/api/v1/admin/accounts'],
    ['POST', '/api/v1/admin/account/create', {}],
    ['POST', '/api/v1/admin/account/update', {}],
    ['PATCH', '/api/v1/admin/change-status-user', {}],
    ['PATCH', '/api/v1/admin/change-checkin-user', {}],
    ['GET', '/api/v1/admin/get-permission-user'],
    ['PATCH', '/api/v1/admin/update-permission-user', {}],
    ['GET', '/api/v1/admin/list-role-for-filter'],
    ['GET', '/api/v1/admin/wallet-by-user'],
    ['POST', '/api/v1/accounts/accounts-by-ids', {}],
    ['POST', '/api/v1/admin/accounts-for-discount', {}],
  ];
  it.each(routes)('%s %s: a seller gets 403', async (method, url, payload) => {
    const res = await t.call({ method: method as 'GET', url, token: seller, ...(payload ? { payload } : {}) });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('FORBIDDEN');
  });
});

describe('create and list', () => {
  it('creates an active user and lists it with the filters', async () => {
    const u = await create('cs.one@exship.local', 'EXR-CUSTOMER-SERVICE', { tier: 'gold', department: 'Support', userName: 'csone' });
    expect(u).toMatchObject({ status: 'active', role: { code: 'EXR-CUSTOMER-SERVICE' } });
    const list = await t.call({ method: 'GET', url: '/api/v1/admin/users-management?pageIndex=1&totalItem=10&role=EXR-CUSTOMER-SERVICE&tier=gold&keyword=cs.one', token: admin });
    expect(list.status).toBe(200);
    expect(list.body.data).toMatchObject({ total: 1, pageIndex: 1, totalItem: 10 });
    expect(list.body.data.items[0]).toMatchObject({ email: 'cs.one@exship.local', tier: 'gold', department: 'Support', allowCheckin: false });
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const none = await t.call({ method: 'GET', url: `/api/v1/admin/accounts?startDate=${tomorrow}&keyword=cs.one`, token: admin });
    expect(none.body.data.total).toBe(0);
  });

  it('sets the account type (basic by default, short-video marketplace), filters by it, and refuses another value', async () => {
    const basic = await create('type.basic@exship.local', 'EXR-CUSTOMER');
    const video = await create('type.video@exship.local', 'EXR-CUSTOMER', { accountType: 'short-video' });
    const list = await t.call({ method: 'GET', url: '/api/v1/admin/users-management?keyword=type.&accountType=short-video', token: admin });
    expect(list.body.data.items.map((u: { email: string }) => u.email)).toEqual(['type.video@exship.local']);
    expect(list.body.data.items[0].accountType).toBe('short-video');
    const upd = await t.call({ method: 'POST', url: '/api/v1/admin/account/update', token: admin, payload: { userId: basic.id, fullName: 'Now Video', roleCode: 'EXR-CUSTOMER', accountType: 'short-video' } });
    expect(upd.status, JSON.stringify(upd.body)).toBe(200);
    expect(upd.body.data.accountType).toBe('short-video');
    const keep = await t.call({ method: 'POST', url: '/api/v1/admin/account/update', token: admin, payload: { userId: video.id, fullName: 'Still Video', roleCode: 'EXR-CUSTOMER' } });
    expect(keep.body.data.accountType).toBe('short-video');
    const bad = await t.call({ method: 'POST', url: '/api/v1/admin/account/update', token: admin, payload: { userId: video.id, fullName: 'X', roleCode: 'EXR-CUSTOMER', accountType: 'premium' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe('accountType');
  });

  it('names the missing and invalid fields, in en and vi', async () => {
    const res = await t.call({ method: 'POST', url: '/api/v1/admin/account/create', token: admin, payload: { email: 'not-an-email' } });
    expect(res.status).toBe(400);
    const fields = res.body.errors.map((e: { field: string }) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['fullName', 'email', 'password', 'roleCode']));
    const vi = await t.call({ method: 'POST', url: '/api/v1/admin/account/create', token: admin, headers: { language: 'vi' }, payload: { fullName: 'A B', email: 'vi@exship.local', password: PASSWORD, roleCode: '' } });
    expect(vi.status).toBe(400);
    expect(vi.body.errors).toEqual([{ field: 'roleCode', message: 'Hãy chọn một vai trò.' }]);
    const bad = await t.call({ method: 'GET', url: '/api/v1/admin/users-management?startDate=2024-02-30', token: admin });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe('startDate');
  });

  it('refuses an unknown role naming roleCode, and a taken email naming email', async () => {
    const role = await t.call({ method: 'POST', url: '/api/v1/admin/account/create', token: admin, payload: { fullName: 'A B', email: 'x@exship.local', password: PASSWORD, roleCode: 'EXR-NOPE' } });
    expect(role.status).toBe(400);
    expect(role.body.errors).toEqual([{ field: 'roleCode', message: 'This role does not exist.' }]);
    const taken = await t.call({ method: 'POST', url: '/api/v1/admin/account/create', token: admin, payload: { fullName: 'A B', email: SELLER.email, password: PASSWORD, roleCode: 'EXR-CUSTOMER' } });
    expect(taken.status).toBe(409);
    expect(taken.body.errors[0].field).toBe('email');
  });

  it('a seller role opens a seller account (its own account, a wallet, the profile fields); a staff role gets no wallet', async () => {
    const wallets = async (accountId: string) => ((await t.db.execute(sql`select account_id from wallets where account_id = ${accountId}`)) as unknown as { rows: unknown[] }).rows.length;
    const sellerUser = await create('new.seller@exship.local', 'EXR-CUSTOMER', { userName: 'newseller', phone: '+84901234567' });
    expect(sellerUser.accountId).toBe(sellerUser.id);
    expect(await wallets(sellerUser.accountId)).toBe(1);
    expect(await findUserByEmail(t.db, 'new.seller@exship.local')).toMatchObject({ fullName: 'New User', userName: 'newseller', phone: '+84901234567', status: 'active', verifiedAt: expect.any(Date) });
    const staff = await create('new.staff@exship.local', 'EXR-SCANNER');
    expect(staff.accountId).toBe(staff.id);
    expect(await wallets(staff.accountId)).toBe(0);
  });

  it('lists the roles for the filter', async () => {
    const res = await t.call({ method: 'GET', url: '/api/v1/admin/list-role-for-filter', token: admin });
    expect(res.status).toBe(200);
    expect(res.body.data.map((r: { code: string }) => r.code)).toEqual(expect.arrayContaining(['EXR-ADMIN', 'EXR-CUSTOMER']));
  });
});

describe('status, check-in and role', () => {
  it('a deactivated user\'s token stops working on the next request', async () => {
    const u = await create('deactivate.me@exship.local', 'EXR-SCANNER');
    const token = await t.login('deactivate.me@exship.local', PASSWORD);
    expect((await t.call({ method: 'GET', url: '/api/v1/me', token })).status).toBe(200);
    const off = await t.call({ method: 'PATCH', url: '/api/v1/admin/change-status-user', token: admin, payload: { userId: u.id, status: 'inactive' } });
    expect(off.status).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/v1/me', token })).status).toBe(401);
  });

  it('allows and denies check-in', async () => {
    const u = await create('checkin@exship.local', 'EXR-SCANNER');
    const on = await t.call({ method: 'PATCH', url: '/api/v1/admin/change-checkin-user', token: admin, payload: { userId: u.id, allowCheckin: true } });
    expect(on.status).toBe(200);
    expect(on.body.data.allowCheckin).toBe(true);
    const bad = await t.call({ method: 'PATCH', url: '/api/v1/admin/change-checkin-user', token: admin, payload: { userId: u.id } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe('allowCheckin');
  });

  it('changing a user\'s role replaces the earlier per-user overrides (SPEC §6)', async () => {
    const u = await create('role.change@exship.local', 'EXR-CUSTOMER-SERVICE');
    const set = await t.call({ method: 'PATCH', url: '/api/v1/admin/update-permission-user', token: admin, payload: { userId: u.id, overrides: [{ code: 'EX-USER-LIST', granted: false }] } });
    expect(set.status).toBe(200);
    const same = await t.call({ method: 'POST', url: '/api/v1/admin/account/update', token: admin, payload: { userId: u.id, fullName: 'Renamed', roleCode: 'EXR-CUSTOMER-SERVICE' } });
    expect(same.status).toBe(200);
    let detail = await t.call({ method: 'GET', url: `/api/v1/admin/get-permission-user?userId=${u.id}`, token: admin });
    expect(detail.body.data.overrides).toHaveLength(1);
    const moved = await t.call({ method: 'POST', url: '/api/v1/admin/account/update', token: admin, payload: { userId: u.id, fullName: 'Renamed', roleCode: 'EXR-ACCOUNTING' } });
    expect(moved.status).toBe(200);
    expect(moved.body.data.role.code).toBe('EXR-ACCOUNTING');
    detail = await t.call({ method: 'GET', url: `/api/v1/admin/get-permission-user?userId=${u.id}`, token: admin });
    expect(detail.body.data.overrides).toEqual([]);
  });

  it('update of an unknown user is 404', async () => {
    const res = await t.call({ method: 'POST', url: '/api/v1/admin/account/update', token: admin, payload: { userId: crypto.randomUUID(), fullName: 'A B', roleCode: 'EXR-ADMIN' } });
    expect(res.status).toBe(404);
  });
});

describe('wallet and account pickers', () => {
  it('shows a seller\'s wallet to staff', async () => {
    const res = await t.call({ method: 'GET', url: `/api/v1/admin/wallet-by-user?userId=${sellerId}`, token: admin });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ balance: 500, unPaid: 0 });
    const bad = await t.call({ method: 'GET', url: '/api/v1/admin/wallet-by-user?userId=nope', token: admin });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe('userId');
  });

  it('finds seller accounts by ids and for discounts', async () => {
    const byIds = await t.call({ method: 'POST', url: '/api/v1/accounts/accounts-by-ids', token: admin, payload: { ids: [sellerId] } });
    expect(byIds.status).toBe(200);
    expect(byIds.body.data).toEqual([expect.objectContaining({ id: sellerId, email: SELLER.email })]);
    const empty = await t.call({ method: 'POST', url: '/api/v1/accounts/accounts-by-ids', token: admin, payload: { ids: [] } });
    expect(empty.body.data).toEqual([]);
    const disc = await t.call({ method: 'POST', url: '/api/v1/admin/accounts-for-discount', token: admin, payload: { keyword: 'seller@' } });
    expect(disc.status).toBe(200);
    expect(disc.body.data.map((a: { email: string }) => a.email)).toContain(SELLER.email);
  });
});

describe('a seller is never given a staff permission', () => {
  it('the override is refused naming the codes; one written before the rule is not effective, and the seller still sees only their own account', async () => {
    const other = await createSeller(t, 'other.seller@exship.local');
    const grant = await t.call({ method: 'PATCH', url: '/api/v1/admin/update-permission-user', token: admin, payload: { userId: sellerId, overrides: [{ code: 'EX-USER-LIST', granted: true }] } });
    expect(grant.status).toBe(422);
    expect(grant.body).toMatchObject({ code: 'STAFF_ONLY_FOR_SELLER', details: { codes: ['EX-USER-LIST'] } });
    await t.db.execute(sql`insert into user_permissions (user_id, permission_code, granted) values (${sellerId}, 'EX-USER-LIST', true)`);
    const fresh = await t.login(SELLER.email, SELLER.password);
    expect((await t.call({ method: 'GET', url: '/api/v1/me', token: fresh })).body.data.permissions).not.toContain('EX-USER-LIST');
    expect((await t.call({ method: 'GET', url: '/api/v1/admin/users-management?totalItem=100', token: fresh })).status).toBe(403);
    const picked = await t.call({ method: 'POST', url: '/api/v1/accounts/accounts-by-ids', token: fresh, payload: { ids: [other.id, sellerId] } });
    expect(picked.status).toBe(403);
    await t.db.execute(sql`delete from user_permissions where user_id = ${sellerId}`);
  });
});

describe('assigning a role needs every permission it holds', () => {
  it('an Admin cannot create a user with, or move a user to, a custom role holding rights Admin lacks; the super admin can', async () => {
    const role = await t.call({ method: 'POST', url: '/api/v1/roles', token: admin, payload: { code: 'EXR-OPS-KEEPER', name: 'Ops keeper', kind: 'staff' } });
    expect(role.status, JSON.stringify(role.body)).toBe(201);
    const powers = ['EX-CRONJOB-LIST', 'EX-CRONJOB-MANAGE', 'EX-PERMISSION-MANAGE', 'EX-RESOURCE-MANAGE'];
    expect((await t.call({ method: 'PUT', url: `/api/v1/roles/${role.body.data.id}/permissions`, token: admin, payload: { codes: powers } })).status).toBe(200);
    await create('plain.admin@exship.local', 'EXR-ADMIN');
    const plainAdmin = await t.login('plain.admin@exship.local', PASSWORD);

    const made = await t.call({ method: 'POST', url: '/api/v1/admin/account/create', token: plainAdmin, payload: { fullName: 'Ops', email: 'ops@exship.local', password: PASSWORD, roleCode: 'EXR-OPS-KEEPER' } });
    expect(made.status, JSON.stringify(made.body)).toBe(403);
    expect(made.body).toMatchObject({ code: 'ROLE_NOT_HELD', details: { role: 'EXR-OPS-KEEPER', codes: ['EX-CRONJOB-MANAGE', 'EX-PERMISSION-MANAGE', 'EX-RESOURCE-MANAGE'] } });
    expect(await findUserByEmail(t.db, 'ops@exship.local')).toBeUndefined();

    const cs = await create('cs.mover@exship.local', 'EXR-CUSTOMER-SERVICE');
    const moved = await t.call({ method: 'POST', url: '/api/v1/admin/account/update', token: plainAdmin, payload: { userId: cs.id, fullName: 'Mover', roleCode: 'EXR-OPS-KEEPER' } });
    expect(moved.status).toBe(403);
    expect(moved.body.code).toBe('ROLE_NOT_HELD');
    // Roles within Admin's rights, staff or seller, are given as before.
    expect((await t.call({ method: 'POST', url: '/api/v1/admin/account/update', token: plainAdmin, payload: { userId: cs.id, fullName: 'Mover', roleCode: 'EXR-SCANNER' } })).status).toBe(200);
    expect((await t.call({ method: 'POST', url: '/api/v1/admin/account/create', token: plainAdmin, payload: { fullName: 'Shop', email: 'shop.by.admin@exship.local', password: PASSWORD, roleCode: 'EXR-CUSTOMER' } })).status).toBe(201);
    await create('ops@exship.local', 'EXR-OPS-KEEPER');
  });
});
