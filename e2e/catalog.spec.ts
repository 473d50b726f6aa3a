import os from 'node:os';
import path from 'node:path';
import { mkdtempSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { ADMIN, SELLER, expectAccessible, login, pickOption } from './helpers';

// Journey: staff build a small network — carrier, service, warehouse, zone, routing —
// import both price tables from their xlsx templates (validate, draft, preview, activate), add a
// tax and a discount; then the seller opens Price and gets a quote with the discount code.
const CARRIER = 'E2EC';
const SERVICE = 'E2ES';
const WAREHOUSE = 'E2EW';
const ZONE = 'E2EZ';
const DISCOUNT = 'E2E10';

const dialog = (page: Page, title: string | RegExp) => page.getByRole('dialog').filter({ has: page.getByText(title, { exact: typeof title === 'string' }) });

async function saveDialog(page: Page, modal: Locator) {
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved.').last()).toBeVisible();
  await expect(modal).toBeHidden();
}

/** Downloads a price template, replaces its sample row with `rows`, and returns the file path. */
async function filledTemplate(page: Page, dir: string, expectedName: string, rows: (string | number)[][]): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download template' }).click()]);
  expect(download.suggestedFilename()).toBe(expectedName);
  const template = path.join(dir, download.suggestedFilename());
  await download.saveAs(template);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(template);
  const sheet = workbook.worksheets[0]!;
  rows.forEach((values, i) => {
    const row = sheet.getRow(i + 2);
    values.forEach((v, c) => (row.getCell(c + 1).value = v));
    row.commit();
  });
  const filled = path.join(dir, `filled-${download.suggestedFilename()}`);
  await workbook.xlsx.writeFile(filled);
  return filled;
}

/** Import (validate first, then as a draft), preview opens, activate with confirmation. */
async function importAndActivate(page: Page, file: string, title: string) {
  await page.getByRole('button', { name: /Import$/ }).click();
  const importer = dialog(page, title);
  await importer.locator('input[type=file]').setInputFiles(file);
  await importer.getByRole('button', { name: 'Check file' }).click();
  // The result alert says the file is valid, or lists the row errors.
  await expect(importer.locator('.ant-alert')).toContainText('The file is valid');
  await importer.getByRole('button', { name: 'Import as draft' }).click();

  const preview = dialog(page, /^Preview of/);
  await expect(preview).toBeVisible();
  await expect(preview.getByText('Sample quotes', { exact: true })).toBeVisible();
  await preview.getByRole('button', { name: 'Activate' }).click();
  const confirm = page.locator('.ant-modal-confirm');
  await expect(confirm).toContainText('Activate this price table?');
  await confirm.getByRole('button', { name: 'Activate' }).click();
  await expect(page.getByText('Price table activated.').last()).toBeVisible();
  await expect(page.locator('.ant-table-row').filter({ hasText: 'filled-' }).first()).toContainText('Active');
}

