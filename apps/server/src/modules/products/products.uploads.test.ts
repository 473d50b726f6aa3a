import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import sharp from 'sharp';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_IMPORT_COLUMNS, UPLOAD_LIMITS } from '@exship/contracts';
import { rateLimits, storedFiles } from '../../platform/platform.tables';
import { openStorage } from '../../platform/storage';
import { ADMIN, SELLER, createSeller, startTestApp, type TestApp } from '../../test/harness';
import { multipartFile } from '../../test/files';
import { findUserByEmail } from '../users';
import { removeOrphanMockups } from './products.jobs';

// Uploads: decode and re-encode, quota, rate limit, orphans; and a variant may use only its own account's mockups.

let t: TestApp;
let seller: string;
let sellerAccount: string;
let admin: string;
let other: { id: string; token: string };
let dataDir: string;
let png: Buffer;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'exship-uploads-'));
  t = await startTestApp({ env: { DATA_DIR: dataDir } });
  seller = await t.login(SELLER.email, SELLER.password);
  admin = await t.login(ADMIN.email, ADMIN.password);
  sellerAccount = (await findUserByEmail(t.db, SELLER.email))!.accountId;
  other = await createSeller(t, 'uploads.other@example.com');
  png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#08f' } }).png().toBuffer();
});
afterAll(async () => {
  await t?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const uploadMockup = (token: string, data: Buffer, name = 'mock.png', query = '') =>
  t.call({ method: 'POST', url: `/api/v1/products/mockups${query}`, token, ...multipartFile(name, data, 'image/png') });
const filesOf = async (accountId: string) => (await t.db.select({ n: count() }).from(storedFiles).where(eq(storedFiles.accountId, accountId)))[0]!.n;
const resetRate = (accountId: string) => t.db.delete(rateLimits).where(eq(rateLimits.key, `upload:${accountId}`));
const product = (mockupImageUrl: string | undefined, sku: string) => ({
  name: 'Mug',
  hsCode: '6912.00',
  lengthCm: 10,
  widthCm: 10,
  heightCm: 10,
  weightGr: 300,
  variants: [{ sku, price: 5, ...(mockupImageUrl === undefined ? {} : { mockupImageUrl }) }],
});

describe('mockup uploads are decoded and re-encoded', () => {
  it('refuses PNG magic bytes followed by HTML with a 400 naming the file; nothing is stored', async () => {
    const before = await filesOf(sellerAccount);
    const html = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('<html><script>alert(document.cookie)</script></html>')]);
    const res = await uploadMockup(seller, html, 'avatar.png');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'IMAGE_UNREADABLE', message: 'The file avatar.png is not a readable JPG or PNG image.' });
    expect(res.body.errors).toEqual([{ field: 'file', message: 'This file is not a readable JPG or PNG image.' }]);
    expect(await filesOf(sellerAccount)).toBe(before);
  });

  it('stores pixels only: script text appended to a real image is not in the stored file', async () => {
    const res = await uploadMockup(seller, Buffer.concat([png, Buffer.from('<script>alert(1)</script>')]), 'tail.png');
    if (res.status === 201) {
      const got = await t.app.inject({ method: 'GET', url: res.body.data.url, headers: { authorization: `Bearer ${seller}` } });
      expect(got.rawPayload.includes(Buffer.from('<script>'))).toBe(false);
      expect((await sharp(got.rawPayload).metadata()).width).toBe(8);
    } else {
      expect(res.body.code).toBe('IMAGE_UNREADABLE');
    }
  });
});

describe('per-account quota and upload rate', () => {
  it('refuses an upload past the account quota with 413 and the limit; other accounts are unaffected', async () => {
    const owner = await createSeller(t, 'uploads.quota@example.com');
    await t.db.insert(storedFiles).values({ key: `mockups/${owner.id}/00000000-0000-4000-8000-000000000000.png`, accountId: owner.id, kind: 'mockup', sizeBytes: UPLOAD_LIMITS.accountQuotaBytes - 10 });
    const res = await uploadMockup(owner.token, png);
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ code: 'STORAGE_QUOTA_EXCEEDED', message: 'Your account has used its 200 MB of uploaded files. Remove unused images first.' });
    expect(await filesOf(owner.id)).toBe(1);
    expect((await uploadMockup(other.token, png)).status).toBe(201);
  });

  it(`allows ${UPLOAD_LIMITS.uploadsPerWindow} uploads per window, then 429 with Retry-After`, async () => {
    const owner = await createSeller(t, 'uploads.rate@example.com');
    await t.db.insert(rateLimits).values({ key: `upload:${owner.id}`, windowStart: new Date(), count: UPLOAD_LIMITS.uploadsPerWindow - 1 });
    expect((await uploadMockup(owner.token, png)).status).toBe(201);
    const res = await uploadMockup(owner.token, png);
    expect(res.status).toBe(429);
    expect(res.body.code).toBe('UPLOAD_RATE_LIMITED');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    await resetRate(owner.id);
    expect((await uploadMockup(owner.token, png)).status).toBe(201);
  });
});

