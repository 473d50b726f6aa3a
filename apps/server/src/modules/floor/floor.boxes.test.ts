import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartFile, readXlsx, xlsxOf } from '../../test/files';
import { checkedIn, closeCarton, eventsOf, openCarton, scan, startFloor, type Floor, type Parcel } from '../../test/floor';

// Check-out and the box listing over HTTP: a packaged carton leaves (its parcels' routing events, a
// repeated scan, undo), the today view, the list's filters and counts, the export, and the box import
// (review, commit, rows refused naming row and column).

let f: Floor;
const get = async (url: string, token = f.scanner) => {
  const res = await f.t.call({ method: 'GET', url: `/api/v1${url}`, token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};
const checkOut = (code: string, token = f.scanner) => f.t.call({ method: 'POST', url: '/api/v1/floor/check-outs', token, payload: { code } });

/** A packaged carton holding `count` new checked-in parcels. */
async function packaged(count: number, name = ''): Promise<{ id: string; parcels: Parcel[] }> {
  const c = await openCarton(f, { name });
  const parcels = await checkedIn(f, count);
  for (const p of parcels) expect((await scan(f, c._id, p.exOrderId)).status).toBe(200);
  expect((await closeCarton(f, c._id)).status).toBe(200);
  return { id: c._id, parcels };
}

beforeAll(async () => {
  f = await startFloor();
}, 120_000);
afterAll(() => f?.t.close());

describe('check-out', () => {
  let out: { id: string; parcels: Parcel[] };
  let waiting: { id: string; parcels: Parcel[] };

  beforeAll(async () => {
    out = await packaged(2, 'Leaving');
    waiting = await packaged(1, 'Waiting');
  });

  it('refuses an open carton and an unknown code, each kept in the scan log', async () => {
    const open = await openCarton(f);
    expect((await checkOut(open._id)).body).toMatchObject({ code: 'CARTON_NOT_PACKAGED', message: `Carton ${open._id} is not closed yet.` });
    expect((await checkOut('CTZZZZZZZZ')).body).toMatchObject({ code: 'CARTON_NOT_FOUND', message: 'No carton has the code CTZZZZZZZZ.' });
    const log = await get('/floor/scans?screen=check-out');
    expect(log.slice(0, 2).map((s: { ok: boolean; code: string }) => [s.ok, s.code])).toEqual([
      [false, 'CTZZZZZZZZ'],
      [false, open._id],
    ]);
  });

  it('checks a packaged carton out: who checked and accepted it and when; each parcel departs in it; a second scan repeats', async () => {
    const res = await checkOut(out.id.toLowerCase());
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ repeated: false, carton: { _id: out.id, status: 'checked', checkedBy: 'scanner', acceptedBy: 'scanner' }, scan: { ok: true, canUndo: true, message: `${out.id}: checked out (2 parcels).` } });
    expect(res.body.data.carton.checkedAt).toBe(res.body.data.carton.acceptedAt);
    for (const p of out.parcels) expect((await eventsOf(f, p.id)).map((e) => e.description)).toContain(`Departed Saigon origin in carton ${out.id}`);
    const again = await checkOut(out.id);
    expect(again.body.data).toMatchObject({ repeated: true, carton: { status: 'checked', checkedAt: res.body.data.carton.checkedAt }, scan: { canUndo: false } });
    for (const p of out.parcels) expect((await eventsOf(f, p.id)).filter((e) => e.description.startsWith('Departed')).length).toBe(1);
    // Left the warehouse: never reopened.
    expect((await f.t.call({ method: 'POST', url: `/api/v1/floor/cartons/${out.id}/reopen`, token: f.scanner })).body.code).toBe('CARTON_NOT_REOPENABLE');
  });

  it('today: what is expected (packaged, not out) and what left since midnight in the caller\'s zone', async () => {
    const today = await get('/floor/check-outs/today');
    expect(today.expected.map((c: { _id: string }) => c._id)).toContain(waiting.id);
    expect(today.expected.map((c: { _id: string }) => c._id)).not.toContain(out.id);
    expect(today.checked.map((c: { _id: string }) => c._id)).toContain(out.id);
    // Checked out yesterday in the caller's zone: no longer today's.
    await f.t.db.execute(sql`update cartons set checked_at = now() - interval '2 days' where id = ${out.id}`);
    expect((await get('/floor/check-outs/today')).checked.map((c: { _id: string }) => c._id)).not.toContain(out.id);
    await f.t.db.execute(sql`update cartons set checked_at = now() where id = ${out.id}`);
  });

  it('undo puts the carton back to packaged and takes its parcels\' departures off their timelines', async () => {
    const res = await checkOut(waiting.id);
    const undo = await f.t.call({ method: 'POST', url: `/api/v1/floor/scans/${res.body.data.scan._id}/undo`, token: f.scanner });
    expect(undo.status, JSON.stringify(undo.body)).toBe(200);
    const c = await get(`/floor/cartons/${waiting.id}`);
    expect(c).toMatchObject({ status: 'packaged', checkedAt: null, checkedBy: null, acceptedAt: null });
    expect((await eventsOf(f, waiting.parcels[0]!.id)).map((e) => e.description).filter((d) => d.startsWith('Departed'))).toEqual([]);
    expect(c.history.at(-1)).toMatchObject({ action: 'undo-check-out', fromStatus: 'checked', toStatus: 'packaged' });
  });

  it('a seller never reads a carton, even one holding its parcel; it sees its own parcel\'s events only', async () => {
    expect((await f.t.call({ method: 'GET', url: `/api/v1/floor/cartons/${out.id}`, token: f.seller })).status).toBe(403);
    expect((await f.t.call({ method: 'GET', url: `/api/v1/orders/${out.parcels[0]!.id}/shipping`, token: f.other.token })).status).toBe(404);
  });
});

