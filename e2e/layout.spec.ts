import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN, SELLER, apiCall, expectAccessible, expectColumnVisible, login, tokenOf } from './helpers';

// Lists at 1280 px show every column a user needs (nothing pinned over
// Status), lists on a phone are cards and the wallet stays in the header; the Vietnamese side menu
// shows its long labels whole.

const stamp = Date.now().toString(36).toUpperCase().slice(-5);
let networks = 0;

/** A network with long texts (address, contact, several zip ranges, two allocations); returns its warehouse code. */
async function longNetwork(request: APIRequestContext): Promise<string> {
  const stamp = `${Date.now().toString(36).toUpperCase().slice(-4)}${++networks}`;
  const admin = await tokenOf(request, ADMIN);
  const carrier = await apiCall<{ id: string }>(request, admin, 'POST', '/carriers', { code: `LCEXTENDEDNETWORK${stamp}`, name: 'Long Carrier International Express' });
  const carrier2 = await apiCall<{ id: string }>(request, admin, 'POST', '/carriers', { code: `LDEXTENDEDNETWORK${stamp}`, name: 'Second Long Carrier' });
  const service = await apiCall<{ id: string }>(request, admin, 'POST', '/services', { code: `LSEXTENDEDECONOMY${stamp}`, name: 'Long Service Economy Plus', carrierId: carrier.id, signatureFee: 2.5 });
  const warehouse = await apiCall<{ id: string }>(request, admin, 'POST', '/warehouses', {
    code: `LWCONSOLIDATION${stamp}`,
    name: 'Los Angeles International Consolidation Hub',
    address: '12345 South Harbor Boulevard, Building C, Dock 14',
    city: 'Rancho Palos Verdes',
    state: 'CA',
    zipcode: '90275',
    country: 'US',
    email: 'consolidation-hub-operations@exship.example',
    phone: '+13105550199',
  });
  await apiCall(request, admin, 'POST', '/zones', {
    code: `LZ${stamp}`,
    name: 'Pacific Southwest Extended Delivery Area',
    country: 'US',
    states: ['CA', 'NV', 'AZ', 'OR', 'WA'],
    ranges: [
      { zipFrom: '90000', zipTo: '90999' },
      { zipFrom: '91000', zipTo: '91999' },
      { zipFrom: '92000', zipTo: '92999' },
      { zipFrom: '93000', zipTo: '93999' },
      { zipFrom: '94000', zipTo: '94999' },
    ],
  });
  await apiCall(request, admin, 'POST', '/carrier-configs', {
    serviceId: service.id,
    minWeight: 0,
    maxWeight: 30000,
    priority: 1,
    sku: `SKU-LONG-${stamp}-0001`,
    typeShipping: 'state',
    toCountry: 'US',
    toState: ['CA', 'NV', 'AZ', 'OR', 'WA', 'ID', 'UT'],
    allocations: [
      { carrierId: carrier.id, warehouseId: warehouse.id, percentage: 60 },
      { carrierId: carrier2.id, warehouseId: warehouse.id, percentage: 40 },
    ],
  });
  return `LWCONSOLIDATION${stamp}`;
}

async function sellerProduct(request: APIRequestContext) {
  const seller = await tokenOf(request, SELLER);
  await apiCall(request, seller, 'POST', '/products', {
    name: `E2E Stainless Steel Insulated Water Bottle ${stamp}`,
    aliasName: 'Bottle, 750 ml, brushed steel',
    hsCode: '7323.93',
    material: 'Stainless steel',
    lengthCm: 8,
    widthCm: 8,
    heightCm: 27,
    weightGr: 420,
    variants: [{ sku: `BOTTLE-${stamp}`, price: 19 }],
  });
}

async function open(page: Page, path: string, heading: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expect(page.locator('.ant-table-row').first()).toBeVisible();
}

