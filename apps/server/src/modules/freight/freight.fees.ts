import { and, asc, desc, eq, inArray, isNotNull, lte } from 'drizzle-orm';
import { dateFilterBound, FLIGHT_FEE_COLUMNS, FLIGHT_FEES, FREIGHT_LIMITS, type FeeSchedule, type FeeScheduleStatus, type FlightFeeKey } from '@exship/contracts';
import { fromCents, type FeeRatesCents } from '@exship/domain';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { defineImport, type ImportRow } from '../../platform/imports';
import { rowField, type SheetRow, type SheetTemplate } from '../../platform/xlsx';
import { findUsersByIds } from '../users';
import type { Places } from './freight.places';
import { flightFeeRows, flightFeeSchedules } from './freight.tables';

// Flight fee schedules (docs/air-freight.md "Fees"): the template with exactly SPEC §3's columns,
// imported through the one import pipeline into one draft per airline in the file, previewed,
// activated (the airline's previous active schedule is archived) or deleted while a draft. A freight
// is priced by the schedule in force on its departure date: among the airline's activated schedules
// effective by then, the one activated last.

type Column = (typeof FLIGHT_FEE_COLUMNS)[number];
export type ScheduleRow = typeof flightFeeSchedules.$inferSelect;

/** The template as read: exact headers, codes as text, fees as numbers (blank = no such fee). */
export const FEE_TEMPLATE: SheetTemplate<Column> = {
  sheetName: 'Flight fees',
  maxRows: FREIGHT_LIMITS.feeImportRows,
  maxBytes: FREIGHT_LIMITS.feeImportMaxBytes,
  columns: FLIGHT_FEE_COLUMNS.map((header, i) => (i < 3 ? { header, kind: 'text' as const, required: true, width: 24 } : { header, kind: 'number' as const })),
};

// Excel keeps a dropdown's inline list under 255 characters; a longer list is left out (the import
// still checks every code).
const LIST_MAX_CHARS = 250;
const dropdown = (codes: string[]) => (codes.length > 0 && codes.join(',').length <= LIST_MAX_CHARS ? codes : undefined);

/** The template to download: dropdowns of the active airline and airport codes. */
export function feeTemplateWithLists(airlineCodes: string[], airportCodes: string[]): SheetTemplate<Column> {
  const lists: Partial<Record<Column, string[] | undefined>> = { Airline_code: dropdown(airlineCodes), Departure_airport_code: dropdown(airportCodes), Arrival_airport_code: dropdown(airportCodes) };
  return { ...FEE_TEMPLATE, maxRows: 500, columns: FEE_TEMPLATE.columns.map((c) => (lists[c.header] ? { ...c, list: lists[c.header] } : c)) };
}

/** An example row: an airline and route from the catalog, a few fees filled in. */
export function exampleRow(airline: string, from: string, to: string): (string | number | null)[] {
  const sample: Partial<Record<FlightFeeKey, number>> = { customsFee: 35, clearance: 45, securityScreening: 0.12, handling: 0.2, airfreight: 3.1, amsBill: 25, hawb: 5 };
  return [airline, from, to, ...FLIGHT_FEES.map((f) => sample[f.key] ?? null)];
}

interface ParsedRow {
  row: SheetRow<Column>;
  airlineId: string;
  airlineCode: string;
  departure: string;
  arrival: string;
  fees: FeeRatesCents;
}

const code = (r: SheetRow<Column>, h: Column) => String(r.values[h] ?? '').trim().toUpperCase();

/** A fee: 0 to 999,999 USD with at most 2 decimals (a blank cell is no such fee) → cents. */
function feeCents(r: SheetRow<Column>, h: Column): number {
  const v = r.values[h];
  if (v === null) return 0;
  if (typeof v !== 'number' || v < 0 || v > 999_999) {
    r.errors.push({ field: rowField(r.row, h), message: 'validation.money.range' });
    return 0;
  }
  if (Math.abs(Math.round(v * 100) - v * 100) > 1e-6) {
    r.errors.push({ field: rowField(r.row, h), message: 'validation.money.decimals' });
    return 0;
  }
  return Math.round(v * 100);
}

