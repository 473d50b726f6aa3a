import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { registerHttpPlatform } from './platform/http';
import { startTestApp, type TestApp } from './test/harness';

let t: TestApp;
let web: string;
beforeAll(async () => {
  web = fs.mkdtempSync(path.join(os.tmpdir(), 'exship-web-'));
  fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>ExShip</title><div id="root"></div>');
  fs.mkdirSync(path.join(web, 'assets'));
  fs.writeFileSync(path.join(web, 'assets', 'app.js'), 'console.log(1)');
  t = await startTestApp({ env: { WEB_DIST: web } });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(web, { recursive: true, force: true });
});

describe('platform', () => {
  it('GET /api/v1/health names the database driver', async () => {
    const res = await t.call({ method: 'GET', url: '/api/v1/health' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'OK', data: { status: 'ok', database: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite' } });
  });

  it('unknown API paths get the error envelope, not the web app', async () => {
    const res = await t.call({ method: 'GET', url: '/api/v1/does-not-exist' });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, code: 'ROUTE_NOT_FOUND' });
  });

  it('serves the web app with history fallback for /app/... and public paths', async () => {
    for (const url of ['/', '/app/login', '/policy', '/app/orders/order-detail/123', '/anything']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<div id="root">');
    }
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(asset.body).toBe('console.log(1)');
    const missing = await t.app.inject({ method: 'GET', url: '/assets/gone-after-deploy.js' });
    expect(missing.statusCode).toBe(404);
  });

  it('publishes an OpenAPI 3 document generated from the contracts, with a docs UI', async () => {
    const doc = await t.call({ method: 'GET', url: '/api/docs/json' });
    expect(doc.status).toBe(200);
    expect(doc.body.openapi).toMatch(/^3\./);
    const register = doc.body.paths['/api/v1/register'].post;
    expect(Object.keys(register.requestBody.content['application/json'].schema.properties)).toEqual(
      expect.arrayContaining(['fullName', 'email', 'password', 'confirmPassword', 'phone', 'agreeTerms']),
    );
    expect(doc.body.paths['/api/v1/test/outbox']).toBeUndefined();
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toMatch(/swagger/i);
  });

  it('refuses to start with an API route that declares no access', async () => {
    const bare = Fastify();
    registerHttpPlatform(bare);
    bare.get('/api/v1/declared', { config: { access: 'public' } }, async () => 'x');
    expect(() => bare.get('/api/v1/undeclared', async () => 'x')).toThrow(/GET \/api\/v1\/undeclared declares no access/);
  });

  it('sends the security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('no-store');
  });
});
