import { expect, test } from '@playwright/test';
import { ADMIN, SELLER, expectAccessible, login } from './helpers';

const nav = (page: import('@playwright/test').Page) => page.getByRole('navigation', { name: 'Main navigation' });

test('the admin sees the staff menu entries, the reports among them', async ({ page }) => {
  await login(page, ADMIN);
  const menu = nav(page);
  await expect(menu.getByRole('menuitem', { name: 'Carrier management' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Setting' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Discount' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'User management' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Orders' }).first()).toBeVisible();
  // Every report has landed: the group lists them beside the freight report, and each opens.
  await menu.getByRole('menuitem', { name: 'Reports' }).click();
  await expect(menu.getByRole('menuitem', { name: 'Freight report' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Revenue' })).toBeVisible();
  await expectAccessible(page, 'staff dashboard');
  await page.goto('/app/report/revenue');
  await expect(page.getByText('Sorry, the page you visited does not exist.')).toHaveCount(0);
  await menu.getByRole('menuitem', { name: 'Carrier management' }).click();
  await menu.getByRole('menuitem', { name: 'Warehouse' }).click();
  await expect(page).toHaveURL(/\/app\/carrier\/warehouse$/);
});

test('the seller does not see staff entries and is refused on a staff screen', async ({ page }) => {
  await login(page, SELLER);
  const menu = nav(page);
  await expect(menu.getByRole('menuitem', { name: 'Dashboard' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Products' }).first()).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Orders' }).first()).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'User management' })).toHaveCount(0);
  await expect(menu.getByRole('menuitem', { name: 'Carrier management' })).toHaveCount(0);
  // SPEC §2: for a seller the carrier group collapses to a single Price entry.
  await expect(menu.getByRole('menuitem', { name: 'Price' })).toBeVisible();

  // None of the air freight screens, the airline pages included.
  await expect(menu.getByRole('menuitem', { name: 'Freight' })).toHaveCount(0);

  await page.goto('/app/carrier/warehouse');
  await expect(page).toHaveURL(/\/app\/403$/);
  await expect(page.getByText('Sorry, you are not authorized to access this page.')).toBeVisible();
  await page.goto('/app/freight/airline');
  await expect(page).toHaveURL(/\/app\/403$/);
});

test('an unknown app path shows the 404 page', async ({ page }) => {
  await login(page, SELLER);
  await page.goto('/app/this-does-not-exist');
  await expect(page.getByText('Sorry, the page you visited does not exist.')).toBeVisible();
  await page.getByRole('button', { name: 'Back Home' }).click();
  await expect(page).toHaveURL(/\/app\/dashboard$/);
});

test('any other unknown path signs out and goes to the login page', async ({ page }) => {
  await login(page, SELLER);
  await page.goto('/nowhere');
  await expect(page).toHaveURL(/\/app\/login$/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('exship.token'))).toBeNull();
});
