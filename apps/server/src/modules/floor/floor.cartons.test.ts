import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkIn, checkedIn, closeCarton, eventsOf, labeledOrders, openCarton, scan, startFloor, type Floor, type Parcel } from '../../test/floor';

// The packaged-scanner screen over HTTP: open a carton for a destination, scan checked-in parcels into
// it (each refusal with its reason, a repeated scan changing nothing), take one out, undo, close,
// label, reopen; who may do it; and two cartons racing for one parcel.

let f: Floor;
const q = async <T>(query: ReturnType<typeof sql>) => ((await f.t.db.execute(query)) as unknown as { rows: T[] }).rows;
const carton = async (id: string, token = f.scanner) => (await f.t.call({ method: 'GET', url: `/api/v1/floor/cartons/${id}`, token })).body.data;
const scans = async (screen = 'carton', token = f.scanner) => (await f.t.call({ method: 'GET', url: `/api/v1/floor/scans?screen=${screen}`, token })).body.data;

beforeAll(async () => {
  f = await startFloor();
}, 120_000);
afterAll(() => f?.t.close());

describe('opening a carton', () => {
  it('gives a CT id, open and empty, for its destination; an unknown carrier, warehouse or service is named', async () => {
    const c = await openCarton(f, { name: 'Pallet A' });
    expect(c._id).toMatch(/^CT[0-9A-HJKMNP-TV-Z]{8}$/);
    expect(c).toMatchObject({ status: 'open', quantity: 0, name: 'Pallet A', carrierCode: 'UPX', warehouseCode: 'LAX1', serviceCode: 'STD', parcelsWeightGr: 0, createdBy: 'scanner' });
    expect((await carton(c._id)).history.map((h: { action: string }) => h.action)).toEqual(['open']);
    const bad = await f.t.call({ method: 'POST', url: '/api/v1/floor/cartons', token: f.scanner, payload: { carrierId: '00000000-0000-4000-8000-000000000001', warehouseCode: 'NOPE', serviceId: f.services.get('STD') } });
    expect(bad.status).toBe(422);
    expect(bad.body.code).toBe('REFERENCE_NOT_FOUND');
    expect(bad.body.errors.map((e: { field: string }) => e.field)).toEqual(['carrierId', 'warehouseCode']);
  });

  it('a seller cannot reach any carton route; staff without EX-SCANNER cannot scan, open or close', async () => {
    const c = await openCarton(f);
    const [p] = await checkedIn(f, 1);
    const calls = [
      { method: 'POST' as const, url: '/api/v1/floor/cartons', payload: { carrierId: f.carriers.get('UPX'), warehouseCode: 'LAX1', serviceId: f.services.get('STD') } },
      { method: 'GET' as const, url: '/api/v1/floor/cartons' },
      { method: 'GET' as const, url: `/api/v1/floor/cartons/${c._id}` },
      { method: 'POST' as const, url: `/api/v1/floor/cartons/${c._id}/parcels`, payload: { code: p!.exOrderId } },
      { method: 'POST' as const, url: `/api/v1/floor/cartons/${c._id}/close`, payload: { weightGr: 900, lengthCm: 30, widthCm: 20, heightCm: 20 } },
      { method: 'POST' as const, url: `/api/v1/floor/cartons/${c._id}/reopen` },
      { method: 'GET' as const, url: `/api/v1/floor/cartons/${c._id}/label` },
      { method: 'POST' as const, url: '/api/v1/floor/check-outs', payload: { code: c._id } },
      { method: 'GET' as const, url: '/api/v1/floor/check-outs/today' },
      { method: 'GET' as const, url: '/api/v1/floor/cartons/export' },
      { method: 'GET' as const, url: '/api/v1/floor/cartons/template.xlsx' },
      { method: 'GET' as const, url: '/api/v1/floor/scans?screen=carton' },
    ];
    for (const call of calls) expect((await f.t.call({ ...call, token: f.seller })).status, `${call.method} ${call.url}`).toBe(403);
    for (const call of calls.filter((c) => c.method === 'POST' && !c.url.includes('check-outs'))) {
      expect((await f.t.call({ ...call, token: f.clerk })).status, `clerk ${call.url}`).toBe(403);
    }
    // Nothing was packed by the refused calls.
    expect((await carton(c._id)).quantity).toBe(0);
  });
});

