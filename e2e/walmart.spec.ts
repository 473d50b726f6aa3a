import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { ADMIN, apiCall, expectAccessible, login, nextClientIp, pickOption, popupsSettled, tokenOf, waitForMail } from './helpers';
import { buildLane } from './lane';

// Journey (docs/walmart.md): a new seller sees the integrations banner once and dismisses it for
// good; connects the demo Walmart store (the built-in fake Walmart) through /connect/walmart and
// /callback/walmart; sees its synced purchase orders, maps the Walmart SKU to a product of theirs,
// pays the draft order that appears, and sees the order "Shipped" with the tracking number once the
// label's shipment has been pushed to Walmart. The seller is a fresh account of its own, and the
// purchase order is added to the fake for this run (E2E only), so a second run finds its own.

const stamp = Date.now().toString(36).toUpperCase();
const SELLER_W = { email: `walmart-${stamp.toLowerCase()}@example.com`, password: 'Walmart#Passw0rd!' };
const PROOF_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==', 'base64');
const DEMO = { clientId: 'demo-walmart-client', clientSecret: 'demo-walmart-secret-not-real' };

/** A verified seller with $100 in its wallet; its session token. */
async function freshSeller(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/v1/register', { data: { fullName: 'Walmart Seller', email: SELLER_W.email, password: SELLER_W.password, confirmPassword: SELLER_W.password, agreeTerms: true }, headers: { 'x-forwarded-for': nextClientIp() } });
  expect(res.status()).toBe(201);
  const mail = await waitForMail(request, SELLER_W.email, /\/app\/account\/verify\//);
  const code = /\/app\/account\/verify\/([^\s"'<>?]+)/.exec(mail.text)![1]!;
  expect((await request.get(`/api/v1/accounts/authorization/activate/${code}`)).ok()).toBe(true);
  const token = await tokenOf(request, SELLER_W);
  const asked = await request.post('/api/v1/wallet/top-up-requests', {
    headers: { Authorization: `Bearer ${token}` },
    multipart: { amount: '100', note: `Walmart ${stamp}`, proof: { name: 'proof.png', mimeType: 'image/png', buffer: PROOF_PNG } },
  });
  expect(asked.status()).toBe(201);
  const admin = await tokenOf(request, ADMIN);
  await apiCall(request, admin, 'POST', `/wallet/top-up-requests/${((await asked.json()) as { data: { id: string } }).data.id}/accept`);
  return token;
}

/** A new browser signed in as the journey's seller, the banner left as the seller left it. */
async function signedIn(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: { width: 1280, height: 860 } });
  const page = await context.newPage();
  await login(page, SELLER_W, { banner: true });
  return page;
}

test('a seller connects the demo Walmart store, maps a SKU, pays the draft and sees the order shipped on Walmart', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const lane = await buildLane(request, 'E2EWM');
  const seller = await freshSeller(request);
  const admin = await tokenOf(request, ADMIN);

  // A product of the seller's whose SKU is not the one Walmart sells it under.
  const productName = `Walmart mug ${stamp}`;
  const variantSku = `MUG-${stamp}`;
  const product = await apiCall<{ id: string }>(request, seller, 'POST', '/products', { name: productName, hsCode: '6109.10', lengthCm: 12, widthCm: 10, heightCm: 10, weightGr: 400, variants: [{ sku: variantSku, price: 13 }] });
  await apiCall(request, seller, 'POST', `/products/${product.id}/submit`);
  await apiCall(request, admin, 'POST', `/products/${product.id}/accept`);

  // A purchase order of this run on the demo store (the built-in fake Walmart).
  const walmartSku = `WM-MUG-${stamp}`;
  const added = await request.post('/fake-walmart/e2e/orders', { data: { sku: walmartSku, productName: `Mug ${stamp}` } });
  expect(added.status()).toBe(201);
  const { purchaseOrderId } = (await added.json()) as { purchaseOrderId: string };

  // The banner, once after the first login; 'Got it' dismisses it.
  const page = await signedIn(browser);
  const banner = page.getByRole('dialog', { name: 'Sell on Walmart? Connect your store' });
  await expect(banner).toBeVisible();
  await popupsSettled(page);
  await expectAccessible(page, 'integrations banner');
  await banner.getByRole('button', { name: 'Got it' }).click();
  await expect(banner).toBeHidden();

  // Connect: /connect/walmart with a callback of ours, then the credentials on /callback/walmart.
  await page.goto('/connect/walmart?callback-uri=%2Fintegrations%2Fwalmart');
  await expect(page.getByText('Once connected, you go to your Walmart stores.')).toBeVisible();
  await expectAccessible(page, 'connect Walmart');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/callback\/walmart\?connect-id=/);
  const storeName = `E2E Walmart ${stamp}`;
  await page.getByLabel('Store name').fill(storeName);
  await page.getByLabel('Client id').fill(DEMO.clientId);
  await page.getByLabel('Client secret').fill(DEMO.clientSecret);
  // On review: no store of an earlier run acknowledges this run's purchase order first (Walmart's released list holds only unacknowledged ones).
  await page.getByRole('radio', { name: 'When I review them' }).check();
  await expectAccessible(page, 'Walmart credentials');
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page).toHaveURL(/\/integrations\/walmart\?.*status=connected/);
  const storeRow = page.getByRole('row').filter({ hasText: storeName });
  await expect(storeRow.getByText('Connected')).toBeVisible();

  // Walmart's Standard method ships with the lane's service.
  await page.getByRole('tab', { name: 'Shipping methods' }).click();
  await pickOption(page, page.getByRole('combobox', { name: 'Service for Standard' }), lane.service, lane.service);
  await page.getByRole('button', { name: 'Save mappings' }).click();
  await expect(page.getByText('Mapping saved.')).toBeVisible();
  await page.getByRole('tab', { name: 'Walmart orders' }).click();

  // The purchase order syncs in, waiting for its SKU.
  const orderRow = page.getByRole('row').filter({ hasText: purchaseOrderId });
  const integrationOrder = async () =>
    (await apiCall<{ items: { purchaseOrderId: string; status: string; stage: string; trackingNumber: string | null }[] }>(request, seller, 'GET', `/integrations/walmart/orders?keyword=${purchaseOrderId}`)).items.find(
      (o) => o.purchaseOrderId === purchaseOrderId,
    );
  await expect.poll(async () => (await integrationOrder())?.stage, { timeout: 60_000, message: `${purchaseOrderId} synced` }).toBe('unmapped-sku');
  await page.reload();
  await expect(orderRow).toBeVisible();
  await expect(orderRow.getByText('SKU to map')).toBeVisible();
  await expectAccessible(page, 'Walmart orders');

  // Map the Walmart SKU to the product once: the draft order is made.
  await orderRow.getByRole('button', { name: 'Map SKUs' }).click();
  const mapping = page.getByRole('dialog', { name: 'Map Walmart SKUs to your products' });
  await expect(mapping.getByText(walmartSku)).toBeVisible();
  await pickOption(page, mapping.getByRole('combobox', { name: 'Product' }), productName, stamp);
  await pickOption(page, mapping.getByRole('combobox', { name: 'Variant' }), variantSku);
  await mapping.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Mapping saved.')).toBeVisible();
  await expect(mapping).toBeHidden();
  const draftLink = orderRow.getByRole('link', { name: 'Open the draft order' });
  await expect(draftLink).toBeVisible();

  // Pay the draft from its page.
  await draftLink.click();
  await expect(page).toHaveURL(/\/app\/orders\/order-detail\//);
  await page.getByRole('button', { name: /^(wallet )?Pay$/ }).click();
  await popupsSettled(page);
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByText('Payment done.')).toBeVisible();

  // The label is bought, its shipment pushed: Walmart shows the order shipped with the tracking number.
  await expect.poll(async () => (await integrationOrder())?.status, { timeout: 90_000, message: `${purchaseOrderId} shipped on Walmart` }).toBe('Shipped');
  const shipped = (await integrationOrder())!;
  expect(shipped.trackingNumber).toBeTruthy();
  await page.goto(`/integrations/walmart?keyword=${purchaseOrderId}`);
  await expect(orderRow.getByText('Shipped', { exact: true })).toBeVisible();
  await expect(orderRow.getByText('Push: Sent')).toBeVisible();
  await expect(orderRow.getByText(`Tracking: ${shipped.trackingNumber}`)).toBeVisible();
  await expectAccessible(page, 'Walmart order shipped');
  await page.context().close();

  // A later login: the banner stays dismissed.
  const again = await signedIn(browser);
  await again.goto('/app/integrations');
  await expect(again.getByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible();
  await expect(again.getByRole('dialog', { name: 'Sell on Walmart? Connect your store' })).toHaveCount(0);
  await again.context().close();
});