describe('orphaned uploads are removed after 24 hours', () => {
  it('removes old unreferenced mockups from storage and the record; keeps referenced and recent ones', async () => {
    await resetRate(sellerAccount);
    const used = (await uploadMockup(seller, png)).body.data.url as string;
    const orphan = (await uploadMockup(seller, png)).body.data.url as string;
    const recent = (await uploadMockup(seller, png)).body.data.url as string;
    expect((await t.call({ method: 'POST', url: '/api/v1/products', token: seller, payload: product(used, 'ORPHAN-KEEP-1') })).status).toBe(201);
    const dayAgo = new Date(Date.now() - 25 * 3_600_000);
    for (const url of [used, orphan]) await t.db.update(storedFiles).set({ createdAt: dayAgo }).where(eq(storedFiles.key, url.replace('/api/v1/products/', '')));

    const removed = await removeOrphanMockups(t.db, openStorage(t.ctx.config));
    expect(removed).toBeGreaterThanOrEqual(1);
    const get = (url: string) => t.call({ method: 'GET', url, token: seller });
    expect((await get(orphan)).status).toBe(404);
    expect((await get(used)).status).toBe(200);
    expect((await get(recent)).status).toBe(200);
    const keys = (await t.db.select({ key: storedFiles.key }).from(storedFiles)).map((r) => `/api/v1/products/${r.key}`);
    expect(keys).toContain(used);
    expect(keys).not.toContain(orphan);
  });

  it('runs as a scheduled job', () => {
    expect(t.ctx.jobs.schedules.map((s) => s.name)).toContain('products.remove-orphan-mockups');
  });
});

describe('mockupImageUrl accepts only the owner’s own uploaded mockups', () => {
  const create = (token: string, body: Record<string, unknown>) => t.call({ method: 'POST', url: '/api/v1/products', token, payload: body });

  it('refuses an outside URL, another account’s mockup and a missing file, naming the field', async () => {
    await resetRate(sellerAccount);
    await resetRate(other.id);
    const theirs = (await uploadMockup(other.token, png)).body.data.url as string;
    const missing = `/api/v1/products/mockups/${sellerAccount}/11111111-1111-4111-8111-111111111111.png`;
    for (const [i, url] of ['https://evil.example.com/pixel.png', 'http://169.254.169.254/latest/meta-data/x.png', theirs, missing].entries()) {
      const res = await create(seller, product(url, `MOCK-BAD-${i}`));
      expect(res.status, url).toBe(400);
      expect(res.body.errors).toEqual([{ field: 'variants.0.mockupImageUrl', message: 'Use a mockup image uploaded to this account.' }]);
    }
    const mine = (await uploadMockup(seller, png)).body.data.url as string;
    expect((await create(seller, product(mine, 'MOCK-OK-1'))).status).toBe(201);
  });

  it('refuses another account’s mockup on update, keeps a value already stored', async () => {
    await resetRate(sellerAccount);
    const mine = (await uploadMockup(seller, png)).body.data.url as string;
    const created = await create(seller, product(mine, 'MOCK-UPD-1'));
    const id = created.body.data.id as string;
    const variantId = created.body.data.variants[0].id as string;
    const theirs = (await uploadMockup(other.token, png)).body.data.url as string;
    const bad = await t.call({ method: 'PATCH', url: `/api/v1/products/${id}`, token: seller, payload: { variants: [{ id: variantId, sku: 'MOCK-UPD-1', price: 5, mockupImageUrl: theirs }] } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ field: 'variants.0.mockupImageUrl', message: 'Use a mockup image uploaded to this account.' }]);
    const same = await t.call({ method: 'PATCH', url: `/api/v1/products/${id}`, token: seller, payload: { variants: [{ id: variantId, sku: 'MOCK-UPD-1', price: 6, mockupImageUrl: mine }] } });
    expect(same.status).toBe(200);
  });

  it('staff creating for a customer may use only that customer’s mockups', async () => {
    await resetRate(sellerAccount);
    const sellerMockup = (await uploadMockup(admin, png, 'for-seller.png', `?customerId=${sellerAccount}`)).body.data.url as string;
    expect(sellerMockup).toContain(`/mockups/${sellerAccount}/`);
    const forOther = await create(admin, { ...product(sellerMockup, 'MOCK-STAFF-1'), customerId: other.id });
    expect(forOther.status).toBe(400);
    expect(forOther.body.errors[0].field).toBe('variants.0.mockupImageUrl');
    expect((await create(admin, { ...product(sellerMockup, 'MOCK-STAFF-2'), customerId: sellerAccount })).status).toBe(201);
  });

  it('a product import row with another account’s mockup is refused naming the cell', async () => {
    await resetRate(other.id);
    const theirs = (await uploadMockup(other.token, png)).body.data.url as string;
    const headers = PRODUCT_IMPORT_COLUMNS.map((c) => c.header);
    const base: Record<string, string | number | null> = { Product_name: 'Bowl', HScode_product: '6912.00', SKU: 'IMP-MOCK-1', Width_cm: 10, Height_cm: 10, Length_cm: 10, Weight_gr: 300, Product_price: 5, Mockup_image_url: theirs };
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Products');
    ws.addRow(headers);
    ws.addRow(headers.map((h) => base[h] ?? null));
    const res = await t.call({ method: 'POST', url: '/api/v1/products/import?onlyValidate=true', token: seller, ...multipartFile('p.xlsx', Buffer.from(await wb.xlsx.writeBuffer())) });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: 'rows.2.Mockup_image_url', message: 'Use a mockup image uploaded to this account.' }]);
  });
});
