import type { Readable } from 'node:stream';
import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { BOX_IMPORT_COLUMNS, CARTON_STATUSES, FLOOR_LIMITS, parseLocalDateTime, parseTimestamp, textField, type Carton, type CartonStatus, type cartonListQuery } from '@exship/contracts';
import { CARTON_ID_PATTERN, CARTON_IMPORT_STATUSES, importStatusChange, localToInstant, parseCartonImportStatus, validOffset, wallClockAt, type CartonImportStatus } from '@exship/domain';
import { dateRangeWhere, escapeLike } from '../../platform/crud';
import type { Db } from '../../platform/db';
import { defineImport } from '../../platform/imports';
import { rowField, streamWorkbook, type SheetTemplate } from '../../platform/xlsx';
import { addHistory, cartonViews, namesOf, cartonPeople, type CartonRow } from './floor.cartons';
import { cartonParcels, cartons } from './floor.cartons.tables';

// The box listing (docs/warehouse-floor.md "Box listing"): the cartons, server-paged, with counts per
// status, their export, and the box import through which a partner's file moves cartons that left
// the warehouse along their journey (status, location, description, the freight they are on).

type ListQuery = z.infer<z.ZodObject<ReturnType<typeof cartonListQuery>>>;
type Filters = Omit<ListQuery, 'page' | 'pageSize' | 'status'>;

/**
 * The list's conditions except the status tab. The keyword matches inside a carton's id or name, or
 * names a parcel exactly (its exOrderId or tracking number, kept on carton_parcels): the carton holding it.
 */
function conditions(q: Filters): (SQL | undefined)[] {
  const keyword = q.keyword?.trim();
  const like = keyword ? `%${escapeLike(keyword)}%` : '';
  return [
    keyword
      ? or(
          ilike(cartons.id, like),
          ilike(cartons.name, like),
          inArray(cartons.id, sql`(select ${cartonParcels.cartonId} from ${cartonParcels} where ${cartonParcels.exOrderId} = ${keyword.toUpperCase()} or ${cartonParcels.trackingNumber} = ${keyword})`),
        )
      : undefined,
    dateRangeWhere(cartons.createdAt, q.startDate, q.endDate),
    q.carrierId ? eq(cartons.carrierId, q.carrierId) : undefined,
    q.warehouseCode ? eq(cartons.warehouseCode, q.warehouseCode.trim().toUpperCase()) : undefined,
  ];
}

const newestFirst = [desc(cartons.createdAt), desc(cartons.id)];

export function createBoxService(deps: { db: Db }) {
  const { db } = deps;
  return {
    /** One page, its total and the count per status under the other filters (the tabs). */
    async list(q: ListQuery): Promise<{ rows: Carton[]; totalCount: number; counts: Record<'all' | CartonStatus, number> }> {
      const base = and(...conditions(q));
      const where = and(base, q.status !== 'all' ? eq(cartons.status, q.status) : undefined);
      const rows = await db
        .select()
        .from(cartons)
        .where(where)
        .orderBy(...newestFirst)
        .limit(q.pageSize)
        .offset((q.page - 1) * q.pageSize);
      const grouped = await db.select({ status: cartons.status, n: count() }).from(cartons).where(base).groupBy(cartons.status);
      const counts = Object.fromEntries(['all', ...CARTON_STATUSES].map((s) => [s, 0])) as Record<'all' | CartonStatus, number>;
      for (const g of grouped) {
        counts[g.status as CartonStatus] = Number(g.n);
        counts.all += Number(g.n);
      }
      return { rows: await cartonViews(db, rows), totalCount: counts[q.status], counts };
    },

    /** SPEC §3 box fields, one row per carton the filters select (at most 50,000), dates at the viewer's offset. */
    async exportWorkbook(q: ListQuery, offset: string): Promise<Readable> {
      const rows = await db
        .select()
        .from(cartons)
        .where(and(...conditions(q), q.status !== 'all' ? eq(cartons.status, q.status) : undefined))
        .orderBy(...newestFirst)
        .limit(50_000);
      const names = await namesOf(db, rows.flatMap(cartonPeople));
      const who = (id: string | null) => (id ? (names.get(id) ?? '') : '');
      const when = (d: Date | null) => (d ? wallClockAt(d, validOffset(offset, '+07:00')) : '');
      const lines = rows.map((r) => [
        r.id, r.name, r.carrierCode, r.warehouseCode, r.serviceCode, r.originWarehouseCode, r.quantity, r.status,
        r.weightGr, r.lengthCm, r.widthCm, r.heightCm, r.parcelsWeightGr, r.trackingNumber, r.description, r.location, r.freightId,
        when(r.createdAt), who(r.createdBy), when(r.packagedAt), who(r.packagedBy), when(r.checkedAt), who(r.checkedBy), when(r.acceptedAt), who(r.acceptedBy), when(r.updatedAt),
      ].map((v) => v ?? null));
      return streamWorkbook([{ name: 'Boxes', headers: EXPORT_COLUMNS, rows: lines }]);
    },
  };
}

