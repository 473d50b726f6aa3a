import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ADMIN, SELLER, lastMailTo, startTestApp, type TestApp } from '../../test/harness';
import { emailTokens, sessions } from './auth.tables';
import { findUserByEmail } from '../users';
import { hashToken } from '../../platform/tokens';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const valid = {
  fullName: 'Linh Nguyen',
  email: 'linh@example.com',
  password: 'Str0ng&Secret!',
  confirmPassword: 'Str0ng&Secret!',
  phone: '+84901234567',
  agreeTerms: true,
};
let n = 0;
const unique = () => `user${++n}.${Date.now()}@example.com`;
const register = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.call({ method: 'POST', url: '/api/v1/register', payload: body, headers });

async function registerAndActivate(email: string, password = valid.password) {
  const res = await register({ ...valid, email, password, confirmPassword: password });
  expect(res.status).toBe(201);
  const mail = await lastMailTo(t.db, email);
  const token = mail!.link!.split('/').pop()!;
  const act = await t.call({ method: 'GET', url: `/api/v1/accounts/authorization/activate/${token}` });
  expect(act.status).toBe(200);
}

describe('POST /register — SPEC §5 account rules', () => {
  const cases: [string, Record<string, unknown>, string, string][] = [
    ['email without @', { email: 'linh.example.com' }, 'email', 'Enter a valid email address.'],
    ['email with a one-letter TLD', { email: 'linh@example.c' }, 'email', 'Enter a valid email address.'],
    ['email with a forbidden character', { email: 'li#nh@example.com' }, 'email', 'Enter a valid email address.'],
    ['email missing', { email: undefined }, 'email', 'This field is required.'],
    ['password of 11 characters', { password: 'Sh0rt&Pass!', confirmPassword: 'Sh0rt&Pass!' }, 'password', 'The password needs at least 12 characters.'],
    ['password without lowercase', { password: 'STR0NG&SECRET!', confirmPassword: 'STR0NG&SECRET!' }, 'password', 'The password needs a lowercase letter.'],
    ['password without uppercase', { password: 'str0ng&secret!', confirmPassword: 'str0ng&secret!' }, 'password', 'The password needs an uppercase letter.'],
    ['password without digit', { password: 'Strong&Secret!', confirmPassword: 'Strong&Secret!' }, 'password', 'The password needs a digit.'],
    ['password without special character', { password: 'Str0ngSecret12', confirmPassword: 'Str0ngSecret12' }, 'password', 'The password needs a special character.'],
    ['confirm password differs', { confirmPassword: 'Str0ng&Secret?' }, 'confirmPassword', 'The passwords do not match.'],
    ['full name over 50', { fullName: 'a'.repeat(51) }, 'fullName', 'The name can have at most 50 characters.'],
    ['full name starting with a space', { fullName: ' Linh' }, 'fullName', 'The name cannot start with a space.'],
    ['full name blank', { fullName: '   ' }, 'fullName', 'The name cannot start with a space.'],
    ['full name with emoji', { fullName: 'Linh 🚚' }, 'fullName', 'Emoji are not allowed here.'],
    ['phone starting with 0', { phone: '0901234567' }, 'phone', 'Enter a valid phone number: an optional +, then 8 to 15 digits, not starting with 0.'],
    ['phone of 7 digits', { phone: '1234567' }, 'phone', 'Enter a valid phone number: an optional +, then 8 to 15 digits, not starting with 0.'],
    ['phone of 16 digits', { phone: '1234567890123456' }, 'phone', 'Enter a valid phone number: an optional +, then 8 to 15 digits, not starting with 0.'],
    ['terms not agreed', { agreeTerms: false }, 'agreeTerms', 'You must agree to the terms and conditions.'],
  ];
  it.each(cases)('rejects %s, naming the field', async (_name, patch, field, message) => {
    const email = unique();
    const res = await register({ ...valid, email, ...patch });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.errors).toContainEqual({ field, message });
    // nothing written
    if (patch.email === undefined && 'email' in patch) return;
    expect(await findUserByEmail(t.db, String(patch.email ?? email).toLowerCase())).toBeUndefined();
  });

  it('accepts the boundaries: 12-character password, 50-character name, 8 and 15 digit phones', async () => {
    for (const phone of ['12345678', '+123456789012345']) {
      const res = await register({ ...valid, email: unique(), fullName: 'b'.repeat(50), password: 'Abcdefgh1!xy', confirmPassword: 'Abcdefgh1!xy', phone });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
  });

  it('answers in Vietnamese when asked', async () => {
    const res = await register({ ...valid, email: 'bad' }, { language: 'vi' });
    expect(res.body.message).toBe('Một số trường không hợp lệ.');
    expect(res.body.errors).toContainEqual({ field: 'email', message: 'Hãy nhập địa chỉ email hợp lệ.' });
    const viaAccept = await register({ ...valid, email: 'bad' }, { 'accept-language': 'vi-VN,vi;q=0.9' });
    expect(viaAccept.body.message).toBe('Một số trường không hợp lệ.');
  });

  it('keeps the sign-up language as the account language: the verification mail and later notices use it', async () => {
    const res = await register({ ...valid, email: 'vi-signup@example.com' }, { language: 'vi' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect((await lastMailTo(t.db, 'vi-signup@example.com'))?.subject).toBe('Xác minh tài khoản ExShip của bạn');
    expect((await findUserByEmail(t.db, 'vi-signup@example.com'))?.language).toBe('vi');
  });

  it('a body that is not JSON is a 400, not a 500', async () => {
    const res = await t.call({ method: 'POST', url: '/api/v1/register', payload: '{"email":', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
  });
});

describe('sign-up, verification and login', () => {
  it('registers, mails a 10-minute link, activates with it, then logs in', async () => {
    const email = unique();
    const res = await register({ ...valid, email: email.toUpperCase() });
    expect(res.status).toBe(201);
    const user = await findUserByEmail(t.db, email);
    expect(user?.status).toBe('unverified');

    const mail = await lastMailTo(t.db, email);
    expect(mail?.link).toMatch(/^\/app\/account\/verify\/[\w-]{43}$/);
    const [tok] = await t.db.select().from(emailTokens).where(eq(emailTokens.userId, user!.id));
    const ttl = tok!.expiresAt.getTime() - tok!.createdAt.getTime();
    expect(ttl).toBeGreaterThan(9.9 * 60_000);
    expect(ttl).toBeLessThanOrEqual(10 * 60_000 + 1000);

    // before verification: the right password gets a clear "not verified" with the id to re-send
    const early = await t.call({ method: 'POST', url: '/api/v1/login', payload: { email, password: valid.password } });
    expect(early.status).toBe(403);
    expect(early.body.code).toBe('ACCOUNT_NOT_VERIFIED');
    expect(early.body.details.userId).toBe(user!.id);

    const token = mail!.link!.split('/').pop()!;
    const act = await t.call({ method: 'GET', url: `/api/v1/accounts/authorization/activate/${token}` });
    expect(act.status).toBe(200);
    // single use
    const again = await t.call({ method: 'GET', url: `/api/v1/accounts/authorization/activate/${token}` });
    expect(again.body.code).toBe('VERIFY_LINK_INVALID');

    const session = await t.login(email, valid.password);
    const me = await t.call({ method: 'GET', url: '/api/v1/me', token: session });
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ email, fullName: valid.fullName, status: 'active', timeZone: '+07:00', role: { code: 'EXR-CUSTOMER' } });
    expect(me.body.data.wallet).toEqual({ balance: 0, unPaid: 0, autoPay: false, credit: null });
    expect(me.body.data.permissions).toContain('EX-ORDER-CREATE');
  });

  it('an expired verification link is refused', async () => {
    const email = unique();
    await register({ ...valid, email });
    const mail = await lastMailTo(t.db, email);
    const user = await findUserByEmail(t.db, email);
    await t.db.update(emailTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(emailTokens.userId, user!.id));
    const act = await t.call({ method: 'GET', url: `/api/v1/accounts/authorization/activate/${mail!.link!.split('/').pop()}` });
    expect(act.status).toBe(400);
    expect(act.body.code).toBe('VERIFY_LINK_INVALID');
    expect((await findUserByEmail(t.db, email))?.status).toBe('unverified');
  });

  it('request-verify sends a new link that works and retires the old one', async () => {
    const email = unique();
    await register({ ...valid, email });
    const first = (await lastMailTo(t.db, email))!.link!.split('/').pop()!;
    const user = await findUserByEmail(t.db, email);
    const res = await t.call({ method: 'POST', url: `/api/v1/accounts/request-verify/${user!.id}` });
    expect(res.status).toBe(200);
    const second = (await lastMailTo(t.db, email))!.link!.split('/').pop()!;
    expect(second).not.toBe(first);
    expect((await t.call({ method: 'GET', url: `/api/v1/accounts/authorization/activate/${first}` })).status).toBe(400);
    expect((await t.call({ method: 'GET', url: `/api/v1/accounts/authorization/activate/${second}` })).status).toBe(200);
  });

  it('registering a taken email answers the same and creates nothing', async () => {
    const fresh = await register({ ...valid, email: unique() });
    const taken = await register({ ...valid, email: SELLER.email, fullName: 'Someone Else' });
    expect(taken.status).toBe(fresh.status);
    expect(taken.body).toEqual(fresh.body);
    const seller = await findUserByEmail(t.db, SELLER.email);
    expect(seller?.fullName).toBe('Demo Seller');
    expect((await lastMailTo(t.db, SELLER.email))?.subject).toBe('Someone tried to sign up with your email');
  });
});

describe('POST /login', () => {
  it('gives the same status and message for an unknown email and a wrong password', async () => {
    const unknown = await t.call({ method: 'POST', url: '/api/v1/login', payload: { email: 'nobody@example.com', password: 'Whatever#123a' }, remoteAddress: '10.1.0.1' });
    const wrong = await t.call({ method: 'POST', url: '/api/v1/login', payload: { email: SELLER.email, password: 'Whatever#123a' }, remoteAddress: '10.1.0.1' });
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.body).toMatchObject({ code: 'INVALID_CREDENTIALS', message: 'Wrong email or password.' });
  });

  it('requires both fields', async () => {
    const res = await t.call({ method: 'POST', url: '/api/v1/login', payload: {} });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['email', 'password']);
  });

  it('throttles repeated failures on one account, and a success clears the count', async () => {
    const email = unique();
    await registerAndActivate(email);
    for (let i = 0; i < 10; i++) {
      const r = await t.call({ method: 'POST', url: '/api/v1/login', payload: { email, password: 'Wrong#Passw0rd' }, remoteAddress: `10.2.0.${i}` });
      expect(r.status).toBe(401);
    }
    // 11th try from yet another IP, even with the right password: throttled, with Retry-After
    const blocked = await t.call({ method: 'POST', url: '/api/v1/login', payload: { email, password: valid.password }, remoteAddress: '10.2.1.1' });
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe('RATE_LIMITED');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // another account is not affected
    await t.login(SELLER.email, SELLER.password, '10.2.1.2');
  });

  it('throttles one IP across accounts', async () => {
    const ip = '10.3.0.1';
    let last = 0;
    for (let i = 0; i < 51; i++) {
      last = (await t.call({ method: 'POST', url: '/api/v1/login', payload: { email: `ghost${i}@example.com`, password: 'Wrong#Passw0rd' }, remoteAddress: ip })).status;
    }
    expect(last).toBe(429);
    const other = await t.call({ method: 'POST', url: '/api/v1/login', payload: { email: SELLER.email, password: SELLER.password }, remoteAddress: '10.3.0.2' });
    expect(other.status).toBe(200);
  });
});