describe('scanning parcels into a carton', () => {
  let box: string;
  let parcels: Parcel[];

  beforeAll(async () => {
    box = (await openCarton(f, { name: 'Main' }))._id;
    parcels = await checkedIn(f, 3);
  });

  it('packs a parcel by exOrderId, tracking number or order name; quantity and weight roll up; the parcel gets a routing event', async () => {
    const [a, b, c] = parcels as [Parcel, Parcel, Parcel];
    const first = await scan(f, box, a.exOrderId.toLowerCase());
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({ exOrderId: a.exOrderId, repeated: false, scan: { ok: true, canUndo: true, cartonId: box, exOrderId: a.exOrderId } });
    expect(first.body.data.carton).toMatchObject({ quantity: 1, parcelsWeightGr: 800, originWarehouseCode: 'SGN1' });
    expect((await scan(f, box, b.trackingNumber)).body.data.carton.quantity).toBe(2);
    const third = await scan(f, box, c.orderName);
    expect(third.body.data.carton).toMatchObject({ quantity: 3, parcelsWeightGr: 2400 });
    const detail = await carton(box);
    expect(detail.parcels.map((p: { exOrderId: string }) => p.exOrderId)).toEqual([a.exOrderId, b.exOrderId, c.exOrderId]);
    expect(detail.parcels[1]).toMatchObject({ trackingNumber: b.trackingNumber, customerEmail: 'seller@exship.local', weightGr: 800 });
    expect(detail.history.map((h: { action: string; note: string }) => `${h.action}:${h.note}`)).toEqual(['open:', `add:${a.exOrderId}`, `add:${b.exOrderId}`, `add:${c.exOrderId}`]);
    const events = await eventsOf(f, a.id);
    expect(events.map((e) => e.description)).toContain(`Packed in carton ${box}`);
    // Check-in sees the carton: a packed parcel is not checked in again.
    const again = await f.t.call({ method: 'POST', url: '/api/v1/floor/check-ins', token: f.scanner, payload: { code: a.exOrderId, warehouseCode: 'SGN1', weightGr: 800, lengthCm: 20, widthCm: 15, heightCm: 10 } });
    expect(again.body).toMatchObject({ code: 'PARCEL_IN_CARTON', message: `${a.exOrderId} is already in carton ${box}.` });
    // The buyer's public tracking page, in the reader's language, with the warehouse's city only.
    const publicCode = (await f.t.call({ method: 'GET', url: `/api/v1/orders/${a.id}/shipping`, token: f.seller })).body.data.publicPath.split('/').pop();
    const vi = await f.t.call({ method: 'GET', url: `/api/v1/public/tracking/${publicCode}`, headers: { language: 'vi' } });
    expect(vi.body.data.events).toContainEqual(expect.objectContaining({ description: `Đã đóng vào thùng ${box}`, city: 'Ho Chi Minh City', country: 'VN' }));
  });

  it('a repeated scan answers again and changes nothing', async () => {
    const a = parcels[0]!;
    const again = await scan(f, box, a.exOrderId);
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ repeated: true, carton: { quantity: 3, parcelsWeightGr: 2400 }, scan: { ok: true, canUndo: false } });
    expect((await eventsOf(f, a.id)).filter((e) => e.description.startsWith('Packed')).length).toBe(1);
    expect((await carton(box)).history.length).toBe(4);
  });

  it('refuses each parcel it must not take, naming the parcel and the reason; every refusal is in the scan log', async () => {
    const refusal = async (code: string, cartonId = box) => {
      const res = await scan(f, cartonId, code);
      return { status: res.status, code: res.body.code, message: res.body.message };
    };
    // Unknown, not checked in, in another carton.
    expect(await refusal('EXNOTHING000')).toMatchObject({ status: 404, code: 'PARCEL_NOT_FOUND', message: 'No parcel has the code EXNOTHING000.' });
    const [fresh] = await labeledOrders(f, 1);
    expect(await refusal(fresh!.exOrderId)).toMatchObject({ status: 409, code: 'PARCEL_NOT_CHECKED_IN', message: `${fresh!.exOrderId} is not checked in: check it in first.` });
    const second = (await openCarton(f))._id;
    expect(await refusal(parcels[0]!.exOrderId, second)).toMatchObject({ status: 409, code: 'PARCEL_IN_CARTON', message: `${parcels[0]!.exOrderId} is already in carton ${box}.` });
    // Another destination: the EXP service goes with SWF.
    const otherLane = (await openCarton(f, { carrier: 'SWF', service: 'EXP' }))._id;
    const [p] = await checkedIn(f, 1);
    const other = await refusal(p!.exOrderId, otherLane);
    expect(other).toMatchObject({ status: 409, code: 'PARCEL_OTHER_DESTINATION' });
    expect(other.message).toBe(`${p!.exOrderId} goes to UPX / LAX1 / STD, not to this carton's destination.`);
    // Beyond the tolerance (a dimension error the seller has not confirmed), restricted goods.
    const [big, wet] = (await labeledOrders(f, 2)) as [Parcel, Parcel];
    expect((await checkIn(f, big.exOrderId, { weightGr: 2600 })).outcome).toBe('error-dimension');
    expect(await refusal(big.exOrderId)).toMatchObject({ status: 409, code: 'PARCEL_DIMENSION_ERROR' });
    // The seller confirms: the new order at the measured size is in the warehouse, but waits for its payment and label.
    const confirmed = await f.t.call({ method: 'POST', url: `/api/v1/orders/${big.id}/confirm-dimension`, token: f.seller, payload: {} });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    const replacement = (await f.t.call({ method: 'GET', url: `/api/v1/orders/${confirmed.body.data.replacedBy}`, token: f.seller })).body.data;
    expect(replacement).toMatchObject({ status: 'unpaid', checkInStatus: 'checked-in' });
    expect(await refusal(replacement.exOrderId)).toMatchObject({ status: 409, code: 'PARCEL_UNPAID', message: `${replacement.exOrderId} is not paid: it cannot be received.` });
    expect((await checkIn(f, wet.exOrderId, { restricted: ['wet'] })).outcome).toBe('check-in error');
    expect(await refusal(wet.exOrderId)).toMatchObject({ status: 409, code: 'PARCEL_RESTRICTED', message: `${wet.exOrderId} holds restricted goods: it cannot be packed.` });
    // Held by the seller after it arrived.
    const [held] = await checkedIn(f, 1);
    expect((await f.t.call({ method: 'POST', url: `/api/v1/orders/${held!.id}/hold`, token: f.seller, payload: {} })).status).toBe(200);
    expect(await refusal(held!.exOrderId)).toMatchObject({ status: 409, code: 'PARCEL_ON_HOLD' });
    // An unknown carton.
    expect(await refusal(p!.exOrderId, 'CT00000000')).toMatchObject({ status: 404, code: 'CARTON_NOT_FOUND' });
    // In Vietnamese for an operator who reads it.
    const vi = await f.t.call({ method: 'POST', url: `/api/v1/floor/cartons/${box}/parcels`, token: f.scanner, headers: { language: 'vi' }, payload: { code: wet.exOrderId } });
    expect(vi.body.message).toBe(`${wet.exOrderId} chứa hàng hạn chế: không thể đóng thùng.`);

    const log = await scans();
    const refused = log.filter((s: { ok: boolean }) => !s.ok);
    expect(refused.length).toBeGreaterThanOrEqual(9);
    expect(refused[0]).toMatchObject({ code: wet.exOrderId, canUndo: false, message: `${wet.exOrderId} holds restricted goods: it cannot be packed.` });
    expect(log.map((s: { message: string }) => s.message)).toContain(`${fresh!.exOrderId} is not checked in: check it in first.`);
    expect((await carton(box)).quantity).toBe(3);
  });

  it('takes a parcel out (its packed event goes), and undoes the last scan', async () => {
    const [a, b, c] = parcels as [Parcel, Parcel, Parcel];
    const out = await f.t.call({ method: 'DELETE', url: `/api/v1/floor/cartons/${box}/parcels/${a.id}`, token: f.scanner });
    expect(out.status, JSON.stringify(out.body)).toBe(200);
    expect(out.body.data).toMatchObject({ quantity: 2, parcelsWeightGr: 1600 });
    expect((await eventsOf(f, a.id)).map((e) => e.description)).not.toContain(`Packed in carton ${box}`);
    expect((await f.t.call({ method: 'DELETE', url: `/api/v1/floor/cartons/${box}/parcels/${a.id}`, token: f.scanner })).status).toBe(404);
    // Packed again, then the scan undone: out once more.
    const again = await scan(f, box, a.exOrderId);
    expect(again.body.data).toMatchObject({ repeated: false, carton: { quantity: 3 } });
    const undo = await f.t.call({ method: 'POST', url: `/api/v1/floor/scans/${again.body.data.scan._id}/undo`, token: f.scanner });
    expect(undo.status, JSON.stringify(undo.body)).toBe(200);
    expect(undo.body.data.undoneAt).not.toBeNull();
    expect(await carton(box)).toMatchObject({ quantity: 2, parcelsWeightGr: 1600 });
    expect((await carton(box)).parcels.map((p: { exOrderId: string }) => p.exOrderId)).toEqual([b.exOrderId, c.exOrderId]);
    expect((await eventsOf(f, a.id)).map((e) => e.description)).not.toContain(`Packed in carton ${box}`);
  });

  it('closes with its weight and size beside the parcels\' sum; an empty carton cannot be closed; the label prints only once closed', async () => {
    const empty = (await openCarton(f))._id;
    expect((await closeCarton(f, empty)).body).toMatchObject({ code: 'CARTON_EMPTY' });
    expect((await f.t.call({ method: 'GET', url: `/api/v1/floor/cartons/${box}/label`, token: f.scanner })).body.code).toBe('CARTON_NOT_PACKAGED');
    const closed = await closeCarton(f, box, { weightGr: 1750, lengthCm: 40, widthCm: 30, heightCm: 20 });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body.data).toMatchObject({ status: 'packaged', weightGr: 1750, parcelsWeightGr: 1600, lengthCm: 40, packagedBy: 'scanner' });
    expect((await closeCarton(f, box)).body.code).toBe('CARTON_NOT_OPEN');
    expect((await scan(f, box, parcels[0]!.exOrderId)).body).toMatchObject({ code: 'CARTON_NOT_OPEN', message: `Carton ${box} is not open.` });
    const label = await f.t.app.inject({ method: 'GET', url: `/api/v1/floor/cartons/${box}/label`, headers: { authorization: `Bearer ${f.scanner}` } });
    expect(label.statusCode).toBe(200);
    expect(label.headers['content-type']).toBe('application/pdf');
    expect(label.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('reopens a packaged carton, and refuses once its freight is checked', async () => {
    const reopened = await f.t.call({ method: 'POST', url: `/api/v1/floor/cartons/${box}/reopen`, token: f.scanner });
    expect(reopened.status, JSON.stringify(reopened.body)).toBe(200);
    expect(reopened.body.data).toMatchObject({ status: 'open', packagedAt: null, weightGr: 1750 });
    expect((await f.t.call({ method: 'POST', url: `/api/v1/floor/cartons/${box}/reopen`, token: f.scanner })).body.code).toBe('CARTON_NOT_PACKAGED');
    expect((await closeCarton(f, box)).status).toBe(200);
    // Air freight sets this when the freight the carton is on is checked.
    await f.t.db.execute(sql`update cartons set freight_id = 'FR-1', freight_checked_at = now() where id = ${box}`);
    const refused = await f.t.call({ method: 'POST', url: `/api/v1/floor/cartons/${box}/reopen`, token: f.scanner });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'CARTON_NOT_REOPENABLE', message: `Carton ${box} has left the warehouse or is on a checked freight: it cannot be reopened.` });
    expect((await carton(box)).history.map((h: { action: string }) => h.action).slice(-3)).toEqual(['close', 'reopen', 'close']);
  });
});