export function createFeeSchedules(db: Db, places: Places) {
  async function views(rows: ScheduleRow[]): Promise<FeeSchedule[]> {
    if (rows.length === 0) return [];
    const lines = await db.select().from(flightFeeRows).where(inArray(flightFeeRows.scheduleId, rows.map((r) => r.id))).orderBy(asc(flightFeeRows.position));
    const people = new Map((await findUsersByIds(db, rows.map((r) => r.createdBy))).map((u) => [u.id, u.fullName || u.email]));
    return rows.map((s) => ({
      _id: s.id,
      airlineCode: s.airlineCode,
      status: s.status as FeeScheduleStatus,
      effectiveFrom: s.effectiveFrom.toISOString(),
      createdAt: s.createdAt.toISOString(),
      createdBy: people.get(s.createdBy) ?? '',
      activatedAt: s.activatedAt?.toISOString() ?? null,
      rows: lines
        .filter((l) => l.scheduleId === s.id)
        .map((l) => ({
          airlineCode: s.airlineCode,
          departureAirportCode: l.departureAirportCode,
          arrivalAirportCode: l.arrivalAirportCode,
          fees: Object.fromEntries(FLIGHT_FEES.map((f) => [f.key, fromCents(l.fees[f.key] ?? 0)])),
        })),
    }));
  }

  async function schedule(id: string): Promise<ScheduleRow> {
    const [row] = await db.select().from(flightFeeSchedules).where(eq(flightFeeSchedules.id, id));
    if (!row) throw new AppError('FEE_SCHEDULE_NOT_FOUND', 404);
    return row;
  }

  const notDraft = () => new AppError('FEE_SCHEDULE_NOT_DRAFT', 409);

  const feeImport = defineImport({
    name: 'freight.flightFees',
    template: FEE_TEMPLATE,
    async batchChecks(rows: ImportRow<Column>[], tx: Db): Promise<ParsedRow[]> {
      const maps = await places.codeMaps(tx);
      const parsed: ParsedRow[] = [];
      const seen = new Map<string, ParsedRow>();
      for (const r of rows) {
        const airline = maps.airlines.get(code(r, 'Airline_code'));
        if (!airline && r.values.Airline_code !== null) r.errors.push({ field: rowField(r.row, 'Airline_code'), message: 'import.code.notFound' });
        for (const h of ['Departure_airport_code', 'Arrival_airport_code'] as const) {
          if (r.values[h] !== null && !maps.airports.has(code(r, h))) r.errors.push({ field: rowField(r.row, h), message: 'import.code.notFound' });
        }
        const departure = code(r, 'Departure_airport_code');
        const arrival = code(r, 'Arrival_airport_code');
        if (departure && departure === arrival) r.errors.push({ field: rowField(r.row, 'Arrival_airport_code'), message: 'validation.airport.sameRoute' });
        const fees: FeeRatesCents = {};
        for (const f of FLIGHT_FEES) {
          const c = feeCents(r, f.column);
          if (c > 0) fees[f.key] = c;
        }
        const p: ParsedRow = { row: r, airlineId: airline?.id ?? '', airlineCode: airline?.code ?? code(r, 'Airline_code'), departure, arrival, fees };
        // A route twice for one airline: both rows say so.
        const key = `${p.airlineCode}|${departure}|${arrival}`;
        const first = seen.get(key);
        if (first) for (const dup of [first.row, r]) if (!dup.errors.some((e) => e.message === 'freight.import.routeDuplicate')) dup.errors.push({ field: rowField(dup.row, 'Departure_airport_code'), message: 'freight.import.routeDuplicate' });
        seen.set(key, first ?? p);
        parsed.push(p);
      }
      return parsed;
    },
    async commit(_rows, tx, actor, parsed, file) {
      // A day starts at UTC midnight, as every date filter reads it.
      const bound = dateFilterBound(file.params.effectiveFrom ?? '', 'from');
      const effectiveFrom = new Date(bound ?? Number.NaN);
      if (bound === null) throw new AppError('VALIDATION_FAILED', 400, { errors: [{ field: 'effectiveFrom', message: 'validation.date.filter' }] });
      const byAirline = new Map<string, ParsedRow[]>();
      for (const p of parsed) byAirline.set(p.airlineId, [...(byAirline.get(p.airlineId) ?? []), p]);
      const created: ScheduleRow[] = [];
      for (const [airlineId, list] of byAirline) {
        const [s] = await tx.insert(flightFeeSchedules).values({ airlineId, airlineCode: list[0]!.airlineCode, effectiveFrom, fileName: file.fileName.slice(0, 255), createdBy: actor.userId }).returning();
        await tx.insert(flightFeeRows).values(list.map((p) => ({ scheduleId: s!.id, departureAirportCode: p.departure, arrivalAirportCode: p.arrival, fees: p.fees, position: p.row.row })));
        created.push(s!);
      }
      return created.map((s) => s.id);
    },
    summary: ({ prepared, committed }) => ({
      rows: prepared.map((p) => ({ row: p.row.row, airlineCode: p.airlineCode, route: `${p.departure}-${p.arrival}`, errors: [] as string[] })),
      scheduleIds: committed ?? [],
    }),
    // A fee file is small: it always runs inside the request, so the reply can carry the drafts.
    inlineMaxBytes: FREIGHT_LIMITS.feeImportMaxBytes,
  });

  return {
    feeImport,

    /** The schedules the import created (after its transaction), for its reply. */
    byIds: async (ids: string[]) => (ids.length ? views(await db.select().from(flightFeeSchedules).where(inArray(flightFeeSchedules.id, ids)).orderBy(asc(flightFeeSchedules.airlineCode))) : []),

    async list(airlineCode?: string): Promise<FeeSchedule[]> {
      const rows = await db
        .select()
        .from(flightFeeSchedules)
        .where(airlineCode ? eq(flightFeeSchedules.airlineCode, airlineCode.toUpperCase()) : undefined)
        .orderBy(desc(flightFeeSchedules.createdAt))
        .limit(100);
      return views(rows);
    },

    get: async (id: string) => (await views([await schedule(id)]))[0]!,

    /** The draft prices the airline's freights from its effective date; the airline's active schedule is archived. */
    async activate(id: string): Promise<FeeSchedule> {
      await db.transaction(async (tx) => {
        const [s] = await tx.select().from(flightFeeSchedules).where(eq(flightFeeSchedules.id, id)).for('update');
        if (!s) throw new AppError('FEE_SCHEDULE_NOT_FOUND', 404);
        if (s.status !== 'draft') throw notDraft();
        await tx.update(flightFeeSchedules).set({ status: 'archived' }).where(and(eq(flightFeeSchedules.airlineId, s.airlineId), eq(flightFeeSchedules.status, 'active')));
        await tx.update(flightFeeSchedules).set({ status: 'active', activatedAt: new Date() }).where(eq(flightFeeSchedules.id, id));
      });
      return (await views([await schedule(id)]))[0]!;
    },

    async deleteDraft(id: string): Promise<{ _id: string }> {
      const s = await schedule(id);
      if (s.status !== 'draft') throw notDraft();
      const deleted = await db.delete(flightFeeSchedules).where(and(eq(flightFeeSchedules.id, id), eq(flightFeeSchedules.status, 'draft'))).returning({ id: flightFeeSchedules.id });
      if (deleted.length === 0) throw notDraft();
      return { _id: id };
    },

    /**
     * The fees in force for a route on a date: among the airline's activated schedules effective by
     * then, the one activated last; null when none covers the route.
     */
    async ratesFor(tx: Db, q: { airlineId: string; departure: string; arrival: string; on: Date }): Promise<{ scheduleId: string; fees: FeeRatesCents } | null> {
      const [s] = await tx
        .select({ id: flightFeeSchedules.id })
        .from(flightFeeSchedules)
        .where(and(eq(flightFeeSchedules.airlineId, q.airlineId), isNotNull(flightFeeSchedules.activatedAt), inArray(flightFeeSchedules.status, ['active', 'archived']), lte(flightFeeSchedules.effectiveFrom, q.on)))
        .orderBy(desc(flightFeeSchedules.activatedAt))
        .limit(1);
      if (!s) return null;
      const [row] = await tx
        .select({ fees: flightFeeRows.fees })
        .from(flightFeeRows)
        .where(and(eq(flightFeeRows.scheduleId, s.id), eq(flightFeeRows.departureAirportCode, q.departure), eq(flightFeeRows.arrivalAirportCode, q.arrival)));
      return row ? { scheduleId: s.id, fees: row.fees } : null;
    },

    views,
  };
}

export type FeeSchedules = ReturnType<typeof createFeeSchedules>;
