import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { extractText } from 'unpdf';
import { ADMIN, SELLER, apiCall, expectAccessible, nextClientIp, popupsSettled, tokenOf, waitForMail } from './helpers';
import { buildLane } from './lane';

// Journey (time zones and words): a seller far from UTC whose saved language is Vietnamese signs in
// on a new browser opened in English; the app speaks Vietnamese; their dates (the date picker's
// today, export file names, the label's ship date, a team invite) are their own day; the platform's
// texts (routing events, transaction notes, role chips, the Check-in column) read in Vietnamese.

const stamp = Date.now().toString(36);
const FAR = { email: `e2e.far.${stamp}@example.com`, password: 'Str0ng#Passw0rd!' };
// An offset whose day differs from UTC's right now: +14:00 from 10:00 UTC, -12:00 before noon.
const OFFSET = new Date().getUTCHours() >= 10 ? '+14:00' : '-12:00';
const HOURS = OFFSET === '+14:00' ? 14 : -12;
const localDay = (at = new Date()) => new Date(at.getTime() + HOURS * 3_600_000).toISOString().slice(0, 10);
const dmy = (iso: string) => `${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)}`;
const PROOF_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==', 'base64');

/** A verified seller with $200 in its wallet, its zone and language saved. */
async function farSeller(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/v1/register', { data: { fullName: 'Far Seller', email: FAR.email, password: FAR.password, confirmPassword: FAR.password, agreeTerms: true } });
  expect(res.status()).toBe(201);
  const mail = await waitForMail(request, FAR.email, /\/app\/account\/verify\//);
  const code = /\/app\/account\/verify\/([^\s"'<>?]+)/.exec(mail.text)![1]!;
  expect((await request.get(`/api/v1/accounts/authorization/activate/${code}`)).ok()).toBe(true);
  const token = await tokenOf(request, FAR);
  const asked = await request.post('/api/v1/wallet/top-up-requests', {
    headers: { Authorization: `Bearer ${token}` },
    multipart: { amount: '200', note: `Far ${stamp}`, proof: { name: 'proof.png', mimeType: 'image/png', buffer: PROOF_PNG } },
  });
  expect(asked.status()).toBe(201);
  const admin = await tokenOf(request, ADMIN);
  await apiCall(request, admin, 'POST', `/wallet/top-up-requests/${((await asked.json()) as { data: { id: string } }).data.id}/accept`);
  await apiCall(request, token, 'PATCH', '/profile/update-setting', { timeZone: OFFSET });
  await apiCall(request, token, 'PATCH', '/user/setting-notification-language', { code: 'vi' });
  return token;
}

/** A new browser (nothing stored), opened in English, signed in as `who`. */
async function freshSignIn(browser: Browser, who: { email: string; password: string }, width = 1280): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: { width, height: 860 } });
  const page = await context.newPage();
  // The integrations banner (SPEC §2) would cover the screens this journey reads: dismissed first.
  await apiCall(page.request, await tokenOf(page.request, who), 'POST', '/profile/dismiss-notice', { notice: 'integrations-banner' });
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': nextClientIp() });
  await page.goto('/app/login?lang=en');
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  return page;
}

