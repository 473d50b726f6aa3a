import os from 'node:os';
import path from 'node:path';
import { mkdtempSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, SELLER, apiCall, expectAccessible, login, tokenOf } from './helpers';
import { buildLane, type Lane } from './lane';

// Journey (SPEC §2 Import order, §5 a SKU is unique per seller): a seller with accepted products
// finds the ids and SKUs on the product screens (each with a copy button), downloads the order
// template, fills 20 orders from its own example row with nothing but SKUs (productId left blank),
// checks, reviews and imports the file, then pays the 20 orders at once from the list and sees them
// paid. The lane (carrier, service, zone 90000–90999, prices) and the products come from the API.

const stamp = Date.now().toString(36).toUpperCase();
const SKUS = [`TEE-${stamp}-S`, `TEE-${stamp}-M`, `TEE-${stamp}-L`];
const ORDERS = 20;
const XLSX_HEADERS = ['orderName', 'note', 'width', 'height', 'length', 'weight', 'shippingMethodCode', 'signatureService', 'taxNumber', 'shippingName', 'shippingLastName', 'email', 'phone', 'countryCode', 'stateCode', 'city', 'zipCode', 'address_1', 'address_2', 'productId', 'variantId', 'quantity', 'labelTiktok'];
const col = (header: string) => XLSX_HEADERS.indexOf(header) + 1;
const orderName = (i: number) => `SKU-${stamp}-${String(i + 1).padStart(2, '0')}`;

let dir: string;
let lane: Lane;
let product: { id: string; name: string; variants: { id: string; sku: string }[] };

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  dir = mkdtempSync(path.join(os.tmpdir(), 'exship-import-by-sku-'));
  lane = await buildLane(request, 'E2ESKU');
  const admin = await tokenOf(request, ADMIN);
  const seller = await tokenOf(request, SELLER);
  const created = await apiCall<{ id: string }>(request, seller, 'POST', '/products', {
    name: `Import by SKU tee ${stamp}`,
    hsCode: '6109.10',
    lengthCm: 30,
    widthCm: 20,
    heightCm: 3,
    weightGr: 250,
    variants: SKUS.map((sku, i) => ({ sku, price: 12 + i })),
  });
  await apiCall(request, seller, 'POST', `/products/${created.id}/submit`);
  await apiCall(request, admin, 'POST', `/products/${created.id}/accept`);
  product = await apiCall(request, seller, 'GET', `/products/${created.id}`);
});

/** Saves a download triggered by `click`; returns its path and name. */
async function downloaded(page: Page, click: () => Promise<void>): Promise<{ file: string; name: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const file = path.join(dir, `${Date.now()}-${download.suggestedFilename()}`);
  await download.saveAs(file);
  return { file, name: download.suggestedFilename() };
}

