import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, STAFF_ALL_CODES } from '@exship/contracts';
import { ADMIN, SELLER, startTestApp, type TestApp } from '../../test/harness';
import { findUserByEmail } from '.';

let t: TestApp;
let seller: string;
let admin: string;
beforeAll(async () => {
  t = await startTestApp();
  seller = await t.login(SELLER.email, SELLER.password);
  admin = await t.login(ADMIN.email, ADMIN.password);
});
afterAll(async () => {
  await t?.close();
});

describe('GET /me', () => {
  it('returns the SPEC §3 profile of the caller', async () => {
    const res = await t.call({ method: 'GET', url: '/api/v1/me', token: admin });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.data).toMatchObject({ email: ADMIN.email, status: 'active', role: { code: 'EXR-SUPER-ADMIN', kind: 'staff' }, timeZone: '+07:00', language: 'en' });
    expect(res.body.data.permissions).toEqual([...STAFF_ALL_CODES].sort());
    expect(res.body.data.permissions).not.toContain('EX-WALLET-VIEW');
    expect(res.body.data).not.toHaveProperty('passwordHash');
  });
});

describe('permissions — every route declares its code', () => {
  it('refuses a route without its permission with 403 FORBIDDEN naming the code', async () => {
    const target = await findUserByEmail(t.db, ADMIN.email);
    const res = await t.call({ method: 'PATCH', url: '/api/v1/admin/change-status-user', token: seller, payload: { userId: target!.id, status: 'inactive' } });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ success: false, code: 'FORBIDDEN', details: { permission: 'EX-USER-MANAGE' } });
    expect((await findUserByEmail(t.db, ADMIN.email))?.status).toBe('active');
  });

  it('checks the permission before validating the body', async () => {
    const res = await t.call({ method: 'PATCH', url: '/api/v1/admin/change-status-user', token: seller, payload: {} });
    expect(res.status).toBe(403);
  });

  it('staff without the wallet permission cannot read a wallet', async () => {
    const res = await t.call({ method: 'GET', url: '/api/v1/wallet/imformation-wallet', token: admin });
    expect(res.status).toBe(403);
    const own = await t.call({ method: 'GET', url: '/api/v1/wallet/imformation-wallet', token: seller });
    expect(own.body.data).toEqual({ balance: 0, credit: null, unpaid: 0, autoPay: false });
  });

  it('a user override can take a role permission away, at once, and give it back', async () => {
    const user = await findUserByEmail(t.db, SELLER.email);
    expect((await t.call({ method: 'GET', url: '/api/v1/wallet/imformation-wallet', token: seller })).status).toBe(200);
    const set = await t.call({ method: 'PATCH', url: '/api/v1/admin/update-permission-user', token: admin, payload: { userId: user!.id, overrides: [{ code: 'EX-WALLET-VIEW', granted: false }] } });
    expect(set.status).toBe(200);
    expect(set.body.data.permissions).not.toContain('EX-WALLET-VIEW');
    expect((await t.call({ method: 'GET', url: '/api/v1/wallet/imformation-wallet', token: seller })).status).toBe(403);
    const detail = await t.call({ method: 'GET', url: `/api/v1/admin/get-permission-user?userId=${user!.id}`, token: admin });
    expect(detail.body.data.overrides).toEqual([{ code: 'EX-WALLET-VIEW', granted: false }]);
    expect(detail.body.data.role.permissions).toContain('EX-WALLET-VIEW');
    await t.call({ method: 'PATCH', url: '/api/v1/admin/update-permission-user', token: admin, payload: { userId: user!.id, overrides: [] } });
    expect((await t.call({ method: 'GET', url: '/api/v1/wallet/imformation-wallet', token: seller })).status).toBe(200);
  });

  it('refuses unknown permission codes, naming the entry', async () => {
    const user = await findUserByEmail(t.db, SELLER.email);
    const res = await t.call({ method: 'PATCH', url: '/api/v1/admin/update-permission-user', token: admin, payload: { userId: user!.id, overrides: [{ code: 'EX-ORDER-LIST', granted: true }, { code: 'EX-NOPE', granted: true }] } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: 'overrides.1.code', message: 'Unknown permission code.' }]);
  });

  it('every seeded role exists with its default set', async () => {
    const { roles } = await import('./users.tables');
    const rows = await t.db.select().from(roles);
    expect(rows.map((r) => r.code).sort()).toEqual(ROLES.map((r) => r.code).sort());
    expect(rows.every((r) => r.code.startsWith('EXR-'))).toBe(true);
  });

  it('admin validation names the field', async () => {
    const res = await t.call({ method: 'PATCH', url: '/api/v1/admin/change-status-user', token: admin, payload: { userId: 'nope', status: 'gone' } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'userId', message: 'This id is not valid.' },
        { field: 'status', message: 'Choose active or inactive.' },
      ]),
    );
    const missing = await t.call({ method: 'PATCH', url: '/api/v1/admin/change-status-user', token: admin, payload: { userId: crypto.randomUUID(), status: 'active' } });
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('USER_NOT_FOUND');
  });
});

