import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN, SELLER, apiCall, expectAccessible, login, popupsSettled, tokenOf } from './helpers';
import { activatePrices, buildLane, labeledParcel, type Lane, type Parcel } from './lane';

// Journey (warehouse floor): three paid parcels with their labels reach the origin warehouse. The
// operator works by keyboard only, as with a barcode scanner (a code typed fast, then Enter) and a
// scale: checks the three in (one beyond the tolerance), packs two into a carton, closes it and
// prints its 4x6 label, reopens and closes it again, and checks it out. The seller then sees the
// floor's events on the order and confirms the dimension change of the third parcel.

const stamp = Date.now().toString(36).toUpperCase();
const ORIGIN = `E2EFO${stamp}`.slice(0, 20);
const ORIGIN_NAME = 'E2E Floor HCM';
const DECLARED = { lengthCm: 20, widthCm: 15, heightCm: 5, weightGr: 500 };

/** A paid, labeled order of the lane with the declared size. */
const floorParcel = (request: APIRequestContext, seller: string, lane: Lane, n: number) =>
  labeledParcel(request, seller, {
    orderName: `E2E-FLOOR-${stamp}-${n}`,
    serviceCode: lane.service,
    ...DECLARED,
    recipient: { firstName: 'Jane', lastName: 'Roe', address1: '200 Main St', city: 'Los Angeles', state: 'CA', country: 'US', zipcode: '90001' },
  });

/** What a barcode scanner does: the code typed fast, then Enter. */
async function scan(page: Page, code: string) {
  await page.keyboard.type(code, { delay: 5 });
  await page.keyboard.press('Enter');
}

/** A scale or a person typing a number and Enter into the focused field. */
async function typeEnter(page: Page, value: string | number) {
  await page.keyboard.type(String(value));
  await page.keyboard.press('Enter');
}

const banner = (page: Page) => page.getByTestId('scan-banner');

