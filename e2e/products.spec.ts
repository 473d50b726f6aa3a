import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { ADMIN, SELLER, expectAccessible, login, popupsSettled } from './helpers';

// SPEC §4 product approval, end to end: a seller creates a product with two variants and sends it
// for approval; staff reject it with a reason; the seller sees the reason, fixes the product and
// sends it again; staff accept it; the seller sees Accepted.

const stamp = Date.now().toString(36).toUpperCase();
const PRODUCT = `E2E Cotton Tee ${stamp}`;
const REASON = 'The HS code does not match a cotton T-shirt; use 6109.10.';

async function signedIn(browser: Browser, who: { email: string; password: string }): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await login(page, who);
  return page;
}

const productRow = (page: Page): Locator => page.getByRole('row').filter({ has: page.getByRole('link', { name: PRODUCT, exact: true }) });

async function openProductsList(page: Page) {
  await page.goto(`/app/products?keyword=${encodeURIComponent(stamp)}`);
  await expect(page.getByRole('heading', { name: 'Products' })).toBeVisible();
}

async function fillVariant(drawer: Locator, n: number, sku: string, price: string) {
  const variant = drawer.getByRole('group', { name: `Variant ${n}` });
  await variant.getByLabel('SKU').fill(sku);
  await variant.getByLabel('Price (USD)').fill(price);
}

test('a product goes through rejection and acceptance', async ({ browser }) => {
  // Two signed-in users and a dozen round trips: longer than the default 60 s on a busy 2-core box.
  test.setTimeout(120_000);
  const seller = await signedIn(browser, SELLER);

  // The seller creates the product with two variants.
  await openProductsList(seller);
  await seller.getByRole('button', { name: 'New product' }).click();
  const drawer = seller.getByRole('dialog', { name: 'New product' });
  const product = drawer.getByRole('group', { name: 'Product' });
  await product.getByLabel('Product name').fill(PRODUCT);
  await product.getByLabel('HS code').fill('6205.20');
  await product.getByLabel('Material').fill('Cotton');
  await product.getByLabel('Length').fill('30');
  await product.getByLabel('Width').fill('20');
  await product.getByLabel('Height').fill('3');
  await product.getByLabel('Weight').fill('250');
  await fillVariant(drawer, 1, `TEE-${stamp}-M`, '12');
  await drawer.getByRole('button', { name: 'Add variant' }).click();
  await fillVariant(drawer, 2, `TEE-${stamp}-L`, '13');
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(seller.getByText('Product created.')).toBeVisible();
  await expect(drawer).toBeHidden();

  // Listed as a draft with its two variants; the seller sends it for approval.
  const row = productRow(seller);
  await expect(row.getByText('Draft')).toBeVisible();
  await expect(row.getByRole('cell', { name: '2', exact: true })).toBeVisible();
  await row.getByRole('button', { name: 'Send for approval' }).click();
  await expect(seller.getByText('Product sent for approval.')).toBeVisible();
  await expect(row.getByText('Waiting approval')).toBeVisible();
  await expectAccessible(seller, 'seller products');
  // While it waits, the seller can no longer edit it.
  await expect(row.getByRole('button', { name: `Edit ${PRODUCT}` })).toHaveCount(0);

  // Staff reject it with a reason.
  const staff = await signedIn(browser, ADMIN);
  await staff.goto('/app/products?approvalStatus=waiting_approval');
  const staffRow = productRow(staff);
  await expect(staffRow.getByText('Waiting approval')).toBeVisible();
  await expectAccessible(staff, 'staff products waiting for approval');
  await staffRow.getByRole('button', { name: 'Reject' }).click();
  const rejectDialog = staff.getByRole('dialog', { name: `Reject ${PRODUCT}` });
  await popupsSettled(staff);
  await rejectDialog.getByRole('button', { name: 'Reject' }).click();
  await expect(rejectDialog.getByText('This field is required.')).toBeVisible();
  await rejectDialog.getByLabel('Reason').fill(REASON);
  await rejectDialog.getByRole('button', { name: 'Reject' }).click();
  await expect(staff.getByText('Product rejected.')).toBeVisible();
  await expect(rejectDialog).toBeHidden();

  // The seller sees the reason on the product, fixes it and sends it again.
  await openProductsList(seller);
  await expect(productRow(seller).getByText('Rejected')).toBeVisible();
  await productRow(seller).getByRole('link', { name: PRODUCT, exact: true }).click();
  await expect(seller).toHaveURL(/\/app\/products\/[0-9a-f-]{36}$/);
  await expect(seller.getByText('Rejected — reason')).toBeVisible();
  await expect(seller.getByText(REASON)).toBeVisible();
  await expectAccessible(seller, 'product detail');
  await expect(seller.getByRole('table').getByText(`TEE-${stamp}-M`, { exact: true })).toBeVisible();
  await expect(seller.getByRole('table').getByText(`TEE-${stamp}-L`, { exact: true })).toBeVisible();

  await seller.getByRole('button', { name: 'Edit' }).click();
  const editDrawer = seller.getByRole('dialog', { name: 'Edit product' });
  const hsCode = editDrawer.getByRole('group', { name: 'Product' }).getByLabel('HS code');
  await expect(hsCode).toHaveValue('6205.20');
  await hsCode.fill('6109.10');
  await editDrawer.getByRole('button', { name: 'Save' }).click();
  await expect(seller.getByText('Product saved.')).toBeVisible();
  await expect(editDrawer).toBeHidden();
  await expect(seller.getByRole('cell', { name: '6109.10', exact: true })).toBeVisible();
  await seller.getByRole('button', { name: 'Send for approval' }).click();
  await expect(seller.getByText('Product sent for approval.')).toBeVisible();
  await expect(seller.getByText(REASON)).toHaveCount(0);
  await expect(seller.getByRole('heading', { name: PRODUCT }).getByText('Waiting approval')).toBeVisible();

  // Staff accept it from the detail screen.
  await staff.goto('/app/products?approvalStatus=waiting_approval');
  await productRow(staff).getByRole('link', { name: PRODUCT, exact: true }).click();
  await expect(staff.getByRole('cell', { name: '6109.10', exact: true })).toBeVisible();
  await staff.getByRole('button', { name: 'Accept' }).click();
  await expect(staff.getByText('Product accepted.')).toBeVisible();
  await expect(staff.getByRole('heading', { name: PRODUCT }).getByText('Accepted')).toBeVisible();

  // The seller sees Accepted.
  await openProductsList(seller);
  await expect(productRow(seller).getByText('Accepted')).toBeVisible();
  await productRow(seller).getByRole('link', { name: PRODUCT, exact: true }).click();
  await expect(seller.getByRole('heading', { name: PRODUCT }).getByText('Accepted')).toBeVisible();
  await expect(seller.getByRole('button', { name: 'Send for approval' })).toHaveCount(0);
});
