import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, SELLER, createSeller, startTestApp, type TestApp } from '../../test/harness';
import { createSeededNetwork, type Network } from './catalog.fixtures';

let t: TestApp;
let admin: string;
let seller: string;
let net: Network;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login(ADMIN.email, ADMIN.password);
  seller = await t.login(SELLER.email, SELLER.password);
  net = await createSeededNetwork(t, admin);
});
afterAll(async () => {
  await t?.close();
});

const post = (url: string, payload: unknown, token = admin) => t.call({ method: 'POST', url: `/api/v1${url}`, payload: payload as object, token });
const fieldsOf = (body: { errors?: { field: string }[] }) => (body.errors ?? []).map((e) => e.field);

describe('SPEC §5 rules: carriers, warehouses, services, taxes', () => {
  it.each([
    ['/carriers', { code: 'ab', name: 'Lower case' }, 'code', 'Use uppercase letters, digits and underscore only, without accents.'],
    ['/carriers', { code: 'ÁB', name: 'Accent' }, 'code', 'Use uppercase letters, digits and underscore only, without accents.'],
    ['/carriers', { code: 'A'.repeat(51), name: 'Long' }, 'code', 'At most 50 characters.'],
    ['/carriers', { code: 'OK1', name: 'n'.repeat(51) }, 'name', 'At most 50 characters.'],
    ['/carriers', { code: 'OK2' }, 'name', 'This field is required.'],
  ])('POST %s %j is refused on %s', async (url, payload, field, message) => {
    const res = await post(url, payload);
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual({ field, message });
  });

  it('warehouse code and name ≤ 50, code pattern, country code, digits-only zip', async () => {
    const base = { code: 'WH_X', name: 'X', zipcode: '90001', address: '1 Main St', city: 'LA', country: 'US' };
    for (const [patch, field] of [
      [{ code: 'wh x' }, 'code'],
      [{ name: 'n'.repeat(51) }, 'name'],
      [{ zipcode: '9000A' }, 'zipcode'],
      [{ country: 'USA' }, 'country'],
      [{ email: 'nope' }, 'email'],
    ] as const) {
      const res = await post('/warehouses', { ...base, ...patch });
      expect(res.status, JSON.stringify(patch)).toBe(400);
      expect(fieldsOf(res.body)).toContain(field);
    }
    expect((await post('/warehouses', base)).status).toBe(201);
  });

  it('a taken code is a clear 409 naming the field', async () => {
    const res = await post('/carriers', { code: 'SBT', name: 'Again' });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'CODE_TAKEN', errors: [{ field: 'code', message: 'This code is already used.' }] });
  });

  it('signature fee at least 0; tax 0.01 to 99.99', async () => {
    const svc = await post('/services', { code: 'NEG', name: 'Neg', carrierId: net.carrierId, signatureFee: -1 });
    expect(fieldsOf(svc.body)).toContain('signatureFee');
    for (const rate of [0, 100, 12.345]) {
      const tax = await post('/taxes', { country: 'US', taxType: 'VAT', rate });
      expect(tax.status, String(rate)).toBe(400);
      expect(fieldsOf(tax.body)).toContain('rate');
    }
    expect((await post('/taxes', { country: 'CA', taxType: 'GST', rate: 99.99 })).status).toBe(201);
  });
});

