import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { ADMIN, apiCall, expectAccessible, login, nextClientIp, popupsSettled, tokenOf, waitForMail } from './helpers';
import { buildLane } from './lane';

// Journey (docs/tickets-and-claims.md): a seller's parcel is lost; the seller opens a claim from the
// order page; staff reply and approve part of it; the seller sees the compensation in the wallet and
// rates the ticket. The seller is a fresh account of its own, so no other journey's wallet moves.
// The sandbox carrier never takes a LOSTPARCEL address past "in transit"; the E2E-only stall route
// moves that parcel's history 25 days back and runs the lost flag as its job would.

const stamp = Date.now().toString(36).toLowerCase();
const CLAIMER = { email: `claims-${stamp}@example.com`, password: 'Claims#Passw0rd!' };
const PROOF_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==', 'base64');

/** A verified seller with $100 in its wallet. */
async function freshSeller(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/v1/register', { data: { fullName: 'Claims Seller', email: CLAIMER.email, password: CLAIMER.password, confirmPassword: CLAIMER.password, agreeTerms: true }, headers: { 'x-forwarded-for': nextClientIp() } });
  expect(res.status()).toBe(201);
  const mail = await waitForMail(request, CLAIMER.email, /\/app\/account\/verify\//);
  const code = /\/app\/account\/verify\/([^\s"'<>?]+)/.exec(mail.text)![1]!;
  expect((await request.get(`/api/v1/accounts/authorization/activate/${code}`)).ok()).toBe(true);
  const token = await tokenOf(request, CLAIMER);
  const asked = await request.post('/api/v1/wallet/top-up-requests', {
    headers: { Authorization: `Bearer ${token}` },
    multipart: { amount: '100', note: `Claims ${stamp}`, proof: { name: 'proof.png', mimeType: 'image/png', buffer: PROOF_PNG } },
  });
  expect(asked.status()).toBe(201);
  const admin = await tokenOf(request, ADMIN);
  await apiCall(request, admin, 'POST', `/wallet/top-up-requests/${((await asked.json()) as { data: { id: string } }).data.id}/accept`);
  return token;
}

/** A new browser signed in as `who`. */
async function signedIn(browser: Browser, who: { email: string; password: string }): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: { width: 1280, height: 860 } });
  const page = await context.newPage();
  await login(page, who);
  return page;
}

