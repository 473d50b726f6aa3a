import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SELLER, startTestApp, type TestApp } from '../../test/harness';

// Behind a load balancer every request comes from the balancer's address.
// With TRUST_PROXY the limits key on the client address the trusted proxy reports; without it the
// forwarded header is ignored, so a client cannot pick its own address. Forgot-password is the
// cheapest limited route (20 per address and window; no password hashing), so it is used here.

const BALANCER = '10.1.2.3';
const forgot = (t: TestApp, i: number, forwardedFor: string) =>
  t.call({ method: 'POST', url: '/api/v1/password/forgot', payload: { email: `ghost${i}@example.com` }, remoteAddress: BALANCER, headers: { 'x-forwarded-for': forwardedFor } });

let on: TestApp;
let off: TestApp;
beforeAll(async () => {
  on = await startTestApp({ env: { TRUST_PROXY: '10.0.0.0/8' } });
  off = await startTestApp();
});
afterAll(async () => {
  await Promise.all([on?.close(), off?.close()]);
});

describe('TRUST_PROXY', () => {
  it('on (a CIDR list): one client behind the balancer is limited, the others are not, and a forged header does not help', async () => {
    const statuses: number[] = [];
    // The balancer appends the real peer; whatever the client put before it is not believed.
    for (let i = 0; i < 21; i++) statuses.push((await forgot(on, i, `198.51.100.${i}, 203.0.113.7`)).status);
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
    expect((await forgot(on, 99, '203.0.113.8')).status).toBe(200);
    // Sessions record the client's address, not the balancer's.
    const login = await on.call({ method: 'POST', url: '/api/v1/login', payload: { email: SELLER.email, password: SELLER.password }, remoteAddress: BALANCER, headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(login.status).toBe(200);
    const { sessions } = await import('./auth.tables');
    const rows = await on.db.select({ ip: sessions.ip }).from(sessions);
    expect(rows.map((r) => r.ip)).toContain('203.0.113.9');
  });

  it('on: a request the proxy reports as https gets HSTS; plain http does not', async () => {
    const https = await on.call({ method: 'GET', url: '/app/login', remoteAddress: BALANCER, headers: { 'x-forwarded-proto': 'https' } });
    expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const http = await on.call({ method: 'GET', url: '/app/login', remoteAddress: BALANCER, headers: { 'x-forwarded-proto': 'http' } });
    expect(http.headers['strict-transport-security']).toBeUndefined();
  });

  it('off (the default): X-Forwarded-For is ignored, so every client behind the balancer shares its address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await forgot(off, i, `203.0.113.${i}`)).status);
    expect(statuses[20]).toBe(429);
    expect((await forgot(off, 99, '203.0.113.200')).status).toBe(429);
    // Nor is X-Forwarded-Proto: no HSTS on plain http.
    const forged = await off.call({ method: 'GET', url: '/app/login', remoteAddress: BALANCER, headers: { 'x-forwarded-proto': 'https' } });
    expect(forged.headers['strict-transport-security']).toBeUndefined();
  });

  it('every page carries the Content-Security-Policy', async () => {
    for (const url of ['/app/login', '/api/v1/me']) {
      const res = await off.call({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      for (const directive of ["default-src 'self'", "object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'", "style-src 'self' 'unsafe-inline'", "img-src 'self' data: blob:"]) {
        expect(csp, `${url}: ${directive}`).toContain(directive);
      }
    }
  });
});
