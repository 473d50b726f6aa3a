import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, SELLER, startTestApp, type TestApp } from '../../test/harness';
import { hashToken, newToken } from '../../platform/tokens';
import { findUserByEmail } from '../users';
import { sessions } from './auth.tables';

// POST /login-social verifies a Google ID token's signature against a JWKS (a local server
// here), its issuer, audience, expiry and verified email. A forged token is refused.
const CLIENT_ID = 'exship-test-client.apps.googleusercontent.com';
const ISSUER = 'https://accounts.google.com';
let t: TestApp;
let jwks: Server;
let jwksUrl = '';
let jwksRequests = 0;
let key: CryptoKey;
let forger: CryptoKey;
let ip = 1;

async function idToken(claims: Record<string, unknown>, opts: { signer?: CryptoKey; kid?: string; aud?: string; iss?: string; exp?: string | number } = {}) {
  return new SignJWT({ email_verified: true, name: 'Gia Buyer', ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: opts.kid ?? 'k1' })
    .setIssuer(opts.iss ?? ISSUER)
    .setAudience(opts.aud ?? CLIENT_ID)
    .setSubject('1234567890')
    .setIssuedAt()
    .setExpirationTime(opts.exp ?? '10m')
    .sign(opts.signer ?? key);
}
const signIn = (token: string) => t.call({ method: 'POST', url: '/api/v1/login-social', payload: { provider: 'google', idToken: token }, remoteAddress: `10.66.0.${ip++}` });

beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  key = pair.privateKey;
  forger = (await generateKeyPair('RS256')).privateKey;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  jwks = createServer((req, res) => {
    jwksRequests++;
    if (req.url === '/moved') return void res.writeHead(302, { location: '/certs' }).end();
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => jwks.listen(0, '127.0.0.1', resolve));
  const { port } = jwks.address() as AddressInfo;
  jwksUrl = `http://127.0.0.1:${port}/certs`;
  // The key server is on loopback: reachable only because the allow-list names it.
  t = await startTestApp({ env: { GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS_URL: jwksUrl, OUTBOUND_ALLOW_HOSTS: `127.0.0.1:${port}` } });
});
afterAll(async () => {
  await t?.close();
  jwks?.closeAllConnections();
  await new Promise((r) => jwks?.close(r));
});

