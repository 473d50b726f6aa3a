import { expect, test } from '@playwright/test';
import { expectAccessible, popupsSettled, waitForMail } from './helpers';

// Journey: sign up → verify by the emailed link → sign in → dashboard → Vietnamese → log out → a new
// browser signs in and speaks the saved Vietnamese.
test('a new seller signs up, verifies, signs in, switches to Vietnamese and logs out', async ({ page, request, browser }) => {
  const email = `e2e.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
  const password = 'Str0ng#Passw0rd!';
  const fullName = 'Linh Tran';

  await page.goto('/app/signup?lang=en');
  await expect(page.getByRole('button', { name: 'Create account' })).toBeVisible();
  await expectAccessible(page, 'sign-up');
  await page.getByLabel('Full name').fill(fullName);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone (optional)').fill('+84901234567');
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('checkbox', { name: /I agree to the/ }).check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Check your email', { exact: true })).toBeVisible();

  const mail = await waitForMail(request, email, /\/app\/account\/verify\//);
  const link = /\/app\/account\/verify\/[^\s"'<>]+/.exec(mail.text)![0];
  await page.goto(link);
  await expect(page.getByText('Account verified')).toBeVisible();
  await page.getByRole('button', { name: 'Go to sign in' }).click();

  await expect(page).toHaveURL(/\/app\/login/);
  await expectAccessible(page, 'sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  // A seller may connect a Walmart store: the integrations banner greets the first sign-in (SPEC §2).
  const banner = page.getByRole('dialog', { name: /Connect your store/ });
  await popupsSettled(page);
  await banner.getByRole('button', { name: 'Got it' }).click();
  await expect(banner).toBeHidden();
  await expect(page.getByRole('heading', { name: `Hello, ${fullName}` })).toBeVisible();
  await expect(page).toHaveTitle('Dashboard | ExShip');
  await expectAccessible(page, 'seller dashboard');

  // Language: header switch, confirmation, then the UI speaks Vietnamese.
  await page.getByRole('button', { name: 'Language' }).click();
  await popupsSettled(page);
  await page.getByRole('menuitem', { name: 'Tiếng Việt' }).click();
  const confirmLanguage = page.getByRole('dialog');
  await expect(confirmLanguage).toContainText('Change language?');
  await confirmLanguage.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('heading', { name: `Xin chào, ${fullName}` })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Tổng quan' })).toBeVisible();
  await expect(page).toHaveTitle('Tổng quan | ExShip');

  // Log out, with its confirmation (now in Vietnamese).
  await page.getByRole('button', { name: 'Menu tài khoản' }).click();
  // The menu takes a click once it has finished opening (a click during its animation can be lost).
  await popupsSettled(page);
  await page.getByRole('menuitem', { name: 'Đăng xuất' }).click();
  const confirmLogout = page.getByRole('dialog');
  await expect(confirmLogout).toContainText('Đăng xuất?');
  await popupsSettled(page);
  await confirmLogout.getByRole('button', { name: 'Đăng xuất' }).click();
  await expect(page).toHaveURL(/\/app\/login$/);
  await expect(page.getByRole('heading', { name: 'Đăng nhập' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('exship.token'))).toBeNull();

  // A new browser (nothing stored) opened in English: once signed in, the saved Vietnamese applies.
  const fresh = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const other = await fresh.newPage();
  await other.goto('/app/login?lang=en');
  await expect(other.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await other.getByLabel('Email').fill(email);
  await other.getByLabel('Password', { exact: true }).fill(password);
  await other.getByRole('button', { name: 'Sign in' }).click();
  await expect(other.getByRole('heading', { name: `Xin chào, ${fullName}` })).toBeVisible();
  await expect(other.getByRole('menuitem', { name: 'Tổng quan' })).toBeVisible();
  await expect(other.locator('html')).toHaveAttribute('lang', 'vi');
  await other.screenshot({ path: test.info().outputPath('signed-in-fresh-browser-vi.png') });
  await fresh.close();
});

test('a wrong password is refused with the server message', async ({ page }) => {
  await page.goto('/app/login?lang=en');
  await page.getByLabel('Email').fill('seller@exship.local');
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Wrong email or password.' })).toBeVisible();
  await expect(page).toHaveURL(/\/app\/login/);
});

test('an unverified account is told so and can ask for a new verification email', async ({ page, request }) => {
  const email = `e2e.unverified.${Date.now()}@example.com`;
  const password = 'Str0ng#Passw0rd!';
  const registered = await request.post('/api/v1/register', {
    data: { fullName: 'Not Yet', email, password, confirmPassword: password, agreeTerms: true },
  });
  expect(registered.status()).toBe(201);
  await waitForMail(request, email, /\/app\/account\/verify\//);

  await page.goto('/app/login?lang=en');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'not verified' })).toBeVisible();
  await page.getByRole('button', { name: 'Resend verification email' }).click();
  await expect(page.getByText(/new link is on its way|verification email is on its way/)).toBeVisible();
  await expect
    .poll(async () => ((await (await request.get(`/api/v1/test/outbox?to=${encodeURIComponent(email)}`)).json()) as { data: unknown[] }).data.length)
    .toBeGreaterThanOrEqual(2);
});
