import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { checkedIn, type Floor, type Parcel } from './floor';

// Air freight on top of the floor's fixtures: the demo seed (SEED_DEMO_CATALOG) gives the airports
// SGN, HAN, HKG → LAX, JFK, ORD, DFW, airlines SQ (618) and CX (160) and an active fee schedule of
// each from 2025-01-01. Parcels carry a line of the demo seller's accepted mug (HS code 6912.00).

const rows = async <T>(f: Floor, query: ReturnType<typeof sql>) => ((await f.t.db.execute(query)) as unknown as { rows: T[] }).rows;

/** The demo mug's product and its first variant (accepted: usable in orders). */
export async function mugLine(f: Floor, quantity = 2) {
  const [v] = await rows<{ product_id: string; id: string }>(f, sql`select v.product_id, v.id from product_variants v join products p on p.id = v.product_id where v.sku = 'MUG-WHT-11OZ'`);
  expect(v, 'the demo mug').toBeTruthy();
  return { productId: v!.product_id, variantId: v!.id, quantity };
}

/** Checked-in parcels of the demo seller with a mug line each (their customs data is complete). */
export async function manifestReadyParcels(f: Floor, count: number): Promise<Parcel[]> {
  return checkedIn(f, count, { lines: [await mugLine(f)] });
}

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
let cartonSerial = 0;

/**
 * A carton as the floor leaves it after check-out (status checked, its weight and size typed at
 * closing, its parcels), written in SQL: freight tests start where the floor's screens end.
 * `status: 'packaged'` makes one closed but not checked out.
 */
export async function checkedOutCarton(f: Floor, parcels: Parcel[], m: { weightGr: number; lengthCm: number; widthCm: number; heightCm: number } = { weightGr: 2500, lengthCm: 40, widthCm: 30, heightCm: 30 }, status: 'checked' | 'packaged' = 'checked'): Promise<string> {
  let n = ++cartonSerial * 7919 + Date.now();
  let id = 'CT';
  for (let i = 0; i < 8; i++, n = Math.floor(n / 32)) id += CROCKFORD[n % 32];
  const [by] = await rows<{ id: string }>(f, sql`select id from users where email = 'admin@exship.local'`);
  await f.t.db.execute(sql`
    insert into cartons (id, status, carrier_id, carrier_code, warehouse_code, service_id, service_code, origin_warehouse_code, quantity, parcels_weight_gr,
                         weight_gr, length_cm, width_cm, height_cm, created_by, packaged_at, packaged_by, checked_at, checked_by)
    values (${id}, ${status}, ${f.carriers.get('UPX')!}, 'UPX', 'LAX1', ${f.services.get('STD')!}, 'STD', 'SGN1', ${parcels.length}, ${parcels.length * 800},
            ${m.weightGr}, ${m.lengthCm}, ${m.widthCm}, ${m.heightCm}, ${by!.id}, now(), ${by!.id}, ${status === 'checked' ? sql`now()` : null}, ${status === 'checked' ? by!.id : null})`);
  for (const p of parcels) {
    await f.t.db.execute(sql`
      insert into carton_parcels (carton_id, order_id, account_id, ex_order_id, order_name, tracking_number, weight_gr, added_by)
      select ${id}, o.id, o.account_id, o.ex_order_id, o.order_name, ${p.trackingNumber}, 800, ${by!.id} from orders o where o.id = ${p.id}`);
  }
  return id;
}

let mawbSerial = 1_000_000;
/** A fresh valid MAWB number of an airline prefix: 7 digits and their check digit (mod 7). */
export function nextMawb(prefix = '618'): string {
  const seven = String(++mawbSerial).padStart(7, '0');
  return `${prefix}-${seven}${Number(seven) % 7}`;
}

export const freightBody = (over: Record<string, unknown> = {}) => ({
  name: `Flight ${mawbSerial}`,
  mawb: nextMawb(),
  airlineCode: 'SQ',
  departureAirportCode: 'SGN',
  arrivalAirportCode: 'LAX',
  departureDate: '2026-03-02T10:00:00+07:00',
  ...over,
});

export async function createFreight(f: Floor, over: Record<string, unknown> = {}, token = f.admin) {
  const res = await f.t.call({ method: 'POST', url: '/api/v1/freights', token, payload: freightBody(over) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { _id: string; mawb: string; status: string };
}

export const addCarton = (f: Floor, freightId: string, code: string, token = f.admin) => f.t.call({ method: 'POST', url: `/api/v1/freights/${freightId}/cartons`, token, payload: { code } });

export const moveFreight = (f: Floor, freightId: string, body: Record<string, unknown>, token = f.admin) => f.t.call({ method: 'POST', url: `/api/v1/freights/${freightId}/status`, token, payload: body });