test('staff build the network and prices; the seller gets a quote with a discount', async ({ page }) => {
  test.setTimeout(240_000);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'exship-catalog-'));
  await login(page, ADMIN);

  await test.step('carrier', async () => {
    await page.goto('/app/carrier/list-carrier');
    await page.getByRole('button', { name: 'New carrier' }).click();
    const modal = dialog(page, 'New carrier');
    await modal.getByLabel('Code', { exact: true }).fill(CARRIER.toLowerCase()); // normalised to upper case
    await modal.getByLabel('Name', { exact: true }).fill('E2E Express');
    await saveDialog(page, modal);
    await expect(page.getByRole('row').filter({ hasText: CARRIER })).toContainText('E2E Express');
    await expectAccessible(page, 'carriers');
  });

  await test.step('service', async () => {
    await page.goto('/app/carrier/service');
    await page.getByRole('button', { name: 'New service' }).click();
    const modal = dialog(page, 'New service');
    await modal.getByLabel('Code', { exact: true }).fill(SERVICE);
    await modal.getByLabel('Name', { exact: true }).fill('E2E Standard');
    await pickOption(page, modal.getByLabel('Carrier', { exact: true }), CARRIER);
    await modal.getByLabel('Signature fee', { exact: true }).fill('2.5');
    await saveDialog(page, modal);
    const row = page.getByRole('row').filter({ hasText: SERVICE });
    await expect(row).toContainText('$2.50');
    await expect(row).toContainText(CARRIER);
    await expectAccessible(page, 'services');
  });

  await test.step('warehouse and zone', async () => {
    await page.goto('/app/carrier/warehouse');
    await page.getByRole('button', { name: 'New warehouse' }).click();
    const modal = dialog(page, 'New warehouse');
    await modal.getByLabel('Code', { exact: true }).fill(WAREHOUSE);
    await modal.getByLabel('Name', { exact: true }).fill('E2E Los Angeles');
    await modal.getByLabel('Address', { exact: true }).fill('100 Harbor Way');
    await modal.getByLabel('City', { exact: true }).fill('Los Angeles');
    await modal.getByLabel('State', { exact: true }).fill('CA');
    await modal.getByLabel('Zip code', { exact: true }).fill('90001');
    await saveDialog(page, modal);
    await expect(page.getByRole('row').filter({ hasText: WAREHOUSE })).toContainText('Los Angeles');

    await page.getByRole('tab', { name: 'Zones' }).click();
    await expect(page).toHaveURL(/tab=zones/);
    await page.getByRole('button', { name: 'New zone' }).click();
    const zone = dialog(page, 'New zone');
    await zone.getByLabel('Code', { exact: true }).fill(ZONE);
    await zone.getByLabel('Name', { exact: true }).fill('E2E West');
    await zone.getByRole('button', { name: 'Add a zip range' }).click();
    await zone.getByLabel('Zip from', { exact: true }).fill('90000');
    await zone.getByLabel('Zip to', { exact: true }).fill('90999');
    await saveDialog(page, zone);
    await expect(page.getByRole('row').filter({ hasText: ZONE })).toContainText('90000–90999');
    await expectAccessible(page, 'zones');
  });

  await test.step('carrier config (routing) with 100% to the new carrier', async () => {
    await page.goto('/app/carrier/config');
    await page.getByRole('button', { name: 'New routing rule' }).click();
    const modal = dialog(page, 'New routing rule');
    await pickOption(page, modal.getByLabel('Service', { exact: true }), SERVICE);
    await pickOption(page, modal.getByLabel('Carrier 1', { exact: true }), CARRIER);
    await pickOption(page, modal.getByLabel('Warehouse 1', { exact: true }), WAREHOUSE);
    await expect(modal.getByRole('status')).toHaveText('Total: 100% (must be 100%)');
    await saveDialog(page, modal);
    await expect(page.getByRole('row').filter({ hasText: SERVICE })).toContainText(`${CARRIER} @ ${WAREHOUSE} · 100%`);
    await expectAccessible(page, 'carrier config');
  });

  await test.step('service prices: template → two brackets → validate → draft → preview → activate', async () => {
    await page.goto('/app/carrier/pricing');
    await expect(page.getByRole('tab', { name: 'Service prices', selected: true })).toBeVisible();
    const file = await filledTemplate(page, dir, 'Template_service_price.xlsx', [
      [SERVICE, 0, 1000, 10, 0.5, 'active'],
      [SERVICE, 1000, 5000, 20, 1, 'active'],
    ]);
    await importAndActivate(page, file, 'Import service prices');
    await expectAccessible(page, 'pricing');
    // On a phone the versions are cards, their status in view (not only Actions).
    await page.setViewportSize({ width: 390, height: 844 });
    const version = page.getByRole('listitem').filter({ hasText: 'filled-Template_service_price.xlsx' });
    await expect(version.getByRole('term').filter({ hasText: 'Status' })).toBeInViewport();
    await expect(version.getByText('Active')).toBeInViewport();
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  await test.step('carrier costs', async () => {
    await page.getByRole('tab', { name: 'Carrier costs' }).click();
    // The tab's panel renders after the navigation commits; wait for it before using its buttons.
    await expect(page.getByText(/^Carrier last-mile costs per carrier/)).toBeVisible();
    await expect(page.getByText(/^Sell prices per service/)).toHaveCount(0);
    const file = await filledTemplate(page, dir, 'Template_carrier_price.xlsx', [[CARRIER, SERVICE, WAREHOUSE, ZONE, 0, 5000, 6, 0, 'active']]);
    await importAndActivate(page, file, 'Import carrier costs');
  });

  await test.step('tax', async () => {
    await page.goto('/app/carrier/tax');
    await page.getByRole('button', { name: 'New tax' }).click();
    const modal = dialog(page, 'New tax');
    await modal.getByLabel('Rate', { exact: true }).fill('10');
    await saveDialog(page, modal);
    await expect(page.getByRole('row').filter({ hasText: 'VAT' })).toContainText('10.00 %');
    await expectAccessible(page, 'taxes');
  });

  await test.step('a second active tax for the same place is refused on its field', async () => {
    await page.getByRole('button', { name: 'New tax' }).click();
    const modal = dialog(page, 'New tax');
    await modal.getByLabel('Rate', { exact: true }).fill('7');
    await modal.getByLabel('Tax type').fill('Second VAT');
    await modal.getByRole('button', { name: 'Save' }).click();
    // The error sits under Province (the place) and names the tax already there; nothing is saved.
    const province = modal.locator('.ant-form-item').filter({ has: page.getByLabel('Province') });
    await expect(province.locator('.ant-form-item-explain-error')).toHaveText(/^An active tax already applies to US \/ all provinces \/ all carriers \(VAT, 10\.00 %\)/);
    await expect(modal).toBeVisible();
    await modal.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('row').filter({ hasText: 'Second VAT' })).toHaveCount(0);
  });

  await test.step('discount', async () => {
    await page.goto('/app/discount');
    await page.getByRole('button', { name: 'New discount' }).click();
    await expect(page).toHaveURL(/\/app\/discount\/new$/);
    await page.getByLabel('Discount code', { exact: true }).fill(DISCOUNT);
    await page.getByLabel('Name', { exact: true }).fill('E2E ten percent');
    await page.getByLabel('Discount value', { exact: true }).fill('10');
    await page.getByRole('button', { name: 'Create discount' }).click();
    await expect(page.getByText('Saved.').last()).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/app/discount/${DISCOUNT}$`));
    await page.goto('/app/discount?status=active');
    await expect(page.getByRole('row').filter({ hasText: DISCOUNT })).toContainText('10%');
    await expectAccessible(page, 'discounts');
  });

  await test.step('the seller quotes with the discount code', async () => {
    await page.evaluate(() => localStorage.clear());
    await login(page, SELLER);
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('menuitem', { name: 'Price' }).click();
    await expect(page).toHaveURL(/\/app\/carrier\/pricing$/);
    await expect(page.getByRole('heading', { name: 'Price', exact: true })).toBeVisible();
    await expect(page.getByText(`${SERVICE} — E2E Standard`).first()).toBeVisible();
    await expect(page.getByRole('cell', { name: '$10.00' })).toBeVisible();

    await page.getByLabel('Weight', { exact: true }).fill('500');
    await page.getByLabel('Length', { exact: true }).fill('10');
    await page.getByLabel('Width', { exact: true }).fill('10');
    await page.getByLabel('Height', { exact: true }).fill('10');
    await page.getByLabel('State', { exact: true }).fill('CA');
    await page.getByLabel('Zip code', { exact: true }).fill('90001');
    await page.getByLabel('Discount code', { exact: true }).fill(DISCOUNT);
    await page.getByRole('button', { name: 'Compare rates' }).click();
    const rate = page.getByRole('listitem', { name: 'E2E Standard' });
    // 500 g in the 0–1000 g bracket: $10.00 − 10% ($1.00) + $0.50 seasonal = $9.50, + 10% tax $0.95 = $10.45.
    await expect(rate.getByTestId('rate-total')).toContainText('$10.45');
    await expect(rate.getByText(`Discount (${DISCOUNT})`)).toBeVisible();
    await expect(rate.getByText(/^Routing /)).toHaveCount(0);
    await expectAccessible(page, 'price list and quote');
  });
});
