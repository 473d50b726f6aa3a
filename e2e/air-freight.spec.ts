import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, SELLER, apiCall, expectAccessible, login, pickOption, popupsSettled, tokenOf } from './helpers';
import { airRoute, checkedOutCartons, validMawb } from './freight-seed';

// Journey (air freight): two cartons have left the origin warehouse (seeded through the floor's API).
// Staff import a flight fee schedule for an airline (the template filled in here with ExcelJS) and
// activate it, create a freight on the package-freight screen and scan both cartons into it by
// keyboard, close it, check it (its parcels carry their customs data), confirm the airline's weight
// and mark it departed. The seller then sees the airport departure on its parcel and on the parcel's
// public tracking page, and the freight report shows the freight's cost (from the fees) and margin.

const CUSTOMS_FEE = 35;
const AIRFREIGHT_PER_KG = 3;
const CONFIRMED_KG = 4;

/** What a barcode scanner does: the code typed fast, then Enter. */
async function scan(page: Page, code: string) {
  await page.keyboard.type(code, { delay: 5 });
  await page.keyboard.press('Enter');
}

const banner = (page: Page) => page.getByTestId('scan-banner');
const usd = (v: number) => `${v < 0 ? '-' : ''}$${Math.abs(v).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** Asks for a state change on the freight's detail and confirms it in its dialog. */
async function changeStatus(page: Page, button: string, fill?: (dialog: ReturnType<Page['getByRole']>) => Promise<void>) {
  await page.getByRole('button', { name: button, exact: true }).click();
  await popupsSettled(page);
  const dialog = page.getByRole('dialog');
  await fill?.(dialog);
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await expect(page.getByText('Freight status changed.').last()).toBeVisible();
  await expect(dialog).toHaveCount(0);
}

test('air freight: a fee schedule imported and activated, a freight packed by scanner, checked, weighed and departed; the seller sees the departure on its tracking page, the report the cost and margin', async ({ page, browser, baseURL, request }) => {
  test.setTimeout(300_000);
  const { cartons } = await checkedOutCartons(request, 2);
  const route = await airRoute(request);
  const mawb = validMawb(route.prefix);
  const name = `E2E flight ${mawb}`;

  await login(page, ADMIN);

  // ── The fee schedule: template → filled → imported as a draft → previewed → activated ─────────
  await page.goto(`/app/freight/airline/${route.airline}`);
  await expect(page.getByRole('heading', { name: `${route.airline} — ${route.airlineName}` })).toBeVisible();
  await expect(page.getByText('No active schedule: this airline\'s freights cannot be priced yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Import schedule' }).click();
  await popupsSettled(page);
  const importDialog = page.getByRole('dialog', { name: 'Import a flight fee schedule' });
  const [template] = await Promise.all([page.waitForEvent('download'), importDialog.getByRole('button', { name: 'Download template' }).click()]);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await readFile(await template.path())) as unknown as ArrayBuffer);
  const sheet = book.worksheets[0]!;
  const headers = (sheet.getRow(1).values as unknown[]).map((v) => String(v ?? ''));
  expect(headers.slice(1, 4)).toEqual(['Airline_code', 'Departure_airport_code', 'Arrival_airport_code']);
  const row = sheet.getRow(2);
  for (let c = 1; c < headers.length; c++) row.getCell(c).value = null;
  const cell = (header: string, value: string | number) => (row.getCell(headers.indexOf(header)).value = value);
  cell('Airline_code', route.airline);
  cell('Departure_airport_code', route.departure);
  cell('Arrival_airport_code', route.arrival);
  cell('Customs_fee', CUSTOMS_FEE);
  cell('Airfreight', AIRFREIGHT_PER_KG);
  row.commit();
  while (sheet.rowCount > 2) sheet.spliceRows(3, 1);
  const filled = Buffer.from(await book.xlsx.writeBuffer());
  await importDialog.locator('input[type=file]').setInputFiles({ name: `fees-${route.airline}.xlsx`, mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: filled });
  await importDialog.getByRole('button', { name: 'Check file' }).click();
  await expect(importDialog.getByText(`1 route(s) of ${route.airline}`)).toBeVisible();
  await expect(importDialog.getByRole('cell', { name: `${route.departure} → ${route.arrival}` })).toBeVisible();
  await importDialog.getByRole('button', { name: 'Import as draft (1 airline(s))' }).click();
  // The one draft opens in its preview.
  const preview = page.getByRole('dialog', { name: new RegExp(`^Fee schedule of ${route.airline} from`) });
  await expect(preview).toBeVisible();
  await expect(preview.getByRole('row').filter({ hasText: `${route.departure} → ${route.arrival}` })).toContainText(usd(CUSTOMS_FEE));
  await expectAccessible(page, 'fee schedule preview');
  await preview.getByRole('button', { name: 'Activate' }).click();
  await popupsSettled(page);
  const confirmActivate = page.getByRole('dialog', { name: `Activate this schedule of ${route.airline}?` });
  await expect(confirmActivate).toContainText('The schedule active now is archived.');
  await confirmActivate.getByRole('button', { name: 'Activate' }).click();
  await expect(page.getByText('Fee schedule activated.').first()).toBeVisible();
  await expect(preview).toHaveCount(0);
  await expect(page.getByText('Schedule in force')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Active' }).first()).toBeVisible();

  // ── Package freight: create the freight, then scan the two cartons in by keyboard ─────────────
  await page.goto('/app/freight/package-freight');
  const scanBox = page.getByLabel('Scan a MAWB to pick its freight');
  await expect(scanBox).toBeFocused();
  await page.keyboard.press('Alt+N');
  await popupsSettled(page);
  const form = page.getByRole('dialog', { name: 'New freight' });
  await form.getByLabel('Freight name').fill(name);
  await pickOption(page, form.getByLabel('Airline'), route.airline, route.airline);
  // The airline's prefix is filled in; a wrong check digit is refused on the field.
  await expect(form.getByLabel('MAWB')).toHaveValue(`${route.prefix}-`);
  const wrongDigit = `${mawb.slice(0, -1)}${(Number(mawb.at(-1)) + 1) % 10}`;
  await form.getByLabel('MAWB').fill(wrongDigit);
  await form.getByLabel('MAWB').blur();
  await expect(form.getByText(`MAWB ${wrongDigit} is not valid`)).toBeVisible();
  await form.getByLabel('MAWB').fill(mawb);
  await pickOption(page, form.getByLabel('Departure airport'), route.departure, route.departure);
  await pickOption(page, form.getByLabel('Arrival airport'), route.arrival, route.arrival);
  await form.getByRole('button', { name: 'Create freight' }).click();
  await expect(page.getByText('Freight created.')).toBeVisible();
  await expect(form).toHaveCount(0);
  const intoFreight = page.getByLabel(`Scan a checked-out carton into ${mawb}`);
  await expect(intoFreight).toBeFocused();
  await expect(banner(page)).toContainText(`Ready: scan the cartons for ${mawb}.`);

  for (const [i, c] of cartons.entries()) {
    await scan(page, c.cartonId);
    await expect(banner(page)).toContainText(`${c.cartonId}: added to freight ${mawb}.`);
    await expect(page.getByTestId('freight-cartons')).toHaveText(String(i + 1));
    await expect(intoFreight).toBeFocused();
  }
  // The same carton again changes nothing and says so.
  await scan(page, cartons[0]!.cartonId);
  await expect(banner(page)).toContainText(`${cartons[0]!.cartonId}: already on freight ${mawb}.`);
  await expect(page.getByTestId('freight-cartons')).toHaveText('2');
  await expect(page.getByRole('region', { name: 'Your last 20 scans' }).getByRole('listitem')).toHaveCount(3);
  await expectAccessible(page, 'package freight');

  // Close: Alt+C, confirmed with Enter.
  await page.keyboard.press('Alt+C');
  await popupsSettled(page);
  await expect(page.getByRole('dialog')).toContainText(`Close freight ${mawb}?`);
  await page.keyboard.press('Enter');
  await expect(banner(page)).toContainText(`Freight ${mawb} closed with 2 carton(s).`);

  // ── The freight's detail: check, confirm the weight, depart ───────────────────────────────────
  await page.getByRole('link', { name: 'Open its detail' }).click();
  await expect(page.getByRole('heading', { name: new RegExp(`Freight ${name}`) })).toBeVisible();
  await expect(page.getByRole('region', { name: /Customs data missing/ })).toHaveCount(0);
  await expect(page.getByText('Not priced yet: the cost is worked out')).toBeVisible();
  await expectAccessible(page, 'freight detail (closed)');
  await changeStatus(page, 'Check');
  await expect(page.getByText('Checked: cartons are locked.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Take off' })).toHaveCount(0);
  // Priced on the chargeable weight (2 cartons of 1.5 kg) once checked.
  await expect(page.getByTestId('freight-cost-total')).toHaveText(usd(CUSTOMS_FEE + AIRFREIGHT_PER_KG * 3));
  await changeStatus(page, 'Confirm weight', async (dialog) => {
    await expect(dialog).toContainText('Our gross weight 1.4 kg, chargeable weight 3 kg.');
    await dialog.getByLabel('Weight confirmed by the airline (kg)').fill(String(CONFIRMED_KG));
  });
  const cost = CUSTOMS_FEE + AIRFREIGHT_PER_KG * CONFIRMED_KG;
  await expect(page.getByTestId('freight-cost-total')).toHaveText(usd(cost));
  await expect(page.getByText(`Per-kg fees charged on the weight the airline confirmed, ${CONFIRMED_KG} kg.`)).toBeVisible();
  await changeStatus(page, 'Mark departed', async (dialog) => {
    await expect(dialog).toContainText(`Each of its 2 parcel(s) gets the airport departure from ${route.departure}`);
  });
  await expect(page.getByRole('heading', { name: new RegExp(`Freight ${name}`) }).getByText('Departed')).toBeVisible();
  await expectAccessible(page, 'freight detail (departed)');
  // The history names what happened on each row.
  const history = page.locator('.ant-card').filter({ has: page.getByText('History', { exact: true }) });
  await expect(history.getByText('Weight confirmed', { exact: true })).toBeVisible();
  await expect(history.getByText('Status changed: Confirmed weight → Departed')).toBeVisible();
  await expect(history.getByText('Carton added', { exact: true })).toHaveCount(2);

  // ── The freight list: at 1280 px every status tab is on screen (none behind "…") ──────────────
  expect(page.viewportSize()?.width).toBe(1280);
  await page.goto('/app/freight/listing-freight');
  const tabs = page.getByRole('tablist');
  for (const tab of ['All', 'Open', 'Closed', 'Checked', 'Weighed', 'Departed', 'In transit', 'At airport', 'At US hub', 'Exception']) {
    await expect(tabs.getByRole('tab', { name: new RegExp(`^${tab} \\d+$`) }), tab).toBeInViewport({ ratio: 1 });
  }
  await expect(page.locator('.ant-tabs-nav-operations:not(.ant-tabs-nav-operations-hidden)')).toHaveCount(0);
  await tabs.getByRole('tab', { name: /^Departed \d+$/ }).click();
  await expect(page.getByRole('link', { name: new RegExp(mawb) })).toBeVisible();

  // ── The seller sees the flight on its parcel, and on the parcel's public tracking page ─────────
  const sellerContext = await browser.newContext({ baseURL });
  const seller = await sellerContext.newPage();
  await login(seller, SELLER);
  await seller.goto(`/app/orders/order-detail/${cartons[0]!.parcel._id}`);
  const shipping = seller.locator('.ant-card').filter({ has: seller.getByText('Label and tracking', { exact: true }) });
  await expect(shipping.getByText(`Departed ${route.departure} on ${route.airlineName} (${mawb})`)).toBeVisible();
  const publicPath = await shipping.getByRole('link', { name: 'Open the public page' }).getAttribute('href');
  await seller.goto(`${publicPath!}?lang=en`);
  await expect(seller.getByRole('heading', { name: 'Parcel tracking' })).toBeVisible();
  await expect(seller.getByText('Airport departure').first()).toBeVisible();
  await expect(seller.getByText(`Departed ${route.departure} on ${route.airlineName} (${mawb})`)).toBeVisible();
  await expectAccessible(seller, 'public tracking with the flight');
  await sellerContext.close();

  // ── The freight report: its cost and margin, as the server works them out ─────────────────────
  const admin = await tokenOf(request, ADMIN);
  const report = await apiCall<{ rows: { mawb: string; cost: number; margin: number }[] }>(request, admin, 'GET', `/reports/freight?airlineCode=${route.airline}`);
  const line = report.rows.find((r) => r.mawb === mawb)!;
  expect(line.cost).toBe(cost);
  await page.goto(`/app/report/freight-report?airlineCode=${route.airline}`);
  const reportRow = page.getByRole('row').filter({ hasText: mawb });
  await expect(reportRow).toContainText(usd(cost));
  await expect(reportRow).toContainText(usd(line.margin));
  await expect(page.getByRole('img', { name: /Cost and margin of 1 freight\(s\)/ })).toBeVisible();
  await expectAccessible(page, 'freight report');
});
