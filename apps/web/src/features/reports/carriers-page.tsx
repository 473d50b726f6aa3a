import type { CarrierRow, ScreenDef } from '@exship/contracts';
import { ReportScreen, type ReportConfig } from './report-screen';

// SPEC §2 /app/report/carriers (EX-REPORT-CARRIERS): per carrier — parcels, last-mile cost, on-time,
// late and lost rates, label failures.
export const CARRIERS_REPORT: ReportConfig<CarrierRow> = {
  kind: 'carriers',
  screenId: 'reportCarriers',
  filters: ['customer', 'service', 'warehouse'],
  rowKey: (r) => r.carrierCode,
  chart: { type: 'column', unit: 'count' },
  columns: [
    { key: 'carrierCode', title: 'reports.col.carrier', kind: 'text' },
    { key: 'parcels', title: 'reports.col.parcels', kind: 'count' },
    { key: 'lastMileCost', title: 'reports.col.lastMileCost', kind: 'money' },
    { key: 'delivered', title: 'reports.col.delivered', kind: 'count' },
    { key: 'onTimeRate', title: 'reports.col.onTimeRate', kind: 'rate' },
    { key: 'late', title: 'reports.col.late', kind: 'count' },
    { key: 'lateRate', title: 'reports.col.lateRate', kind: 'rate' },
    { key: 'lost', title: 'reports.col.lost', kind: 'count' },
    { key: 'lostRate', title: 'reports.col.lostRate', kind: 'rate' },
    { key: 'labelFailures', title: 'reports.col.labelFailures', kind: 'count' },
  ],
};

export default function CarriersReportPage(_props: { screen?: ScreenDef }) {
  return <ReportScreen config={CARRIERS_REPORT} />;
}