describe('Google sign-in', () => {
  it('a new verified email gets an active seller account and a session that works', async () => {
    const res = await signIn(await idToken({ email: 'Gia.Buyer@Example.com' }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.profile).toMatchObject({ email: 'gia.buyer@example.com', fullName: 'Gia Buyer' });
    const me = await t.call({ method: 'GET', url: '/api/v1/me', token: res.body.data.token });
    expect(me.status).toBe(200);
    const [row] = ((await t.db.execute(sql`select status from users where email = 'gia.buyer@example.com'`)) as unknown as { rows: { status: string }[] }).rows;
    expect(row!.status).toBe('active');
  });

  it('an existing account signs in to itself', async () => {
    const res = await signIn(await idToken({ email: SELLER.email }));
    expect(res.status).toBe(200);
    expect(res.body.data.profile.email).toBe(SELLER.email);
  });

  it('refuses a token signed by another key, for another audience or issuer, expired, or without a verified email', async () => {
    const bad = [
      await idToken({ email: SELLER.email }, { signer: forger }),
      await idToken({ email: SELLER.email }, { signer: forger, kid: 'other' }),
      await idToken({ email: SELLER.email }, { aud: 'someone-else.apps.googleusercontent.com' }),
      await idToken({ email: SELLER.email }, { iss: 'https://evil.example.com' }),
      await idToken({ email: SELLER.email }, { exp: Math.floor(Date.now() / 1000) - 3600 }),
      await idToken({ email: SELLER.email, email_verified: false }),
    ];
    for (const token of bad) {
      const res = await signIn(token);
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('SOCIAL_TOKEN_INVALID');
    }
    // A token with its payload edited after signing.
    const good = await idToken({ email: 'someone@example.com' });
    const [h, , s] = good.split('.');
    const edited = `${h}.${Buffer.from(JSON.stringify({ email: SELLER.email, email_verified: true, aud: CLIENT_ID, iss: ISSUER, sub: '1', exp: 9999999999 })).toString('base64url')}.${s}`;
    expect((await signIn(edited)).status).toBe(401);
    expect((await signIn('not.a.token-at-all-but-long-enough')).status).toBe(401);
  });

  it("the sign-in page learns the client id, and the page's CSP lets Google's button in and nothing else of Google", async () => {
    const res = await t.call({ method: 'GET', url: '/api/v1/sign-in-options' });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ google: { clientId: CLIENT_ID } });
    const csp = String(res.headers['content-security-policy']);
    for (const directive of ['script-src', 'style-src', 'connect-src', 'frame-src']) {
      expect(csp).toMatch(new RegExp(`${directive} [^;]*https://accounts\\.google\\.com/gsi/`));
    }
    expect(csp).not.toMatch(/https:\/\/accounts\.google\.com\/?[ ;]/);
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('an inactive account is refused', async () => {
    await signIn(await idToken({ email: 'gone@example.com' }));
    await t.db.execute(sql`update users set status = 'inactive' where email = 'gone@example.com'`);
    const res = await signIn(await idToken({ email: 'gone@example.com' }));
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('ACCOUNT_INACTIVE');
  });
});

describe('Google sign-in on an account someone else registered', () => {
  const ATTACKER_PASSWORD = 'Squatt3r&Secret!';

  it("drops the password set before the email was proved, and the sessions made with it", async () => {
    const email = 'victim.seller@example.com';
    const registered = await t.call({
      method: 'POST',
      url: '/api/v1/register',
      payload: { fullName: 'Not The Victim', email, password: ATTACKER_PASSWORD, confirmPassword: ATTACKER_PASSWORD, agreeTerms: true },
      remoteAddress: '10.77.0.1',
    });
    expect(registered.status).toBe(201);
    // A session opened with that password while the account waited for its link (kept, unused).
    const squatter = await findUserByEmail(t.db, email);
    const earlierToken = newToken();
    await t.db.insert(sessions).values({ userId: squatter!.id, tokenHash: hashToken(earlierToken), expiresAt: new Date(Date.now() + 3_600_000) });

    const victim = await signIn(await idToken({ email }));
    expect(victim.status, JSON.stringify(victim.body)).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/v1/me', token: victim.body.data.token })).status).toBe(200);

    const attacker = await t.call({ method: 'POST', url: '/api/v1/login', payload: { email, password: ATTACKER_PASSWORD }, remoteAddress: '10.77.0.2' });
    expect(attacker.status).toBe(401);
    expect(attacker.body.code).toBe('INVALID_CREDENTIALS');
    expect((await t.call({ method: 'GET', url: '/api/v1/me', token: earlierToken })).status).toBe(401);
  });

  it('a verified account keeps its password: its owner proved the email', async () => {
    const res = await signIn(await idToken({ email: SELLER.email }));
    expect(res.status).toBe(200);
    expect(await t.login(SELLER.email, SELLER.password, '10.77.0.3')).toBeTruthy();
  });

  it('a staff account is never signed in by a matching email', async () => {
    const res = await signIn(await idToken({ email: ADMIN.email }));
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('SOCIAL_ACCOUNT_NOT_LINKED');
    const [row] = ((await t.db.execute(sql`select count(*)::int as n from sessions s join users u on u.id = s.user_id where u.email = ${ADMIN.email}`)) as unknown as { rows: { n: number }[] }).rows;
    expect(row!.n).toBe(0);
  });
});

describe('Google keys through the outbound client', () => {
  // Each case starts an app of its own: room for a slow machine.
  it.each([
    ['on loopback and not allow-listed is never asked', 'not listed'],
    ['that redirects is not followed (one request, never the target)', 'redirects'],
  ])('a key server %s: 401', async (_what, kind) => {
    const port = new URL(jwksUrl).port;
    const env: Record<string, string> = kind === 'redirects' ? { GOOGLE_JWKS_URL: jwksUrl.replace('/certs', '/moved'), OUTBOUND_ALLOW_HOSTS: `127.0.0.1:${port}` } : { GOOGLE_JWKS_URL: jwksUrl };
    const app = await startTestApp({ env: { GOOGLE_CLIENT_ID: CLIENT_ID, ...env } });
    try {
      const before = jwksRequests;
      const res = await app.call({ method: 'POST', url: '/api/v1/login-social', payload: { provider: 'google', idToken: await idToken({ email: SELLER.email }) }, remoteAddress: `10.66.1.${ip++}` });
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('SOCIAL_TOKEN_INVALID');
      expect(jwksRequests - before).toBe(kind === 'redirects' ? 1 : 0);
    } finally {
      await app.close();
    }
  }, 90_000);
});

describe('Google sign-in switched off', () => {
  it('answers 404 SOCIAL_LOGIN_OFF without a client id', async () => {
    const off = await startTestApp();
    try {
      const res = await off.call({ method: 'POST', url: '/api/v1/login-social', payload: { provider: 'google', idToken: 'x'.repeat(40) } });
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('SOCIAL_LOGIN_OFF');
      // The sign-in page shows no Google button, and the CSP lets nothing of Google in.
      const options = await off.call({ method: 'GET', url: '/api/v1/sign-in-options' });
      expect(options.body.data).toEqual({ google: null });
      expect(String(options.headers['content-security-policy'])).not.toContain('google');
    } finally {
      await off.close();
    }
  });
});