test('the warehouse floor by keyboard: check in, pack, label, reopen, check out; the seller confirms the new size', async ({ page, browser, baseURL, request }) => {
  test.setTimeout(240_000);
  const lane = await buildLane(request, 'E2EFL');
  const admin = await tokenOf(request, ADMIN);
  // Two weight bands, so a parcel measured a kilogram heavier costs more than declared.
  await activatePrices(request, admin, 'service', [
    [lane.service, 0, 1000, 9.5, 0.5, 'active'],
    [lane.service, 1000, 5000, 12, 0.5, 'active'],
  ]);
  // The origin warehouse in Vietnam, and the operator allowed to check parcels in (SPEC §6).
  await apiCall(request, admin, 'POST', '/warehouses', { code: ORIGIN, name: ORIGIN_NAME, zipcode: '700000', address: '1 Kho Street', city: 'Ho Chi Minh City', country: 'VN' });
  const me = await apiCall<{ id: string }>(request, admin, 'GET', '/me');
  await apiCall(request, admin, 'PATCH', '/admin/change-checkin-user', { userId: me.id, allowCheckin: true });

  const seller = await tokenOf(request, SELLER);
  const parcels: Parcel[] = [];
  for (const n of [1, 2, 3]) parcels.push(await floorParcel(request, seller, lane, n));
  const [first, second, third] = parcels as [Parcel, Parcel, Parcel];

  // ── Check-in ───────────────────────────────────────────────────────────────────────────────────
  await login(page, ADMIN);
  await page.addInitScript((origin) => localStorage.setItem('exship.floor.originWarehouse', origin), ORIGIN);
  await page.goto('/app/pick-up/check-in');
  const scanBox = page.getByLabel(/Scan a parcel/);
  await expect(scanBox).toBeFocused();
  await expect(banner(page)).toContainText(`Ready at ${ORIGIN}`);

  for (const p of [first, second]) {
    await scan(page, p.trackingNumber);
    await expect(page.getByTestId('parcel-card')).toContainText(p.exOrderId);
    await expect(page.getByLabel('Weight (g)')).toBeFocused();
    // Within the default tolerance (+50 g, +1 cm).
    for (const v of [520, 20, 15, 5]) await typeEnter(page, v);
    await expect(banner(page)).toContainText(`${p.exOrderId}: checked in`);
    await expect(scanBox).toBeFocused();
  }
  await scan(page, third.exOrderId);
  await expect(page.getByLabel('Weight (g)')).toBeFocused();
  // 1,400 g over: a kilogram more, so the price at the measured values differs.
  for (const v of [1900, 24, 15, 5]) await typeEnter(page, v);
  await expect(banner(page)).toContainText(`${third.exOrderId}: beyond the tolerance`);
  await expect(page.getByTestId('check-in-prices')).toContainText(/Declared price \$[\d.,]+, price at the measured values \$[\d.,]+/);
  // The same scan again changes nothing and says so.
  await scan(page, first.trackingNumber);
  await expect(banner(page)).toContainText(`${first.exOrderId}`);
  await expect(banner(page)).toContainText(/already done|checked in/);
  const recent = page.getByRole('region', { name: 'Your last 20 scans' });
  // This run's four scans (a rerun on the same data finds the earlier run's scans listed too).
  const ours = new RegExp([first.trackingNumber, second.trackingNumber, third.exOrderId].join('|'));
  await expect(recent.getByRole('listitem').filter({ hasText: ours })).toHaveCount(4);
  await expectAccessible(page, 'check-in');

  // ── Carton ─────────────────────────────────────────────────────────────────────────────────────
  await page.goto('/app/pick-up/packaged-scanner');
  await expect(page.getByLabel(/Scan a carton id/)).toBeFocused();
  await page.keyboard.press('Alt+N');
  await expect(page.getByLabel('Carrier', { exact: true })).toBeFocused();
  await typeEnter(page, lane.carrier);
  await expect(page.getByLabel('US warehouse', { exact: true })).toBeFocused();
  await typeEnter(page, lane.warehouse);
  await expect(page.getByLabel('Service', { exact: true })).toBeFocused();
  await typeEnter(page, lane.service);
  await expect(page.getByRole('button', { name: 'Open carton' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(banner(page)).toContainText(/Carton CT[0-9A-Z]{8} opened/);
  const cartonId = /CT[0-9A-Z]{8}/.exec((await banner(page).innerText()) ?? '')![0];
  await expect(page).toHaveURL(new RegExp(`carton=${cartonId}`));
  const intoCarton = page.getByLabel(`Scan a parcel into ${cartonId}, or another carton id`);
  await expect(intoCarton).toBeFocused();

  await scan(page, first.trackingNumber);
  // The banner names the parcel by the code scanned.
  await expect(banner(page)).toContainText(`${first.trackingNumber}: packed into ${cartonId}`);
  await scan(page, second.exOrderId);
  await expect(banner(page)).toContainText(`${second.exOrderId}: packed into ${cartonId}`);
  // The parcel beyond the tolerance waits for its seller: refused, named.
  await scan(page, third.trackingNumber);
  await expect(banner(page)).toContainText(`${third.trackingNumber} waits for the seller`);
  await expect(page.getByTestId('carton-quantity')).toHaveText('2');

  // Close: Alt+C, then the carton's weight and sides as a scale and a tape give them.
  await page.keyboard.press('Alt+C');
  await expect(page.locator('#carton-close-weightGr')).toBeFocused();
  await expect(page.getByText('Parcels: 1,040 g (2)')).toBeVisible();
  for (const v of [1100, 40, 30, 20]) await typeEnter(page, v);
  await expect(banner(page)).toContainText(`Carton ${cartonId} closed with 2 parcel(s)`);

  // Print: Alt+P opens the 4x6 label PDF in a new tab.
  const [label, popup] = await Promise.all([
    page.waitForResponse((r) => r.url().includes(`/floor/cartons/${cartonId}/label`)),
    page.waitForEvent('popup'),
    page.keyboard.press('Alt+P'),
  ]);
  expect(label.status()).toBe(200);
  expect(label.headers()['content-type']).toContain('application/pdf');
  // The tab shows the PDF the screen fetched; the same file, fetched again, is a PDF.
  await expect.poll(() => popup.url()).toMatch(/^blob:/);
  await popup.close();
  const pdf = await request.get(`/api/v1/floor/cartons/${cartonId}/label`, { headers: { Authorization: `Bearer ${admin}` } });
  expect((await pdf.body()).subarray(0, 4).toString('latin1')).toBe('%PDF');
  await expect(banner(page)).toContainText(`Label of ${cartonId} opened`);

  // Reopen (asked first; Enter confirms), then close again.
  await page.keyboard.press('Alt+R');
  await popupsSettled(page);
  await expect(page.getByRole('dialog')).toContainText(`Reopen carton ${cartonId}?`);
  await page.keyboard.press('Enter');
  await expect(banner(page)).toContainText(`Carton ${cartonId} reopened`);
  await expect(intoCarton).toBeFocused();
  await page.keyboard.press('Alt+C');
  await expect(page.locator('#carton-close-weightGr')).toBeFocused();
  for (const v of [1150, 40, 30, 20]) await typeEnter(page, v);
  await expect(banner(page)).toContainText(`Carton ${cartonId} closed with 2 parcel(s)`);
  await expectAccessible(page, 'packaged scanner');

  // ── Check-out ──────────────────────────────────────────────────────────────────────────────────
  await page.goto('/app/pickup/check-out');
  await expect(page.getByLabel('Scan a carton leaving the warehouse')).toBeFocused();
  await expect(page.getByText(cartonId).first()).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: cartonId })).toContainText('Missing');
  await scan(page, cartonId);
  await expect(banner(page)).toContainText(`${cartonId}: checked out (2 parcels)`);
  await expect(page.getByRole('row').filter({ hasText: cartonId })).not.toContainText('Missing');
  await expectAccessible(page, 'check-out');

  // The box listing finds it, checked, with its two parcels.
  await page.goto(`/app/pickup/listing-box?keyword=${cartonId}`);
  await expect(page.getByRole('row').filter({ hasText: cartonId })).toContainText('Checked');

  // ── The seller ─────────────────────────────────────────────────────────────────────────────────
  const sellerContext = await browser.newContext({ baseURL });
  const sellerPage = await sellerContext.newPage();
  await login(sellerPage, SELLER);
  await sellerPage.goto(`/app/orders/order-detail/${first._id}`);
  const shipping = sellerPage.locator('.ant-card').filter({ has: sellerPage.getByText('Label and tracking', { exact: true }) });
  await expect(shipping.getByText(`Received at ${ORIGIN_NAME}`)).toBeVisible();
  await expect(shipping.getByText(`Packed in carton ${cartonId}`)).toBeVisible();
  await expect(shipping.getByText(`Departed ${ORIGIN_NAME} in carton ${cartonId}`)).toBeVisible();
  const checkInCard = sellerPage.locator('.ant-card').filter({ has: sellerPage.getByText('Check-in', { exact: true }) });
  await expect(checkInCard.locator('.ant-tag').getByText('Checked in', { exact: true })).toBeVisible();

  await sellerPage.goto(`/app/orders/order-detail/${third._id}`);
  const thirdCard = sellerPage.locator('.ant-card').filter({ has: sellerPage.getByText('Check-in', { exact: true }) });
  await expect(thirdCard.locator('.ant-tag').getByText('Dimension error', { exact: true })).toBeVisible();
  await expect(thirdCard.getByText('+1,400 g')).toBeVisible();
  await expectAccessible(sellerPage, 'order with a dimension error');
  await thirdCard.getByRole('button', { name: 'Confirm dimensions' }).click();
  await popupsSettled(sellerPage);
  const dialog = sellerPage.getByRole('dialog');
  await expect(dialog).toContainText(/A new order at the new price of \$[\d.,]+/);
  await expect(dialog).toContainText('refunded to your wallet after 7 working days');
  await dialog.getByRole('button', { name: 'Confirm dimensions' }).click();
  await expect(sellerPage.getByText('Dimensions confirmed.')).toBeVisible();
  await expect(sellerPage).not.toHaveURL(new RegExp(third._id));
  await sellerContext.close();
});
