import ExcelJS from 'exceljs';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workingDayCalendar } from '@exship/domain/working-days';
import { ORDER_IMPORT_COLUMNS, ORDER_IMPORT_LIMITS, SURCHARGE_REASONS, type OrderAction, type PermissionCode } from '@exship/contracts';
import { ADMIN, SELLER, createSeller, eventually, startTestApp, type TestApp } from '../../test/harness';
import { multipartFile, readXlsx, xlsxOf } from '../../test/files';
import { SnapshotCache } from '../catalog';
import { findUserByEmail } from '../users';
import { defineOrderImport } from './orders.imports';
import { createOrderService } from './orders.service';
import { orderSurcharges, orders } from './orders.tables';

// SPEC §2/§3/§5/§7 order and surcharge imports over HTTP, on the demo network (services STD and EXP to
// US zones). The demo seller has an accepted product with two variants; US ZIP 90001 is in CA.
let t: TestApp;
let seller: string;
let admin: string;
let other: { id: string; token: string };
let sellerAccount: string;
let sellerUser: { id: string; accountId: string };
let product: { id: string; variants: { id: string; sku: string }[] };

const HEADERS = ORDER_IMPORT_COLUMNS.map((c) => c.header);
type Header = (typeof HEADERS)[number];
type Cell = string | number | null | { formula: string };

let n = 0;
const uniqueName = () => `IMP-${Date.now().toString(36)}-${++n}`;
/** One sheet row of a valid one-line order; `over` changes cells by header. */
const orderRow = (over: Partial<Record<Header, Cell>> = {}): Cell[] => {
  const base: Record<Header, Cell> = {
    orderName: uniqueName(),
    note: 'Fragile',
    width: 15,
    height: 10,
    length: 20,
    weight: 800,
    shippingMethodCode: 'STD',
    signatureService: 'no',
    taxNumber: null,
    shippingName: 'Jane',
    shippingLastName: 'Doe',
    email: null,
    phone: null,
    countryCode: 'US',
    stateCode: 'CA',
    city: 'Los Angeles',
    zipCode: '90001',
    address_1: '100 Main St',
    address_2: null,
    productId: product.id,
    variantId: product.variants[0]!.id,
    quantity: 2,
    labelTiktok: null,
    ...over,
  };
  return HEADERS.map((h) => base[h]);
};
const file = (rows: Cell[][], headers: string[] = HEADERS) => xlsxOf(headers, rows);

const importOrders = (token: string, data: Buffer, query = '', name = 'orders.xlsx') =>
  t.call({ method: 'POST', url: `/api/v1/orders/import${query}`, token, ...multipartFile(name, data) });
const download = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
const orderCount = async () => (await t.db.select({ n: count() }).from(orders))[0]!.n;
const surchargeCount = async () => (await t.db.select({ n: count() }).from(orderSurcharges))[0]!.n;

/** Moves an order through the lifecycle as the platform (the wallet, the carriers) will. */
async function lifecycle(id: string, ...actions: OrderAction[]) {
  const service = createOrderService({ db: t.db, snapshot: new SnapshotCache(t.db), calendar: workingDayCalendar('US') });
  for (const action of actions) await t.db.transaction(async (tx) => service.transition(tx, await service.lockOrder(tx, id), action, null));
}

beforeAll(async () => {
  t = await startTestApp({ env: { SEED_DEMO_CATALOG: 'true' } });
  seller = await t.login(SELLER.email, SELLER.password);
  admin = await t.login(ADMIN.email, ADMIN.password);
  other = await createSeller(t, 'imports.other@example.com');
  const list = await t.call({ method: 'GET', url: '/api/v1/products?pageSize=50', token: seller });
  const accepted = (list.body.data.items as { id: string; approvalStatus: string }[]).find((p) => p.approvalStatus === 'accepted')!;
  product = (await t.call({ method: 'GET', url: `/api/v1/products/${accepted.id}`, token: seller })).body.data;
  sellerUser = (await findUserByEmail(t.db, SELLER.email))!;
  sellerAccount = sellerUser.accountId;
});
afterAll(() => t?.close());

