import { sql } from 'drizzle-orm';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, SELLER, createSeller, orderBody, startTestApp, type TestApp } from '../../test/harness';
import { startQueue } from '../../platform/workflow';
import { workingDayCalendar } from '@exship/domain/working-days';
import { SnapshotCache } from '../catalog';
import { createOrderService } from '../orders';
import { creditWallet } from '../wallet';
import { FULFIL_ORDER } from './fulfilment.workflow';
import { createScanFormService } from './shipping.scan-forms';

// SPEC §2 /app/scan-form, §3 SCAN form "action by": the create form picks from the seller's labeled
// parcels that no form holds yet, and a form names the person who made it (full name, else email) on
// screen and in its PDF, whether the seller or staff acting for the seller made it.
let t: TestApp;
let seller: string;
let admin: string;
let other: { id: string; token: string };
let n = 0;

async function labeledOrder(token: string): Promise<{ id: string; exOrderId: string; orderName: string; tracking: string }> {
  const res = await t.call({ method: 'POST', url: '/api/v1/orders', token, payload: orderBody(`SCAN-${++n}-${Date.now().toString(36)}`) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const id = res.body.data._id as string;
  expect((await t.call({ method: 'POST', url: '/api/v1/orders/pay', token, payload: { orderIds: [id] } })).status).toBe(200);
  for (const s of FULFIL_ORDER.starts) await t.runJobs(startQueue(FULFIL_ORDER, s.event));
  await t.runJobs('shipping.buy-label');
  const shipping = (await t.call({ method: 'GET', url: `/api/v1/orders/${id}/shipping`, token })).body.data;
  expect(shipping.hasLabel).toBe(true);
  return { id, exOrderId: res.body.data.exOrderId, orderName: res.body.data.orderName ?? '', tracking: shipping.trackingNumber };
}

const candidates = async (token: string, keyword?: string) =>
  (await t.call({ method: 'GET', url: `/api/v1/scan-forms/candidates${keyword ? `?keyword=${encodeURIComponent(keyword)}` : ''}`, token })).body.data as {
    items: { orderId: string; trackingNumber: string; exOrderId: string; accountId: string; customer: string }[];
    more: boolean;
  };

const pdfText = async (token: string, id: string) => {
  const pdf = await t.app.inject({ method: 'GET', url: `/api/v1/scan-forms/${id}/pdf`, headers: { authorization: `Bearer ${token}` } });
  expect(pdf.statusCode).toBe(200);
  return (await extractText(new Uint8Array(pdf.rawPayload), { mergePages: true })).text;
};

beforeAll(async () => {
  t = await startTestApp({ env: { SEED_DEMO_CATALOG: 'true' } });
  seller = await t.login(SELLER.email, SELLER.password);
  admin = await t.login(ADMIN.email, ADMIN.password);
  other = await createSeller(t, 'scan.other@example.com');
  await t.db.transaction((tx) => creditWallet(tx, 'top_up', { accountId: other.id, amountCents: 50_000, actorId: null, note: 'test' }));
});
afterAll(() => t?.close());

describe('SCAN form picker and creator', () => {
  it('the picker lists the seller\'s labeled parcels not yet on a form, searchable; another seller\'s never', async () => {
    const a = await labeledOrder(seller);
    const b = await labeledOrder(seller);
    const theirs = await labeledOrder(other.token);
    const mine = await candidates(seller);
    expect(mine.items.map((c) => c.trackingNumber)).toEqual(expect.arrayContaining([a.tracking, b.tracking]));
    expect(mine.items.map((c) => c.trackingNumber)).not.toContain(theirs.tracking);
    expect(mine.more).toBe(false);
    expect((await candidates(seller, a.exOrderId)).items.map((c) => c.orderId)).toEqual([a.id]);
    expect((await candidates(seller, b.tracking)).items.map((c) => c.orderId)).toEqual([b.id]);
    // Staff see every seller's, each with the seller it belongs to.
    const all = await candidates(admin);
    expect(all.items.find((c) => c.orderId === theirs.id)).toMatchObject({ accountId: other.id, customer: 'scan.other@example.com' });

    // Once on a form, a parcel leaves the picker.
    const made = await t.call({ method: 'POST', url: '/api/v1/scan-forms', token: seller, payload: { shipDate: '2026-11-25', trackingNumbers: [a.tracking] } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const after = (await candidates(seller)).items.map((c) => c.trackingNumber);
    expect(after).not.toContain(a.tracking);
    expect(after).toContain(b.tracking);
  });

  it('"Created by" is the creator\'s full name on screen and in the PDF, the email when the name is blank, and the staff member\'s name when staff make it', async () => {
    const one = await labeledOrder(seller);
    const res = await t.call({ method: 'POST', url: '/api/v1/scan-forms', token: seller, payload: { shipDate: '2026-11-26', trackingNumbers: [one.tracking] } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.actionBy).toBe('Demo Seller');
    expect(await pdfText(seller, res.body.data._id)).toContain('Demo Seller');
    expect(await pdfText(seller, res.body.data._id)).not.toMatch(/Created by\s*user/);

    // Staff acting for the seller.
    const two = await labeledOrder(seller);
    const byStaff = await t.call({ method: 'POST', url: '/api/v1/scan-forms', token: admin, payload: { shipDate: '2026-11-26', trackingNumbers: [two.tracking] } });
    expect(byStaff.status, JSON.stringify(byStaff.body)).toBe(201);
    expect(byStaff.body.data.actionBy).toBe('ExShip Admin');
    expect(await pdfText(seller, byStaff.body.data._id)).toContain('ExShip Admin');
    const list = (await t.call({ method: 'GET', url: '/api/v1/scan-forms', token: seller })).body.data.items as { _id: string; actionBy: string }[];
    expect(list.find((f) => f._id === byStaff.body.data._id)?.actionBy).toBe('ExShip Admin');

    // No name: the email.
    await t.db.execute(sql`update users set full_name = '' where email = 'scan.other@example.com'`);
    const three = await labeledOrder(other.token);
    const noName = await t.call({ method: 'POST', url: '/api/v1/scan-forms', token: other.token, payload: { shipDate: '2026-11-26', trackingNumbers: [three.tracking] } });
    expect(noName.status, JSON.stringify(noName.body)).toBe(201);
    expect(noName.body.data.actionBy).toBe('scan.other@example.com');
    expect(await pdfText(other.token, noName.body.data._id)).toContain('scan.other@example.com');
  });
});

describe('the SCAN form number', () => {
  // The service with a clock the test sets; its orders service reads parcel statuses on the same database.
  const at = (instant: string) =>
    createScanFormService({ db: t.db, storage: t.ctx.storage, orders: createOrderService({ db: t.db, snapshot: new SnapshotCache(t.db), calendar: workingDayCalendar('US') }), now: () => new Date(instant) });
  const sellerActor = async () => {
    const me = (await t.call({ method: 'GET', url: '/api/v1/me', token: seller })).body.data as { id: string };
    return { userId: me.id, accountId: me.id, permissions: new Set<string>() };
  };

  it("carries the creator's local date: just after midnight at +07:00 is the new day, though UTC is still on the last", async () => {
    const parcel = await labeledOrder(seller);
    // 00:30 on 25 Nov in Ho Chi Minh City = 17:30 on 24 Nov UTC.
    const form = await at('2026-11-24T17:30:00Z').create({ ...(await sellerActor()), timeZone: '+07:00' }, { shipDate: '2026-11-25', trackingNumbers: [parcel.tracking] });
    expect(form.number).toMatch(/^SF261125[0-9A-F]{8}$/);
  });

  it('and the reverse: just before midnight at -05:00 is still the day before, though UTC has moved on', async () => {
    const parcel = await labeledOrder(seller);
    // 23:30 on 24 Nov in New York (-05:00) = 04:30 on 25 Nov UTC.
    const form = await at('2026-11-25T04:30:00Z').create({ ...(await sellerActor()), timeZone: '-05:00' }, { shipDate: '2026-11-24', trackingNumbers: [parcel.tracking] });
    expect(form.number).toMatch(/^SF261124[0-9A-F]{8}$/);
  });

  it('a creator without a usable time zone gets the default +07:00 day', async () => {
    const parcel = await labeledOrder(seller);
    const form = await at('2026-11-24T17:30:00Z').create({ ...(await sellerActor()), timeZone: 'garbage' }, { shipDate: '2026-11-25', trackingNumbers: [parcel.tracking] });
    expect(form.number).toMatch(/^SF261125/);
  });
});
