import type { ScreenDef, ServiceRow } from '@exship/contracts';
import { ReportScreen, type ReportConfig } from './report-screen';

// SPEC §2 /app/report/services (EX-REPORT-SERVICES): parcels, weight, revenue and the average price
// per service. A seller sees its own spend only.
export const SERVICES_REPORT: ReportConfig<ServiceRow> = {
  kind: 'services',
  screenId: 'reportServices',
  filters: ['customer', 'carrier', 'warehouse'],
  rowKey: (r) => r.serviceCode,
  chart: { type: 'column', unit: 'money' },
  columns: [
    { key: 'serviceCode', title: 'reports.col.service', kind: 'text', render: (r) => (r.serviceName && r.serviceName !== r.serviceCode ? `${r.serviceCode} — ${r.serviceName}` : r.serviceCode) },
    { key: 'parcels', title: 'reports.col.parcels', kind: 'count' },
    { key: 'weightKg', title: 'reports.col.weight', kind: 'kg' },
    { key: 'revenue', title: 'reports.col.revenue', kind: 'money' },
    { key: 'averagePrice', title: 'reports.col.averagePrice', kind: 'money' },
  ],
};

export default function ServicesReportPage(_props: { screen?: ScreenDef }) {
  return <ReportScreen config={SERVICES_REPORT} />;
}
