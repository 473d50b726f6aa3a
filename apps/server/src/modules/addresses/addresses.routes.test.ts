import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS_CHECK_COLUMNS } from '@exship/contracts';
import { hashPassword } from '../../platform/passwords';
import { ADMIN, SELLER, createSeller, startTestApp, type TestApp } from '../../test/harness';
import { multipartFile, readXlsx, xlsxOf } from '../../test/files';
import { createUser } from '../users';

// SPEC §2 address check through HTTP, on real ZIP data (`zipcodes`) and ISO data: the §8 reasons with
// their suggestions, the file upload, permission and tenant isolation.

let t: TestApp;
let seller: string;
let other: string;
let staff: string;
let noPermission: string;

const HEADERS = ADDRESS_CHECK_COLUMNS.map((c) => c.header);
const good = { country: 'US', state: 'NY', city: 'New York', zip: '10001', address1: '350 5th Ave', address2: 'Floor 3' };

beforeAll(async () => {
  t = await startTestApp();
  seller = await t.login(SELLER.email, SELLER.password);
  other = (await createSeller(t, 'address.other@example.com')).token;
  await createUser(t.db, { email: 'address.cs@example.com', passwordHash: await hashPassword('Staff#Passw0rd!'), fullName: 'Care Agent', roleCode: 'EXR-CUSTOMER-SERVICE', status: 'active' });
  staff = await t.login('address.cs@example.com', 'Staff#Passw0rd!');
  // A seller-side accountant: orders and money, no address check.
  await createUser(t.db, { email: 'address.acct@example.com', passwordHash: await hashPassword('Acct#Passw0rd!1'), fullName: 'Accountant', roleCode: 'EXR-ACCOUNTANT', status: 'active' });
  noPermission = await t.login('address.acct@example.com', 'Acct#Passw0rd!1');
});
afterAll(async () => {
  await t?.close();
});

const check = (payload: Record<string, string>, token = seller, language = 'en') =>
  t.call({ method: 'POST', url: '/api/v1/address-checks/check', token, payload, headers: { language } });

const upload = (data: Buffer, token = seller, name = 'addresses.xlsx') => t.call({ method: 'POST', url: '/api/v1/address-checks/import', token, ...multipartFile(name, data) });

