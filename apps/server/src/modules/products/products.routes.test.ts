import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, SELLER, startTestApp, type TestApp, createSeller } from '../../test/harness';
import { findUserByEmail } from '../users';
import { actualWeightFee, usableVariants } from '.';
import { TELL_SELLER_OF_REVIEW } from '../notifications';
import { multipartFile as multipart } from '../../test/files';

let t: TestApp;
let seller: string;
let sellerAccount: string;
let admin: string;
let other: { id: string; token: string };
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'exship-products-'));
  t = await startTestApp({ env: { DATA_DIR: dataDir } });
  seller = await t.login(SELLER.email, SELLER.password);
  admin = await t.login(ADMIN.email, ADMIN.password);
  sellerAccount = (await findUserByEmail(t.db, SELLER.email))!.accountId;
  other = await createSeller(t, 'other.seller@example.com');
});
afterAll(async () => {
  await t?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The newest product.reviewed event queued for the notifications module (the outbox, not yet handled). */
async function lastReviewEvent() {
  const r = await t.ctx.database.executeSql('select data from pgboss.job where name = $1 order by created_on desc limit 1', [TELL_SELLER_OF_REVIEW]);
  return r.rows[0]?.data;
}

let n = 0;
const sku = (prefix = 'SKU') => `${prefix}-${++n}`;
const variant = (over: Record<string, unknown> = {}) => ({ sku: sku(), price: 12, salesTax: 8.5, ...over });
const product = (over: Record<string, unknown> = {}) => ({
  name: 'Cotton T-shirt',
  aliasName: 'Tee',
  hsCode: '6109.10',
  material: 'Cotton',
  shape: 'box',
  lengthCm: 30,
  widthCm: 20,
  heightCm: 3,
  weightGr: 250,
  variants: [variant()],
  ...over,
});
const create = (token: string, body: Record<string, unknown>) => t.call({ method: 'POST', url: '/api/v1/products', token, payload: body });
const fields = (res: { body: any }) => (res.body.errors ?? []).map((e: { field: string }) => e.field);

describe('POST /products — SPEC §5 product rules, each naming its field', () => {
  it('creates a seller product as a customer-origin draft with its variants', async () => {
    const res = await create(seller, product({ variants: [variant({ sku: 'TEE.RED_M-1', weightGr: 260 })] }));
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ customerId: sellerAccount, origin: 'customer', approvalStatus: 'draft', status: 'active', name: 'Cotton T-shirt', lengthCm: 30 });
    expect(res.body.data.variants).toEqual([expect.objectContaining({ sku: 'TEE.RED_M-1', price: 12, salesTax: 8.5, weightGr: 260, hsCode: null })]);
  });

  // The whole rule matrix is a contract test (packages/contracts/src/products.test.ts); these prove
  // the route answers 400 with the field and the translated rule.
  const cases: [string, Record<string, unknown>, string, string][] = [
    ['SKU with a space', { variants: [variant({ sku: 'BAD SKU' })] }, 'variants.0.sku', 'The SKU may contain only letters, digits, dash, underscore and dot.'],
    ['dimension 0.25 (must be above)', { lengthCm: 0.25 }, 'lengthCm', 'Each dimension must be above 0.25 cm and below 999,999.'],
    ['variant without HS code', { hsCode: null, variants: [variant({ hsCode: 'X1' }), variant()] }, 'variants.1.hsCode', 'Missing HS code on the variant.'],
    ['an emoji in the name', { name: '😀 mug' }, 'name', 'Emoji are not allowed here.'],
  ];
  it.each(cases)('rejects %s', async (_label, over, field, message) => {
    const res = await create(seller, product(over));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.errors).toContainEqual({ field, message });
  });

  it('accepts the boundaries just inside the rules', async () => {
    const res = await create(seller, product({ lengthCm: 0.26, widthCm: 999998.99, weightGr: 3.01, variants: [variant({ price: 1, salesTax: 100 }), variant({ price: 999999, salesTax: 0 })] }));
    expect(res.status).toBe(201);
  });

  it('rejects a SKU twice in one product, naming the second', async () => {
    const res = await create(seller, product({ variants: [variant({ sku: 'DUP-1' }), variant({ sku: 'dup-1' })] }));
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: 'variants.1.sku', message: 'Another variant of this product has the same SKU.' }]);
  });

  it('SPEC §8: rejects a SKU the customer already has (case-insensitive), and writes nothing', async () => {
    expect((await create(seller, product({ variants: [variant({ sku: 'TAKEN-1' })] }))).status).toBe(201);
    const before = await t.call({ method: 'GET', url: '/api/v1/products?pageSize=100', token: seller });
    const res = await create(seller, product({ name: 'Second', variants: [variant(), variant({ sku: 'taken-1' })] }));
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'SKU_DUPLICATE', errors: [{ field: 'variants.1.sku', message: 'Duplicate SKU: it already exists in the system.' }] });
    const after = await t.call({ method: 'GET', url: '/api/v1/products?pageSize=100', token: seller });
    expect(after.body.data.total).toBe(before.body.data.total);
    // Unique per customer: another seller may use the same SKU.
    expect((await create(other.token, product({ variants: [variant({ sku: 'TAKEN-1' })] }))).status).toBe(201);
  });

  it('an anonymous caller gets 401, a seller cannot approve (403)', async () => {
    expect((await t.call({ method: 'GET', url: '/api/v1/products' })).status).toBe(401);
    const p = await create(seller, product());
    const res = await t.call({ method: 'POST', url: `/api/v1/products/${p.body.data.id}/accept`, token: seller });
    expect(res.status).toBe(403);
    expect(res.body.details).toEqual({ permission: 'EX-PRODUCT-APPROVE' });
  });
});

