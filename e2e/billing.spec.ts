import { expect, test, type Page } from '@playwright/test';
import { ADMIN, SELLER, expectAccessible, login, popupsSettled } from './helpers';

// Journey (SPEC §2 /app/billing, §4 credit customer): staff give the demo seller a credit line
// on the Credit customers tab, block it and unblock it; the seller's header credit box follows
// (shown with a credit line, hidden while it is blocked, SPEC §2 header).

/** Picks an option of the open antd Select dropdown by its text. */
const pick = (page: Page, text: string | RegExp) => page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text }).first().click();

test('staff set a credit limit and block it; the seller\'s header credit box follows', async ({ browser }) => {
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await login(staff, ADMIN);
  await staff.goto('/app/billing?tab=credit');
  await expect(staff.getByRole('heading', { name: 'Billing' })).toBeVisible();
  await expect(staff.getByRole('tab', { name: 'Credit customers' })).toHaveAttribute('aria-selected', 'true');

  // Set a credit line: pick the seller, a limit and a period.
  await staff.getByRole('button', { name: 'Set credit' }).click();
  const dialog = staff.getByRole('dialog', { name: 'Set a credit line' });
  await dialog.getByLabel('Customer').click();
  await dialog.getByLabel('Customer').fill('seller@exship');
  await pick(staff, 'seller@exship.local');
  await dialog.getByLabel('Credit limit (USD)').fill('-5');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('The amount cannot be negative.')).toBeVisible();
  await dialog.getByLabel('Credit limit (USD)').fill('250');
  await dialog.getByLabel('Period').click();
  await pick(staff, '2 weeks');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(staff.getByText('Credit line saved.')).toBeVisible();
  const row = staff.getByRole('row', { name: /seller@exship\.local/ });
  await expect(row).toContainText('$250.00');
  await expect(row).toContainText('2 weeks');
  await expect(row).toContainText('Active');
  await expectAccessible(staff, 'billing: credit customers');

  // The seller sees the credit remaining in the header.
  const sellerContext = await browser.newContext();
  const seller = await sellerContext.newPage();
  await login(seller, SELLER);
  const wallet = seller.getByRole('group', { name: 'Wallet' });
  await expect(wallet).toContainText('Credit');
  await expect(wallet).toContainText('$250.00');

  // Block, after a confirmation: the status says so and the seller's credit box disappears.
  await row.getByRole('button', { name: 'Block' }).click();
  await popupsSettled(staff);
  await staff.getByRole('tooltip').getByRole('button', { name: 'Block' }).click();
  await expect(staff.getByText('Credit line blocked.')).toBeVisible();
  await expect(row).toContainText('Blocked');
  await seller.reload();
  await expect(seller.getByRole('group', { name: 'Wallet' })).toContainText('Balance');
  await expect(seller.getByRole('group', { name: 'Wallet' })).not.toContainText('Credit');

  // Filtering by status finds it among the blocked ones; unblocking brings the box back.
  await staff.getByLabel('Status').click();
  await pick(staff, 'Blocked');
  await expect(staff).toHaveURL(/creditStatus=blocked/);
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: 'Unblock' }).click();
  await popupsSettled(staff);
  await staff.getByRole('tooltip').getByRole('button', { name: 'Unblock' }).click();
  await expect(staff.getByText('Credit line unblocked.')).toBeVisible();
  await seller.reload();
  await expect(seller.getByRole('group', { name: 'Wallet' })).toContainText('$250.00');

  // The seller's billing screen: its own invoices and transactions, no credit customers tab.
  await seller.goto('/app/billing?tab=invoices');
  await expect(seller.getByRole('tab', { name: 'Invoices' })).toBeVisible();
  await expect(seller.getByRole('tab', { name: 'Credit customers' })).toHaveCount(0);
  await expect(seller.getByText('No invoices yet.', { exact: false })).toBeVisible();
  await expectAccessible(seller, 'billing: seller invoices');
  await staffContext.close();
  await sellerContext.close();
});
