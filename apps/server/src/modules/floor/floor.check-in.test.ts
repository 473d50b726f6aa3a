import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workingDayCalendar } from '@exship/domain/working-days';
import { ADMIN, SELLER, createSeller, lastMailTo, orderBody, startTestApp, type TestApp } from '../../test/harness';
import { hashPassword } from '../../platform/passwords';
import { createUser } from '../users';

// Check-in over HTTP (docs/warehouse-floor.md): every refusal with its reason, the scanner's
// permissions and allow-check-in flag, a repeated scan changing nothing, the tolerance (global and a
// service's), manual weighing and restricted goods, the seller's view of its own check-ins only,
// undo of the last scan, the seller's confirmation of a dimension error, and the import.
let t: TestApp;
let seller: string;
let admin: string;
let other: { id: string; token: string };
let n = 0;

const q = async <T>(query: ReturnType<typeof sql>) => ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: unknown, headers?: Record<string, string>) =>
  t.call({ method, url: `/api/v1${url}`, token, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }), ...(headers ? { headers } : {}) });

async function created(token = seller, over: Record<string, unknown> = {}): Promise<{ id: string; exOrderId: string; orderName: string }> {
  const orderName = `CHK-${++n}-${Date.now().toString(36)}`;
  const res = await call('POST', '/orders', token, orderBody(orderName, over));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { id: res.body.data._id, exOrderId: res.body.data.exOrderId, orderName };
}
async function paid(token = seller, over: Record<string, unknown> = {}) {
  const o = await created(token, over);
  const res = await call('POST', '/orders/pay', token, { orderIds: [o.id] });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return o;
}
/** A paid order whose sandbox label was bought: its tracking number is what the scanner reads. */
async function labeled(token = seller, over: Record<string, unknown> = {}) {
  const o = await paid(token, over);
  await t.runJobs('fulfil-order.on-paid');
  await t.runJobs('shipping.buy-label');
  const shipping = await call('GET', `/orders/${o.id}/shipping`, token);
  expect(shipping.body.data.hasLabel, JSON.stringify(shipping.body)).toBe(true);
  return { ...o, tracking: shipping.body.data.trackingNumber as string };
}
const declared = { weightGr: 800, lengthCm: 20, widthCm: 15, heightCm: 10 };
const checkIn = (body: Record<string, unknown>, token = admin, lang = 'en') => call('POST', '/floor/check-ins', token, body, { language: lang });
const order = async (id: string, token = seller) => (await call('GET', `/orders/${id}`, token)).body.data;
const events = async (id: string, token = seller) => (await call('GET', `/orders/${id}/shipping`, token)).body.data.events as { code: string; description: string; status: string }[];
const scans = async (token = admin) => (await call('GET', '/floor/scans?screen=check-in', token)).body.data as { _id: string; ok: boolean; message: string; canUndo: boolean; undoneAt: string | null; exOrderId: string | null }[];

/** The check-in lines of the activity trail since the order was made (its scans: the trail keeps no code, so by time). */
const trailLines = async (orderId: string) =>
  q<{ status: number }>(
    sql`select status from activity_log where operation_id = 'checkInParcel' and at >= (select created_at from orders where id = ${orderId}) order by at`,
  );

beforeAll(async () => {
  t = await startTestApp({ env: { SEED_DEMO_CATALOG: 'true' } });
  seller = await t.login(SELLER.email, SELLER.password);
  admin = await t.login(ADMIN.email, ADMIN.password);
  other = await createSeller(t, 'floor.other@example.com');
});
afterAll(() => t?.close());

