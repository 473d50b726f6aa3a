import { Typography } from 'antd';
import type { CustomerRow, ScreenDef } from '@exship/contracts';
import { ReportScreen, type ReportConfig } from './report-screen';

// SPEC §2 /app/report/customers (EX-REPORT-CUSTOMERS): per seller — parcels, revenue, growth against
// the days before the range, unpaid and credit used as of now.
export const CUSTOMERS_REPORT: ReportConfig<CustomerRow> = {
  kind: 'customers',
  screenId: 'reportCustomers',
  filters: ['service', 'carrier', 'warehouse'],
  rowKey: (r) => r.customerId,
  chart: { type: 'line', unit: 'money', keys: ['revenue'] },
  seriesLabel: (key, t) => t(`reports.series.${key}`),
  columns: [
    {
      key: 'name',
      title: 'reports.col.customer',
      kind: 'text',
      render: (r) => (
        <span>
          {r.name}
          <br />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {r.email}
          </Typography.Text>
        </span>
      ),
    },
    { key: 'parcels', title: 'reports.col.parcels', kind: 'count' },
    { key: 'revenue', title: 'reports.col.revenue', kind: 'money' },
    { key: 'previousRevenue', title: 'reports.col.previousRevenue', kind: 'money' },
    { key: 'growth', title: 'reports.col.growth', kind: 'growth' },
    { key: 'unpaid', title: 'reports.col.unpaid', kind: 'money' },
    { key: 'creditUsed', title: 'reports.col.creditUsed', kind: 'money' },
  ],
};

export default function CustomersReportPage(_props: { screen?: ScreenDef }) {
  return <ReportScreen config={CUSTOMERS_REPORT} />;
}