test('a seller fills the order template with 20 orders by SKU, imports them through the review and pays them at once', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const context = await browser.newContext({ acceptDownloads: true });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const page = await context.newPage();
  await login(page, SELLER);

  await test.step('the product screens show the product id and each variant id and SKU, each with a copy button', async () => {
    await page.goto(`/app/products?keyword=${encodeURIComponent(product.name)}`);
    const row = page.getByRole('row').filter({ hasText: product.name });
    await expect(row.getByText(product.id, { exact: true })).toBeVisible();
    await row.getByRole('button', { name: `Copy the product ID of ${product.name}` }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(product.id);
    // The "Copied" tooltip sits over the name until the pointer leaves the button.
    await page.mouse.move(0, 0);
    await expect(page.getByRole('tooltip')).toBeHidden();
    await expectAccessible(page, 'products with their ids');

    await row.getByRole('link', { name: product.name }).click();
    await expect(page.getByText(product.id, { exact: true })).toBeVisible();
    for (const v of product.variants) {
      const variantRow = page.getByRole('row').filter({ hasText: v.sku });
      await expect(variantRow.getByText(v.id, { exact: true })).toBeVisible();
    }
    const last = product.variants[2]!;
    await page.getByRole('button', { name: `Copy the variant ID of ${last.sku}` }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(last.id);
    await expectAccessible(page, 'product detail with its variant ids');
  });

  const filled = path.join(dir, 'orders-by-sku.xlsx');
  await test.step('the downloaded template is filled with 20 orders from its own example row, by SKU only', async () => {
    await page.goto('/app/orders/import-order');
    await expect(page.getByRole('heading', { name: 'Import orders' })).toBeVisible();
    await expect(page.getByText(/put the variant's SKU in variantId and leave productId blank/)).toBeVisible();
    const template = await downloaded(page, () => page.getByRole('button', { name: 'Download template' }).click());
    expect(template.name).toBe('Template_import_order.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(template.file);
    const ws = wb.worksheets[0]!;
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual(XLSX_HEADERS);
    // The example row as the template gives it: its cells are kept, phone included; only the
    // order name, the service of this lane, the SKU and the quantity change per order.
    const example = (ws.getRow(2).values as ExcelJS.CellValue[]).slice(1);
    expect(example[col('variantId') - 1]).toBe('<variant SKU>');
    expect(example[col('productId') - 1] ?? null).toBeNull();
    for (let i = 0; i < ORDERS; i++) {
      const values = [...example];
      values[col('orderName') - 1] = orderName(i);
      values[col('shippingMethodCode') - 1] = lane.service;
      // SKUs are matched in any case.
      values[col('variantId') - 1] = i % 4 === 3 ? SKUS[i % 3]!.toLowerCase() : SKUS[i % 3]!;
      values[col('quantity') - 1] = 1 + (i % 2);
      const row = ws.getRow(i + 2);
      values.forEach((v, c) => (row.getCell(c + 1).value = v ?? null));
      row.commit();
    }
    await wb.xlsx.writeFile(filled);
  });

  await test.step('the file is checked and reviewed (also at 390 px), then imported', async () => {
    await page.locator('input[type=file]').setInputFiles(filled);
    await page.getByRole('button', { name: 'Check file' }).click();
    await expect(page.getByText(`${ORDERS} valid row(s) in orders-by-sku.xlsx. Nothing is saved until you import.`)).toBeVisible();
    await expect(page.getByText(/^20 order\(s\), \$[\d,]+\.\d{2} at today's prices\.$/)).toBeVisible();
    await expect(page.getByRole('cell', { name: SKUS[0], exact: true }).first()).toBeVisible();
    await expectAccessible(page, 'order import review');

    // The review on a phone: nothing may stick out of the screen; a screenshot for the record.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('button', { name: `Import ${ORDERS} row(s)` })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, 'horizontal overflow of the page at 390 px').toBeLessThanOrEqual(0);
    await page.screenshot({ path: test.info().outputPath('import-review-390.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.getByRole('button', { name: `Import ${ORDERS} row(s)` }).click();
    await expect(page.getByRole('heading', { name: 'Import success' })).toBeVisible();
    await expect(page.getByText(/^20 order\(s\) created, \$[\d,]+\.\d{2} in total\./)).toBeVisible();
  });

  await test.step('each order ships the variant its SKU names', async () => {
    const token = await tokenOf(request, SELLER);
    const list = await apiCall<{ total: number; items: { id: string; orderName: string }[] }>(request, token, 'GET', `/orders?keyword=SKU-${stamp}&pageSize=100`);
    expect(list.total).toBe(ORDERS);
    const fourth = list.items.find((o) => o.orderName === orderName(3))!;
    const detail = await apiCall<{ lines: { productId: string; variantId: string; sku: string; quantity: number }[]; recipient: { phone: string } }>(request, token, 'GET', `/orders/${fourth.id}`);
    expect(detail.lines).toEqual([expect.objectContaining({ productId: product.id, variantId: product.variants[0]!.id, sku: SKUS[0], quantity: 2 })]);
    expect(detail.recipient.phone).toBe('+13105550100');
  });

  await test.step('the seller pays the 20 orders at once from the list and sees them paid', async () => {
    await page.goto(`/app/orders?keyword=SKU-${stamp}&pageSize=20`);
    const rows = page.getByRole('row').filter({ hasText: `SKU-${stamp}` });
    await expect(rows).toHaveCount(ORDERS);
    const boxes = page.getByRole('checkbox', { name: /^Select EX/ });
    await expect(boxes).toHaveCount(ORDERS);
    for (let i = 0; i < ORDERS; i++) await boxes.nth(i).check();
    await expect(page.getByText(`${ORDERS} selected`)).toBeVisible();
    await page.getByRole('button', { name: 'Pay selected' }).click();
    await expect(page.getByText(/^Pay 20 order\(s\) for \$[\d,]+\.\d{2}\?$/)).toBeVisible();
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    // Twenty payments in one transaction: on a busy machine this takes longer than one click's wait.
    await expect(page.getByText('Payment done.')).toBeVisible({ timeout: 45_000 });
    const progress = page.getByRole('dialog');
    await expect(progress.getByText('Orders paid')).toBeVisible();
    await expect(progress.locator('.ant-descriptions-item-content').first()).toHaveText(String(ORDERS));
    await progress.getByRole('button', { name: 'Close' }).last().click();
    await expect(progress).toBeHidden();
    // Each row's Payment cell says Paid (its status moves on to Waiting label as labels are bought).
    const payment = (await page.getByRole('columnheader').allInnerTexts()).findIndex((h) => h.trim() === 'Payment');
    expect(payment).toBeGreaterThan(0);
    for (let i = 0; i < ORDERS; i++) await expect(rows.nth(i).getByRole('cell').nth(payment)).toHaveText('Paid');
    await expect(rows.getByText('Unpaid', { exact: true })).toHaveCount(0);
    const token = await tokenOf(request, SELLER);
    const paid = await apiCall<{ total: number }>(request, token, 'GET', `/orders?keyword=SKU-${stamp}&paymentStatus=paid&pageSize=100`);
    expect(paid.total).toBe(ORDERS);
    await expectAccessible(page, 'orders imported by SKU, paid');
  });

  await context.close();
});
