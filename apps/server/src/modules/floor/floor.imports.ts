import { z } from 'zod';
import { CHECK_IN_IMPORT_COLUMNS, errorMessageKey, FLOOR_LIMITS, RESTRICTED_GOODS, type RestrictedGood } from '@exship/contracts';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { defineImport, type ImportActor, type ImportRow } from '../../platform/imports';
import { rowField, type SheetTemplate } from '../../platform/xlsx';
import type { CheckInService } from './floor.check-in';

// The check-in import (SPEC §5: a .csv of at most 5 MB from a partner's scale or sorter): each row is
// a scan with its measures, checked by the same plan as a scan (the order locked in the import's one
// transaction) and applied all or nothing through the one import pipeline (review → commit, error
// file naming row and column).

type Header = (typeof CHECK_IN_IMPORT_COLUMNS)[number];

export const CHECK_IN_TEMPLATE: SheetTemplate<Header> = {
  sheetName: 'Check-in',
  columns: [
    { header: 'Code', kind: 'text', required: true, width: 24 },
    { header: 'Weight_gr', kind: 'number', width: 12 },
    { header: 'Length_cm', kind: 'number', width: 12 },
    { header: 'Width_cm', kind: 'number', width: 12 },
    { header: 'Height_cm', kind: 'number', width: 12 },
    { header: 'Restricted', kind: 'text', width: 24 },
  ],
  maxRows: FLOOR_LIMITS.checkInImportRows,
  maxBytes: FLOOR_LIMITS.checkInImportMaxBytes,
  formats: ['csv'],
};

/** The template file: its header line (and an example row). */
export const checkInTemplateCsv = () => `${CHECK_IN_IMPORT_COLUMNS.join(',')}\r\n1Z999AA10123456784,820,20,15,10,\r\n`;

const grams = z.number({ error: 'validation.number' }).gt(3, 'validation.product.weight').lt(FLOOR_LIMITS.weightMaxGr, 'validation.product.weight').optional();
const cm = z.number({ error: 'validation.number' }).gt(0.25, 'validation.dimension.range').lt(FLOOR_LIMITS.dimensionMaxCm, 'validation.dimension.range').optional();
const RowSchema = z.object({
  Code: z.string().trim().min(1, 'validation.required').max(FLOOR_LIMITS.codeMax, 'validation.tooLong'),
  Weight_gr: grams,
  Length_cm: cm,
  Width_cm: cm,
  Height_cm: cm,
  /** Restricted goods found, separated by commas or spaces (wet, leaking, …). */
  Restricted: z
    .string()
    .optional()
    .transform((v) => (v ?? '').split(/[\s,;]+/).map((x) => x.trim().toLowerCase()).filter(Boolean))
    .refine((list) => list.every((x) => (RESTRICTED_GOODS as readonly string[]).includes(x)), 'validation.invalid'),
});
type Row = z.infer<typeof RowSchema>;

type Planned = Awaited<ReturnType<CheckInService['plan']>>;
interface Prepared {
  plans: Map<number, Planned>;
  name: string;
}

export interface CheckInImportSummary {
  rows: { row: number; code: string; exOrderId: string | null; outcome: string | null; errors: string[] }[];
  applied: number;
  onlyValidate: boolean;
}

/**
 * Who imports, and the origin warehouse the query names (the order's own when left out). A file this
 * size runs inside the request (5,000 rows are far below the pipeline's inline limit), where the
 * actor is passed as given; a run queued as a job keeps only the actor's ids, and its rows take the
 * orders' own warehouses.
 */
export type CheckInImportActor = ImportActor & { warehouseCode?: string };

/** The import's declaration (one per app: the pipeline runs it by name). */
export function checkInImport(checkIns: CheckInService) {
  return defineImport<Header, Row, Prepared, number, CheckInImportSummary>({
    name: 'floor.checkIns',
    template: CHECK_IN_TEMPLATE,
    rowSchema: RowSchema,
    async batchChecks(rows: ImportRow<Header, Row>[], tx: Db, actor: ImportActor): Promise<Prepared> {
      const name = await checkIns.checker(tx, actor);
      const warehouseCode = (actor as CheckInImportActor).warehouseCode;
      const plans = new Map<number, Planned>();
      const seen = new Map<string, number>();
      for (const r of rows) {
        if (!r.data) continue;
        const d = r.data;
        const field = (h: Header) => rowField(r.row, h);
        try {
          const p = await checkIns.plan(tx, {
            code: d.Code,
            warehouseCode,
            weightGr: d.Weight_gr,
            lengthCm: d.Length_cm,
            widthCm: d.Width_cm,
            heightCm: d.Height_cm,
            manualWeighing: false,
            restricted: d.Restricted as RestrictedGood[],
          });
          const earlier = seen.get(p.row.id);
          if (earlier !== undefined) {
            r.errors.push({ field: field('Code'), message: 'floor.import.twice', vars: { row: String(earlier) } });
            continue;
          }
          seen.set(p.row.id, r.row);
          plans.set(r.row, p);
        } catch (err) {
          if (!(err instanceof AppError) || err.status >= 500 || err.status === 403) throw err;
          // A refusal names the parcel's column; missing measures name each one.
          if (err.opts.errors?.length) for (const e of err.opts.errors) r.errors.push({ field: field(headerOf(e.field)), message: e.message });
          else r.errors.push({ field: field(err.code === 'PARCEL_MEASURES_REQUIRED' ? 'Weight_gr' : 'Code'), message: errorMessageKey(err.code), vars: { code: d.Code, ...err.opts.vars } });
        }
      }
      return { plans, name };
    },
    async commit(rows, tx, actor, prepared) {
      let applied = 0;
      for (const r of rows) {
        const p = prepared.plans.get(r.row);
        if (!p || !p.action) continue;
        await checkIns.apply(tx, p, actor, prepared.name);
        applied++;
      }
      return applied;
    },
    summary({ rows, prepared, onlyValidate, committed }) {
      return {
        rows: rows.map((r) => {
          const p = prepared?.plans.get(r.row);
          return { row: r.row, code: String(r.values.Code ?? ''), exOrderId: p?.row.exOrderId ?? null, outcome: p ? (p.action ? p.outcome : 'repeated') : null, errors: [] };
        }),
        applied: committed ?? 0,
        onlyValidate,
      };
    },
  });
}

const HEADER_OF_FIELD: Record<string, Header> = { weightGr: 'Weight_gr', lengthCm: 'Length_cm', widthCm: 'Width_cm', heightCm: 'Height_cm' };
const headerOf = (field: string): Header => HEADER_OF_FIELD[field] ?? 'Code';
