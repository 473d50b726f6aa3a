import crypto from 'node:crypto';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as contracts from '@exship/contracts';
import { FLIGHT_FEE_COLUMNS, FLIGHT_FEES, type EndpointDef } from '@exship/contracts';
import { multipartFile, readXlsx, xlsxOf } from '../../test/files';
import { startFloor, type Floor } from '../../test/floor';
import { createFreight, freightBody, nextMawb } from '../../test/freight';

// Air freight's HTTP rules: SPEC §5 (airline code ≤ 10 letters and digits, name ≤ 100; airport code
// without special characters; freight name ≤ 50; documents ≤ 10 files of 10 MB) each refused naming
// its field, the MAWB checked as IATA does and unique, the fee template's exact columns and the fee
// schedule's import → draft → activate, and a seller refused on every freight route.

let f: Floor;
beforeAll(async () => {
  f = await startFloor();
}, 180_000);
afterAll(() => f?.t.close());

const post = (url: string, payload: object, token = f.admin) => f.t.call({ method: 'POST', url: `/api/v1${url}`, token, payload });
const fieldsOf = (body: { errors?: { field: string }[] }) => (body.errors ?? []).map((e) => e.field);

describe('airports and airlines (SPEC §5)', () => {
  it('the demo seed has the route airports and two airlines with their MAWB prefixes', async () => {
    const airports = (await f.t.call({ method: 'GET', url: '/api/v1/freight/airports', token: f.admin })).body.data.map((a: { code: string }) => a.code);
    expect(airports).toEqual(['DFW', 'HAN', 'HKG', 'JFK', 'LAX', 'ORD', 'SGN']);
    const airlines = (await f.t.call({ method: 'GET', url: '/api/v1/freight/airlines', token: f.admin })).body.data;
    expect(airlines.map((a: { code: string; mawbPrefix: string }) => [a.code, a.mawbPrefix])).toEqual([
      ['CX', '160'],
      ['SQ', '618'],
    ]);
  });

  it('refuses an airline code over 10 characters or with other than letters and digits, a name over 100, naming the field', async () => {
    for (const [body, field] of [
      [{ code: 'ABCDEFGHIJK', name: 'Too long' }, 'code'],
      [{ code: 'VN-1', name: 'Dash' }, 'code'],
      [{ code: 'VÑ', name: 'Accent' }, 'code'],
      [{ code: 'VN', name: 'x'.repeat(101) }, 'name'],
      [{ code: 'VN', name: '' }, 'name'],
      [{ code: 'VN', name: 'Prefix', mawbPrefix: '73' }, 'mawbPrefix'],
    ] as const) {
      const res = await post('/freight/airlines', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(fieldsOf(res.body)).toEqual([field]);
    }
    const ok = await post('/freight/airlines', { code: 'vn', name: 'x'.repeat(100), mawbPrefix: '738' });
    expect(ok.status).toBe(201);
    expect(ok.body.data).toMatchObject({ code: 'VN', mawbPrefix: '738', active: true });
  });

  it('refuses an airport code with special characters, naming the field', async () => {
    for (const code of ['LA-X', 'L X', 'LA', 'AB$', 'ÀBC']) {
      const res = await post('/freight/airports', { code, name: 'Somewhere', country: 'US' });
      expect(res.status, code).toBe(400);
      expect(fieldsOf(res.body)).toEqual(['code']);
    }
    const country = await post('/freight/airports', { code: 'SFO', name: 'San Francisco', country: 'USA' });
    expect(fieldsOf(country.body)).toEqual(['country']);
    expect((await post('/freight/airports', { code: 'sfo', name: 'San Francisco International', city: 'San Francisco', country: 'us' })).body.data).toMatchObject({ code: 'SFO', country: 'US' });
  });

  it('a code is unique: 409 CODE_TAKEN on the code field, creating or changing', async () => {
    for (const [url, body] of [
      ['/freight/airports', { code: 'LAX', name: 'Again', country: 'US' }],
      ['/freight/airlines', { code: 'SQ', name: 'Again' }],
    ] as const) {
      const res = await post(url, body);
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ code: 'CODE_TAKEN', errors: [{ field: 'code' }] });
    }
    const vn = (await f.t.call({ method: 'GET', url: '/api/v1/freight/airlines', token: f.admin })).body.data.find((a: { code: string }) => a.code === 'VN');
    const rename = await f.t.call({ method: 'PUT', url: `/api/v1/freight/airlines/${vn._id}`, token: f.admin, payload: { code: 'CX', name: 'Renamed' } });
    expect(rename.status).toBe(409);
    expect(rename.body.errors[0].field).toBe('code');
  });

  it('the airline page (open to freight readers) shows its flights and fee schedules', async () => {
    await createFreight(f, { airlineCode: 'CX', mawb: nextMawb('160') });
    const res = await f.t.call({ method: 'GET', url: '/api/v1/freight/airlines/by-code/CX', token: f.admin });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ code: 'CX', name: 'Cathay Pacific Cargo' });
    expect(res.body.data.freights).toHaveLength(1);
    expect(res.body.data.schedules).toMatchObject([{ airlineCode: 'CX', status: 'active' }]);
    expect((await f.t.call({ method: 'GET', url: '/api/v1/freight/airlines/by-code/NOPE', token: f.admin })).status).toBe(404);
  });
});

