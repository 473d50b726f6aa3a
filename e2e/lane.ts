import ExcelJS from 'exceljs';
import { expect, type APIRequestContext } from '@playwright/test';
import { ADMIN, apiCall, tokenOf } from './helpers';

// A small shipping lane built through the API for a journey that starts from an empty catalog:
// carrier, service, warehouse, a US West zone (zips 90000–90999), routing and both price tables.
// Activating a price table replaces the active table of its kind, so orders are priced (and their
// price kept) right after the lane is built.

export interface Lane {
  carrier: string;
  service: string;
  warehouse: string;
  zone: string;
}

type Row = (string | number)[];

/** Imports a price table holding exactly `rows` and activates it. */
export async function activatePrices(request: APIRequestContext, token: string, kind: 'service' | 'carrier', rows: Row[]) {
  const template = await request.get(`/api/v1/pricing/template/${kind}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(template.ok()).toBe(true);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(Buffer.from(await template.body()) as unknown as ArrayBuffer);
  const sheet = book.worksheets[0]!;
  rows.forEach((values, i) => {
    const row = sheet.getRow(i + 2);
    values.forEach((v, c) => (row.getCell(c + 1).value = v));
    row.commit();
  });
  for (let r = rows.length + 2; r <= sheet.rowCount; r++) sheet.spliceRows(rows.length + 2, 1);
  const buffer = Buffer.from(await book.xlsx.writeBuffer());
  const res = await request.post(`/api/v1/pricing/import/${kind}`, {
    headers: { Authorization: `Bearer ${token}` },
    multipart: { file: { name: `lane-${kind}.xlsx`, mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer } },
  });
  const body = (await res.json()) as { success: boolean; message: string; data: { version: { id: string } | null } };
  expect(body.success, `import ${kind} prices: ${body.message}`).toBe(true);
  await apiCall(request, token, 'POST', `/pricing/version/${body.data.version!.id}/activate`);
}

/** A lane to US zip 90001 named after `prefix` (unique per journey run). */
export async function buildLane(request: APIRequestContext, prefix: string): Promise<Lane> {
  const stamp = Date.now().toString(36).toUpperCase();
  const code = (kind: string) => `${prefix}${kind}${stamp}`.slice(0, 20);
  const lane: Lane = { carrier: code('C'), service: code('S'), warehouse: code('W'), zone: code('Z') };
  const admin = await tokenOf(request, ADMIN);
  const carrier = await apiCall<{ id: string }>(request, admin, 'POST', '/carriers', { code: lane.carrier, name: `${prefix} Carrier` });
  const service = await apiCall<{ id: string }>(request, admin, 'POST', '/services', { code: lane.service, name: `${prefix} Standard`, carrierId: carrier.id, signatureFee: 2.5 });
  const warehouse = await apiCall<{ id: string }>(request, admin, 'POST', '/warehouses', {
    code: lane.warehouse,
    name: `${prefix} LA`,
    zipcode: '90001',
    address: '100 Harbor Way',
    city: 'Los Angeles',
    state: 'CA',
    country: 'US',
  });
  await apiCall(request, admin, 'POST', '/zones', { code: lane.zone, name: `${prefix} West`, country: 'US', ranges: [{ zipFrom: '90000', zipTo: '90999' }] });
  await apiCall(request, admin, 'POST', '/carrier-configs', {
    serviceId: service.id,
    minWeight: 0,
    maxWeight: 30000,
    priority: 1,
    typeShipping: 'country',
    toArrayCountry: ['US'],
    allocations: [{ carrierId: carrier.id, warehouseId: warehouse.id, percentage: 100 }],
  });
  await activatePrices(request, admin, 'service', [[lane.service, 0, 5000, 9.5, 0.5, 'active']]);
  await activatePrices(request, admin, 'carrier', [[lane.carrier, lane.service, lane.warehouse, lane.zone, 0, 5000, 5, 0, 'active']]);
  return lane;
}

/** A parcel once its label is bought: the order's ids and its tracking number. */
export interface Parcel {
  _id: string;
  exOrderId: string;
  trackingNumber: string;
}

/** Creates an order of the lane (`order`: the POST /orders body), pays it and waits for its label (the sandbox carrier answers at once). */
export async function labeledParcel(request: APIRequestContext, seller: string, order: Record<string, unknown>): Promise<Parcel> {
  const created = await apiCall<{ _id: string; exOrderId: string }>(request, seller, 'POST', '/orders', order);
  await apiCall(request, seller, 'POST', '/orders/pay', { orderIds: [created._id] });
  let tracking: string | null = null;
  await expect
    .poll(
      async () => {
        const o = await apiCall<{ status: string; trackingNumber: string | null }>(request, seller, 'GET', `/orders/${created._id}`);
        tracking = o.trackingNumber;
        return o.status;
      },
      { timeout: 30_000, message: `the label of ${created.exOrderId}` },
    )
    .not.toMatch(/^(paid|waiting-label)$/);
  expect(tracking, `tracking number of ${created.exOrderId}`).toBeTruthy();
  return { _id: created._id, exOrderId: created.exOrderId, trackingNumber: tracking! };
}