describe('staff create for a specific customer', () => {
  it('needs the customer, which must exist and be a customer', async () => {
    const missing = await create(admin, product());
    expect(missing.status).toBe(400);
    expect(fields(missing)).toEqual(['customerId']);
    const unknown = await create(admin, product({ customerId: crypto.randomUUID() }));
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('CUSTOMER_NOT_FOUND');
    const staffId = (await findUserByEmail(t.db, ADMIN.email))!.id;
    expect((await create(admin, product({ customerId: staffId }))).body.code).toBe('CUSTOMER_NOT_FOUND');
  });

  it('creates an admin-origin product for the seller, accepted at once by an approver', async () => {
    const res = await create(admin, product({ customerId: sellerAccount, variants: [variant({ sku: 'ADMIN-MADE-1' })] }));
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ customerId: sellerAccount, origin: 'admin', approvalStatus: 'accepted', customer: { email: SELLER.email } });
    const mine = await t.call({ method: 'GET', url: `/api/v1/products/${res.body.data.id}`, token: seller });
    expect(mine.status).toBe(200);
    // The seller's SKU space includes it.
    expect((await create(seller, product({ variants: [variant({ sku: 'ADMIN-MADE-1' })] }))).status).toBe(409);
  });
});

describe('SPEC §4 approval: draft → waiting approval → accepted | rejected', () => {
  it('walks the legal transitions, refuses the illegal ones with ACTION_NOT_ALLOWED_FOR_STATUS, and tells the seller', async () => {
    const id = (await create(seller, product({ name: 'Approval flow' }))).body.data.id;
    const act = (token: string, action: string, payload?: unknown) =>
      t.call({ method: 'POST', url: `/api/v1/products/${id}/${action}`, token, ...(payload ? { payload } : {}) });

    const early = await act(admin, 'accept');
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ code: 'ACTION_NOT_ALLOWED_FOR_STATUS', message: 'This action is not allowed for the current status.', details: { status: 'draft', action: 'accept' } });
    expect((await act(admin, 'reject', { reason: 'no' })).body.code).toBe('ACTION_NOT_ALLOWED_FOR_STATUS');

    const submitted = await act(seller, 'submit');
    expect(submitted.status).toBe(200);
    expect(submitted.body.data.approvalStatus).toBe('waiting_approval');
    expect((await act(seller, 'submit')).body.code).toBe('ACTION_NOT_ALLOWED_FOR_STATUS');
    const locked = await t.call({ method: 'PATCH', url: `/api/v1/products/${id}`, token: seller, payload: { name: 'Sneaky change' } });
    expect(locked.status).toBe(409);
    expect(locked.body.code).toBe('ACTION_NOT_ALLOWED_FOR_STATUS');

    const noReason = await act(admin, 'reject', { reason: ' ' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.errors).toEqual([{ field: 'reason', message: 'This field is required.' }]);
    const rejected = await act(admin, 'reject', { reason: 'HS code does not match the material' });
    expect(rejected.body.data).toMatchObject({ approvalStatus: 'rejected', rejectReason: 'HS code does not match the material' });
    expect(await lastReviewEvent()).toMatchObject({ productId: id, accountId: sellerAccount, approvalStatus: 'rejected', reason: 'HS code does not match the material' });

    // The seller fixes it (a rejected product goes back to draft on edit) and sends it again.
    const fixed = await t.call({ method: 'PATCH', url: `/api/v1/products/${id}`, token: seller, payload: { hsCode: '6109.90' } });
    expect(fixed.body.data).toMatchObject({ approvalStatus: 'draft', hsCode: '6109.90' });
    expect((await act(seller, 'submit')).body.data.approvalStatus).toBe('waiting_approval');
    const accepted = await act(admin, 'accept');
    expect(accepted.body.data).toMatchObject({ approvalStatus: 'accepted', rejectReason: null });
    expect(await lastReviewEvent()).toMatchObject({ productId: id, approvalStatus: 'accepted', reason: null });
    expect((await act(admin, 'accept')).body.code).toBe('ACTION_NOT_ALLOWED_FOR_STATUS');
    expect((await act(seller, 'submit')).body.code).toBe('ACTION_NOT_ALLOWED_FOR_STATUS');
  });

  it('only accepted products can be used in orders', async () => {
    const p = (await create(seller, product({ name: 'For orders' }))).body.data;
    const variantId = p.variants[0].id;
    expect(await usableVariants(t.db, sellerAccount, [{ productId: p.id, variantId }])).toEqual(['product']);
    await t.call({ method: 'POST', url: `/api/v1/products/${p.id}/submit`, token: seller });
    await t.call({ method: 'POST', url: `/api/v1/products/${p.id}/accept`, token: admin });
    const [usable, foreignVariant] = await usableVariants(t.db, sellerAccount, [
      { productId: p.id, variantId },
      { productId: p.id, variantId: randomUUID() },
    ]);
    expect(usable).toMatchObject({ product: { id: p.id }, variant: { id: variantId, sku: p.variants[0].sku } });
    expect(foreignVariant).toBe('variant');
    // Seller B cannot use seller A's product by id.
    expect(await usableVariants(t.db, other.id, [{ productId: p.id, variantId }])).toEqual(['product']);
  });
});

