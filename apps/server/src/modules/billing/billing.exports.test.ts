import ExcelJS from 'exceljs';
import { getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate, type Language } from '@exship/contracts';
import { formatDateTime, toCents } from '@exship/domain';
import { workingDayCalendar } from '@exship/domain/working-days';
import { ADMIN, createSeller, orderBody, startTestApp, type TestApp } from '../../test/harness';
import { creditWallet } from '../wallet';
import { createInvoiceService } from './billing.invoices';

// Every export and the invoice PDF show what the screens show — the customer's email and name,
// labels in the viewer's language, dates in the viewer's time zone — and their money adds up: the
// fee columns of a row sum to its total, the lines of an invoice to the invoice's total. Read back
// with ExcelJS and pdf.js, on an order that has every fee (seasonal, signature, over-length, a
// discount, tax) and a surcharge paid later.
let t: TestApp;
let admin: string;
let viewer: { id: string; token: string };
const EMAIL = 'money.viewer@example.com';
const NAME = 'Other Seller';
/** West of UTC, so a UTC date and the viewer's date differ in the evening. */
const OFFSET = '-05:00';
let fullOrder: { _id: string; exOrderId: string };
let plainOrder: { _id: string; exOrderId: string };

const get = (url: string, lang: Language = 'en') => t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: { authorization: `Bearer ${viewer.token}`, language: lang } });
const post = (url: string, payload: object, lang: Language = 'en') =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: { authorization: `Bearer ${viewer.token}`, language: lang }, payload });

/** The first sheet: its header row and its data rows as objects keyed by header. */
async function sheet(data: Buffer): Promise<{ headers: string[]; rows: Record<string, unknown>[] }> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(data as unknown as ArrayBuffer);
  const all: unknown[][] = [];
  wb.worksheets[0]!.eachRow((row) => all.push((row.values as unknown[]).slice(1)));
  const headers = (all[0] ?? []).map(String);
  return { headers, rows: all.slice(1).map((r) => Object.fromEntries(headers.map((h, i) => [h, r[i] ?? null]))) };
}
const cents = (v: unknown) => (v === null || v === '' ? 0 : toCents(Number(v)));

beforeAll(async () => {
  t = await startTestApp({ env: { SEED_DEMO_CATALOG: 'true' } });
  admin = await t.login(ADMIN.email, ADMIN.password);
  viewer = await createSeller(t, EMAIL);
  const tz = await t.call({ method: 'PATCH', url: '/api/v1/profile/update-setting', token: viewer.token, payload: { timeZone: OFFSET } });
  expect(tz.status, JSON.stringify(tz.body)).toBe(200);
  await t.db.transaction((tx) => creditWallet(tx, 'top_up', { accountId: viewer.id, amountCents: 200_00, actorId: null, gateway: 'bank', note: 'funds' }));
  // 130 cm is over the demo service's 121.92 cm: every fee line of the price is there.
  const full = await t.call({ method: 'POST', url: '/api/v1/orders', token: viewer.token, payload: orderBody('MONEY-FULL', { signature: true, lengthCm: 130, discountCode: 'WELCOME10' }) });
  expect(full.status, JSON.stringify(full.body)).toBe(201);
  fullOrder = full.body.data;
  const plain = await t.call({ method: 'POST', url: '/api/v1/orders', token: viewer.token, payload: orderBody('MONEY-PLAIN') });
  plainOrder = plain.body.data;
  const paid = await t.call({ method: 'POST', url: '/api/v1/orders/pay', token: viewer.token, payload: { orderIds: [fullOrder._id, plainOrder._id] } });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  const surcharge = await t.call({ method: 'POST', url: `/api/v1/orders/${fullOrder._id}/surcharges`, token: admin, payload: { amount: 3.25, reason: 'Other' } });
  expect(surcharge.status, JSON.stringify(surcharge.body)).toBe(201);
  expect((await t.call({ method: 'POST', url: '/api/v1/orders/pay', token: viewer.token, payload: { orderIds: [fullOrder._id] } })).status).toBe(200);
});
afterAll(() => t?.close());

