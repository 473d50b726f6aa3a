import { sql } from 'drizzle-orm';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, SELLER, createSeller, orderBody, startTestApp, type TestApp } from '../../test/harness';
import { startQueue } from '../../platform/workflow';
import { creditWallet } from '../wallet';
import { FULFIL_ORDER } from './fulfilment.workflow';

// Cross-border truth: the label's FROM is the seller's sender (company and ship-from address, the US
// return address when set) instead of "ExShip Los Angeles"; the carrier takes the parcel over at the
// origin warehouse's hand-over point, which staff keep on the warehouse (address and hours) and the
// seller reads before sign-in.
let t: TestApp;
let seller: string;
let admin: string;
let other: { id: string; token: string };
let n = 0;

const q = async <T>(query: ReturnType<typeof sql>) => ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;

async function labeledOrder(token: string): Promise<string> {
  const res = await t.call({ method: 'POST', url: '/api/v1/orders', token, payload: orderBody(`SND-${++n}-${Date.now().toString(36)}`) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const id = res.body.data._id as string;
  expect((await t.call({ method: 'POST', url: '/api/v1/orders/pay', token, payload: { orderIds: [id] } })).status).toBe(200);
  for (const s of FULFIL_ORDER.starts) await t.runJobs(startQueue(FULFIL_ORDER, s.event));
  await t.runJobs('shipping.buy-label');
  return id;
}

const labelText = async (token: string, orderId: string) => {
  const pdf = await t.app.inject({ method: 'GET', url: `/api/v1/orders/${orderId}/label`, headers: { authorization: `Bearer ${token}` } });
  expect(pdf.statusCode).toBe(200);
  return (await extractText(new Uint8Array(pdf.rawPayload), { mergePages: true })).text;
};

const SHIP_FROM = { company: 'Lotus Crafts Co', name: 'Mai Tran', phone: '+84912345678', address1: '12 Nguyen Hue', address2: '', city: 'Ho Chi Minh City', state: '', zip: '700000', country: 'VN' };
const RETURN_TO = { address1: '4500 Wilshire Blvd', address2: 'Suite 210', city: 'Los Angeles', state: 'CA', zip: '90010' };

beforeAll(async () => {
  t = await startTestApp({ env: { SEED_DEMO_CATALOG: 'true' } });
  seller = await t.login(SELLER.email, SELLER.password);
  admin = await t.login(ADMIN.email, ADMIN.password);
  other = await createSeller(t, 'sender.other@example.com');
  await t.db.transaction((tx) => creditWallet(tx, 'top_up', { accountId: other.id, amountCents: 50_000, actorId: null, note: 'test' }));
});
afterAll(() => t?.close());

describe('hand-over points', () => {
  it('anyone reads where to hand parcels over: each active warehouse\'s hand-over address and opening hours', async () => {
    const res = await t.call({ method: 'GET', url: '/api/v1/public/handover-points' });
    expect(res.status).toBe(200);
    expect(res.body.data.find((p: { code: string }) => p.code === 'LAX1')).toMatchObject({ city: 'Ho Chi Minh City', country: 'VN', hours: 'Mon–Sat 08:00–18:00', address: expect.stringContaining('Cach Mang Thang Tam') });
  });

  it('staff set and clear a warehouse\'s hand-over address and hours; a warehouse without one is handed over at its own address', async () => {
    const list = (await t.call({ method: 'GET', url: '/api/v1/warehouses?keyword=EWR1', token: admin })).body.data.items;
    const ewr = list[0];
    const body = { code: ewr.code, name: ewr.name, zipcode: ewr.zipcode, address: ewr.address, city: ewr.city, state: ewr.state, country: ewr.country, phone: ewr.phone, shippingType: ewr.shippingType, status: ewr.status };
    const bad = await t.call({ method: 'PUT', url: `/api/v1/warehouses/${ewr.id}`, token: admin, payload: { ...body, handoverCountry: 'Vietnam' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([expect.objectContaining({ field: 'handoverCountry' })]);
    const set = await t.call({ method: 'PUT', url: `/api/v1/warehouses/${ewr.id}`, token: admin, payload: { ...body, handoverAddress: '1 Tran Hung Dao', handoverCity: 'Da Nang', handoverCountry: 'VN', handoverHours: 'Daily 07:00–19:00' } });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.data).toMatchObject({ handoverAddress: '1 Tran Hung Dao', handoverCity: 'Da Nang', handoverHours: 'Daily 07:00–19:00' });
    const cleared = await t.call({ method: 'PUT', url: `/api/v1/warehouses/${ewr.id}`, token: admin, payload: { ...body, handoverAddress: '', handoverCity: '', handoverCountry: '', handoverHours: '' } });
    expect(cleared.body.data).toMatchObject({ handoverAddress: null, handoverCity: null, handoverCountry: null, handoverHours: null });
    const points = (await t.call({ method: 'GET', url: '/api/v1/public/handover-points' })).body.data;
    expect(points.find((p: { code: string }) => p.code === 'EWR1')).toMatchObject({ address: '25 Port Street', city: 'Newark', state: 'NJ', country: 'US', hours: null });
    // A seller cannot change a warehouse.
    expect((await t.call({ method: 'PUT', url: `/api/v1/warehouses/${ewr.id}`, token: seller, payload: body })).status).toBe(403);
  });
});

describe('the seller\'s sender on the label', () => {
  it('the seller saves a company, ship-from and US return address; a bad field is named', async () => {
    const bad = await t.call({ method: 'PUT', url: '/api/v1/profile/sender', token: seller, payload: { shipFrom: { ...SHIP_FROM, country: 'Viet Nam' }, returnAddress: { ...RETURN_TO, zip: '9001' } } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['returnAddress.zip', 'shipFrom.country']);
    const ok = await t.call({ method: 'PUT', url: '/api/v1/profile/sender', token: seller, payload: { shipFrom: SHIP_FROM, returnAddress: RETURN_TO } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.message).toBe('Sender address saved.');
    const me = (await t.call({ method: 'GET', url: '/api/v1/me', token: seller })).body.data;
    expect(me.shipFrom).toMatchObject({ company: 'Lotus Crafts Co', city: 'Ho Chi Minh City', country: 'VN' });
    expect(me.returnAddress).toMatchObject({ address1: '4500 Wilshire Blvd', zip: '90010' });
  });

  it('the label\'s FROM is the seller\'s company at its US return address; the parcel starts at the hand-over point, not in Los Angeles', async () => {
    const id = await labeledOrder(seller);
    const text = (await labelText(seller, id)).toUpperCase();
    expect(text).toContain('LOTUS CRAFTS CO');
    expect(text).toContain('4500 WILSHIRE BLVD');
    expect(text).not.toContain('EXSHIP LOS ANGELES');
    const shipping = (await t.call({ method: 'GET', url: `/api/v1/orders/${id}/shipping`, token: seller })).body.data;
    expect(shipping.events[0]).toMatchObject({ status: 'pre-shipment', city: 'Ho Chi Minh City', country: 'VN' });
    const [tracker] = await q<{ label_data: { origin: unknown; hub: unknown; customs: { originCountry: string }[] } }>(sql`select label_data from trackers where order_id = ${id}`);
    expect(tracker!.label_data.origin).toEqual({ city: 'Ho Chi Minh City', state: '', country: 'VN' });
    expect(tracker!.label_data.hub).toEqual({ city: 'Los Angeles', state: 'CA', country: 'US' });
  });

  it('with only a ship-from address the FROM is that address; without a sender, the warehouse as before', async () => {
    await t.call({ method: 'PUT', url: '/api/v1/profile/sender', token: seller, payload: { shipFrom: SHIP_FROM, returnAddress: null } });
    const id = await labeledOrder(seller);
    const text = (await labelText(seller, id)).toUpperCase();
    expect(text).toContain('LOTUS CRAFTS CO');
    expect(text).toContain('12 NGUYEN HUE');
    const plain = await labeledOrder(other.token);
    expect((await labelText(other.token, plain)).toUpperCase()).toContain('EXSHIP LOS ANGELES');
  });
});