describe('tenant isolation: seller B cannot read, change or use seller A products', () => {
  it('answers 404 to every call on another seller product and never lists it', async () => {
    const p = (await create(seller, product({ name: 'Private to A', variants: [variant({ sku: 'A-PRIVATE' })] }))).body.data;
    const calls = [
      { method: 'GET' as const, url: `/api/v1/products/${p.id}` },
      { method: 'PATCH' as const, url: `/api/v1/products/${p.id}`, payload: { name: 'Hijacked' } },
      { method: 'DELETE' as const, url: `/api/v1/products/${p.id}` },
      { method: 'POST' as const, url: `/api/v1/products/${p.id}/submit` },
    ];
    for (const c of calls) {
      const res = await t.call({ ...c, token: other.token });
      expect(res.status, `${c.method} ${c.url}`).toBe(404);
      expect(res.body.code).toBe('PRODUCT_NOT_FOUND');
    }
    const listed = await t.call({ method: 'GET', url: `/api/v1/products?customerId=${sellerAccount}&keyword=A-PRIVATE`, token: other.token });
    expect(listed.body.data.items).toEqual([]);
    const still = await t.call({ method: 'GET', url: `/api/v1/products/${p.id}`, token: seller });
    expect(still.body.data).toMatchObject({ name: 'Private to A', approvalStatus: 'draft' });
  });

  it('a variant import cannot add to another seller product', async () => {
    const { default: ExcelJS } = await import('exceljs');
    const p = (await create(seller, product({ name: 'A only' }))).body.data;
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Variants');
    ws.addRow(['Product_ID', 'HScode_product', 'SKU', 'Shape', 'Width_cm', 'Height_cm', 'Length_cm', 'Weight_gr', 'Product_price']);
    ws.addRow([p.id, '6109', 'B-INTO-A', '', 10, 10, 10, 100, 5]);
    const file = multipart('variants.xlsx', Buffer.from(await wb.xlsx.writeBuffer()));
    const res = await t.call({ method: 'POST', url: '/api/v1/products/import-variants', token: other.token, ...file });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: 'rows.2.Product_ID', message: 'Product not found.' }]);
  });
});