describe('taxes: one active tax per country, province and carrier (quotes would use only one)', () => {
  const put = (id: string, payload: unknown) => t.call({ method: 'PUT', url: `/api/v1/taxes/${id}`, payload: payload as object, token: admin });
  const overlap = { code: 'TAX_OVERLAP', errors: [{ field: 'province', message: 'An active tax already applies to MX / SON / all carriers (IVA, 16.00 %): quotes would use only one of them. Deactivate that tax or change this one.' }] };

  it('a second active tax for the same country and province is refused at create, naming the field', async () => {
    expect((await post('/taxes', { country: 'MX', province: 'SON', taxType: 'IVA', rate: 16 })).status).toBe(201);
    const again = await post('/taxes', { country: 'MX', province: 'SON', taxType: 'Other', rate: 8 });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject(overlap);
    const vi = await t.call({ method: 'POST', url: '/api/v1/taxes', payload: { country: 'MX', province: 'SON', taxType: 'Other', rate: 8 }, token: admin, headers: { language: 'vi' } });
    expect(vi.body.errors[0].message).toBe('Đã có một loại thuế đang hoạt động cho MX / SON / mọi hãng vận chuyển (IVA, 16.00 %): báo giá chỉ dùng được một. Hãy tắt thuế đó hoặc sửa thuế này.');
    const list = await t.call({ method: 'GET', url: '/api/v1/taxes?country=MX&pageSize=50', token: admin });
    expect(list.body.data.items.filter((x: { province: string }) => x.province === 'SON')).toHaveLength(1);
  });

  it('another province, another carrier or an inactive one is no overlap; activating or moving one onto the other is refused', async () => {
    expect((await post('/taxes', { country: 'MX', province: 'BCN', taxType: 'IVA', rate: 8 })).status).toBe(201);
    expect((await post('/taxes', { country: 'MX', province: 'SON', carrierId: net.carrierId, taxType: 'IVA carrier', rate: 10 })).status).toBe(201);
    const parked = await post('/taxes', { country: 'MX', province: 'SON', taxType: 'Spare', rate: 5, status: 'inactive' });
    expect(parked.status).toBe(201);
    // Activate (an update to active) the parked one: refused.
    const activate = await put(parked.body.data.id, { country: 'MX', province: 'SON', taxType: 'Spare', rate: 5, status: 'active' });
    expect(activate.status).toBe(409);
    expect(activate.body).toMatchObject(overlap);
    // Move the BCN tax onto SON: refused; editing a tax in place is not an overlap with itself.
    const bcn = (await t.call({ method: 'GET', url: '/api/v1/taxes?country=MX&keyword=BCN', token: admin })).body.data.items[0];
    expect((await put(bcn.id, { country: 'MX', province: 'SON', taxType: 'IVA', rate: 8 })).status).toBe(409);
    expect((await put(bcn.id, { country: 'MX', province: 'BCN', taxType: 'IVA', rate: 9 })).status).toBe(200);
    // A country-wide tax is not the same place as a province's.
    expect((await post('/taxes', { country: 'MX', taxType: 'Federal', rate: 3 })).status).toBe(201);
    const wide = await post('/taxes', { country: 'MX', taxType: 'Federal 2', rate: 4 });
    expect(wide.status).toBe(409);
    expect(wide.body.errors[0].message).toMatch(/^An active tax already applies to MX \/ all provinces \/ all carriers \(Federal, 3\.00 %\)/);
  });
});

describe('service transit days', () => {
  const base = () => ({ code: 'TRANSIT', name: 'Transit', carrierId: net.carrierId, signatureFee: 0 });

  it('are whole days from 0 to 90, the fewest not above the most', async () => {
    for (const [patch, field, message] of [
      [{ transitDaysMin: -1 }, 'transitDaysMin', 'Enter a whole number of days from 0 to 90.'],
      [{ transitDaysMax: 91 }, 'transitDaysMax', 'Enter a whole number of days from 0 to 90.'],
      [{ transitDaysMin: 1.5 }, 'transitDaysMin', 'Enter a whole number of days from 0 to 90.'],
      [{ transitDaysMin: 5, transitDaysMax: 3 }, 'transitDaysMax', 'The fewest days must not be above the most days.'],
    ] as const) {
      const res = await post('/services', { ...base(), ...patch });
      expect(res.status, JSON.stringify(patch)).toBe(400);
      expect(res.body.errors).toContainEqual({ field, message });
    }
  });

  it('are optional, kept, replied and cleared by an update', async () => {
    const created = await post('/services', { ...base(), transitDaysMin: 0, transitDaysMax: 90 });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toMatchObject({ transitDaysMin: 0, transitDaysMax: 90 });
    const onlyMax = await t.call({ method: 'PUT', url: `/api/v1/services/${created.body.data.id}`, token: admin, payload: { ...base(), transitDaysMin: null, transitDaysMax: 4 } });
    expect(onlyMax.status, JSON.stringify(onlyMax.body)).toBe(200);
    expect(onlyMax.body.data).toMatchObject({ transitDaysMin: null, transitDaysMax: 4 });
    const cleared = await t.call({ method: 'PUT', url: `/api/v1/services/${created.body.data.id}`, token: admin, payload: base() });
    expect(cleared.body.data).toMatchObject({ transitDaysMin: null, transitDaysMax: null });
    const listed = await t.call({ method: 'GET', url: '/api/v1/services?keyword=TRANSIT', token: admin });
    expect(listed.body.data.items[0]).toMatchObject({ code: 'TRANSIT', transitDaysMin: null, transitDaysMax: null });
  });
});

