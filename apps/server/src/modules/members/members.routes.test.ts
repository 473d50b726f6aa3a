import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, SELLER, createSeller, lastMailTo, startTestApp, type TestApp } from '../../test/harness';

// Team members: invite by email, the link is good once and expires, the member acts on the
// owner's data within its role and overrides; one seller cannot reach another's team.
let t: TestApp;
let owner: string;
let other: { id: string; token: string };
let ip = 1;
const call = (token: string | undefined, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) => t.call({ method, url: `/api/v1${url}`, token, ...(payload ? { payload } : {}), remoteAddress: `10.44.0.${ip++}` });
const tokenFrom = async (email: string) => {
  const mail = await lastMailTo(t.db, email);
  const m = /confirm-invite\?token=([A-Za-z0-9_-]+)/.exec(mail!.text);
  expect(m, mail?.text).not.toBeNull();
  return m![1]!;
};
const PASSWORD = 'Member#Passw0rd!';

beforeAll(async () => {
  t = await startTestApp();
  owner = await t.login(SELLER.email, SELLER.password, '10.44.1.1');
  other = await createSeller(t, 'team.other@example.com');
});
afterAll(() => t?.close());

describe('team members', () => {
  let memberId: string;
  let memberToken: string;

  it('the owner invites; the link opens the confirm screen, creates the member once, then is used up', async () => {
    const res = await call(owner, 'POST', '/members/invite-member', { email: 'Mia.Member@Example.com', roleCode: 'EXR-SUPPORT' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({ email: 'mia.member@example.com', status: 'pending', role: { code: 'EXR-SUPPORT' } });
    memberId = res.body.data._id;
    const token = await tokenFrom('mia.member@example.com');
    const info = await call(undefined, 'GET', `/members/verify-invite/${token}`);
    expect(info.status).toBe(200);
    expect(info.body.data).toMatchObject({ email: 'mia.member@example.com', roleName: 'Support' });
    const ok = await call(undefined, 'POST', '/members/confirm-invite', { token, fullName: 'Mia Member', password: PASSWORD });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect((await call(undefined, 'POST', '/members/confirm-invite', { token, fullName: 'Again', password: PASSWORD })).status).toBe(404);
    expect((await call(undefined, 'GET', `/members/verify-invite/${token}`)).status).toBe(404);
    const list = await call(owner, 'GET', '/members/list');
    expect(list.body.data.find((m: { _id: string }) => m._id === memberId)).toMatchObject({ status: 'confirmed', fullName: 'Mia Member' });
    memberToken = await t.login('mia.member@example.com', PASSWORD, '10.44.1.2');
  });

  it('the member acts on the owner\'s data within its role: it sees the owner\'s orders list but cannot create orders', async () => {
    const ownerOrders = await call(owner, 'GET', '/orders');
    const seen = await call(memberToken, 'GET', '/orders');
    expect(seen.status).toBe(200);
    expect(seen.body.data.total).toBe(ownerOrders.body.data.total);
    const create = await call(memberToken, 'POST', '/orders', { orderName: 'X' });
    expect(create.status).toBe(403);
    expect((await call(memberToken, 'GET', '/members/list')).status).toBe(403);
  });

  it('permissions per resource: granting one the owner holds works on the next request; one the owner lacks is refused', async () => {
    const byResource = await call(owner, 'GET', '/members/permission/list-by-resource');
    const codes = byResource.body.data.flatMap((r: { permissions: { code: string }[] }) => r.permissions.map((p) => p.code));
    expect(codes).toContain('EX-PRODUCT-LIST');
    expect(codes).not.toContain('EX-USER-MANAGE');
    expect((await call(memberToken, 'GET', '/products')).status).toBe(403);
    const set = await call(owner, 'POST', '/members/change-permission', { memberId, permissions: [{ code: 'EX-PRODUCT-LIST', granted: true }] });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.data.permissions).toContain('EX-PRODUCT-LIST');
    expect((await call(memberToken, 'GET', '/products')).status).toBe(200);
    const beyond = await call(owner, 'POST', '/members/change-permission', { memberId, permissions: [{ code: 'EX-USER-MANAGE', granted: true }] });
    expect(beyond.status).toBe(403);
    const seen = await call(owner, 'GET', `/members/permission/get-permission-user/?memberId=${memberId}`);
    expect(seen.body.data).toMatchObject({ role: 'EXR-SUPPORT' });
    expect(seen.body.data.permissions).toContain('EX-PRODUCT-LIST');
  });

  it('a role change replaces the earlier permission changes (SPEC §6)', async () => {
    const res = await call(owner, 'POST', '/members/change-role', { memberId, roleCode: 'EXR-SELLER-ACCOUNTANT' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const seen = await call(owner, 'GET', `/members/permission/get-permission-user/?memberId=${memberId}`);
    expect(seen.body.data.role).toBe('EXR-SELLER-ACCOUNTANT');
    expect(seen.body.data.permissions).not.toContain('EX-PRODUCT-LIST');
    expect((await call(memberToken, 'GET', '/products')).status).toBe(403);
    expect((await call(owner, 'POST', '/members/change-role', { memberId, roleCode: 'EXR-SUPER-ADMIN' })).status).toBe(400);
  });

  it('tenant isolation: another seller cannot see, change or remove this team; its invites land in its own account', async () => {
    expect((await call(other.token, 'GET', '/members/list')).body.data).toEqual([]);
    for (const [method, url, body] of [
      ['POST', '/members/change-role', { memberId, roleCode: 'EXR-SUPPORT' }],
      ['POST', '/members/change-permission', { memberId, permissions: [] }],
      ['PATCH', '/members/remove-member', { memberId }],
    ] as const) {
      expect((await call(other.token, method, url, body)).status, url).toBe(404);
    }
    expect((await call(other.token, 'GET', `/members/resend-invite-member/${memberId}`)).status).toBe(404);
    expect((await call(other.token, 'GET', `/members/permission/get-permission-user/?memberId=${memberId}`)).status).toBe(404);
    const invite = await call(other.token, 'POST', '/members/invite-member', { email: 'ole@example.com', roleCode: 'EXR-MANAGER' });
    const [row] = ((await t.db.execute(sql`select account_id from team_members where id = ${invite.body.data._id}`)) as unknown as { rows: { account_id: string }[] }).rows;
    expect(row!.account_id).toBe(other.id);
    const admin = await t.login(ADMIN.email, ADMIN.password, '10.44.1.3');
    // Staff manage their own account's team only: the seller's member is not in it.
    const staffTeam = await call(admin, 'GET', '/members/list');
    expect(staffTeam.status === 403 || !staffTeam.body.data.some((m: { _id: string }) => m._id === memberId)).toBe(true);
  });

  it('an address with an account cannot join, and the inviter is not told whether another account has it; an expired or re-sent link stops working', async () => {
    expect((await call(owner, 'POST', '/members/invite-member', { email: SELLER.email, roleCode: 'EXR-SUPPORT' })).status).toBe(409);
    const taken = await call(owner, 'POST', '/members/invite-member', { email: 'team.other@example.com', roleCode: 'EXR-SUPPORT' });
    const fresh = await call(owner, 'POST', '/members/invite-member', { email: 'nobody-yet@example.com', roleCode: 'EXR-SUPPORT' });
    expect([taken.status, fresh.status]).toEqual([201, 201]);
    expect(Object.keys(taken.body.data).sort()).toEqual(Object.keys(fresh.body.data).sort());
    expect(taken.body.data.status).toBe(fresh.body.data.status);
    const takenToken = await tokenFrom('team.other@example.com');
    expect((await call(undefined, 'GET', `/members/verify-invite/${takenToken}`)).body.code).toBe('MEMBER_EMAIL_TAKEN');
    const refused = await call(undefined, 'POST', '/members/confirm-invite', { token: takenToken, fullName: 'Taken', password: PASSWORD });
    expect(refused.status).toBe(409);
    const inv = await call(owner, 'POST', '/members/invite-member', { email: 'late@example.com', roleCode: 'EXR-SUPPORT' });
    const first = await tokenFrom('late@example.com');
    const again = await call(owner, 'GET', `/members/resend-invite-member/${inv.body.data._id}`);
    expect(again.status).toBe(200);
    const second = await tokenFrom('late@example.com');
    expect(second).not.toBe(first);
    expect((await call(undefined, 'GET', `/members/verify-invite/${first}`)).status).toBe(404);
    await t.db.execute(sql`update team_members set expires_at = now() - interval '1 minute' where id = ${inv.body.data._id}`);
    expect((await call(undefined, 'POST', '/members/confirm-invite', { token: second, fullName: 'Late', password: PASSWORD })).status).toBe(404);
  });

  it('removing a member ends its sessions at once', async () => {
    expect((await call(memberToken, 'GET', '/me')).status).toBe(200);
    const res = await call(owner, 'PATCH', '/members/remove-member', { memberId });
    expect(res.status).toBe(200);
    expect((await call(memberToken, 'GET', '/me')).status).toBe(401);
    expect((await call(owner, 'GET', '/members/list')).body.data.some((m: { _id: string }) => m._id === memberId)).toBe(false);
    // Invited again, the same person comes back: the same user, active, with the new password and role.
    const again = await call(owner, 'POST', '/members/invite-member', { email: 'mia.member@example.com', roleCode: 'EXR-MANAGER' });
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    const token = await tokenFrom('mia.member@example.com');
    expect((await call(undefined, 'GET', `/members/verify-invite/${token}`)).status).toBe(200);
    const back = await call(undefined, 'POST', '/members/confirm-invite', { token, fullName: 'Mia Back', password: 'Member#Again0rd!' });
    expect(back.status, JSON.stringify(back.body)).toBe(201);
    const fresh = await t.login('mia.member@example.com', 'Member#Again0rd!', '10.44.1.9');
    expect((await call(fresh, 'GET', '/me')).body.data).toMatchObject({ fullName: 'Mia Back', role: { code: 'EXR-MANAGER' } });
  });

  it('the sub-seller roles', async () => {
    const res = await call(owner, 'GET', '/role/sub-seller-role');
    expect(res.body.data.map((r: { code: string }) => r.code)).toEqual(['EXR-MANAGER', 'EXR-ACCOUNTANT', 'EXR-SELLER-ACCOUNTANT', 'EXR-SUPPORT']);
  });
});
