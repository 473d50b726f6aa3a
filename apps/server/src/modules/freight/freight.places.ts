import { asc, eq } from 'drizzle-orm';
import type { Airline, Airport } from '@exship/contracts';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { uniqueWrite } from '../../platform/crud';
import { airlines, airports } from './freight.tables';

// Airports and airlines (SPEC §3: name and code; §5: airline code ≤ 10 letters and digits, name ≤ 100;
// airport code without special characters). Codes are unique: 409 CODE_TAKEN on the `code` field.

export type AirportRow = typeof airports.$inferSelect;
export type AirlineRow = typeof airlines.$inferSelect;

export interface AirportBody {
  code: string;
  name: string;
  city: string;
  country: string;
  active: boolean;
}
export interface AirlineBody {
  code: string;
  name: string;
  mawbPrefix: string | null;
  active: boolean;
}

export const airportView = (r: AirportRow): Airport => ({ _id: r.id, code: r.code, name: r.name, city: r.city, country: r.country, active: r.active });
export const airlineView = (r: AirlineRow): Airline => ({ _id: r.id, code: r.code, name: r.name, mawbPrefix: r.mawbPrefix, active: r.active });

export const airportNotFound = (code: string) => new AppError('AIRPORT_NOT_FOUND', 404, { vars: { code }, errors: [{ field: 'airportCode', message: 'error.AIRPORT_NOT_FOUND', vars: { code } }] });
export const airlineNotFound = (code: string) => new AppError('AIRLINE_NOT_FOUND', 404, { vars: { code }, errors: [{ field: 'airlineCode', message: 'error.AIRLINE_NOT_FOUND', vars: { code } }] });

export function createPlaces(db: Db, clock: () => Date) {
  return {
    listAirports: async () => (await db.select().from(airports).orderBy(asc(airports.code))).map(airportView),
    listAirlines: async () => (await db.select().from(airlines).orderBy(asc(airlines.code))).map(airlineView),

    async createAirport(body: AirportBody): Promise<Airport> {
      const [row] = await uniqueWrite('code', () => db.insert(airports).values(body).returning());
      return airportView(row!);
    },

    async updateAirport(id: string, body: AirportBody): Promise<Airport> {
      const [row] = await uniqueWrite('code', () => db.update(airports).set({ ...body, updatedAt: clock() }).where(eq(airports.id, id)).returning());
      if (!row) throw new AppError('AIRPORT_NOT_FOUND', 404, { vars: { code: body.code } });
      return airportView(row);
    },

    async createAirline(body: AirlineBody): Promise<Airline> {
      const [row] = await uniqueWrite('code', () => db.insert(airlines).values(body).returning());
      return airlineView(row!);
    },

    async updateAirline(id: string, body: AirlineBody): Promise<Airline> {
      const [row] = await uniqueWrite('code', () => db.update(airlines).set({ ...body, updatedAt: clock() }).where(eq(airlines.id, id)).returning());
      if (!row) throw new AppError('AIRLINE_NOT_FOUND', 404, { vars: { code: body.code } });
      return airlineView(row);
    },

    async airlineByCode(tx: Db, code: string): Promise<AirlineRow> {
      const [row] = await tx.select().from(airlines).where(eq(airlines.code, code));
      if (!row) throw airlineNotFound(code);
      return row;
    },

    async airportByCode(tx: Db, code: string, field: string): Promise<AirportRow> {
      const [row] = await tx.select().from(airports).where(eq(airports.code, code));
      if (!row) throw new AppError('AIRPORT_NOT_FOUND', 404, { vars: { code }, errors: [{ field, message: 'error.AIRPORT_NOT_FOUND', vars: { code } }] });
      return row;
    },

    /** Every code, for an import's lookups and the template's dropdowns (one query each). */
    async codeMaps(tx: Db = db) {
      const ap = await tx.select().from(airports);
      const al = await tx.select().from(airlines);
      return { airports: new Map(ap.map((a) => [a.code, a])), airlines: new Map(al.map((a) => [a.code, a])) };
    },
  };
}

export type Places = ReturnType<typeof createPlaces>;
