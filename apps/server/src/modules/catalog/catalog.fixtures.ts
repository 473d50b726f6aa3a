import { expect } from 'vitest';
import { CARRIER_PRICE_TEMPLATE, SERVICE_PRICE_TEMPLATE } from '@exship/contracts';
import { multipartFile, xlsxOf } from '../../test/files';
import type { TestApp } from '../../test/harness';

export interface Network {
  carrierId: string;
  serviceId: string;
  warehouseId: string;
  zoneIds: string[];
}

/**
 * A small network built through the API, the way staff would: carrier SBT, service STD
 * (signature $2.50), warehouse LAX1, zones Z1 (zip 90000–96199) and Z2 (NY), a route for the US,
 * 10% US tax, discount SAVE10, and active service and carrier price tables imported from xlsx.
 */
export async function createSeededNetwork(t: TestApp, admin: string): Promise<Network> {
  const post = async (url: string, payload: object) => {
    const res = await t.call({ method: 'POST', url: `/api/v1${url}`, payload, token: admin });
    expect(res.status, `${url}: ${JSON.stringify(res.body)}`).toBe(201);
    return res.body.data;
  };
  const carrier = await post('/carriers', { code: 'SBT', name: 'SBT Express' });
  const service = await post('/services', { code: 'STD', name: 'Standard', carrierId: carrier.id, signatureFee: 2.5, overLengthFee: 15 });
  const warehouse = await post('/warehouses', { code: 'LAX1', name: 'Los Angeles', zipcode: '90001', address: '100 Harbor Way', city: 'Los Angeles', state: 'CA', country: 'US' });
  const z1 = await post('/zones', { code: 'Z1', name: 'West', country: 'US', ranges: [{ zipFrom: '90000', zipTo: '96199' }] });
  const z2 = await post('/zones', { code: 'Z2', name: 'New York', country: 'US', states: ['NY'] });
  await post('/carrier-configs', {
    serviceId: service.id, minWeight: 0, maxWeight: 30000, priority: 1, typeShipping: 'country', toArrayCountry: ['US'],
    allocations: [{ carrierId: carrier.id, warehouseId: warehouse.id, percentage: 100 }],
  });
  await post('/taxes', { country: 'US', taxType: 'Sales', rate: 10 });
  await post('/discounts', { code: 'SAVE10', name: 'Ten off', amountOff: { type: 'percent', value: 10 }, startDate: '2020-01-01T00:00', endDate: '2099-01-01T00:00' });

  await importAndActivate(t, admin, 'service', await xlsxOf([...SERVICE_PRICE_TEMPLATE], [
    ['STD', 0, 500, 8, 0.5, 'active'],
    ['STD', 500, 2000, 12, 0.5, 'active'],
    ['STD', 2000, 30000, 25, 1, 'active'],
  ]));
  await importAndActivate(t, admin, 'carrier', await xlsxOf([...CARRIER_PRICE_TEMPLATE], [
    ['SBT', 'STD', 'LAX1', 'Z1', 0, 30000, 5, 0.2, 'active'],
    ['SBT', 'STD', 'LAX1', 'Z2', 0, 30000, 7, 0.2, 'active'],
  ]));
  return { carrierId: carrier.id, serviceId: service.id, warehouseId: warehouse.id, zoneIds: [z1.id, z2.id] };
}

export async function importAndActivate(t: TestApp, admin: string, kind: 'service' | 'carrier', file: Buffer): Promise<string> {
  const res = await t.call({ method: 'POST', url: `/api/v1/pricing/import/${kind}`, token: admin, ...multipartFile(`${kind}.xlsx`, file) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const id = res.body.data.version.id as string;
  const act = await t.call({ method: 'POST', url: `/api/v1/pricing/version/${id}/activate`, token: admin });
  expect(act.status, JSON.stringify(act.body)).toBe(200);
  return id;
}
