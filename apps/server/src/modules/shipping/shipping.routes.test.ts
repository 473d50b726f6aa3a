import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUps1z } from '@exship/domain';
import { multipartFile, readXlsx, xlsxOf } from '../../test/files';
import { ADMIN, SELLER, createSeller, startTestApp, type TestApp } from '../../test/harness';
import { startQueue } from '../../platform/workflow';
import { creditWallet } from '../wallet';
import { FULFIL_ORDER } from './fulfilment.workflow';

// Labels and tracking over HTTP: a paid order gets a sandbox label through the jobs, the label downloads as PDF
// and ZPL, the parcel is tracked, shown publicly without personal data, put on a SCAN form; every
// route keeps sellers apart.
let t: TestApp;
let seller: string;
let admin: string;
let other: { id: string; token: string };
let n = 0;

const q = async <T>(query: ReturnType<typeof sql>) => ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;

async function paidOrder(token: string, recipient: Record<string, string> = {}) {
  const res = await t.call({
    method: 'POST',
    url: '/api/v1/orders',
    token,
    payload: {
      orderName: `LBL-${++n}-${Date.now().toString(36)}`,
      serviceCode: 'STD',
      lengthCm: 20,
      widthCm: 15,
      heightCm: 10,
      weightGr: 800,
      recipient: { firstName: 'Jane', lastName: 'Buyer', phone: '+13105550199', address1: '100 Main St', city: 'Los Angeles', state: 'CA', country: 'US', zipcode: '90001', ...recipient },
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const id = res.body.data._id as string;
  const paid = await t.call({ method: 'POST', url: '/api/v1/orders/pay', token, payload: { orderIds: [id] } });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  return id;
}
/** fulfil-order's start handlers (one queue per start event), as the workers would run them. */
const starts = async () => {
  for (const s of FULFIL_ORDER.starts) await t.runJobs(startQueue(FULFIL_ORDER, s.event));
};
const labelJobs = async () => {
  await starts();
  await t.runJobs('shipping.buy-label');
};
const shippingOf = async (id: string, token = seller) => (await t.call({ method: 'GET', url: `/api/v1/orders/${id}/shipping`, token })).body.data;

beforeAll(async () => {
  // 127.0.0.1:9 is the one internal target allow-listed (a sandbox carrier on the same host).
  t = await startTestApp({ env: { SEED_DEMO_CATALOG: 'true', OUTBOUND_ALLOW_HOSTS: '127.0.0.1:9' } });
  seller = await t.login(SELLER.email, SELLER.password);
  admin = await t.login(ADMIN.email, ADMIN.password);
  other = await createSeller(t, 'labels.other@example.com');
  await t.db.transaction((tx) => creditWallet(tx, 'top_up', { accountId: other.id, amountCents: 50_000, actorId: null, note: 'test' }));
});
afterAll(() => t?.close());

describe('labels over HTTP', () => {
  let orderId: string;
  let tracking: string;

  it('a paid order gets a sandbox label: a UPS-style number with its check digit, the order labeled, the first routing event', async () => {
    orderId = await paidOrder(seller);
    await labelJobs();
    const s = await shippingOf(orderId);
    expect(s.hasLabel).toBe(true);
    tracking = s.trackingNumber;
    expect(isUps1z(tracking)).toBe(true);
    expect(s.purchases[0]).toMatchObject({ status: 'purchased', trackingNumber: tracking, tries: 1 });
    expect(s.events.map((e: { status: string }) => e.status)).toEqual(['pre-shipment']);
    // The poller asks the carrier at once: the label's own event is not stored a second time.
    await t.ctx.jobs.send('shipping.poll-tracking', {});
    await t.runJobs('shipping.poll-tracking');
    expect((await shippingOf(orderId)).events.map((e: { status: string }) => e.status)).toEqual(['pre-shipment']);
    const order = await t.call({ method: 'GET', url: `/api/v1/orders/${orderId}`, token: seller });
    expect(order.body.data).toMatchObject({ status: 'labeled', trackingNumber: tracking });
  });

  it('the order list, detail and export show the label shipping keeps; a keyword search by tracking number finds the order, within the caller\'s scope', async () => {
    const list = async (token: string, query: string) => (await t.call({ method: 'GET', url: `/api/v1/orders?${query}`, token })).body.data;
    const mine = await list(seller, `keyword=${tracking}`);
    expect(mine.items.map((o: { id: string }) => o.id)).toEqual([orderId]);
    expect(mine.items[0]).toMatchObject({ trackingNumber: tracking, routingStatus: 'pre-shipment', status: 'labeled' });
    expect(mine.counts).toEqual({ all: 1, labeled: 1 });
    expect((await list(seller, 'pageSize=100')).items.find((o: { id: string }) => o.id === orderId)).toMatchObject({ trackingNumber: tracking, routingStatus: 'pre-shipment' });
    // Exact match only; another seller never finds it; staff do.
    expect((await list(seller, `keyword=${tracking.slice(0, -1)}`)).items.map((o: { id: string }) => o.id)).not.toContain(orderId);
    expect((await list(other.token, `keyword=${tracking}`)).items).toEqual([]);
    expect((await list(admin, `keyword=${tracking}`)).items.map((o: { id: string }) => o.id)).toEqual([orderId]);
    const detail = await t.call({ method: 'GET', url: `/api/v1/orders/${orderId}`, token: seller });
    expect(detail.body.data).toMatchObject({ trackingNumber: tracking, routingStatus: 'pre-shipment' });
    const exported = await t.app.inject({ method: 'GET', url: `/api/v1/orders/export.xlsx?keyword=${tracking}`, headers: { authorization: `Bearer ${seller}` } });
    expect(exported.statusCode).toBe(200);
    const rows = await readXlsx(exported.rawPayload);
    const header = rows[0]!;
    expect(rows.length).toBe(2);
    expect(rows[1]![header.indexOf('Tracking number')]).toBe(tracking);
    expect(rows[1]![header.indexOf('Routing status')]).toBe('Pre-shipment');
  });

  it('the orders table holds no label fact: shipping is their only owner', async () => {
    const columns = await q<{ column_name: string }>(sql`select column_name from information_schema.columns where table_name = 'orders' and table_schema = current_schema()`);
    expect(columns.length).toBeGreaterThan(10);
    const names = columns.map((c) => c.column_name);
    for (const fact of ['tracking_number', 'label_key', 'routing_status']) expect(names).not.toContain(fact);
    expect(names.filter((c) => /tracking|label_key|routing/.test(c))).toEqual([]);
  });

  it('downloads the label as PDF and ZPL; the US and barcode variants too', async () => {
    const pdf = await t.app.inject({ method: 'GET', url: `/api/v1/orders/${orderId}/label`, headers: { authorization: `Bearer ${seller}` } });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const zpl = await t.app.inject({ method: 'GET', url: `/api/v1/orders/${orderId}/label?format=zpl`, headers: { authorization: `Bearer ${seller}` } });
    expect(zpl.statusCode).toBe(200);
    expect(zpl.body.startsWith('^XA')).toBe(true);
    expect(zpl.body).toContain(tracking);
    for (const v of ['label-us', 'label-barcode']) {
      const r = await t.app.inject({ method: 'GET', url: `/api/v1/orders/${orderId}/${v}`, headers: { authorization: `Bearer ${seller}` } });
      expect(r.statusCode, v).toBe(200);
      expect(r.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
    const merged = await t.app.inject({ method: 'POST', url: '/api/v1/orders/labels/download', headers: { authorization: `Bearer ${seller}` }, payload: { orderIds: [orderId] } });
    expect(merged.statusCode).toBe(200);
  });

  it('an order without a label: 409 for its label, 422 naming it in a merged download', async () => {
    const res = await t.call({ method: 'POST', url: '/api/v1/orders', token: seller, payload: { orderName: `NOLBL-${Date.now()}`, serviceCode: 'STD', lengthCm: 10, widthCm: 10, heightCm: 10, weightGr: 300, recipient: { firstName: 'A', address1: '1 Elm St', city: 'Los Angeles', state: 'CA', country: 'US', zipcode: '90001' } } });
    const unpaid = res.body.data._id;
    expect((await t.call({ method: 'GET', url: `/api/v1/orders/${unpaid}/label`, token: seller })).status).toBe(409);
    const merged = await t.call({ method: 'POST', url: '/api/v1/orders/labels/download', token: seller, payload: { orderIds: [orderId, unpaid] } });
    expect(merged.status).toBe(422);
    expect(merged.body.code).toBe('LABELS_NOT_READY');
    expect(merged.body.details.orderIds).toEqual([unpaid]);
    // The message names the order as the seller knows it (its EX id), not by its internal id.
    expect(merged.body.message).toContain(res.body.data.exOrderId);
    expect(merged.body.message).not.toContain(unpaid);
  });

  it('tenant isolation: another seller gets 404 on every label and tracking route, and cannot put the number on a SCAN form', async () => {
    for (const url of [`/api/v1/orders/${orderId}/label`, `/api/v1/orders/${orderId}/label-us`, `/api/v1/orders/${orderId}/label-barcode`, `/api/v1/orders/${orderId}/shipping`]) {
      expect((await t.call({ method: 'GET', url, token: other.token })).status, url).toBe(404);
    }
    expect((await t.call({ method: 'POST', url: '/api/v1/orders/labels/download', token: other.token, payload: { orderIds: [orderId] } })).status).toBe(404);
    expect((await t.call({ method: 'POST', url: `/api/v1/orders/${orderId}/tracking-cancel`, token: other.token, payload: { mode: 'normal' } })).status).toBe(404);
    const exOrderId = (await t.call({ method: 'GET', url: `/api/v1/orders/${orderId}`, token: seller })).body.data.exOrderId;
    const look = await t.call({ method: 'POST', url: '/api/v1/tracking/lookup', token: other.token, payload: { refs: [tracking, exOrderId] } });
    // Another seller's order id is "not found", never "no label yet".
    expect(look.body.data).toEqual({ parcels: [], noLabel: [], notFound: [tracking, exOrderId] });
    const form = await t.call({ method: 'POST', url: '/api/v1/scan-forms', token: other.token, payload: { shipDate: '2026-11-25', trackingNumbers: [tracking] } });
    expect(form.status).toBe(422);
    expect(form.body.code).toBe('INVALID_TRACKING_NUMBERS');
    const logs = await t.call({ method: 'GET', url: `/api/v1/tracking/logs?keyword=${tracking}`, token: other.token });
    expect(logs.body.data.total).toBe(0);
  });

  it('track routing finds the parcel by tracking number, order id or name; staff see it too', async () => {
    const order = (await t.call({ method: 'GET', url: `/api/v1/orders/${orderId}`, token: seller })).body.data;
    const look = await t.call({ method: 'POST', url: '/api/v1/tracking/lookup', token: seller, payload: { refs: [tracking, order.exOrderId, 'NOPE-1'] } });
    expect(look.status).toBe(200);
    expect(look.body.data.parcels).toHaveLength(1);
    expect(look.body.data.parcels[0]).toMatchObject({ trackingNumber: tracking, exOrderId: order.exOrderId, destination: { city: 'Los Angeles', state: 'CA', country: 'US' } });
    expect(look.body.data.notFound).toEqual(['NOPE-1']);
    const staff = await t.call({ method: 'POST', url: '/api/v1/tracking/lookup', token: admin, payload: { refs: [tracking] } });
    expect(staff.body.data.parcels).toHaveLength(1);
  });

  it('the flagged list with flag=lost-late holds the open lost or late parcels the staff queue counts, each seller only its own', async () => {
    const flagged = async (token: string) => (await t.call({ method: 'GET', url: '/api/v1/tracking/flagged?flag=lost-late&pageSize=100', token })).body.data;
    const before = await flagged(admin);
    await t.db.execute(sql`update trackers set lost_at = now() - interval '1 day' where order_id = ${orderId}::uuid`);
    try {
      const staff = await flagged(admin);
      expect(staff.counts.lostLate).toBe(before.counts.lostLate + 1);
      expect(staff.total).toBe(staff.counts.lostLate);
      expect(staff.items.map((p: { orderId: string }) => p.orderId)).toContain(orderId);
      const [queue] = await q<{ n: number }>(sql`select count(*)::int as n from trackers where active and delivered_at is null and (lost_at is not null or late_at is not null)`);
      expect(staff.counts.lostLate).toBe(queue!.n);
      expect((await flagged(seller)).items.map((p: { orderId: string }) => p.orderId)).toContain(orderId);
      const theirs = await flagged(other.token);
      expect(theirs.items.map((p: { orderId: string }) => p.orderId)).not.toContain(orderId);
      expect(theirs.counts.lostLate).toBe(0);
      // Delivered is no longer open.
      await t.db.execute(sql`update trackers set delivered_at = now() where order_id = ${orderId}::uuid`);
      expect((await flagged(admin)).items.map((p: { orderId: string }) => p.orderId)).not.toContain(orderId);
      expect((await t.call({ method: 'GET', url: '/api/v1/tracking/flagged?flag=open', token: admin })).status).toBe(400);
    } finally {
      await t.db.execute(sql`update trackers set lost_at = null, delivered_at = null where order_id = ${orderId}::uuid`);
    }
  });

  it("track routing says an own order without a label has no tracking yet, instead of not found", async () => {
    const res = await t.call({ method: 'POST', url: '/api/v1/orders', token: seller, payload: { orderName: `NOLOOK-${Date.now()}`, serviceCode: 'STD', lengthCm: 10, widthCm: 10, heightCm: 10, weightGr: 300, recipient: { firstName: 'A', address1: '1 Elm St', city: 'Los Angeles', state: 'CA', country: 'US', zipcode: '90001' } } });
    const { _id, exOrderId } = res.body.data;
    const look = await t.call({ method: 'POST', url: '/api/v1/tracking/lookup', token: seller, payload: { refs: [exOrderId.toLowerCase(), 'NOPE-2'] } });
    expect(look.body.data).toEqual({ parcels: [], noLabel: [{ ref: exOrderId.toLowerCase(), orderId: _id, exOrderId, status: 'unpaid' }], notFound: ['NOPE-2'] });
  });

  it('the public tracking page needs no sign-in and shows no name, street or phone', async () => {
    const s = await shippingOf(orderId);
    const code = s.publicPath.split('/').pop();
    const res = await t.call({ method: 'GET', url: `/api/v1/public/tracking/${code}` });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ trackingNumber: tracking, cancelled: false, destination: { city: 'Los Angeles', state: 'CA', country: 'US' } });
    const text = JSON.stringify(res.body);
    for (const secret of ['Jane', 'Buyer', '100 Main St', '+13105550199', '90001']) expect(text, secret).not.toContain(secret);
    expect((await t.call({ method: 'GET', url: '/api/v1/public/tracking/AAAAAAAAAAAAAAAAAAAA' })).status).toBe(404);
  });

  it('SCAN form: created from the labeled parcel, listed, as PDF; a bad, unknown or reused number is named', async () => {
    const bad = await t.call({ method: 'POST', url: '/api/v1/scan-forms', token: seller, payload: { shipDate: '2026-11-25', trackingNumbers: [tracking, '1Z5R89390357567128'] } });
    expect(bad.status).toBe(422);
    expect(bad.body.details.invalid).toEqual(['1Z5R89390357567128']);
    expect(bad.body.message).toContain('1Z5R89390357567128');
    const missing = await t.call({ method: 'POST', url: '/api/v1/scan-forms', token: seller, payload: { trackingNumbers: [tracking] } });
    expect(missing.status).toBe(400);
    const res = await t.call({ method: 'POST', url: '/api/v1/scan-forms', token: seller, payload: { shipDate: '2026-11-25', trackingNumbers: [tracking] } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.orders).toEqual([expect.objectContaining({ orderId, trackingNumber: tracking })]);
    const again = await t.call({ method: 'POST', url: '/api/v1/scan-forms', token: seller, payload: { shipDate: '2026-11-25', trackingNumbers: [tracking] } });
    expect(again.status).toBe(422);
    const list = await t.call({ method: 'GET', url: '/api/v1/scan-forms', token: seller });
    expect(list.body.data.items[0].number).toBe(res.body.data.number);
    const pdf = await t.app.inject({ method: 'GET', url: `/api/v1/scan-forms/${res.body.data._id}/pdf`, headers: { authorization: `Bearer ${seller}` } });
    expect(pdf.statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: `/api/v1/scan-forms/${res.body.data._id}/pdf`, token: other.token })).status).toBe(404);
  });

  it('tracking cancel: normal mode only for the §5 carrier codes; force is staff only and cancels at once with the shipping refund scheduled', async () => {
    const id = await paidOrder(seller);
    await labelJobs();
    const normal = await t.call({ method: 'POST', url: `/api/v1/orders/${id}/tracking-cancel`, token: seller, payload: { mode: 'normal' } });
    expect(normal.status).toBe(422);
    expect(normal.body.code).toBe('TRACKING_CANCEL_NOT_SUPPORTED');
    expect((await t.call({ method: 'POST', url: `/api/v1/orders/${id}/tracking-cancel`, token: seller, payload: { mode: 'force' } })).status).toBe(403);
    const forced = await t.call({ method: 'POST', url: `/api/v1/orders/${id}/tracking-cancel`, token: admin, payload: { mode: 'force', reason: 'damaged at pickup' } });
    expect(forced.status, JSON.stringify(forced.body)).toBe(200);
    expect(forced.body.data.status).toBe('canceled');
    const order = (await t.call({ method: 'GET', url: `/api/v1/orders/${id}`, token: seller })).body.data;
    expect(order.paymentStatus).toBe('waiting-refund');
  });

  it('a cancel asked by the seller waits for the carrier, which voids the label: then the order is cancelled', async () => {
    const id = await paidOrder(seller);
    await labelJobs();
    const res = await t.call({ method: 'POST', url: `/api/v1/orders/${id}/cancel`, token: seller, payload: { reason: 'buyer changed their mind' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.status).toBe('waiting-cancel');
    // While the label is being voided, and once the order is cancelled, the label cannot be printed.
    const voiding = await t.call({ method: 'GET', url: `/api/v1/orders/${id}/label`, token: seller });
    expect(voiding.status).toBe(409);
    expect(voiding.body.code).toBe('LABEL_VOIDED');
    // The buyer's public page says the shipment is cancelled rather than looking live.
    const publicCode = (await shippingOf(id)).publicPath.split('/').pop();
    expect((await t.call({ method: 'GET', url: `/api/v1/public/tracking/${publicCode}` })).body.data.cancelled).toBe(true);
    await starts();
    await t.runJobs('shipping.void-label');
    const order = (await t.call({ method: 'GET', url: `/api/v1/orders/${id}`, token: seller })).body.data;
    expect(order.status).toBe('canceled');
    for (const v of ['label', 'label-us', 'label-barcode']) {
      const r = await t.call({ method: 'GET', url: `/api/v1/orders/${id}/${v}?format=zpl`, token: seller });
      expect(r.status, v).toBe(409);
      expect(r.body.code, v).toBe('LABEL_VOIDED');
    }
    const merged = await t.call({ method: 'POST', url: '/api/v1/orders/labels/download', token: seller, payload: { orderIds: [orderId, id] } });
    expect(merged.status).toBe(422);
    expect(merged.body.details.orderIds).toEqual([id]);
    expect(merged.body.message).toContain(order.exOrderId);
  });

  it("the label's ship date is the seller's day (its offset), not the UTC day", async () => {
    // An offset whose day differs from UTC's right now: +14:00 from 10:00 UTC, -12:00 before noon.
    const offset = new Date().getUTCHours() >= 10 ? '+14:00' : '-12:00';
    const far = await createSeller(t, `labels.zone-${Date.now()}@example.com`);
    await t.db.transaction((tx) => creditWallet(tx, 'top_up', { accountId: far.id, amountCents: 50_000, actorId: null, note: 'test' }));
    expect((await t.call({ method: 'PATCH', url: '/api/v1/profile/update-setting', token: far.token, payload: { timeZone: offset } })).status).toBe(200);
    const before = new Date();
    const id = await paidOrder(far.token);
    await labelJobs();
    const day = (at: Date) => {
      const d = new Date(at.getTime() + (offset === '+14:00' ? 14 : -12) * 3_600_000).toISOString();
      return `${d.slice(8, 10)}-${d.slice(5, 7)}-${d.slice(0, 4)}`;
    };
    const utc = before.toISOString();
    const zpl = await t.app.inject({ method: 'GET', url: `/api/v1/orders/${id}/label?format=zpl`, headers: { authorization: `Bearer ${far.token}` } });
    expect(zpl.statusCode).toBe(200);
    expect([day(before), day(new Date())].some((d) => zpl.body.includes(d))).toBe(true);
    expect(zpl.body).not.toContain(`${utc.slice(8, 10)}-${utc.slice(5, 7)}-${utc.slice(0, 4)}`);
  });

  it('with a 4-hour label delay the purchase is scheduled 4 hours after payment as a delayed job', async () => {
    const set = await t.call({ method: 'PATCH', url: '/api/v1/profile/update-setting', token: other.token, payload: { labelPurchaseDelayHours: 4 } });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const before = Date.now();
    const id = await paidOrder(other.token);
    await starts();
    const s = await shippingOf(id, other.token);
    const failed = await q<{ output: unknown }>(sql`select output from pgboss.job where name like 'fulfil-order.%' and state <> 'completed'`);
    expect(failed).toEqual([]);
    expect(s.purchases[0].status).toBe('scheduled');
    const due = new Date(s.purchases[0].dueAt).getTime();
    expect(due - before).toBeGreaterThanOrEqual(4 * 3_600_000 - 1000);
    expect(due - Date.now()).toBeLessThanOrEqual(4 * 3_600_000);
    const jobs = await q<{ start_after: string }>(sql`select start_after from pgboss.job where name = 'shipping.buy-label' and data->>'purchaseId' = ${s.purchases[0]._id}`);
    expect(jobs).toHaveLength(1);
    expect(Math.abs(new Date(jobs[0]!.start_after).getTime() - due)).toBeLessThan(2000);
    // Not due yet: a run now leaves the order paid.
    await t.runJobs('shipping.buy-label');
    expect((await t.call({ method: 'GET', url: `/api/v1/orders/${id}`, token: other.token })).body.data.status).toBe('paid');
  });

  it('an address the check finds invalid stops the label at not-verified; confirming it buys the label', async () => {
    const id = await paidOrder(seller, { city: 'San Francisco' });
    await labelJobs();
    let order = (await t.call({ method: 'GET', url: `/api/v1/orders/${id}`, token: seller })).body.data;
    expect(order.status).toBe('not-verified');
    expect((await shippingOf(id)).purchases[0].error).toContain('invalid_city');
    const confirm = await t.call({ method: 'POST', url: `/api/v1/orders/${id}/confirm-address`, token: seller, payload: { reason: 'the buyer confirmed it' } });
    expect(confirm.status, JSON.stringify(confirm.body)).toBe(200);
    await labelJobs();
    order = (await t.call({ method: 'GET', url: `/api/v1/orders/${id}`, token: seller })).body.data;
    expect(order.status).toBe('labeled');
  });

  it('editing a not-verified order checks the new address again: still wrong stops it again, corrected buys the label', async () => {
    const id = await paidOrder(seller, { city: 'San Francisco' });
    await labelJobs();
    const order = (await t.call({ method: 'GET', url: `/api/v1/orders/${id}`, token: seller })).body.data;
    expect(order.status).toBe('not-verified');
    const edit = (city: string) =>
      t.call({
        method: 'PUT',
        url: `/api/v1/orders/${id}`,
        token: seller,
        payload: { orderName: order.orderName, serviceCode: 'STD', lengthCm: 20, widthCm: 15, heightCm: 10, weightGr: 800, recipient: { ...order.recipient, city } },
      });
    expect((await edit('Oakland')).status).toBe(200);
    let now = (await t.call({ method: 'GET', url: `/api/v1/orders/${id}`, token: seller })).body.data;
    expect(now.history.at(-1)).toMatchObject({ action: 'addressEdited', reasonKey: 'addressRecheck' });
    await labelJobs();
    now = (await t.call({ method: 'GET', url: `/api/v1/orders/${id}`, token: seller })).body.data;
    expect(now.status).toBe('not-verified');
    expect((await edit('Los Angeles')).status).toBe(200);
    await labelJobs();
    now = (await t.call({ method: 'GET', url: `/api/v1/orders/${id}`, token: seller })).body.data;
    expect(now.status).toBe('labeled');
    expect(now.recipient.city).toBe('Los Angeles');
  });

  it('staff import tracking numbers: every bad row named and nothing applied; a valid file labels the orders', async () => {
    const id = await paidOrder(other.token);
    const ex = (await t.call({ method: 'GET', url: `/api/v1/orders/${id}`, token: other.token })).body.data.exOrderId as string;
    const headers = ['OrderID', 'Carrier_code', 'Tracking_number'];
    const bad = await xlsxOf(headers, [
      [ex, 'UPX', '1Z5R89390357567128'],
      ['EX0000000000', 'UPX', '1Z879E930346834440'],
      [ex, 'NOPE', '9400111201080805483016'],
    ]);
    const refused = await t.call({ method: 'POST', url: '/api/v1/tracking/import', token: admin, ...multipartFile('tracking.xlsx', bad) });
    expect(refused.status, JSON.stringify(refused.body)).toBe(422);
    const messages = refused.body.errors.map((e: { field: string; message: string }) => `${e.field} ${e.message}`).join(' | ');
    expect(messages).toContain('rows.2 Tracking_number: invalid tracking number 1Z5R89390357567128');
    expect(messages).toContain('rows.3 OrderID: order EX0000000000 not found');
    expect(messages).toContain('rows.4 Carrier_code: carrier NOPE not found');
    expect((await t.call({ method: 'GET', url: `/api/v1/orders/${id}`, token: other.token })).body.data.status).toBe('paid');
    const good = await xlsxOf(headers, [[ex, 'UPX', '1Z879E930346834440']]);
    const checked = await t.call({ method: 'POST', url: '/api/v1/tracking/import?onlyValidate=true', token: admin, ...multipartFile('tracking.xlsx', good) });
    expect(checked.status, JSON.stringify(checked.body)).toBe(200);
    expect(checked.body.data.applied).toBe(0);
    const applied = await t.call({ method: 'POST', url: '/api/v1/tracking/import', token: admin, ...multipartFile('tracking.xlsx', good) });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(applied.body.data.applied).toBe(1);
    const order = (await t.call({ method: 'GET', url: `/api/v1/orders/${id}`, token: other.token })).body.data;
    expect(order).toMatchObject({ status: 'labeled', trackingNumber: '1Z879E930346834440' });
    expect((await t.call({ method: 'POST', url: '/api/v1/tracking/import', token: other.token, ...multipartFile('tracking.xlsx', good) })).status).toBe(403);
    // The export lists it for its seller, and only for its seller.
    const mine = await t.app.inject({ method: 'GET', url: '/api/v1/tracking/export.xlsx', headers: { authorization: `Bearer ${other.token}` } });
    expect(mine.statusCode).toBe(200);
    const rows = await readXlsx(mine.rawPayload);
    expect(rows.some((r) => r.includes('1Z879E930346834440'))).toBe(true);
    const theirs = await t.app.inject({ method: 'GET', url: '/api/v1/tracking/export.xlsx', headers: { authorization: `Bearer ${seller}` } });
    expect((await readXlsx(theirs.rawPayload)).some((r) => r.includes('1Z879E930346834440'))).toBe(false);
    const flagged = await t.call({ method: 'GET', url: '/api/v1/tracking/flagged?flag=lost', token: other.token });
    expect(flagged.body.data).toMatchObject({ items: [], counts: { lost: 0, late: 0, lostLate: 0 } });
  });

  it('a carrier connection refuses a base URL that is not a public address, in every spelling (SSRF)', async () => {
    const list = await t.call({ method: 'GET', url: '/api/v1/carrier-connections', token: admin });
    expect(list.status).toBe(200);
    const swf = list.body.data.find((c: { carrierCode: string }) => c.carrierCode === 'SWF');
    const put = (baseUrl: string) => t.call({ method: 'PUT', url: `/api/v1/carrier-connections/${swf.carrierId}`, token: admin, payload: { plugin: 'http', settings: { baseUrl, apiKey: 'secret-key-1234', timeoutMs: 10_000 } } });
    // Resolved and checked on save: loopback, private and metadata addresses in every spelling.
    for (const baseUrl of ['http://127.0.0.1:5432/', 'http://localhost:5432', 'http://[::1]:8080/', 'http://0x7f.0.0.1/', 'http://127.0.0.1:10/api', 'http://[::ffff:169.254.169.254]/', 'http://[::ffff:a9fe:a9fe]/', 'http://0xa9.254.169.254/', 'http://169.0xfe.169.254/', 'http://10.0.0.5/api', 'http://100.64.0.1/']) {
      const bad = await put(baseUrl);
      expect(bad.status, baseUrl).toBe(400);
      expect(bad.body.errors.map((e: { field: string }) => e.field), baseUrl).toEqual(['settings.baseUrl']);
    }
    // An allow-listed internal target (OUTBOUND_ALLOW_HOSTS) is taken.
    const ok = await put('http://127.0.0.1:9/api');
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(JSON.stringify(ok.body)).not.toContain('secret-key-1234');
    await t.call({ method: 'PUT', url: `/api/v1/carrier-connections/${swf.carrierId}`, token: admin, payload: { plugin: 'sandbox', settings: {} } });
  });
});