describe('check-in refusals, each with its reason', () => {
  it('an unknown code: 404 naming the code, kept in the scan list as refused', async () => {
    const res = await checkIn({ code: 'NOPE-404', ...declared });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'PARCEL_NOT_FOUND', message: 'No parcel has the code NOPE-404.' });
    const [last] = await scans();
    expect(last).toMatchObject({ ok: false, message: 'No parcel has the code NOPE-404.', canUndo: false });
  });

  it('unpaid, no label yet, cancelled: 409 with the reason, in the operator\'s language', async () => {
    const unpaid = await created();
    const r1 = await checkIn({ code: unpaid.exOrderId, ...declared });
    expect(r1.status).toBe(409);
    expect(r1.body).toMatchObject({ code: 'PARCEL_UNPAID', message: `${unpaid.exOrderId} is not paid: it cannot be received.` });

    const noLabel = await paid();
    const r2 = await checkIn({ code: noLabel.orderName, ...declared }, admin, 'vi');
    expect(r2.status).toBe(409);
    expect(r2.body).toMatchObject({ code: 'PARCEL_NO_LABEL', message: `${noLabel.orderName} chưa có nhãn: không thể nhận.` });

    const cancelled = await created();
    expect((await call('POST', `/orders/${cancelled.id}/cancel`, seller, { reason: 'test' })).status).toBe(200);
    const r3 = await checkIn({ code: cancelled.exOrderId.toLowerCase(), ...declared });
    expect(r3.status).toBe(409);
    expect(r3.body.code).toBe('PARCEL_CANCELED');

    const list = await scans();
    expect(list.slice(0, 3).map((s) => [s.ok, s.exOrderId])).toEqual([
      [false, cancelled.exOrderId],
      [false, noLabel.exOrderId],
      [false, unpaid.exOrderId],
    ]);
  });

  it('a held parcel is set aside until it is released', async () => {
    const o = await labeled();
    expect((await call('POST', `/orders/${o.id}/hold`, seller, { reason: 'test' })).status).toBe(200);
    const res = await checkIn({ code: o.tracking, ...declared });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'PARCEL_ON_HOLD', message: `${o.tracking} is on hold: set it aside until it is released.` });
  });

  it('an order past receiving (shipped): 409 naming its status by name, in the operator\'s language', async () => {
    const o = await labeled();
    await t.db.execute(sql`update orders set status = 'shipped' where id = ${o.id}`);
    const en = await checkIn({ code: o.tracking, ...declared });
    expect(en.status).toBe(409);
    expect(en.body).toMatchObject({ code: 'PARCEL_NOT_RECEIVABLE', message: `${o.tracking} cannot be received: its order is Shipped.` });
    const vi = await checkIn({ code: o.tracking, ...declared }, admin, 'vi');
    expect(vi.body.message).toBe(`${o.tracking} không thể nhận: đơn hàng đang ở trạng thái Đã gửi.`);
  });

  it('measures: none without manual weighing is refused (422), some of them names the missing fields (400)', async () => {
    const o = await labeled();
    const none = await checkIn({ code: o.tracking });
    expect(none.status).toBe(422);
    expect(none.body.code).toBe('PARCEL_MEASURES_REQUIRED');
    const some = await checkIn({ code: o.tracking, weightGr: 800, lengthCm: 20 });
    expect(some.status).toBe(400);
    expect(some.body.errors.map((e: { field: string }) => e.field)).toEqual(['widthCm', 'heightCm']);
    expect((await order(o.id)).checkInStatus).toBeNull();
  });

  it('an unknown origin warehouse is refused', async () => {
    const o = await labeled();
    const res = await checkIn({ code: o.tracking, warehouseCode: 'NOWHERE', ...declared });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'WAREHOUSE_NOT_FOUND', message: 'No active warehouse has the code NOWHERE.' });
  });
});

