import { and, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { FreightReportRow } from '@exship/contracts';
import { centiKgToKg, fromCents } from '@exship/domain';
import type { Db } from '../../platform/db';
import { dateRangeWhere } from '../../platform/crud';
import { templateWorkbook, type SheetTemplate } from '../../platform/xlsx';
import { parcelMoneyByGroup } from '../orders';
import { freightParcelCosts, freights } from './freight.tables';

// The freight report (SPEC §2 /app/report/freight-report; docs/air-freight.md "Report"): per freight
// departing in the period, from its check on (when its parcels are known) — cartons, parcels, gross,
// confirmed and chargeable weight, cost, cost per kg charged, what its parcels' sellers paid, and the
// margin: that revenue − the last mile (each label's carrier cost) − the freight's share.

export interface ReportQuery {
  startDate?: string;
  endDate?: string;
  airlineCode?: string;
}

const REPORT_LIMIT = 1000;

const perKg = (cents: number, centiKg: number) => (centiKg > 0 ? Math.round((cents * 100) / centiKg) / 100 : 0);

export async function freightReport(db: Db, q: ReportQuery): Promise<{ rows: FreightReportRow[]; totals: Omit<FreightReportRow, 'freightId' | 'name' | 'mawb' | 'departureDate' | 'airlineCode' | 'route' | 'confirmedWeightKg'> }> {
  const where = and(
    notInArray(freights.status, ['open', 'closed']),
    dateRangeWhere(freights.departureDate, q.startDate, q.endDate),
    q.airlineCode ? eq(freights.airlineCode, q.airlineCode.toUpperCase()) : undefined,
  );
  const list = await db.select().from(freights).where(where).orderBy(desc(freights.departureDate), desc(freights.id)).limit(REPORT_LIMIT);
  const ids = list.map((f) => f.id);
  const money = ids.length
    ? await parcelMoneyByGroup(db, sql`select ${freightParcelCosts.orderId} as order_id, ${freightParcelCosts.freightId}::text as key from ${freightParcelCosts} where ${inArray(freightParcelCosts.freightId, ids)}`)
    : new Map<string, { revenueCents: number; lastMileCents: number }>();
  const shares = new Map(
    ids.length
      ? (
          await db
            .select({ id: freightParcelCosts.freightId, cents: sql<string>`coalesce(sum(${freightParcelCosts.cents}), 0)` })
            .from(freightParcelCosts)
            .where(inArray(freightParcelCosts.freightId, ids))
            .groupBy(freightParcelCosts.freightId)
        ).map((r) => [r.id, Number(r.cents)])
      : [],
  );
  const totals = { cartons: 0, parcels: 0, grossCentiKg: 0, chargeableCentiKg: 0, chargedCentiKg: 0, costCents: 0, revenueCents: 0, marginCents: 0 };
  const rows = list.map((f): FreightReportRow => {
    const m = money.get(f.id) ?? { revenueCents: 0, lastMileCents: 0 };
    const cost = f.costCents ?? 0;
    const charged = f.confirmedCentiKg ?? f.chargeableCentiKg;
    const margin = m.revenueCents - m.lastMileCents - (shares.get(f.id) ?? 0);
    totals.cartons += f.cartons;
    totals.parcels += f.parcels;
    totals.grossCentiKg += f.grossCentiKg;
    totals.chargeableCentiKg += f.chargeableCentiKg;
    totals.chargedCentiKg += charged;
    totals.costCents += cost;
    totals.revenueCents += m.revenueCents;
    totals.marginCents += margin;
    return {
      freightId: f.id,
      name: f.name,
      mawb: f.mawb,
      departureDate: f.departureDate.toISOString(),
      airlineCode: f.airlineCode,
      route: `${f.departureAirportCode}-${f.arrivalAirportCode}`,
      cartons: f.cartons,
      parcels: f.parcels,
      grossWeightKg: centiKgToKg(f.grossCentiKg),
      confirmedWeightKg: f.confirmedCentiKg === null ? null : centiKgToKg(f.confirmedCentiKg),
      chargeableWeightKg: centiKgToKg(f.chargeableCentiKg),
      cost: fromCents(cost),
      costPerKg: perKg(cost, charged),
      revenue: fromCents(m.revenueCents),
      margin: fromCents(margin),
    };
  });
  return {
    rows,
    totals: {
      cartons: totals.cartons,
      parcels: totals.parcels,
      grossWeightKg: centiKgToKg(totals.grossCentiKg),
      chargeableWeightKg: centiKgToKg(totals.chargeableCentiKg),
      cost: fromCents(totals.costCents),
      costPerKg: perKg(totals.costCents, totals.chargedCentiKg),
      revenue: fromCents(totals.revenueCents),
      margin: fromCents(totals.marginCents),
    },
  };
}

const REPORT_SHEET: SheetTemplate = {
  sheetName: 'Freight report',
  maxRows: 1,
  maxBytes: 0,
  columns: [
    { header: 'Freight', kind: 'text', width: 24 },
    { header: 'MAWB', kind: 'text' },
    { header: 'Departure', kind: 'text', width: 22 },
    { header: 'Airline', kind: 'text' },
    { header: 'Route', kind: 'text' },
    { header: 'Cartons', kind: 'number' },
    { header: 'Parcels', kind: 'number' },
    { header: 'Gross weight (kg)', kind: 'number' },
    { header: 'Confirmed weight (kg)', kind: 'number' },
    { header: 'Chargeable weight (kg)', kind: 'number' },
    { header: 'Cost (USD)', kind: 'number' },
    { header: 'Cost per kg (USD)', kind: 'number' },
    { header: 'Revenue (USD)', kind: 'number' },
    { header: 'Margin (USD)', kind: 'number' },
  ],
};

/** The report as xlsx: its rows, then a totals row. */
export async function freightReportWorkbook(report: Awaited<ReturnType<typeof freightReport>>): Promise<Buffer> {
  const t = report.totals;
  const rows = [
    ...report.rows.map((r) => [r.name, r.mawb, r.departureDate, r.airlineCode, r.route, r.cartons, r.parcels, r.grossWeightKg, r.confirmedWeightKg, r.chargeableWeightKg, r.cost, r.costPerKg, r.revenue, r.margin]),
    ['Total', null, null, null, null, t.cartons, t.parcels, t.grossWeightKg, null, t.chargeableWeightKg, t.cost, t.costPerKg, t.revenue, t.margin],
  ];
  return templateWorkbook({ ...REPORT_SHEET, maxRows: rows.length }, rows);
}