describe('the box listing', () => {
  let a: { id: string; parcels: Parcel[] };
  let b: { id: string; parcels: Parcel[] };
  let open: string;

  beforeAll(async () => {
    a = await packaged(1, 'Alpha pallet');
    b = await packaged(2, 'Bravo pallet');
    expect((await checkOut(b.id)).status).toBe(200);
    open = (await openCarton(f, { name: 'Charlie', carrier: 'SWF', service: 'EXP', warehouseCode: 'EWR1' }))._id;
  });

  it('pages the boxes newest first with counts per status under the other filters', async () => {
    const all = await get('/floor/cartons?pageSize=2');
    expect(all.rows.length).toBe(2);
    expect(all.rows[0]._id).toBe(open);
    expect(all.counts.all).toBe(all.totalCount);
    expect(all.counts).toMatchObject({ open: expect.any(Number), packaged: expect.any(Number), checked: expect.any(Number), delivered: 0 });
    expect(all.counts.open + all.counts.packaged + all.counts.checked).toBe(all.counts.all);
    const page2 = await get('/floor/cartons?pageSize=2&page=2');
    expect(page2.rows.map((r: { _id: string }) => r._id)).not.toContain(open);
    const packedTab = await get('/floor/cartons?status=packaged&pageSize=100');
    expect(packedTab.rows.every((r: { status: string }) => r.status === 'packaged')).toBe(true);
    expect(packedTab.totalCount).toBe(packedTab.counts.packaged);
    expect(packedTab.rows.map((r: { _id: string }) => r._id)).toContain(a.id);
  });

  it('filters by keyword (carton id or name, a parcel\'s exOrderId or tracking number), carrier, warehouse and dates', async () => {
    const ids = async (query: string) => (await get(`/floor/cartons?pageSize=100&${query}`)).rows.map((r: { _id: string }) => r._id);
    expect(await ids(`keyword=${a.id.slice(2, 7).toLowerCase()}`)).toEqual([a.id]);
    expect(await ids('keyword=bravo')).toEqual([b.id]);
    expect(await ids(`keyword=${b.parcels[1]!.exOrderId.toLowerCase()}`)).toEqual([b.id]);
    expect(await ids(`keyword=${a.parcels[0]!.trackingNumber}`)).toEqual([a.id]);
    const byKeyword = await get(`/floor/cartons?keyword=${a.parcels[0]!.trackingNumber}`);
    expect(byKeyword.counts).toMatchObject({ all: 1, packaged: 1, checked: 0 });
    expect(await ids(`carrierId=${f.carriers.get('SWF')}`)).toEqual([open]);
    expect(await ids('warehouseCode=ewr1')).toEqual([open]);
    const today = new Date().toISOString().slice(0, 10);
    expect(await ids(`startDate=${today}&endDate=${today}`)).toEqual(expect.arrayContaining([a.id, b.id, open]));
    expect(await ids('startDate=2020-01-01&endDate=2020-01-02')).toEqual([]);
    expect((await f.t.call({ method: 'GET', url: '/api/v1/floor/cartons?status=lost', token: f.scanner })).status).toBe(400);
  });

  it('exports the boxes the filters select as a workbook ExcelJS opens, dates at the viewer\'s offset', async () => {
    const res = await f.t.app.inject({ method: 'GET', url: '/api/v1/floor/cartons/export?keyword=pallet', headers: { authorization: `Bearer ${f.scanner}` } });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows = await readXlsx(res.rawPayload);
    const header = rows[0]!;
    expect(header.slice(0, 8)).toEqual(['Box ID', 'Name', 'Carrier', 'Warehouse', 'Service', 'Origin warehouse', 'Quantity', 'Status']);
    const byId = new Map(rows.slice(1).map((r) => [r[0], r]));
    expect(byId.size).toBe(2);
    const bravo = byId.get(b.id)!;
    expect(bravo[header.indexOf('Name')]).toBe('Bravo pallet');
    expect(bravo[header.indexOf('Quantity')]).toBe(2);
    expect(bravo[header.indexOf('Status')]).toBe('checked');
    expect(bravo[header.indexOf('Checked by')]).toBe('scanner');
    const [stored] = ((await f.t.db.execute(sql`select checked_at from cartons where id = ${b.id}`)) as unknown as { rows: { checked_at: string | Date }[] }).rows;
    const at = new Date(stored!.checked_at);
    // The scanner's offset is the default +07:00.
    expect(bravo[header.indexOf('Checked at')]).toBe(new Date(at.getTime() + 7 * 3_600_000).toISOString().slice(0, 19));
  });

  it('the box import: review, then commit; status, location and freight move the carton on, with its history', async () => {
    const template = await f.t.app.inject({ method: 'GET', url: '/api/v1/floor/cartons/template.xlsx', headers: { authorization: `Bearer ${f.scanner}` } });
    expect((await readXlsx(template.rawPayload))[0]).toEqual(['Box ID', 'Description', 'Location', 'Status', 'Updated At', 'Freight_ID']);
    const file = await xlsxOf(['Box ID', 'Description', 'Location', 'Status', 'Updated At', 'Freight_ID'], [[b.id.toLowerCase(), 'Two parcels', 'LAX hub, dock 4', 'In transit', '2026-01-05 09:30', 'FR-77']]);
    const review = await f.t.call({ method: 'POST', url: '/api/v1/floor/cartons/import?onlyValidate=true', token: f.scanner, ...multipartFile('boxes.xlsx', file) });
    expect(review.status, JSON.stringify(review.body)).toBe(200);
    expect(review.body.data).toEqual({ rows: [{ row: 2, cartonId: b.id, status: 'in-transit', location: 'LAX hub, dock 4', errors: [] }], applied: 0 });
    expect((await get(`/floor/cartons/${b.id}`)).status).toBe('checked');
    const commit = await f.t.call({ method: 'POST', url: '/api/v1/floor/cartons/import', token: f.scanner, ...multipartFile('boxes.xlsx', file) });
    expect(commit.status, JSON.stringify(commit.body)).toBe(200);
    expect(commit.body).toMatchObject({ message: '1 boxes updated.', data: { applied: 1 } });
    const c = await get(`/floor/cartons/${b.id}`);
    expect(c).toMatchObject({ status: 'in-transit', location: 'LAX hub, dock 4', description: 'Two parcels', freightId: 'FR-77' });
    // 09:30 at the importer's +07:00.
    expect(c.history.at(-1)).toMatchObject({ action: 'import', fromStatus: 'checked', toStatus: 'in-transit', at: '2026-01-05T02:30:00.000Z', by: 'scanner' });
    // The same through a .csv; a blank location keeps the one it has.
    const csv = `Box ID,Description,Location,Status,Updated At,Freight_ID\n${b.id},,,delivered,,\n`;
    const viaCsv = await f.t.call({ method: 'POST', url: '/api/v1/floor/cartons/import', token: f.scanner, ...multipartFile('boxes.csv', Buffer.from(csv), 'text/csv') });
    expect(viaCsv.status, JSON.stringify(viaCsv.body)).toBe(200);
    expect(await get(`/floor/cartons/${b.id}`)).toMatchObject({ status: 'delivered', location: 'LAX hub, dock 4', freightId: 'FR-77' });
  });

  it('refuses the whole file when a row is wrong, naming row and column; nothing changes', async () => {
    const future = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const file = await xlsxOf(
      ['Box ID', 'Description', 'Location', 'Status', 'Updated At', 'Freight_ID'],
      [
        [a.id, '', 'Dock 1', 'shipped', '', ''], // a is packaged: it has not left
        [b.id, '', '', 'in-transit', '', ''], // b is delivered: the end
        ['CT00000000', '', '', 'shipped', '', ''], // no such box
        ['not-a-box', '', '', 'lost', '', ''], // neither an id nor a status
        [open, '', '', 'exception', future, ''], // open, and a date in the future
      ],
    );
    const res = await f.t.call({ method: 'POST', url: '/api/v1/floor/cartons/import', token: f.scanner, ...multipartFile('boxes.xlsx', file) });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('IMPORT_ROWS_INVALID');
    const errors = Object.fromEntries(res.body.errors.map((e: { field: string; message: string }) => [e.field, e.message]));
    expect(errors).toMatchObject({
      'rows.2.Status': 'This box has not been checked out of the warehouse yet.',
      'rows.3.Status': 'This box is delivered: its status no longer changes.',
      'rows.4.Box ID': 'No box has this id.',
      'rows.5.Box ID': 'No box has this id.',
      'rows.5.Status': 'Use one of: confirmed-weight, shipped, in-transit, received, delivered, exception.',
      'rows.6.Status': 'This box has not been checked out of the warehouse yet.',
      'rows.6.Updated At': 'Enter a date and time (YYYY-MM-DD HH:mm) that is not in the future.',
    });
    expect(res.body.details.errorWorkbook.fileName).toMatch(/^boxes_Errors_\d{8}_\d{6}\.xlsx$/);
    expect((await get(`/floor/cartons/${a.id}`)).location).toBe('');
    // A file that is neither a workbook nor a CSV.
    const pdf = await f.t.call({ method: 'POST', url: '/api/v1/floor/cartons/import', token: f.scanner, ...multipartFile('boxes.pdf', Buffer.from('%PDF-1.4'), 'application/pdf') });
    expect(pdf.status).toBe(400);
    expect(pdf.body).toMatchObject({ code: 'IMPORT_NOT_XLSX_OR_CSV', message: 'Only .xlsx or .csv files can be imported here.' });
    // A seller may not import boxes.
    expect((await f.t.call({ method: 'POST', url: '/api/v1/floor/cartons/import', token: f.seller, ...multipartFile('boxes.xlsx', file) })).status).toBe(403);
  });
});