describe('the orders export', () => {
  it('has every fee column, and each row\'s fees sum to its total', async () => {
    const res = await get('/orders/export.xlsx', 'vi');
    expect(res.statusCode).toBe(200);
    const { headers, rows } = await sheet(res.rawPayload);
    const h = (key: string) => translate('vi', key);
    const fees = ['shippingFee', 'seasonalFee', 'signatureFee', 'overLengthFee', 'discount', 'taxFee', 'surcharge'].map((k) => h(`export.fee.${k}`));
    for (const f of [...fees, h('export.fee.total')]) expect(headers).toContain(f);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(fees.reduce((sum, f) => sum + cents(row[f]), 0), String(row[h('export.orders.orderId')])).toBe(cents(row[h('export.fee.total')]));
    }
    // The full order has each fee; the discount reads as money taken off.
    const full = rows.find((r) => r[h('export.orders.orderId')] === fullOrder.exOrderId)!;
    for (const f of fees) expect(cents(full[f]), f).not.toBe(0);
    expect(cents(full[h('export.fee.discount')])).toBeLessThan(0);
    expect(cents(full[h('export.fee.surcharge')])).toBe(325);
  });

  it('shows the customer, the statuses in the viewer\'s language and the dates in the viewer\'s time zone', async () => {
    const { rows } = await sheet((await get('/orders/export.xlsx', 'vi')).rawPayload);
    const h = (key: string) => translate('vi', key);
    const detail = (await t.call({ method: 'GET', url: `/api/v1/orders/${plainOrder._id}`, token: viewer.token })).body.data;
    const row = rows.find((r) => r[h('export.orders.orderId')] === plainOrder.exOrderId)!;
    expect(row[h('export.orders.customerEmail')]).toBe(EMAIL);
    expect(row[h('export.orders.customerName')]).toBe(NAME);
    expect(row[h('export.orders.status')]).toBe('Đã thanh toán');
    expect(row[h('export.orders.paymentStatus')]).toBe('Đã thanh toán');
    expect(row[h('export.orders.createdAt')]).toBe(formatDateTime(detail.createdAt, OFFSET));
    const en = await sheet((await get('/orders/export.xlsx', 'en')).rawPayload);
    expect(en.rows.find((r) => r['Order ID'] === plainOrder.exOrderId)!.Status).toBe('Paid');
  });
});

describe('the transaction exports', () => {
  it('name the customer by email and name, the type and gateway in words, the date in the viewer\'s time zone', async () => {
    const list = (await post('/transaction/all-transaction', { page: 1, pageSize: 50 })).json().data.items as { id: string; type: string; createdAt: string }[];
    const res = await post('/transaction/export-transaction', {}, 'vi');
    expect(res.statusCode).toBe(200);
    const { headers, rows } = await sheet(res.rawPayload);
    const h = (key: string) => translate('vi', key);
    expect(headers).toEqual(expect.arrayContaining([h('export.tx.customerEmail'), h('export.tx.customerName'), h('export.tx.type'), h('export.tx.gateway'), h('export.tx.createdAt')]));
    expect(rows).toHaveLength(list.length);
    expect(JSON.stringify(rows)).not.toContain(viewer.id);
    for (const row of rows) {
      expect(row[h('export.tx.customerEmail')]).toBe(EMAIL);
      expect(row[h('export.tx.customerName')]).toBe(NAME);
      const tx = list.find((x) => x.id === row[h('export.tx.id')])!;
      expect(row[h('export.tx.createdAt')]).toBe(formatDateTime(tx.createdAt, OFFSET));
      expect(row[h('export.tx.type')]).toBe(translate('vi', `export.txType.${tx.type}`));
    }
    // Amounts signed as the screen shows them: each row's balance before + amount = its balance after (oldest first).
    const oldestFirst = [...rows].reverse();
    let before = 0;
    for (const row of oldestFirst) {
      expect(before + cents(row[h('export.tx.amount')]), String(row[h('export.tx.type')])).toBe(cents(row[h('export.tx.balanceAfter')]));
      before = cents(row[h('export.tx.balanceAfter')]);
    }
    expect(oldestFirst.map((r) => Math.sign(cents(r[h('export.tx.amount')])))).toEqual([1, -1, -1]);
    const types = rows.map((r) => r[h('export.tx.type')]);
    expect(types).toContain('Nạp tiền');
    expect(types).toContain('Thanh toán');
    expect(rows.find((r) => r[h('export.tx.type')] === 'Nạp tiền')![h('export.tx.gateway')]).toBe('Chuyển khoản');
  });

  it('the orders of the transactions: the line kind in words, the amounts per order as paid', async () => {
    const res = await post('/order-transaction/export-order-transaction', {});
    expect(res.statusCode).toBe(200);
    const { rows } = await sheet(res.rawPayload);
    expect(rows.map((r) => [r['Order ID'], r.Line, r.Type, cents(r['Amount (USD)'])]).sort()).toEqual(
      [
        [fullOrder.exOrderId, 'Shipping', 'Payment', expect.any(Number)],
        [fullOrder.exOrderId, 'Surcharge', 'Payment', 325],
        [plainOrder.exOrderId, 'Shipping', 'Payment', 975],
      ].sort(),
    );
    for (const row of rows) {
      expect(row['Customer email']).toBe(EMAIL);
      expect(String(row.Date)).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}$/);
    }
  });
});

