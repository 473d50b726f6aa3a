import { expect, test } from '@playwright/test';
import { SELLER, apiCall, expectAccessible, login, tokenOf, waitForMail } from './helpers';

// Journey (team members): the seller invites a member, who opens the link from the mail,
// joins with a name and a password, signs in and sees the owner's products (given by permission).

const stamp = Date.now().toString(36);

test('a seller invites a team member, who confirms from the mail link and sees the owner\'s products', async ({ page, request }) => {
  const owner = await tokenOf(request, SELLER);
  const email = `member-${stamp}@example.com`;
  // The seller invites from the profile's Team tab.
  await login(page, SELLER);
  await page.goto('/app/profile?t=team');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Role', { exact: true }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="Support"]').click();
  await page.getByRole('button', { name: 'Invite' }).click();
  await expect(page.getByText('Invite sent.')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: email }).getByText('Pending')).toBeVisible();
  await expectAccessible(page, 'team members');
  const invite = (await apiCall<{ _id: string; email: string }[]>(request, owner, 'GET', '/members/list')).find((m) => m.email === email)!;
  await page.context().clearCookies();
  await page.evaluate(() => window.localStorage.clear());
  const mail = await waitForMail(request, email, /confirm-invite\?token=/);
  const link = /\/app\/teams\/confirm-invite\?token=[A-Za-z0-9_-]+/.exec(mail.text)![0];

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Team invitation' })).toBeVisible();
  await expect(page.getByText(email).first()).toBeVisible();
  await page.getByLabel('Full name').fill('Mia Member');
  await page.getByLabel('Password', { exact: true }).fill('Member#Passw0rd!');
  await page.getByLabel('Confirm password').fill('Member#Passw0rd!');
  await page.getByRole('button', { name: 'Join the team' }).click();
  await expect(page).toHaveURL(/\/app\/login/);

  // The owner lets the member see products (per resource), then the member signs in and sees them.
  await apiCall(request, owner, 'POST', '/members/change-permission', { memberId: invite._id, permissions: [{ code: 'EX-PRODUCT-LIST', granted: true }] });
  await login(page, { email, password: 'Member#Passw0rd!' });
  await page.goto('/app/products');
  await expect(page.getByRole('heading', { name: 'Products' })).toBeVisible();
  const ownerProducts = await apiCall<{ total: number }>(request, owner, 'GET', '/products');
  if (ownerProducts.total > 0) await expect(page.getByRole('row').nth(1)).toBeVisible();

  // The link is good once.
  await page.goto(link);
  await expect(page.getByText('This invite link cannot be used')).toBeVisible();
});
