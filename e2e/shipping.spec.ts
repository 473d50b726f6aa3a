import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { extractText } from 'unpdf';
import { ADMIN, SELLER, apiCall, expectAccessible, login, popupsSettled, tokenOf } from './helpers';
import { buildLane } from './lane';

// Journey (labels and tracking): a seller pays an order in the browser, the sandbox carrier's label
// is bought, the seller downloads it (a PDF holding the tracking number) and copies nothing by hand;
// staff find the parcel on track routing with its timeline and put it on a SCAN form; the buyer's
// public page shows the same timeline without sign-in.
//
// The sandbox label comes with its first routing event ("Label created"); later events arrive with
// the tracking poller (every 5 minutes, sped up by SANDBOX_CARRIER_SPEED), so the journey checks the first one.

const stamp = Date.now().toString(36).toUpperCase();

test('a paid order gets its label and tracking: download, track routing, SCAN form, public page', async ({ page, browser, request, baseURL }) => {
  test.setTimeout(120_000);
  const lane = await buildLane(request, 'E2ESH');
  const seller = await tokenOf(request, SELLER);
  const order = await apiCall<{ _id: string; exOrderId: string }>(request, seller, 'POST', '/orders', {
    orderName: `E2E-SHIP-${stamp}`,
    serviceCode: lane.service,
    lengthCm: 20,
    widthCm: 15,
    heightCm: 5,
    weightGr: 500,
    recipient: { firstName: 'Jane', lastName: 'Roe', address1: '200 Main St', city: 'Los Angeles', state: 'CA', country: 'US', zipcode: '90001' },
  });

  // The seller pays on the order's page; the label purchase follows and the card polls until it is bought.
  await login(page, SELLER);
  await page.goto(`/app/orders/order-detail/${order._id}`);
  await expect(page.getByText(order.exOrderId).first()).toBeVisible();
  await page.getByRole('button', { name: /Pay$/ }).first().click();
  await popupsSettled(page);
  await page.getByRole('tooltip').getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByText('Payment done.')).toBeVisible();
  const card = page.locator('.ant-card').filter({ has: page.getByText('Label and tracking', { exact: true }) });
  await expect(card.getByText('Bought', { exact: true })).toBeVisible({ timeout: 30_000 });
  const tracking = (await card.locator('.ant-descriptions-item-content').first().innerText()).trim();
  expect(tracking).toMatch(/^1Z[0-9A-Z]{16}$/);
  await expect(card.getByText(/Label created/)).toBeVisible();
  await expectAccessible(page, 'order detail with its label');

  // The label PDF: a PDF that holds the tracking number.
  const [file] = await Promise.all([page.waitForEvent('download'), card.getByRole('button', { name: /Label PDF/ }).click()]);
  const bytes = await readFile((await file.path())!);
  expect(bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
  const { text } = await extractText(new Uint8Array(bytes), { mergePages: true });
  expect(text.replace(/\s+/g, '')).toContain(tracking);
  const publicPath = await card.getByRole('link', { name: 'Open the public page' }).getAttribute('href');
  expect(publicPath).toMatch(/^\/track\/[0-9A-Za-z]{16,32}$/);

  // Staff look the parcel up on track routing: one card with its timeline.
  const staffContext = await browser.newContext({ baseURL });
  const staff = await staffContext.newPage();
  await login(staff, ADMIN);
  await staff.goto('/app/track-routing');
  await staff.getByLabel('Tracking numbers, order IDs or order names').fill(`${tracking}\nNOT-A-PARCEL-${stamp}`);
  await staff.getByRole('button', { name: /Track$/ }).click();
  const parcel = staff.getByRole('article', { name: `Parcel ${tracking}` });
  await expect(parcel.getByRole('link', { name: order.exOrderId })).toBeVisible();
  // Newest first: the label is the oldest event, whatever the sandbox parcel did since.
  await expect(parcel.locator('.ant-timeline-item').last()).toContainText(/Label created/);
  await expect(parcel.locator('.ant-timeline-item').first()).toContainText(/\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}/);
  await expect(staff.getByRole('list', { name: 'Not found' })).toContainText(`NOT-A-PARCEL-${stamp}`);
  await expectAccessible(staff, 'track routing');

  // Staff put it on a SCAN form: the form is created and its PDF downloaded.
  await staff.goto('/app/scan-form');
  await staff.getByRole('button', { name: /Create SCAN form/ }).click();
  await popupsSettled(staff);
  const dialog = staff.getByRole('dialog');
  // The ship date starts on today; the parcel is picked from the labeled ones no form holds yet.
  await expect(dialog.getByLabel('Ship date')).toHaveValue(/^\d{2}-\d{2}-\d{4}$/);
  const picker = dialog.getByRole('region', { name: 'Labeled parcels not yet on a SCAN form' });
  await picker.getByLabel('Search order ID, order name or tracking number').fill(order.exOrderId);
  await picker.getByLabel('Search order ID, order name or tracking number').press('Enter');
  await picker.getByLabel(`Pick order ${order.exOrderId}`).check();
  await expect(dialog.getByText('1 picked')).toBeVisible();
  await expect(picker.getByText(SELLER.email)).toBeVisible();
  const [scanPdf] = await Promise.all([staff.waitForEvent('download'), dialog.getByRole('button', { name: 'Create' }).click()]);
  await expect(staff.getByText('SCAN form created.')).toBeVisible();
  const scanBytes = await readFile((await scanPdf.path())!);
  expect(scanBytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
  // SPEC §3 "action by": the person who made it, by name, on screen and in the PDF.
  expect((await extractText(new Uint8Array(scanBytes), { mergePages: true })).text).toContain('ExShip Admin');
  await expect(staff.getByRole('row').filter({ hasText: tracking })).toHaveCount(1);
  await expect(staff.getByRole('row').filter({ hasText: tracking })).toContainText('ExShip Admin');
  // The same number again is refused and named.
  await staff.getByRole('button', { name: /Create SCAN form/ }).click();
  await popupsSettled(staff);
  // Once on a form, the parcel leaves the picker; pasting its number still works, and is refused.
  await expect(picker.getByLabel(`Pick order ${order.exOrderId}`)).toHaveCount(0);
  await dialog.getByLabel('Tracking numbers', { exact: true }).fill(tracking);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByRole('list', { name: 'Invalid tracking numbers' })).toContainText(tracking);
  await staffContext.close();

  // The buyer's page, signed out: the timeline, city and state only.
  const buyerContext = await browser.newContext({ baseURL });
  const buyer = await buyerContext.newPage();
  await buyer.goto(publicPath!);
  await expect(buyer.getByRole('heading', { name: 'Parcel tracking' })).toBeVisible();
  await expect(buyer.getByText(tracking)).toBeVisible();
  await expect(buyer.getByText('Los Angeles, CA, US').first()).toBeVisible();
  // Newest first; the sandbox parcel may have moved on since its label (it is picked up within a minute).
  await expect(buyer.locator('.ant-timeline-item').last()).toContainText(/Label created, shipment/);
  await expect(buyer.locator('div.ant-steps-item-active')).toContainText(/Label created|In transit/);
  await expect(buyer.getByText('200 Main St')).toHaveCount(0);
  await expect(buyer.getByText('Jane')).toHaveCount(0);
  await expectAccessible(buyer, 'public tracking page');
  await buyerContext.close();
});