describe('sessions', () => {
  it('logout revokes the token on the server', async () => {
    const token = await t.login(SELLER.email, SELLER.password, '10.4.0.1');
    expect((await t.call({ method: 'GET', url: '/api/v1/me', token })).status).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/v1/logout', token })).status).toBe(200);
    const after = await t.call({ method: 'GET', url: '/api/v1/me', token });
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('UNAUTHENTICATED');
  });

  it('stores only a hash of the token', async () => {
    const token = await t.login(SELLER.email, SELLER.password, '10.4.0.2');
    const rows = await t.db.select().from(sessions);
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.tokenHash))).toBe(true);
  });

  it('an idle or past-absolute session answers 401 SESSION_EXPIRED', async () => {
    const idle = await t.login(SELLER.email, SELLER.password, '10.4.0.3');
    const absolute = await t.login(SELLER.email, SELLER.password, '10.4.0.3');
    await t.db.update(sessions).set({ lastSeenAt: new Date(Date.now() - 13 * 3600_000) }).where(eq(sessions.tokenHash, hashToken(idle)));
    await t.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.tokenHash, hashToken(absolute)));
    for (const token of [idle, absolute]) {
      const res = await t.call({ method: 'GET', url: '/api/v1/me', token });
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('SESSION_EXPIRED');
    }
  });

  it('a made-up token or a missing header is 401', async () => {
    expect((await t.call({ method: 'GET', url: '/api/v1/me', token: 'made-up' })).body.code).toBe('UNAUTHENTICATED');
    expect((await t.call({ method: 'GET', url: '/api/v1/me' })).status).toBe(401);
  });

  it('making an account inactive removes its tokens and blocks login', async () => {
    const email = unique();
    await registerAndActivate(email);
    const userToken = await t.login(email, valid.password, '10.5.0.1');
    const user = await findUserByEmail(t.db, email);
    const admin = await t.login(ADMIN.email, ADMIN.password, '10.5.0.2');
    const res = await t.call({ method: 'PATCH', url: '/api/v1/admin/change-status-user', token: admin, payload: { userId: user!.id, status: 'inactive' } });
    expect(res.status).toBe(200);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user!.id))).toHaveLength(0);
    expect((await t.call({ method: 'GET', url: '/api/v1/me', token: userToken })).status).toBe(401);
    const login = await t.call({ method: 'POST', url: '/api/v1/login', payload: { email, password: valid.password }, remoteAddress: '10.5.0.3' });
    expect(login.status).toBe(403);
    expect(login.body.code).toBe('ACCOUNT_INACTIVE');
  });
});

