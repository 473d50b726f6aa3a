import {
  CarrierBodySchema,
  CarrierConfigBodySchema,
  ServiceBodySchema,
  TaxBodySchema,
  WarehouseBodySchema,
  ZoneBodySchema,
} from '@exship/contracts';
import type { Db } from '../../platform/db';
import type { AuthContext } from '../../platform/http';
import type { CatalogService } from './catalog.service';
import type { PricingService } from './pricing.service';
import { carriers } from './catalog.tables';

// Demo data for a fresh install (`npm start` on a new data dir): a small US network that a seller
// can quote against at once and staff can study — two carriers, two services, two US warehouses (each
// with its hand-over point in Viet Nam, where sellers drop parcels off),
// four US zones, routing (one service split 70/30 between warehouses), both price tables activated
// as dated versions, and a sales tax. Written through the same use cases staff use.

/** Weight brackets in grams, with the sell price and seasonal fee in USD, per service. */
const SELL: Record<string, [number, number, number, number][]> = {
  STD: [
    [0, 500, 6.5, 0.3],
    [500, 1000, 8.9, 0.3],
    [1000, 2000, 12.4, 0.5],
    [2000, 5000, 18.9, 0.8],
    [5000, 30000, 34, 1.5],
  ],
  EXP: [
    [0, 500, 11.5, 0.5],
    [500, 1000, 14.9, 0.5],
    [1000, 2000, 19.8, 0.8],
    [2000, 5000, 29.5, 1.2],
    [5000, 30000, 52, 2],
  ],
};

/** US zones by zip range; farther zones cost the carrier more (factor of the sell price). */
const ZONES = [
  { code: 'US_WEST', name: 'US West', ranges: [['80000', '96699'], ['97000', '99499']], factor: 0.55 },
  { code: 'US_CENTRAL', name: 'US Central', ranges: [['40000', '79999']], factor: 0.62 },
  { code: 'US_EAST', name: 'US East', ranges: [['01000', '39999']], factor: 0.68 },
  { code: 'US_REMOTE', name: 'Alaska, Hawaii, Puerto Rico', ranges: [['00600', '00999'], ['96700', '96999'], ['99500', '99999']], factor: 0.8 },
] as const;

const cents = (usd: number) => Math.round(usd * 100);

/**
 * Seeds the demo network unless the catalog already has a carrier. `createdBy` is the user the
 * price versions are recorded against (the first super admin). Returns whether it seeded.
 */
export async function seedDemoNetwork(db: Db, catalog: CatalogService, pricing: PricingService, createdBy: string): Promise<boolean> {
  const [any] = await db.select({ id: carriers.id }).from(carriers).limit(1);
  if (any) return false;

  const upx = await catalog.createCarrier(CarrierBodySchema.parse({ code: 'UPX', name: 'UniParcel Express' }));
  const swf = await catalog.createCarrier(CarrierBodySchema.parse({ code: 'SWF', name: 'Swift Freight' }));
  const std = await catalog.createService(ServiceBodySchema.parse({ code: 'STD', name: 'Standard', carrierId: upx.id, signatureFee: 2.5, overLengthFee: 15, transitDaysMin: 5, transitDaysMax: 8 }));
  const exp = await catalog.createService(ServiceBodySchema.parse({ code: 'EXP', name: 'Expedited', carrierId: swf.id, signatureFee: 3.5, overLengthFee: 20, transitDaysMin: 2, transitDaysMax: 4 }));
  const lax = await catalog.createWarehouse(
    WarehouseBodySchema.parse({
      code: 'LAX1',
      name: 'Los Angeles',
      zipcode: '90001',
      address: '100 Harbor Way',
      city: 'Los Angeles',
      state: 'CA',
      country: 'US',
      phone: '+13105550100',
      // Sellers hand parcels over at the origin; the flight lands at this US warehouse.
      handoverAddress: '285 Cach Mang Thang Tam, Ward 12, District 10',
      handoverCity: 'Ho Chi Minh City',
      handoverCountry: 'VN',
      handoverHours: 'Mon–Sat 08:00–18:00',
    }),
  );
  const ewr = await catalog.createWarehouse(
    WarehouseBodySchema.parse({
      code: 'EWR1',
      name: 'Newark',
      zipcode: '07102',
      address: '25 Port Street',
      city: 'Newark',
      state: 'NJ',
      country: 'US',
      phone: '+19735550100',
      handoverAddress: '54 Lieu Giai, Cong Vi Ward, Ba Dinh District',
      handoverCity: 'Hanoi',
      handoverCountry: 'VN',
      handoverHours: 'Mon–Fri 08:30–17:30, Sat 08:30–12:00',
    }),
  );
  const zones: { id: string; factor: number }[] = [];
  for (const z of ZONES) {
    const zone = await catalog.createZone(
      ZoneBodySchema.parse({
        code: z.code,
        name: z.name,
        country: 'US',
        ranges: z.ranges.map(([zipFrom, zipTo]) => ({ zipFrom, zipTo })),
      }),
    );
    zones.push({ id: zone.id, factor: z.factor });
  }

  const lanes = [
    { service: std, code: 'STD', allocations: [{ carrierId: upx.id, warehouseId: lax.id, percentage: 100 }] },
    {
      service: exp,
      code: 'EXP',
      allocations: [
        { carrierId: swf.id, warehouseId: ewr.id, percentage: 70 },
        { carrierId: swf.id, warehouseId: lax.id, percentage: 30 },
      ],
    },
  ];
  for (const lane of lanes) {
    await catalog.createRoute(
      CarrierConfigBodySchema.parse({ serviceId: lane.service.id, minWeight: 0, maxWeight: 30000, priority: 1, typeShipping: 'country', toArrayCountry: ['US'], allocations: lane.allocations }),
    );
  }
  await catalog.createTax(TaxBodySchema.parse({ country: 'US', taxType: 'Sales tax', rate: 6 }));

  const serviceRows = lanes.flatMap((lane) =>
    SELL[lane.code]!.map(([from, to, fee, seasonal]) => ({
      serviceId: lane.service.id,
      weightFrom: from,
      weightTo: to,
      shippingFeeCents: cents(fee),
      seasonalFeeCents: cents(seasonal),
      status: 'active' as const,
    })),
  );
  const carrierRows = lanes.flatMap((lane) =>
    lane.allocations.flatMap((a) =>
      zones.flatMap((zone) =>
        SELL[lane.code]!.map(([from, to, fee, seasonal]) => ({
          carrierId: a.carrierId,
          serviceId: lane.service.id,
          warehouseId: a.warehouseId,
          zoneId: zone.id,
          weightFrom: from,
          weightTo: to,
          lastMileCostCents: cents(fee * zone.factor),
          seasonalCostCents: cents(seasonal / 2),
          status: 'active' as const,
        })),
      ),
    ),
  );
  const by = { userId: createdBy } as AuthContext;
  await pricing.activate((await pricing.createVersion('service', 'Demo service prices.xlsx', by, serviceRows)).id);
  await pricing.activate((await pricing.createVersion('carrier', 'Demo carrier costs.xlsx', by, carrierRows)).id);
  return true;
}
