import { expect, test } from '@playwright/test';
import { ADMIN, SELLER, login } from './helpers';

const nav = (page: import('@playwright/test').Page) => page.getByRole('navigation', { name: 'Main navigation' });

test('the admin sees the staff menu entries', async ({ page }) => {
  await login(page, ADMIN);
  const menu = nav(page);
  await expect(menu.getByRole('menuitem', { name: 'User management' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Carrier management' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Setting' })).toBeVisible();
  await menu.getByRole('menuitem', { name: 'User management' }).click();
  await expect(page).toHaveURL(/\/app\/user-management$/);
  await expect(page.getByRole('heading', { name: 'User management' })).toBeVisible();
});

test('the seller does not see staff entries and is refused on a staff screen', async ({ page }) => {
  await login(page, SELLER);
  const menu = nav(page);
  await expect(menu.getByRole('menuitem', { name: 'Dashboard' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Orders' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'User management' })).toHaveCount(0);
  await expect(menu.getByRole('menuitem', { name: 'Carrier management' })).toHaveCount(0);
  // SPEC §2: for a seller the carrier group collapses to a single Price entry.
  await expect(menu.getByRole('menuitem', { name: 'Price' })).toBeVisible();

  await page.goto('/app/user-management');
  await expect(page).toHaveURL(/\/app\/403$/);
  await expect(page.getByText('Sorry, you are not authorized to access this page.')).toBeVisible();
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
