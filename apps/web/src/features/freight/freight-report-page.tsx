import './locales';
import { Suspense, lazy } from 'react';
import { Button, Card, Col, Empty, Row, Skeleton, Space, Statistic, Table, Typography, type TableColumnsType } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { FreightReportRow, ScreenDef } from '@exship/contracts';
import { usd } from '../../shared/money';
import { loadFailureOf, ResponsiveTable } from '../../shared/responsive-table';
import { ScreenCard, useCan, useDownload, useUrlState } from '../../shared/screen';
import { PHONE_QUERY, useMediaQuery } from '../../shared/use-media-query';
import { freightApi, reportKey, type FreightReport } from './api';
import { AirlineFilter, kg, Mono, useAirlineOptions, useFormatDate } from './shared';
import { DateRangeFilter } from '../../shared/list-filters';

// SPEC §2 /app/report/freight-report (EX-REPORT-FREIGHT): per freight departing in the period (from
// its check on) — cartons, parcels, gross / confirmed / chargeable weight, cost, cost per kg, what its
// parcels' sellers paid and the margin (that revenue − the last mile − the freight's share); a chart
// of cost and margin per freight, the totals, and the xlsx export of the same filters.

// The chart library is big: it is loaded with this chart only.
const Column = lazy(() => import('@ant-design/plots').then((m) => ({ default: m.Column })));

const DEFAULTS = { startDate: '', endDate: '', airlineCode: '' };
type Filters = typeof DEFAULTS;
const query = (f: Filters) => Object.fromEntries(Object.entries(f).filter(([, v]) => v !== '')) as Partial<Filters>;
/** At most this many freights in the chart (the newest departures); the table has them all. */
const CHART_MAX = 30;

interface Bar {
  freight: string;
  series: string;
  value: number;
}

function CostMarginChart({ rows }: { rows: FreightReportRow[] }) {
  const { t } = useTranslation();
  const shown = rows.slice(0, CHART_MAX).reverse();
  const cost = t('air.report.cost');
  const margin = t('air.report.margin');
  const data: Bar[] = shown.flatMap((r) => [
    { freight: r.mawb, series: cost, value: r.cost },
    { freight: r.mawb, series: margin, value: r.margin },
  ]);
  const total = (k: 'cost' | 'margin') => rows.reduce((s, r) => s + r[k], 0);
  return (
    <div role="img" aria-label={t('air.report.chartSummary', { count: rows.length, cost: usd(total('cost')), margin: usd(total('margin')) })}>
      <Suspense fallback={<Skeleton active paragraph={{ rows: 5 }} />}>
        <Column
          data={data}
          xField="freight"
          yField="value"
          colorField="series"
          group
          height={280}
          autoFit
          scale={{ color: { range: ['#2563eb', '#16a34a'] } }}
          style={{ maxWidth: 40 }}
          axis={{ x: { title: false, labelAutoRotate: true, labelAutoHide: true }, y: { title: false, labelFormatter: (v: number) => usd(v) } }}
          tooltip={{ items: [{ channel: 'y', valueFormatter: (v: number) => usd(v) }] }}
          legend={{ color: { position: 'top' } }}
        />
      </Suspense>
    </div>
  );
}

