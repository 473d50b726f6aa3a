import os from 'node:os';
import path from 'node:path';
import { mkdtempSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { ADMIN, SELLER, apiCall, expectAccessible, login, tokenOf } from './helpers';

// Journeys (SPEC §2 Import order / Import Surcharge, §4 import wizard, §8 error workbook):
// a seller fills the downloaded order template with 50 orders, 3 of them bad; the check names the
// bad rows, the error workbook is downloaded, fixed and imported. Staff then import surcharges for
// some of those orders through the three steps and find them on the orders.
// The network (carrier, service, warehouse, zone in Texas, routing, prices) and an accepted product
// are set up through the API; a zone of its own keeps it apart from other journeys' networks.

const stamp = Date.now().toString(36).toUpperCase();
const CARRIER = `OC${stamp}`;
const SERVICE = `OS${stamp}`;
const WAREHOUSE = `OW${stamp}`;
const ZONE = `OZ${stamp}`;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const HEADERS = ['orderName', 'note', 'width', 'height', 'length', 'weight', 'shippingMethodCode', 'signatureService', 'taxNumber', 'shippingName', 'shippingLastName', 'email', 'phone', 'countryCode', 'stateCode', 'city', 'zipCode', 'address_1', 'address_2', 'productId', 'variantId', 'quantity', 'labelTiktok'];
const col = (header: string) => HEADERS.indexOf(header) + 1;

let dir: string;
let product: { id: string; variants: { id: string }[] };

async function xlsxBuffer(rows: (string | number | null)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Sheet1');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function sheetRows(buffer: Buffer): Promise<(string | number | null)[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buffer as unknown as ArrayBuffer);
  const out: (string | number | null)[][] = [];
  wb.worksheets[0]!.eachRow((row) => out.push((row.values as (string | number | null)[]).slice(1)));
  return out;
}

/** Price tables replace the active version of their kind: the journey adds its rows to what is active. */
async function addPrices(request: APIRequestContext, admin: string, kind: 'service' | 'carrier', rows: (string | number)[][]) {
  const exported = await request.get(`/api/v1/pricing/export/${kind}`, { headers: { Authorization: `Bearer ${admin}` } });
  const current = exported.ok() ? await sheetRows(Buffer.from(await exported.body())) : [];
  const header = kind === 'service' ? ['Service_code', 'Weight_from', 'Weight_to', 'Shipping_fee', 'Seasonal_fee', 'Status'] : ['Carrier_code', 'Service_code', 'Warehouse_code', 'Zone_code', 'Weight_from', 'Weight_to', 'Last_mile_cost', 'Seasonal_cost', 'Status'];
  const buffer = await xlsxBuffer([header, ...current.slice(1).filter((r) => r.some((v) => v !== null && v !== undefined)), ...rows]);
  const res = await request.post(`/api/v1/pricing/import/${kind}`, { headers: { Authorization: `Bearer ${admin}` }, multipart: { file: { name: `${kind}.xlsx`, mimeType: XLSX, buffer } } });
  const body = (await res.json()) as { success: boolean; message: string; data: { version: { id: string } } };
  expect(body.success, body.message).toBe(true);
  await apiCall(request, admin, 'POST', `/pricing/version/${body.data.version.id}/activate`);
}

async function signedIn(browser: Browser, who: { email: string; password: string }): Promise<Page> {
  const page = await (await browser.newContext({ acceptDownloads: true })).newPage();
  await login(page, who);
  return page;
}

/** Saves a download triggered by `click` and returns its path and name. */
async function downloaded(page: Page, click: () => Promise<void>): Promise<{ file: string; name: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const file = path.join(dir, `${Date.now()}-${download.suggestedFilename()}`);
  await download.saveAs(file);
  return { file, name: download.suggestedFilename() };
}

test.beforeAll(async ({ request }) => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'exship-orders-import-'));
  const admin = await tokenOf(request, ADMIN);
  const seller = await tokenOf(request, SELLER);
  const carrier = await apiCall<{ id: string }>(request, admin, 'POST', '/carriers', { code: CARRIER, name: 'Import journey carrier' });
  const service = await apiCall<{ id: string }>(request, admin, 'POST', '/services', { code: SERVICE, name: 'Import journey service', carrierId: carrier.id, signatureFee: 2, overLengthFee: 10 });
  const warehouse = await apiCall<{ id: string }>(request, admin, 'POST', '/warehouses', { code: WAREHOUSE, name: 'Dallas', zipcode: '75201', address: '1 Elm St', city: 'Dallas', state: 'TX', country: 'US' });
  await apiCall(request, admin, 'POST', '/zones', { code: ZONE, name: 'Dallas area', country: 'US', ranges: [{ zipFrom: '75200', zipTo: '75299' }] });
  await apiCall(request, admin, 'POST', '/carrier-configs', {
    serviceId: service.id, minWeight: 0, maxWeight: 30000, priority: 1, typeShipping: 'country', toArrayCountry: ['US'],
    allocations: [{ carrierId: carrier.id, warehouseId: warehouse.id, percentage: 100 }],
  });
  await addPrices(request, admin, 'service', [[SERVICE, 0, 30000, 9.5, 0, 'active']]);
  await addPrices(request, admin, 'carrier', [[CARRIER, SERVICE, WAREHOUSE, ZONE, 0, 30000, 4, 0, 'active']]);

  const created = await apiCall<{ id: string }>(request, seller, 'POST', '/products', {
    name: `Import journey mug ${stamp}`, hsCode: '6912.00', lengthCm: 12, widthCm: 9, heightCm: 10, weightGr: 380,
    variants: [{ sku: `MUG-${stamp}-W`, price: 12 }, { sku: `MUG-${stamp}-B`, price: 15 }],
  });
  await apiCall(request, seller, 'POST', `/products/${created.id}/submit`);
  await apiCall(request, admin, 'POST', `/products/${created.id}/accept`);
  product = await apiCall(request, seller, 'GET', `/products/${created.id}`);
});

