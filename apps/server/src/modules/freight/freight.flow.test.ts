import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkedIn, closeCarton, eventsOf, openCarton, scan, startFloor, type Floor, type Parcel } from '../../test/floor';
import { FLIGHT_FEE_COLUMNS, FLIGHT_FEES } from '@exship/contracts';
import { multipartFile, readXlsx, xlsxOf } from '../../test/files';
import { addCarton, checkedOutCarton, createFreight, manifestReadyParcels, moveFreight } from '../../test/freight';
import { REPORT_QUEUES } from '../reports';

// A freight from its first scan to the US hub, over HTTP: cartons scanned on (refusals named, a repeat
// changes nothing), the customs manifest check, the lock once checked, the weight and the cost from
// the demo fee schedule, its share per parcel, departure shipping the parcels, one routing event per
// parcel per state, and the freight report.

let f: Floor;
// The flight happens after the labels were bought (the trackers follow only newer movements).
const DAY = 86_400_000;
const day = (n: number, hour = 10) => new Date(Math.floor(Date.now() / DAY) * DAY + n * DAY + hour * 3_600_000);
const rows = async <T>(query: ReturnType<typeof sql>) => ((await f.t.db.execute(query)) as unknown as { rows: T[] }).rows;

beforeAll(async () => {
  f = await startFloor();
}, 180_000);
afterAll(() => f?.t.close());

