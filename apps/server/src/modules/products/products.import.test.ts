import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_IMPORT_COLUMNS, VARIANT_IMPORT_COLUMNS } from '@exship/contracts';
import { checkZip } from '../../platform/xlsx';
import { ADMIN, SELLER, startTestApp, type TestApp, createSeller } from '../../test/harness';
import { multipartFile as multipart } from '../../test/files';
import { productVariants, productWeightConfigHistory, products } from './products.tables';

let t: TestApp;
let seller: string;
let admin: string;
beforeAll(async () => {
  t = await startTestApp();
  seller = await t.login(SELLER.email, SELLER.password);
  admin = await t.login(ADMIN.email, ADMIN.password);
});
afterAll(async () => {
  await t?.close();
});

const HEADERS = PRODUCT_IMPORT_COLUMNS.map((c) => c.header);
type Cell = string | number | null | { formula: string };
const row = (over: Partial<Record<(typeof HEADERS)[number], Cell>> = {}): Cell[] => {
  const base: Record<string, Cell> = {
    Product_name: 'Mug',
    Alias_name: 'Cup',
    Material: 'Ceramic',
    HScode_product: '6912.00',
    SKU: 'MUG-1',
    Shape: 'box',
    Width_cm: 10,
    Height_cm: 12,
    Length_cm: 10,
    Weight_gr: 350,
    Product_price: 9,
    Sales_tax: 5,
    Mockup_image_url: null,
    Customer_email: null,
    ...over,
  };
  return HEADERS.map((h) => base[h] ?? null);
};

async function workbook(rows: Cell[][], headers: string[] = HEADERS): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Products');
  ws.addRow(headers);
  for (const r of rows) ws.addRow(r as ExcelJS.CellValue[]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const upload = (token: string, data: Buffer, name = 'products.xlsx', url = '/api/v1/products/import') =>
  t.call({ method: 'POST', url, token, ...multipart(name, data) });
/** The stored error workbook behind the reply's download link. */
const errorFile = async (token: string, url: string) => (await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } })).rawPayload;
const counts = async () => ({
  products: (await t.db.select({ n: count() }).from(products))[0]!.n,
  variants: (await t.db.select({ n: count() }).from(productVariants))[0]!.n,
});