describe('who may check in', () => {
  it('a seller cannot call the floor routes (403)', async () => {
    const o = await labeled();
    expect((await checkIn({ code: o.tracking, ...declared }, seller)).status).toBe(403);
    expect((await call('GET', `/floor/parcels?code=${o.tracking}`, seller)).status).toBe(403);
    expect((await call('GET', '/floor/tolerances', seller)).status).toBe(403);
    expect((await call('PUT', '/floor/tolerances', seller, { serviceId: null, weightGr: 1000, dimensionCm: 10 })).status).toBe(403);
    expect((await call('GET', '/floor/scans?screen=check-in', seller)).status).toBe(403);
    expect((await order(o.id)).checkInStatus).toBeNull();
  });

  it('staff with EX-CHECKIN but without the allow-check-in flag are refused until it is set', async () => {
    const user = await createUser(t.db, { email: 'scanner.floor@example.com', passwordHash: await hashPassword('Scan#Passw0rd!'), fullName: 'Sam Scanner', roleCode: 'EXR-SCANNER', status: 'active' });
    const token = await t.login('scanner.floor@example.com', 'Scan#Passw0rd!');
    const o = await labeled();
    const refused = await checkIn({ code: o.tracking, ...declared }, token);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('CHECK_IN_NOT_ALLOWED');
    expect((await call('PATCH' as 'PUT', '/admin/change-checkin-user', admin, { userId: user.id, allowCheckin: true })).status).toBe(200);
    const done = await checkIn({ code: o.tracking, ...declared }, token);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.data).toMatchObject({ outcome: 'checked-in', checkedInBy: 'Sam Scanner' });
  });
});

