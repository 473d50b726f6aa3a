import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, STAFF_ALL_CODES } from '@exship/contracts';
import { ADMIN, SELLER, startTestApp, type TestApp } from '../../test/harness';
import { sql } from 'drizzle-orm';
import { findUserByEmail, getProfile } from '.';

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

  it('answers what the full profile lookup answers (role and permissions from the session, user and wallet read fresh)', async () => {
    const token = await t.login(SELLER.email, SELLER.password);
    const sellerRow = await findUserByEmail(t.db, SELLER.email);
    const [before] = ((await t.db.execute(sql`select * from wallets where account_id = ${sellerRow!.accountId}`)) as unknown as { rows: Record<string, unknown>[] }).rows;
    // An overdue credit line: the wallet figures come through the one statement with the user.
    await t.db.execute(sql`update wallets set credit_limit_cents = 10000, balance_cents = -2500, unpaid_cents = 1234, credit_due_at = now() - interval '1 day' where account_id = ${sellerRow!.accountId}`);
    const me = await t.call({ method: 'GET', url: '/api/v1/me', token });
    expect(me.status).toBe(200);
    expect(me.body.data).toEqual(await getProfile(t.db, sellerRow!.id));
    expect(me.body.data.wallet).toEqual({ balance: -25, unPaid: 12.34, autoPay: false, credit: { limit: 100, remaining: 75, isBlocked: true } });
    expect(me.body.data.role).toEqual({ name: 'Customer', code: 'EXR-CUSTOMER', kind: 'customer' });
    // A profile change shows at once, though the session is cached.
    await t.call({ method: 'POST', url: '/api/v1/profile/update', token, payload: { fullName: 'Seller Fresh' } });
    expect((await t.call({ method: 'GET', url: '/api/v1/me', token })).body.data.fullName).toBe('Seller Fresh');
    await t.call({ method: 'POST', url: '/api/v1/profile/update', token, payload: { fullName: sellerRow!.fullName } });
    await t.db.execute(
      sql`update wallets set credit_limit_cents = ${before!.credit_limit_cents}, balance_cents = ${before!.balance_cents}, unpaid_cents = ${before!.unpaid_cents}, credit_due_at = ${before!.credit_due_at} where account_id = ${sellerRow!.accountId}`,
    );
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
    // The demo seller opens with a $500 top-up.
    expect(own.body.data).toEqual({ balance: 500, credit: null, unpaid: 0, autoPay: false });
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

describe('privilege rules for managing users', () => {
  const patchPerms = (token: string, userId: string, overrides: { code: string; granted: boolean }[]) =>
    t.call({ method: 'PATCH', url: '/api/v1/admin/update-permission-user', token, payload: { userId, overrides } });
  const patchStatus = (token: string, userId: string, status: 'active' | 'inactive') =>
    t.call({ method: 'PATCH', url: '/api/v1/admin/change-status-user', token, payload: { userId, status } });

  async function staff(email: string, roleCode: string, ip: string) {
    const { createUser } = await import('.');
    const { hashPassword } = await import('../../platform/passwords');
    const user = await createUser(t.db, { email, passwordHash: await hashPassword('Staff#Passw0rd!'), fullName: 'Staff', roleCode, status: 'active' });
    return { id: user.id, token: () => t.login(email, 'Staff#Passw0rd!', ip) };
  }

  let limited: { id: string; token: string };
  let superAdminId: string;
  beforeAll(async () => {
    // A scanner who was given only EX-USER-MANAGE on top of the scanner set.
    const s = await staff('limited.admin@example.com', 'EXR-SCANNER', '10.80.0.1');
    expect((await patchPerms(admin, s.id, [{ code: 'EX-USER-MANAGE', granted: true }])).status).toBe(200);
    limited = { id: s.id, token: await s.token() };
    superAdminId = (await findUserByEmail(t.db, ADMIN.email))!.id;
  });

  it('nobody changes their own permissions or status', async () => {
    const all = STAFF_ALL_CODES.map((code) => ({ code, granted: true }));
    const self = await patchPerms(limited.token, limited.id, all);
    expect(self.status).toBe(403);
    expect(self.body.code).toBe('USER_SELF_CHANGE');
    const me = await t.call({ method: 'GET', url: '/api/v1/me', token: limited.token });
    expect(me.body.data.permissions).not.toContain('EX-PERMISSION-MANAGE');
    const off = await patchStatus(admin, superAdminId, 'inactive');
    expect(off.body.code).toBe('USER_SELF_CHANGE');
  });

  it('nobody changes a user whose role ranks above theirs', async () => {
    const strip = await patchPerms(limited.token, superAdminId, [{ code: 'EX-USER-MANAGE', granted: false }]);
    expect(strip.status).toBe(403);
    expect(strip.body).toMatchObject({ code: 'USER_RANKS_ABOVE', message: "This user's role ranks above yours." });
    const off = await patchStatus(limited.token, superAdminId, 'inactive');
    expect(off.body.code).toBe('USER_RANKS_ABOVE');
    const detail = await t.call({ method: 'GET', url: `/api/v1/admin/get-permission-user?userId=${superAdminId}`, token: admin });
    expect(detail.body.data.permissions).toContain('EX-USER-MANAGE');
    expect((await findUserByEmail(t.db, ADMIN.email))?.status).toBe('active');
  });

  it('a user grants or removes only codes they hold themselves', async () => {
    const peer = await staff('peer.scanner@example.com', 'EXR-SCANNER', '10.80.0.2');
    const grant = await patchPerms(limited.token, peer.id, [{ code: 'EX-CREDIT-MANAGE', granted: true }, { code: 'EX-CHECKIN', granted: false }]);
    expect(grant.status).toBe(403);
    expect(grant.body).toMatchObject({ code: 'PERMISSION_NOT_HELD', details: { codes: ['EX-CREDIT-MANAGE'] } });
    const vi = await t.call({ method: 'PATCH', url: '/api/v1/admin/update-permission-user', token: limited.token, payload: { userId: peer.id, overrides: [{ code: 'EX-CREDIT-MANAGE', granted: true }] }, headers: { language: 'vi' } });
    expect(vi.body.message).toBe('Bạn chỉ có thể cấp hoặc bỏ những quyền mà chính bạn đang có.');
    // A code the actor holds may be taken away and given back.
    const held = await patchPerms(limited.token, peer.id, [{ code: 'EX-CHECKIN', granted: false }]);
    expect(held.status).toBe(200);
    expect(held.body.data.permissions).not.toContain('EX-CHECKIN');
    // Replacing the set must not drop a code the actor does not hold either.
    await patchPerms(admin, peer.id, [{ code: 'EX-CREDIT-MANAGE', granted: true }]);
    const drop = await patchPerms(limited.token, peer.id, []);
    expect(drop.body).toMatchObject({ code: 'PERMISSION_NOT_HELD', details: { codes: ['EX-CREDIT-MANAGE'] } });
  });

  it('the last active super admin cannot be deactivated or lose a code; with a second one it can', async () => {
    const dev = await staff('dev@example.com', 'EXR-DEVELOPER', '10.80.0.3');
    const devToken = await dev.token();
    const off = await patchStatus(devToken, superAdminId, 'inactive');
    expect(off.status).toBe(409);
    expect(off.body.code).toBe('LAST_SUPER_ADMIN');
    const lose = await patchPerms(devToken, superAdminId, [{ code: 'EX-ORDER-LIST', granted: false }]);
    expect(lose.body.code).toBe('LAST_SUPER_ADMIN');
    expect((await findUserByEmail(t.db, ADMIN.email))?.status).toBe('active');

    const second = await staff('second.super@example.com', 'EXR-SUPER-ADMIN', '10.80.0.4');
    expect((await patchStatus(devToken, superAdminId, 'inactive')).status).toBe(200);
    // Now the second one is the last.
    expect((await patchStatus(devToken, second.id, 'inactive')).body.code).toBe('LAST_SUPER_ADMIN');
    expect((await patchStatus(devToken, superAdminId, 'active')).status).toBe(200);
    admin = await t.login(ADMIN.email, ADMIN.password, '10.80.0.5');
  });

  it('records who changed which permissions and status', async () => {
    const { userAudit } = await import('./users.tables');
    const { eq } = await import('drizzle-orm');
    const rows = await t.db.select().from(userAudit).where(eq(userAudit.userId, limited.id));
    expect(rows).toContainEqual(
      expect.objectContaining({ action: 'permissions', after: expect.objectContaining({ added: ['EX-USER-MANAGE'], removed: [] }), actorId: superAdminId }),
    );
    const status = await t.db.select().from(userAudit).where(eq(userAudit.userId, superAdminId));
    expect(status.map((r) => [r.action, (r.after as { status: string }).status])).toEqual(expect.arrayContaining([['status', 'inactive'], ['status', 'active']]));
  });
});

describe('POST /profile/dismiss-notice', () => {
  it("remembers the integrations banner's 'Got it' on the user across sign-ins, once, and refuses an unknown notice", async () => {
    const first = await t.login(SELLER.email, SELLER.password);
    expect((await t.call({ method: 'GET', url: '/api/v1/me', token: first })).body.data.dismissedNotices).toEqual([]);
    const bad = await t.call({ method: 'POST', url: '/api/v1/profile/dismiss-notice', token: first, payload: { notice: 'everything' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toMatchObject({ field: 'notice' });
    for (let i = 0; i < 2; i++) {
      const res = await t.call({ method: 'POST', url: '/api/v1/profile/dismiss-notice', token: first, payload: { notice: 'integrations-banner' } });
      expect(res.status).toBe(200);
      expect(res.body.data.dismissedNotices).toEqual(['integrations-banner']);
    }
    // A new sign-in (another device) still knows it; another user does not.
    const again = await t.login(SELLER.email, SELLER.password);
    expect((await t.call({ method: 'GET', url: '/api/v1/me', token: again })).body.data.dismissedNotices).toEqual(['integrations-banner']);
    expect((await t.call({ method: 'GET', url: '/api/v1/me', token: admin })).body.data.dismissedNotices).toEqual([]);
    await t.db.execute(sql`update users set dismissed_notices = '{}' where email = ${SELLER.email}`);
  });
});