describe('templates', () => {
  it('serves the variant and product templates with the SPEC header rows exactly', async () => {
    for (const [name, headers] of [
      ['variant', VARIANT_IMPORT_COLUMNS.map((c) => c.header)],
      ['product', HEADERS],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/products/templates/${name}.xlsx`, headers: { authorization: `Bearer ${seller}` } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toContain(`Template_import_${name}.xlsx`);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const values = (wb.worksheets[0]!.getRow(1).values as unknown[]).slice(1);
      expect(values).toEqual([...headers]);
    }
    expect(VARIANT_IMPORT_COLUMNS.map((c) => c.header)).toEqual(['Product_ID', 'HScode_product', 'SKU', 'Shape', 'Width_cm', 'Height_cm', 'Length_cm', 'Weight_gr', 'Product_price']);
  });
});

describe('POST /products/import — validate, then import', () => {
  it('validates without writing, then imports grouped products in one go', async () => {
    const file = await workbook([row({ SKU: 'MUG-A' }), row({ SKU: 'MUG-B', Sales_tax: null }), row({ Product_name: 'Plate', SKU: 'PLATE-A' })]);
    const before = await counts();
    const check = await t.call({ method: 'POST', url: '/api/v1/products/import?onlyValidate=true', token: seller, ...multipart('products.xlsx', file) });
    expect(check.status).toBe(200);
    expect(check.body.data).toMatchObject({ onlyValidate: true, totalRows: 3 });
    expect(check.body.data.rows[0]).toMatchObject({ row: 2, Product_name: 'Mug', SKU: 'MUG-A', Width_cm: 10 });
    expect(await counts()).toEqual(before);

    const done = await upload(seller, file);
    expect(done.status).toBe(200);
    expect(done.body.message).toBe('Import finished. Updates may take a few minutes to appear.');
    expect(done.body.data.created).toEqual({ products: 2, variants: 3 });
    const list = await t.call({ method: 'GET', url: '/api/v1/products?keyword=MUG-', token: seller });
    const mug = list.body.data.items.find((i: { name: string }) => i.name === 'Mug');
    expect(mug).toMatchObject({ variantCount: 2, origin: 'customer', approvalStatus: 'draft', material: 'Ceramic', hsCode: '6912.00' });
  });

  it('a template with a changed column: IMPORT_TEMPLATE_CHANGED, nothing written', async () => {
    const before = await counts();
    const renamed = await upload(seller, await workbook([row({ SKU: 'X-1' })], HEADERS.map((h) => (h === 'SKU' ? 'Sku' : h))));
    expect(renamed.status).toBe(400);
    expect(renamed.body).toMatchObject({ code: 'IMPORT_TEMPLATE_CHANGED', message: 'Wrong file format. Use the template and do not add, edit or delete columns.' });
    const added = await upload(seller, await workbook([[...row({ SKU: 'X-2' }), 'extra']], [...HEADERS, 'Extra']));
    expect(added.body.code).toBe('IMPORT_TEMPLATE_CHANGED');
    const removed = await upload(seller, await workbook([row({ SKU: 'X-3' }).slice(0, -1)], HEADERS.slice(0, -1)));
    expect(removed.body.code).toBe('IMPORT_TEMPLATE_CHANGED');
    expect(await counts()).toEqual(before);
  });

  it('a blank required cell: the row and column named, an error workbook, nothing written', async () => {
    const before = await counts();
    const res = await upload(seller, await workbook([row({ SKU: 'OK-1' }), row({ SKU: null }), row({ SKU: 'OK-2', Product_price: 'ten' })]), 'My products.xlsx');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('IMPORT_ROWS_INVALID');
    expect(res.body.errors).toEqual([
      { field: 'rows.3.SKU', message: 'This field is required.' },
      { field: 'rows.4.Product_price', message: 'Enter a number.' },
    ]);
    const wbInfo = res.body.details.errorWorkbook;
    expect(wbInfo.fileName).toMatch(/^My products_Errors_\d{8}_\d{6}\.xlsx$/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await errorFile(seller, wbInfo.url)) as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.getRow(1).getCell(HEADERS.length + 1).value).toBe('Errors');
    expect(ws.getRow(2).getCell(HEADERS.length + 1).value).toBeNull();
    expect(ws.getRow(3).getCell(HEADERS.length + 1).value).toBe('SKU: This field is required.');
    expect(ws.getRow(4).getCell(HEADERS.length + 1).value).toBe('Product_price: Enter a number.');
    expect(await counts()).toEqual(before);
  });

  it('a 10,001-row file: IMPORT_TOO_MANY_ROWS, nothing written', async () => {
    const before = await counts();
    const rows = Array.from({ length: 10_001 }, (_, i) => row({ Product_name: `P${i}`, SKU: `BULK-${i}` }));
    const res = await upload(seller, await workbook(rows));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'IMPORT_TOO_MANY_ROWS', message: 'The file has too many rows. The maximum is 10,000.' });
    expect(await counts()).toEqual(before);
  });

  it('a file that is not xlsx, renamed .xlsx, or not named .xlsx: IMPORT_NOT_XLSX; empty sheet: IMPORT_NO_DATA', async () => {
    const before = await counts();
    const csv = await upload(seller, Buffer.from('Product_name,SKU\nMug,MUG-9\n'), 'products.xlsx');
    expect(csv.status).toBe(400);
    expect(csv.body).toMatchObject({ code: 'IMPORT_NOT_XLSX', message: 'This is not an Excel file. Only .xlsx files can be imported.' });
    const zipNotXlsx = await upload(seller, Buffer.from('PK\x03\x04 not really a zip at all, just bytes'), 'products.XLSX');
    expect(zipNotXlsx.body.code).toBe('IMPORT_NOT_XLSX');
    const wrongName = await upload(seller, await workbook([row({ SKU: 'N-1' })]), 'products.xls');
    expect(wrongName.body.code).toBe('IMPORT_NOT_XLSX');
    const empty = await upload(seller, await workbook([]));
    expect(empty.body).toMatchObject({ code: 'IMPORT_NO_DATA', message: 'There is no data to import.' });
    const none = await t.call({ method: 'POST', url: '/api/v1/products/import', token: seller, payload: {} });
    expect(none.body.code).toBe('FILE_MISSING');
    expect(await counts()).toEqual(before);
  });

  it('a cell starting with = (a formula, or text that looks like one): refused, nothing written; the error workbook neutralises it', async () => {
    const before = await counts();
    const res = await upload(seller, await workbook([row({ SKU: 'F-1', Product_price: { formula: '2*5' } }), row({ SKU: 'F-2', Product_name: '=HYPERLINK("http://evil","x")' })]));
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { field: 'rows.2.Product_price', message: 'Formulas are not allowed; enter the value itself.' },
      { field: 'rows.3.Product_name', message: 'Formulas are not allowed; enter the value itself.' },
    ]);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await errorFile(seller, res.body.details.errorWorkbook.url)) as unknown as ArrayBuffer);
    expect(wb.worksheets[0]!.getRow(3).getCell(1).value).toBe(`'=HYPERLINK("http://evil","x")`);
    expect(await counts()).toEqual(before);
  });

  it('SPEC §8 duplicate SKU within the file and against the system, named per row', async () => {
    await upload(seller, await workbook([row({ Product_name: 'Existing', SKU: 'SYS-1' })]));
    const before = await counts();
    const res = await upload(seller, await workbook([row({ SKU: 'FILE-1' }), row({ SKU: 'file-1' }), row({ SKU: 'SYS-1' }), row({ SKU: 'FINE-1' })]));
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { field: 'rows.2.SKU', message: 'Duplicate SKU in the file.' },
      { field: 'rows.3.SKU', message: 'Duplicate SKU in the file.' },
      { field: 'rows.4.SKU', message: 'Duplicate SKU: it already exists in the system.' },
    ]);
    expect(res.body.details).toMatchObject({ totalRows: 4, invalidRows: 3 });
    expect(await counts()).toEqual(before);
  });

  it('§5 rules per row: HS code missing, bad SKU, price, sales tax, dimensions, weight', async () => {
    const res = await upload(
      seller,
      await workbook([row({ SKU: 'R-1', HScode_product: null }), row({ SKU: 'R 2' }), row({ SKU: 'R-3', Product_price: 2.5, Sales_tax: 101 }), row({ SKU: 'R-4', Width_cm: 0.2, Weight_gr: 3 })]),
    );
    expect(res.body.errors).toEqual([
      { field: 'rows.2.HScode_product', message: 'This field is required.' },
      { field: 'rows.3.SKU', message: 'The SKU may contain only letters, digits, dash, underscore and dot.' },
      { field: 'rows.4.Product_price', message: 'The product price must be a whole number from 1 to 999,999.' },
      { field: 'rows.4.Sales_tax', message: 'Sales tax must be from 0 to 100.' },
      { field: 'rows.5.Width_cm', message: 'Each dimension must be above 0.25 cm and below 999,999.' },
      { field: 'rows.5.Weight_gr', message: 'The weight must be above 3 g and below 999,999.' },
    ]);
  });

  it('staff name the customer per row by email', async () => {
    // Fixtures of this test only: its own customer, emails and SKUs that no other test (or an
    // earlier run against the same database) can have written, and its own client address.
    const tag = randomUUID().slice(0, 8);
    const email = `import.customer.${tag}@example.com`;
    const sku = (n: number) => `STAFF-${tag}-${n}`;
    const b = await createSeller(t, email);
    const res = await upload(admin, await workbook([row({ SKU: sku(1), Customer_email: email }), row({ SKU: sku(2), Customer_email: null }), row({ SKU: sku(3), Customer_email: `nobody.${tag}@example.com` })]));
    expect(res.body.errors).toEqual([
      { field: 'rows.3.Customer_email', message: "Enter the customer's email." },
      { field: 'rows.4.Customer_email', message: 'Customer not found.' },
    ]);
    const good = await upload(admin, await workbook([row({ Product_name: 'For B', SKU: sku(1), Customer_email: email.toUpperCase() })]));
    expect(good.status, JSON.stringify(good.body).slice(0, 600)).toBe(200);
    const theirs = await t.call({ method: 'GET', url: `/api/v1/products?keyword=${sku(1)}`, token: b.token });
    expect(theirs.body.data.items).toEqual([expect.objectContaining({ name: 'For B', origin: 'admin', approvalStatus: 'accepted' })]);
  });
});

