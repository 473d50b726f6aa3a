import { expect, test, type Page } from '@playwright/test';
import { ADMIN, SELLER, login } from './helpers';

// The app runs under its Content-Security-Policy without a single violation.

/** Collects CSP violations the page reports (the event and the console line Chromium prints). */
async function watchViolations(page: Page): Promise<string[]> {
  const seen: string[] = [];
  await page.exposeFunction('__reportCsp', (text: string) => void seen.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __reportCsp: (t: string) => void }).__reportCsp(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  page.on('console', (msg) => {
    if (/Content Security Policy/i.test(msg.text())) seen.push(msg.text());
  });
  return seen;
}

for (const who of [SELLER, ADMIN]) {
  test(`login, dashboard and products load under the CSP with no violation (${who.email})`, async ({ page }) => {
    const violations = await watchViolations(page);
    const res = await page.goto('/app/login?lang=en');
    expect(res?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    await login(page, who);
    await expect(page.getByRole('menu').first()).toBeVisible();
    await page.goto('/app/products');
    await expect(page.getByRole('table').first()).toBeVisible();
    expect(violations).toEqual([]);
  });
}