export const EXPORT_COLUMNS = [
  'Box ID', 'Name', 'Carrier', 'Warehouse', 'Service', 'Origin warehouse', 'Quantity', 'Status',
  'Weight (g)', 'Length (cm)', 'Width (cm)', 'Height (cm)', 'Parcels weight (g)', 'Tracking number', 'Description', 'Location', 'Freight ID',
  'Created at', 'Created by', 'Packaged at', 'Packaged by', 'Checked at', 'Checked by', 'Accepted at', 'Accepted by', 'Updated at',
] as const;

export type BoxService = ReturnType<typeof createBoxService>;

// ── the box import ────────────────────────────────────────────────────────────────────────────────

type BoxHeader = (typeof BOX_IMPORT_COLUMNS)[number];

export const BOX_TEMPLATE: SheetTemplate<BoxHeader> = {
  sheetName: 'Boxes',
  columns: [
    { header: 'Box ID', kind: 'text', required: true, width: 16 },
    { header: 'Description', kind: 'text', width: 30 },
    { header: 'Location', kind: 'text', width: 24 },
    { header: 'Status', kind: 'text', required: true, width: 18, list: CARTON_IMPORT_STATUSES },
    { header: 'Updated At', kind: 'text', width: 20 },
    { header: 'Freight_ID', kind: 'text', width: 18 },
  ],
  maxRows: FLOOR_LIMITS.boxImportRows,
  maxBytes: FLOOR_LIMITS.boxImportMaxBytes,
  formats: ['xlsx', 'csv'],
};

export const boxTemplateRows = [['CT7K2M9QXA', 'Pallet 3', 'LAX hub, dock 4', 'in-transit', '2026-11-28 09:30', 'FR-20261128-01']];

// A cell typed as a number (a freight id of digits) is read back as its text.
const text = (max: number, key: string) => z.preprocess((v) => (typeof v === 'number' ? String(v) : v), textField().trim().max(max, key).optional());

const BoxRowSchema = z.object({
  'Box ID': z.preprocess((v) => (typeof v === 'string' ? v.trim().toUpperCase() : v), textField().regex(CARTON_ID_PATTERN, 'floor.import.boxUnknown')),
  Description: text(FLOOR_LIMITS.boxTextMax, 'validation.max255'),
  Location: text(FLOOR_LIMITS.boxTextMax, 'validation.max255'),
  Status: z.preprocess((v) => (typeof v === 'string' ? (parseCartonImportStatus(v) ?? v) : v), z.enum(CARTON_IMPORT_STATUSES, { error: 'floor.import.status' })),
  'Updated At': text(40, 'floor.import.updatedAt'),
  Freight_ID: text(FLOOR_LIMITS.cartonNameMax, 'validation.max50'),
});
type BoxRow = z.infer<typeof BoxRowSchema>;

/** A partner writes a time without a zone as the importing user's wall clock (an Excel date cell reads as such too); an explicit offset is kept. */
const WALL_CLOCK = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2})?)(?:\.\d+)?)?Z?$/;
const DAY_FIRST = /^(\d{2})[-/.](\d{2})[-/.](\d{4})(?:[ T](\d{2}:\d{2}(?::\d{2})?))?$/;

