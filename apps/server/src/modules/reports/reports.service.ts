import { isMessageKey, reportFileName, REPORT_LIMITS, translate, type Language, type PurchaseBy, type ReportKind, type ReportQuery } from '@exship/contracts';
import { sql } from 'drizzle-orm';
import { accountScope, actsForAnyAccount } from '../../platform/access';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { AuthContext } from '../../platform/http';
import { streamWorkbook, type CellValue } from '../../platform/xlsx';
import { sellerDashboard, staffDashboard } from './reports.dashboard';
import { carriersReport, customersReport, paymentMethodReport, purchaseReport, revenueReport, servicesReport, type ReportScope } from './reports.queries';
import { rebuildRange, utcDay } from './reports.rollups';

// The reports' use cases: whose accounts a report covers (a seller: its own, always; staff: every
// account or the customer named), in which zone (the query's, else the user's), and the export.

export interface ReportsDeps {
  db: Db;
  clock: () => Date;
}

type Query = ReportQuery & { by?: PurchaseBy };
type Actor = Pick<AuthContext, 'userId' | 'accountId' | 'permissions' | 'timeZone' | 'language'>;

const RUN = {
  revenue: (db: Db, q: Query, s: ReportScope) => revenueReport(db, q, s),
  'payment-method': (db: Db, q: Query, s: ReportScope) => paymentMethodReport(db, q, s),
  services: (db: Db, q: Query, s: ReportScope) => servicesReport(db, q, s),
  customers: (db: Db, q: Query, s: ReportScope) => customersReport(db, q, s),
  carriers: (db: Db, q: Query, s: ReportScope) => carriersReport(db, q, s),
  purchase: (db: Db, q: Query, s: ReportScope) => purchaseReport(db, { ...q, by: q.by ?? 'service' }, s),
} as const;

const DAY_MS = 86_400_000;

export function createReportsService(deps: ReportsDeps) {
  const { db } = deps;
  const scopeOf = (actor: Actor, q: Query): ReportScope => ({
    accountId: accountScope(actor, q.customerId),
    timeZone: q.timeZone ?? actor.timeZone ?? REPORT_LIMITS.defaultTimeZone,
  });

  async function run<K extends ReportKind>(kind: K, actor: Actor, q: Query) {
    const scope = scopeOf(actor, q);
    const result = await RUN[kind](db, q, scope);
    return { range: { startDate: q.startDate, endDate: q.endDate, timeZone: scope.timeZone, groupBy: q.groupBy }, ...result } as { range: { startDate: string; endDate: string; timeZone: string; groupBy: ReportQuery['groupBy'] } } & Awaited<ReturnType<(typeof RUN)[K]>>;
  }

  /** The report as a workbook: its table and its totals row, headers and methods in the reader's language. */
  async function exportReport(kind: ReportKind, actor: Actor, q: Query): Promise<{ fileName: string; stream: ReturnType<typeof streamWorkbook> }> {
    const lang: Language = actor.language;
    const report = await run(kind, actor, q);
    const rows = report.rows as Record<string, unknown>[];
    const columns = rows.length > 0 ? Object.keys(rows[0]!) : Object.keys(report.totals as object);
    const cell = (k: string, v: unknown): CellValue => {
      if (v === null || v === undefined) return null;
      if (k === 'method' && isMessageKey(`report.method.${String(v)}`)) return translate(lang, `report.method.${String(v)}`);
      return typeof v === 'number' ? v : String(v);
    };
    const totals = report.totals as Record<string, unknown>;
    const totalRow = columns.map((k, i) => (k in totals ? cell(k, totals[k]) : i === 0 ? translate(lang, 'report.sheet.total') : null));
    const stream = streamWorkbook([
      {
        name: translate(lang, 'report.sheet.rows'),
        headers: columns.map((k) => (isMessageKey(`report.col.${k}`) ? translate(lang, `report.col.${k}`) : k)),
        rows: (function* () {
          for (const r of rows) yield columns.map((k) => cell(k, r[k]));
          yield totalRow;
        })(),
      },
    ]);
    return { fileName: reportFileName(kind, q.startDate, q.endDate), stream };
  }

  return {
    /** Rolls up the whole history when the rollups are empty and there is money to roll up (first start after the upgrade). */
    async backfill(): Promise<number> {
      const rows = (await db.execute(sql`
        select (select min(created_at) from wallet_transactions) as first, not exists (select 1 from report_rollups) as empty`)) as unknown as { rows: { first: string | Date | null; empty: boolean }[] };
      const r = rows.rows[0];
      if (!r?.empty || r.first === null) return 0;
      const from = utcDay(new Date(r.first));
      return db.transaction((tx) => rebuildRange(tx, from, new Date(utcDay(deps.clock()).getTime() + 2 * DAY_MS), null));
    },
    run,
    exportReport,
    async sellerDashboard(actor: Actor) {
      if (actsForAnyAccount(actor)) throw new AppError('FORBIDDEN', 403, { details: { reason: 'report.sellerOnly' } });
      return sellerDashboard(db, actor.accountId, actor.timeZone ?? REPORT_LIMITS.defaultTimeZone, deps.clock());
    },
    staffDashboard: (actor: Actor) => staffDashboard(db, actor.permissions, actor.timeZone ?? REPORT_LIMITS.defaultTimeZone, deps.clock()),
    /** Rebuilds whole UTC days of every account from the source rows (the nightly job, or a repair). */
    async rebuildDays(from: Date, days: number): Promise<number> {
      const start = utcDay(from);
      let n = 0;
      for (let i = 0; i < days; i++) {
        const a = new Date(start.getTime() + i * DAY_MS);
        n += await db.transaction((tx) => rebuildRange(tx, a, new Date(a.getTime() + DAY_MS), null));
      }
      return n;
    },
  };
}
export type ReportsService = ReturnType<typeof createReportsService>;
