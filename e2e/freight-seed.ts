import type { APIRequestContext } from '@playwright/test';
import { ADMIN, SELLER, apiCall, tokenOf } from './helpers';
import { buildLane, labeledParcel, type Lane, type Parcel } from './lane';

// What an air freight journey starts from, built through the HTTP API as staff and seller: a lane
// (carrier, service, US warehouse, prices), an origin warehouse in Vietnam, a product with its HS code,
// paid and labeled parcels of that product, each checked in, packed into its own carton, the carton
// closed and checked out (docs/warehouse-floor.md); and an air route of its own (two airports and an
// airline with its MAWB prefix), named after the run so a journey never meets another's.


export interface CheckedOutCarton {
  cartonId: string;
  parcel: Parcel;
}

export interface AirRoute {
  departure: string;
  arrival: string;
  airline: string;
  airlineName: string;
  prefix: string;
}

const stamp = Date.now().toString(36).toUpperCase();

/** A MAWB of the prefix with a random serial and its IATA check digit (the first seven digits mod 7). */
export function validMawb(prefix: string): string {
  const seven = String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0');
  return `${prefix}-${seven}${Number(seven) % 7}`;
}

/** Two airports (Vietnam → US) and an airline, with codes of this run. */
export async function airRoute(request: APIRequestContext): Promise<AirRoute> {
  const admin = await tokenOf(request, ADMIN);
  const route: AirRoute = {
    departure: `D${stamp}`.slice(0, 10),
    arrival: `A${stamp}`.slice(0, 10),
    airline: `Q${stamp}`.slice(0, 10),
    airlineName: `E2E Air Cargo ${stamp}`,
    prefix: String(100 + Math.floor(Math.random() * 900)),
  };
  await apiCall(request, admin, 'POST', '/freight/airports', { code: route.departure, name: 'E2E Tan Son Nhat', city: 'Ho Chi Minh City', country: 'VN' });
  await apiCall(request, admin, 'POST', '/freight/airports', { code: route.arrival, name: 'E2E Los Angeles', city: 'Los Angeles', country: 'US' });
  await apiCall(request, admin, 'POST', '/freight/airlines', { code: route.airline, name: route.airlineName, mawbPrefix: route.prefix });
  return route;
}

/** A paid order of the lane with one product line, once its label is bought (the sandbox carrier answers at once). */
/** A labeled 500 g parcel of the lane, of `product` when given (its HS code completes the customs manifest). */
function airParcel(request: APIRequestContext, seller: string, lane: Lane, product: { id: string; variants: { id: string }[] } | null, n: number): Promise<Parcel> {
  return labeledParcel(request, seller, {
    orderName: `E2E-AIR-${stamp}-${n}`,
    serviceCode: lane.service,
    lengthCm: 20,
    widthCm: 15,
    heightCm: 5,
    weightGr: 500,
    recipient: { firstName: 'Jane', lastName: 'Roe', address1: '200 Main St', city: 'Los Angeles', state: 'CA', country: 'US', zipcode: '90001', phone: '+13105550100' },
    ...(product ? { lines: [{ productId: product.id, variantId: product.variants[0]!.id, quantity: 1 }] } : {}),
  });
}

/**
 * `count` cartons checked out of the origin warehouse, one labeled parcel each (a 500 g parcel of a
 * product with its HS code, so the customs manifest is complete); each carton closed at 700 g and
 * 30 × 20 × 15 cm, a chargeable weight of 1.5 kg. `withoutLines` more cartons hold a parcel without
 * product lines, which lacks its customs data.
 */
export async function checkedOutCartons(request: APIRequestContext, count: number, withoutLines = 0): Promise<{ lane: Lane; cartons: CheckedOutCarton[] }> {
  const lane = await buildLane(request, 'E2EAF');
  const admin = await tokenOf(request, ADMIN);
  const origin = `E2EAO${stamp}`.slice(0, 20);
  await apiCall(request, admin, 'POST', '/warehouses', { code: origin, name: 'E2E Air HCM', zipcode: '700000', address: '1 Kho Street', city: 'Ho Chi Minh City', country: 'VN' });
  // The floor's work is done by an operator of its own: the scan logs of the staff journeys stay theirs.
  const operator = { email: `air-floor-${stamp.toLowerCase()}@exship.local`, password: 'Scanner#Passw0rd!' };
  const created = await apiCall<{ id: string }>(request, admin, 'POST', '/admin/account/create', { fullName: 'E2E Air Floor', ...operator, roleCode: 'EXR-SCANNER' });
  await apiCall(request, admin, 'PATCH', '/admin/change-checkin-user', { userId: created.id, allowCheckin: true });
  const floor = await tokenOf(request, operator);
  const carrier = (await apiCall<{ items: { id: string; code: string }[] }>(request, admin, 'GET', `/carriers?keyword=${lane.carrier}`)).items.find((c) => c.code === lane.carrier)!;
  const service = (await apiCall<{ items: { id: string; code: string }[] }>(request, admin, 'GET', `/services?keyword=${lane.service}`)).items.find((s) => s.code === lane.service)!;

  const seller = await tokenOf(request, SELLER);
  const product = await apiCall<{ id: string; variants: { id: string }[] }>(request, seller, 'POST', '/products', {
    name: `E2E Ceramic mug ${stamp}`,
    hsCode: '6912.00',
    lengthCm: 12,
    widthCm: 10,
    heightCm: 10,
    weightGr: 350,
    variants: [{ sku: `AIR-${stamp}`, price: 15 }],
  });
  await apiCall(request, seller, 'POST', `/products/${product.id}/submit`);
  await apiCall(request, admin, 'POST', `/products/${product.id}/accept`);

  const cartons: CheckedOutCarton[] = [];
  for (let n = 1; n <= count + withoutLines; n++) {
    const parcel = await airParcel(request, seller, lane, n <= count ? product : null, n);
    await apiCall(request, floor, 'POST', '/floor/check-ins', { code: parcel.trackingNumber, warehouseCode: origin, weightGr: 520, lengthCm: 20, widthCm: 15, heightCm: 5 });
    const carton = await apiCall<{ _id: string }>(request, floor, 'POST', '/floor/cartons', { carrierId: carrier.id, warehouseCode: lane.warehouse, serviceId: service.id });
    await apiCall(request, floor, 'POST', `/floor/cartons/${carton._id}/parcels`, { code: parcel.trackingNumber });
    await apiCall(request, floor, 'POST', `/floor/cartons/${carton._id}/close`, { weightGr: 700, lengthCm: 30, widthCm: 20, heightCm: 15 });
    await apiCall(request, floor, 'POST', '/floor/check-outs', { code: carton._id });
    cartons.push({ cartonId: carton._id, parcel });
  }
  return { lane, cartons };
}
