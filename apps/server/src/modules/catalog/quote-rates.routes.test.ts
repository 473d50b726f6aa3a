import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARRIER_PRICE_TEMPLATE, SERVICE_PRICE_TEMPLATE } from '@exship/contracts';
import { hashPassword } from '../../platform/passwords';
import { xlsxOf } from '../../test/files';
import { ADMIN, SELLER, createSeller, startTestApp, type TestApp } from '../../test/harness';
import { createUser } from '../users';
import { createSeededNetwork, importAndActivate, type Network } from './catalog.fixtures';

// Rate shopping: POST /quote/rates prices every service the caller may use, side by side.
// The seeded network (STD) gets more services: ECO (cheapest), EXP (fastest, another carrier), VIP
// (routed only for another seller), DEONLY (routed to Germany only), NOPRICE (no sell price) and OFF
// (inactive).
let t: TestApp;
let admin: string;
let seller: string;
let other: { id: string; token: string };
let net: Network;

const post = (url: string, payload: unknown, token = admin, headers: Record<string, string> = {}) =>
  t.call({ method: 'POST', url: `/api/v1${url}`, payload: payload as object, token, headers });
const made = async (url: string, payload: object) => {
  const res = await post(url, payload);
  expect(res.status, `${url}: ${JSON.stringify(res.body)}`).toBe(201);
  return res.body.data as { id: string };
};

const parcel = { weight: 300, length: 10, width: 10, height: 10, country: 'US', state: 'CA', zipcode: '90001' };
const rates = (payload: object, token = seller, headers: Record<string, string> = {}) => post('/quote/rates', payload, token, headers);
const codes = (body: { data: { rates: { serviceCode: string }[] } }) => body.data.rates.map((r) => r.serviceCode);

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login(ADMIN.email, ADMIN.password);
  seller = await t.login(SELLER.email, SELLER.password);
  net = await createSeededNetwork(t, admin);
  other = await createSeller(t, 'rates.other@example.com');

  const fly = await made('/carriers', { code: 'FLY', name: 'Fly Air' });
  const service = (code: string, carrierId: string, extra: object = {}) => made('/services', { code, name: `${code} service`, carrierId, signatureFee: 1, ...extra });
  const exp = await service('EXP', fly.id, { name: 'Express', transitDaysMin: 1, transitDaysMax: 3 });
  const eco = await service('ECO', net.carrierId, { name: 'Economy', transitDaysMin: 6, transitDaysMax: 10 });
  const vip = await service('VIP', net.carrierId, { transitDaysMin: 2, transitDaysMax: 3 });
  const deOnly = await service('DEONLY', net.carrierId);
  const noPrice = await service('NOPRICE', net.carrierId);
  const off = await service('OFF', net.carrierId, { status: 'inactive' });
  const route = (serviceId: string, carrierId: string, extra: object = {}) =>
    made('/carrier-configs', {
      serviceId, minWeight: 0, maxWeight: 30000, priority: 1, typeShipping: 'country', toArrayCountry: ['US'],
      allocations: [{ carrierId, warehouseId: net.warehouseId, percentage: 100 }], ...extra,
    });
  await route(exp.id, fly.id);
  await route(eco.id, net.carrierId);
  await route(vip.id, net.carrierId, { users: [other.id] });
  await route(deOnly.id, net.carrierId, { toArrayCountry: ['DE'] });
  await route(noPrice.id, net.carrierId);
  await route(off.id, net.carrierId);

  await importAndActivate(t, admin, 'service', await xlsxOf([...SERVICE_PRICE_TEMPLATE], [
    ['STD', 0, 500, 8, 0.5, 'active'],
    ['STD', 500, 2000, 12, 0.5, 'active'],
    ['STD', 2000, 30000, 25, 1, 'active'],
    ['EXP', 0, 30000, 20, 1, 'active'],
    ['ECO', 0, 30000, 5, 0, 'active'],
    ['VIP', 0, 30000, 3, 0, 'active'],
    ['DEONLY', 0, 30000, 4, 0, 'active'],
    ['OFF', 0, 30000, 1, 0, 'active'],
  ]));
  const lanes = [['SBT', 'STD'], ['FLY', 'EXP'], ['SBT', 'ECO'], ['SBT', 'VIP'], ['SBT', 'DEONLY'], ['SBT', 'NOPRICE'], ['SBT', 'OFF']];
  await importAndActivate(t, admin, 'carrier', await xlsxOf([...CARRIER_PRICE_TEMPLATE], lanes.flatMap(([carrier, svc]) => [
    [carrier!, svc!, 'LAX1', 'Z1', 0, 30000, 2, 0, 'active'],
    [carrier!, svc!, 'LAX1', 'Z2', 0, 30000, 3, 0, 'active'],
  ])));

  await made('/discounts', { code: 'EXPONLY', name: 'Express only', amountOff: { type: 'percent', value: 20 }, services: [exp.id], startDate: '2020-01-01T00:00', endDate: '2099-01-01T00:00' });
  await made('/discounts', { code: 'VIPONLY', name: 'VIP only', amountOff: { type: 'percent', value: 20 }, services: [vip.id], startDate: '2020-01-01T00:00', endDate: '2099-01-01T00:00' });
});
afterAll(async () => {
  await t?.close();
});

