import { expect, test, type APIRequestContext } from '@playwright/test';
import { ADMIN, apiCall, expectAccessible, login, tokenOf, waitForMail } from './helpers';

// Journey (wallet): a new seller asks for a top-up by bank transfer with a proof photo,
// staff see the proof and accept it, and the seller's header balance moves by the amount; a second
// request declined with a reason shows the reason to the seller. The journey makes its own seller.

const stamp = Date.now().toString(36);
const SELLER = { email: `e2e.topup.${stamp}@example.com`, password: 'Str0ng#Passw0rd!' };

/** A 2×2 PNG (real image bytes: the server decodes proofs). */
const PROOF_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==', 'base64');

/** Signs up and verifies a seller through the API (the e2e outbox holds the verification link). */
async function newSeller(request: APIRequestContext) {
  const res = await request.post('/api/v1/register', { data: { fullName: 'Top-up Seller', email: SELLER.email, password: SELLER.password, confirmPassword: SELLER.password, agreeTerms: true } });
  expect(res.status()).toBe(201);
  const mail = await waitForMail(request, SELLER.email, /\/app\/account\/verify\//);
  const code = /\/app\/account\/verify\/([^\s"'<>?]+)/.exec(mail.text)![1]!;
  expect((await request.get(`/api/v1/accounts/authorization/activate/${code}`)).ok()).toBe(true);
}

test('a seller tops up by bank transfer, staff accept it, the header balance moves', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  await newSeller(request);
  await login(page, SELLER);
  const header = page.getByRole('group', { name: 'Wallet' });
  await expect(header.getByText('$0.00').first()).toBeVisible();

  await page.goto('/app/billing');
  await expect(page.getByRole('heading', { name: 'Billing' })).toBeVisible();
  await expect(page.getByText('No top-up request yet. Send one above.')).toBeVisible();

  // The rules hold on the form: below the minimum is refused before anything is sent.
  await page.getByLabel('Amount (USD)').fill('20');
  await page.getByRole('button', { name: 'Send top-up request' }).click();
  await expect(page.getByText('The top-up amount must be at least 50 USD.')).toBeVisible();
  await expect(page.getByText('Attach the proof photo of the transfer (JPG or PNG).')).toBeVisible();

  await page.getByLabel('Amount (USD)').fill('150.25');
  await page.locator('input[type=file]').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: PROOF_PNG });
  await expect(page.getByRole('img', { name: 'Proof preview' })).toBeVisible();
  await page.getByLabel('Note').fill(`Transfer ${stamp}`);
  await page.getByRole('button', { name: 'Send top-up request' }).click();
  await expect(page.getByText('Top-up request sent.').first()).toBeVisible();
  const mine = page.getByRole('row').filter({ hasText: `Transfer ${stamp}` });
  await expect(mine).toContainText('$150.25');
  await expect(mine).toContainText('Pending');
  await expectAccessible(page, 'the seller wallet tab');

  // Staff, in their own browser session, review it.
  const staffContext = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: { width: 1280, height: 800 } });
  const staff = await staffContext.newPage();
  await login(staff, ADMIN);
  // The request waits for them: a bell notice names the seller and the amount, and leads to the list.
  await expect(async () => {
    await staff.reload();
    await staff.getByRole('button', { name: 'Notifications' }).click();
    await expect(staff.getByRole('region', { name: 'Notifications' }).getByRole('listitem').filter({ hasText: `${SELLER.email} asked for a top-up of $150.25.` })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await staff.getByRole('region', { name: 'Notifications' }).getByRole('listitem').filter({ hasText: 'Top-up waiting for review' }).first().click();
  await expect(staff).toHaveURL(/\/app\/billing\?tab=top-ups$/);
  const row = staff.getByRole('row').filter({ hasText: SELLER.email }).filter({ hasText: `Transfer ${stamp}` });
  await expect(row).toContainText('$150.25');
  // How long it has waited, beside its status.
  await expect(row).toContainText(/Waiting \d+ min/);
  // The proof photo opens full size.
  await row.getByRole('img', { name: 'View proof' }).click();
  await expect(staff.locator('.ant-image-preview-img')).toBeVisible();
  await staff.keyboard.press('Escape');
  await expectAccessible(staff, 'the staff top-up requests tab');
  await row.getByRole('button', { name: 'Accept' }).click();
  await expect(staff.getByText(`Credit $150.25 to ${SELLER.email}?`)).toBeVisible();
  await staff.getByRole('button', { name: 'Accept' }).last().click();
  await expect(staff.getByText('Top-up accepted').first()).toBeVisible();
  // Pending is the default filter: the accepted request leaves it.
  await expect(row).toHaveCount(0);

  // The seller's open page sees it without a reload: the request is accepted and the header moves.
  await expect(mine).toContainText('Accepted', { timeout: 30_000 });
  await expect(header.getByText('$150.25')).toBeVisible();

  // A second request, declined with a reason: the seller reads the reason.
  const token = await tokenOf(request, SELLER);
  const second = await request.post('/api/v1/wallet/top-up-requests', {
    headers: { Authorization: `Bearer ${token}` },
    multipart: { amount: '60', note: `Second ${stamp}`, proof: { name: 'second.png', mimeType: 'image/png', buffer: PROOF_PNG } },
  });
  expect(second.status()).toBe(201);
  await staff.reload();
  const secondRow = staff.getByRole('row').filter({ hasText: `Second ${stamp}` });
  await secondRow.getByRole('button', { name: 'Decline' }).click();
  const dialog = staff.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Decline' }).click();
  await expect(dialog.getByText('Enter the reason.')).toBeVisible();
  await dialog.getByLabel('Reason').fill('No transfer found with this reference');
  await dialog.getByRole('button', { name: 'Decline' }).click();
  await expect(staff.getByText('Top-up declined').first()).toBeVisible();
  await staffContext.close();

  await page.reload();
  const declined = page.getByRole('row').filter({ hasText: `Second ${stamp}` });
  await expect(declined).toContainText('Declined');
  await expect(declined).toContainText('Reason: No transfer found with this reference');
  await expect(header.getByText('$150.25')).toBeVisible();
  const wallet = await apiCall<{ balance: number }>(request, token, 'GET', '/wallet/imformation-wallet');
  expect(wallet.balance).toBe(150.25);
});
