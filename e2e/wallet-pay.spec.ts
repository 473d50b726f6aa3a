import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { SELLER, apiCall, expectAccessible, login, tokenOf } from './helpers';
import { buildLane } from './lane';

// Journey (wallet): a seller pays three orders at once from the list (the confirmation names their
// total), the header balance drops by it; the seller cancels one of them before its label and the
// balance comes back by its price at once.

const stamp = Date.now().toString(36).toUpperCase();

/** The header's balance in cents, as the seller sees it. */
async function headerBalance(page: Page): Promise<number> {
  const box = page.getByRole('group', { name: 'Wallet' }).first();
  const text = await box.getByText(/^\$[\d,]+\.\d{2}$/).first().innerText();
  return Math.round(Number(text.replace(/[$,]/g, '')) * 100);
}

test('a seller pays three orders at once, cancels one and sees its refund paid at once', async ({ page, request }) => {
  const lane = await buildLane(request, 'E2EWP');
  const seller = await tokenOf(request, SELLER);
  // The seller keeps 24 hours to change their mind before labels are bought (profile setting), so a
  // cancelled paid order is refunded in full at once; the journey puts the setting back at its end.
  await apiCall(request, seller, 'PATCH', '/profile/update-setting', { labelPurchaseDelayHours: 24 });
  try {
    await payCancelRefund(page, request, lane, seller);
  } finally {
    await apiCall(request, seller, 'PATCH', '/profile/update-setting', { labelPurchaseDelayHours: 0 });
  }
});

async function payCancelRefund(page: Page, request: APIRequestContext, lane: Awaited<ReturnType<typeof buildLane>>, seller: string) {
  const orders: { _id: string; exOrderId: string; totalPrice: number }[] = [];
  for (const n of [1, 2, 3]) {
    orders.push(
      await apiCall(request, seller, 'POST', '/orders', {
        orderName: `E2E-PAY-${stamp}-${n}`,
        serviceCode: lane.service,
        lengthCm: 20,
        widthCm: 15,
        heightCm: 5,
        weightGr: 400 + n * 100,
        recipient: { firstName: 'Jane', lastName: 'Roe', address1: '200 Main St', city: 'Los Angeles', state: 'CA', country: 'US', zipcode: '90001' },
      }),
    );
  }
  const totalCents = orders.reduce((n, o) => n + Math.round(o.totalPrice * 100), 0);

  await login(page, SELLER);
  await page.goto(`/app/orders?keyword=E2E-PAY-${stamp}`);
  await expect(page.getByRole('row').filter({ hasText: `E2E-PAY-${stamp}` })).toHaveCount(3);
  const before = await headerBalance(page);

  // Select the three and pay them in one go.
  for (const o of orders) await page.getByRole('checkbox', { name: `Select ${o.exOrderId}` }).check();
  await expect(page.getByText('3 selected')).toBeVisible();
  await page.getByRole('button', { name: 'Pay selected' }).click();
  await expect(page.getByText(`Pay 3 order(s) for $${(totalCents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}?`)).toBeVisible();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByText('Payment done.')).toBeVisible();
  // The progress modal ends with the result: three orders paid, the amount and the balance after.
  const progress = page.getByRole('dialog');
  await expect(progress.getByText('Orders paid')).toBeVisible();
  await expect(progress.locator('.ant-descriptions-item-content').first()).toHaveText('3');
  await progress.getByRole('button', { name: 'Close' }).last().click();
  await expect(progress).toBeHidden();
  await expect.poll(() => headerBalance(page)).toBe(before - totalCents);
  await expectAccessible(page, 'orders list after a bulk payment');

  // The Unpaid tab has no order left under this keyword: it stays, greyed, with its 0, and still opens.
  const unpaidTab = page.getByRole('tab', { name: /Unpaid/ });
  await expect(unpaidTab).toBeVisible();
  await expect(unpaidTab).toContainText('0');
  await expect(unpaidTab.locator('.ant-typography-secondary')).toHaveCount(1);
  await expect(page.getByRole('tab', { name: /^Paid/ })).toContainText('3');

  // The recipient column, from the column chooser: where each order ships.
  await page.getByRole('button', { name: /Columns/ }).click();
  const recipientChoice = page.getByRole('checkbox', { name: 'Recipient' });
  if (!(await recipientChoice.isChecked())) await recipientChoice.check();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('columnheader', { name: 'Recipient' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: orders[1]!.exOrderId });
  await expect(row.getByText('Jane Roe')).toBeVisible();
  await expect(row.getByText('Los Angeles, CA, US')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('orders-list-1280-en.png'), fullPage: true });
  await unpaidTab.click();
  await expect(page).toHaveURL(/status=unpaid/);
  await expect(page.getByText('No orders match these filters')).toBeVisible();
  await page.goto(`/app/orders?keyword=E2E-PAY-${stamp}&lang=vi`);
  await expect(page.getByRole('columnheader', { name: 'Người nhận' })).toBeVisible();
  await expect(page.getByRole('tab', { name: /Chưa thanh toán/ })).toContainText('0');
  await page.screenshot({ path: test.info().outputPath('orders-list-1280-vi.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth), { timeout: 10_000 }).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath('orders-list-390-vi.png'), fullPage: true });
  await page.goto(`/app/orders?keyword=E2E-PAY-${stamp}&lang=en`);
  await expect(page.getByText('Jane Roe').first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('orders-list-390-en.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // Cancel the first: without a label it is refunded in full by the cancel itself.
  const first = orders[0]!;
  await page.goto(`/app/orders/order-detail/${first._id}`);
  await expect(page.getByText(first.exOrderId).first()).toBeVisible();
  await page.getByRole('button', { name: 'Cancel order' }).click();
  await page.getByRole('dialog').getByRole('button', { name: /Cancel order|OK|Confirm/ }).last().click();
  await expect(page.getByText(/was refunded to the wallet on/)).toBeVisible();
  await expect(page.getByText('Refunded', { exact: true }).first()).toBeVisible();
  await expectAccessible(page, 'a cancelled order refunded at once');
  await expect.poll(() => headerBalance(page)).toBe(before - totalCents + Math.round(first.totalPrice * 100));
}