describe('POST /quote/rates', () => {
  it('prices every service the seller may use, cheapest first, with carrier, transit days and fee lines', async () => {
    const res = await rates(parcel);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(codes(res.body)).toEqual(['ECO', 'STD', 'EXP']);
    const totals = res.body.data.rates.map((r: { total: number }) => r.total);
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
    expect(res.body.data.chargeableWeight).toBe(300);
    // ECO: $5.00 + 10% tax = $5.50; EXP: $20.00 + $1.00 seasonal + 10% = $23.10, sold under Fly Air.
    expect(res.body.data.rates[0]).toEqual({
      serviceCode: 'ECO', serviceName: 'Economy', carrierName: 'SBT Express', transitDaysMin: 6, transitDaysMax: 10,
      fees: { shippingFee: 5, seasonalFee: 0, signatureFee: 0, overLengthFee: 0, discount: 0, taxFee: 0.5, total: 5.5 }, total: 5.5, discountCode: null,
    });
    expect(res.body.data.rates[2]).toMatchObject({ serviceCode: 'EXP', carrierName: 'Fly Air', transitDaysMin: 1, transitDaysMax: 3, total: 23.1 });
    // STD states no transit days; sellers never see routing, cost or margin.
    expect(res.body.data.rates[1]).toMatchObject({ serviceCode: 'STD', transitDaysMin: null, transitDaysMax: null, total: 9.35 });
    for (const rate of res.body.data.rates) for (const staffOnly of ['routing', 'cost', 'margin']) expect(rate).not.toHaveProperty(staffOnly);
  });

  it('gives the same price per service as the single quote, signature and over-length fees included', async () => {
    const big = { ...parcel, length: 130, signature: true };
    const res = await rates(big);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    for (const rate of res.body.data.rates as { serviceCode: string; fees: object }[]) {
      const single = await post('/quote', { ...big, serviceCode: rate.serviceCode }, seller);
      expect(single.body.data.fees, rate.serviceCode).toEqual(rate.fees);
    }
    expect(res.body.data.rates.find((r: { serviceCode: string }) => r.serviceCode === 'STD').fees).toMatchObject({ signatureFee: 2.5, overLengthFee: 15 });
  });

  it('lists services that cannot carry the parcel with the reason, in the caller language', async () => {
    const res = await rates(parcel);
    expect(res.body.data.unavailable).toEqual([
      { serviceCode: 'DEONLY', serviceName: 'DEONLY service', reasonCode: 'NO_ROUTE', reason: 'Not offered for this destination and weight.' },
      { serviceCode: 'NOPRICE', serviceName: 'NOPRICE service', reasonCode: 'NO_SELL_PRICE', reason: 'No price for this weight.' },
    ]);
    const vi = await rates(parcel, seller, { language: 'vi' });
    expect(vi.body.data.unavailable[0].reason).toBe('Không phục vụ điểm đến và khối lượng này.');
    // A destination no zone covers: every offered service says so, none is priced.
    const nowhere = await rates({ ...parcel, state: 'TX', zipcode: '73301' });
    expect(nowhere.status).toBe(200);
    expect(nowhere.body.data.rates).toEqual([]);
    expect(nowhere.body.data.unavailable.map((u: { reasonCode: string }) => u.reasonCode)).toContain('NO_ZONE');
  });

  it('leaves out inactive services and services routed only for other sellers', async () => {
    const mine = await rates(parcel);
    const all = [...codes(mine.body), ...mine.body.data.unavailable.map((u: { serviceCode: string }) => u.serviceCode)];
    expect(all).not.toContain('VIP');
    expect(all).not.toContain('OFF');
    // Naming another seller does not help a seller: their own account is used.
    expect(codes((await rates({ ...parcel, customerId: other.id })).body)).not.toContain('VIP');
    // The seller VIP is routed for gets it, cheapest.
    const theirs = await rates(parcel, other.token);
    expect(codes(theirs.body)).toEqual(['VIP', 'ECO', 'STD', 'EXP']);
  });

  it('lets staff quote for a customer and shows them routing, cost and margin', async () => {
    const staff = await rates({ ...parcel, customerId: other.id }, admin);
    expect(staff.status, JSON.stringify(staff.body)).toBe(200);
    expect(codes(staff.body)).toEqual(['VIP', 'ECO', 'STD', 'EXP']);
    expect(staff.body.data.rates[3]).toMatchObject({ serviceCode: 'EXP', routing: { carrier: 'FLY', warehouse: 'LAX1', zone: 'Z1' }, cost: 2, margin: 19 });
    expect(codes((await rates(parcel, admin)).body)).toEqual(['ECO', 'STD', 'EXP']);
  });

  it('applies a discount code where it may and leaves the other services at full price', async () => {
    const res = await rates({ ...parcel, discountCode: 'exponly' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // EXP: $20.00 − 20% ($4.00) + $1.00 = $17.00, + 10% = $18.70; still the dearest.
    const exp = res.body.data.rates.find((r: { serviceCode: string }) => r.serviceCode === 'EXP');
    expect(exp).toMatchObject({ discountCode: 'EXPONLY', total: 18.7, fees: { discount: 4 } });
    expect(res.body.data.rates.filter((r: { discountCode: string | null }) => r.discountCode === null).map((r: { serviceCode: string }) => r.serviceCode)).toEqual(['ECO', 'STD']);
    const all = await rates({ ...parcel, discountCode: 'SAVE10' });
    expect(all.body.data.rates.every((r: { discountCode: string | null }) => r.discountCode === 'SAVE10')).toBe(true);
  });

  it('refuses a discount code that fits none of the services, or does not exist, on the discountCode field', async () => {
    const none = await rates({ ...parcel, discountCode: 'VIPONLY' });
    expect(none.status).toBe(422);
    expect(none.body).toMatchObject({ code: 'DISCOUNT_NOT_FOR_SERVICE', errors: [{ field: 'discountCode', message: 'This discount code does not apply to this service.' }] });
    const missing = await rates({ ...parcel, discountCode: 'NOSUCH' });
    expect(missing.status).toBe(422);
    expect(missing.body).toMatchObject({ code: 'DISCOUNT_NOT_FOUND', errors: [{ field: 'discountCode', message: 'Discount code not found.' }] });
  });

  it('names each bad field', async () => {
    const { weight: _w, ...noWeight } = parcel;
    const res = await rates({ ...noWeight, country: 'USA', height: 0.1, zipcode: '9000A' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'weight', message: 'The weight is missing, so the price cannot be calculated.' },
        { field: 'country', message: 'Use a two-letter country code such as US.' },
        { field: 'height', message: 'Each side must be above 0.25 cm and below 99999 cm.' },
        { field: 'zipcode', message: 'Use digits only, under 30 characters.' },
      ]),
    );
  });

  it('needs EX-QUOTE, like the single quote', async () => {
    expect((await t.call({ method: 'POST', url: '/api/v1/quote/rates', payload: parcel })).status).toBe(401);
    await createUser(t.db, { email: 'rates.cs@example.com', passwordHash: await hashPassword('Staff#Passw0rd!'), fullName: 'Care Agent', roleCode: 'EXR-CUSTOMER-SERVICE', status: 'active' });
    const careAgent = await t.login('rates.cs@example.com', 'Staff#Passw0rd!');
    const res = await rates(parcel, careAgent);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('FORBIDDEN');
    expect((await post('/quote', { ...parcel, serviceCode: 'STD' }, careAgent)).status).toBe(403);
  });
});
