import { expect, test } from '@playwright/test';
import { ADMIN, expectAccessible, login, popupsSettled } from './helpers';

// SPEC §2 /app/setting-user/role, §6 configurable roles: staff create a role with three permissions
// picked in the tree, give it to a new user on the user management screen, and that user sees exactly
// the menu entries of those permissions (and the open ones).

const nav = (page: import('@playwright/test').Page) => page.getByRole('navigation', { name: 'Main navigation' });

test('a new role with three permissions decides what its user sees in the menu', async ({ page, browser }) => {
  const stamp = Date.now().toString(36).toUpperCase();
  const code = `EXR-E2E-${stamp}`;
  const email = `role.${stamp.toLowerCase()}@exship.local`;
  const password = 'Role#Passw0rd!e2e';

  await login(page, ADMIN);
  await page.goto('/app/setting-user/role');
  await expect(page.getByRole('heading', { name: 'Roles' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'EXR-SUPER-ADMIN' }).getByRole('button', { name: 'Delete EXR-SUPER-ADMIN' })).toBeDisabled();
  await expectAccessible(page, 'role list');

  await page.getByRole('button', { name: 'New role' }).click();
  const drawer = page.getByRole('dialog');
  await drawer.getByLabel('Name').fill(`E2E role ${stamp}`);
  await drawer.getByLabel('Code').fill(code);
  const search = drawer.getByPlaceholder('Search permissions');
  const picks: [string, string][] = [
    ['EX-DISCOUNT-LIST', 'List discounts — EX-DISCOUNT-LIST'],
    ['EX-ROLE-LIST', 'List roles — EX-ROLE-LIST'],
    ['EX-CRONJOB-LIST', 'List cron jobs — EX-CRONJOB-LIST'],
  ];
  for (const [keyword, title] of picks) {
    await search.fill(keyword);
    await drawer.getByText(title, { exact: true }).click();
  }
  await search.fill('');
  await expect(drawer.getByText('3 permission(s) selected')).toBeVisible();
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText("The role's permissions are saved; its users have them from their next request.")).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: code });
  await expect(row.getByRole('cell', { name: '3', exact: true })).toBeVisible();

  // The user management screen gives the role to a new user.
  await page.goto('/app/user-management');
  await page.getByRole('button', { name: 'New user' }).click();
  const userDrawer = page.getByRole('dialog');
  await userDrawer.getByLabel('Full name').fill('Role Tester');
  await userDrawer.getByLabel('Email').fill(email);
  await userDrawer.getByLabel('Password', { exact: true }).fill(password);
  // The role list is long: type to narrow it, then pick the role.
  await userDrawer.getByLabel('Role').fill(`E2E role ${stamp}`);
  await popupsSettled(page);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: `E2E role ${stamp}` }).first().click();
  await userDrawer.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  const context = await browser.newContext();
  const userPage = await context.newPage();
  await login(userPage, { email, password });
  const menu = nav(userPage);
  await menu.getByRole('menuitem', { name: 'Setting' }).click();
  await expect(menu.getByRole('menuitem', { name: 'Role' })).toBeVisible();
  const names = (await menu.getByRole('menuitem').allInnerTexts()).map((s) => s.trim()).filter(Boolean);
  expect(names.sort()).toEqual(['Cron job', 'Dashboard', 'Discount', 'Notifications', 'Role', 'Setting'].sort());
  await context.close();
});
