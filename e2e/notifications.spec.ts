import { expect, test, type APIRequestContext } from '@playwright/test';
import { ADMIN, SELLER, expectAccessible, login, tokenOf } from './helpers';

// SPEC §2 header bell, §4 notification unseen → seen on click, §7 /notifi/*: staff review two of a
// seller's products; the seller sees the unread count, opens the bell, reads "Product rejected"
// with the reason, clicks it, lands on the product, and the count drops by one.

const stamp = Date.now().toString(36).toUpperCase();
const REJECTED = `E2E Bell Lamp ${stamp}`;
const ACCEPTED = `E2E Bell Mug ${stamp}`;
const REASON = `The mockup photo is missing (${stamp})`;


/** One API call with a bearer token; fails the test on an error reply. */
async function call<T>(request: APIRequestContext, token: string, method: 'GET' | 'POST', path: string, data?: unknown): Promise<T> {
  const res = await request.fetch(`/api/v1${path}`, { method, headers: { Authorization: `Bearer ${token}` }, data });
  const body = (await res.json()) as { success: boolean; data: T; message: string };
  expect(body.success, `${method} ${path}: ${body.message}`).toBe(true);
  return body.data;
}


async function sellerProductWaitingApproval(request: APIRequestContext, token: string, name: string, sku: string): Promise<string> {
  const product = await call<{ id: string }>(request, token, 'POST', '/products', {
    name,
    hsCode: '9405.21',
    material: 'Metal',
    lengthCm: 30,
    widthCm: 20,
    heightCm: 15,
    weightGr: 900,
    variants: [{ sku, price: 25 }],
  });
  await call(request, token, 'POST', `/products/${product.id}/submit`, {});
  return product.id;
}

test('a seller reads a product rejection from the bell', async ({ page }) => {
  const request = page.request;
  const seller = await tokenOf(request, SELLER);
  const staff = await tokenOf(request, ADMIN);
  const unseen = async () => (await call<{ count: number }>(request, seller, 'GET', '/notifi/count-unseen')).count;

  // The seller sends two products; staff accept one, then reject the other with a reason.
  const acceptedId = await sellerProductWaitingApproval(request, seller, ACCEPTED, `BELL-${stamp}-MUG`);
  const rejectedId = await sellerProductWaitingApproval(request, seller, REJECTED, `BELL-${stamp}-LAMP`);
  const before = await unseen();
  await call(request, staff, 'POST', `/products/${acceptedId}/accept`, {});
  await call(request, staff, 'POST', `/products/${rejectedId}/reject`, { reason: REASON });
  const unread = before + 2;
  // The notices go through the outbox: a worker writes them moments after the reviews commit.
  await expect.poll(unseen, { timeout: 15_000 }).toBe(unread);

  // The badge shows the unread count.
  await login(page, SELLER);
  const bell = page.getByRole('button', { name: 'Notifications' });
  await expect(bell).toHaveAccessibleDescription(`${unread} unread`);
  await expect(bell.locator('.ant-badge-count')).toHaveAttribute('title', String(unread));

  // The popover lists the newest first: the rejection with its reason, then the acceptance.
  await bell.click();
  const panel = page.getByRole('region', { name: 'Notifications' });
  const items = panel.getByRole('list', { name: 'Notifications' }).getByRole('listitem');
  await expect(items.first()).toContainText('Product rejected');
  await expect(items.first()).toContainText(REJECTED);
  await expect(items.first()).toContainText(REASON);
  await expect(items.nth(1)).toContainText('Product accepted');
  await expect(items.nth(1)).toContainText(ACCEPTED);
  const rejection = panel.getByRole('link', { name: new RegExp(`^Product rejected.*${REJECTED}.*Unread$`) });
  await expect(rejection).toHaveAttribute('href', `/app/products/${rejectedId}`);
  await expectAccessible(page, 'notification bell');

  // Clicking it opens the product, closes the popover and marks it seen: the count drops by one.
  await rejection.click();
  await expect(page).toHaveURL(new RegExp(`/app/products/${rejectedId}$`));
  const screen = page.getByRole('main');
  await expect(screen.getByRole('heading', { name: REJECTED })).toBeVisible();
  await expect(screen.getByText('Rejected — reason')).toBeVisible();
  await expect(screen.getByText(REASON, { exact: true })).toBeVisible();
  await expect(panel).toBeHidden();
  await expect(bell).toHaveAccessibleDescription(`${unread - 1} unread`);
  await expect(bell.locator('.ant-badge-count')).toHaveAttribute('title', String(unread - 1));
  await expect.poll(unseen).toBe(unread - 1);

  // Opened again: the rejection is read, the acceptance still unread.
  await bell.click();
  await expect(panel.getByRole('link', { name: new RegExp(`^Product rejected.*${REJECTED}`) })).not.toHaveAccessibleName(/Unread$/);
  await expect(panel.getByRole('link', { name: new RegExp(`^Product accepted.*${ACCEPTED}.*Unread$`) })).toBeVisible();
});

test('the bell speaks the page language, whatever language was chosen in the header before', async ({ page }) => {
  const request = page.request;
  const seller = await tokenOf(request, SELLER);
  const staff = await tokenOf(request, ADMIN);
  const name = `E2E Language Vase ${stamp}`;
  const id = await sellerProductWaitingApproval(request, seller, name, `BELL-${stamp}-VASE`);
  await call(request, staff, 'POST', `/products/${id}/reject`, { reason: 'Photo is missing.' });

  // Vietnamese chosen in the header (this also sets the account's language)…
  await login(page, SELLER);
  await page.getByRole('button', { name: 'Language' }).click();
  await page.getByRole('menuitem', { name: 'Tiếng Việt' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await page.getByRole('button', { name: 'Thông báo' }).click();
  await expect(page.getByRole('region', { name: 'Thông báo' }).getByRole('listitem').first()).toContainText('Sản phẩm bị từ chối');

  // …then the app opened with ?lang=en: the page is English, and so are the bell's notices.
  await page.goto('/app/dashboard?lang=en');
  await expect(page.getByRole('heading', { level: 1, name: /^Hello,/ })).toBeVisible();
  await page.getByRole('button', { name: 'Notifications' }).click();
  const first = page.getByRole('region', { name: 'Notifications' }).getByRole('listitem').first();
  await expect(first).toContainText('Product rejected');
  await expect(first).toContainText(`“${name}” was rejected: Photo is missing. Fix it`);
  await expect(first).not.toContainText('Sản phẩm');
  // The demo seller's saved language goes back to English: its next sign-in (other journeys) speaks it.
  const reset = await request.fetch('/api/v1/user/setting-notification-language', { method: 'PATCH', headers: { Authorization: `Bearer ${seller}` }, data: { code: 'en' } });
  expect(reset.ok()).toBe(true);
});