describe('passwords', () => {
  it('forgot answers the same for known and unknown emails and only mails the known one', async () => {
    const email = unique();
    await registerAndActivate(email);
    const known = await t.call({ method: 'POST', url: '/api/v1/password/forgot', payload: { email } });
    const unknown = await t.call({ method: 'POST', url: '/api/v1/password/forgot', payload: { email: 'nobody.here@example.com' } });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    expect(await lastMailTo(t.db, 'nobody.here@example.com')).toBeUndefined();
    expect((await lastMailTo(t.db, email))?.link).toMatch(/^\/app\/reset-password\?token=/);
  });

  it('reset is single-use, ends every session and does not sign in', async () => {
    const email = unique();
    await registerAndActivate(email);
    const old = await t.login(email, valid.password, '10.6.0.1');
    await t.call({ method: 'POST', url: '/api/v1/password/forgot', payload: { email } });
    const token = new URL(`http://x${(await lastMailTo(t.db, email))!.link}`).searchParams.get('token')!;
    const body = { token, password: 'N3w&Password!!', confirmPassword: 'N3w&Password!!' };
    const res = await t.call({ method: 'POST', url: '/api/v1/password/reset-password', payload: body });
    expect(res.status).toBe(200);
    expect(res.body.data).toBeNull();
    expect((await t.call({ method: 'GET', url: '/api/v1/me', token: old })).status).toBe(401);
    expect((await t.call({ method: 'POST', url: '/api/v1/password/reset-password', payload: body })).body.code).toBe('RESET_LINK_INVALID');
    await t.login(email, 'N3w&Password!!', '10.6.0.2');
  });

  it('reset applies the password rules', async () => {
    const res = await t.call({ method: 'POST', url: '/api/v1/password/reset-password', payload: { token: 'x', password: 'weak', confirmPassword: 'weak' } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual({ field: 'password', message: 'The password needs at least 12 characters.' });
  });

  it('update needs the current password and signs out the other sessions', async () => {
    const email = unique();
    await registerAndActivate(email);
    const a = await t.login(email, valid.password, '10.7.0.1');
    const b = await t.login(email, valid.password, '10.7.0.2');
    const wrong = await t.call({ method: 'POST', url: '/api/v1/password/update', token: a, payload: { currentPassword: 'Nope&Nope1234', password: 'An0ther&Secret', confirmPassword: 'An0ther&Secret' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toContainEqual({ field: 'currentPassword', message: 'The current password is wrong.' });
    const same = await t.call({ method: 'POST', url: '/api/v1/password/update', token: a, payload: { currentPassword: valid.password, password: valid.password, confirmPassword: valid.password } });
    expect(same.body.code).toBe('PASSWORD_REUSED');
    const ok = await t.call({ method: 'POST', url: '/api/v1/password/update', token: a, payload: { currentPassword: valid.password, password: 'An0ther&Secret', confirmPassword: 'An0ther&Secret' } });
    expect(ok.status).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/v1/me', token: a })).status).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/v1/me', token: b })).status).toBe(401);
    await t.login(email, 'An0ther&Secret', '10.7.0.3');
  });
});
