import type { RevenueRow, ScreenDef } from '@exship/contracts';
import { ReportScreen, type ReportConfig } from './report-screen';

// SPEC §2 /app/report/revenue (EX-REPORT-REVENUE): what sellers paid per period — shipping, fees,
// surcharges, tax, minus discounts and refunds. A seller sees its own account only.
export const REVENUE_REPORT: ReportConfig<RevenueRow> = {
  kind: 'revenue',
  screenId: 'reportRevenue',
  filters: ['customer', 'service', 'carrier', 'warehouse'],
  rowKey: (r) => r.period,
  chart: { type: 'line', unit: 'money' },
  seriesLabel: (key, t) => t(`reports.series.${key}`),
  columns: [
    { key: 'period', title: 'reports.col.period', kind: 'period' },
    { key: 'orders', title: 'reports.col.orders', kind: 'count' },
    { key: 'shipping', title: 'reports.col.shipping', kind: 'money' },
    { key: 'fees', title: 'reports.col.fees', kind: 'money' },
    { key: 'surcharges', title: 'reports.col.surcharges', kind: 'money' },
    { key: 'tax', title: 'reports.col.tax', kind: 'money' },
    { key: 'discounts', title: 'reports.col.discounts', kind: 'money' },
    { key: 'refunds', title: 'reports.col.refunds', kind: 'money' },
    { key: 'net', title: 'reports.col.net', kind: 'signedMoney' },
  ],
};

export default function RevenueReportPage(_props: { screen?: ScreenDef }) {
  return <ReportScreen config={REVENUE_REPORT} />;
}