describe('scanning cartons onto a freight', () => {
  let freightId: string;
  let cartonId: string;
  let parcels: Parcel[];

  beforeAll(async () => {
    parcels = await manifestReadyParcels(f, 2);
    cartonId = await checkedOutCarton(f, parcels);
    freightId = (await createFreight(f))._id;
  });

  it('adds a checked-out carton: its parcels and weights roll up on the freight, the scan is logged', async () => {
    const res = await addCarton(f, freightId, cartonId.toLowerCase());
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ cartonId, repeated: false, scan: { screen: 'freight', ok: true, cartonId, canUndo: true } });
    // 2.5 kg gross; 40 × 30 × 30 / 6000 = 6 kg chargeable.
    expect(res.body.data.freight).toMatchObject({ cartons: 1, parcels: 2, grossWeightKg: 2.5, chargeableWeightKg: 6, manifestGaps: [] });
    expect(res.body.data.freight.cartonList).toEqual([{ cartonId, name: '', quantity: 2, weightGr: 2500, chargeableWeightKg: 6, costShare: null }]);
    const [carton] = await rows<{ freight_id: string }>(sql`select freight_id from cartons where id = ${cartonId}`);
    expect(carton!.freight_id).toBe(freightId);
  });

  it('the same carton again is a repeated scan: nothing changes', async () => {
    const res = await addCarton(f, freightId, cartonId);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ repeated: true, scan: { ok: true, canUndo: false } });
    expect(res.body.data.freight).toMatchObject({ cartons: 1, parcels: 2 });
  });

  it('refuses, naming why: an unknown carton, one not checked out, one on another freight', async () => {
    const unknown = await addCarton(f, freightId, 'CT00000000');
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('CARTON_NOT_FOUND');

    const packaged = await checkedOutCarton(f, await checkedIn(f, 1), undefined, 'packaged');
    const notOut = await addCarton(f, freightId, packaged);
    expect(notOut.status).toBe(409);
    expect(notOut.body).toMatchObject({ code: 'CARTON_NOT_CHECKED_OUT' });
    expect(notOut.body.message).toContain(packaged);

    const other = await createFreight(f);
    const taken = await addCarton(f, other._id, cartonId);
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('CARTON_ON_FREIGHT');
    const mawb = (await f.t.call({ method: 'GET', url: `/api/v1/freights/${freightId}`, token: f.admin })).body.data.mawb;
    expect(taken.body.message).toContain(mawb);

    // Every scan is in the operator's list of the freight screen, refusals too.
    const list = await f.t.call({ method: 'GET', url: '/api/v1/floor/scans?screen=freight', token: f.admin });
    expect(list.status).toBe(200);
    expect(list.body.data.map((s: { ok: boolean; code: string }) => [s.ok, s.code])).toEqual([
      [false, cartonId],
      [false, packaged],
      [false, 'CT00000000'],
      [true, cartonId],
      [true, cartonId],
    ]);
  });

  it('a carton a partner\'s box import put on another freight is refused; on this one (its MAWB) it is taken', async () => {
    const freight = await createFreight(f);
    const elsewhere = await checkedOutCarton(f, await manifestReadyParcels(f, 1));
    const here = await checkedOutCarton(f, await manifestReadyParcels(f, 1));
    await f.t.db.execute(sql`update cartons set freight_id = case id when ${elsewhere} then 'PARTNER-77' else ${freight.mawb.replace('-', '')} end where id in (${elsewhere}, ${here})`);
    const refused = await addCarton(f, freight._id, elsewhere);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('CARTON_ON_FREIGHT');
    expect(refused.body.message).toContain('PARTNER-77');
    expect((await addCarton(f, freight._id, here)).status).toBe(200);
  });

  it('the scan can be undone while the freight is open: the carton comes off', async () => {
    const c2 = await checkedOutCarton(f, await manifestReadyParcels(f, 1));
    const added = await addCarton(f, freightId, c2);
    expect(added.body.data.freight.cartons).toBe(2);
    const undo = await f.t.call({ method: 'POST', url: `/api/v1/floor/scans/${added.body.data.scan._id}/undo`, token: f.admin });
    expect(undo.status, JSON.stringify(undo.body)).toBe(200);
    const after = (await f.t.call({ method: 'GET', url: `/api/v1/freights/${freightId}`, token: f.admin })).body.data;
    expect(after).toMatchObject({ cartons: 1, parcels: 2 });
  });

  it('takes a carton packed and checked out on the floor\'s screens; its check-out can no longer be undone', async () => {
    const carton = await openCarton(f);
    for (const p of await manifestReadyParcels(f, 2)) expect((await scan(f, carton._id, p.exOrderId)).status).toBe(200);
    expect((await closeCarton(f, carton._id)).status).toBe(200);
    const out = await f.t.call({ method: 'POST', url: '/api/v1/floor/check-outs', token: f.scanner, payload: { code: carton._id } });
    expect(out.status, JSON.stringify(out.body)).toBe(200);
    const onto = await addCarton(f, freightId, carton._id);
    expect(onto.status, JSON.stringify(onto.body)).toBe(200);
    expect(onto.body.data.freight.cartonList.find((c: { cartonId: string }) => c.cartonId === carton._id)).toMatchObject({ quantity: 2, weightGr: 2500, chargeableWeightKg: 6 });
    const undo = await f.t.call({ method: 'POST', url: `/api/v1/floor/scans/${out.body.data.scan._id}/undo`, token: f.scanner });
    expect(undo.status).toBe(409);
    expect(undo.body.code).toBe('SCAN_NOT_UNDOABLE');
    const off = await f.t.call({ method: 'DELETE', url: `/api/v1/freights/${freightId}/cartons/${carton._id}`, token: f.admin });
    expect(off.status).toBe(200);
  });

  it('a freight with no carton is not closed', async () => {
    const empty = await createFreight(f);
    const res = await moveFreight(f, empty._id, { status: 'closed' });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('FREIGHT_EMPTY');
  });
});

