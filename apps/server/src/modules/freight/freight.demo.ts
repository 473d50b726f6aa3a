import { FLIGHT_FEES } from '@exship/contracts';
import type { FeeRatesCents } from '@exship/domain';
import type { Db } from '../../platform/db';
import { airlines, airports, flightFeeRows, flightFeeSchedules } from './freight.tables';

// Demo data for a fresh install: the IATA airports of a demo route — Saigon, Hanoi and Hong Kong to
// Los Angeles, New York JFK, Chicago O'Hare and Dallas/Fort Worth (SPEC §9 names the US ones) — two
// cargo airlines with their MAWB prefixes, and an active fee schedule for each on those routes.

const AIRPORTS = [
  { code: 'SGN', name: 'Tan Son Nhat International', city: 'Ho Chi Minh City', country: 'VN' },
  { code: 'HAN', name: 'Noi Bai International', city: 'Hanoi', country: 'VN' },
  { code: 'HKG', name: 'Hong Kong International', city: 'Hong Kong', country: 'HK' },
  { code: 'LAX', name: 'Los Angeles International', city: 'Los Angeles', country: 'US' },
  { code: 'JFK', name: 'John F. Kennedy International', city: 'New York', country: 'US' },
  { code: 'ORD', name: "O'Hare International", city: 'Chicago', country: 'US' },
  { code: 'DFW', name: 'Dallas/Fort Worth International', city: 'Dallas', country: 'US' },
];

const AIRLINES = [
  { code: 'SQ', name: 'Singapore Airlines Cargo', mawbPrefix: '618' },
  { code: 'CX', name: 'Cathay Pacific Cargo', mawbPrefix: '160' },
];

/** USD: per kg or per shipment as FLIGHT_FEES says. */
const FEES_USD: Partial<Record<(typeof FLIGHT_FEES)[number]['key'], number>> = {
  customsFee: 35,
  clearance: 45,
  securityScreening: 0.12,
  handling: 0.2,
  trucking: 0.15,
  airfreight: 3.1,
  xray: 0.05,
  amsBill: 25,
  hawb: 5,
  t86Fees: 15,
};

/** Seeds the airports, airlines and their schedules unless an airport exists already; true when it seeded. */
export async function seedDemoFreight(db: Db, createdBy: string): Promise<boolean> {
  const [any] = await db.select({ id: airports.id }).from(airports).limit(1);
  if (any) return false;
  await db.transaction(async (tx) => {
    await tx.insert(airports).values(AIRPORTS);
    const lines = await tx.insert(airlines).values(AIRLINES).returning();
    const fees: FeeRatesCents = Object.fromEntries(Object.entries(FEES_USD).map(([k, v]) => [k, Math.round(v * 100)]));
    for (const [i, airline] of lines.entries()) {
      const [s] = await tx
        .insert(flightFeeSchedules)
        .values({ airlineId: airline.id, airlineCode: airline.code, status: 'active', effectiveFrom: new Date('2025-01-01T00:00:00Z'), fileName: 'demo', createdBy, activatedAt: new Date() })
        .returning();
      const routes = ['SGN', 'HAN', 'HKG'].flatMap((from) => ['LAX', 'JFK', 'ORD', 'DFW'].map((to) => [from, to] as const));
      await tx.insert(flightFeeRows).values(
        routes.map(([from, to], position) => ({
          scheduleId: s!.id,
          departureAirportCode: from,
          arrivalAirportCode: to,
          // The second airline a little dearer on air freight, so the two compare.
          fees: { ...fees, airfreight: (fees.airfreight ?? 0) + i * 20 },
          position: position + 2,
        })),
      );
    }
  });
  return true;
}
