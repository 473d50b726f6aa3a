import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { activityLog } from '../../platform/platform.tables';
import { ADMIN, SELLER, startTestApp, type TestApp } from '../../test/harness';

// GET /admin/get-user-activity — sign-ins and every change a user made, written by the one
// platform hook (platform/activity.ts) for every route; reads and failures are not logged.
let t: TestApp;
let admin: string;
let sellerId: string;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login(ADMIN.email, ADMIN.password, '10.55.0.1');
  sellerId = (await t.call({ method: 'GET', url: '/api/v1/me', token: await t.login(SELLER.email, SELLER.password, '10.55.0.2') })).body.data.id;
});
afterAll(() => t?.close());

const activity = async (query = '') => {
  const res = await t.call({ method: 'GET', url: `/api/v1/admin/get-user-activity?userId=${sellerId}${query}`, token: admin });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};

describe('user activity', () => {
  it('records a sign-in and a change with the operation, route, ids, address and status; not reads, not failures', async () => {
    const seller = await t.login(SELLER.email, SELLER.password, '10.55.0.3');
    await t.call({ method: 'POST', url: '/api/v1/profile/update', token: seller, payload: { fullName: 'Demo Seller Renamed' } });
    await t.call({ method: 'GET', url: '/api/v1/me', token: seller });
    await t.call({ method: 'POST', url: '/api/v1/profile/update', token: seller, payload: { fullName: '' } });
    const log = await activity();
    const ops = log.items.map((i: { operationId: string }) => i.operationId);
    expect(ops.slice(0, 2)).toEqual(['updateProfile', 'login']);
    expect(ops).not.toContain('me');
    expect(ops.filter((o: string) => o === 'updateProfile')).toHaveLength(1);
    expect(log.items[0]).toMatchObject({ method: 'POST', route: '/profile/update', status: 200, summary: 'Update my profile' });
    expect(log.items[1]).toMatchObject({ operationId: 'login', ip: '10.55.0.3' });
    expect(JSON.stringify(log)).not.toContain('Passw0rd');
    const logins = await activity('&operationId=login');
    expect(logins.items.every((i: { operationId: string }) => i.operationId === 'login')).toBe(true);
    expect(logins.total).toBe(2);
  });

  it('a POST that only reads (a list, a lookup) writes no line; a change does', async () => {
    const seller = await t.login(SELLER.email, SELLER.password, '10.55.0.5');
    const lines = async () => (await t.db.select({ operationId: activityLog.operationId }).from(activityLog).where(eq(activityLog.userId, sellerId))).map((r) => r.operationId);
    const before = await lines();
    expect((await t.call({ method: 'POST', url: '/api/v1/transaction/all-transaction', token: seller, payload: {} })).status).toBe(200);
    expect((await t.call({ method: 'POST', url: '/api/v1/tracking/lookup', token: seller, payload: { refs: ['NO-SUCH-PARCEL'] } })).status).toBe(200);
    expect(await lines()).toEqual(before);
    expect((await t.call({ method: 'PATCH', url: '/api/v1/profile/update-setting', token: seller, payload: { autoPay: false } })).status).toBe(200);
    const after = await lines();
    expect(after).toHaveLength(before.length + 1);
    expect(after.filter((o) => o === 'updateProfileSetting')).toHaveLength(before.filter((o) => o === 'updateProfileSetting').length + 1);
  });

  it('every module\'s changes land in the same trail; a seller cannot read it', async () => {
    const seller = await t.login(SELLER.email, SELLER.password, '10.55.0.4');
    expect((await t.call({ method: 'GET', url: `/api/v1/admin/get-user-activity?userId=${sellerId}`, token: seller })).status).toBe(403);
    await t.call({ method: 'PATCH', url: '/api/v1/notifi/update-seen', token: seller, payload: {} });
    const log = await activity();
    expect(log.items.some((i: { route: string }) => i.route.startsWith('/notifi'))).toBe(true);
  });
});