describe('freights (SPEC §5, the MAWB as IATA checks it)', () => {
  it('refuses each rule naming its field', async () => {
    for (const [over, status, code, field] of [
      [{ name: 'x'.repeat(51) }, 400, 'VALIDATION_FAILED', 'name'],
      [{ name: '  ' }, 400, 'VALIDATION_FAILED', 'name'],
      [{ mawb: '618-1234567' }, 400, 'VALIDATION_FAILED', 'mawb'],
      [{ mawb: '618-12345670' }, 400, 'MAWB_INVALID', 'mawb'],
      [{ mawb: '160-12345675' }, 400, 'MAWB_INVALID', 'mawb'],
      [{ arrivalAirportCode: 'SGN' }, 400, 'VALIDATION_FAILED', 'arrivalAirportCode'],
      [{ departureAirportCode: 'XXX' }, 404, 'AIRPORT_NOT_FOUND', 'departureAirportCode'],
      [{ airlineCode: 'NOPE' }, 404, 'AIRLINE_NOT_FOUND', 'airlineCode'],
      [{ departureDate: '2026-02-30' }, 400, 'VALIDATION_FAILED', 'departureDate'],
      [{ arrivalDate: '2026-03-01T00:00:00Z' }, 400, 'VALIDATION_FAILED', 'arrivalDate'],
    ] as const) {
      const res = await post('/freights', freightBody(over));
      expect(res.status, JSON.stringify(over)).toBe(status);
      expect(res.body.code, JSON.stringify(over)).toBe(code);
      expect(fieldsOf(res.body), JSON.stringify(over)).toEqual([field]);
    }
  });

  it('a MAWB number is one freight\'s: 409 MAWB_TAKEN on the mawb field, written with or without the dash', async () => {
    const mawb = nextMawb();
    expect((await post('/freights', freightBody({ mawb }))).status).toBe(201);
    const again = await post('/freights', freightBody({ mawb: mawb.replace('-', '') }));
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'MAWB_TAKEN', errors: [{ field: 'mawb' }] });
    expect(again.body.message).toContain(mawb);
  });

  it('lists freights with filters and counts per status', async () => {
    const res = await f.t.call({ method: 'GET', url: '/api/v1/freights?status=open&airlineCode=CX&pageSize=5', token: f.admin });
    expect(res.status).toBe(200);
    expect(res.body.data.rows.every((r: { airlineCode: string; status: string }) => r.airlineCode === 'CX' && r.status === 'open')).toBe(true);
    expect(res.body.data.counts.open).toBe(res.body.data.totalCount);
    expect(res.body.data.counts.all).toBeGreaterThanOrEqual(res.body.data.counts.open);
  });
});

