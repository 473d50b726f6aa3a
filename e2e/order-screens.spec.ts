import ExcelJS from 'exceljs';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { ADMIN, SELLER, apiCall, expectAccessible, expectColumnVisible, login, popupsSettled, tokenOf } from './helpers';
import { buildLane, type Lane } from './lane';

// Staff screens around an order: the actions that move an order on ask first (Release hold, Confirm
// address), the Deactivate confirmation is not covered by its tooltip, the surcharge review keeps its
// Delete column in view at 1440 px, and Edit address opened without an order offers to find one.

const stamp = Date.now().toString(36).toUpperCase();
let lane: Lane;

async function newOrder(request: APIRequestContext, name: string, recipient: Partial<{ city: string; zipcode: string }> = {}) {
  const seller = await tokenOf(request, SELLER);
  return apiCall<{ _id: string; exOrderId: string }>(request, seller, 'POST', '/orders', {
    orderName: `${name}-${stamp}`,
    serviceCode: lane.service,
    lengthCm: 20,
    widthCm: 15,
    heightCm: 5,
    weightGr: 500,
    recipient: { firstName: 'Jane', lastName: 'Roe', address1: '200 Main St', city: 'Los Angeles', state: 'CA', country: 'US', zipcode: '90001', ...recipient },
  });
}

async function staffPage(browser: Browser, width = 1280, height = 800): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: { width, height } });
  const page = await context.newPage();
  await login(page, ADMIN);
  return page;
}

test.beforeAll(async ({ request }) => {
  lane = await buildLane(request, 'E2EOS');
});

test('Release hold and Confirm address ask before they act', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const admin = await tokenOf(request, ADMIN);
  const held = await newOrder(request, 'HOLD');
  await apiCall(request, admin, 'POST', `/orders/${held._id}/hold`, {});
  // An address the offline check refuses (90001 is in Los Angeles): once paid, the order waits for a confirmation.
  const odd = await newOrder(request, 'ADDR', { city: 'Springfield' });
  await apiCall(request, await tokenOf(request, SELLER), 'POST', '/orders/pay', { orderIds: [odd._id] });
  await expect.poll(async () => (await apiCall<{ status: string }>(request, admin, 'GET', `/orders/${odd._id}`)).status, { timeout: 30_000 }).toBe('not-verified');

  const page = await staffPage(browser);
  await test.step('Release hold', async () => {
    await page.goto(`/app/orders/order-detail/${held._id}`);
    await page.getByRole('button', { name: 'Release hold' }).click();
    await popupsSettled(page);
    const confirm = page.getByRole('tooltip').filter({ hasText: 'Release the hold?' });
    await expect(confirm).toContainText('The order goes back to where it was when it was held');
    // Nothing happened yet.
    expect((await apiCall<{ status: string }>(request, admin, 'GET', `/orders/${held._id}`)).status).toBe('on-hold');
    await confirm.getByRole('button', { name: 'Release hold' }).click();
    await expect(page.getByText('Hold released.')).toBeVisible();
    expect((await apiCall<{ status: string }>(request, admin, 'GET', `/orders/${held._id}`)).status).toBe('unpaid');
  });
  await test.step('Confirm address', async () => {
    await page.goto(`/app/orders/order-detail/${odd._id}`);
    await page.getByRole('button', { name: 'Confirm address' }).click();
    await popupsSettled(page);
    const confirm = page.getByRole('tooltip').filter({ hasText: 'Ship to this address as it is?' });
    await expect(confirm).toContainText('The address check found this address invalid.');
    expect((await apiCall<{ status: string }>(request, admin, 'GET', `/orders/${odd._id}`)).status).toBe('not-verified');
    await confirm.getByRole('button', { name: 'Confirm address' }).click();
    await expect(page.getByText('Address confirmed.')).toBeVisible();
  });
  await page.context().close();
});