describe('GET /products — filters and totals', () => {
  it('filters by approval status, keyword (name or SKU), type and creator; totals are total / totalWaitingApproval / totalCount', async () => {
    const fresh = await createSeller(t, 'lister@example.com');
    const make = async (name: string, s: string) => (await create(fresh.token, product({ name, variants: [variant({ sku: s })] }))).body.data;
    const a = await make('Blue mug', 'MUG-BLUE');
    await make('Red mug', 'MUG-RED');
    await make('Poster', 'POSTER-A2');
    await t.call({ method: 'POST', url: `/api/v1/products/${a.id}/submit`, token: fresh.token });

    const all = await t.call({ method: 'GET', url: '/api/v1/products?pageSize=2&page=1', token: fresh.token });
    expect(all.body.data).toMatchObject({ total: 3, totalWaitingApproval: 1, totalCount: 3, page: 1, pageSize: 2 });
    expect(all.body.data.items).toHaveLength(2);
    expect(all.body.data.items[0]).toMatchObject({ variantCount: 1, customerId: fresh.id });

    const mugs = await t.call({ method: 'GET', url: '/api/v1/products?keyword=mug', token: fresh.token });
    expect(mugs.body.data).toMatchObject({ total: 3, totalCount: 2 });
    const bySku = await t.call({ method: 'GET', url: '/api/v1/products?keyword=POSTER-A', token: fresh.token });
    expect(bySku.body.data.items.map((i: { name: string }) => i.name)).toEqual(['Poster']);
    const waiting = await t.call({ method: 'GET', url: '/api/v1/products?approvalStatus=waiting_approval&status=all', token: fresh.token });
    expect(waiting.body.data.items.map((i: { id: string }) => i.id)).toEqual([a.id]);
    const byType = await t.call({ method: 'GET', url: '/api/v1/products?type=admin', token: fresh.token });
    expect(byType.body.data.totalCount).toBe(0);
    const byCreator = await t.call({ method: 'GET', url: `/api/v1/products?createdBy=${fresh.id}`, token: fresh.token });
    expect(byCreator.body.data.totalCount).toBe(3);

    // Staff see everyone's, or one customer's with customerId.
    const staff = await t.call({ method: 'GET', url: `/api/v1/products?customerId=${fresh.id}`, token: admin });
    expect(staff.body.data).toMatchObject({ total: 3, totalWaitingApproval: 1 });
    const everyone = await t.call({ method: 'GET', url: '/api/v1/products', token: admin });
    expect(everyone.body.data.total).toBeGreaterThan(3);

    const bad = await t.call({ method: 'GET', url: '/api/v1/products?approvalStatus=maybe&pageSize=500', token: fresh.token });
    expect(bad.status).toBe(400);
    expect(fields(bad).sort()).toEqual(['approvalStatus', 'pageSize']);
  });
});