describe('documents (SPEC §5: up to 10 files of 10 MB, PDF or image)', () => {
  const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), crypto.randomBytes(2000)]);
  const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), crypto.randomBytes(100)]);
  const upload = (freightId: string, name: string, data: Buffer, type = 'application/pdf') =>
    f.t.call({ method: 'POST', url: `/api/v1/freights/${freightId}/documents`, token: f.admin, ...multipartFile(name, data, type) });

  it('keeps PDFs and images, by their bytes; refuses anything else, an 11 MB file and an 11th file', async () => {
    const freight = await createFreight(f);
    const first = await upload(freight._id, 'mawb.pdf', pdf);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.data).toMatchObject({ fileName: 'mawb.pdf', contentType: 'application/pdf', sizeBytes: pdf.length });

    // Named and typed as a PDF, but it is HTML.
    const html = await upload(freight._id, 'invoice.pdf', Buffer.from('<html><script>alert(1)</script></html>'));
    expect(html.status).toBe(415);
    expect(html.body.code).toBe('FILE_TYPE_NOT_ALLOWED');
    expect(fieldsOf(html.body)).toEqual(['file']);

    const big = await upload(freight._id, 'big.pdf', Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(11 * 1024 * 1024)]));
    expect(big.status).toBe(413);
    expect(big.body.code).toBe('FILE_TOO_LARGE');

    for (let i = 2; i <= 10; i++) expect((await upload(freight._id, `scan-${i}.png`, png, 'image/png')).status).toBe(201);
    const eleventh = await upload(freight._id, 'eleventh.pdf', pdf);
    expect(eleventh.status).toBe(409);
    expect(eleventh.body.code).toBe('DOCUMENTS_FULL');

    const detail = (await f.t.call({ method: 'GET', url: `/api/v1/freights/${freight._id}`, token: f.admin })).body.data;
    expect(detail.documents).toBe(10);
    const download = await f.t.app.inject({ method: 'GET', url: `/api/v1/freights/${freight._id}/documents/${first.body.data._id}`, headers: { authorization: `Bearer ${f.admin}` } });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe('attachment; filename="mawb.pdf"');
    expect(download.rawPayload.equals(pdf)).toBe(true);

    const removed = await f.t.call({ method: 'DELETE', url: `/api/v1/freights/${freight._id}/documents/${first.body.data._id}`, token: f.admin });
    expect(removed.status).toBe(200);
    expect((await upload(freight._id, 'again.pdf', pdf)).status).toBe(201);
    // The history names each document added and removed; the refused uploads wrote nothing.
    const history = (await f.t.call({ method: 'GET', url: `/api/v1/freights/${freight._id}`, token: f.admin })).body.data.history as { action: string; note: string }[];
    expect(history.filter((h) => h.action === 'document-added').map((h) => h.note)).toEqual(['mawb.pdf', ...Array.from({ length: 9 }, (_, i) => `scan-${i + 2}.png`), 'again.pdf']);
    expect(history.filter((h) => h.action === 'document-removed').map((h) => h.note)).toEqual(['mawb.pdf']);
  });
});