describe('variant, partner id and weight-config imports', () => {
  it('adds variants to an existing product and sends an accepted one back to draft', async () => {
    const created = await t.call({ method: 'POST', url: '/api/v1/products', token: seller, payload: { name: 'Hoodie', hsCode: '6110', lengthCm: 30, widthCm: 25, heightCm: 5, weightGr: 600, variants: [{ sku: 'HOOD-S', price: 30 }] } });
    const id = created.body.data.id;
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Variants');
    ws.addRow(VARIANT_IMPORT_COLUMNS.map((c) => c.header));
    ws.addRow([id, '6110.20', 'HOOD-M', 'bag', 25, 5, 30, 650, 31]);
    ws.addRow([id, '6110.20', 'HOOD-L', null, 26, 5, 31, 700, 32]);
    const res = await upload(seller, Buffer.from(await wb.xlsx.writeBuffer()), 'variants.xlsx', '/api/v1/products/import-variants');
    expect(res.status).toBe(200);
    expect(res.body.data.created).toEqual({ products: 0, variants: 2 });
    const detail = await t.call({ method: 'GET', url: `/api/v1/products/${id}`, token: seller });
    expect(detail.body.data.variants.map((v: { sku: string; hsCode: string | null }) => [v.sku, v.hsCode])).toEqual([
      ['HOOD-S', null],
      ['HOOD-M', '6110.20'],
      ['HOOD-L', '6110.20'],
    ]);
  });

  it('partner product ids are staff-only and set by SKU', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Partner');
    ws.addRow(['Customer_email', 'SKU', 'Partner_product_id']);
    ws.addRow([SELLER.email, 'HOOD-M', 'WM-777']);
    ws.addRow([SELLER.email, 'NO-SUCH-SKU', 'WM-778']);
    const file = Buffer.from(await wb.xlsx.writeBuffer());
    expect((await upload(seller, file, 'p.xlsx', '/api/v1/products/import-partner-ids')).status).toBe(403);
    const bad = await upload(admin, file, 'p.xlsx', '/api/v1/products/import-partner-ids');
    expect(bad.body.errors).toEqual([{ field: 'rows.3.SKU', message: 'No variant with this SKU.' }]);
    ws.spliceRows(3, 1);
    const good = await upload(admin, Buffer.from(await wb.xlsx.writeBuffer()), 'p.xlsx', '/api/v1/products/import-partner-ids');
    expect(good.body.data.updated).toBe(1);
    const found = await t.call({ method: 'GET', url: '/api/v1/products?keyword=HOOD-M', token: seller });
    const detail = await t.call({ method: 'GET', url: `/api/v1/products/${found.body.data.items[0].id}`, token: seller });
    expect(detail.body.data.variants.find((v: { sku: string }) => v.sku === 'HOOD-M').partnerProductId).toBe('WM-777');
  });

  it('imports weight thresholds with history, refusing a bad row without writing', async () => {
    const list = await t.call({ method: 'GET', url: '/api/v1/products?keyword=HOOD-M', token: seller });
    const id = list.body.data.items[0].id;
    const make = async (rows: Cell[][]) => {
      const wb = new ExcelJS.Workbook();
      const ws = wb.addWorksheet('W');
      ws.addRow(['Product_ID', 'Weight_threshold_gr', 'Actual_weight_fee_usd', 'Status']);
      for (const r of rows) ws.addRow(r as ExcelJS.CellValue[]);
      return Buffer.from(await wb.xlsx.writeBuffer());
    };
    const historyBefore = (await t.db.select({ n: count() }).from(productWeightConfigHistory))[0]!.n;
    const bad = await upload(admin, await make([[id, 800, 2, 'active'], [crypto.randomUUID(), 0, 1, 'paused']]), 'w.xlsx', '/api/v1/products/weight-configs/import');
    expect(bad.body.errors).toEqual([
      { field: 'rows.3.Weight_threshold_gr', message: 'The weight threshold is required and must be greater than 0 (below 999,999 g).' },
      { field: 'rows.3.Status', message: 'Choose active or inactive.' },
    ]);
    expect((await t.db.select({ n: count() }).from(productWeightConfigHistory))[0]!.n).toBe(historyBefore);
    const good = await upload(admin, await make([[id, 800, 2, 'Active']]), 'w.xlsx', '/api/v1/products/weight-configs/import');
    expect(good.body.data.updated).toBe(1);
    const cfg = await t.call({ method: 'GET', url: `/api/v1/products/${id}/weight-config`, token: admin });
    expect(cfg.body.data).toMatchObject({ weightThreshold: 800, fee: 2, status: 'active', configurationStatus: 'configured' });
  });
});

describe('zip guard (money-and-security.md: entry count and unpacked size before parsing)', () => {
  it('refuses too many entries or too many unpacked bytes, and accepts a normal workbook', async () => {
    const file = await workbook([row()]);
    await expect(checkZip(file)).resolves.toContain('xl/workbook.xml');
    await expect(checkZip(file, { maxEntries: 3, maxUncompressedBytes: 100 * 1024 * 1024 })).rejects.toMatchObject({ code: 'IMPORT_UNPACKED_TOO_LARGE' });
    await expect(checkZip(file, { maxEntries: 500, maxUncompressedBytes: 2000 })).rejects.toMatchObject({ code: 'IMPORT_UNPACKED_TOO_LARGE' });
    // A lying central directory (declared sizes smaller than the data) is not a valid workbook.
    const tampered = Buffer.from(file);
    const cd = tampered.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    tampered.writeUInt32LE(1, cd + 24);
    await expect(checkZip(tampered)).rejects.toMatchObject({ code: 'IMPORT_NOT_XLSX' });
  });
});