test('the Deactivate confirmation is not covered by its tooltip', async ({ browser }) => {
  const page = await staffPage(browser);
  await page.goto(`/app/user-management?keyword=${encodeURIComponent(SELLER.email)}&startDate=all&endDate=all`);
  const row = page.getByRole('row').filter({ hasText: SELLER.email });
  const deactivate = row.getByRole('button', { name: 'Deactivate' });
  await deactivate.hover();
  await expect(page.getByRole('tooltip').filter({ hasText: /^Deactivate$/ })).toBeVisible();
  await deactivate.click();
  await popupsSettled(page);
  const confirm = page.getByRole('tooltip').filter({ hasText: `Deactivate ${SELLER.email}?` });
  const ok = confirm.getByRole('button', { name: 'Confirm' });
  await expect(ok).toBeVisible();
  // The pointer still rests on the button: its tooltip stays closed while the question is open.
  await expect(page.getByRole('tooltip').filter({ hasText: /^Deactivate$/ })).toBeHidden();
  const covered = await ok.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return hit && (hit === el || el.contains(hit)) ? null : (hit?.textContent ?? 'nothing');
  });
  expect(covered, 'what lies over the Confirm button').toBeNull();
  await page.screenshot({ path: test.info().outputPath('deactivate-confirm.png') });
  // Keep the demo seller active: the question is answered No.
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await page.context().close();
});

test('the surcharge review keeps Delete in view at 1440 px', async ({ browser, request }) => {
  const order = await newOrder(request, 'SUR');
  await apiCall(request, await tokenOf(request, SELLER), 'POST', '/orders/pay', { orderIds: [order._id] });
  const admin = await tokenOf(request, ADMIN);
  const template = await request.get('/api/v1/orders/templates/surcharge.xlsx', { headers: { Authorization: `Bearer ${admin}` } });
  expect(template.ok()).toBe(true);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(Buffer.from(await template.body()) as unknown as ArrayBuffer);
  const sheet = book.worksheets[0]!;
  const long = 'Measured 45 x 30 x 20 cm at the Los Angeles warehouse after the carrier returned the parcel for a second weighing and a new label';
  [[order.exOrderId, 12.5, 'Dimension Surcharge', long], [order.exOrderId, 3, 'Active tracking', null]].forEach((values, i) => {
    const row = sheet.getRow(i + 2);
    values.forEach((v, c) => (row.getCell(c + 1).value = v));
    row.commit();
  });
  const buffer = Buffer.from(await book.xlsx.writeBuffer());

  for (const [lang, action, reason] of [
    ['en', 'Action', 'Dimension surcharge'],
    ['vi', 'Thao tác', 'Phụ phí kích thước'],
  ] as const) {
    const page = await staffPage(browser, 1440, 900);
    await page.goto(`/app/orders/import-surcharge?lang=${lang}`);
    await page.locator('input[type=file]').setInputFiles({ name: 'surcharges.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer });
    await page.locator('.ant-card button.ant-btn-primary').last().click();
    const table = page.getByRole('table');
    await expect(table.getByRole('link', { name: order.exOrderId }).first()).toBeVisible();
    await expectColumnVisible(page, action);
    for (const button of await table.locator('tbody button.ant-btn-dangerous').all()) await expect(button).toBeInViewport({ ratio: 1 });
    // The reason from the file reads in the page's language.
    await expect(table.getByText(reason, { exact: true })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`surcharge-review-1440-${lang}.png`), fullPage: true });
    await page.context().close();
  }
});

test('Edit address without an order offers to find one', async ({ browser, request }) => {
  const order = await newOrder(request, 'FIND');
  for (const width of [1280, 390]) {
    const page = await staffPage(browser, width, 800);
    await page.goto('/app/orders/admin-edit-address');
    const search = page.getByRole('searchbox', { name: 'Order ID, order name or tracking number' });
    await expect(search).toBeVisible();
    await search.fill(order.exOrderId);
    await search.press('Enter');
    const found = page.getByRole('list', { name: 'Orders found' }).getByRole('listitem').filter({ hasText: order.exOrderId });
    await expect(found).toContainText(`FIND-${stamp}`);
    await expectAccessible(page, 'edit address: find the order');
    await page.screenshot({ path: test.info().outputPath(`edit-address-search-${width}.png`), fullPage: true });
    await found.getByRole('link', { name: `Edit address of ${order.exOrderId}` }).click();
    await expect(page).toHaveURL(new RegExp(`/app/orders/admin-edit-address\\?exOrderId=${order.exOrderId}$`));
    await expect(page.getByText(`Edit address ${order.exOrderId}`)).toBeVisible();
    // Nothing found is said so.
    await page.goto('/app/orders/admin-edit-address');
    await page.getByRole('searchbox', { name: 'Order ID, order name or tracking number' }).fill(`NOPE-${stamp}`);
    await page.getByRole('searchbox', { name: 'Order ID, order name or tracking number' }).press('Enter');
    await expect(page.getByText('No order matches.')).toBeVisible();
    await page.context().close();
  }
});