describe('flight fee schedules', () => {
  it('the template has exactly the SPEC §3 columns, with the airline and airport codes as dropdowns', async () => {
    const res = await f.t.app.inject({ method: 'GET', url: '/api/v1/freight/fee-schedules/template.xlsx', headers: { authorization: `Bearer ${f.admin}` } });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect((ws.getRow(1).values as string[]).slice(1)).toEqual([...FLIGHT_FEE_COLUMNS]);
    expect(FLIGHT_FEE_COLUMNS).toHaveLength(3 + 22);
    const validations = (ws as unknown as { dataValidations: { model: Record<string, { formulae: string[] }> } }).dataValidations.model;
    const listOf = (col: string) => Object.entries(validations).find(([range]) => range.startsWith(`${col}2`))?.[1].formulae[0];
    expect(listOf('A')).toBe('"CX,SQ,VN"');
    expect(listOf('B')).toBe('"DFW,HAN,HKG,JFK,LAX,ORD,SFO,SGN"');
    expect(listOf('C')).toBe(listOf('B'));
  });

  const header = [...FLIGHT_FEE_COLUMNS];
  const fees = (airfreight: number) => FLIGHT_FEES.map((fee) => (fee.key === 'airfreight' ? airfreight : fee.key === 'customsFee' ? 40 : null));

  it('a bad file answers with every bad row and field, and an error workbook; nothing is written', async () => {
    const file = await xlsxOf(header, [
      ['SQ', 'SGN', 'LAX', ...fees(3.5)],
      ['NOPE', 'SGN', 'LAX', ...fees(3)],
      ['SQ', 'SGN', 'SGN', ...fees(3)],
      ['SQ', 'SGN', 'LAX', ...fees(-1)],
      ['CX', 'HAN', 'JFK', ...fees(3.125)],
    ]);
    const res = await f.t.call({ method: 'POST', url: '/api/v1/freight/fee-schedules/import?effectiveFrom=2026-04-01', token: f.admin, ...multipartFile('fees.xlsx', file) });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('IMPORT_ROWS_INVALID');
    expect(fieldsOf(res.body).sort()).toEqual(['rows.2.Departure_airport_code', 'rows.3.Airline_code', 'rows.4.Arrival_airport_code', 'rows.5.Airfreight', 'rows.5.Departure_airport_code', 'rows.6.Airfreight'].sort());
    const wb = await f.t.app.inject({ method: 'GET', url: res.body.details.errorWorkbook.url, headers: { authorization: `Bearer ${f.admin}` } });
    const sheet = await readXlsx(wb.rawPayload);
    expect(sheet[0]!.at(-1)).toBe('Errors');
    expect(String(sheet[2]!.at(-1))).toContain('Airline_code');
    const drafts = await f.t.call({ method: 'GET', url: '/api/v1/freight/fee-schedules', token: f.admin });
    expect(drafts.body.data.filter((s: { status: string }) => s.status === 'draft')).toEqual([]);
  });

  it('imports one draft per airline, previews it, activates it (the previous one archived) and deletes a draft', async () => {
    const file = await xlsxOf(header, [
      ['SQ', 'SGN', 'LAX', ...fees(3.5)],
      ['sq', 'HAN', 'LAX', ...fees(3.6)],
      ['CX', 'HKG', 'ORD', ...fees(4)],
    ]);
    const check = await f.t.call({ method: 'POST', url: '/api/v1/freight/fee-schedules/import?onlyValidate=true&effectiveFrom=2026-04-01', token: f.admin, ...multipartFile('fees.xlsx', file) });
    expect(check.status, JSON.stringify(check.body)).toBe(200);
    expect(check.body.data).toEqual({ rows: [
      { row: 2, airlineCode: 'SQ', route: 'SGN-LAX', errors: [] },
      { row: 3, airlineCode: 'SQ', route: 'HAN-LAX', errors: [] },
      { row: 4, airlineCode: 'CX', route: 'HKG-ORD', errors: [] },
    ], schedules: [] });

    const res = await f.t.call({ method: 'POST', url: '/api/v1/freight/fee-schedules/import?effectiveFrom=2026-04-01', token: f.admin, ...multipartFile('fees.xlsx', file) });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const [cx, sq] = res.body.data.schedules;
    expect(sq).toMatchObject({ airlineCode: 'SQ', status: 'draft', effectiveFrom: '2026-04-01T00:00:00.000Z', activatedAt: null });
    expect(sq.rows).toHaveLength(2);
    expect(sq.rows[0]).toMatchObject({ departureAirportCode: 'SGN', arrivalAirportCode: 'LAX', fees: { airfreight: 3.5, customsFee: 40, handling: 0 } });
    expect(cx.rows).toHaveLength(1);

    const preview = await f.t.call({ method: 'GET', url: `/api/v1/freight/fee-schedules/${sq._id}`, token: f.admin });
    expect(preview.body.data.rows[1]).toMatchObject({ departureAirportCode: 'HAN', fees: { airfreight: 3.6 } });

    const previous = (await f.t.call({ method: 'GET', url: '/api/v1/freight/fee-schedules?airlineCode=SQ', token: f.admin })).body.data.find((s: { status: string }) => s.status === 'active');
    const activated = await f.t.call({ method: 'POST', url: `/api/v1/freight/fee-schedules/${sq._id}/activate`, token: f.admin });
    expect(activated.status).toBe(200);
    expect(activated.body.data).toMatchObject({ status: 'active', activatedAt: expect.any(String) });
    expect((await f.t.call({ method: 'GET', url: `/api/v1/freight/fee-schedules/${previous._id}`, token: f.admin })).body.data.status).toBe('archived');
    const again = await f.t.call({ method: 'POST', url: `/api/v1/freight/fee-schedules/${sq._id}/activate`, token: f.admin });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('FEE_SCHEDULE_NOT_DRAFT');
    expect((await f.t.call({ method: 'DELETE', url: `/api/v1/freight/fee-schedules/${sq._id}`, token: f.admin })).status).toBe(409);

    const deleted = await f.t.call({ method: 'DELETE', url: `/api/v1/freight/fee-schedules/${cx._id}`, token: f.admin });
    expect(deleted.status).toBe(200);
    expect((await f.t.call({ method: 'GET', url: `/api/v1/freight/fee-schedules/${cx._id}`, token: f.admin })).status).toBe(404);
  });
});