describe('POST /address-checks/check', () => {
  it('a correct US address (10001 New York NY) is valid, with its full address and checked date', async () => {
    const res = await check(good);
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Address checked.');
    expect(res.body.data).toMatchObject({ status: 'valid', reasons: [], reasonText: '', suggestion: null, note: null, fullAddress: '350 5th Ave, Floor 3, New York, NY 10001, US', rowNumber: 1 });
    expect(Date.parse(res.body.data.checkedAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('a wrong city is invalid city with the city suggested', async () => {
    const res = await check({ ...good, city: 'Boston' });
    expect(res.body.data).toMatchObject({ status: 'invalid', reasons: ['invalid_city'], reasonText: 'Invalid city.', suggestion: { city: 'New York' } });
  });

  it('a wrong state is invalid state code with the state suggested (reasons in Vietnamese on request)', async () => {
    const res = await check({ ...good, state: 'New York' }, seller, 'vi');
    expect(res.body.data).toMatchObject({ status: 'invalid', reasons: ['invalid_state_code'], reasonText: 'Mã bang không hợp lệ.', suggestion: { state: 'NY' } });
  });

  it('a ZIP of another state is a mismatched postal code with the right state suggested', async () => {
    const res = await check({ ...good, state: 'CA' });
    expect(res.body.data).toMatchObject({ status: 'invalid', reasons: ['invalid_postal_code'], reasonText: 'Invalid or mismatched postal code.', suggestion: { state: 'NY' } });
  });

  it('an unknown country is an invalid country code; a country name gets its code suggested', async () => {
    expect((await check({ ...good, country: 'XX' })).body.data).toMatchObject({ status: 'invalid', reasons: ['invalid_country_code'], suggestion: null });
    expect((await check({ ...good, country: 'United States' })).body.data).toMatchObject({ reasons: ['invalid_country_code'], suggestion: { country: 'US' } });
  });

  it('an empty address line is refused with the field named, as in the file template', async () => {
    const res = await check({ ...good, address1: '  ' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([expect.objectContaining({ field: 'address1' })]);
  });

  it('refuses a missing country and an over-long ZIP with the field named', async () => {
    const res = await check({ ...good, country: '', zip: '1'.repeat(30) });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'country', message: 'This field is required.' },
        { field: 'zip', message: 'The ZIP code must be under 30 characters.' },
      ]),
    );
  });

  it('403 without EX-ADDRESS-CHECK, 401 without a session', async () => {
    const res = await check(good, noPermission);
    expect(res.status).toBe(403);
    expect(res.body.details).toEqual({ permission: 'EX-ADDRESS-CHECK' });
    expect((await t.call({ method: 'GET', url: '/api/v1/address-checks', token: noPermission })).status).toBe(403);
    expect((await t.call({ method: 'POST', url: '/api/v1/address-checks/check', payload: good })).status).toBe(401);
  });
});

describe('file upload', () => {
  let batchId: string;

  it('downloads the template with the columns Country, State, City, Zip, Address_1, Address_2', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/address-checks/template.xlsx', headers: { authorization: `Bearer ${seller}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('Template_address_check.xlsx');
    const rows = await readXlsx(res.rawPayload);
    expect(rows[0]).toEqual(['Country', 'State', 'City', 'Zip', 'Address_1', 'Address_2']);
  });

  it('checks a mixed file: each row valid or invalid with its reason and suggestion; the rows list filters by status', async () => {
    const data = await xlsxOf(HEADERS, [
      ['US', 'NY', 'New York', '10001', '350 5th Ave', null],
      ['US', 'NY', 'Boston', '10001', '1 Main St', null],
      ['US', 'CA', 'New York', 10001, '2 Main St', 'Apt 4'],
      ['XX', 'NY', 'New York', '10001', '3 Main St', null],
      ['US', 'California', 'Los Angeles', '90001', '4 Main St', null],
    ]);
    const res = await upload(data);
    expect(res.status).toBe(201);
    expect(res.body.data.batch).toMatchObject({ source: 'file', fileName: 'addresses.xlsx', status: 'done', total: 5, valid: 1, invalid: 4, pending: 0 });
    batchId = res.body.data.batch.id;

    const rows = await t.call({ method: 'GET', url: `/api/v1/address-checks/${batchId}/rows?pageSize=10`, token: seller });
    expect(rows.status).toBe(200);
    expect(rows.body.data.total).toBe(5);
    expect(rows.body.data.items.map((r: { rowNumber: number; status: string; reasons: string[]; suggestion: unknown }) => [r.rowNumber, r.status, r.reasons, r.suggestion])).toEqual([
      [2, 'valid', [], null],
      [3, 'invalid', ['invalid_city'], { city: 'New York' }],
      [4, 'invalid', ['invalid_postal_code'], { state: 'NY' }],
      [5, 'invalid', ['invalid_country_code'], null],
      [6, 'invalid', ['invalid_state_code'], { state: 'CA' }],
    ]);

    const invalid = await t.call({ method: 'GET', url: `/api/v1/address-checks/${batchId}/rows?status=invalid&page=2&pageSize=3`, token: seller });
    expect(invalid.body.data).toMatchObject({ total: 4, page: 2, pageSize: 3 });
    expect(invalid.body.data.items.map((r: { rowNumber: number }) => r.rowNumber)).toEqual([6]);
  });

  it('lists the batches newest first, and exports the rows (status, full address, reason, suggestion, checked date)', async () => {
    const list = await t.call({ method: 'GET', url: '/api/v1/address-checks?pageSize=100', token: seller });
    expect(list.body.data.items[0]).toMatchObject({ id: batchId, source: 'file' });
    expect(list.body.data.items.every((b: { accountId: string }) => b.accountId === list.body.data.items[0].accountId)).toBe(true);

    const res = await t.app.inject({ method: 'GET', url: `/api/v1/address-checks/${batchId}/export.xlsx`, headers: { authorization: `Bearer ${seller}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('addresses_checked.xlsx');
    const sheet = await readXlsx(res.rawPayload);
    expect(sheet[0]).toEqual(['Row', 'Status', 'Full address', 'Reason', 'Suggested correction', 'Checked date']);
    expect(sheet[2]!.slice(0, 5)).toEqual([3, 'Invalid', '1 Main St, Boston, NY 10001, US', 'Invalid city.', 'city: New York']);
    expect(String(sheet[2]![5])).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}$/);
    const onlyValid = await t.app.inject({ method: 'GET', url: `/api/v1/address-checks/${batchId}/export.xlsx?status=valid`, headers: { authorization: `Bearer ${seller}` } });
    expect((await readXlsx(onlyValid.rawPayload)).length).toBe(2);
  });

  it('a bad file says which file, row and field; nothing is stored', async () => {
    const before = (await t.call({ method: 'GET', url: '/api/v1/address-checks', token: seller })).body.data.total;
    const badHeader = await upload(await xlsxOf(['Country', 'State', 'Town', 'Zip', 'Address_1', 'Address_2'], [['US', 'NY', 'New York', '10001', '1 Main St', null]]));
    expect(badHeader.status).toBe(400);
    expect(badHeader.body.code).toBe('IMPORT_TEMPLATE_CHANGED');

    const badRow = await upload(await xlsxOf(HEADERS, [['US', 'NY', 'New York', '10001', '1 Main St', null], ['US', 'NY', 'New York', '1'.repeat(30), '1 Main St', null]]), seller, 'mine.xlsx');
    expect(badRow.status).toBe(400);
    expect(badRow.body.code).toBe('IMPORT_ROWS_INVALID');
    expect(badRow.body.errors).toEqual([{ field: 'rows.3.Zip', message: 'The ZIP code must be under 30 characters.' }]);
    expect(badRow.body.details.errorWorkbook.fileName).toMatch(/^mine_Errors_\d{8}_\d{6}\.xlsx$/);

    const notXlsx = await upload(Buffer.from('Country,State\nUS,NY\n'), seller, 'addresses.csv');
    expect(notXlsx.status).toBe(400);
    expect(notXlsx.body.code).toBe('IMPORT_NOT_XLSX');
    expect((await t.call({ method: 'GET', url: '/api/v1/address-checks', token: seller })).body.data.total).toBe(before);
  });

  it('refuses a file over 5 MB with the SPEC message', async () => {
    const res = await upload(Buffer.alloc(5 * 1024 * 1024 + 10, 1));
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('FILE_TOO_LARGE');
    expect(res.body.message).toBe('The file is too large. The maximum size is 5 MB.');
  });

  it('a large file runs as a job whose progress and result GET /imports/:id reports', async () => {
    // Random suite names keep the zipped file above the inline limit.
    const many = Array.from({ length: 2500 }, (_, i) => ['US', 'NY', i % 2 ? 'New York' : 'Boston', '10001', `${i + 1} Main St`, `Suite ${randomBytes(75).toString('base64')}`]);
    const data = await xlsxOf(HEADERS, many);
    expect(data.length).toBeGreaterThan(150 * 1024);
    const res = await upload(data);
    expect(res.status).toBe(202);
    expect(res.body.data).toMatchObject({ status: 'queued', progress: 0 });
    await t.runJobs('imports.run');
    const run = await t.call({ method: 'GET', url: `/api/v1/imports/${res.body.data.importId}`, token: seller });
    expect(run.body.data).toMatchObject({ status: 'succeeded', progress: 100 });
    expect(run.body.data.result.batch).toMatchObject({ total: 2500, valid: 1250, invalid: 1250, status: 'done' });
  });
});

describe('tenant isolation', () => {
  it("a seller cannot see, list or export another seller's batch (404); staff with the permission see all", async () => {
    const mine = (await check(good)).body.data.batchId as string;
    const theirs = (await check(good, other)).body.data.batchId as string;

    expect((await t.call({ method: 'GET', url: `/api/v1/address-checks/${theirs}/rows`, token: seller })).status).toBe(404);
    expect((await t.call({ method: 'GET', url: `/api/v1/address-checks/${theirs}`, token: seller })).body.code).toBe('ADDRESS_CHECK_NOT_FOUND');
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/address-checks/${theirs}/export.xlsx`, headers: { authorization: `Bearer ${seller}` } })).statusCode).toBe(404);
    const sellerList = await t.call({ method: 'GET', url: '/api/v1/address-checks?pageSize=100', token: seller });
    expect(sellerList.body.data.items.map((b: { id: string }) => b.id)).toContain(mine);
    expect(sellerList.body.data.items.map((b: { id: string }) => b.id)).not.toContain(theirs);

    const staffList = await t.call({ method: 'GET', url: '/api/v1/address-checks?pageSize=100', token: staff });
    expect(staffList.body.data.items.map((b: { id: string }) => b.id)).toEqual(expect.arrayContaining([mine, theirs]));
    expect((await t.call({ method: 'GET', url: `/api/v1/address-checks/${theirs}/rows`, token: staff })).status).toBe(200);
    const admin = await t.login(ADMIN.email, ADMIN.password);
    expect((await t.call({ method: 'GET', url: `/api/v1/address-checks/${mine}`, token: admin })).status).toBe(200);
  });
});
