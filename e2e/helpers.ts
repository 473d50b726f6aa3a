import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

export const ADMIN = { email: 'admin@exship.local', password: 'Admin#Passw0rd!' };
export const SELLER = { email: 'seller@exship.local', password: 'Seller#Passw0rd!' };

/**
 * Each sign-in of a journey comes from its own client address: the E2E server trusts one proxy hop
 * (TRUST_PROXY=1), so the whole run does not hit the per-address sign-in limit (50 in 15 minutes) that
 * one real client would.
 */
const ipBase = Math.floor(Math.random() * 200);
let ipCount = 0;
export function nextClientIp(): string {
  ipCount++;
  return `10.${ipBase}.${Math.floor(ipCount / 250) % 250}.${(ipCount % 250) + 1}`;
}

/**
 * Signs in through the login form. The integrations banner (SPEC §2, once after login for users who
 * may connect a Walmart store) is dismissed first through the API, so it covers no journey's screen;
 * `{ banner: true }` leaves it as the user left it (the Walmart journey checks it).
 */
export async function login(page: Page, who: { email: string; password: string }, opts: { banner?: boolean } = {}) {
  if (!opts.banner) await apiCall(page.request, await tokenOf(page.request, who), 'POST', '/profile/dismiss-notice', { notice: 'integrations-banner' });
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': nextClientIp() });
  await page.goto('/app/login?lang=en');
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/app\/dashboard$/);
}

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  createdAt: string;
}

/** Polls the E2E-only outbox until a mail to `to` matches, with a deadline (no sleeps). */
export async function waitForMail(request: APIRequestContext, to: string, match: RegExp): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/v1/test/outbox?to=${encodeURIComponent(to)}`);
        if (!res.ok()) return false;
        const body = (await res.json()) as { data?: OutboxMail[] };
        found = body.data?.find((m) => match.test(m.text));
        return !!found;
      },
      { timeout: 20_000, message: `a mail to ${to} matching ${match}` },
    )
    .toBe(true);
  return found!;
}

/**
 * Waits until no antd pop-up (modal, popconfirm, dropdown) is still opening: a click on a button of a
 * dialog that is zooming in can land before the dialog takes it, on a busy machine.
 */
export async function popupsSettled(page: Page) {
  await expect(page.locator('.ant-zoom-appear, .ant-zoom-enter, .ant-zoom-big-appear, .ant-zoom-big-enter, .ant-fade-appear, .ant-fade-enter, .ant-slide-up-appear, .ant-slide-up-enter')).toHaveCount(0);
}

/** One API call with a bearer token; fails the test on an error reply. */
export async function apiCall<T>(request: APIRequestContext, token: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH', path: string, data?: unknown): Promise<T> {
  const res = await request.fetch(`/api/v1${path}`, { method, headers: { Authorization: `Bearer ${token}` }, data });
  const body = (await res.json()) as { success: boolean; data: T; message: string };
  expect(body.success, `${method} ${path}: ${body.message}`).toBe(true);
  return body.data;
}

/** A session token for API calls made by a journey's set-up. */
export async function tokenOf(request: APIRequestContext, who: { email: string; password: string }): Promise<string> {
  const res = await request.post('/api/v1/login', { data: who, headers: { 'x-forwarded-for': nextClientIp() } });
  expect(res.ok(), `sign-in of ${who.email}: ${res.status()}`).toBe(true);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

/**
 * WCAG 2.2 AA with axe-core: the screen as it is now has no serious or critical violation.
 * Called at the key screens of every journey; the failure lists each rule and the elements.
 */
export async function expectAccessible(page: Page, screen: string) {
  // Let the screen settle (loaders gone, fonts applied) so axe checks what a user sees.
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active')).toHaveCount(0);
  // A confirm dialog that is closing is still in the page while it fades: wait until it has left.
  await expect(page.locator('.ant-modal-confirm, .ant-zoom-leave, .ant-fade-leave')).toHaveCount(0);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = serious.map((v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `  ${n.target.join(' ')} — ${n.failureSummary?.split('\n').slice(1).join(' ')}`).join('\n')}`);
  expect(report, `accessibility of ${screen}`).toEqual([]);
}

/**
 * A list's column header is on screen: in the viewport, inside its table's visible (scrolled) area,
 * and not covered by another cell (a pinned column).
 */
export async function expectColumnVisible(page: Page, name: string) {
  const header = page.getByRole('columnheader', { name, exact: true }).first();
  await expect(header).toBeInViewport({ ratio: 1 });
  const problem = await header.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const scroller = el.closest('.ant-table-content, .ant-table-body, .ant-table-container');
    if (scroller) {
      const s = scroller.getBoundingClientRect();
      if (r.left < s.left - 1 || r.right > s.right + 1) return `outside the table's visible area (${Math.round(r.left)}–${Math.round(r.right)} vs ${Math.round(s.left)}–${Math.round(s.right)})`;
    }
    for (const x of [r.left + 4, r.left + r.width / 2, r.right - 4]) {
      const hit = document.elementFromPoint(x, r.top + r.height / 2);
      if (!hit || !(el === hit || el.contains(hit))) return `covered at x=${Math.round(x)} by ${hit?.textContent?.trim().slice(0, 40) ?? 'nothing'}`;
    }
    return null;
  });
  expect(problem, `column "${name}"`).toBeNull();
}

/**
 * Picks an option of a single antd Select by its visible text, and waits for its list to close. On a busy
 * machine a click can land while the list is still opening or while the page re-renders around it; the
 * pick is then made again (a single Select re-picking the same option changes nothing).
 */
export async function pickOption(page: Page, select: Locator, text: string, search?: string) {
  const open = page.locator('.ant-select-dropdown:visible');
  await expect(async () => {
    if ((await open.count()) === 0) await select.click();
    if (search) await select.fill(search);
    await popupsSettled(page);
    await open.locator('.ant-select-item-option').filter({ hasText: text }).first().click({ timeout: 5_000 });
    await expect(open).toHaveCount(0, { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
}