describe('access', () => {
  const freightEndpoints = (Object.values(contracts) as unknown[]).filter(
    (e): e is EndpointDef => typeof e === 'object' && e !== null && 'operationId' in e && 'method' in e && (e as EndpointDef).tags.includes('freight'),
  );

  it('a seller gets 403 on every freight route', async () => {
    expect(freightEndpoints.length).toBeGreaterThanOrEqual(25);
    const id = crypto.randomUUID();
    for (const e of freightEndpoints) {
      const url = `/api/v1${e.path}`.replace(':airlineCode', 'SQ').replace(':cartonId', 'CT00000000').replace(/:\w+/g, id);
      const res = await f.t.call({ method: e.method, url, token: f.seller, payload: e.method === 'GET' || e.method === 'DELETE' ? undefined : {} });
      expect(res.status, `${e.method} ${e.path}`).toBe(403);
    }
  });

  it('a scanner reads freights but does not manage them', async () => {
    expect((await f.t.call({ method: 'GET', url: '/api/v1/freights', token: f.scanner })).status).toBe(200);
    expect((await post('/freights', freightBody(), f.scanner)).status).toBe(403);
    expect((await post('/freight/airports', { code: 'BKK', name: 'Bangkok', country: 'TH' }, f.scanner)).status).toBe(403);
  });

  it('staff with only the airline permission open the airline pages; without it, freight readers do not', async () => {
    const [clerk] = ((await f.t.db.execute(sql`select id from users where email = 'clerk@exship.test'`)) as unknown as { rows: { id: string }[] }).rows;
    const grant = await f.t.call({ method: 'PATCH', url: '/api/v1/admin/update-permission-user', token: f.admin, payload: { userId: clerk!.id, overrides: [{ code: 'EX-AIRLINE-MANAGE', granted: true }] } });
    expect(grant.status, JSON.stringify(grant.body)).toBe(200);
    expect((await f.t.call({ method: 'GET', url: '/api/v1/freights', token: f.clerk })).status).toBe(403);
    const list = await f.t.call({ method: 'GET', url: '/api/v1/freight/airlines', token: f.clerk });
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    const code = list.body.data[0].code as string;
    expect((await f.t.call({ method: 'GET', url: `/api/v1/freight/airlines/by-code/${code}`, token: f.clerk })).status).toBe(200);
    // A scanner reads freights, but the airline pages are the airline permission's.
    expect((await f.t.call({ method: 'GET', url: `/api/v1/freight/airlines/by-code/${code}`, token: f.scanner })).status).toBe(403);
    // The freight form still lists the airlines for those who read freights.
    expect((await f.t.call({ method: 'GET', url: '/api/v1/freight/airlines', token: f.scanner })).status).toBe(200);
  });
});