describe('check-in within and beyond the tolerance', () => {
  it('within: checked in (date, status), "received at" on the timeline in the reader\'s language; no longer auto-cancelled', async () => {
    const o = await labeled();
    const res = await checkIn({ code: o.tracking, weightGr: 850, lengthCm: 21, widthCm: 15, heightCm: 10 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('Checked in.');
    expect(res.body.data).toMatchObject({ exOrderId: o.exOrderId, outcome: 'checked-in', warehouseCode: 'LAX1', declared, measured: { weightGr: 850, lengthCm: 21 }, repeated: false, measuredPrice: null });
    expect(res.body.data.scan).toMatchObject({ ok: true, canUndo: true, message: `${o.exOrderId}: checked in.` });
    const detail = await order(o.id);
    expect(detail).toMatchObject({ status: 'labeled', checkInStatus: 'checked-in' });
    expect((await q<{ at: string | null }>(sql`select check_in_at as at from orders where id = ${o.id}`))[0]!.at).not.toBeNull();
    expect((await events(o.id)).filter((e) => e.code === 'floor.received').map((e) => e.description)).toEqual(['Received at Los Angeles']);
    // The check-in row points at the "received" event it wrote; the history has one entry for it.
    const [row] = await q<{ linked: boolean; entries: number }>(
      sql`select c.routing_event_id = (select id from routing_events where order_id = c.order_id and code = 'floor.received') as linked,
            (select count(*)::int from order_history where order_id = c.order_id and action = 'checkIn') as entries
          from floor_check_ins c where c.order_id = ${o.id}`,
    );
    expect(row).toEqual({ linked: true, entries: 1 });
    // The scan's answer is the scan row written, and the staff member's activity trail has one line for it.
    const [kept] = await q<{ id: string; at: string }>(sql`select id, created_at as at from floor_scans where order_id = ${o.id} and ok`);
    expect({ id: res.body.data.scan._id, at: new Date(res.body.data.scan.at).getTime(), checkedInAt: new Date(res.body.data.checkedInAt).getTime() }).toEqual({
      id: kept!.id,
      at: new Date(kept!.at).getTime(),
      checkedInAt: new Date(((await q<{ at: string }>(sql`select checked_in_at as at from floor_check_ins where order_id = ${o.id}`))[0]!.at)).getTime(),
    });
    expect(await trailLines(o.id)).toEqual([{ status: 200 }]);
    // The public tracking page, in the reader's language.
    const code = (await call('GET', `/orders/${o.id}/shipping`, seller)).body.data.publicPath.split('/').pop();
    const page = await t.call({ method: 'GET', url: `/api/v1/public/tracking/${code}`, headers: { language: 'vi' } });
    expect(page.body.data.events.map((e: { description: string }) => e.description)).toContain('Đã nhận tại Los Angeles');
  });

  it('a repeated scan is idempotent: the same check-in with repeated, one routing event, one history entry', async () => {
    const o = await labeled();
    const first = await checkIn({ code: o.tracking, ...declared });
    expect(first.status).toBe(200);
    const again = await checkIn({ code: o.exOrderId, ...declared, weightGr: 5000 });
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ outcome: 'checked-in', repeated: true, measured: declared, checkedInAt: first.body.data.checkedInAt });
    expect(again.body.data.scan).toMatchObject({ ok: true, canUndo: false, message: `${o.exOrderId}: already done, nothing changed.` });
    expect((await events(o.id)).filter((e) => e.code.startsWith('floor.'))).toHaveLength(1);
    const entries = await q<{ n: number }>(sql`select count(*)::int as n from order_history where order_id = ${o.id} and action = 'checkIn'`);
    expect(entries[0]!.n).toBe(1);
    // Each scan is one line of the trail; a refused one none.
    expect(await checkIn({ code: o.tracking, ...declared, weightGr: -1 }).then((r) => r.status)).toBe(400);
    expect(await trailLines(o.id)).toEqual([{ status: 200 }, { status: 200 }]);
  });

  it('beyond: error-dimension, the price at the measured values by the quote, the seller told by bell and mail', async () => {
    const o = await labeled();
    const measured = { weightGr: 1500, lengthCm: 30, widthCm: 20, heightCm: 12 };
    const res = await checkIn({ code: o.tracking, ...measured });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const quote = await call('POST', '/quote', seller, { serviceCode: 'STD', weight: 1500, length: 30, width: 20, height: 12, country: 'US', state: 'CA', zipcode: '90001' });
    expect(quote.status, JSON.stringify(quote.body)).toBe(200);
    const data = res.body.data;
    expect(data).toMatchObject({ outcome: 'error-dimension', declaredPrice: 9.75, measuredPrice: quote.body.data.fees.total });
    expect(data.measuredPrice).toBeGreaterThan(data.declaredPrice);
    expect(data.difference).toBeCloseTo(data.measuredPrice - data.declaredPrice, 2);
    expect(new Date(data.confirmBy).getTime() - new Date(data.checkedInAt).getTime()).toBe(10 * 86_400_000);
    expect(await order(o.id)).toMatchObject({ status: 'error-dimension', checkInStatus: 'check-in pending' });
    // The seller is told in the app and by mail.
    await t.runJobs('notifications.tell-seller-of-dimension-error');
    const bell = (await call('GET', '/notifi/user?current=1&pageSize=5', seller)).body.data.items;
    expect(bell[0].title).toMatch(/^Parcel measured differently/);
    expect(bell[0].content).toContain(o.exOrderId);
    const mail = await lastMailTo(t.db, SELLER.email);
    expect(mail?.subject).toMatch(/^Parcel measured differently/);
    expect(mail?.text).toContain('1500 g, 30 × 20 × 12 cm');
    // The seller sees its check-in; another seller does not.
    const mine = await call('GET', `/orders/${o.id}/check-in`, seller);
    expect(mine.status).toBe(200);
    expect(mine.body.data).toMatchObject({ measured, declared, measuredPrice: data.measuredPrice, scan: null });
    expect((await call('GET', `/orders/${o.id}/check-in`, other.token)).status).toBe(404);
  });

  it("a service's tolerance overrides the global one; removing it brings the global one back", async () => {
    const services = (await call('GET', '/services?pageSize=50', admin)).body.data;
    const std = (services.items ?? services).find((s: { code: string }) => s.code === 'STD');
    expect((await call('PUT', '/floor/tolerances', admin, { serviceId: std._id ?? std.id, weightGr: 500, dimensionCm: 5 })).status).toBe(200);
    const list = (await call('GET', '/floor/tolerances', admin)).body.data;
    expect(list).toEqual([
      { serviceId: null, serviceCode: null, weightGr: 50, dimensionCm: 1 },
      { serviceId: std._id ?? std.id, serviceCode: 'STD', weightGr: 500, dimensionCm: 5 },
    ]);
    const a = await labeled();
    expect((await checkIn({ code: a.tracking, ...declared, weightGr: 1200 })).body.data.outcome).toBe('checked-in');
    expect((await call('DELETE', `/floor/tolerances/${std._id ?? std.id}`, admin)).status).toBe(200);
    const b = await labeled();
    expect((await checkIn({ code: b.tracking, ...declared, weightGr: 1200 })).body.data.outcome).toBe('error-dimension');
  });

  it('manual weighing waits for the measures; a later scan with them completes it', async () => {
    const o = await labeled();
    const waiting = await checkIn({ code: o.tracking, manualWeighing: true });
    expect(waiting.body.data).toMatchObject({ outcome: 'manual weighing', measured: null, repeated: false });
    expect((await order(o.id)).checkInStatus).toBe('manual weighing');
    const done = await checkIn({ code: o.tracking, ...declared });
    expect(done.body.data).toMatchObject({ outcome: 'checked-in', repeated: false, checkedInAt: waiting.body.data.checkedInAt });
    expect((await order(o.id)).checkInStatus).toBe('checked-in');
  });

  it('restricted goods (wet, leaking): check-in error', async () => {
    const o = await labeled();
    const res = await checkIn({ code: o.tracking, ...declared, restricted: ['wet', 'leaking'] });
    expect(res.body.data).toMatchObject({ outcome: 'check-in error', restricted: ['wet', 'leaking'] });
    expect((await order(o.id)).checkInStatus).toBe('check-in error');
  });

  it('the lookup says what a code names', async () => {
    const o = await labeled();
    const res = await call('GET', `/floor/parcels?code=${o.tracking}`, admin);
    expect(res.body.data).toMatchObject({ orderId: o.id, exOrderId: o.exOrderId, trackingNumber: o.tracking, status: 'labeled', checkInStatus: null, customerEmail: SELLER.email, declared, cartonId: null });
    expect((await call('GET', `/floor/parcels?code=ZZZ`, admin)).body.code).toBe('PARCEL_NOT_FOUND');
  });
});