test.describe('at 1280 × 800', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('staff lists show Status and the other key columns, nothing pinned over them', async ({ page }) => {
    await longNetwork(page.request);
    await login(page, ADMIN);

    await open(page, '/app/carrier/warehouse', 'Warehouse');
    await expectColumnVisible(page, 'Status');
    await expectColumnVisible(page, 'Contact');
    await expectAccessible(page, 'warehouses');

    await open(page, '/app/carrier/warehouse?tab=zones', 'Warehouse');
    await expectColumnVisible(page, 'Status');
    await expectAccessible(page, 'zones');

    await open(page, '/app/carrier/config', 'Config');
    await expectColumnVisible(page, 'Status');
    await expectColumnVisible(page, 'Seller accounts');
    await expectAccessible(page, 'carrier config');
  });

  test('the seller products list shows Status and Updated', async ({ page }) => {
    await sellerProduct(page.request);
    await login(page, SELLER);
    await open(page, '/app/products', 'Products');
    await expectColumnVisible(page, 'Status');
    await expectColumnVisible(page, 'Updated');
    await expectAccessible(page, 'seller products');
  });

  test('the Vietnamese side menu shows its long labels whole', async ({ page }) => {
    await login(page, ADMIN);
    await page.goto('/app/dashboard?lang=vi');
    const nav = page.getByRole('navigation', { name: 'Điều hướng chính' });
    const carrier = nav.getByRole('menuitem', { name: 'Quản lý hãng vận chuyển' });
    await expect(carrier).toBeVisible();
    const label = carrier.locator('.ant-menu-title-content');
    // Not cut: the text fits its box (it may take two lines), and the box stays inside the menu.
    expect(await label.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
    const [menuBox, labelBox] = [await nav.boundingBox(), await label.boundingBox()];
    expect(labelBox!.x + labelBox!.width).toBeLessThanOrEqual(menuBox!.x + menuBox!.width);
  });
});

test.describe('Vietnamese quote form at 1280 × 800', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('its labels stay on one line', async ({ page }) => {
    await login(page, SELLER);
    await page.goto('/app/carrier/pricing?lang=vi');
    const calculator = page.locator('form').filter({ has: page.getByRole('button', { name: 'So sánh giá' }) });
    for (const text of ['Khối lượng', 'Kích thước (D × R × C)', 'Mã bưu chính']) {
      const label = calculator.locator('label').filter({ hasText: text }).first();
      await expect(label).toBeVisible();
      const lines = await label.evaluate((el) => Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight)));
      expect(lines, `"${text}" lines`).toBe(1);
    }
  });
});

test.describe('on a phone (390 × 844)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('lists are cards with every field, and the wallet stays in the header', async ({ page }) => {
    const warehouse = await longNetwork(page.request);
    await login(page, SELLER);
    await expect(page.getByRole('banner').getByRole('group', { name: 'Wallet' })).toBeVisible();
    await expect(page.getByRole('banner').getByText('Balance')).toBeInViewport();

    await page.evaluate(() => localStorage.clear());
    await login(page, ADMIN);
    await page.goto('/app/carrier/warehouse');
    const card = page.getByRole('listitem').filter({ hasText: warehouse });
    await expect(card).toBeVisible();
    // Every field is in the card, none cut off sideways: scrolled to, each is fully on screen.
    for (const field of ['Status', 'Address', 'Contact', 'Shipping type']) {
      const term = card.getByRole('term').filter({ hasText: field });
      await term.scrollIntoViewIfNeeded();
      await expect(term).toBeInViewport({ ratio: 1 });
    }
    await expect(card.getByText('consolidation-hub-operations@exship.example')).toBeInViewport({ ratio: 1 });
    await card.getByRole('button', { name: 'Edit' }).scrollIntoViewIfNeeded();
    await expect(card.getByRole('button', { name: 'Edit' })).toBeInViewport({ ratio: 1 });
    await card.getByText('Active').scrollIntoViewIfNeeded();
    await expect(card.getByText('Active')).toBeInViewport({ ratio: 1 });
    await expectAccessible(page, 'warehouses on a phone');
  });
});