describe('box import and freights', () => {
  it('refuses to move a carton already on a freight to another one, naming the carton and the freight', async () => {
    const c = await packaged(1);
    expect((await checkOut(c.id)).status).toBe(200);
    await f.t.db.execute(sql`update cartons set freight_id = 'FR-ON' where id = ${c.id}`);
    const file = await xlsxOf(['Box ID', 'Description', 'Location', 'Status', 'Updated At', 'Freight_ID'], [[c.id, '', '', 'shipped', '', 'FR-OTHER']]);
    const res = await f.t.call({ method: 'POST', url: '/api/v1/floor/cartons/import', token: f.scanner, ...multipartFile('boxes.xlsx', file) });
    expect(res.status).toBe(400);
    const errors = Object.fromEntries(res.body.errors.map((e: { field: string; message: string }) => [e.field, e.message]));
    expect(errors).toEqual({ 'rows.2.Freight_ID': `Carton ${c.id} is already on freight FR-ON: it cannot be moved to another freight by import.` });
    expect((await get(`/floor/cartons/${c.id}`)).freightId).toBe('FR-ON');
    // The same freight again is no move.
    const same = await xlsxOf(['Box ID', 'Description', 'Location', 'Status', 'Updated At', 'Freight_ID'], [[c.id, '', '', 'shipped', '', 'FR-ON']]);
    const ok = await f.t.call({ method: 'POST', url: '/api/v1/floor/cartons/import', token: f.scanner, ...multipartFile('boxes.xlsx', same) });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(await get(`/floor/cartons/${c.id}`)).toMatchObject({ status: 'shipped', freightId: 'FR-ON' });
  });
});

describe('the seller\'s order list', () => {
  it('shows and filters by check-in status, within the seller\'s own orders', async () => {
    const [p] = await checkedIn(f, 1);
    const list = async (query: string, token = f.seller) => (await get(`/orders?pageSize=100&${query}`, token)).items as { id: string; checkInStatus: string | null }[];
    const checkedInOnly = await list('checkInStatus=checked-in');
    expect(checkedInOnly.map((o) => o.id)).toContain(p!.id);
    expect(checkedInOnly.every((o) => o.checkInStatus === 'checked-in')).toBe(true);
    expect((await list('checkInStatus=check-in error')).map((o) => o.id)).not.toContain(p!.id);
    expect(await list('checkInStatus=checked-in', f.other.token)).toEqual([]);
    expect((await f.t.call({ method: 'GET', url: '/api/v1/orders?checkInStatus=arrived', token: f.seller })).status).toBe(400);
  });
});