export function parseUpdatedAt(value: string, offset: string): Date | null {
  const v = value.trim();
  const ymd = WALL_CLOCK.exec(v);
  const dmy = DAY_FIRST.exec(v);
  const local = ymd ? `${ymd[1]}T${ymd[2] ?? '00:00'}` : dmy ? `${dmy[3]}-${dmy[2]}-${dmy[1]}T${dmy[4] ?? '00:00'}` : null;
  if (local !== null) return parseLocalDateTime(local) === null ? null : new Date(localToInstant(local, validOffset(offset, '+07:00')));
  const ms = parseTimestamp(v);
  return ms === null ? null : new Date(ms);
}

/** A little ahead of the server's clock is allowed: a partner's clock may run fast. */
const FUTURE_SLACK_MS = 5 * 60_000;

interface Prepared {
  byId: Map<string, CartonRow>;
  at: Map<number, Date>;
}

export function boxImport(clock: () => Date = () => new Date()) {
  return defineImport({
    name: 'floor.boxes',
    template: BOX_TEMPLATE,
    rowSchema: BoxRowSchema,
    async batchChecks(rows, tx, actor): Promise<Prepared> {
      const ids = [...new Set(rows.flatMap((r) => (r.data ? [r.data['Box ID']] : [])))];
      const found = ids.length ? await tx.select().from(cartons).where(inArray(cartons.id, ids)).orderBy(cartons.id).for('update') : [];
      const byId = new Map(found.map((c) => [c.id, c]));
      const at = new Map<number, Date>();
      const seen = new Set<string>();
      const now = clock();
      for (const r of rows) {
        const d = r.data as BoxRow | null;
        if (!d) continue;
        const err = (header: BoxHeader, message: string, vars?: Record<string, string>) => r.errors.push({ field: rowField(r.row, header), message, ...(vars ? { vars } : {}) });
        const carton = byId.get(d['Box ID']);
        if (!carton) err('Box ID', 'floor.import.boxUnknown');
        else if (seen.has(carton.id)) err('Box ID', 'floor.import.boxRepeated');
        else {
          const change = importStatusChange(carton.status as CartonStatus, d.Status);
          if (!change.ok) err('Status', change.message);
          // A carton already on a freight stays on it: the file may repeat that freight, not move it to another.
          if (d.Freight_ID && carton.freightId && carton.freightId !== d.Freight_ID) err('Freight_ID', 'floor.import.boxOnOtherFreight', { carton: carton.id, freight: carton.freightId });
        }
        seen.add(d['Box ID']);
        if (d['Updated At']) {
          const when = parseUpdatedAt(d['Updated At'], actor.timeZone ?? '+07:00');
          if (!when || when.getTime() > now.getTime() + FUTURE_SLACK_MS) err('Updated At', 'floor.import.updatedAt');
          else at.set(r.row, when);
        }
      }
      return { byId, at };
    },
    async commit(rows, tx, actor, prepared, file) {
      const now = clock();
      let applied = 0;
      for (const r of rows) {
        const d = r.data as BoxRow;
        const carton = prepared.byId.get(d['Box ID'])!;
        const to: CartonImportStatus = d.Status;
        // A blank cell keeps what the carton has.
        await tx
          .update(cartons)
          .set({
            status: to,
            ...(d.Location !== undefined && d.Location !== '' ? { location: d.Location } : {}),
            ...(d.Description !== undefined && d.Description !== '' ? { description: d.Description } : {}),
            ...(d.Freight_ID !== undefined && d.Freight_ID !== '' ? { freightId: d.Freight_ID } : {}),
            updatedAt: now,
          })
          .where(eq(cartons.id, carton.id));
        await addHistory(tx, carton, { action: 'import', to, actorId: actor.userId, at: prepared.at.get(r.row) ?? now, note: [file.fileName, d.Location].filter(Boolean).join(' · ').slice(0, 300) });
        carton.status = to;
        applied++;
      }
      return applied;
    },
    summary: ({ rows, committed }) => ({
      rows: rows.map((r) => {
        const d = r.data as BoxRow | null;
        return { row: r.row, cartonId: d?.['Box ID'] ?? String(r.values['Box ID'] ?? ''), status: d?.Status ?? String(r.values.Status ?? ''), location: d?.Location ?? '', errors: r.errors.map((e) => e.message) };
      }),
      applied: committed ?? 0,
    }),
  });
}