describe('the customs manifest', () => {
  it('refuses the check while a parcel lacks entry data, naming the gaps per parcel', async () => {
    const bare = await checkedIn(f, 1); // no product line: no description, HS code, quantity or value
    const bareCarton = await checkedOutCarton(f, bare);
    const good = await checkedOutCarton(f, await manifestReadyParcels(f, 1));
    const freight = await createFreight(f);
    for (const c of [bareCarton, good]) expect((await addCarton(f, freight._id, c)).status).toBe(200);
    const detail = (await f.t.call({ method: 'GET', url: `/api/v1/freights/${freight._id}`, token: f.admin })).body.data;
    const gap = { exOrderId: bare[0]!.exOrderId, cartonId: bareCarton, missing: ['description', 'hsCode', 'quantity', 'value'] };
    expect(detail.manifestGaps).toEqual([gap]);

    expect((await moveFreight(f, freight._id, { status: 'closed' })).status).toBe(200);
    const refused = await moveFreight(f, freight._id, { status: 'checked' });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: 'MANIFEST_INCOMPLETE', data: [gap] });
    expect(refused.body.message).toContain('1 parcels');

    // Taken off (a closed freight still lets cartons go), the rest is checked.
    const off = await f.t.call({ method: 'DELETE', url: `/api/v1/freights/${freight._id}/cartons/${bareCarton}`, token: f.admin });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body.data).toMatchObject({ cartons: 1, parcels: 1, manifestGaps: [] });
    expect((await moveFreight(f, freight._id, { status: 'checked' })).status).toBe(200);

    const manifest = await f.t.app.inject({ method: 'GET', url: `/api/v1/freights/${freight._id}/manifest.xlsx`, headers: { authorization: `Bearer ${f.admin}` } });
    expect(manifest.statusCode).toBe(200);
    expect(String(manifest.headers['content-type'])).toContain('spreadsheetml');
    const sheet = await readXlsx(manifest.rawPayload);
    expect(sheet[0]!.slice(0, 13)).toEqual(['MAWB', 'Carton', 'Parcel', 'Line', 'Description', 'HS code', 'Quantity', 'Value (USD)', 'Origin country', 'Line weight (kg)', 'Parcel weight (kg)', 'Shipper', 'Consignee']);
    // One line of two white mugs at $12: its alias and material, the variant's HS code, from Vietnam (SGN).
    expect(sheet.slice(1).map((r) => r.slice(0, 13))).toEqual([[freight.mawb, good, expect.stringMatching(/^EX/), 1, 'Mug (Ceramic)', '6912.00', 2, 24, 'VN', 0.76, 0.8, expect.any(String), 'Jane Buyer']]);
  });
});