describe('undo of the last check-in scan', () => {
  it('only the newest is undone; then the one before it', async () => {
    const a = await labeled();
    const b = await labeled();
    const first = (await checkIn({ code: a.tracking, ...declared })).body.data.scan;
    const second = (await checkIn({ code: b.tracking, ...declared, weightGr: 2000 })).body.data.scan;
    const notLast = await call('POST', `/floor/scans/${first._id}/undo`, admin);
    expect(notLast.status).toBe(409);
    expect(notLast.body.code).toBe('SCAN_NOT_UNDOABLE');
    // Another operator cannot undo it either (not found for them).
    expect((await call('POST', `/floor/scans/${second._id}/undo`, seller)).status).toBe(404);
    const undone = await call('POST', `/floor/scans/${second._id}/undo`, admin);
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    expect(undone.body).toMatchObject({ message: 'Scan undone.', data: { canUndo: false } });
    expect(await order(b.id)).toMatchObject({ status: 'labeled', checkInStatus: null });
    expect((await events(b.id)).filter((e) => e.code.startsWith('floor.'))).toEqual([]);
    expect((await call('GET', `/orders/${b.id}/check-in`, seller)).body.code).toBe('CHECK_IN_NOT_FOUND');
    const list = await scans();
    expect(list.find((s) => s._id === second._id)?.undoneAt).not.toBeNull();
    expect(list.find((s) => s._id === first._id)?.canUndo).toBe(true);
    expect((await call('POST', `/floor/scans/${first._id}/undo`, admin)).status).toBe(200);
    // Undone twice: refused.
    expect((await call('POST', `/floor/scans/${first._id}/undo`, admin)).status).toBe(409);
  });
});