test('a seller claims a lost parcel from the order page, staff approve part of it, the seller sees the credit and rates the ticket', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const lane = await buildLane(request, 'E2ETK');
  const seller = await freshSeller(request);

  // A paid order whose parcel gets its label, then no news.
  const order = await apiCall<{ _id: string; exOrderId: string }>(request, seller, 'POST', '/orders', {
    orderName: `E2E-CLAIM-${stamp}`,
    serviceCode: lane.service,
    lengthCm: 20,
    widthCm: 15,
    heightCm: 5,
    weightGr: 500,
    recipient: { firstName: 'Jane', lastName: 'Roe', address1: '200 Main St LOSTPARCEL', city: 'Los Angeles', state: 'CA', country: 'US', zipcode: '90001', phone: '+13105550100' },
  });
  await apiCall(request, seller, 'POST', '/orders/pay', { orderIds: [order._id] });
  await expect
    .poll(async () => (await apiCall<{ trackingNumber: string | null }>(request, seller, 'GET', `/orders/${order._id}`)).trackingNumber, { timeout: 30_000, message: `the label of ${order.exOrderId}` })
    .toBeTruthy();
  const stalled = await request.post(`/api/v1/test/parcels/${order._id}/stall`, { data: { days: 25 } });
  expect(stalled.ok(), await stalled.text()).toBe(true);
  await expect.poll(async () => (await apiCall<{ routingStatus: string | null }>(request, seller, 'GET', `/orders/${order._id}`)).routingStatus).toBe('lost');

  // The seller opens the claim from the order page: the form comes prefilled and says it is claimable.
  const page = await signedIn(browser, CLAIMER);
  await page.goto(`/app/orders/order-detail/${order._id}`);
  await expect(page.getByText(order.exOrderId).first()).toBeVisible({ timeout: 60_000 });
  await page.getByRole('link', { name: 'Open a claim' }).click();
  await expect(page).toHaveURL(/\/app\/ticket/);
  const form = page.getByRole('dialog');
  await expect(form.getByText('Open a claim')).toBeVisible();
  await expect(form.getByText(new RegExp(order.exOrderId))).toBeVisible();
  await expect(form.getByText(/^Claimable until \d{2}-\d{2}-\d{4}\. Proposed compensation \$[\d.]+ \(cap \$[\d.]+\)\.$/)).toBeVisible();
  await form.getByLabel('Subject').fill('Parcel lost in transit');
  await form.getByLabel('Content').fill('No tracking update for weeks.');
  await popupsSettled(page);
  await form.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Ticket opened. Our team will answer here.')).toBeVisible();
  const drawer = page.locator('.ant-drawer-body');
  await expect(drawer.getByText('Submitted')).toBeVisible({ timeout: 60_000 });
  const ticketUrl = page.url();
  const ticketId = new URL(ticketUrl).searchParams.get('ticket')!;
  expect(ticketId).toBeTruthy();
  await expectAccessible(page, 'tickets: a new claim');

  // Staff answer in the thread and approve part of the proposal with a reason.
  const staff = await signedIn(browser, ADMIN);
  await staff.goto(`/app/ticket?ticket=${ticketId}`);
  const staffDrawer = staff.locator('.ant-drawer-body');
  await expect(staffDrawer.getByText('No tracking update for weeks.')).toBeVisible({ timeout: 60_000 });
  await staffDrawer.getByLabel('Reply').fill('We have asked the carrier to trace it.');
  await staffDrawer.getByRole('button', { name: 'Send reply' }).click();
  await expect(staff.getByText('Reply sent.')).toBeVisible();
  // The box empties once the reply is in the thread.
  await expect(staffDrawer.getByLabel('Reply')).toHaveValue('');
  await expect(staffDrawer.getByText('We have asked the carrier to trace it.')).toBeVisible();
  await staffDrawer.getByRole('button', { name: 'Approve part' }).click();
  const decision = staff.getByRole('dialog').filter({ hasText: 'Amount (USD)' });
  await decision.getByLabel('Amount (USD)').fill('5.25');
  await decision.getByLabel('Reason').fill('Part of the goods was recovered');
  await popupsSettled(staff);
  await decision.getByRole('button', { name: 'OK' }).click();
  await expect(staff.getByText('Claim decided.')).toBeVisible();
  await expect(staffDrawer.getByText('Partly approved', { exact: true })).toBeVisible();
  await expect(staffDrawer.getByText('$5.25').first()).toBeVisible();

  // The seller sees the compensation in the wallet's transactions and the balance.
  await page.goto('/app/billing?tab=transactions');
  const row = page.getByRole('row').filter({ hasText: 'Claim compensation' });
  await expect(row).toBeVisible();
  await expect(row).toContainText('5.25');
  await expect(page.getByRole('group', { name: 'Wallet' }).first()).toContainText(/\$[\d,.]+/);

  // … and rates the resolved ticket.
  await page.goto(ticketUrl);
  await expect(drawer.getByText('We have asked the carrier to trace it.')).toBeVisible();
  await expect(drawer.getByText('Rate this ticket')).toBeVisible();
  await drawer.locator('.ant-rate-star').nth(3).click();
  await drawer.getByLabel('Why (optional)').fill('Quick and fair');
  await drawer.getByRole('button', { name: 'Send rating' }).click();
  await expect(page.getByText('Thank you for your rating.')).toBeVisible();
  await expect(drawer.getByText('Your rating')).toBeVisible();
  await expect(drawer.getByText('Quick and fair')).toBeVisible();

  await staff.context().close();
  await page.context().close();
});
