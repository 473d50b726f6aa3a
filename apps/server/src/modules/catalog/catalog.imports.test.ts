import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_PRICE_TEMPLATE, ZONE_TEMPLATE } from '@exship/contracts';
import { multipartFile, readXlsx, xlsxOf } from '../../test/files';
import { ADMIN, SELLER, startTestApp, type TestApp } from '../../test/harness';
import { createSeededNetwork, importAndActivate } from './catalog.fixtures';
import { priceVersions } from './catalog.tables';

let t: TestApp;
let admin: string;
let seller: string;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login(ADMIN.email, ADMIN.password);
  seller = await t.login(SELLER.email, SELLER.password);
  await createSeededNetwork(t, admin);
});
afterAll(async () => {
  await t?.close();
});

const H = [...SERVICE_PRICE_TEMPLATE];
const importService = (file: Buffer, name = 'prices.xlsx', query = '') =>
  t.call({ method: 'POST', url: `/api/v1/pricing/import/service${query}`, token: admin, ...multipartFile(name, file) });
const versionCount = async () => (await t.db.select().from(priceVersions)).length;

describe('service price import — each bad file is a clear error and writes nothing', () => {
  it('the downloaded template has exactly the SPEC headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/pricing/template/service', headers: { authorization: `Bearer ${admin}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/spreadsheetml/);
    expect(res.headers['content-disposition']).toContain('Template_service_price.xlsx');
    const rows = await readXlsx(res.rawPayload);
    expect(rows[0]).toEqual(H);
  });

  it.each([
    ['a column added', [...H, 'Extra'], [['STD', 0, 100, 1, 0, 'active', 'x']]],
    ['a column removed', H.slice(0, -1), [['STD', 0, 100, 1, 0]]],
    ['columns renamed', H.map((h) => h.toLowerCase()), [['STD', 0, 100, 1, 0, 'active']]],
  ])('refuses a changed template: %s', async (_name, headers, rows) => {
    const before = await versionCount();
    const res = await importService(await xlsxOf(headers, rows));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('IMPORT_TEMPLATE_CHANGED');
    expect(await versionCount()).toBe(before);
  });

  it('names every bad row and cell, and returns the error workbook', async () => {
    const before = await versionCount();
    const res = await importService(
      await xlsxOf(H, [
        ['STD', 0, 100, 1, 0, 'active'], // row 2 fine
        ['STD', 0, null, 1, 0, 'active'], // row 3 blank required
        ['STD', 100, 200, 'ten', 0, 'active'], // row 4 text in a number
        ['STD', 200, 300, { formula: '1+1' }, 0, 'active'], // row 5 formula
        ['NOPE', 0, 100, 1, 0, 'active'], // row 6 unknown service
        ['STD', 50, 150, 1, 0, 'active'], // row 7 overlaps rows 2 and 4
        ['STD', 400, 300, 1, 0, 'maybe'], // row 8 from ≥ to, bad status
      ]),
      'Spring prices.xlsx',
    );
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('IMPORT_ROWS_INVALID');
    const errors = res.body.errors as { field: string; message: string }[];
    expect(errors).toContainEqual({ field: 'rows.3.Weight_to', message: 'This field is required.' });
    expect(errors).toContainEqual({ field: 'rows.4.Shipping_fee', message: 'Enter a number.' });
    expect(errors).toContainEqual({ field: 'rows.5.Shipping_fee', message: 'Formulas are not allowed; enter the value itself.' });
    expect(errors).toContainEqual({ field: 'rows.6.Service_code', message: 'No record with this code.' });
    expect(errors).toContainEqual({ field: 'rows.7.Weight_from', message: 'Weight ranges overlap for the same service.' });
    expect(errors).toContainEqual({ field: 'rows.2.Weight_from', message: 'Weight ranges overlap for the same service.' });
    expect(errors).toContainEqual({ field: 'rows.8.Weight_to', message: 'The minimum weight must be below the maximum weight.' });
    expect(errors).toContainEqual({ field: 'rows.8.Status', message: 'Please select a value from the dropdown list.' });
    const wb = res.body.details.errorWorkbook;
    expect(wb.fileName).toMatch(/^Spring prices_Errors_\d{8}_\d{6}\.xlsx$/);
    // The error workbook is stored; the reply links to it (no base64 in JSON).
    const download = await t.app.inject({ method: 'GET', url: wb.url, headers: { authorization: `Bearer ${admin}` } });
    expect(download.headers['content-disposition']).toContain(wb.fileName);
    const sheet = await readXlsx(download.rawPayload);
    expect(sheet[0]).toEqual([...H, 'Errors']);
    expect(String(sheet[2]![6])).toContain('Weight_to: This field is required.');
    expect(String(sheet[1]![6])).toBe('Weight_from: Weight ranges overlap for the same service.');
    expect(await versionCount()).toBe(before);
  });

  it('refuses a file over 10 MB, a non-xlsx and an empty sheet', async () => {
    const before = await versionCount();
    const big = await importService(Buffer.alloc(10 * 1024 * 1024 + 10, 1), 'big.xlsx');
    expect(big.status).toBe(413);
    expect(big.body.code).toBe('FILE_TOO_LARGE');
    const csv = await importService(Buffer.from('Service_code,Weight_from\nSTD,0'), 'prices.xlsx');
    expect(csv.body.code).toBe('IMPORT_NOT_XLSX');
    const wrongExt = await importService(await xlsxOf(H, [['STD', 0, 100, 1, 0, 'active']]), 'prices.csv');
    expect(wrongExt.body.code).toBe('IMPORT_NOT_XLSX');
    const empty = await importService(await xlsxOf(H, []));
    expect(empty.body.code).toBe('IMPORT_NO_DATA');
    expect(await versionCount()).toBe(before);
  });

  it('validate-only checks a good file and writes nothing', async () => {
    const before = await versionCount();
    const res = await importService(await xlsxOf(H, [['STD', 0, 100, 1, 0, 'active']]), 'ok.xlsx', '?onlyValidate=true');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ rows: 1, version: null });
    expect(await versionCount()).toBe(before);
  });

  it('sellers cannot import', async () => {
    const res = await t.call({ method: 'POST', url: '/api/v1/pricing/import/service', token: seller, ...multipartFile('x.xlsx', await xlsxOf(H, [])) });
    expect(res.status).toBe(403);
  });
});

describe('dated versions with a before/after preview', () => {
  const parcel = { serviceCode: 'STD', weight: 300, length: 10, width: 10, height: 10, country: 'US', state: 'CA', zipcode: '90001' };

  it('a new table is a draft until activated; the preview shows what changes on recent quotes', async () => {
    const quoted = await t.call({ method: 'POST', url: '/api/v1/quote', token: seller, payload: parcel });
    expect(quoted.body.data.fees.shippingFee).toBe(8);

    const res = await importService(await xlsxOf(H, [['STD', 0, 500, 9, 0.5, 'active'], ['STD', 500, 30000, 20, 0.5, 'active']]), 'raise.xlsx');
    expect(res.status).toBe(201);
    const id = res.body.data.version.id;
    expect(res.body.data.version).toMatchObject({ status: 'draft', kind: 'service', fileName: 'raise.xlsx', rowCount: 2 });

    // still the old price while it is a draft
    expect((await t.call({ method: 'POST', url: '/api/v1/quote', token: seller, payload: parcel })).body.data.fees.shippingFee).toBe(8);

    const preview = await t.call({ method: 'GET', url: `/api/v1/pricing/version/${id}/preview`, token: admin });
    expect(preview.status).toBe(200);
    expect(preview.body.data.summary.samples).toBeGreaterThan(0);
    const row = preview.body.data.rows.find((r: { weight: number }) => r.weight === 300);
    // 300 g: $8 → $9 shipping, taxed at 10%: +$1.10
    expect(row).toMatchObject({ serviceCode: 'STD', before: 9.35, after: 10.45, delta: 1.1 });
    expect(preview.body.data.summary.increased).toBeGreaterThan(0);

    const act = await t.call({ method: 'POST', url: `/api/v1/pricing/version/${id}/activate`, token: admin });
    expect(act.body.data.status).toBe('active');
    expect((await t.call({ method: 'POST', url: '/api/v1/quote', token: seller, payload: parcel })).body.data.fees.shippingFee).toBe(9);

    const versions = await t.call({ method: 'GET', url: '/api/v1/pricing/versions/service', token: admin });
    expect(versions.body.data.filter((v: { status: string }) => v.status === 'active')).toHaveLength(1);
    expect(versions.body.data.some((v: { status: string }) => v.status === 'archived')).toBe(true);
    const again = await t.call({ method: 'POST', url: `/api/v1/pricing/version/${id}/activate`, token: admin });
    expect(again.body.code).toBe('PRICE_VERSION_NOT_DRAFT');
  });

  it('exports the active table in the template shape, which imports back unchanged', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/pricing/export/service', headers: { authorization: `Bearer ${admin}` } });
    const rows = await readXlsx(res.rawPayload);
    expect(rows[0]).toEqual(H);
    expect(rows.slice(1)).toEqual([['STD', 0, 500, 9, 0.5, 'active'], ['STD', 500, 30000, 20, 0.5, 'active']]);
    const id = await importAndActivate(t, admin, 'service', res.rawPayload);
    expect(id).toBeTruthy();
  });
});

describe('zone import', () => {
  it('creates or replaces zones by code, one range per row', async () => {
    const file = await xlsxOf([...ZONE_TEMPLATE], [
      ['East', 'Z_EAST', 'US', 'NY,NJ', '10000', '14999'],
      ['East', 'Z_EAST', 'US', '', '07000', '08999'],
      ['Canada', 'Z_CA', 'CA', 'ON', null, null],
    ]);
    const res = await t.call({ method: 'POST', url: '/api/v1/zones/import', token: admin, ...multipartFile('zones.xlsx', file) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({ rows: 3, zones: 2, imported: true });
    const list = await t.call({ method: 'GET', url: '/api/v1/zones?keyword=Z_EAST', token: admin });
    expect(list.body.data.items[0]).toMatchObject({ code: 'Z_EAST', states: ['NY', 'NJ'], ranges: [{ zipFrom: '10000', zipTo: '14999' }, { zipFrom: '07000', zipTo: '08999' }] });
  });

  it('names the bad row and imports nothing', async () => {
    const file = await xlsxOf([...ZONE_TEMPLATE], [
      ['Good', 'Z_GOOD', 'US', '', '1', '2'],
      ['Bad', 'z bad', 'USA', '', '5', null],
    ]);
    const res = await t.call({ method: 'POST', url: '/api/v1/zones/import', token: admin, ...multipartFile('zones.xlsx', file) });
    expect(res.status).toBe(400);
    const fields = res.body.errors.map((e: { field: string }) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['rows.3.Zipcode to', 'rows.3.Zone code', 'rows.3.Country']));
    const list = await t.call({ method: 'GET', url: '/api/v1/zones?keyword=Z_GOOD', token: admin });
    expect(list.body.data.total).toBe(0);
  });
});