describe('order import template', () => {
  it('has exactly the SPEC §3 columns, required ones marked, a yes/no dropdown, and two example rows of one order', async () => {
    const res = await download('/api/v1/orders/templates/order.xlsx', seller);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('Template_import_order.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual([
      'orderName', 'note', 'width', 'height', 'length', 'weight', 'shippingMethodCode', 'signatureService', 'taxNumber', 'shippingName', 'shippingLastName',
      'email', 'phone', 'countryCode', 'stateCode', 'city', 'zipCode', 'address_1', 'address_2', 'productId', 'variantId', 'quantity', 'labelTiktok',
    ]);
    const red = HEADERS.filter((_, i) => ws.getRow(1).getCell(i + 1).font?.color?.argb === 'FFC00000');
    // productId may be left blank: a SKU in variantId names its product.
    expect(red).toEqual(['orderName', 'width', 'height', 'length', 'weight', 'shippingMethodCode', 'shippingName', 'countryCode', 'city', 'zipCode', 'address_1', 'variantId', 'quantity']);
    const dropdown = (ws as unknown as { dataValidations: { model: Record<string, { formulae: string[] }> } }).dataValidations.model;
    expect(Object.entries(dropdown).find(([range]) => range.startsWith('H2'))?.[1].formulae).toEqual(['"yes,no"']);
    expect(ws.getRow(2).getCell(1).value).toBe(ws.getRow(3).getCell(1).value);
    expect(String(ws.getRow(2).getCell(2).value)).toMatch(/same orderName make one order/);
  });

  it('needs a session', async () => {
    expect((await t.call({ method: 'GET', url: '/api/v1/orders/templates/order.xlsx' })).status).toBe(401);
  });

  it('its example rows import as they are once the SKU placeholders are filled with the seller\'s SKUs', async () => {
    const res = await download('/api/v1/orders/templates/order.xlsx', seller);
    const [header, ...examples] = await readXlsx(res.rawPayload);
    expect(header).toEqual(HEADERS);
    const cell = (row: (string | number | null)[], h: Header) => row[HEADERS.indexOf(h)] ?? null;
    expect(examples.map((r) => [cell(r, 'productId'), cell(r, 'variantId')])).toEqual([
      [null, '<variant SKU>'],
      [null, '<another variant SKU>'],
    ]);

    // As downloaded, only the placeholders are wrong: every other example cell imports cleanly.
    const asIs = await importOrders(seller, await file(examples), '?onlyValidate=true');
    expect(asIs.status).toBe(400);
    expect(asIs.body.errors).toEqual([
      { field: 'rows.2.variantId', message: 'This account has no product variant with the SKU or ID "<variant SKU>".' },
      { field: 'rows.3.variantId', message: 'This account has no product variant with the SKU or ID "<another variant SKU>".' },
    ]);

    const filled = examples.map((r, i) => HEADERS.map((h, c) => (h === 'variantId' ? product.variants[i]!.sku : (r[c] ?? null))));
    const done = await importOrders(seller, await file(filled));
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.data.created).toHaveLength(1);
    const order = (await t.call({ method: 'GET', url: `/api/v1/orders/${done.body.data.created[0]._id}`, token: seller })).body.data;
    expect(order).toMatchObject({ orderName: cell(examples[0]!, 'orderName'), recipient: { phone: '+13105550100', email: 'jane@example.com' } });
    expect(order.lines.map((l: { productId: string; variantId: string }) => [l.productId, l.variantId])).toEqual(product.variants.map((v) => [product.id, v.id]));
  });
});

