import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, SELLER, startTestApp, type TestApp } from '../../test/harness';

// The scan log's routes: each screen's permission, the caller's own scans only.
describe('floor scans', () => {
  let t: TestApp;
  let admin: string;
  let seller: string;
  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.login(ADMIN.email, ADMIN.password);
    seller = await t.login(SELLER.email, SELLER.password);
  });
  afterAll(async () => t?.close());

  it('staff list their scans of a screen; a seller is refused each screen', async () => {
    for (const screen of ['check-in', 'carton', 'check-out']) {
      const own = await t.call({ method: 'GET', url: `/api/v1/floor/scans?screen=${screen}`, token: admin });
      expect(own.status).toBe(200);
      expect(own.body.data).toEqual([]);
      const refused = await t.call({ method: 'GET', url: `/api/v1/floor/scans?screen=${screen}`, token: seller });
      expect(refused.status).toBe(403);
    }
  });

  it('an unknown scan cannot be undone', async () => {
    const res = await t.call({ method: 'POST', url: '/api/v1/floor/scans/00000000-0000-4000-8000-000000000000/undo', token: admin });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('SCAN_NOT_FOUND');
  });
});