function Totals({ report }: { report: FreightReport }) {
  const { t } = useTranslation();
  const tot = report.totals;
  const items = [
    { key: 'freights', value: report.rows.length },
    { key: 'parcels', value: tot.parcels },
    { key: 'chargeable', value: kg(tot.chargeableWeightKg) },
    { key: 'cost', value: usd(tot.cost) },
    { key: 'costPerKg', value: usd(tot.costPerKg) },
    { key: 'revenue', value: usd(tot.revenue) },
    { key: 'margin', value: usd(tot.margin), color: tot.margin < 0 ? '#b91c1c' : '#15803d' },
  ];
  return (
    <Row gutter={[12, 12]}>
      {items.map((i) => (
        <Col key={i.key} xs={12} sm={8} lg={6} xl={3} style={{ flex: '1 1 0', minWidth: 140 }}>
          <Card size="small">
            <Statistic title={t(`air.report.total.${i.key}`)} value={i.value} styles={{ content: { fontSize: 18, color: i.color } }} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}

export default function FreightReportPage(_props: { screen?: ScreenDef }) {
  const { t } = useTranslation();
  const can = useCan();
  const fmt = useFormatDate();
  const phone = useMediaQuery(PHONE_QUERY);
  const [filters, setFilters] = useUrlState(DEFAULTS);
  const airlines = useAirlineOptions(filters.airlineCode);
  const exporter = useDownload({ done: 'air.report.exported', failed: 'air.report.exportFailed' });
  const report = useQuery({ queryKey: [...reportKey, filters], queryFn: ({ signal }) => freightApi.report(query(filters), signal), placeholderData: keepPreviousData });
  const data = report.data;
  const rows = data?.rows ?? [];
  const linkFreights = can('EX-FREIGHT-LIST');
  const today = dayjs();
  const presets = [
    { label: t('air.report.thisMonth'), value: [today.startOf('month'), today.endOf('month')] as [dayjs.Dayjs, dayjs.Dayjs] },
    { label: t('air.report.lastMonth'), value: [today.subtract(1, 'month').startOf('month'), today.subtract(1, 'month').endOf('month')] as [dayjs.Dayjs, dayjs.Dayjs] },
    { label: t('air.report.last90'), value: [today.subtract(89, 'day'), today] as [dayjs.Dayjs, dayjs.Dayjs] },
    { label: t('air.report.thisYear'), value: [today.startOf('year'), today.endOf('year')] as [dayjs.Dayjs, dayjs.Dayjs] },
  ];
  const money = (v: number, color = false) => <span style={{ whiteSpace: 'nowrap', color: color && v < 0 ? '#b91c1c' : undefined }}>{usd(v)}</span>;

  const columns: TableColumnsType<FreightReportRow> = [
    { title: t('air.freight.name'), dataIndex: 'name', render: (v: string, r) => (linkFreights ? <Link to={`/app/freight/listing-freight/${r.freightId}`}>{v}</Link> : v) },
    { title: t('air.freight.mawb'), dataIndex: 'mawb', render: (v: string) => <Mono>{v}</Mono> },
    { title: t('air.freight.departureDate'), dataIndex: 'departureDate', render: (v: string) => <span style={{ whiteSpace: 'nowrap' }}>{fmt(v).slice(0, 10)}</span> },
    { title: t('air.freight.airline'), dataIndex: 'airlineCode' },
    { title: t('air.freight.route'), dataIndex: 'route', render: (v: string) => v.replace('-', ' → ') },
    { title: t('air.freight.cartons'), dataIndex: 'cartons', align: 'right' },
    { title: t('air.freight.parcels'), dataIndex: 'parcels', align: 'right' },
    { title: t('air.weight.gross'), dataIndex: 'grossWeightKg', align: 'right', render: (v: number) => kg(v) },
    { title: t('air.weight.confirmed'), dataIndex: 'confirmedWeightKg', align: 'right', render: (v: number | null) => kg(v) },
    { title: t('air.weight.chargeable'), dataIndex: 'chargeableWeightKg', align: 'right', render: (v: number) => kg(v) },
    { title: t('air.report.cost'), dataIndex: 'cost', align: 'right', render: (v: number) => money(v) },
    { title: t('air.report.costPerKg'), dataIndex: 'costPerKg', align: 'right', render: (v: number) => money(v) },
    { title: t('air.report.revenue'), dataIndex: 'revenue', align: 'right', render: (v: number) => money(v) },
    { title: t('air.report.margin'), dataIndex: 'margin', align: 'right', render: (v: number) => <strong>{money(v, true)}</strong> },
  ];

  return (
    <ScreenCard
      title={t('screen.reportFreight')}
      extra={
        <Button icon={<DownloadOutlined />} loading={exporter.busy === 'export'} disabled={rows.length === 0} onClick={() => exporter.run('export', () => freightApi.exportReport(query(filters)))}>
          {t('air.report.export')}
        </Button>
      }
    >
      <Space wrap style={{ marginBottom: 16 }} role="search" aria-label={t('air.common.filters')}>
        <DateRangeFilter
          from={filters.startDate}
          to={filters.endDate}
          label={t('air.report.period')}
          placeholder={[t('air.freight.departureFrom'), t('air.freight.departureTo')]}
          presets={presets}
          onChange={(startDate, endDate) => setFilters({ startDate, endDate })}
        />
        <AirlineFilter value={filters.airlineCode} airlines={airlines} onChange={(airlineCode) => setFilters({ airlineCode })} />
        {(filters.startDate || filters.endDate || filters.airlineCode) && (
          <Button type="link" onClick={() => setFilters({ startDate: '', endDate: '', airlineCode: '' })}>
            {t('air.common.clearFilters')}
          </Button>
        )}
      </Space>
      <Typography.Paragraph type="secondary">{t('air.report.help')}</Typography.Paragraph>
      {report.isLoading ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          {data && rows.length > 0 && (
            <>
              <Totals report={data} />
              <Card size="small" title={t('air.report.chartTitle')}>
                <CostMarginChart rows={rows} />
              </Card>
            </>
          )}
          <ResponsiveTable<FreightReportRow>
            size="small"
            rowKey="freightId"
            columns={columns}
            dataSource={rows}
            loading={report.isFetching}
            loadFailure={loadFailureOf(report)}
            pagination={rows.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('air.report.empty')} /> }}
            summary={
              phone || !data || rows.length === 0
                ? undefined
                : () => (
                    <Table.Summary.Row style={{ fontWeight: 600, background: '#f8fafc' }}>
                      <Table.Summary.Cell index={0} colSpan={5}>
                        {t('air.report.totalRow')}
                      </Table.Summary.Cell>
                      <Table.Summary.Cell index={5} align="right">{data.totals.cartons}</Table.Summary.Cell>
                      <Table.Summary.Cell index={6} align="right">{data.totals.parcels}</Table.Summary.Cell>
                      <Table.Summary.Cell index={7} align="right">{kg(data.totals.grossWeightKg)}</Table.Summary.Cell>
                      <Table.Summary.Cell index={8} align="right">—</Table.Summary.Cell>
                      <Table.Summary.Cell index={9} align="right">{kg(data.totals.chargeableWeightKg)}</Table.Summary.Cell>
                      <Table.Summary.Cell index={10} align="right">{money(data.totals.cost)}</Table.Summary.Cell>
                      <Table.Summary.Cell index={11} align="right">{money(data.totals.costPerKg)}</Table.Summary.Cell>
                      <Table.Summary.Cell index={12} align="right">{money(data.totals.revenue)}</Table.Summary.Cell>
                      <Table.Summary.Cell index={13} align="right">{money(data.totals.margin, true)}</Table.Summary.Cell>
                    </Table.Summary.Row>
                  )
            }
          />
        </Space>
      )}
    </ScreenCard>
  );
}
