import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, SELLER, createSeller, lastMailTo, startTestApp, type TestApp } from '../../test/harness';

// SPEC §4/§7: a reviewed product tells its seller, in the app (bell, list, seen) and by email, in
// the seller's notification language; nobody reads or marks another user's notifications.
let t: TestApp;
let admin: string;
let seller: string;
let other: { id: string; token: string };

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login(ADMIN.email, ADMIN.password);
  seller = await t.login(SELLER.email, SELLER.password);
  other = await createSeller(t, 'other-notify@example.com');
});
afterAll(() => t?.close());

let n = 0;
/** A seller product sent for approval; returns its id. */
async function submitted(token: string): Promise<string> {
  n++;
  const created = await t.call({
    method: 'POST',
    url: '/api/v1/products',
    token,
    payload: { name: `Lamp ${n}`, hsCode: '9405.21', lengthCm: 20, widthCm: 20, heightCm: 30, weightGr: 900, variants: [{ sku: `LAMP-${n}`, price: 30 }] },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.data.id as string;
  expect((await t.call({ method: 'POST', url: `/api/v1/products/${id}/submit`, token })).status).toBe(200);
  return id;
}

const unseen = async (token: string) => (await t.call({ method: 'GET', url: '/api/v1/notifi/count-unseen', token })).body.data.count as number;
const list = async (token: string, query = '') => (await t.call({ method: 'GET', url: `/api/v1/notifi/user${query}`, token })).body.data;

describe('notifications of product reviews', () => {
  it('a rejection reaches the seller in the app and by email, with the reason and a link to the product', async () => {
    const before = await unseen(seller);
    const id = await submitted(seller);
    const res = await t.call({ method: 'POST', url: `/api/v1/products/${id}/reject`, token: admin, payload: { reason: 'HS code does not match the material' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);

    expect(await unseen(seller)).toBe(before + 1);
    const page = await list(seller);
    expect(page.items[0]).toMatchObject({
      title: 'Product rejected',
      content: `“Lamp ${n}” was rejected: HS code does not match the material. Fix it and send it for approval again.`,
      url: `/app/products/${id}`,
      seen: false,
    });
    const mail = await lastMailTo(t.db, SELLER.email);
    expect(mail?.subject).toBe('Product rejected');
    expect(mail?.text).toContain('HS code does not match the material');
    expect(mail?.link).toBe(`/app/products/${id}`);
    // Staff who reviewed it are not told, and another seller sees nothing.
    expect((await list(other.token)).total).toBe(0);
  });

  it("speaks the seller's notification language", async () => {
    expect((await t.call({ method: 'PATCH', url: '/api/v1/user/setting-notification-language', token: other.token, payload: { code: 'vi' } })).status).toBe(200);
    const id = await submitted(other.token);
    expect((await t.call({ method: 'POST', url: `/api/v1/products/${id}/accept`, token: admin })).status).toBe(200);
    const page = await list(other.token);
    expect(page.items[0].title).toBe('Sản phẩm đã được duyệt');
    expect(page.items[0].content).toContain(`“Lamp ${n}”`);
    expect((await lastMailTo(t.db, 'other-notify@example.com'))?.subject).toBe('Sản phẩm đã được duyệt');
  });

  it('marks one as seen, then all; another user cannot mark them', async () => {
    await submitted(seller).then((id) => t.call({ method: 'POST', url: `/api/v1/products/${id}/accept`, token: admin }));
    const page = await list(seller, '?current=1&pageSize=1');
    expect(page.items).toHaveLength(1);
    expect(page.pageSize).toBe(1);
    expect(page.unseen).toBeGreaterThanOrEqual(2);
    const first = page.items[0].id as string;

    const foreign = await t.call({ method: 'PATCH', url: '/api/v1/notifi/update-seen', token: other.token, payload: { id: first } });
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe('NOTIFICATION_NOT_FOUND');

    const one = await t.call({ method: 'PATCH', url: '/api/v1/notifi/update-seen', token: seller, payload: { id: first } });
    expect(one.status).toBe(200);
    expect(one.body.data.count).toBe(page.unseen - 1);
    expect((await list(seller, '?pageSize=1')).items[0].seen).toBe(true);

    const all = await t.call({ method: 'PATCH', url: '/api/v1/notifi/update-seen', token: seller, payload: {} });
    expect(all.body.data.count).toBe(0);
    expect(await unseen(seller)).toBe(0);
    expect(await unseen(other.token)).toBe(1);
  });

  it('refuses a bad id and an anonymous caller', async () => {
    const bad = await t.call({ method: 'PATCH', url: '/api/v1/notifi/update-seen', token: seller, payload: { id: 'nope' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ field: 'id', message: 'This id is not valid.' }]);
    expect((await t.call({ method: 'GET', url: '/api/v1/notifi/count-unseen' })).status).toBe(401);
    const page = await t.call({ method: 'GET', url: '/api/v1/notifi/user?pageSize=1000', token: seller });
    expect(page.status).toBe(400);
  });
});
