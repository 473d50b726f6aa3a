import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { ADMIN, SELLER, eventually, lastMailTo, startTestApp, type TestApp } from '../../test/harness';
import { rateLimits } from '../../platform/platform.tables';
import { emailTokens, sessions } from './auth.tables';
import { findUserByEmail } from '../users';
import { FORGOT_PASSWORD_JOB } from '.';
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
const register = (body: Record<string, unknown>, headers: Record<string, string> = {}, ip = '127.0.0.1') =>
  t.call({ method: 'POST', url: '/api/v1/register', payload: body, headers, remoteAddress: ip });

async function registerAndActivate(email: string, password = valid.password, ip = '127.0.0.1') {
  const res = await register({ ...valid, email, password, confirmPassword: password }, {}, ip);
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
    // single use: a second click says the account is verified and to sign in
    const again = await t.call({ method: 'GET', url: `/api/v1/accounts/authorization/activate/${token}` });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'ACCOUNT_ALREADY_VERIFIED', message: 'This account is already verified. Sign in to continue.' });
    const againVi = await t.call({ method: 'GET', url: `/api/v1/accounts/authorization/activate/${token}`, headers: { language: 'vi' } });
    expect(againVi.body.message).toBe('Tài khoản này đã được xác minh. Hãy đăng nhập để tiếp tục.');

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
    expect((await t.call({ method: 'GET', url: `/api/v1/accounts/authorization/activate/${first}` })).body.code).toBe('VERIFY_LINK_INVALID');
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

