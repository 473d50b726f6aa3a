import { expect, test, type Page } from '@playwright/test';
import { SELLER, apiCall, login, tokenOf } from './helpers';
import { buildLane } from './lane';

// Journey (refunds): a seller cancels a paid order that has no label yet and sees the full refund in
// the wallet within seconds: the cancel itself pays it, no hourly job to wait for (docs/refunds.md).

const stamp = Date.now().toString(36).toUpperCase();

/** The header's balance in cents, as the seller sees it. */
async function headerBalance(page: Page): Promise<number> {
  const box = page.getByRole('group', { name: 'Wallet' }).first();
  const text = await box.getByText(/^\$[\d,]+\.\d{2}$/).first().innerText();
  return Math.round(Number(text.replace(/[$,]/g, '')) * 100);
}

test('a seller cancels a paid order before its label and sees the refund in the wallet at once', async ({ page, request }) => {
  const lane = await buildLane(request, 'E2ERC');
  const seller = await tokenOf(request, SELLER);
  // 24 hours before labels are bought, so the paid order is still without a label when cancelled.
  await apiCall(request, seller, 'PATCH', '/profile/update-setting', { labelPurchaseDelayHours: 24 });
  try {
    const order = await apiCall<{ _id: string; exOrderId: string; totalPrice: number }>(request, seller, 'POST', '/orders', {
      orderName: `E2E-REFUND-${stamp}`,
      serviceCode: lane.service,
      lengthCm: 20,
      widthCm: 15,
      heightCm: 5,
      weightGr: 500,
      recipient: { firstName: 'Jane', lastName: 'Roe', address1: '200 Main St', city: 'Los Angeles', state: 'CA', country: 'US', zipcode: '90001' },
    });
    await apiCall(request, seller, 'POST', '/orders/pay', { orderIds: [order._id] });
    const amount = `$${order.totalPrice.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

    await login(page, SELLER);
    await page.goto(`/app/orders/order-detail/${order._id}`);
    await expect(page.getByText(order.exOrderId).first()).toBeVisible();
    const before = await headerBalance(page);

    await page.getByRole('button', { name: 'Cancel order' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel order' }).click();
    await expect(page.getByText(`Order cancelled. ${amount} was refunded to your wallet.`)).toBeVisible();
    await expect(page.getByText(new RegExp(`^\\${amount.replace('.', '\\.')} was refunded to the wallet on`))).toBeVisible();
    await expect(page.getByText('Refunded', { exact: true }).first()).toBeVisible();
    // The header's balance is back up by the price within seconds, without a reload.
    await expect.poll(() => headerBalance(page), { timeout: 5_000 }).toBe(before + Math.round(order.totalPrice * 100));
  } finally {
    await apiCall(request, seller, 'PATCH', '/profile/update-setting', { labelPurchaseDelayHours: 0 });
  }
});