describe('PATCH and DELETE', () => {
  it('replaces the variant list, keeps ids, frees the SKUs of removed and deleted variants', async () => {
    const p = (await create(seller, product({ variants: [variant({ sku: 'KEEP-1' }), variant({ sku: 'DROP-1' })] }))).body.data;
    const keep = p.variants.find((v: { sku: string }) => v.sku === 'KEEP-1');
    const res = await t.call({ method: 'PATCH', url: `/api/v1/products/${p.id}`, token: seller, payload: { variants: [{ ...keep, price: 20, partnerProductId: undefined }, { sku: 'NEW-1', price: 3, hsCode: '1234' }] } });
    expect(res.status).toBe(200);
    expect(res.body.data.variants.map((v: { sku: string; price: number; id: string }) => [v.sku, v.price])).toEqual([['KEEP-1', 20], ['NEW-1', 3]]);
    expect(res.body.data.variants[0].id).toBe(keep.id);
    expect((await create(seller, product({ variants: [variant({ sku: 'DROP-1' })] }))).status).toBe(201);

    expect((await t.call({ method: 'DELETE', url: `/api/v1/products/${p.id}`, token: seller })).status).toBe(200);
    expect((await t.call({ method: 'GET', url: `/api/v1/products/${p.id}`, token: seller })).status).toBe(404);
    expect((await create(seller, product({ variants: [variant({ sku: 'KEEP-1' })] }))).status).toBe(201);
  });

  it('refuses removing the HS code when a variant relies on it, naming the field', async () => {
    const p = (await create(seller, product())).body.data;
    const res = await t.call({ method: 'PATCH', url: `/api/v1/products/${p.id}`, token: seller, payload: { hsCode: '' } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: 'hsCode', message: 'Missing HS code on the variant.' }]);
    const empty = await t.call({ method: 'PATCH', url: `/api/v1/products/${p.id}`, token: seller, payload: {} });
    expect(empty.status).toBe(400);
  });
});

describe('weight thresholds and actual-weight fees', () => {
  it('configures, changes and removes a threshold with its history; sellers may not', async () => {
    const p = (await create(seller, product({ name: 'Heavy thing' }))).body.data;
    const url = `/api/v1/products/${p.id}/weight-config`;
    expect((await t.call({ method: 'PUT', url, token: seller, payload: { weightThreshold: 500 } })).status).toBe(403);
    const bad = await t.call({ method: 'PUT', url, token: admin, payload: { weightThreshold: 0 } });
    expect(bad.body.errors).toEqual([{ field: 'weightThreshold', message: 'The weight threshold is required and must be greater than 0 (below 999,999 g).' }]);
    expect((await t.call({ method: 'PUT', url, token: admin, payload: {} })).body.errors).toEqual([{ field: 'weightThreshold', message: 'This field is required.' }]);

    const saved = await t.call({ method: 'PUT', url, token: admin, payload: { weightThreshold: 500, fee: 2.5 } });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ productId: p.id, weightThreshold: 500, fee: 2.5, status: 'active', configurationStatus: 'configured' });
    await t.call({ method: 'PUT', url, token: admin, payload: { weightThreshold: 650, fee: 2.5, status: 'inactive' } });
    const removed = await t.call({ method: 'DELETE', url, token: admin });
    expect(removed.body.data.configurationStatus).toBe('removed');
    expect((await t.call({ method: 'DELETE', url, token: admin })).body.code).toBe('ACTION_NOT_ALLOWED_FOR_STATUS');

    const history = await t.call({ method: 'GET', url: `${url}/history`, token: admin });
    const changes = history.body.data.map((h: any) => [h.field, h.oldValue, h.newValue]);
    expect(changes).toEqual(
      expect.arrayContaining([
        ['weightThreshold', null, '500'],
        ['fee', null, '2.50'],
        ['weightThreshold', '500', '650'],
        ['status', 'active', 'inactive'],
        ['configurationStatus', 'configured', 'removed'],
      ]),
    );
    expect(history.body.data).toHaveLength(7);
    expect(history.body.data[0].changedBy).toMatchObject({ email: ADMIN.email });
  });

  it('charges the configured fee only above an active threshold', async () => {
    const p = (await create(seller, product({ name: 'Fee product' }))).body.data;
    await t.call({ method: 'PUT', url: `/api/v1/products/${p.id}/weight-config`, token: admin, payload: { weightThreshold: 300, fee: 1.75 } });
    const over = await t.call({ method: 'GET', url: `/api/v1/products/${p.id}/actual-weight-fee?weighedGrams=301`, token: admin });
    expect(over.body.data).toEqual({ productId: p.id, weighedGrams: 301, weightThreshold: 300, exceeded: true, fee: 1.75 });
    const at = await t.call({ method: 'GET', url: `/api/v1/products/${p.id}/actual-weight-fee?weighedGrams=300`, token: admin });
    expect(at.body.data).toMatchObject({ exceeded: false, fee: 0 });
    expect((await t.call({ method: 'GET', url: `/api/v1/products/${p.id}/actual-weight-fee?weighedGrams=301`, token: seller })).status).toBe(403);
    const list = await t.call({ method: 'GET', url: '/api/v1/products/actual-weight-fees?keyword=Fee product', token: admin });
    expect(list.body.data.items).toEqual([expect.objectContaining({ productId: p.id, fee: 1.75, weightThreshold: 300 })]);

    const cfg = { weightThreshold: 300, fee: 1.75, status: 'active' as const, configurationStatus: 'configured' as const };
    expect(actualWeightFee({ weightConfig: cfg }, 300.01)).toBe(175);
    expect(actualWeightFee({ weightConfig: cfg }, 300)).toBe(0);
    expect(actualWeightFee({ weightConfig: { ...cfg, status: 'inactive' } }, 1000)).toBe(0);
    expect(actualWeightFee({ weightConfig: { ...cfg, configurationStatus: 'removed' } }, 1000)).toBe(0);
    expect(actualWeightFee({ weightConfig: null }, 1000)).toBe(0);
  });
});