describe('POST /orders/import', () => {
  it('validates without writing, then imports: rows with the same orderName make one order with several lines, priced as the create path prices them', async () => {
    const two = uniqueName();
    const one = uniqueName();
    const data = await file([
      orderRow({ orderName: two, quantity: 2 }),
      orderRow({ orderName: two, variantId: product.variants[1]!.id, quantity: 1 }),
      orderRow({ orderName: one, signatureService: 'yes', shippingMethodCode: 'EXP', zipCode: 90001 }),
    ]);
    const before = await orderCount();
    const check = await importOrders(seller, data, '?onlyValidate=true');
    expect(check.status, JSON.stringify(check.body)).toBe(200);
    expect(check.body.message).toBe('The file is valid. Review the orders, then import.');
    expect(check.body.data).toMatchObject({ onlyValidate: true, totalRows: 3, orders: 2 });
    expect(check.body.data.rows[0]).toMatchObject({ row: 2, orderName: two, productId: product.id, quantity: 2 });
    expect(await orderCount()).toBe(before);

    const done = await importOrders(seller, data);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.message).toBe('Orders imported. Updates may take a few minutes to appear.');
    expect(done.body.data.created.map((c: { orderName: string }) => c.orderName)).toEqual([two, one]);
    expect(await orderCount()).toBe(before + 2);
    expect(done.body.data.totalPrice).toBeCloseTo(check.body.data.totalPrice, 2);
    // The import's reply carries the counts and the created orders, not the file's rows again.
    expect(done.body.data).toMatchObject({ onlyValidate: false, totalRows: 3, orders: 2 });
    expect(done.body.data.rows).toBeUndefined();

    const [grouped, single] = done.body.data.created as { _id: string; totalPrice: number }[];
    const detail = (await t.call({ method: 'GET', url: `/api/v1/orders/${grouped!._id}`, token: seller })).body.data;
    expect(detail).toMatchObject({ status: 'unpaid', paymentStatus: 'unpaid', quantity: 3, serviceCode: 'STD', recipient: { zipcode: '90001', state: 'CA' } });
    expect(detail.lines.map((l: { variantId: string; quantity: number }) => [l.variantId, l.quantity])).toEqual([
      [product.variants[0]!.id, 2],
      [product.variants[1]!.id, 1],
    ]);
    expect(detail.history).toEqual([expect.objectContaining({ action: 'create', to: 'unpaid', reason: 'Imported from a file', reasonKey: 'created.import' })]);
    // The same price as the create path's review step for the same order.
    const price = await t.call({
      method: 'POST',
      url: '/api/v1/orders/price',
      token: seller,
      payload: {
        orderName: one,
        note: 'Fragile',
        serviceCode: 'EXP',
        signature: true,
        lengthCm: 20,
        widthCm: 15,
        heightCm: 10,
        weightGr: 800,
        recipient: { firstName: 'Jane', lastName: 'Doe', address1: '100 Main St', city: 'Los Angeles', state: 'CA', country: 'US', zipcode: '90001' },
        lines: [{ productId: product.id, variantId: product.variants[0]!.id, quantity: 2 }],
      },
    });
    expect(single!.totalPrice).toBe(price.body.data.fees.total);
    expect(price.body.data.fees.signatureFee).toBeGreaterThan(0);
  });

  it('a changed template: IMPORT_TEMPLATE_CHANGED, nothing inserted', async () => {
    const before = await orderCount();
    const renamed = await importOrders(seller, await file([orderRow()], HEADERS.map((h) => (h === 'zipCode' ? 'zipcode' : h))));
    expect(renamed.status).toBe(400);
    expect(renamed.body).toMatchObject({ code: 'IMPORT_TEMPLATE_CHANGED', message: 'Wrong file format. Use the template and do not add, edit or delete columns.' });
    const extra = await importOrders(seller, await file([[...orderRow(), 'x']], [...HEADERS, 'customer']));
    expect(extra.body.code).toBe('IMPORT_TEMPLATE_CHANGED');
    const missing = await importOrders(seller, await file([orderRow().slice(0, -1)], HEADERS.slice(0, -1)));
    expect(missing.body.code).toBe('IMPORT_TEMPLATE_CHANGED');
    expect(await orderCount()).toBe(before);
  });

  it('a blank required cell: the row and column named, an error workbook with an Errors column, nothing inserted', async () => {
    const before = await orderCount();
    const res = await importOrders(seller, await file([orderRow(), orderRow({ city: null }), orderRow({ weight: 'heavy' })]), '', 'My orders.xlsx');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('IMPORT_ROWS_INVALID');
    expect(res.body.errors).toEqual([
      { field: 'rows.3.city', message: 'This field is required.' },
      { field: 'rows.4.weight', message: 'Enter a number.' },
    ]);
    expect(res.body.details).toMatchObject({ totalRows: 3, invalidRows: 2, errorWorkbook: { fileName: expect.stringMatching(/^My orders_Errors_\d{8}_\d{6}\.xlsx$/) } });
    const workbook = await readXlsx((await download(res.body.details.errorWorkbook.url, seller)).rawPayload);
    expect(workbook[0]!.at(-1)).toBe('Errors');
    expect(workbook[2]!.at(-1)).toBe('city: This field is required.');
    expect(await orderCount()).toBe(before);
  });

  it(`over the row limit (1,000 by default): IMPORT_TOO_MANY_ROWS, nothing inserted`, async () => {
    const before = await orderCount();
    const row = orderRow();
    const res = await importOrders(seller, await file(Array.from({ length: 1001 }, () => row)));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'IMPORT_TOO_MANY_ROWS', message: 'The file has too many rows. The maximum is 1,000.', details: { maxRows: 1000 } });
    expect(await orderCount()).toBe(before);
  });

  it('the row limit is the configured one (ORDER_IMPORT_MAX_ROWS)', async () => {
    const small = { ...defineOrderImport({ db: t.db, snapshot: new SnapshotCache(t.db), calendar: workingDayCalendar('US') }, 2), name: 'orders.orders.test-limit' };
    const actor = { userId: sellerUser.id, accountId: sellerAccount, roleKind: 'customer' as const, permissions: new Set<PermissionCode>(['EX-ORDER-IMPORT']) };
    const upload = { fileName: 'orders.xlsx', data: await file([orderRow(), orderRow(), orderRow()]) };
    await expect(t.ctx.imports.start(small, actor, upload, { onlyValidate: true, lang: 'en' })).rejects.toMatchObject({ code: 'IMPORT_TOO_MANY_ROWS', opts: { vars: { max: '2' } } });
  });

  it('a large file runs as a queued job with progress and creates every order', async () => {
    const before = await orderCount();
    // Random notes do not compress: 700 rows pass the inline threshold (a 10,000-row file does too).
    const note = () => Array.from({ length: 25 }, () => Math.random().toString(36).slice(2, 12)).join('').slice(0, 240);
    const data = await file(Array.from({ length: 700 }, () => orderRow({ note: note() })));
    expect(data.length).toBeGreaterThan(ORDER_IMPORT_LIMITS.inlineMaxBytes);
    const res = await importOrders(seller, data);
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body.data).toMatchObject({ status: 'queued', progress: 0, name: 'orders.orders' });
    expect(await orderCount()).toBe(before);
    const run = await eventually(async () => {
      await t.runJobs();
      const r = await t.call({ method: 'GET', url: `/api/v1/imports/${res.body.data.importId}`, token: seller });
      return ['succeeded', 'failed'].includes(r.body.data.status) ? r.body.data : null;
    }, 60_000, 250);
    expect(run).toMatchObject({ status: 'succeeded', progress: 100, result: { orders: 700, created: expect.any(Array) } });
    expect(await orderCount()).toBe(before + 700);
  }, 120_000);

  it('a file that is not xlsx: IMPORT_NOT_XLSX, nothing inserted', async () => {
    const before = await orderCount();
    const csv = await importOrders(seller, Buffer.from(`${HEADERS.join(',')}\n`), '', 'orders.csv');
    expect(csv.status).toBe(400);
    expect(csv.body).toMatchObject({ code: 'IMPORT_NOT_XLSX', message: 'This is not an Excel file. Only .xlsx files can be imported.' });
    const renamed = await importOrders(seller, Buffer.from('plain text, not a workbook'), '', 'orders.xlsx');
    expect(renamed.body.code).toBe('IMPORT_NOT_XLSX');
    expect(await orderCount()).toBe(before);
  });

  it('a formula cell is refused on its row and column, nothing inserted', async () => {
    const before = await orderCount();
    const res = await importOrders(seller, await file([orderRow(), orderRow({ quantity: { formula: '1+1' } })]));
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: 'rows.3.quantity', message: 'Formulas are not allowed; enter the value itself.' }]);
    expect(await orderCount()).toBe(before);
  });

  it('an unknown product, variant or service is named on its row and column, nothing inserted', async () => {
    const before = await orderCount();
    const res = await importOrders(
      seller,
      await file([
        orderRow(),
        orderRow({ productId: '00000000-0000-4000-8000-000000000000' }),
        orderRow({ variantId: '00000000-0000-4000-8000-000000000000' }),
        orderRow({ shippingMethodCode: 'NOPE' }),
        orderRow({ productId: 'not-an-id' }),
      ]),
    );
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { field: 'rows.3.productId', message: 'This product does not exist or is not accepted.' },
      { field: 'rows.4.variantId', message: 'This variant does not exist for the product.' },
      { field: 'rows.5.shippingMethodCode', message: 'This shipping service does not exist or is not available.' },
      { field: 'rows.6.productId', message: 'This account has no product with the ID or variant SKU "not-an-id".' },
    ]);
    expect(await orderCount()).toBe(before);
  });

  it('another seller\'s product is unknown to a seller (tenancy)', async () => {
    const res = await importOrders(other.token, await file([orderRow()]));
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: 'rows.2.productId', message: 'This product does not exist or is not accepted.' }]);
  });

  it('duplicate order names in the file and in the system, and rows of one order that disagree, are named', async () => {
    const existing = uniqueName();
    expect((await importOrders(seller, await file([orderRow({ orderName: existing })]))).status).toBe(200);
    const before = await orderCount();
    const a = uniqueName();
    const b = uniqueName();
    const res = await importOrders(
      seller,
      await file([
        orderRow({ orderName: a }),
        orderRow({ orderName: b }),
        orderRow({ orderName: b, city: 'Pasadena' }),
        orderRow({ orderName: a }),
        orderRow({ orderName: existing }),
      ]),
    );
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { field: 'rows.4.city', message: 'Differs from row 3 of the same order: repeat the order columns on each of its rows.' },
      { field: 'rows.5.orderName', message: 'This order name is already used by the order of row 2. Rows of one order must be next to each other.' },
      { field: 'rows.6.orderName', message: 'An order with this name already exists.' },
    ]);
    expect(await orderCount()).toBe(before);
  });

  it('the order rules of the create path apply per row: SPEC §5 fields, address data, signature dropdown', async () => {
    const res = await importOrders(
      seller,
      await file([
        orderRow({ orderName: 'HAS SPACE' }),
        orderRow({ zipCode: '10001' }),
        orderRow({ countryCode: 'VN', stateCode: null, zipCode: '700000', email: 'jane@example.com' }),
        orderRow({ signatureService: 'maybe' }),
        orderRow({ weight: 3 }),
      ]),
    );
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { field: 'rows.2.orderName', message: 'The order name cannot contain spaces.' },
      { field: 'rows.3.zipCode', message: 'This ZIP code belongs to another state.' },
      { field: 'rows.4.phone', message: 'A phone number is required outside the US.' },
      { field: 'rows.5.signatureService', message: 'Please select a value from the dropdown list.' },
      { field: 'rows.6.weight', message: 'The weight is out of range.' },
    ]);
  });

  it('rows deleted in the review are left out of the import (skipRows)', async () => {
    const keep = uniqueName();
    const res = await importOrders(seller, await file([orderRow({ orderName: keep }), orderRow({ productId: '00000000-0000-4000-8000-000000000000' })]), '?skipRows=3');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.created.map((c: { orderName: string }) => c.orderName)).toEqual([keep]);
  });

  it('staff import for the seller they name (customerId); the seller\'s products are then known', async () => {
    const name = uniqueName();
    const res = await importOrders(admin, await file([orderRow({ orderName: name })]), `?customerId=${sellerAccount}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const mine = await t.call({ method: 'GET', url: `/api/v1/orders?keyword=${name}`, token: seller });
    expect(mine.body.data.items.map((o: { orderName: string }) => o.orderName)).toEqual([name]);
    const nobody = await importOrders(admin, await file([orderRow()]), '?customerId=00000000-0000-4000-8000-000000000000');
    expect(nobody.status).toBe(404);
  });
});

describe('POST /orders/import: variants named by SKU (SPEC §5: a SKU is unique per seller)', () => {
  const linesOf = async (id: string) =>
    ((await t.call({ method: 'GET', url: `/api/v1/orders/${id}`, token: admin })).body.data.lines as { productId: string; variantId: string; sku: string }[]).map((l) => [l.productId, l.variantId]);

  it('a SKU in variantId alone names the variant and its product, in any case; a product id or a SKU in productId that agrees is accepted; ids still work', async () => {
    const [white, black] = product.variants as [{ id: string; sku: string }, { id: string; sku: string }];
    const names = [uniqueName(), uniqueName(), uniqueName(), uniqueName(), uniqueName()];
    const res = await importOrders(
      seller,
      await file([
        orderRow({ orderName: names[0], productId: null, variantId: white.sku }),
        orderRow({ orderName: names[1], productId: null, variantId: black.sku.toLowerCase() }),
        orderRow({ orderName: names[2], productId: product.id, variantId: black.sku }),
        orderRow({ orderName: names[3], productId: white.sku, variantId: black.sku }),
        orderRow({ orderName: names[4], productId: null, variantId: white.id }),
      ]),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const created = res.body.data.created as { _id: string }[];
    expect(await Promise.all(created.map((c) => linesOf(c._id)))).toEqual([
      [[product.id, white.id]],
      [[product.id, black.id]],
      [[product.id, black.id]],
      [[product.id, black.id]],
      [[product.id, white.id]],
    ]);
  });

  it('an unknown SKU, a SKU of another product than productId, a SKU of a product not accepted: each named on its row and column, nothing inserted', async () => {
    const list = (await t.call({ method: 'GET', url: '/api/v1/products?pageSize=50', token: seller })).body.data.items as { id: string; name: string; approvalStatus: string }[];
    const waiting = list.find((p) => p.approvalStatus === 'waiting_approval')!;
    const tote = (await t.call({ method: 'GET', url: `/api/v1/products/${waiting.id}`, token: seller })).body.data as { id: string; variants: { id: string; sku: string }[] };
    const toteSku = tote.variants[0]!.sku;
    const before = await orderCount();
    const res = await importOrders(
      seller,
      await file([
        orderRow(),
        orderRow({ productId: null, variantId: 'NO-SUCH-SKU' }),
        orderRow({ productId: product.id, variantId: toteSku }),
        orderRow({ productId: null, variantId: toteSku }),
        orderRow({ productId: 'NOPE-SKU', variantId: product.variants[0]!.sku }),
        orderRow({ productId: tote.id, variantId: toteSku }),
        orderRow({ productId: toteSku, variantId: product.variants[0]!.id }),
        orderRow({ productId: product.id, variantId: null }),
      ]),
    );
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { field: 'rows.3.variantId', message: 'This account has no product variant with the SKU or ID "NO-SUCH-SKU".' },
      { field: 'rows.4.variantId', message: `The variant "${toteSku}" belongs to another product than "${product.id}" in productId. Leave productId blank, or give the variant's own product.` },
      { field: 'rows.5.variantId', message: `The product of "${toteSku}" is not accepted or not active: only accepted products can be shipped.` },
      { field: 'rows.6.productId', message: 'This account has no product with the ID or variant SKU "NOPE-SKU".' },
      { field: 'rows.7.productId', message: 'This product does not exist or is not accepted.' },
      { field: 'rows.8.variantId', message: `The variant "${product.variants[0]!.id}" belongs to another product than "${toteSku}" in productId. Leave productId blank, or give the variant's own product.` },
      { field: 'rows.9.variantId', message: 'This field is required.' },
    ]);
    expect(await orderCount()).toBe(before);
  });

  it('a SKU is looked up in the importing seller\'s account only, never another seller\'s (tenancy)', async () => {
    // Another seller has an accepted product with the demo seller's SKU (SKUs are unique per seller) and a SKU of its own.
    const mine = product.variants[0]!;
    const ownSku = `OTHER-${Date.now().toString(36)}`.toUpperCase();
    const created = await t.call({
      method: 'POST',
      url: '/api/v1/products',
      token: other.token,
      payload: { name: 'Other mug', hsCode: '6912.00', lengthCm: 12, widthCm: 9, heightCm: 10, weightGr: 380, variants: [{ sku: mine.sku, price: 10 }, { sku: ownSku, price: 11 }] },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const theirs = created.body.data as { id: string; variants: { id: string; sku: string }[] };
    await t.call({ method: 'POST', url: `/api/v1/products/${theirs.id}/submit`, token: other.token });
    expect((await t.call({ method: 'POST', url: `/api/v1/products/${theirs.id}/accept`, token: admin })).status).toBe(200);

    // The demo seller does not see the other seller's SKU, and their shared SKU is the demo seller's own variant.
    const unknown = await importOrders(seller, await file([orderRow({ productId: null, variantId: ownSku })]));
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual([{ field: 'rows.2.variantId', message: `This account has no product variant with the SKU or ID "${ownSku}".` }]);
    const forSeller = await importOrders(seller, await file([orderRow({ productId: null, variantId: mine.sku })]));
    expect(forSeller.status, JSON.stringify(forSeller.body)).toBe(200);
    expect(await linesOf(forSeller.body.data.created[0]._id)).toEqual([[product.id, mine.id]]);

    // The same SKU imported by the other seller is the other seller's variant; the demo seller's product id does not pair with it.
    const forOther = await importOrders(other.token, await file([orderRow({ productId: null, variantId: mine.sku })]));
    expect(forOther.status, JSON.stringify(forOther.body)).toBe(200);
    expect(await linesOf(forOther.body.data.created[0]._id)).toEqual([[theirs.id, theirs.variants[0]!.id]]);
    const crossed = await importOrders(other.token, await file([orderRow({ variantId: mine.sku })]));
    expect(crossed.body.errors).toEqual([{ field: 'rows.2.productId', message: 'This product does not exist or is not accepted.' }]);

    // Staff importing for the demo seller (customerId) resolve the SKU in that seller's account.
    const byStaff = await importOrders(admin, await file([orderRow({ productId: null, variantId: mine.sku })]), `?customerId=${sellerAccount}`);
    expect(byStaff.status, JSON.stringify(byStaff.body)).toBe(200);
    expect(await linesOf(byStaff.body.data.created[0]._id)).toEqual([[product.id, mine.id]]);
  });
});

