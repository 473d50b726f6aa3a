import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness';

// In production the seeded super admin must change the given password first.

const PASSWORD = 'Prod#Only-Secret-77';
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { NODE_ENV: 'production', CARRIER_SECRETS_KEY: '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef', SEED_ADMIN_PASSWORD: PASSWORD, SEED_DEMO: 'false' } });
});
afterAll(async () => {
  await t?.close();
});

describe('the seeded super admin in production', () => {
  it('is told at sign-in to change the password; until then only /me, /logout and /password/update answer', async () => {
    const login = await t.call({ method: 'POST', url: '/api/v1/login', payload: { email: 'admin@exship.local', password: PASSWORD } });
    expect(login.status).toBe(200);
    expect(login.body.data.mustChangePassword).toBe(true);
    const token = login.body.data.token as string;

    const me = await t.call({ method: 'GET', url: '/api/v1/me', token });
    expect(me.status).toBe(200);
    expect(me.body.data.mustChangePassword).toBe(true);
    for (const url of ['/api/v1/user/get-customers', '/api/v1/notifi']) {
      const refused = await t.call({ method: 'GET', url, token });
      expect(refused.status, url).toBe(403);
      expect(refused.body).toMatchObject({ code: 'PASSWORD_CHANGE_REQUIRED', message: 'Change your password before you continue.' });
    }
    const vi = await t.call({ method: 'GET', url: '/api/v1/user/get-customers', token, headers: { language: 'vi' } });
    expect(vi.body.message).toBe('Hãy đổi mật khẩu trước khi tiếp tục.');

    const changed = await t.call({ method: 'POST', url: '/api/v1/password/update', token, payload: { currentPassword: PASSWORD, password: 'Brand&New-Admin-2026', confirmPassword: 'Brand&New-Admin-2026' } });
    expect(changed.status).toBe(200);
    // At once, in the same session.
    expect((await t.call({ method: 'GET', url: '/api/v1/user/get-customers', token })).status).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/v1/me', token })).body.data.mustChangePassword).toBe(false);

    const again = await t.call({ method: 'POST', url: '/api/v1/login', payload: { email: 'admin@exship.local', password: 'Brand&New-Admin-2026' }, remoteAddress: '10.60.0.1' });
    expect(again.body.data.mustChangePassword).toBe(false);
  });
});