describe('mockup images', () => {
  let png: Buffer;
  beforeAll(async () => {
    png = await sharp({ create: { width: 4, height: 3, channels: 3, background: '#c00' } }).png().toBuffer();
  });
  it('stores a PNG recognised by its bytes and serves it to its owner only', async () => {
    const res = await t.call({ method: 'POST', url: '/api/v1/products/mockups', token: seller, ...multipart('shirt.PNG', png, 'image/png') });
    expect(res.status).toBe(201);
    expect(res.body.data.url).toMatch(new RegExp(`^/api/v1/products/mockups/${sellerAccount}/[0-9a-f-]{36}\\.png$`));
    const got = await t.app.inject({ method: 'GET', url: res.body.data.url, headers: { authorization: `Bearer ${seller}` } });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    // Stored re-encoded: the same picture, decoded again.
    expect(await sharp(got.rawPayload).metadata()).toMatchObject({ format: 'png', width: 4, height: 3 });
    expect((await t.call({ method: 'GET', url: res.body.data.url, token: other.token })).status).toBe(404);
    // The URL is accepted as a variant mockup.
    expect((await create(seller, product({ variants: [variant({ mockupImageUrl: res.body.data.url })] }))).status).toBe(201);
  });

  it('refuses a non-image named .png, a file over 5 MB and a request without a file', async () => {
    const fake = await t.call({ method: 'POST', url: '/api/v1/products/mockups', token: seller, ...multipart('evil.png', Buffer.from('<svg onload=alert(1)>'), 'image/png') });
    expect(fake.status).toBe(400);
    expect(fake.body.code).toBe('FILE_TYPE_NOT_ALLOWED');
    const big = await t.call({ method: 'POST', url: '/api/v1/products/mockups', token: seller, ...multipart('big.png', Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]), 'image/png') });
    expect(big.status).toBe(413);
    expect(big.body).toMatchObject({ code: 'FILE_TOO_LARGE', message: 'The file is too large. The maximum size is 5 MB.' });
    const none = await t.call({ method: 'POST', url: '/api/v1/products/mockups', token: seller, payload: {} });
    expect(none.status).toBe(400);
    expect(none.body.code).toBe('FILE_MISSING');
  });
});