describe('carrier config', () => {
  const base = () => ({
    serviceId: net.serviceId,
    minWeight: 0,
    maxWeight: 30000,
    priority: 5,
    typeShipping: 'country',
    toArrayCountry: ['US'],
    allocations: [{ carrierId: net.carrierId, warehouseId: net.warehouseId, percentage: 100 }],
  });

  it('percentages must total 100, min below max, priority unique per service', async () => {
    const split = await post('/carrier-configs', { ...base(), allocations: [{ carrierId: net.carrierId, warehouseId: net.warehouseId, percentage: 60 }] });
    expect(split.body.errors).toContainEqual({ field: 'allocations', message: 'The percentages must total 100.' });
    const weights = await post('/carrier-configs', { ...base(), minWeight: 500, maxWeight: 500 });
    expect(weights.body.errors).toContainEqual({ field: 'maxWeight', message: 'The minimum weight must be below the maximum weight.' });
    const dup = await post('/carrier-configs', { ...base(), priority: 1 });
    expect(dup.status).toBe(409);
    expect(dup.body.code).toBe('PRIORITY_TAKEN');
  });

  it('refuses an unknown carrier or warehouse in an allocation', async () => {
    const res = await post('/carrier-configs', { ...base(), priority: 7, allocations: [{ carrierId: crypto.randomUUID(), warehouseId: net.warehouseId, percentage: 100 }] });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('REFERENCE_NOT_FOUND');
  });
});

describe('discounts — SPEC §3/§4/§5', () => {
  const base = { code: 'SPRING10', name: 'Spring', amountOff: { type: 'percent', value: 10 }, startDate: '2026-01-01T00:00', endDate: '2099-01-01T00:00' };
  it.each([
    [{ code: 'spring' }, 'code', 'Use uppercase letters and digits only, without spaces or accents.'],
    [{ code: 'SPR ING' }, 'code', 'Use uppercase letters and digits only, without spaces or accents.'],
    [{ amountOff: { type: 'percent', value: 100.5 } }, 'amountOff.value', 'The percentage is out of range.'],
    [{ amountOff: { type: 'percent', value: 10.555 } }, 'amountOff.value', 'Use at most 2 decimals.'],
    [{ amountOff: { type: 'fixed', value: 0 } }, 'amountOff.value', 'The amount is out of range.'],
    [{ amountOff: { type: 'fixed', value: 1_000_000 } }, 'amountOff.value', 'The amount is out of range.'],
    [{ minimumWeight: 1_000_000 }, 'minimumWeight', 'The weight is out of range.'],
    [{ limitUseTotal: 0 }, 'limitUseTotal', 'Enter a whole number from 1 to 999,999.'],
    [{ limitUsePerUser: 1000 }, 'limitUsePerUser', 'Enter a whole number from 1 to 999.'],
    [{ endDate: '2025-01-01T00:00' }, 'endDate', 'The end date must be after the start date.'],
  ])('%j refused on %s', async (patch, field, message) => {
    const res = await post('/discounts', { ...base, ...patch });
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual({ field, message });
  });

  it('lists by tab with the state worked out in the discount time zone', async () => {
    await post('/discounts', { ...base, code: 'LATER1', startDate: '2098-01-01T00:00' });
    await post('/discounts', { ...base, code: 'OLD1', startDate: '2020-01-01T00:00', endDate: '2020-02-01T00:00' });
    await post('/discounts', { ...base, code: 'OFF1', enabled: false });
    const tab = async (status: string) =>
      (await t.call({ method: 'GET', url: `/api/v1/discounts?status=${status}&pageSize=50`, token: admin })).body.data.items.map((d: { code: string }) => d.code);
    expect(await tab('schedules')).toEqual(['LATER1']);
    expect(await tab('expired')).toEqual(['OLD1']);
    expect(await tab('deactive')).toEqual(['OFF1']);
    expect(await tab('active')).toContain('SAVE10');
    const one = await t.call({ method: 'GET', url: '/api/v1/discounts/LATER1', token: admin });
    expect(one.body.data).toMatchObject({ status: 'schedule', timeZone: { offset: '+00:00', zone: 'Western Europe' } });
  });

  it('page size defaults to 10', async () => {
    const res = await t.call({ method: 'GET', url: '/api/v1/discounts', token: admin });
    expect(res.body.data.pageSize).toBe(10);
  });
});

