import type { PurchaseRow, ScreenDef } from '@exship/contracts';
import { ReportScreen, type ReportConfig } from './report-screen';

// SPEC §2 /app/report/purchase (EX-REPORT-PURCHASE): what we paid (last mile + the parcel's share of
// its air freight) against what sellers paid — the margin per service, carrier or lane.
export const PURCHASE_REPORT: ReportConfig<PurchaseRow> = {
  kind: 'purchase',
  screenId: 'reportPurchase',
  filters: ['customer', 'service', 'carrier', 'warehouse'],
  purchaseBy: true,
  rowKey: (r) => r.key,
  chart: { type: 'line', unit: 'money' },
  seriesLabel: (key, t) => t(`reports.series.${key}`),
  columns: [
    { key: 'label', title: 'reports.col.group', kind: 'text' },
    { key: 'parcels', title: 'reports.col.parcels', kind: 'count' },
    { key: 'revenue', title: 'reports.col.revenue', kind: 'money' },
    { key: 'lastMileCost', title: 'reports.col.lastMileCost', kind: 'money' },
    { key: 'freightCost', title: 'reports.col.freightCost', kind: 'money' },
    { key: 'cost', title: 'reports.col.cost', kind: 'money' },
    { key: 'margin', title: 'reports.col.margin', kind: 'signedMoney' },
    { key: 'marginPerParcel', title: 'reports.col.marginPerParcel', kind: 'signedMoney' },
    { key: 'marginRate', title: 'reports.col.marginRate', kind: 'rate' },
  ],
};

export default function PurchaseReportPage(_props: { screen?: ScreenDef }) {
  return <ReportScreen config={PURCHASE_REPORT} />;
}
