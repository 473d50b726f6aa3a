import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DEFAULT_SELLER_ROLE } from '@exship/contracts';
import { ADMIN, SELLER, createSeller, lastMailTo, startTestApp, type TestApp } from '../../test/harness';
import { hashPassword } from '../../platform/passwords';
import { createUser } from '../users';
import { TELL_REVIEWERS_OF_SUBMISSION, TELL_SELLER_OF_REVIEW } from '.';
import { notifications } from './notifications.tables';

// SPEC §4/§7: a reviewed product tells its seller, in the app (bell, list, seen) and by email; the
// email speaks the seller's notification language, the app list the page's language (the `language`
// header); nobody reads or marks another user's notifications.
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
const list = async (token: string, query = '', language?: string) =>
  (await t.call({ method: 'GET', url: `/api/v1/notifi/user${query}`, token, headers: language ? { language } : undefined })).body.data;

describe('notifications of product reviews', () => {
  it('a rejection reaches the seller in the app and by email, with the reason and a link to the product', async () => {
    const before = await unseen(seller);
    const id = await submitted(seller);
    const res = await t.call({ method: 'POST', url: `/api/v1/products/${id}/reject`, token: admin, payload: { reason: 'HS code does not match the material' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // The notice goes through the outbox: queued with the review, written when its job runs.
    expect(await unseen(seller)).toBe(before);
    expect(await t.runJobs(TELL_SELLER_OF_REVIEW)).toEqual({ ran: 1, failed: 0 });

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

  it("mails in the seller's notification language and lists in the page's language", async () => {
    expect((await t.call({ method: 'PATCH', url: '/api/v1/user/setting-notification-language', token: other.token, payload: { code: 'vi' } })).status).toBe(200);
    const id = await submitted(other.token);
    expect((await t.call({ method: 'POST', url: `/api/v1/products/${id}/accept`, token: admin })).status).toBe(200);
    await t.runJobs();
    expect((await lastMailTo(t.db, 'other-notify@example.com'))?.subject).toBe('Sản phẩm đã được duyệt');
    // The page asks in Vietnamese: the bell speaks Vietnamese.
    const vi = await list(other.token, '', 'vi');
    expect(vi.items[0].title).toBe('Sản phẩm đã được duyệt');
    expect(vi.items[0].content).toContain(`“Lamp ${n}”`);
    // The same user opens the app with ?lang=en: the page and its bell are English, whatever the mail setting.
    const en = await list(other.token, '', 'en');
    expect(en.items[0].title).toBe('Product accepted');
    expect(en.items[0].content).toBe(`“Lamp ${n}” was accepted and can now be used in orders.`);
  });

  it('a reason that ends with a full stop is not given a second one', async () => {
    const id = await submitted(seller);
    expect((await t.call({ method: 'POST', url: `/api/v1/products/${id}/reject`, token: admin, payload: { reason: 'Photo is missing.' } })).status).toBe(200);
    await t.runJobs();
    const item = (await list(seller, '', 'en')).items[0];
    expect(item.content).toBe(`“Lamp ${n}” was rejected: Photo is missing. Fix it and send it for approval again.`);
    expect(item.content).not.toContain('..');
    expect((await list(seller, '', 'vi')).items[0].content).toBe(`“Lamp ${n}” bị từ chối: Photo is missing. Hãy sửa rồi gửi duyệt lại.`);
    expect((await lastMailTo(t.db, SELLER.email))?.text).not.toContain('..');
  });

  it('marks one as seen, then all; another user cannot mark them', async () => {
    await submitted(seller).then((id) => t.call({ method: 'POST', url: `/api/v1/products/${id}/accept`, token: admin }));
    await t.runJobs();
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

describe('reviewers are told that a product waits for approval', () => {
  it('every active holder of EX-PRODUCT-APPROVE gets an in-app notice when a seller submits; sellers and staff without it do not', async () => {
    // A staff member whose override takes the approval permission away; a seller cannot be granted it (staff only).
    const noApprove = await createUser(t.db, { email: `no-approve-${Date.now()}@exship.local`, passwordHash: await hashPassword('Staff#Passw0rd!'), fullName: 'No Approve', roleCode: 'EXR-SUPER-ADMIN', status: 'active' });
    const granted = await createUser(t.db, { email: `granted-${Date.now()}@example.com`, passwordHash: await hashPassword('Staff#Passw0rd!'), fullName: 'Granted', roleCode: DEFAULT_SELLER_ROLE, status: 'active' });
    const adminToken = admin;
    const removed = await t.call({ method: 'PATCH', url: '/api/v1/admin/update-permission-user', token: adminToken, payload: { userId: noApprove.id, overrides: [{ code: 'EX-PRODUCT-APPROVE', granted: false }] } });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    const refused = await t.call({ method: 'PATCH', url: '/api/v1/admin/update-permission-user', token: adminToken, payload: { userId: granted.id, overrides: [{ code: 'EX-PRODUCT-APPROVE', granted: true }] } });
    expect(refused.status, JSON.stringify(refused.body)).toBe(422);
    const told = async (userId: string) => (await t.db.select().from(notifications).where(eq(notifications.userId, userId))).filter((r) => r.kind === 'product.submitted');
    const adminId = (await t.call({ method: 'GET', url: '/api/v1/me', token: admin })).body.data.id as string;
    const before = (await told(adminId)).length;

    const id = await submitted(seller);
    expect(await told(adminId)).toHaveLength(before); // queued with the submission, not yet handled
    expect(await t.runJobs(TELL_REVIEWERS_OF_SUBMISSION)).toEqual({ ran: 1, failed: 0 });

    const mine = await told(adminId);
    expect(mine).toHaveLength(before + 1);
    expect(mine.find((r) => r.url === `/app/products/${id}`)).toMatchObject({ titleEn: 'Product waiting for approval', contentEn: `“Lamp ${n}” was sent for approval. Review it.`, url: `/app/products/${id}`, seenAt: null });
    expect(await told(granted.id)).toHaveLength(0);
    expect(await told(noApprove.id)).toHaveLength(0);
    const sellerId = (await t.call({ method: 'GET', url: '/api/v1/me', token: seller })).body.data.id as string;
    expect(await told(sellerId)).toHaveLength(0);
    // The reviewer sees it in the bell.
    expect((await list(admin)).items[0]).toMatchObject({ title: 'Product waiting for approval', url: `/app/products/${id}` });
  });
});