describe('a freight through its states', () => {
  let freightId: string;
  let mawb: string;
  let parcels: Parcel[];
  let cartonId: string;

  beforeAll(async () => {
    parcels = await manifestReadyParcels(f, 3);
    cartonId = await checkedOutCarton(f, parcels);
    const freight = await createFreight(f, { departureDate: day(2).toISOString() });
    freightId = freight._id;
    mawb = freight.mawb;
    expect((await addCarton(f, freightId, cartonId)).status).toBe(200);
  });

  it('goes by the state machine only', async () => {
    const skip = await moveFreight(f, freightId, { status: 'checked' });
    expect(skip.status).toBe(409);
    expect(skip.body.code).toBe('FREIGHT_TRANSITION_NOT_ALLOWED');
    expect(skip.body.message).toContain('Open');
    for (const status of ['closed', 'open', 'closed', 'checked']) {
      const res = await moveFreight(f, freightId, { status, at: day(1).toISOString() });
      expect(res.status, `${status}: ${JSON.stringify(res.body)}`).toBe(200);
      expect(res.body.data.status).toBe(status);
    }
  });

  it('once checked, its cartons are locked: none added, none removed, and the carton never reopens', async () => {
    const other = await checkedOutCarton(f, await manifestReadyParcels(f, 1));
    const add = await addCarton(f, freightId, other);
    expect(add.status).toBe(409);
    expect(add.body.code).toBe('FREIGHT_LOCKED');
    const remove = await f.t.call({ method: 'DELETE', url: `/api/v1/freights/${freightId}/cartons/${cartonId}`, token: f.admin });
    expect(remove.status).toBe(409);
    expect(remove.body.code).toBe('FREIGHT_LOCKED');
    const edit = await f.t.call({ method: 'PUT', url: `/api/v1/freights/${freightId}`, token: f.admin, payload: { name: 'x', mawb, airlineCode: 'SQ', departureAirportCode: 'SGN', arrivalAirportCode: 'LAX', departureDate: '2026-03-02T10:00:00+07:00' } });
    expect(edit.status).toBe(409);
    // The floor's facts that refuse a reopen (and an undone check-out): on a freight, the freight checked.
    const [c] = await rows<{ freight_id: string; freight_checked_at: Date | null }>(sql`select freight_id, freight_checked_at from cartons where id = ${cartonId}`);
    expect(c).toMatchObject({ freight_id: freightId, freight_checked_at: expect.anything() });
  });

  it('the checked freight is priced on its chargeable weight by the schedule in force on its departure date', async () => {
    const d = (await f.t.call({ method: 'GET', url: `/api/v1/freights/${freightId}`, token: f.admin })).body.data;
    // Demo schedule: per kg 0.12 + 0.20 + 0.15 + 3.10 + 0.05 = 3.62 × 6 kg = 21.72; per shipment 35 + 45 + 25 + 5 + 15 = 125.
    expect(d.costDetail).toMatchObject({ weightKg: 6, adjustment: 0, total: 146.72 });
    expect(d.cost).toBe(146.72);
  });

  it('confirming the weight needs the weight, then prices on it and shares the cost to every parcel exactly', async () => {
    const missing = await moveFreight(f, freightId, { status: 'confirmed-weight' });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual([{ field: 'confirmedWeightKg', message: expect.any(String) }]);
    const res = await moveFreight(f, freightId, { status: 'confirmed-weight', confirmedWeightKg: 7 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // 3.62 × 7 = 25.34 + 125 = 150.34.
    expect(res.body.data).toMatchObject({ confirmedWeightKg: 7, cost: 150.34, costDetail: { weightKg: 7, total: 150.34 } });
    expect(res.body.data.costDetail.lines).toContainEqual({ key: 'airfreight', basis: 'kg', rate: 3.1, quantity: 7, amount: 21.7 });
    expect(res.body.data.costDetail.lines).toContainEqual({ key: 'customsFee', basis: 'shipment', rate: 35, quantity: 1, amount: 35 });
    const shares = await rows<{ cents: string }>(sql`select cents from freight_parcel_costs where freight_id = ${freightId}`);
    expect(shares).toHaveLength(3);
    expect(shares.reduce((s, r) => s + Number(r.cents), 0)).toBe(15034);
    expect(res.body.data.cartonList[0].costShare).toBe(150.34);
  });

  it('an adjustment with its reason changes the total, and the shares follow', async () => {
    const bad = await f.t.call({ method: 'POST', url: `/api/v1/freights/${freightId}/cost-adjustment`, token: f.admin, payload: { amount: -10, reason: '' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe('reason');
    const res = await f.t.call({ method: 'POST', url: `/api/v1/freights/${freightId}/cost-adjustment`, token: f.admin, payload: { amount: -10.01, reason: 'Airline discount' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ cost: 140.33, costDetail: { adjustment: -10.01, adjustmentReason: 'Airline discount', total: 140.33 } });
    const [sum] = await rows<{ n: string }>(sql`select sum(cents) as n from freight_parcel_costs where freight_id = ${freightId}`);
    expect(Number(sum!.n)).toBe(14033);
    // The shares reach the purchase report's rollups through the event written with them, not the nightly rebuild.
    expect((await f.t.runJobs(REPORT_QUEUES.freightCostShared)).ran).toBeGreaterThan(0);
    const [paid] = await rows<{ n: string; accounts: string[] }>(sql`
      select coalesce(sum(c.cents), 0) as n, array_agg(distinct c.account_id::text) as accounts from freight_parcel_costs c
      where c.freight_id = ${freightId} and exists (select 1 from transaction_orders l join wallet_transactions t on t.id = l.transaction_id where l.order_id = c.order_id and l.kind = 'order' and t.result = 'success')`);
    expect(Number(paid!.n)).toBeGreaterThan(0);
    const [rolled] = await rows<{ n: string }>(sql`
      select coalesce(sum(freight_cents), 0) as n from report_rollups r where r.account_id::text = any(${`{${paid!.accounts.join(',')}}`}::text[])`);
    const [source] = await rows<{ n: string }>(sql`
      select coalesce(sum(c.cents), 0) as n from freight_parcel_costs c join transaction_orders l on l.order_id = c.order_id and l.kind = 'order'
      join wallet_transactions t on t.id = l.transaction_id and t.result = 'success' where c.account_id::text = any(${`{${paid!.accounts.join(',')}}`}::text[])`);
    expect(Number(rolled!.n)).toBe(Number(source!.n));
  });

  it('departure ships the parcels and writes one airport-departure event on each, in the seller\'s words', async () => {
    const res = await moveFreight(f, freightId, { status: 'shipped', at: day(2).toISOString() });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.statusDates.shipped).toBe(day(2).toISOString());
    for (const p of parcels) {
      const o = (await f.t.call({ method: 'GET', url: `/api/v1/orders/${p.id}`, token: f.seller })).body.data;
      expect(o.status).toBe('shipped');
      const events = await eventsOf(f, p.id);
      const departed = events.filter((e) => e.status === 'airport-departure');
      expect(departed).toHaveLength(1);
      expect(departed[0]!.description).toBe(`Departed SGN on Singapore Airlines Cargo (${mawb})`);
    }
    const history = await rows<{ n: number }>(sql`select count(*)::int as n from order_history where action = 'freightDeparted' and order_id in (${sql.join(parcels.map((p) => sql`${p.id}`), sql`, `)})`);
    expect(history[0]!.n).toBe(3);
    const [carton] = await rows<{ status: string }>(sql`select status from cartons where id = ${cartonId}`);
    expect(carton!.status).toBe('shipped');
    // The list's stored counts per status moved with the orders.
    const account = sql`(select account_id from orders where id = ${parcels[0]!.id})`;
    const stored = await rows<{ status: string; n: number }>(sql`select status, n::int as n from order_status_counts where account_id = ${account} and n <> 0 order by status`);
    const counted = await rows<{ status: string; n: number }>(sql`select status, count(*)::int as n from orders where account_id = ${account} group by status order by status`);
    expect(stored).toEqual(counted);
    // The buyer's tracking page reads in the reader's language.
    const shipping = (await f.t.call({ method: 'GET', url: `/api/v1/orders/${parcels[0]!.id}/shipping`, token: f.seller })).body.data;
    const code = String(shipping.publicPath).split('/').pop();
    const vi = await f.t.call({ method: 'GET', url: `/api/v1/public/tracking/${code}`, headers: { language: 'vi' } });
    expect(vi.status).toBe(200);
    expect(vi.body.data.events.some((e: { description: string }) => e.description.startsWith('Đã cất cánh từ SGN'))).toBe(true);
  });

  it('every later state writes one event per parcel; the US hub starts the late clock', async () => {
    for (const [status, routing] of [
      ['in-transit', 'fw-in-transit'],
      ['received', 'destination-airport'],
      ['delivered', 'us-accepted'],
    ] as const) {
      const res = await moveFreight(f, freightId, { status, at: day(status === 'in-transit' ? 2 : status === 'received' ? 3 : 4, 12).toISOString() });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const [n] = await rows<{ n: number }>(sql`select count(*)::int as n from routing_events where code = ${`freight.${status}`} and status = ${routing} and order_id in (${sql.join(parcels.map((p) => sql`${p.id}`), sql`, `)})`);
      expect(n!.n, status).toBe(3);
    }
    const noReason = await moveFreight(f, freightId, { status: 'exception' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.errors).toEqual([{ field: 'note', message: expect.any(String) }]);
    const trackers = await rows<{ routing_status: string; us_arrived_at: Date | null }>(sql`select routing_status, us_arrived_at from trackers where order_id in (${sql.join(parcels.map((p) => sql`${p.id}`), sql`, `)})`);
    for (const t of trackers) {
      expect(t.routing_status).toBe('us-accepted');
      expect(new Date(t.us_arrived_at!).toISOString()).toBe(day(4, 12).toISOString());
    }
    const d = (await f.t.call({ method: 'GET', url: `/api/v1/freights/${freightId}`, token: f.admin })).body.data;
    expect(d.history.filter((h: { toStatus: string; fromStatus: string }) => h.fromStatus !== h.toStatus).map((h: { toStatus: string }) => h.toStatus)).toEqual([
      'open', 'closed', 'open', 'closed', 'checked', 'confirmed-weight', 'shipped', 'in-transit', 'received', 'delivered',
    ]);
    // Each row says what happened; the refused attempts wrote nothing.
    expect(d.history.map((h: { action: string; toStatus: string }) => (h.action === 'status' ? `status:${h.toStatus}` : h.action))).toEqual([
      'created', 'carton-added', 'status:closed', 'status:open', 'status:closed', 'status:checked', 'weight-confirmed', 'cost-adjusted',
      'status:shipped', 'status:in-transit', 'status:received', 'status:delivered',
    ]);
    expect(d.history.find((h: { action: string }) => h.action === 'carton-added').note).toBe(cartonId);
    expect(d.history.find((h: { action: string }) => h.action === 'weight-confirmed').note).toBe('7 kg');
  });

  it('the report shows the freight\'s cost, what its parcels paid and the margin', async () => {
    const period = `startDate=${day(0).toISOString().slice(0, 10)}&endDate=${day(5).toISOString().slice(0, 10)}`;
    const res = await f.t.call({ method: 'GET', url: `/api/v1/reports/freight?${period}`, token: f.admin });
    expect(res.status).toBe(200);
    const row = res.body.data.rows.find((r: { freightId: string }) => r.freightId === freightId);
    const [money] = await rows<{ revenue: string; last_mile: string }>(sql`select sum(total_cents) as revenue, sum(cost_cents) as last_mile from orders where id in (${sql.join(parcels.map((p) => sql`${p.id}`), sql`, `)})`);
    const revenue = Number(money!.revenue);
    expect(row).toMatchObject({ mawb, cartons: 1, parcels: 3, cost: 140.33, costPerKg: 20.05, confirmedWeightKg: 7, revenue: revenue / 100, margin: (revenue - Number(money!.last_mile) - 14033) / 100 });
    const xlsx = await f.t.call({ method: 'GET', url: `/api/v1/reports/freight/export?${period}`, token: f.admin });
    expect(xlsx.status).toBe(200);
  });
});

describe('pricing needs fees in force', () => {
  it('confirming the weight of a freight whose airline has no schedule is refused: NO_FEE_SCHEDULE', async () => {
    expect((await f.t.call({ method: 'POST', url: '/api/v1/freight/airlines', token: f.admin, payload: { code: 'ZZ9', name: 'No Fees Air' } })).status).toBe(201);
    const freight = await createFreight(f, { airlineCode: 'ZZ9' });
    expect((await addCarton(f, freight._id, await checkedOutCarton(f, await manifestReadyParcels(f, 1)))).status).toBe(200);
    for (const status of ['closed', 'checked']) expect((await moveFreight(f, freight._id, { status })).status).toBe(200);
    const res = await moveFreight(f, freight._id, { status: 'confirmed-weight', confirmedWeightKg: 3 });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('NO_FEE_SCHEDULE');
    expect(res.body.message).toContain('SGN-LAX');
  });
});

describe('the schedule in force on the departure date', () => {
  it('a schedule activated for a later date prices the freights leaving from then on, not the earlier ones', async () => {
    const fees = FLIGHT_FEES.map((fee) => (fee.key === 'airfreight' ? 5 : null));
    const file = await xlsxOf([...FLIGHT_FEE_COLUMNS], [['SQ', 'SGN', 'LAX', ...fees]]);
    const from = day(10).toISOString().slice(0, 10);
    const imported = await f.t.call({ method: 'POST', url: `/api/v1/freight/fee-schedules/import?effectiveFrom=${from}`, token: f.admin, ...multipartFile('fees.xlsx', file) });
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    expect((await f.t.call({ method: 'POST', url: `/api/v1/freight/fee-schedules/${imported.body.data.schedules[0]._id}/activate`, token: f.admin })).status).toBe(200);

    const priced = async (departure: Date) => {
      const freight = await createFreight(f, { departureDate: departure.toISOString() });
      expect((await addCarton(f, freight._id, await checkedOutCarton(f, await manifestReadyParcels(f, 1)))).status).toBe(200);
      for (const status of ['closed', 'checked']) expect((await moveFreight(f, freight._id, { status })).status).toBe(200);
      const res = await moveFreight(f, freight._id, { status: 'confirmed-weight', confirmedWeightKg: 10 });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data.costDetail;
    };
    // Before: the demo schedule (3.62 per kg × 10 + 125 once); from then on: only airfreight, 5 per kg.
    expect(await priced(day(3))).toMatchObject({ total: 161.2 });
    expect(await priced(day(12))).toMatchObject({ total: 50, lines: [{ key: 'airfreight', basis: 'kg', rate: 5, quantity: 10, amount: 50 }] });
  });
});