describe("the seller's confirmation of a dimension error", () => {
  it('creates a new order at the measured values and price, checked in and unpaid; the old one is cancelled, refunded 7 working days on', async () => {
    const o = await labeled();
    const measured = { weightGr: 1500, lengthCm: 30, widthCm: 20, heightCm: 12 };
    const ci = (await checkIn({ code: o.tracking, ...measured })).body.data;
    expect((await call('POST', `/orders/${o.id}/confirm-dimension`, other.token, { reason: '' })).status).toBe(404);
    const res = await call('POST', `/orders/${o.id}/confirm-dimension`, seller, { reason: '' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const old = res.body.data;
    expect(old).toMatchObject({ status: 'canceled', paymentStatus: 'waiting-refund' });
    const [row] = await q<{ canceledAt: string; refundDueAt: string; replacedBy: string }>(sql`select canceled_at as "canceledAt", refund_due_at as "refundDueAt", replaced_by as "replacedBy" from orders where id = ${o.id}`);
    expect(new Date(row!.refundDueAt).toISOString()).toBe(workingDayCalendar('US').addWorkingDays(new Date(row!.canceledAt), 7).toISOString());
    const fresh = await order(row!.replacedBy);
    expect(fresh).toMatchObject({ status: 'unpaid', paymentStatus: 'unpaid', checkInStatus: 'checked-in', orderName: o.orderName, weightGr: 1500, lengthCm: 30, totalPrice: ci.measuredPrice });
    const carried = await call('GET', `/orders/${fresh.id}/check-in`, seller);
    expect(carried.body.data).toMatchObject({ outcome: 'checked-in', declared: measured, declaredPrice: ci.measuredPrice });
    // Confirmed once: a second confirmation is refused.
    expect((await call('POST', `/orders/${o.id}/confirm-dimension`, seller, { reason: '' })).status).toBe(409);
  });
});

describe('the check-in import (.csv)', () => {
  const upload = (csv: string, query = '', name = 'scale.csv') => {
    const boundary = '----floor';
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`;
    return t.call({ method: 'POST', url: `/api/v1/floor/check-ins/import${query}`, token: admin, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: body });
  };

  it('the template is the header line', async () => {
    const res = await t.call({ method: 'GET', url: '/api/v1/floor/check-ins/template.csv', token: admin });
    expect(res.status).toBe(200);
    expect(String(res.headers['content-type'])).toContain('text/csv');
  });

  it('bad rows are named by row and column, nothing is written; a valid file is reviewed, then applied', async () => {
    const a = await labeled();
    const b = await labeled();
    const header = 'Code,Weight_gr,Length_cm,Width_cm,Height_cm,Restricted';
    const bad = await upload(`${header}\r\n${a.tracking},800,20,15,10,\r\nNOPE-1,800,20,15,10,\r\n${b.tracking},abc,20,15,10,\r\n${a.exOrderId},800,20,15,10,\r\n`);
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('IMPORT_ROWS_INVALID');
    expect(bad.body.errors.map((e: { field: string }) => e.field)).toEqual(['rows.3.Code', 'rows.4.Weight_gr', 'rows.5.Code']);
    expect(bad.body.errors[0].message).toBe('No parcel has the code NOPE-1.');
    expect((await order(a.id)).checkInStatus).toBeNull();

    const good = `${header}\r\n${a.tracking},800,20,15,10,\r\n${b.tracking},2500,20,15,10,\r\n`;
    const review = await upload(good, '?onlyValidate=true');
    expect(review.status, JSON.stringify(review.body)).toBe(200);
    expect(review.body.data.rows.map((r: { outcome: string }) => r.outcome)).toEqual(['checked-in', 'error-dimension']);
    expect((await order(a.id)).checkInStatus).toBeNull();
    const done = await upload(good, '?warehouseCode=LAX1');
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ message: '2 parcels checked in.', data: { applied: 2 } });
    expect((await order(a.id)).checkInStatus).toBe('checked-in');
    expect((await order(b.id)).status).toBe('error-dimension');
  });

  it('only a .csv is read', async () => {
    const res = await upload('Code\r\nX\r\n', '', 'scale.txt');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('IMPORT_NOT_CSV');
  });
});
