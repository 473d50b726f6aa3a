import ExcelJS from 'exceljs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN, SELLER, apiCall, expectAccessible, login, tokenOf } from './helpers';

// Journey: rate shopping. Staff run three services to a New York zone (economy, standard, express,
// each with its transit days) and one to Germany only; the seller opens Price, picks the country,
// enters a parcel and sees the three rates side by side, cheapest first and tagged, the German
// service listed as not available with the reason, and opens the order form from a rate.

const stamp = Date.now().toString(36).toUpperCase().slice(-5);
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const SERVICES = [
  { code: `RT_ECO_${stamp}`, name: 'Rate Economy', carrier: 'ground', days: [6, 9], fee: 6 },
  { code: `RT_STD_${stamp}`, name: 'Rate Standard', carrier: 'ground', days: [3, 5], fee: 9 },
  { code: `RT_EXP_${stamp}`, name: 'Rate Express', carrier: 'air', days: [1, 2], fee: 19 },
] as const;
const GERMANY_ONLY = { code: `RT_DE_${stamp}`, name: 'Rate Germany' };
const DISCOUNT = `RT${stamp}`;

/**
 * Adds rows to the active price table of a kind the way staff would: export it, append, import
 * the file as a draft, activate it. Rows other journeys priced stay as they were.
 */
async function addPriceRows(request: APIRequestContext, token: string, kind: 'service' | 'carrier', rows: (string | number)[][]) {
  const headers = { Authorization: `Bearer ${token}` };
  const exported = await request.get(`/api/v1/pricing/export/${kind}`, { headers });
  expect(exported.ok()).toBe(true);
  const current = new ExcelJS.Workbook();
  await current.xlsx.load((await exported.body()) as unknown as ArrayBuffer);
  const sheet = current.worksheets[0]!;
  const width = sheet.getRow(1).cellCount;
  const valuesOf = (r: number) => Array.from({ length: width }, (_, c) => sheet.getRow(r).getCell(c + 1).value as string | number | null);
  const existing = Array.from({ length: Math.max(sheet.rowCount - 1, 0) }, (_, i) => valuesOf(i + 2)).filter((v) => v[0] !== null && v[0] !== '');

  const next = new ExcelJS.Workbook();
  const out = next.addWorksheet(sheet.name);
  out.addRow(valuesOf(1));
  for (const row of [...existing, ...rows]) out.addRow(row);
  const buffer = Buffer.from(await next.xlsx.writeBuffer());
  const imported = await request.post(`/api/v1/pricing/import/${kind}`, { headers, multipart: { file: { name: `rates-${kind}.xlsx`, mimeType: XLSX, buffer } } });
  const body = (await imported.json()) as { data?: { version: { id: string } }; message: string };
  expect(imported.status(), body.message).toBe(201);
  await apiCall(request, token, 'POST', `/pricing/version/${body.data!.version.id}/activate`);
}

async function buildNetwork(request: APIRequestContext) {
  const admin = await tokenOf(request, ADMIN);
  const post = <T = { id: string }>(path: string, data: unknown) => apiCall<T>(request, admin, 'POST', path, data);
  const carriers = {
    ground: await post('/carriers', { code: `RTG${stamp}`, name: 'Rate Ground Lines' }),
    air: await post('/carriers', { code: `RTA${stamp}`, name: 'Rate Air Courier' }),
  };
  const warehouse = await post('/warehouses', { code: `RTW${stamp}`, name: 'Rate Newark', zipcode: '07102', address: '25 Port Street', city: 'Newark', state: 'NJ', country: 'US' });
  await post('/zones', { code: `RTZ${stamp}`, name: 'Rate Manhattan', country: 'US', ranges: [{ zipFrom: '10000', zipTo: '10299' }] });
  const route = (serviceId: string, carrierId: string, toArrayCountry: string[]) =>
    post('/carrier-configs', { serviceId, minWeight: 0, maxWeight: 30000, priority: 1, typeShipping: 'country', toArrayCountry, allocations: [{ carrierId, warehouseId: warehouse.id, percentage: 100 }] });
  const serviceIds = new Map<string, string>();
  for (const s of SERVICES) {
    const carrier = carriers[s.carrier];
    const service = await post('/services', { code: s.code, name: s.name, carrierId: carrier.id, signatureFee: 2, transitDaysMin: s.days[0], transitDaysMax: s.days[1] });
    serviceIds.set(s.code, service.id);
    await route(service.id, carrier.id, ['US']);
  }
  const germany = await post('/services', { code: GERMANY_ONLY.code, name: GERMANY_ONLY.name, carrierId: carriers.ground.id, signatureFee: 2 });
  await route(germany.id, carriers.ground.id, ['DE']);

  // 10% off the shipping fee of the standard service only (the others stay at full price).
  await post('/discounts', { code: DISCOUNT, name: 'Rates journey', amountOff: { type: 'percent', value: 10 }, services: [serviceIds.get(`RT_STD_${stamp}`)], startDate: '2020-01-01T00:00', endDate: '2099-12-31T23:59' });

  await addPriceRows(request, admin, 'service', [...SERVICES.map((s) => [s.code, 0, 30000, s.fee, 0, 'active']), [GERMANY_ONLY.code, 0, 30000, 5, 0, 'active']]);
  await addPriceRows(
    request,
    admin,
    'carrier',
    SERVICES.map((s) => [s.carrier === 'air' ? `RTA${stamp}` : `RTG${stamp}`, s.code, `RTW${stamp}`, `RTZ${stamp}`, 0, 30000, s.fee / 2, 0, 'active']),
  );
}

