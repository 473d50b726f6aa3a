import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, SELLER, startTestApp, type TestApp } from '../../test/harness';
import { discounts } from './discounts.tables';

let t: TestApp;
let admin: string;
let serviceId: string;
let sellerAccountId: string;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login(ADMIN.email, ADMIN.password);
  const seller = await t.login(SELLER.email, SELLER.password);
  sellerAccountId = (await t.call({ method: 'GET', url: '/api/v1/me', token: seller })).body.data.id;
  const carrier = await post('/carriers', { code: 'DSC', name: 'Discount carrier' });
  serviceId = (await post('/services', { code: 'DSTD', name: 'Standard', carrierId: carrier.body.data.id, signatureFee: 1 })).body.data.id;
});
afterAll(async () => {
  await t?.close();
});

const post = (url: string, payload: unknown) => t.call({ method: 'POST', url: `/api/v1${url}`, payload: payload as object, token: admin });
const get = (url: string) => t.call({ method: 'GET', url: `/api/v1${url}`, token: admin });
const base = { name: 'Rule', amountOff: { type: 'percent', value: 10 }, startDate: '2026-01-01T00:00', endDate: '2099-01-01T00:00' };
const NOBODY = '7d0c1f47-5b6e-4b1a-9f53-2f6c1d0e9a11';

describe('impossible dates are refused and never break the lists', () => {
  it.each([
    ['startDate', '2026-13-45T25:99'],
    ['endDate', '2027-02-30T10:00'],
    ['startDate', '0099-06-01T00:00'],
    ['endDate', '2101-01-01T00:00'],
  ])('%s %s → 400 on the field, nothing saved', async (field, value) => {
    const res = await post('/discounts', { ...base, code: 'BADDATE', [field]: value });
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual({ field, message: 'Enter a real date and time (YYYY-MM-DDTHH:mm) between the years 2000 and 2100.' });
    expect((await get('/discounts/BADDATE')).status).toBe(404);
  });
  it.each(['all', 'active', 'schedules', 'expired', 'deactive'])('?status=%s answers 200', async (status) => {
    expect((await get(`/discounts?status=${status}`)).status).toBe(200);
  });
});

describe('out-of-range amounts are refused, never capped', () => {
  it('percent 150 → 400 with the rule, nothing saved', async () => {
    const res = await post('/discounts', { ...base, code: 'PCT150', amountOff: { type: 'percent', value: 150 } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: 'amountOff.value', message: 'The percentage is out of range.' }]);
    expect((await get('/discounts/PCT150')).status).toBe(404);
  });
});

describe('references that do not exist', () => {
  it('an unknown service id → 422 on services', async () => {
    const res = await post('/discounts', { ...base, code: 'NOSVC', services: [serviceId, NOBODY] });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'REFERENCE_NOT_FOUND', errors: [{ field: 'services' }], details: { missingServices: [NOBODY] } });
    expect((await get('/discounts/NOSVC')).status).toBe(404);
  });
  it('an unknown customer id (or a service id given as a customer) → 422 on customers', async () => {
    const res = await post('/discounts', { ...base, code: 'NOCUST', typeCustomers: 'specific', customers: [sellerAccountId, serviceId] });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'REFERENCE_NOT_FOUND', errors: [{ field: 'customers' }], details: { missingCustomers: [serviceId] } });
  });
  it('both at once name both fields; existing ones are saved', async () => {
    const both = await post('/discounts', { ...base, code: 'NOBOTH', typeCustomers: 'specific', customers: [NOBODY], services: [NOBODY] });
    expect(both.status).toBe(422);
    expect(both.body.errors.map((e: { field: string }) => e.field)).toEqual(['services', 'customers']);
    const ok = await post('/discounts', { ...base, code: 'REFSOK', typeCustomers: 'specific', customers: [sellerAccountId], services: [serviceId] });
    expect(ok.status).toBe(201);
    const put = await t.call({ method: 'PUT', url: '/api/v1/discounts/REFSOK', token: admin, payload: { ...base, code: 'REFSOK', services: [NOBODY] } });
    expect(put.status).toBe(422);
  });
});

describe('storage: instants and amounts in columns named by their unit; the API is unchanged', () => {
  it('percent: basis points; local times in the offset round-trip', async () => {
    const res = await post('/discounts', { ...base, code: 'ROUND1', amountOff: { type: 'percent', value: 12.5 }, startDate: '2026-03-01T09:30', endDate: '2026-04-01T00:00:30', timeZone: { offset: '+07:00', zone: 'Bangkok' } });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ amountOff: { type: 'percent', value: 12.5 }, startDate: '2026-03-01T09:30', endDate: '2026-04-01T00:00:30', timeZone: { offset: '+07:00', zone: 'Bangkok' } });
    const [row] = await t.db.select().from(discounts).where(eq(discounts.code, 'ROUND1'));
    expect(row).toMatchObject({ amountType: 'percent', amountOffPercentBasisPoints: 1250, amountOffCents: null });
    expect(row!.startsAt.toISOString()).toBe('2026-03-01T02:30:00.000Z');
    expect((await get('/discounts/ROUND1')).body.data.startDate).toBe('2026-03-01T09:30');
  });
  it('fixed: cents', async () => {
    const res = await post('/discounts', { ...base, code: 'ROUND2', amountOff: { type: 'fixed', value: 3.25 } });
    expect(res.body.data.amountOff).toEqual({ type: 'fixed', value: 3.25 });
    const [row] = await t.db.select().from(discounts).where(eq(discounts.code, 'ROUND2'));
    expect(row).toMatchObject({ amountOffPercentBasisPoints: null, amountOffCents: 325 });
  });
  it('date filters read a bare date in each discount’s own offset', async () => {
    const codes = async (q: string) => (await get(`/discounts?pageSize=100&${q}`)).body.data.items.map((d: { code: string }) => d.code);
    expect(await codes('startDate=2026-03-01')).toContain('ROUND1');
    expect(await codes('startDate=2026-03-02')).not.toContain('ROUND1');
    expect(await codes('startDate=2026-03-01T02:30:00Z')).toContain('ROUND1');
    expect(await codes('startDate=2026-03-01T02:31:00Z')).not.toContain('ROUND1');
  });
});

describe('control characters and malformed paths', () => {
  it.each(['searchKey=a%00', 'startDate=2026-01-01%00', 'endDate=2027-02-30'])('?%s → 400 naming the field', async (q) => {
    const res = await get(`/discounts?${q}`);
    expect(res.status).toBe(400);
    expect(res.body.errors[0].field).toBe(q.split('=')[0]);
  });
  it('a NUL in the name → 400 on name', async () => {
    const res = await post('/discounts', { ...base, code: 'NUL1', name: 'a\u0000b' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: 'name', message: 'Control characters (such as NUL) are not allowed in this text.' }]);
  });
  it('a NUL in the code of the path → 404', async () => {
    expect((await get('/discounts/A%00B')).status).toBe(404);
  });
});