// ---------------------------------------------------------------------------------------------

/** A new order of the demo seller, paid (so it can take a surcharge). */
async function paidOrder(): Promise<{ id: string; exOrderId: string }> {
  const res = await importOrders(seller, await file([orderRow()]));
  const created = res.body.data.created[0] as { _id: string; exOrderId: string };
  await lifecycle(created._id, 'pay');
  return { id: created._id, exOrderId: created.exOrderId };
}
async function unpaidOrder(): Promise<{ id: string; exOrderId: string }> {
  const res = await importOrders(seller, await file([orderRow()]));
  return { id: res.body.data.created[0]._id, exOrderId: res.body.data.created[0].exOrderId };
}
const importSurcharges = (token: string, payload: object) => t.call({ method: 'POST', url: '/api/v1/orders/import-surcharge', token, payload });
const SURCHARGE_HEADERS = ['OrderID*', 'Surcharge*', 'Reason*', 'Detail Reason'];

describe('surcharge import template', () => {
  it('has OrderID*, Surcharge*, Reason*, Detail Reason and the Reason dropdown with its error', async () => {
    const res = await download('/api/v1/orders/templates/surcharge.xlsx', admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('Template_import_order_surcharge.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual(SURCHARGE_HEADERS);
    const rules = (ws as unknown as { dataValidations: { model: Record<string, { formulae: string[]; errorTitle: string; error: string; showErrorMessage: boolean }> } }).dataValidations.model;
    const reason = Object.entries(rules).find(([range]) => range.startsWith('C2'))![1];
    expect(reason).toMatchObject({ formulae: [`"${SURCHARGE_REASONS.join(',')}"`], errorTitle: 'Invalid Selection', error: 'Please select a value from the dropdown list', showErrorMessage: true });
    expect(SURCHARGE_REASONS).toEqual(['Active tracking', 'Dimension Surcharge', 'Change shipping service', 'FBA', 'Other']);
  });
});

describe('POST /orders/import-surcharge', () => {
  it('a seller lacks EX-ORDER-SURCHARGE-IMPORT: 403 on the call, the template and the file', async () => {
    const order = await paidOrder();
    const call = await importSurcharges(seller, { data: [{ orderId: order.exOrderId, surcharge: 5, reason: 'FBA', detailReason: '' }], onlyValidateDoNotImport: true });
    expect(call.status).toBe(403);
    expect((await download('/api/v1/orders/templates/surcharge.xlsx', seller)).statusCode).toBe(403);
    const fileCall = await t.call({ method: 'POST', url: '/api/v1/orders/import-surcharge/file', token: seller, ...multipartFile('s.xlsx', await xlsxOf(SURCHARGE_HEADERS, [[order.exOrderId, 5, 'FBA', null]])) });
    expect(fileCall.status).toBe(403);
  });

  it('validates: each row with note, reasonType and no errors; nothing written', async () => {
    const order = await paidOrder();
    const before = await surchargeCount();
    const res = await importSurcharges(admin, {
      data: [
        { orderId: order.exOrderId, surcharge: 12.5, reason: 'Dimension Surcharge', detailReason: 'Measured 40 cm' },
        { orderId: order.id, surcharge: '3', reason: 'other', detailReason: '' },
      ],
      onlyValidateDoNotImport: true,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('The surcharges are valid. Review them and import.');
    expect(res.body.data).toEqual([
      { row: 2, orderId: order.exOrderId, surcharge: 12.5, reason: 'Dimension Surcharge', detailReason: 'Measured 40 cm', note: 'Surcharge import', reasonType: 'dimension-surcharge', errors: [], order: expect.objectContaining({ id: order.id, exOrderId: order.exOrderId }) },
      { row: 3, orderId: order.id, surcharge: 3, reason: 'Other', detailReason: '', note: 'Surcharge import', reasonType: 'other', errors: [], order: expect.objectContaining({ id: order.id }) },
    ]);
    expect(await surchargeCount()).toBe(before);
  });

  it('imports the reviewed rows in one transaction through the surcharge path: surcharge-unpaid, total and history', async () => {
    const a = await paidOrder();
    const b = await paidOrder();
    const totalBefore = (await t.call({ method: 'GET', url: `/api/v1/orders/${a.id}`, token: admin })).body.data.fees.total;
    const res = await importSurcharges(admin, {
      data: [
        { orderId: a.exOrderId, surcharge: 10, reason: 'FBA', detailReason: 'Label' },
        { orderId: a.exOrderId.toLowerCase(), surcharge: 2.25, reason: 'Active tracking' },
        { orderId: b.id, surcharge: 1000.5, reason: 'Change shipping service' },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('Surcharges imported.');
    expect(res.body.data).toHaveLength(3);
    const detail = (await t.call({ method: 'GET', url: `/api/v1/orders/${a.id}`, token: admin })).body.data;
    expect(detail).toMatchObject({ paymentStatus: 'surcharge-unpaid', surcharge: 12.25 });
    expect(detail.fees.total).toBeCloseTo(totalBefore + 12.25, 2);
    expect(detail.surcharges.map((s: { amount: number; reason: string; note: string }) => [s.amount, s.reason, s.note])).toEqual([
      [10, 'FBA', 'Surcharge import'],
      [2.25, 'Active tracking', 'Surcharge import'],
    ]);
    expect(detail.history.filter((h: { action: string }) => h.action === 'addSurcharge')).toHaveLength(2);
    const seen = (await t.call({ method: 'GET', url: `/api/v1/orders/${b.id}`, token: seller })).body.data;
    expect(seen).toMatchObject({ paymentStatus: 'surcharge-unpaid', surcharge: 1000.5 });
  });

  it('every bad row is named with its reason (order not found, not allowed, values); nothing is written', async () => {
    const paid = await paidOrder();
    const unpaid = await unpaidOrder();
    const before = await surchargeCount();
    const res = await importSurcharges(admin, {
      data: [
        { row: 2, orderId: paid.exOrderId, surcharge: 5, reason: 'FBA' },
        { row: 3, orderId: 'EX0000000000', surcharge: 5, reason: 'FBA' },
        { row: 4, orderId: '00000000-0000-4000-8000-000000000000', surcharge: 5, reason: 'FBA' },
        { row: 5, orderId: unpaid.exOrderId, surcharge: 5, reason: 'FBA' },
        { row: 6, orderId: paid.exOrderId, surcharge: 'five', reason: 'Because' },
        { row: 7, orderId: paid.exOrderId, surcharge: -1, reason: 'FBA' },
        { row: 8, orderId: '', reason: 'FBA' },
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('IMPORT_ROWS_INVALID');
    expect(res.body.errors).toEqual([
      { field: 'rows.3.orderId', message: 'Order not found.' },
      { field: 'rows.4.orderId', message: 'Order not found.' },
      { field: 'rows.5.orderId', message: 'A surcharge cannot be added to this order.' },
      { field: 'rows.6.surcharge', message: 'Enter a number.' },
      { field: 'rows.6.reason', message: 'Please select a value from the dropdown list.' },
      { field: 'rows.7.surcharge', message: 'The surcharge must be above 0.' },
      { field: 'rows.8.orderId', message: 'This field is required.' },
      { field: 'rows.8.surcharge', message: 'This field is required.' },
    ]);
    expect(res.body.details).toMatchObject({ totalRows: 7, invalidRows: 6 });
    // SPEC §7: on failure `data` holds every row, each with its errors.
    expect(res.body.data).toHaveLength(res.body.details.totalRows);
    expect(res.body.data[0]).toMatchObject({ row: 2, errors: [] });
    expect(res.body.data[3]).toMatchObject({ row: 5, errors: ['A surcharge cannot be added to this order.'] });
    // The valid row was not imported either.
    expect(await surchargeCount()).toBe(before);
    expect((await t.call({ method: 'GET', url: `/api/v1/orders/${paid.id}`, token: admin })).body.data.paymentStatus).toBe('paid');
  });

  it('an order without weight is named with SURCHARGE_NO_WEIGHT', async () => {
    const order = await paidOrder();
    await t.db.update(orders).set({ weightGr: 0 }).where(eq(orders.id, order.id));
    const res = await importSurcharges(admin, { data: [{ orderId: order.exOrderId, surcharge: 5, reason: 'FBA' }], onlyValidateDoNotImport: true });
    expect(res.body.errors).toEqual([{ field: 'rows.2.orderId', message: 'The order has no weight, so the surcharge cannot be computed.' }]);
  });

  it('no rows: IMPORT_NO_DATA; more than 1,000: IMPORT_TOO_MANY_ROWS', async () => {
    const empty = await importSurcharges(admin, { data: [], onlyValidateDoNotImport: true });
    expect(empty.body).toMatchObject({ code: 'IMPORT_NO_DATA', message: 'There is no data to import.' });
    const many = await importSurcharges(admin, { data: Array.from({ length: 1001 }, () => ({ orderId: 'EX0000000000', surcharge: 1, reason: 'FBA' })) });
    expect(many.body).toMatchObject({ code: 'IMPORT_TOO_MANY_ROWS', message: 'The file has too many rows. The maximum is 1,000.' });
  });
});

describe('POST /orders/import-surcharge/file', () => {
  const readFile = (data: Buffer, name = 'surcharges.xlsx') => t.call({ method: 'POST', url: '/api/v1/orders/import-surcharge/file', token: admin, ...multipartFile(name, data) });

  it('reads a valid file (.XLSX in any case) into rows for the import call, writing nothing', async () => {
    const order = await paidOrder();
    const res = await readFile(await xlsxOf(SURCHARGE_HEADERS, [[order.exOrderId, 7.5, 'Other', 'Re-weighed'], [order.exOrderId, 1, 'FBA', null]]), 'SURCHARGES.XLSX');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({
      totalRows: 2,
      rows: [
        { row: 2, orderId: order.exOrderId, surcharge: 7.5, reason: 'Other', detailReason: 'Re-weighed' },
        { row: 3, orderId: order.exOrderId, surcharge: 1, reason: 'FBA', detailReason: '' },
      ],
    });
    const again = await importSurcharges(admin, { data: res.body.data.rows, onlyValidateDoNotImport: true });
    expect(again.status).toBe(200);
  });

  it('a bad row gets the error workbook naming the template column; an empty sheet says there is no data; only xlsx', async () => {
    const res = await readFile(await xlsxOf(SURCHARGE_HEADERS, [['EX0000000000', 5, 'FBA', null], ['', 'x', 'FBA', null]]));
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { field: 'rows.2.OrderID*', message: 'Order not found.' },
      { field: 'rows.3.OrderID*', message: 'This field is required.' },
      { field: 'rows.3.Surcharge*', message: 'Enter a number.' },
    ]);
    const workbook = await readXlsx((await download(res.body.details.errorWorkbook.url, admin)).rawPayload);
    expect(workbook[1]!.slice(0, 3)).toEqual(['EX0000000000', 5, 'FBA']);
    expect(workbook[1]!.at(-1)).toBe('OrderID*: Order not found.');

    const empty = await readFile(await xlsxOf(SURCHARGE_HEADERS, []));
    expect(empty.body).toMatchObject({ code: 'IMPORT_NO_DATA', message: 'There is no data to import.' });
    const csv = await readFile(Buffer.from('OrderID*,Surcharge*\n'), 'surcharges.csv');
    expect(csv.body.code).toBe('IMPORT_NOT_XLSX');
  });
});
