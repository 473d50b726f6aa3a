import { expect, test, type Locator, type Page } from '@playwright/test';
import { ADMIN, SELLER, expectAccessible, login } from './helpers';

// SPEC §2 /app/setting-user/notifications, §4 notification waiting → sent, §7 /notifi/new,
// /notifi-system/update-stt: staff publish one notification to the Customer role at once and
// schedule another for the seller alone for tomorrow, then publish that one now; the seller reads
// both in the bell and in My notifications.

const stamp = Date.now().toString(36).toUpperCase();
const NOW = { name: `E2E Tet hours ${stamp}`, code: `E2E_TET_${stamp}`, title: `Warehouses close for Tet ${stamp}`, titleVi: `Kho nghỉ Tết ${stamp}` };
const LATER = { name: `E2E April prices ${stamp}`, code: `E2E_PRICES_${stamp}`, title: `New prices from April ${stamp}`, titleVi: `Giá mới từ tháng 4 ${stamp}` };

const pad = (n: number) => String(n).padStart(2, '0');
/** DD-MM-YYYY of tomorrow at the given offset ('+07:00'), the way the screen shows dates. */
function tomorrowAt(offset: string): string {
  const [, sign, hh, mm] = /^([+-])(\d{2}):(\d{2})$/.exec(offset)!;
  const minutes = (sign === '-' ? -1 : 1) * (Number(hh) * 60 + Number(mm));
  const d = new Date(Date.now() + 24 * 3_600_000 + minutes * 60_000);
  return `${pad(d.getUTCDate())}-${pad(d.getUTCMonth() + 1)}-${d.getUTCFullYear()}`;
}

async function openNewForm(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'New notification' }).click();
  const form = page.getByRole('dialog', { name: 'New notification' });
  await expect(form).toBeVisible();
  return form;
}

async function fillTexts(form: Locator, texts: { name: string; code: string; title: string; titleVi: string }, content: string) {
  await form.getByLabel('Name', { exact: true }).fill(texts.name);
  // Typed in lower case: the form keeps codes upper case.
  await form.getByLabel('Code', { exact: true }).fill(texts.code.toLowerCase());
  await expect(form.getByLabel('Code', { exact: true })).toHaveValue(texts.code);
  const en = form.getByRole('region', { name: 'English' });
  const vi = form.getByRole('region', { name: 'Vietnamese' });
  await en.getByLabel('Title', { exact: true }).fill(texts.title);
  await en.getByLabel('Content', { exact: true }).fill(content);
  await expect(en.getByText(`${content.length} / 2000`)).toBeVisible();
  await vi.getByLabel('Title', { exact: true }).fill(texts.titleVi);
  await vi.getByLabel('Content', { exact: true }).fill(`(vi) ${content}`);
}

/** The recipients count shown under a sent row's status. */
async function recipientsOf(row: Locator): Promise<number> {
  const text = await row.getByText(/^\d+ recipients?$/).textContent();
  return Number(/^(\d+)/.exec(text ?? '')?.[1]);
}

