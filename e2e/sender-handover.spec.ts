import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { extractText } from 'unpdf';
import { ADMIN, SELLER, apiCall, expectAccessible, login, popupsSettled, tokenOf } from './helpers';
import { buildLane } from './lane';

// Cross-border truth (SPEC §3 order labels): staff keep a warehouse's hand-over point (address and
// opening hours) in warehouse settings; the seller keeps the company and ship-from address, with a US
// return address, on the profile; the label's FROM is the seller's, the parcel's first events happen
// at the hand-over point, and the order's page and the guide say where and how to hand it over.

const stamp = Date.now().toString(36).toUpperCase();

async function fill(page: Page, label: string, value: string, nth = 0) {
  await page.getByLabel(label, { exact: true }).nth(nth).fill(value);
}

test('hand-over point on the warehouse, sender on the profile: the label, the order page and the guide follow', async ({ page, browser, request, baseURL }) => {
  test.setTimeout(120_000);
  const lane = await buildLane(request, 'E2EHO');

  // Staff set the hand-over point in warehouse settings.
  const staffContext = await browser.newContext({ baseURL });
  const staff = await staffContext.newPage();
  await login(staff, ADMIN);
  await staff.goto(`/app/carrier/warehouse?keyword=${lane.warehouse}`);
  const row = staff.getByRole('row').filter({ hasText: lane.warehouse });
  await row.getByRole('button', { name: /Edit/ }).click();
  await popupsSettled(staff);
  const modal = staff.getByRole('dialog');
  await modal.getByLabel('Hand-over address', { exact: true }).fill('285 Cach Mang Thang Tam, District 10');
  await modal.getByRole('button', { name: 'Save' }).click();
  // City and country are needed with an address.
  await expect(modal.getByText('This field is required.').first()).toBeVisible();
  await modal.getByLabel('Hand-over city', { exact: true }).fill('Ho Chi Minh City');
  await modal.getByLabel('Hand-over country (2 letters)', { exact: true }).fill('vn');
  await modal.getByLabel('Opening hours', { exact: true }).fill('Mon–Sat 08:00–18:00');
  await expectAccessible(staff, 'warehouse form with its hand-over point');
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(staff.getByText('Saved.').last()).toBeVisible();
  await expect(row).toContainText('Hand-over: 285 Cach Mang Thang Tam, District 10, Ho Chi Minh City, VN · Mon–Sat 08:00–18:00');
  await staffContext.close();

  // The seller sets the sender on the profile.
  await login(page, SELLER);
  await page.goto('/app/profile?t=sender');
  await page.getByRole('switch', { name: 'Print my company and ship-from address' }).click();
  await fill(page, 'Company', `Lotus Crafts ${stamp}`);
  await fill(page, 'Sender name', 'Mai Tran');
  await fill(page, 'Phone', '+84912345678');
  await fill(page, 'Address 1', '12 Nguyen Hue');
  await fill(page, 'City', 'Ho Chi Minh City');
  await fill(page, 'Postal code', '700000');
  await page.getByRole('switch', { name: 'Print a US return address' }).click();
  await fill(page, 'Address 1', '4500 Wilshire Blvd', 1);
  await fill(page, 'City', 'Los Angeles', 1);
  await fill(page, 'State (2 letters)', 'CA');
  await fill(page, 'ZIP code', '90010');
  await expectAccessible(page, 'profile sender tab');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Sender address saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Company', { exact: true })).toHaveValue(`Lotus Crafts ${stamp}`);

  // A paid order: its page says where and how to hand the parcel over; the label's FROM is the seller's.
  const seller = await tokenOf(request, SELLER);
  const order = await apiCall<{ _id: string; exOrderId: string }>(request, seller, 'POST', '/orders', {
    orderName: `E2E-HO-${stamp}`,
    serviceCode: lane.service,
    lengthCm: 20,
    widthCm: 15,
    heightCm: 5,
    weightGr: 500,
    recipient: { firstName: 'Jane', lastName: 'Roe', address1: '200 Main St', city: 'Los Angeles', state: 'CA', country: 'US', zipcode: '90001' },
  });
  await apiCall(request, seller, 'POST', '/orders/pay', { orderIds: [order._id] });
  await page.goto(`/app/orders/order-detail/${order._id}`);
  const handover = page.getByRole('region', { name: 'Where to hand the parcel over' });
  await expect(handover).toContainText('285 Cach Mang Thang Tam, District 10, Ho Chi Minh City, Vietnam');
  await expect(handover).toContainText('Mon–Sat 08:00–18:00');
  await expect(handover).toContainText('stick it flat on the largest side');
  const card = page.locator('.ant-card').filter({ has: page.getByText('Label and tracking', { exact: true }) });
  await expect(card.getByText('Bought', { exact: true })).toBeVisible({ timeout: 30_000 });
  // The parcel starts at the hand-over point, not in Los Angeles.
  await expect(card.getByText(/Label created/)).toBeVisible();
  await expect(card).toContainText('Ho Chi Minh City');
  await expectAccessible(page, 'order detail with its hand-over point');
  const [file] = await Promise.all([page.waitForEvent('download'), card.getByRole('button', { name: /Label PDF/ }).click()]);
  const text = (await extractText(new Uint8Array(await readFile((await file.path())!)), { mergePages: true })).text.toUpperCase();
  expect(text).toContain(`LOTUS CRAFTS ${stamp}`);
  expect(text).toContain('4500 WILSHIRE BLVD');
  expect(text).not.toContain('EXSHIP E2EHO LA');

  // The guide, signed out, lists the hand-over point.
  const visitor = await browser.newContext({ baseURL });
  const guide = await visitor.newPage();
  await guide.goto('/system-guide?lang=en');
  const point = guide.getByRole('article', { name: `E2EHO LA (${lane.warehouse})` });
  await expect(point).toContainText('285 Cach Mang Thang Tam, District 10, Ho Chi Minh City, Vietnam');
  await expect(point).toContainText('Mon–Sat 08:00–18:00');
  await expectAccessible(guide, 'system guide with hand-over points');
  await visitor.close();
});