describe('POST /quote', () => {
  const parcel = { serviceCode: 'STD', weight: 300, length: 10, width: 10, height: 10, country: 'US', state: 'CA', zipcode: '90001' };

  it('prices for a seller without cost or margin', async () => {
    const res = await post('/quote', { ...parcel, signature: true, discountCode: 'save10' }, seller);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.fees).toEqual({ shippingFee: 8, seasonalFee: 0.5, signatureFee: 2.5, overLengthFee: 0, discount: 0.8, taxFee: 1.02, total: 11.22 });
    expect(res.body.data.discountCode).toBe('SAVE10');
    expect(res.body.data).not.toHaveProperty('cost');
    expect(res.body.data).not.toHaveProperty('routing');
  });

  it('shows staff the routing, cost and margin', async () => {
    const res = await post('/quote', parcel, admin);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.routing).toEqual({ carrier: 'SBT', warehouse: 'LAX1', zone: 'Z1' });
    expect(res.body.data.cost).toBe(5.2);
    // shipping 8.00 + seasonal 0.50 = 8.50 before tax; cost 5.00 + 0.20
    expect(res.body.data.fees.total).toBe(9.35);
    expect(res.body.data.margin).toBe(3.3);
  });

  it('says why no service fits, in the caller language', async () => {
    const res = await post('/quote', { ...parcel, country: 'DE', state: undefined, zipcode: '10115' }, seller);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'NO_SUITABLE_SERVICE', details: { reason: 'NO_ROUTE' } });
    expect(res.body.message).toBe('No suitable shipping service: no carrier serves this destination and weight with this service.');
    const vi = await t.call({ method: 'POST', url: '/api/v1/quote', payload: { ...parcel, serviceCode: 'NOPE' }, token: seller, headers: { language: 'vi' } });
    expect(vi.body.message).toBe('Không có dịch vụ vận chuyển phù hợp: mã dịch vụ không tồn tại.');
  });

  it('names the discount problem on the discountCode field', async () => {
    const res = await post('/quote', { ...parcel, discountCode: 'NOSUCH' }, seller);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'DISCOUNT_NOT_FOUND', errors: [{ field: 'discountCode', message: 'Discount code not found.' }] });
  });

  it('refuses a missing weight or bad dimensions as field errors', async () => {
    const { weight: _w, ...noWeight } = parcel;
    const a = await post('/quote', noWeight, seller);
    expect(a.status).toBe(400);
    expect(a.body.errors).toContainEqual({ field: 'weight', message: 'The weight is missing, so the price cannot be calculated.' });
    const b = await post('/quote', { ...parcel, height: 0.2 }, seller);
    expect(b.body.errors).toContainEqual({ field: 'height', message: 'Each side must be above 0.25 cm and below 99999 cm.' });
  });

  it('sees a catalog change at once (the cached snapshot is invalidated)', async () => {
    const before = (await post('/quote', parcel, seller)).body.data.fees.total;
    const tax = await post('/taxes', { country: 'US', province: 'CA', taxType: 'State', rate: 20 });
    expect(tax.status).toBe(201);
    const after = (await post('/quote', parcel, seller)).body.data.fees.total;
    expect(after).toBeGreaterThan(before);
    await t.call({ method: 'DELETE', url: `/api/v1/taxes/${tax.body.data.id}`, token: admin });
    expect((await post('/quote', parcel, seller)).body.data.fees.total).toBe(before);
  });
});

describe('tenancy', () => {
  it('a seller cannot quote as another seller to use that seller\'s discount', async () => {
    const other = await createSeller(t, `other.${Date.now()}@example.com`);
    const made = await post('/discounts', {
      code: 'ONLYOTHER', name: 'For one seller', amountOff: { type: 'fixed', value: 1 }, typeCustomers: 'specific', customers: [other.id],
      startDate: '2020-01-01T00:00', endDate: '2099-01-01T00:00',
    });
    expect(made.status).toBe(201);
    const parcel = { serviceCode: 'STD', weight: 300, length: 10, width: 10, height: 10, country: 'US', state: 'CA', zipcode: '90001', discountCode: 'ONLYOTHER' };
    const mine = await post('/quote', { ...parcel, customerId: other.id }, seller);
    expect(mine.status).toBe(422);
    expect(mine.body.code).toBe('DISCOUNT_NOT_FOR_CUSTOMER');
    const theirs = await post('/quote', parcel, other.token);
    expect(theirs.status).toBe(200);
    expect(theirs.body.data.fees.discount).toBe(1);
    // staff may quote on a seller's behalf
    const staff = await post('/quote', { ...parcel, customerId: other.id }, admin);
    expect(staff.body.data.fees.discount).toBe(1);
  });
});

describe('access', () => {
  it('a seller cannot manage the network, only read prices', async () => {
    expect((await post('/carriers', { code: 'MINE', name: 'Mine' }, seller)).status).toBe(403);
    expect((await t.call({ method: 'GET', url: '/api/v1/carriers', token: seller })).status).toBe(403);
    expect((await t.call({ method: 'GET', url: '/api/v1/discounts', token: seller })).status).toBe(403);
    const prices = await t.call({ method: 'GET', url: '/api/v1/pricing/sell-prices', token: seller });
    expect(prices.status).toBe(200);
    expect(prices.body.data[0].brackets[0]).toEqual({ weightFrom: 0, weightTo: 500, shippingFee: 8, seasonalFee: 0.5 });
    const svc = await t.call({ method: 'GET', url: `/api/v1/services/${net.serviceId}`, token: seller });
    expect(svc.body.data.code).toBe('STD');
  });
});
