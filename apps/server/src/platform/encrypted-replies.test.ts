import { createDecipheriv, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SELLER, startTestApp, type TestApp } from '../test/harness';

// docs/encrypted-replies.md: with RESPONSE_ENCRYPTION_KEY every /api/v1 JSON reply is
// { iv, data } = base64(12-byte nonce), base64(AES-256-GCM ciphertext || 16-byte tag).

const key = randomBytes(32);

/** What a client does: open `{ iv, data }` with node:crypto, independently of the server's code. */
function open(body: { iv: string; data: string }): unknown {
  const iv = Buffer.from(body.iv, 'base64');
  const sealed = Buffer.from(body.data, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAuthTag(sealed.subarray(sealed.length - 16));
  return JSON.parse(Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - 16)), decipher.final()]).toString('utf8'));
}

describe('encrypted replies (RESPONSE_ENCRYPTION_KEY set)', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startTestApp({ env: { RESPONSE_ENCRYPTION_KEY: key.toString('base64') } });
    const login = await t.call({ method: 'POST', url: '/api/v1/login', payload: { email: SELLER.email, password: SELLER.password } });
    expect(login.status).toBe(200);
    token = (open(login.body) as { data: { token: string } }).data.token;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('sends a success reply as { iv, data } that opens to the usual envelope', async () => {
    const res = await t.call({ method: 'GET', url: '/api/v1/me', token });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(Object.keys(res.body).sort()).toEqual(['data', 'iv']);
    expect(Buffer.from(res.body.iv, 'base64')).toHaveLength(12);
    expect(open(res.body)).toMatchObject({ success: true, message: 'OK', data: { email: SELLER.email } });
  });

  it('uses a fresh nonce for every reply', async () => {
    const a = await t.call({ method: 'GET', url: '/api/v1/me', token });
    const b = await t.call({ method: 'GET', url: '/api/v1/me', token });
    expect(a.body.iv).not.toBe(b.body.iv);
    expect(a.body.data).not.toBe(b.body.data);
  });

  it('encrypts error replies too: validation, 401, unknown routes', async () => {
    const bad = await t.call({ method: 'POST', url: '/api/v1/login', payload: { email: 'not-an-email' } });
    expect(bad.status).toBe(400);
    expect(open(bad.body)).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    const anonymous = await t.call({ method: 'GET', url: '/api/v1/me' });
    expect(anonymous.status).toBe(401);
    expect(open(anonymous.body)).toMatchObject({ success: false });
    const missing = await t.call({ method: 'GET', url: '/api/v1/does-not-exist' });
    expect(missing.status).toBe(404);
    expect(open(missing.body)).toMatchObject({ success: false, code: 'ROUTE_NOT_FOUND' });
  });

  it('leaves files, the health probe and the OpenAPI document alone', async () => {
    const admin = (open((await t.call({ method: 'POST', url: '/api/v1/login', payload: { email: 'admin@exship.local', password: 'Admin#Passw0rd!' } })).body) as { data: { token: string } }).data.token;
    const file = await t.app.inject({ method: 'GET', url: '/api/v1/orders/templates/order.xlsx', headers: { authorization: `Bearer ${admin}` } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/spreadsheetml/);
    expect(file.rawPayload.subarray(0, 2).toString('latin1')).toBe('PK');
    const health = await t.call({ method: 'GET', url: '/api/v1/health' });
    expect(health.body).toMatchObject({ success: true, data: { status: 'ok' } });
    const doc = await t.call({ method: 'GET', url: '/api/docs/json' });
    expect(doc.body.openapi).toMatch(/^3\./);
  });
});

describe('encrypted replies off (no key)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('sends the plain envelope', async () => {
    const token = await t.login(SELLER.email, SELLER.password);
    const res = await t.call({ method: 'GET', url: '/api/v1/me', token });
    expect(res.body).toMatchObject({ success: true, data: { email: SELLER.email } });
    expect(res.body.iv).toBeUndefined();
  });
});