/** The rate cards on screen, in order: their service names and totals. */
async function shownRates(page: Page) {
  const cards = page.getByRole('list', { name: 'Rates' }).getByRole('listitem');
  const names = await cards.evaluateAll((els) => els.map((el) => el.getAttribute('aria-label') ?? ''));
  const totals = (await cards.getByTestId('rate-total').allTextContents()).map((text) => Number(text.replace(/[^\d.]/g, '')));
  return { names, totals };
}

test('a seller compares the rates of every service and starts an order from one', async ({ page }) => {
  test.setTimeout(180_000);
  await buildNetwork(page.request);
  await login(page, SELLER);

  await test.step('open Price and ask for rates to New York', async () => {
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('menuitem', { name: 'Price' }).click();
    await expect(page).toHaveURL(/\/app\/carrier\/pricing$/);
    await expect(page.getByText(/Enter the parcel and where it goes/)).toBeVisible();
    // The country picker searches names and codes: Germany first, then back to the United States.
    const country = page.getByRole('combobox', { name: 'Country' });
    await country.click();
    await country.fill('germ');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'Germany (DE)' }).click();
    await country.click();
    await country.fill('united st');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'United States (US)' }).click();
    await expect(page.locator('.ant-select').filter({ has: country })).toContainText('United States (US)');
    await page.getByLabel('State', { exact: true }).fill('NY');
    await page.getByLabel('Zip code', { exact: true }).fill('10001');
    await page.getByLabel('Weight', { exact: true }).fill('800');
    await page.getByLabel('Length', { exact: true }).fill('20');
    await page.getByLabel('Width', { exact: true }).fill('15');
    await page.getByLabel('Height', { exact: true }).fill('10');
    await page.getByRole('button', { name: 'Compare rates' }).click();
  });

  await test.step('the three services side by side, cheapest first', async () => {
    await expect(page.getByRole('list', { name: 'Rates' }).getByRole('listitem')).toHaveCount(3);
    const { names, totals } = await shownRates(page);
    expect(names).toEqual(['Rate Economy', 'Rate Standard', 'Rate Express']);
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
    expect(new Set(totals).size).toBe(3);

    const economy = page.getByRole('listitem', { name: 'Rate Economy' });
    await expect(economy.getByText('Cheapest', { exact: true })).toBeVisible();
    await expect(economy.getByText('6–9 days')).toBeVisible();
    await expect(economy.getByText(`RT_ECO_${stamp} · Rate Ground Lines`)).toBeVisible();
    await expect(page.getByText('Cheapest', { exact: true })).toHaveCount(1);
    const express = page.getByRole('listitem', { name: 'Rate Express' });
    await expect(express.getByText('Fastest', { exact: true })).toBeVisible();
    await expect(express.getByText('1–2 days')).toBeVisible();
    await expect(express.getByText(`RT_EXP_${stamp} · Rate Air Courier`)).toBeVisible();
    await expect(express.getByRole('definition').first()).toHaveText('$19.00');

    // The Germany-only service says why it is not offered; the seller sees no routing or cost.
    await expect(page.getByRole('list', { name: 'Not available for this parcel' })).toContainText(`Rate Germany (${GERMANY_ONLY.code}) — Not offered for this destination and weight.`);
    await expect(page.getByText(/^Routing /)).toHaveCount(0);
    await expectAccessible(page, 'rates');
  });

  await test.step('screenshots at 1280 px and on a phone', async () => {
    await page.screenshot({ path: test.info().outputPath('rates-1280.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    // One card per row, nothing wider than the phone (measured once the layout has followed the new width).
    const cards = page.getByRole('list', { name: 'Rates' }).getByRole('listitem');
    await expect(cards.first()).toBeVisible();
    await expect.poll(async () => Math.min(...(await cards.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().width)))), { timeout: 10_000 }).toBeGreaterThan(250);
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth), { timeout: 10_000 }).toBeLessThanOrEqual(390);
    const order = page.getByRole('link', { name: 'Create order with Rate Standard' });
    await order.scrollIntoViewIfNeeded();
    await expect(order).toBeInViewport({ ratio: 1 });
    await page.getByRole('listitem', { name: 'Rate Economy' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('rates-390-cards.png') });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: test.info().outputPath('rates-390.png'), fullPage: true });
    await expectAccessible(page, 'rates on a phone');
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  await test.step('"Create order" opens the order form with the rate and the parcel', async () => {
    await page.getByRole('link', { name: 'Create order with Rate Standard' }).click();
    await expect
      .poll(() => {
        const url = new URL(page.url());
        return `${url.pathname}${url.search}`;
      })
      .toBe(`/app/orders/create-order?serviceCode=RT_STD_${stamp}&country=US&state=NY&zipcode=10001&weight=800&length=20&width=15&height=10&signature=false`);
  });

  let orderFormUrl = '';
  await test.step('a rate quoted with a discount code makes an order priced the same: the code is carried to the order form', async () => {
    await page.goBack();
    await expect(page).toHaveURL(/\/app\/carrier\/pricing$/);
    await page.getByLabel('Weight', { exact: true }).fill('800');
    await page.getByLabel('Length', { exact: true }).fill('20');
    await page.getByLabel('Width', { exact: true }).fill('15');
    await page.getByLabel('Height', { exact: true }).fill('10');
    await page.getByLabel('State', { exact: true }).fill('NY');
    await page.getByLabel('Zip code', { exact: true }).fill('10001');
    await page.getByLabel('Discount code', { exact: true }).fill(DISCOUNT.toLowerCase());
    await page.getByRole('button', { name: 'Compare rates' }).click();
    const standard = page.getByRole('listitem', { name: 'Rate Standard' });
    await expect(standard.getByText(`Discount (${DISCOUNT})`)).toBeVisible();
    const quoted = (await standard.getByTestId('rate-total').textContent())!.replace(/^[^$]*/, '');
    await expect(page.getByRole('listitem', { name: 'Rate Economy' }).getByRole('definition').first()).toHaveText('$6.00');
    await page.getByRole('link', { name: 'Create order with Rate Standard' }).click();
    await expect(page).toHaveURL(new RegExp(`/app/orders/create-order\\?.*&discountCode=${DISCOUNT}$`));
    orderFormUrl = page.url();

    await page.getByLabel('Order name', { exact: true }).fill(`RATE-${stamp}`);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByLabel('Discount code', { exact: true })).toHaveValue(DISCOUNT);
    await page.getByLabel('First name', { exact: true }).fill('Rita');
    await page.getByLabel('City', { exact: true }).fill('New York');
    await page.getByLabel('Address line 1', { exact: true }).fill('350 Fifth Ave');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByTestId('fee-total')).toHaveText(quoted);
    await page.screenshot({ path: test.info().outputPath('rates-order-review-1280.png'), fullPage: true });
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Create order', exact: true }).click();
    await expect(page).toHaveURL(/\/app\/orders\/order-detail\//);
    await expect(page.getByTestId('fee-total')).toHaveText(quoted);
  });

  await test.step('the order form as the rate opens it, in Vietnamese and on a phone', async () => {
    await page.goto(`${orderFormUrl}&lang=vi`);
    await page.getByLabel('Tên đơn hàng', { exact: true }).fill(`RATE-VI-${stamp}`);
    await page.getByRole('button', { name: 'Tiếp tục' }).click();
    await expect(page.getByLabel('Mã giảm giá', { exact: true })).toHaveValue(DISCOUNT);
    await page.screenshot({ path: test.info().outputPath('rates-order-shipping-1280-vi.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth), { timeout: 10_000 }).toBeLessThanOrEqual(390);
    await page.screenshot({ path: test.info().outputPath('rates-order-shipping-390-vi.png'), fullPage: true });
    await page.goto(`${orderFormUrl}&lang=en`);
    await page.getByLabel('Order name', { exact: true }).fill(`RATE-EN-${stamp}`);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByLabel('Discount code', { exact: true })).toHaveValue(DISCOUNT);
    await page.screenshot({ path: test.info().outputPath('rates-order-shipping-390-en.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
  });
});
