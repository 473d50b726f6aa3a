import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SELLER, lastMailTo, startTestApp, type TestApp } from '../../test/harness';

// A team member never hands out, or takes back, a right it does not hold: a Manager whose pay rights
// the owner removed can neither invite a member who pays, nor change its own role or permissions to
// get them back, nor change or remove a member who holds rights it lacks.
let t: TestApp;
let owner: string;
let ip = 1;
const call = (token: string | undefined, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
  t.call({ method, url: `/api/v1${url}`, token, ...(payload ? { payload } : {}), remoteAddress: `10.45.0.${ip++}` });
const PASSWORD = 'Member#Passw0rd!';
const PAY = ['EX-ORDER-PAY', 'EX-ORDER-MULTIPLE-PAY', 'EX-WALLET-SEND-PAYMENT', 'EX-TOPUP-CREATE'];

/** Invites and confirms a member as the owner; returns its member id and token. */
async function join(email: string, roleCode: string): Promise<{ memberId: string; token: string }> {
  const res = await call(owner, 'POST', '/members/invite-member', { email, roleCode });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const link = /confirm-invite\?token=([A-Za-z0-9_-]+)/.exec((await lastMailTo(t.db, email))!.text)![1]!;
  expect((await call(undefined, 'POST', '/members/confirm-invite', { token: link, fullName: 'Member', password: PASSWORD })).status).toBe(201);
  return { memberId: res.body.data._id, token: await t.login(email, PASSWORD, `10.45.1.${ip++}`) };
}
const permsOf = async (token: string) => (await call(token, 'GET', '/me')).body.data.permissions as string[];

let manager: { memberId: string; token: string };
let accountant: { memberId: string; token: string };

beforeAll(async () => {
  t = await startTestApp();
  owner = await t.login(SELLER.email, SELLER.password, '10.45.1.0');
  manager = await join('max.manager@example.com', 'EXR-MANAGER');
  accountant = await join('ann.accountant@example.com', 'EXR-ACCOUNTANT');
  const restrict = await call(owner, 'POST', '/members/change-permission', { memberId: manager.memberId, permissions: PAY.map((code) => ({ code, granted: false })) });
  expect(restrict.status, JSON.stringify(restrict.body)).toBe(200);
  expect(await permsOf(manager.token)).not.toContain('EX-WALLET-SEND-PAYMENT');
});
afterAll(() => t?.close());

describe('a restricted Manager', () => {
  it('cannot invite a member whose role holds rights it lacks; a role within its own is fine', async () => {
    const res = await call(manager.token, 'POST', '/members/invite-member', { email: 'new.accountant@example.com', roleCode: 'EXR-ACCOUNTANT' });
    expect(res.status, JSON.stringify(res.body)).toBe(403);
    expect(res.body.code).toBe('ROLE_NOT_HELD');
    expect(res.body.details.codes).toEqual(expect.arrayContaining(['EX-ORDER-PAY', 'EX-WALLET-SEND-PAYMENT']));
    expect(await lastMailTo(t.db, 'new.accountant@example.com')).toBeUndefined();
    expect((await call(manager.token, 'POST', '/members/invite-member', { email: 'new.support@example.com', roleCode: 'EXR-SUPPORT' })).status).toBe(201);
  });

  it('cannot change its own role (which would drop its restrictions) nor its own permissions', async () => {
    const role = await call(manager.token, 'POST', '/members/change-role', { memberId: manager.memberId, roleCode: 'EXR-MANAGER' });
    expect(role.status).toBe(403);
    expect(role.body.code).toBe('USER_SELF_CHANGE');
    const perms = await call(manager.token, 'POST', '/members/change-permission', { memberId: manager.memberId, permissions: [] });
    expect(perms.status).toBe(403);
    expect(perms.body.code).toBe('USER_SELF_CHANGE');
    expect((await call(manager.token, 'PATCH', '/members/remove-member', { memberId: manager.memberId })).status).toBe(403);
    expect(await permsOf(manager.token)).not.toContain('EX-WALLET-SEND-PAYMENT');
    expect((await call(manager.token, 'POST', '/wallet/send-payment', {})).status).toBe(403);
  });

  it('cannot change, restrict or remove a member who holds rights it lacks, nor resend such an invite', async () => {
    const role = await call(manager.token, 'POST', '/members/change-role', { memberId: accountant.memberId, roleCode: 'EXR-SUPPORT' });
    expect(role.status).toBe(403);
    expect(role.body.code).toBe('PERMISSION_NOT_HELD');
    const perms = await call(manager.token, 'POST', '/members/change-permission', { memberId: accountant.memberId, permissions: [{ code: 'EX-ORDER-PAY', granted: false }] });
    expect(perms.status).toBe(403);
    expect((await call(manager.token, 'PATCH', '/members/remove-member', { memberId: accountant.memberId })).status).toBe(403);
    const pending = await call(owner, 'POST', '/members/invite-member', { email: 'pending.accountant@example.com', roleCode: 'EXR-ACCOUNTANT' });
    expect((await call(manager.token, 'GET', `/members/resend-invite-member/${pending.body.data._id}`)).status).toBe(403);
    expect(await permsOf(accountant.token)).toContain('EX-ORDER-PAY');
  });

  it('a permission change is judged by what changes: taking a restriction off a member is granting a right', async () => {
    // Another Manager restricted further than this one: within its rights, but lifting its restrictions gives back pay.
    const other = await join('second.manager@example.com', 'EXR-MANAGER');
    const tighter = [...PAY, 'EX-ORDER-EXPORT'].map((code) => ({ code, granted: false }));
    expect((await call(owner, 'POST', '/members/change-permission', { memberId: other.memberId, permissions: tighter })).status).toBe(200);
    const lift = await call(manager.token, 'POST', '/members/change-permission', { memberId: other.memberId, permissions: [] });
    expect(lift.status).toBe(403);
    expect(lift.body.details.codes).toEqual([...PAY].sort());
    expect(await permsOf(other.token)).not.toContain('EX-ORDER-PAY');
    // Giving back what it holds itself is fine.
    const exportBack = await call(manager.token, 'POST', '/members/change-permission', { memberId: other.memberId, permissions: PAY.map((code) => ({ code, granted: false })) });
    expect(exportBack.status, JSON.stringify(exportBack.body)).toBe(200);
    expect(await permsOf(other.token)).toContain('EX-ORDER-EXPORT');
  });

  it('an invite sent before the inviter lost the rights it gives cannot be accepted after', async () => {
    const inviter = await join('third.manager@example.com', 'EXR-MANAGER');
    expect((await call(inviter.token, 'POST', '/members/invite-member', { email: 'late.accountant@example.com', roleCode: 'EXR-ACCOUNTANT' })).status).toBe(201);
    await call(owner, 'POST', '/members/change-permission', { memberId: inviter.memberId, permissions: PAY.map((code) => ({ code, granted: false })) });
    const link = /confirm-invite\?token=([A-Za-z0-9_-]+)/.exec((await lastMailTo(t.db, 'late.accountant@example.com'))!.text)![1]!;
    const res = await call(undefined, 'POST', '/members/confirm-invite', { token: link, fullName: 'Late', password: PASSWORD });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('INVITE_NOT_FOUND');
  });

  it('the sub-seller roles say which ones the caller may give', async () => {
    const res = await call(manager.token, 'GET', '/role/sub-seller-role');
    const assignable = Object.fromEntries(res.body.data.map((r: { code: string; assignable: boolean }) => [r.code, r.assignable]));
    expect(assignable).toEqual({ 'EXR-MANAGER': false, 'EXR-ACCOUNTANT': false, 'EXR-SELLER-ACCOUNTANT': true, 'EXR-SUPPORT': true });
    const mine = await call(owner, 'GET', '/role/sub-seller-role');
    expect(mine.body.data.every((r: { assignable: boolean }) => r.assignable)).toBe(true);
  });

  it('the owner still manages everyone', async () => {
    expect((await call(owner, 'POST', '/members/change-role', { memberId: manager.memberId, roleCode: 'EXR-MANAGER' })).status).toBe(200);
    expect(await permsOf(manager.token)).toContain('EX-WALLET-SEND-PAYMENT');
  });
});

describe('account settings belong to the account: only a member who may pay its orders changes them', () => {
  const setting = (token: string, payload: object) => call(token, 'PATCH', '/profile/update-setting', payload);

  it('a Support member cannot switch on auto-pay or delay label purchases (403 naming the fields); its own time zone is its own', async () => {
    const support = await join('sue.support@example.com', 'EXR-SUPPORT');
    const res = await setting(support.token, { autoPay: true, labelPurchaseDelayHours: 24, timeZone: '+01:00' });
    expect(res.status, JSON.stringify(res.body)).toBe(403);
    expect(res.body.code).toBe('ACCOUNT_SETTINGS_FORBIDDEN');
    expect(res.body.errors.map((e: { field: string }) => e.field)).toEqual(['autoPay', 'labelPurchaseDelayHours']);
    const ownerMe = (await call(owner, 'GET', '/me')).body.data;
    expect(ownerMe.wallet.autoPay).toBe(false);
    expect(ownerMe.labelPurchaseDelayHours).toBe(0);
    const own = await setting(support.token, { timeZone: '+01:00' });
    expect(own.status).toBe(200);
    expect(own.body.data.timeZone).toBe('+01:00');
    expect((await call(owner, 'GET', '/me')).body.data.timeZone).toBe('+07:00');
  });

  it('a member who may pay changes them on the account: the owner and every member see the same', async () => {
    const res = await setting(accountant.token, { autoPay: true, labelPurchaseDelayHours: 24 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const ownerMe = (await call(owner, 'GET', '/me')).body.data;
    expect(ownerMe.wallet.autoPay).toBe(true);
    expect(ownerMe.labelPurchaseDelayHours).toBe(24);
    expect((await call(accountant.token, 'GET', '/me')).body.data.labelPurchaseDelayHours).toBe(24);
    expect((await setting(owner, { autoPay: false, labelPurchaseDelayHours: 0 })).status).toBe(200);
  });
});