/** Row `i` (0-based) of the 50: a one-product order to Dallas. */
function orderRow(i: number): (string | number | null)[] {
  const cells: Record<string, string | number | null> = {
    orderName: `IMP-${stamp}-${String(i + 1).padStart(2, '0')}`, note: null, width: 15, height: 10, length: 20, weight: 700 + i, shippingMethodCode: SERVICE,
    signatureService: i % 10 === 0 ? 'yes' : 'no', taxNumber: null, shippingName: 'Jane', shippingLastName: `Doe ${i + 1}`, email: null, phone: null,
    countryCode: 'US', stateCode: 'TX', city: 'Dallas', zipCode: '75201', address_1: `${100 + i} Main St`, address_2: null,
    productId: product.id, variantId: product.variants[i % 2]!.id, quantity: 1 + (i % 3), labelTiktok: null,
  };
  return HEADERS.map((h) => cells[h] ?? null);
}

test('a seller imports 50 orders: three bad rows are named, the error workbook is fixed and imported; staff import surcharges for them', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const seller = await signedIn(browser, SELLER);

  await test.step('the seller fills the downloaded template with 50 orders, 3 of them bad', async () => {
    await seller.goto('/app/orders/import-order');
    await expect(seller.getByRole('heading', { name: 'Import orders' })).toBeVisible();
    await expectAccessible(seller, 'import orders');
    const template = await downloaded(seller, () => seller.getByRole('button', { name: 'Download template' }).click());
    expect(template.name).toBe('Template_import_order.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(template.file);
    const ws = wb.worksheets[0]!;
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual(HEADERS);
    for (let i = 0; i < 50; i++) {
      const values = orderRow(i);
      if (i === 8) values[col('variantId') - 1] = '00000000-0000-4000-8000-000000000000'; // sheet row 10
      if (i === 18) values[col('city') - 1] = null; // sheet row 20
      if (i === 28) values[col('shippingMethodCode') - 1] = 'NOPE'; // sheet row 30
      const row = ws.getRow(i + 2);
      values.forEach((v, c) => (row.getCell(c + 1).value = v));
      row.commit();
    }
    await wb.xlsx.writeFile(path.join(dir, 'my-orders.xlsx'));
  });

  await test.step('the check names the three rows; the error workbook is downloaded', async () => {
    await seller.locator('input[type=file]').setInputFiles(path.join(dir, 'my-orders.xlsx'));
    await seller.getByRole('button', { name: 'Check file' }).click();
    const errors = seller.getByRole('list', { name: 'First errors' });
    await expect(errors.getByRole('listitem')).toHaveText([
      'Row 10, variantId: This variant does not exist for the product.',
      'Row 20, city: This field is required.',
      'Row 30, shippingMethodCode: This shipping service does not exist or is not available.',
    ]);
    await expect(seller.getByText('3 row(s) have errors.')).toBeVisible();
    await expectAccessible(seller, 'import orders with errors');
    const errorFile = await downloaded(seller, () => seller.getByRole('button', { name: 'Download error file' }).click());
    expect(errorFile.name).toMatch(/^my-orders_Errors_\d{8}_\d{6}\.xlsx$/);

    // Fixed in the error workbook itself (its Errors column is accepted back).
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(errorFile.file);
    const ws = wb.worksheets[0]!;
    expect(ws.getRow(1).getCell(HEADERS.length + 1).value).toBe('Errors');
    expect(String(ws.getRow(20).getCell(HEADERS.length + 1).value)).toBe('city: This field is required.');
    ws.getRow(10).getCell(col('variantId')).value = product.variants[0]!.id;
    ws.getRow(20).getCell(col('city')).value = 'Dallas';
    ws.getRow(30).getCell(col('shippingMethodCode')).value = SERVICE;
    for (const r of [10, 20, 30]) ws.getRow(r).getCell(HEADERS.length + 1).value = null;
    await wb.xlsx.writeFile(path.join(dir, 'my-orders-fixed.xlsx'));
  });

  await test.step('the fixed file is checked, reviewed and imported', async () => {
    await seller.getByRole('button', { name: 'Remove my-orders.xlsx' }).click();
    await seller.locator('input[type=file]').setInputFiles(path.join(dir, 'my-orders-fixed.xlsx'));
    await seller.getByRole('button', { name: 'Check file' }).click();
    await expect(seller.getByText('50 valid row(s) in my-orders-fixed.xlsx. Nothing is saved until you import.')).toBeVisible();
    await expect(seller.getByText(/^50 order\(s\), \$[\d,]+\.\d{2} at today's prices\.$/)).toBeVisible();
    await seller.getByRole('button', { name: 'Import 50 row(s)' }).click();
    await expect(seller.getByRole('heading', { name: 'Import success' })).toBeVisible();
    await expect(seller.getByText(/^50 order\(s\) created, \$[\d,]+\.\d{2} in total\./)).toBeVisible();
    const token = await tokenOf(request, SELLER);
    const list = await apiCall<{ total: number }>(request, token, 'GET', `/orders?keyword=IMP-${stamp}&pageSize=100`);
    expect(list.total).toBe(50);
  });

  // Three of the orders are paid from the seller's wallet, so they can take a surcharge.
  const sellerToken = await tokenOf(request, SELLER);
  const { items } = await apiCall<{ items: { id: string; exOrderId: string; orderName: string }[] }>(request, sellerToken, 'GET', `/orders?keyword=IMP-${stamp}&pageSize=100&sort=createdAt:asc`);
  const [a, b, c] = [...items].sort((x, y) => x.orderName.localeCompare(y.orderName));
  await apiCall(request, sellerToken, 'POST', '/orders/pay', { orderIds: [a!.id, b!.id, c!.id] });

  const staff = await signedIn(browser, ADMIN);
  await test.step('staff upload a surcharge file', async () => {
    await staff.goto('/app/orders/import-surcharge');
    await expect(staff.getByRole('heading', { name: 'Import surcharge' })).toBeVisible();
    await expectAccessible(staff, 'import surcharge');
    const template = await downloaded(staff, () => staff.getByRole('button', { name: 'Download template' }).click());
    expect(template.name).toBe('Template_import_order_surcharge.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(template.file);
    const ws = wb.worksheets[0]!;
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual(['OrderID*', 'Surcharge*', 'Reason*', 'Detail Reason']);
    const rows = [
      [a!.exOrderId, 12.5, 'Dimension Surcharge', 'Measured 45 x 30 x 20 cm at the warehouse'],
      [b!.exOrderId, 1234.5, 'Other', null],
      [c!.exOrderId, 5, 'FBA', null],
    ];
    rows.forEach((values, i) => {
      const row = ws.getRow(i + 2);
      values.forEach((v, k) => (row.getCell(k + 1).value = v));
      row.commit();
    });
    await wb.xlsx.writeFile(path.join(dir, 'surcharges.xlsx'));
    await staff.locator('input[type=file]').setInputFiles(path.join(dir, 'surcharges.xlsx'));
    await staff.getByRole('button', { name: 'Check file' }).click();
  });

  await test.step('staff review: links, amounts, N/A, the summary; one row deleted; import', async () => {
    const table = staff.getByRole('table');
    const link = table.getByRole('link', { name: a!.exOrderId });
    await expect(link).toHaveAttribute('href', `/app/orders/order-detail/${a!.id}`);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(table.getByText('$1,234.50')).toBeVisible();
    await expect(table.getByText('N/A')).toHaveCount(2);
    await expect(staff.getByRole('status').filter({ hasText: 'Total surcharge' })).toHaveText('3 row(s) · Total surcharge $1,252.00');
    await expectAccessible(staff, 'review surcharge');
    await staff.getByRole('button', { name: 'Delete row 4' }).click();
    await expect(staff.getByRole('status').filter({ hasText: 'Total surcharge' })).toHaveText('2 row(s) · Total surcharge $1,247.00');
    await staff.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(staff.getByText('import success')).toBeVisible();
  });

  await test.step('the surcharges are on the orders, waiting for payment; the deleted row was not imported', async () => {
    const admin = await tokenOf(request, ADMIN);
    const first = await apiCall<{ surcharge: number; paymentStatus: string; surcharges: { amount: number; reason: string; detailReason: string }[] }>(request, admin, 'GET', `/orders/${a!.id}`);
    expect(first).toMatchObject({ surcharge: 12.5, paymentStatus: 'surcharge-unpaid', surcharges: [{ amount: 12.5, reason: 'Dimension Surcharge', detailReason: 'Measured 45 x 30 x 20 cm at the warehouse' }] });
    const second = await apiCall<{ surcharge: number; paymentStatus: string }>(request, sellerToken, 'GET', `/orders/${b!.id}`);
    expect(second).toMatchObject({ surcharge: 1234.5, paymentStatus: 'surcharge-unpaid' });
    const third = await apiCall<{ surcharge: number; paymentStatus: string }>(request, sellerToken, 'GET', `/orders/${c!.id}`);
    expect(third).toMatchObject({ surcharge: 0, paymentStatus: 'paid' });
    await staff.getByRole('button', { name: 'Back to orders' }).click();
    await expect(staff).toHaveURL(/\/app\/orders$/);
  });
});