test('a far-away Vietnamese seller: own language after sign-in, own day everywhere, platform texts in Vietnamese', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const lane = await buildLane(request, 'E2ETW');
  const token = await farSeller(request);
  const order = (name: string) =>
    apiCall<{ _id: string; exOrderId: string }>(request, token, 'POST', '/orders', {
      orderName: `${name}-${stamp}`,
      serviceCode: lane.service,
      lengthCm: 20,
      widthCm: 15,
      heightCm: 5,
      weightGr: 500,
      recipient: { firstName: 'Jane', lastName: 'Roe', address1: '200 Main St', city: 'Los Angeles', state: 'CA', country: 'US', zipcode: '90001' },
    });
  const [a, b] = [await order('TW-A'), await order('TW-B')];
  await apiCall(request, token, 'POST', '/orders/pay', { orderIds: [a._id, b._id] });
  await apiCall(request, token, 'POST', '/members/invite-member', { email: `e2e.far.member.${stamp}@example.com`, roleCode: 'EXR-SUPPORT' });

  const page = await freshSignIn(browser, FAR);
  await test.step('the saved Vietnamese applies at sign-in', async () => {
    await expect(page.getByRole('heading', { name: 'Xin chào, Far Seller' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'vi');
  });

  await test.step("the date picker starts from the seller's today", async () => {
    await page.goto('/app/orders');
    await page.locator('.ant-picker-range').first().click();
    await popupsSettled(page);
    await expect(page.locator('.ant-picker-dropdown:visible .ant-picker-cell-today').first()).toHaveAttribute('title', localDay());
    await page.screenshot({ path: test.info().outputPath('picker-today-vi-1280.png') });
    await page.keyboard.press('Escape');
  });

  await test.step("the orders export is named after the seller's day", async () => {
    const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Xuất file' }).click()]);
    expect(file.suggestedFilename()).toBe(`Orders_${localDay()}.xlsx`);
  });

  await test.step("the label's ship date is the seller's day; its routing event reads in Vietnamese", async () => {
    await page.goto(`/app/orders/order-detail/${a._id}`);
    const card = page.locator('.ant-card').filter({ has: page.getByText('Nhãn và hành trình', { exact: true }) });
    await expect(card.getByRole('button', { name: /Nhãn PDF/ })).toBeVisible({ timeout: 45_000 });
    await expect(card.getByText('Đã tạo nhãn, thông tin lô hàng đã gửi cho hãng vận chuyển')).toBeVisible();
    await expect(card.getByText(/Label created/)).toHaveCount(0);
    const [pdf] = await Promise.all([page.waitForEvent('download'), card.getByRole('button', { name: /Nhãn PDF/ }).click()]);
    const { text } = await extractText(new Uint8Array(await readFile((await pdf.path())!)), { mergePages: true });
    expect([localDay(), localDay(new Date(Date.now() - 120_000))].map(dmy).some((d) => text.includes(d))).toBe(true);
    await page.screenshot({ path: test.info().outputPath('order-label-vi-1280.png'), fullPage: true });
  });

  await test.step('transaction notes read in Vietnamese', async () => {
    await page.goto('/app/billing?tab=transactions');
    await expect(page.getByText('Thanh toán 2 đơn hàng')).toBeVisible();
    await expect(page.getByText(/Payment of/)).toHaveCount(0);
    await expectAccessible(page, 'transactions in Vietnamese');
    await page.screenshot({ path: test.info().outputPath('transactions-vi-1280.png'), fullPage: true });
  });

  await test.step("the team invite's time is in the seller's offset", async () => {
    const members = await apiCall<{ invitedAt: string }[]>(request, token, 'GET', '/members/list');
    const at = new Date(new Date(members[0]!.invitedAt).getTime() + HOURS * 3_600_000).toISOString();
    await page.goto('/app/profile?t=team');
    await expect(page.getByText(`${dmy(at.slice(0, 10))} ${at.slice(11, 19)}`)).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: `e2e.far.member.${stamp}@example.com` })).toContainText('Hỗ trợ');
    await page.screenshot({ path: test.info().outputPath('team-vi-1280.png'), fullPage: true });
  });
  await page.context().close();

  await test.step('on a phone too', async () => {
    const phone = await freshSignIn(browser, FAR, 390);
    await phone.goto('/app/billing?tab=transactions');
    await expect(phone.getByText('Thanh toán 2 đơn hàng')).toBeVisible();
    await phone.screenshot({ path: test.info().outputPath('transactions-vi-390.png'), fullPage: true });
    await phone.goto(`/app/orders/order-detail/${b._id}`);
    await expect(phone.getByText('Đã tạo nhãn, thông tin lô hàng đã gửi cho hãng vận chuyển')).toBeVisible({ timeout: 45_000 });
    await phone.screenshot({ path: test.info().outputPath('order-label-vi-390.png'), fullPage: true });
    await phone.context().close();
  });
});

test('staff in Vietnamese: role chips and the Check-in column', async ({ browser }) => {
  for (const width of [1280, 390]) {
    const page = await freshSignIn(browser, ADMIN, width);
    await page.goto(`/app/user-management?lang=vi&keyword=${encodeURIComponent(SELLER.email)}&startDate=all&endDate=all`);
    const row = page.getByRole(width < 600 ? 'listitem' : 'row').filter({ hasText: SELLER.email });
    await expect(row.getByText('Khách hàng', { exact: true })).toBeVisible();
    await expect(row.getByText('Customer', { exact: true })).toHaveCount(0);
    if (width >= 600) await expect(page.getByRole('columnheader', { name: 'Nhập kho' })).toBeVisible();
    else await expect(row.getByText('Nhập kho')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`users-vi-${width}.png`), fullPage: true });
    await page.context().close();
  }
});
