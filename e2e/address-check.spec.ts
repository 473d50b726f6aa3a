import { expect, test } from '@playwright/test';
import { SELLER, expectAccessible, login } from './helpers';

// SPEC §2 /app/check-address: a seller checks one address with a wrong city (on real US ZIP data),
// sees the §8 reason and the suggested city, applies the suggestion and the address is then valid;
// the check is in the history with its row.

test('a seller checks a wrong address, sees the reason and the suggestion, and applies it', async ({ page }) => {
  await login(page, SELLER);
  const menu = page.getByRole('navigation', { name: 'Main navigation' });
  await menu.getByRole('menuitem', { name: 'Orders' }).first().click();
  await menu.getByRole('menuitem', { name: 'Check address' }).click();
  await expect(page).toHaveURL(/\/app\/check-address$/);
  await expect(page.getByRole('heading', { name: 'Check address' })).toBeVisible();

  const form = page.getByRole('group', { name: 'Check one address' });
  // The country picker starts on the United States.
  await expect(form.getByText('United States (US)')).toBeVisible();
  await form.getByLabel('State').fill('NY');
  await form.getByLabel('City').fill('Boston');
  await form.getByLabel('Zip code').fill('10001');
  await form.getByLabel('Address 1').fill('350 5th Ave');
  await form.getByRole('button', { name: 'Check address' }).click();

  const result = form.getByRole('status');
  await expect(result.getByText('Invalid', { exact: true })).toBeVisible();
  await expect(result.getByTestId('address-reason')).toHaveText('Reason: Invalid city.');
  const suggestion = result.getByTestId('address-suggestion');
  await expect(suggestion).toContainText('Suggested correction');
  await expect(suggestion.getByRole('row', { name: /City New York/ })).toBeVisible();
  await expectAccessible(page, 'address check result');

  // Apply puts the suggested city in the form; checked again, the address is valid.
  await result.getByRole('button', { name: 'Apply suggestion' }).click();
  await expect(form.getByLabel('City')).toHaveValue('New York');
  await form.getByRole('button', { name: 'Check address' }).click();
  await expect(form.getByRole('status').getByText('Valid', { exact: true })).toBeVisible();

  // Both checks are in the history; the newest one's row is listed with its status.
  const history = page.getByRole('region', { name: 'History' });
  await expect(history.getByRole('button', { name: 'View rows' }).first()).toBeVisible();
  const rows = page.getByRole('region', { name: 'Rows' });
  await expect(rows.getByRole('cell', { name: '350 5th Ave, New York, NY 10001, US' })).toBeVisible();
  await history.getByRole('button', { name: 'View rows' }).nth(1).click();
  await expect(rows.getByRole('cell', { name: 'Invalid city.' })).toBeVisible();
  await expect(rows.getByRole('cell', { name: 'City: New York' })).toBeVisible();
});

// SPEC §5 "recognisable as an address": with real ZIP, state and city, a line with no house number
// and no street suffix is not an address; a street line with its Publication 28 suffix is.
test('a seller checks a made-up street line and is told the address is not found', async ({ page }) => {
  await login(page, SELLER);
  await page.goto('/app/check-address?lang=en');
  const form = page.getByRole('group', { name: 'Check one address' });
  await form.getByLabel('State').fill('WA');
  await form.getByLabel('City').fill('Seattle');
  await form.getByLabel('Zip code').fill('98101');
  await form.getByLabel('Address 1').fill('zzzz qqqq');
  await form.getByRole('button', { name: 'Check address' }).click();
  const result = form.getByRole('status');
  await expect(result.getByText('Invalid', { exact: true })).toBeVisible();
  await expect(result.getByTestId('address-reason')).toContainText(/address not found/i);

  await form.getByLabel('Address 1').fill('1301 2nd Ave');
  await form.getByRole('button', { name: 'Check address' }).click();
  await expect(form.getByRole('status').getByText('Valid', { exact: true })).toBeVisible();
});