describe('two cartons racing for one parcel', () => {
  it('10 concurrent scans of one parcel into two cartons: it ends in exactly one, the others refused or repeated', async () => {
    const [p] = await checkedIn(f, 1);
    const a = (await openCarton(f))._id;
    const b = (await openCarton(f))._id;
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => scan(f, i % 2 ? a : b, p!.exOrderId)));
    expect(results.every((r) => r.status === 200 || (r.status === 409 && r.body.code === 'PARCEL_IN_CARTON')), JSON.stringify(results.map((r) => r.body.code ?? r.status))).toBe(true);
    const holders = await q<{ carton_id: string }>(sql`select carton_id from carton_parcels where order_id = ${p!.id}`);
    expect(holders.length).toBe(1);
    const winner = holders[0]!.carton_id;
    const packed = results.filter((r) => r.status === 200 && !r.body.data.repeated);
    expect(packed.length).toBe(1);
    expect(packed[0]!.body.data.carton._id).toBe(winner);
    // The winner's scans after the first are repeats; the loser's are refusals naming the winner.
    for (const r of results.filter((x) => x.status === 409)) expect(r.body.message).toContain(winner);
    expect([(await carton(a)).quantity, (await carton(b)).quantity].sort()).toEqual([0, 1]);
    expect((await eventsOf(f, p!.id)).filter((e) => e.description.startsWith('Packed')).length).toBe(1);
  });
});

