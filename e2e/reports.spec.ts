import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, SELLER, apiCall, expectAccessible, login, tokenOf } from './helpers';
import { buildLane } from './lane';

// Journey (SPEC §2 /app/report/*, /app/dashboard): a seller pays two orders on a lane of its own;
// staff open each report, change the range and the grouping, see the chart and export the xlsx; the
// staff dashboard's label errors count opens the order list filtered on that status.

const REPORTS = [
  { path: '/app/report/revenue', title: 'Revenue' },
  { path: '/app/report/payment-method', title: 'Payment method' },
  { path: '/app/report/services', title: 'Services' },
  { path: '/app/report/customers', title: 'Customers' },
  { path: '/app/report/carriers', title: 'Carriers' },
  { path: '/app/report/purchase', title: 'Purchase' },
];

/** Picks an option of the open antd Select dropdown by its text. */
const pick = (page: Page, text: string) => page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text }).first().click();

test('staff open each report, change range and grouping, see the chart and export xlsx; the dashboard links label errors to the order list', async ({ page, request }) => {
  test.setTimeout(480_000);
  const lane = await buildLane(request, 'E2ERP');
  const seller = await tokenOf(request, SELLER);
  for (const n of [1, 2]) {
    const order = await apiCall<{ _id: string }>(request, seller, 'POST', '/orders', {
      orderName: `E2E-REPORT-${lane.service}-${n}`,
      serviceCode: lane.service,
      lengthCm: 20,
      widthCm: 15,
      heightCm: 5,
      weightGr: 500,
      recipient: { firstName: 'Jane', lastName: 'Roe', address1: '200 Main St', city: 'Los Angeles', state: 'CA', country: 'US', zipcode: '90001', phone: '+13105550100' },
    });
    await apiCall(request, seller, 'POST', '/orders/pay', { orderIds: [order._id] });
  }

  // The rollups count the payments (a moment later when they go through the outbox).
  const admin = await tokenOf(request, ADMIN);
  const today = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
  await expect
    .poll(async () => (await apiCall<{ totals: { net: number } }>(request, admin, 'GET', `/reports/revenue?startDate=${today}&endDate=${today}&timeZone=%2B07:00`)).totals.net, {
      timeout: 30_000,
      message: 'the revenue of the orders paid today',
    })
    .toBeGreaterThan(0);

  await login(page, ADMIN);
  // The reports sit in the menu's Reports group with the freight report.
  await page.getByRole('menuitem', { name: 'Reports' }).click();
  for (const r of [...REPORTS.map((x) => x.title), 'Freight report']) await expect(page.getByRole('menuitem', { name: r, exact: true })).toBeVisible();

  for (const report of REPORTS) {
    await page.goto(`${report.path}?lang=en`);
    await expect(page.getByRole('heading', { level: 1, name: report.title })).toBeVisible({ timeout: 60_000 });
    // The orders were paid today: the chart of the last 7 days has them.
    const chart = page.getByRole('img', { name: /^Chart over/ });
    await expect(chart).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('.ant-table-summary').getByText('Total')).toBeVisible();

    // This month, by week: both in the URL, the chart drawn again.
    // One pick at a time: each lands in the URL and its list closes before the next is opened.
    await page.getByRole('combobox', { name: 'Period' }).click();
    await pick(page, 'This month');
    await expect(page).toHaveURL(/preset=this-month/);
    await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
    await page.getByRole('combobox', { name: 'Group by' }).click();
    await pick(page, 'By week');
    await expect(page).toHaveURL(/groupBy=week/);
    await expect(page).toHaveURL(/preset=this-month/);
    await expect(chart).toBeVisible();

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export xlsx' }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const bytes = readFileSync(await download.path());
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
    await expect(page.getByText(/^Saved .+\.xlsx\.$/)).toBeVisible();
  }
  await expectAccessible(page, 'purchase report');

  // The dashboard's label errors count opens the order list on that status.
  await page.goto('/app/dashboard?lang=en');
  const labelErrors = page.getByRole('link', { name: /^Label errors\s*\d+/ });
  await expect(labelErrors).toBeVisible();
  await labelErrors.click();
  await expect(page).toHaveURL(/\/app\/orders\?status=label\+error$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
