import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SELLER, startTestApp, type TestApp } from '../../test/harness';

// POST /login-social verifies a Google ID token's signature against a JWKS (a local server
// here), its issuer, audience, expiry and verified email. A forged token is refused.
const CLIENT_ID = 'exship-test-client.apps.googleusercontent.com';
const ISSUER = 'https://accounts.google.com';
let t: TestApp;
let jwks: Server;
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
  jwks = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => jwks.listen(0, '127.0.0.1', resolve));
  const { port } = jwks.address() as AddressInfo;
  t = await startTestApp({ env: { GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS_URL: `http://127.0.0.1:${port}/certs` } });
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