describe('cancelling an order whose parcel is in a carton', () => {
  it('an open carton lets the parcel go in the cancel; a closed carton refuses the cancel, naming the carton', async () => {
    const box = (await openCarton(f))._id;
    const [a, b] = (await checkedIn(f, 2)) as [Parcel, Parcel];
    expect((await scan(f, box, a.exOrderId)).status).toBe(200);
    expect((await scan(f, box, b.exOrderId)).status).toBe(200);
    const cancelled = await f.t.call({ method: 'POST', url: `/api/v1/orders/${a.id}/cancel`, token: f.seller, payload: { reason: 'changed my mind' } });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const open = await carton(box);
    expect(open).toMatchObject({ quantity: 1, parcelsWeightGr: 800 });
    expect(open.parcels.map((p: { exOrderId: string }) => p.exOrderId)).toEqual([b.exOrderId]);
    expect((await eventsOf(f, a.id)).map((e) => e.description)).not.toContain(`Packed in carton ${box}`);

    expect((await closeCarton(f, box)).status).toBe(200);
    const refused = await f.t.call({ method: 'POST', url: `/api/v1/orders/${b.id}/cancel`, token: f.seller, payload: { reason: 'changed my mind' } });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'ORDER_IN_CLOSED_CARTON', message: expect.stringContaining(`carton ${box}`) });
    expect((await f.t.call({ method: 'GET', url: `/api/v1/orders/${b.id}`, token: f.seller })).body.data.status).not.toBe('canceled');
    expect((await carton(box)).quantity).toBe(1);
  });
});

describe('the open-carton pick lists', () => {
  it('a scanner with only the Scanner role gets the carriers, warehouses and services; a seller does not', async () => {
    expect((await f.t.call({ method: 'GET', url: '/api/v1/carriers?pageSize=100', token: f.scanner })).status).toBe(403);
    const res = await f.t.call({ method: 'GET', url: '/api/v1/floor/carton-options', token: f.scanner });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.carriers).toContainEqual(expect.objectContaining({ id: f.carriers.get('UPX'), code: 'UPX' }));
    expect(res.body.data.services).toContainEqual(expect.objectContaining({ id: f.services.get('STD'), code: 'STD' }));
    expect(res.body.data.warehouses.map((w: { code: string }) => w.code)).toEqual(expect.arrayContaining(['LAX1', 'SGN1']));
    expect((await f.t.call({ method: 'GET', url: '/api/v1/floor/carton-options', token: f.seller })).status).toBe(403);
  });
});