/** The PDF's text items of every page, with where they stand. */
async function pdfItems(pdf: Buffer): Promise<{ str: string; x: number; y: number; page: number }[]> {
  const doc = await getDocumentProxy(new Uint8Array(pdf));
  const out: { str: string; x: number; y: number; page: number }[] = [];
  for (let p = 1; p <= doc.numPages; p++) {
    const content = await (await doc.getPage(p)).getTextContent();
    for (const item of content.items as { str: string; transform: number[] }[]) if (item.str.trim()) out.push({ str: item.str, x: item.transform[4]!, y: Math.round(item.transform[5]!), page: p });
  }
  return out;
}

describe('the invoice PDF', () => {
  it('has every fee column: each line\'s fees sum to its amount, the lines to the total; dates in the viewer\'s time zone', async () => {
    // Made at 02:00 UTC on the 1st: still the last day of the month at -05:00.
    const d = new Date();
    const now = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1, 2));
    const invoices = createInvoiceService({ db: t.db, calendar: workingDayCalendar('US'), now: () => now });
    expect(await invoices.generate(d.toISOString().slice(0, 7), viewer.id)).toEqual({ created: 1, existing: 0 });
    const list = (await post('/invoices/list', {})).json().data.items as { id: string }[];
    const detail = (await get(`/invoices/${list[0]!.id}`)).json().data as { number: string; total: number; issuedAt: string; taxDueAt: string; lines: { exOrderId: string; paidAt: string; amount: number }[] };
    expect(detail.lines).toHaveLength(3);

    const res = await get(`/invoices/${list[0]!.id}/pdf`);
    expect(res.statusCode).toBe(200);
    const items = await pdfItems(res.rawPayload);
    const text = items.map((i) => i.str).join(' ');
    for (const key of ['export.fee.seasonalFee', 'export.fee.signatureFee', 'export.fee.overLengthFee', 'export.fee.surcharge']) expect(text).toContain(translate('en', key));
    expect(text).toContain(`${formatDateTime(detail.issuedAt, OFFSET)}`);
    expect(text).toContain(`${formatDateTime(detail.taxDueAt, OFFSET)}`);
    expect(text).not.toContain(formatDateTime(detail.issuedAt, '+00:00').slice(0, 10));

    // A line: its number first, then its cells left to right; the money cells are the numbers.
    const money = /^-?[\d,]+\.\d{2}$/;
    const rows = new Map<string, typeof items>();
    for (const i of items) rows.set(`${i.page}:${i.y}`, [...(rows.get(`${i.page}:${i.y}`) ?? []), i]);
    const lines = [...rows.values()].map((r) => r.sort((a, b) => a.x - b.x)).filter((r) => /^\d+$/.test(r[0]!.str) && r.some((c) => money.test(c.str)));
    expect(lines).toHaveLength(detail.lines.length);
    let sum = 0;
    for (const [i, line] of lines.entries()) {
      const numbers = line.filter((c) => money.test(c.str)).map((c) => toCents(Number(c.str.replace(/,/g, ''))));
      const amount = numbers.at(-1)!;
      expect(numbers.slice(0, -1).reduce((a, b) => a + b, 0), line.map((c) => c.str).join(' | ')).toBe(amount);
      expect(amount).toBe(toCents(detail.lines[i]!.amount));
      expect(line.map((c) => c.str)).toContain(formatDateTime(detail.lines[i]!.paidAt, OFFSET));
      sum += amount;
    }
    const orderLine = lines[detail.lines.findIndex((l) => l.exOrderId === fullOrder.exOrderId)]!;
    expect(orderLine.filter((c) => money.test(c.str)).length).toBeGreaterThanOrEqual(7);
    expect(sum).toBe(toCents(detail.total));
    expect(text).toContain(`Total: ${detail.total.toFixed(2)} USD`);
  });
});