test('staff publish a notification now and one scheduled for tomorrow; the seller reads both', async ({ page, browser }) => {
  // Two users, two forms and an accessibility scan: longer than the default 60 s on a busy 2-core box.
  test.setTimeout(120_000);
  await login(page, ADMIN);
  await page.goto('/app/setting-user/notifications');
  await expect(page.getByRole('tab', { name: 'Manage', selected: true })).toBeVisible();

  // 1. To the Customer role, published as soon as it is saved (empty publish time).
  let form = await openNewForm(page);
  await fillTexts(form, NOW, 'Our warehouses close from 14 to 20 February.');
  await form.getByRole('radio', { name: 'Roles' }).check();
  await form.getByRole('combobox', { name: 'Roles' }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="Customer"]').click();
  await form.getByLabel('Link', { exact: true }).fill('/app/orders');
  await expect(form.getByText(/^Empty or past: sent as soon as you save/)).toBeVisible();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(/^Sent to \d+ recipients?\.$/)).toBeVisible();
  await expect(form).toBeHidden();

  const sentRow = page.getByRole('row', { name: new RegExp(NOW.name) });
  await expect(sentRow.getByText('Sent', { exact: true })).toBeVisible();
  await expect(sentRow).toContainText('Customer');
  await expect(sentRow).toContainText('In the app');
  await expect(sentRow).toContainText(NOW.code);
  expect(await recipientsOf(sentRow)).toBeGreaterThanOrEqual(1);
  await expect(sentRow.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await expectAccessible(page, 'notifications (manage)');

  // 2. To the seller chosen by name or email, for tomorrow 09:00 in the admin's time zone: it waits.
  form = await openNewForm(page);
  await fillTexts(form, LATER, 'Standard service prices change on 1 April.');
  await form.getByRole('radio', { name: 'Chosen users' }).check();
  await form.getByRole('combobox', { name: 'Sellers' }).fill(SELLER.email);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: `<${SELLER.email}>` }).click();
  await expect(form.locator('.ant-select-selection-item', { hasText: `<${SELLER.email}>` })).toBeVisible();
  const publishLabel = (await form.getByText(/^Publish time \(GMT[+-]\d{2}:\d{2}\)$/).textContent())!;
  const offset = /GMT([+-]\d{2}:\d{2})/.exec(publishLabel)![1]!;
  const tomorrow = tomorrowAt(offset);
  const picker = form.getByPlaceholder('Now');
  await picker.click();
  await picker.fill(`${tomorrow} 09:00`);
  await picker.press('Enter');
  await expect(form.getByText(`Waits until ${tomorrow} 09:00:00 (GMT${offset}); you can change it until then.`)).toBeVisible();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Scheduled for ${tomorrow} 09:00:00.`)).toBeVisible();

  // Only waiting ones, filtered in the URL.
  const statusFilter = page.locator('.ant-segmented');
  await statusFilter.getByText('Waiting', { exact: true }).click();
  await expect(page).toHaveURL(/status=waiting/);
  const waitingRow = page.getByRole('row', { name: new RegExp(LATER.name) });
  await expect(waitingRow.getByText('Waiting', { exact: true })).toBeVisible();
  await expect(waitingRow).toContainText(`${tomorrow} 09:00:00`);
  await expect(waitingRow).toContainText('1 user');
  await expect(page.getByRole('row', { name: new RegExp(NOW.name) })).toHaveCount(0);

  // 3. Publish it now, after the confirmation.
  await waitingRow.getByRole('button', { name: 'Publish now' }).click();
  const confirm = page.getByRole('tooltip').filter({ hasText: `Publish “${LATER.name}” now?` });
  await expect(confirm).toContainText('It goes to its recipients at once and can no longer be changed.');
  await confirm.getByRole('button', { name: 'Publish now' }).click();
  await expect(page.getByText(/^Sent to \d+ recipients?\.$/)).toBeVisible();
  await statusFilter.getByText('Sent', { exact: true }).click();
  await expect(page).toHaveURL(/status=sent/);
  const published = page.getByRole('row', { name: new RegExp(LATER.name) });
  await expect(published.getByText('Sent', { exact: true })).toBeVisible();
  expect(await recipientsOf(published)).toBe(1);

  // 4. The seller, in another browser: both in the bell and in My notifications (no Manage tab).
  const context = await browser.newContext();
  const seller = await context.newPage();
  await login(seller, SELLER);
  const bell = seller.getByRole('button', { name: 'Notifications' });
  await expect(bell).toHaveAccessibleDescription(/^\d+ unread$/);
  await bell.click();
  const popover = seller.getByRole('region', { name: 'Notifications' }).getByRole('list', { name: 'Notifications' });
  // Newest first: the one published last is on top.
  await expect(popover.getByRole('listitem').first()).toContainText(LATER.title);
  await expect(popover).toContainText(NOW.title);
  await seller.keyboard.press('Escape');

  await seller.goto('/app/setting-user/notifications');
  await expect(seller.getByRole('tab')).toHaveCount(1);
  await expect(seller.getByRole('tab', { name: 'My notifications', selected: true })).toBeVisible();
  await expect(seller.getByRole('button', { name: 'New notification' })).toHaveCount(0);
  const mine = seller.getByRole('main').getByRole('list', { name: 'My notifications' });
  const unreadBefore = Number(/^(\d+)/.exec((await seller.getByRole('main').getByText(/^\d+ unread$/).textContent()) ?? '')?.[1]);
  expect(unreadBefore).toBeGreaterThanOrEqual(2);
  const nowItem = mine.getByRole('link', { name: new RegExp(`^${NOW.title}.*Unread$`) });
  await expect(nowItem).toContainText('Our warehouses close from 14 to 20 February.');
  await expect(mine.getByRole('button', { name: new RegExp(`^${LATER.title}.*Unread$`) })).toContainText('Standard service prices change on 1 April.');

  // Clicking one opens its link and marks it seen.
  await nowItem.click();
  await expect(seller).toHaveURL(/\/app\/orders$/);
  await expect(bell).toHaveAccessibleDescription(`${unreadBefore - 1} unread`);
  await seller.goBack();
  await expect(mine.getByRole('link', { name: new RegExp(`^${NOW.title}`) })).not.toHaveClass(/is-unseen/);
  await context.close();
});
