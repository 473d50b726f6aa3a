import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { DEFAULT_SELLER_ROLE } from '@exship/contracts';
import { ADMIN, SELLER, orderBody, startTestApp, type TestApp } from './harness';
import { hashPassword } from '../platform/passwords';
import { createUser } from '../modules/users';
import { creditWallet } from '../modules/wallet';

// A warehouse floor to test cartons on: the demo network (STD → UPX to LAX1, EXP → SWF), an origin
// warehouse SGN1, a scanner (allowed to check in), a staff clerk without the floor's codes, two
// sellers, and labeled orders checked in through the check-in endpoint.

export interface Floor {
  t: TestApp;
  admin: string;
  seller: string;
  other: { id: string; token: string };
  scanner: string;
  clerk: string;
  carriers: Map<string, string>;
  services: Map<string, string>;
}

const PASSWORD = 'Floor#Passw0rd!';
let n = 0;

const rows = async <T>(t: TestApp, query: ReturnType<typeof sql>) => ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;

async function staff(t: TestApp, email: string, roleCode: string): Promise<string> {
  const user = await createUser(t.db, { email, passwordHash: await hashPassword(PASSWORD), fullName: email.split('@')[0]!, roleCode, status: 'active' });
  await t.db.execute(sql`update users set allow_checkin = true where id = ${user.id}`);
  return t.login(email, PASSWORD);
}

export async function startFloor(): Promise<Floor> {
  const t = await startTestApp({ env: { SEED_DEMO_CATALOG: 'true' } });
  const admin = await t.login(ADMIN.email, ADMIN.password);
  const seller = await t.login(SELLER.email, SELLER.password);
  const otherUser = await createUser(t.db, { email: 'floor.other@example.com', passwordHash: await hashPassword(PASSWORD), fullName: 'Other Seller', roleCode: DEFAULT_SELLER_ROLE, status: 'active' });
  const other = { id: otherUser.accountId, token: await t.login('floor.other@example.com', PASSWORD) };
  for (const accountId of [other.id, ...(await rows<{ account_id: string }>(t, sql`select account_id from users where email = ${SELLER.email}`)).map((r) => r.account_id)]) {
    await t.db.transaction((tx) => creditWallet(tx, 'top_up', { accountId, amountCents: 500_000, actorId: null, note: 'floor test' }));
  }
  const wh = await t.call({ method: 'POST', url: '/api/v1/warehouses', token: admin, payload: { code: 'SGN1', name: 'Saigon origin', zipcode: '700000', address: '12 Nguyen Hue', city: 'Ho Chi Minh City', country: 'VN' } });
  expect(wh.status, JSON.stringify(wh.body)).toBe(201);
  const carriers = new Map((await rows<{ code: string; id: string }>(t, sql`select code, id from carriers`)).map((r) => [r.code, r.id]));
  const services = new Map((await rows<{ code: string; id: string }>(t, sql`select code, id from services`)).map((r) => [r.code, r.id]));
  return { t, admin, seller, other, scanner: await staff(t, 'scanner@exship.test', 'EXR-SCANNER'), clerk: await staff(t, 'clerk@exship.test', 'EXR-ACCOUNTING'), carriers, services };
}

export interface Parcel {
  id: string;
  exOrderId: string;
  orderName: string;
  trackingNumber: string;
  carrierCode: string;
  warehouseCode: string;
}

/** Labeled orders of a seller (created, paid, their labels bought by the jobs). */
export async function labeledOrders(f: Floor, count: number, over: Record<string, unknown> = {}, token = f.seller): Promise<Parcel[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const res = await f.t.call({ method: 'POST', url: '/api/v1/orders', token, payload: orderBody(`FLR-${++n}-${Date.now().toString(36)}`, over) });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    ids.push(res.body.data._id);
  }
  const paid = await f.t.call({ method: 'POST', url: '/api/v1/orders/pay', token, payload: { orderIds: ids } });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  // The payment's follow-ups (the label purchase and what it queues), as the workers would run them.
  for (let round = 0; round < 5 && (await f.t.runJobs()).ran > 0; round++);
  const out: Parcel[] = [];
  for (const id of ids) {
    const o = (await f.t.call({ method: 'GET', url: `/api/v1/orders/${id}`, token })).body.data;
    expect(o.status, o.exOrderId).toBe('labeled');
    out.push({ id, exOrderId: o.exOrderId, orderName: o.orderName, trackingNumber: o.trackingNumber, carrierCode: o.carrierCode, warehouseCode: o.warehouseCode });
  }
  return out;
}

/** Checks a parcel in at SGN1 with its declared size (within the tolerance) unless told otherwise. */
export async function checkIn(f: Floor, code: string, over: Record<string, unknown> = {}) {
  const res = await f.t.call({
    method: 'POST',
    url: '/api/v1/floor/check-ins',
    token: f.scanner,
    payload: { code, warehouseCode: 'SGN1', weightGr: 800, lengthCm: 20, widthCm: 15, heightCm: 10, ...over },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

/** Labeled and checked-in parcels. */
export async function checkedIn(f: Floor, count: number, over: Record<string, unknown> = {}, token = f.seller): Promise<Parcel[]> {
  const parcels = await labeledOrders(f, count, over, token);
  for (const p of parcels) expect((await checkIn(f, p.exOrderId)).outcome).toBe('checked-in');
  return parcels;
}

/** Opens a carton for STD to LAX1 on UPX (the demo's STD lane) unless told otherwise. */
export async function openCarton(f: Floor, over: Partial<{ name: string; carrier: string; warehouseCode: string; service: string }> = {}) {
  const res = await f.t.call({
    method: 'POST',
    url: '/api/v1/floor/cartons',
    token: f.scanner,
    payload: { name: over.name ?? '', carrierId: f.carriers.get(over.carrier ?? 'UPX'), warehouseCode: over.warehouseCode ?? 'LAX1', serviceId: f.services.get(over.service ?? 'STD') },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { _id: string; status: string; quantity: number };
}

export const scan = (f: Floor, cartonId: string, code: string, token = f.scanner) =>
  f.t.call({ method: 'POST', url: `/api/v1/floor/cartons/${cartonId}/parcels`, token, payload: { code } });

export const closeCarton = (f: Floor, cartonId: string, m: Record<string, number> = { weightGr: 2500, lengthCm: 40, widthCm: 30, heightCm: 30 }) =>
  f.t.call({ method: 'POST', url: `/api/v1/floor/cartons/${cartonId}/close`, token: f.scanner, payload: m });

/** The routing events of an order as its seller reads them. */
export async function eventsOf(f: Floor, orderId: string, token = f.seller): Promise<{ description: string; status: string }[]> {
  const res = await f.t.call({ method: 'GET', url: `/api/v1/orders/${orderId}/shipping`, token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.events;
}