describe('GET /user/get-customers', () => {
  it('finds seller accounts by name or email for staff, never staff users', async () => {
    const res = await t.call({ method: 'GET', url: '/api/v1/user/get-customers?keyword=seller', token: admin });
    expect(res.status).toBe(200);
    const seller = await findUserByEmail(t.db, SELLER.email);
    expect(res.body.data).toContainEqual({ id: seller!.accountId, fullName: expect.any(String), email: SELLER.email });
    const staff = await t.call({ method: 'GET', url: '/api/v1/user/get-customers?keyword=admin', token: admin });
    expect(staff.body.data.map((c: { email: string }) => c.email)).not.toContain(ADMIN.email);
    const byId = await t.call({ method: 'GET', url: `/api/v1/user/get-customers?ids=${seller!.accountId}`, token: admin });
    expect(byId.body.data).toHaveLength(1);
    const wild = await t.call({ method: 'GET', url: '/api/v1/user/get-customers?keyword=%25', token: admin });
    expect(wild.body.data).toEqual([]);
  });

  it('is refused to sellers', async () => {
    expect((await t.call({ method: 'GET', url: '/api/v1/user/get-customers', token: seller })).status).toBe(403);
  });
});

describe('profile', () => {
  it('updates name, phone, gender and date of birth', async () => {
    const res = await t.call({ method: 'POST', url: '/api/v1/profile/update', token: seller, payload: { fullName: 'Demo Seller Co', phone: '+12025550123', gender: 'female', dateOfBirth: '1990-04-01' } });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Profile saved.');
    expect(res.body.data).toMatchObject({ fullName: 'Demo Seller Co', phone: '+12025550123', gender: 'female', dateOfBirth: '1990-04-01' });
  });

  it.each([
    [{ fullName: '' }, 'fullName'],
    [{ fullName: 'x'.repeat(51) }, 'fullName'],
    [{ fullName: 'Ok', phone: 'abc' }, 'phone'],
    [{ fullName: 'Ok', gender: 'other' }, 'gender'],
    [{ fullName: 'Ok', dateOfBirth: '2999-01-01' }, 'dateOfBirth'],
  ])('rejects %j naming %s', async (payload, field) => {
    const res = await t.call({ method: 'POST', url: '/api/v1/profile/update', token: seller, payload });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
  });

  it('saves settings: time zone, label purchase timing and auto pay', async () => {
    const res = await t.call({ method: 'PATCH', url: '/api/v1/profile/update-setting', token: seller, payload: { timeZone: '-05:00', labelPurchaseDelayHours: 8, autoPay: true } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ timeZone: '-05:00', labelPurchaseDelayHours: 8, wallet: { autoPay: true } });
    for (const payload of [{ timeZone: '7' }, { labelPurchaseDelayHours: 5 }, {}]) {
      const bad = await t.call({ method: 'PATCH', url: '/api/v1/profile/update-setting', token: seller, payload });
      expect(bad.status, JSON.stringify(payload)).toBe(400);
    }
  });

  it('switches the notification language and answers in it', async () => {
    const res = await t.call({ method: 'PATCH', url: '/api/v1/user/setting-notification-language', token: seller, payload: { code: 'vi' } });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Đã đổi ngôn ngữ.');
    expect(res.body.data.language).toBe('vi');
    const bad = await t.call({ method: 'PATCH', url: '/api/v1/user/setting-notification-language', token: seller, payload: { code: 'fr' } });
    expect(bad.body.errors).toEqual([{ field: 'code', message: 'Choose en or vi.' }]);
  });
});