describe('"someone tried to sign up with your email" mails', () => {
  it('are capped per recipient like reset links, while the reply stays the same', async () => {
    const { mailOutbox } = await import('../../platform/platform.tables');
    const { and } = await import('drizzle-orm');
    const owner = unique();
    await registerAndActivate(owner, valid.password, '10.71.0.1');
    const replies = [];
    for (let i = 0; i < 8; i++) replies.push(await register({ ...valid, email: owner, fullName: 'Someone Else' }, {}, `10.71.1.${i}`));
    expect(new Set(replies.map((r) => JSON.stringify([r.status, r.body]))).size).toBe(1);
    const mails = await t.db.select().from(mailOutbox).where(and(eq(mailOutbox.toAddress, owner), eq(mailOutbox.subject, 'Someone tried to sign up with your email')));
    expect(mails).toHaveLength(5);
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

  // A hard lock after ten failures from anywhere let anyone lock any account.
  // Failures now count per (account, address) and only delay the next attempt from that address.
  const loginFrom = (email: string, password: string, ip: string) => t.call({ method: 'POST', url: '/api/v1/login', payload: { email, password }, remoteAddress: ip });
  /** Pretend the latest failure of (email, ip) happened `ms` earlier: no fixed sleeps in tests. */
  const ageFailures = (email: string, ip: string, ms: number) =>
    t.db.update(rateLimits).set({ windowStart: new Date(Date.now() - ms) }).where(eq(rateLimits.key, `login:fail:${email}|${ip}`));

  it('after five wrong passwords from one address the next attempt from it waits 1 s, then 2 s, 4 s …, answered 429 with Retry-After', async () => {
    const email = unique();
    await registerAndActivate(email, valid.password, '10.70.0.3');
    const ip = '10.2.0.1';
    for (let i = 0; i < 5; i++) expect((await loginFrom(email, 'Wrong#Passw0rd', ip)).status).toBe(401);
    await ageFailures(email, ip, 0);
    // Even the right password waits its turn.
    const blocked = await loginFrom(email, valid.password, ip);
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe('RATE_LIMITED');
    expect(blocked.headers['retry-after']).toBe('1');
    await ageFailures(email, ip, 1500);
    expect((await loginFrom(email, 'Wrong#Passw0rd', ip)).status).toBe(401);
    expect((await loginFrom(email, valid.password, ip)).headers['retry-after']).toBe('2');
    await ageFailures(email, ip, 2500);
    expect((await loginFrom(email, 'Wrong#Passw0rd', ip)).status).toBe(401);
    expect((await loginFrom(email, valid.password, ip)).headers['retry-after']).toBe('4');
    // Once the wait is over the owner gets in, and the success clears the count.
    await ageFailures(email, ip, 4500);
    expect((await loginFrom(email, valid.password, ip)).status).toBe(200);
    expect((await loginFrom(email, 'Wrong#Passw0rd', ip)).status).toBe(401);
    expect((await loginFrom(email, valid.password, ip)).status).toBe(200);
  });

  it("an attacker's failures from another address do not lock the owner out, not even the super admin", async () => {
    for (let i = 0; i < 5; i++) expect((await loginFrom(ADMIN.email, 'Wrong#Passw0rd', '10.2.2.1')).status).toBe(401);
    // As if the attacker had gone on for a while: the next try from that address waits 32 s.
    await t.db.update(rateLimits).set({ count: 10, windowStart: new Date() }).where(eq(rateLimits.key, `login:fail:${ADMIN.email}|10.2.2.1`));
    expect((await loginFrom(ADMIN.email, ADMIN.password, '10.2.2.1')).status).toBe(429);
    expect((await loginFrom(ADMIN.email, ADMIN.password, '10.2.2.2')).status).toBe(200);
    // another account is not affected from the attacker's address either
    await t.login(SELLER.email, SELLER.password, '10.2.2.1');
  });

  it('a password reset clears the failure count', async () => {
    const email = unique();
    await registerAndActivate(email, valid.password, '10.70.0.3');
    const ip = '10.2.3.1';
    for (let i = 0; i < 5; i++) await loginFrom(email, 'Wrong#Passw0rd', ip);
    await t.db.update(rateLimits).set({ count: 10, windowStart: new Date() }).where(eq(rateLimits.key, `login:fail:${email}|${ip}`));
    expect((await loginFrom(email, valid.password, ip)).status).toBe(429);
    await t.call({ method: 'POST', url: '/api/v1/password/forgot', payload: { email }, remoteAddress: ip });
    await t.runJobs();
    const link = (await eventually(async () => (await lastMailTo(t.db, email))?.link?.includes('reset-password') && (await lastMailTo(t.db, email))))!.link!;
    const token = new URL(`http://x${link}`).searchParams.get('token')!;
    const reset = await t.call({ method: 'POST', url: '/api/v1/password/reset-password', payload: { token, password: 'Fresh&Start2026', confirmPassword: 'Fresh&Start2026' }, remoteAddress: ip });
    expect(reset.status).toBe(200);
    expect((await loginFrom(email, 'Fresh&Start2026', ip)).status).toBe(200);
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

  it('signed-in requests move last_seen_at at most once a minute, so reads stay reads and the idle clock still runs', async () => {
    const recent = await t.login(SELLER.email, SELLER.password, '10.4.0.4');
    const stale = await t.login(SELLER.email, SELLER.password, '10.4.0.4');
    const seenAt = async (token: string) => (await t.db.select({ at: sessions.lastSeenAt }).from(sessions).where(eq(sessions.tokenHash, hashToken(token))))[0]!.at.getTime();
    const thirtySecondsAgo = new Date(Date.now() - 30_000);
    const twoMinutesAgo = new Date(Date.now() - 120_000);
    await t.db.update(sessions).set({ lastSeenAt: thirtySecondsAgo }).where(eq(sessions.tokenHash, hashToken(recent)));
    await t.db.update(sessions).set({ lastSeenAt: twoMinutesAgo }).where(eq(sessions.tokenHash, hashToken(stale)));
    for (let i = 0; i < 3; i++) {
      expect((await t.call({ method: 'GET', url: '/api/v1/me', token: recent })).status).toBe(200);
      expect((await t.call({ method: 'GET', url: '/api/v1/me', token: stale })).status).toBe(200);
    }
    expect(await seenAt(recent)).toBe(thirtySecondsAgo.getTime());
    expect(await seenAt(stale)).toBeGreaterThan(Date.now() - 60_000);
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
  it('forgot answers the same for known and unknown emails, takes the same path for both (a queued job), and only mails the known one', async () => {
    const email = unique();
    await registerAndActivate(email);
    const send = vi.spyOn(t.ctx.jobs, 'send');
    try {
      const known = await t.call({ method: 'POST', url: '/api/v1/password/forgot', payload: { email } });
      const unknown = await t.call({ method: 'POST', url: '/api/v1/password/forgot', payload: { email: 'nobody.here@example.com' } });
      expect(known.status).toBe(200);
      expect(unknown.status).toBe(200);
      expect(known.body).toEqual(unknown.body);
      // No token write or mail inside the request, for either email.
      expect(send.mock.calls.map((c) => c[0])).toEqual([FORGOT_PASSWORD_JOB, FORGOT_PASSWORD_JOB]);
    } finally {
      send.mockRestore();
    }
    await t.runJobs();
    const mail = await eventually(async () => (await lastMailTo(t.db, email))?.link?.startsWith('/app/reset-password') && (await lastMailTo(t.db, email)));
    expect(mail.link).toMatch(/^\/app\/reset-password\?token=/);
    expect(await lastMailTo(t.db, 'nobody.here@example.com')).toBeUndefined();
  });

  it('reset is single-use, ends every session and does not sign in', async () => {
    const email = unique();
    await registerAndActivate(email);
    const old = await t.login(email, valid.password, '10.6.0.1');
    await t.call({ method: 'POST', url: '/api/v1/password/forgot', payload: { email } });
    await t.runJobs();
    const link = await eventually(async () => (await lastMailTo(t.db, email))?.link?.startsWith('/app/reset-password') && (await lastMailTo(t.db, email))!.link);
    const token = new URL(`http://x${link}`).searchParams.get('token')!;
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

describe('/password/update throttling', () => {
  it('counts wrong current passwords with the login counter: after five, the next try waits, and login from that address too', async () => {
    const email = unique();
    await registerAndActivate(email, valid.password, '10.70.0.1');
    const ip = '10.8.0.1';
    const session = await t.login(email, valid.password, ip);
    const update = (currentPassword: string) =>
      t.call({ method: 'POST', url: '/api/v1/password/update', token: session, remoteAddress: ip, payload: { currentPassword, password: 'An0ther&Secret', confirmPassword: 'An0ther&Secret' } });
    for (let i = 0; i < 5; i++) expect((await update('Guess&Guess1234')).body.code).toBe('CURRENT_PASSWORD_WRONG');
    await t.db.update(rateLimits).set({ windowStart: new Date() }).where(eq(rateLimits.key, `login:fail:${email}|${ip}`));
    const blocked = await update(valid.password);
    expect(blocked.status).toBe(429);
    expect(blocked.headers['retry-after']).toBe('1');
    const login = await t.call({ method: 'POST', url: '/api/v1/login', payload: { email, password: valid.password }, remoteAddress: ip });
    expect(login.status).toBe(429);
    // The password did not change.
    await t.login(email, valid.password, '10.8.0.2');
  });
});

describe('common passwords and passphrases', () => {
  it('refuses Password123! and its look-alikes at sign-up with a clear field message, in en and vi, creating nothing', async () => {
    for (const password of ['Password123!', 'P@ssw0rd2024!', 'Qwerty123456!']) {
      const email = unique();
      const res = await register({ ...valid, email, password, confirmPassword: password }, {}, '10.70.0.2');
      expect(res.status, password).toBe(400);
      expect(res.body.errors).toEqual([{ field: 'password', message: 'This password is too common: it is on lists of leaked passwords. Choose another.' }]);
      expect(await findUserByEmail(t.db, email)).toBeUndefined();
    }
    const vi = await register({ ...valid, email: unique(), password: 'Password123!', confirmPassword: 'Password123!' }, { language: 'vi' }, '10.70.0.2');
    expect(vi.body.errors).toEqual([{ field: 'password', message: 'Mật khẩu này quá phổ biến: nó có trong danh sách mật khẩu bị lộ. Hãy chọn mật khẩu khác.' }]);
  });

  it('refuses a common password at reset and at change too', async () => {
    const email = unique();
    await registerAndActivate(email, valid.password, '10.70.0.1');
    const session = await t.login(email, valid.password, '10.9.0.1');
    const update = await t.call({ method: 'POST', url: '/api/v1/password/update', token: session, payload: { currentPassword: valid.password, password: 'Password123!', confirmPassword: 'Password123!' } });
    expect(update.status).toBe(400);
    expect(update.body.errors).toContainEqual({ field: 'password', message: 'This password is too common: it is on lists of leaked passwords. Choose another.' });
    const reset = await t.call({ method: 'POST', url: '/api/v1/password/reset-password', payload: { token: 'x', password: 'Password123!', confirmPassword: 'Password123!' } });
    expect(reset.status).toBe(400);
    expect(reset.body.errors).toContainEqual({ field: 'password', message: 'This password is too common: it is on lists of leaked passwords. Choose another.' });
    await t.login(email, valid.password, '10.9.0.2');
  });

  it('accepts a long passphrase that meets the rule, up to 128 characters; 129 is refused naming the limit', async () => {
    const phrase = 'Correct horse battery staple, 4 cups of tea at the Hanoi depot before the 7:15 truck leaves!';
    const long = `${phrase} ${'x'.repeat(128 - phrase.length - 1)}`;
    expect(long).toHaveLength(128);
    for (const password of [phrase, long]) {
      const email = unique();
      const res = await register({ ...valid, email, password, confirmPassword: password }, {}, '10.70.0.2');
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    const tooLong = await register({ ...valid, email: unique(), password: `${long}y`, confirmPassword: `${long}y` }, {}, '10.70.0.2');
    expect(tooLong.body.errors).toContainEqual({ field: 'password', message: 'The password can have at most 128 characters.' });
  });
});
