import './locales';
import type { ReactNode } from 'react';
import { Alert, Button, Card, Empty, Select, Skeleton, Space, Table, Typography, type TableColumnsType } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  PURCHASE_BY,
  REPORT_GROUP_BY,
  REPORT_LIMITS,
  REPORT_PRESETS,
  presetRange,
  type ReportGroupBy,
  type ReportKind,
  type ReportPoint,
  type ReportPreset,
} from '@exship/contracts';
import { useSession } from '../../api/session';
import { useCarrierOptions, useServiceOptions, useWarehouseOptions } from '../../shared/catalog-options';
import { DatePicker, viewerOffset } from '../../shared/date-picker';
import { PickFilter } from '../../shared/list-filters';
import { loadFailureOf, ResponsiveTable } from '../../shared/responsive-table';
import { ScreenCard, useCan, useDownload, useUrlState } from '../../shared/screen';
import { useCustomerOptions } from '../../shared/use-customer-options';
import { PHONE_QUERY, useMediaQuery } from '../../shared/use-media-query';
import { exportReport, readReport, REPORTS_KEY, type ReportParams } from './api';
import { cellText, type CellKind, type ChartSpec } from './format';
import { ReportChart } from './report-chart';

// One screen for the six rollup reports (SPEC §2 /app/report/*): a range with presets in the
// viewer's zone, day/week/month grouping, the report's filters, a chart, a table with its totals
// row and the xlsx export; every choice is kept in the URL, so a link reproduces the view.

export type ReportFilter = 'customer' | 'service' | 'carrier' | 'warehouse';

export interface ReportColumn<R> {
  key: keyof R & string;
  /** Message key of the column title. */
  title: string;
  kind: CellKind;
  /** A cell of its own (a link, a tag); the text of `kind` otherwise. */
  render?: (row: R) => ReactNode;
}

export interface ReportReply<R> {
  range: { startDate: string; endDate: string; timeZone: string; groupBy: ReportGroupBy };
  series: ReportPoint[];
  rows: R[];
  totals: object;
}

export interface ReportConfig<R> {
  kind: ReportKind;
  /** The screen id: its title is `screen.<id>`. */
  screenId: string;
  filters: readonly ReportFilter[];
  /** The purchase report's `by` (service, carrier or lane). */
  purchaseBy?: boolean;
  columns: readonly ReportColumn<R>[];
  rowKey: (row: R) => string;
  chart: ChartSpec;
  /** The name of a series key in the chart's legend (a measure, a method, a code). */
  seriesLabel?: (key: string, t: (k: string) => string) => string;
}

const DEFAULTS = { preset: '7d', startDate: '', endDate: '', groupBy: 'day', customerId: '', serviceCode: '', carrierCode: '', warehouseCode: '', by: 'service' };
type UrlFilters = typeof DEFAULTS;

const isPreset = (v: string): v is ReportPreset => (REPORT_PRESETS as readonly string[]).includes(v);

/** The range the URL means today in the viewer's zone: a preset's days, or the custom days picked (7 days until both are). */
export function resolveRange(f: Pick<UrlFilters, 'preset' | 'startDate' | 'endDate'>, now: Date, timeZone: string): { preset: ReportPreset; startDate: string; endDate: string } {
  const preset = isPreset(f.preset) ? f.preset : '7d';
  if (preset === 'custom' && f.startDate && f.endDate) return { preset, startDate: f.startDate, endDate: f.endDate };
  const range = presetRange(preset === 'custom' ? '7d' : preset, now, timeZone)!;
  return { preset: preset === 'custom' ? '7d' : preset, ...range };
}

function CustomerFilter({ value, onChange }: { value: string; onChange: (id: string) => void }) {
  const { t } = useTranslation();
  const customers = useCustomerOptions(true, value ? [value] : []);
  return (
    <Select
      aria-label={t('reports.filter.customer')}
      placeholder={t('reports.filter.allCustomers')}
      allowClear
      showSearch={{ filterOption: false, onSearch: customers.setSearch }}
      value={value || undefined}
      onChange={(v?: string) => onChange(v ?? '')}
      loading={customers.loading}
      options={customers.options}
      style={{ width: 240, maxWidth: '100%' }}
    />
  );
}

const byCode = (items: { code: string; name: string }[]) => items.map((i) => ({ value: i.code, label: `${i.code} — ${i.name}` }));

/** The service, carrier and warehouse pick lists a report has (each for holders of its list permission), as separate filter items. */
function useCatalogFilters(filters: UrlFilters, shown: readonly ReportFilter[], onChange: (patch: Partial<UrlFilters>) => void): ReactNode[] {
  const { t } = useTranslation();
  const can = useCan();
  const services = useServiceOptions();
  const carriers = useCarrierOptions();
  const warehouses = useWarehouseOptions();
  const items: ReactNode[] = [];
  if (shown.includes('service') && can('EX-SERVICE-LIST'))
    items.push(<PickFilter key="service" label={t('reports.filter.service')} allLabel={t('reports.filter.allServices')} value={filters.serviceCode} options={byCode(services.items)} loading={services.loading} onChange={(serviceCode) => onChange({ serviceCode })} />);
  if (shown.includes('carrier') && can('EX-CARRIER-LIST'))
    items.push(<PickFilter key="carrier" label={t('reports.filter.carrier')} allLabel={t('reports.filter.allCarriers')} value={filters.carrierCode} options={byCode(carriers.items)} loading={carriers.loading} onChange={(carrierCode) => onChange({ carrierCode })} />);
  if (shown.includes('warehouse') && can('EX-WAREHOUSE-LIST'))
    items.push(<PickFilter key="warehouse" label={t('reports.filter.warehouse')} allLabel={t('reports.filter.allWarehouses')} value={filters.warehouseCode} options={byCode(warehouses.items)} loading={warehouses.loading} onChange={(warehouseCode) => onChange({ warehouseCode })} />);
  return items;
}

/** The totals as a card on a phone, where the table is a list of cards and has no summary row. */
function TotalsCard<R>({ columns, totals, groupBy }: { columns: readonly ReportColumn<R>[]; totals: Record<string, unknown>; groupBy: string }) {
  const { t } = useTranslation();
  const cells = columns.filter((c) => c.key in totals);
  return (
    <Card size="small" title={t('reports.total')} role="group" aria-label={t('reports.total')}>
      <dl style={{ display: 'grid', gridTemplateColumns: 'minmax(90px, 45%) 1fr', gap: '6px 12px', margin: 0 }}>
        {cells.map((c) => (
          <div key={c.key} style={{ display: 'contents' }}>
            <dt style={{ color: '#4b5563', fontSize: 13 }}>{t(c.title)}</dt>
            <dd style={{ margin: 0, fontWeight: 600 }}>{cellText(c.kind, totals[c.key], groupBy)}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

const moneyColor = (kind: CellKind, v: unknown) => (kind === 'signedMoney' && typeof v === 'number' && v < 0 ? '#b91c1c' : undefined);
const NUMERIC: readonly CellKind[] = ['money', 'signedMoney', 'count', 'rate', 'growth', 'kg'];

export function ReportScreen<R extends object>({ config }: { config: ReportConfig<R> }) {
  const { t } = useTranslation();
  const can = useCan();
  const { profile } = useSession();
  const phone = useMediaQuery(PHONE_QUERY);
  const [filters, setFilters] = useUrlState(DEFAULTS);
  const timeZone = viewerOffset();
  const range = resolveRange(filters, new Date(), timeZone);
  const groupBy = ((REPORT_GROUP_BY as readonly string[]).includes(filters.groupBy) ? filters.groupBy : 'day') as ReportGroupBy;
  const staff = profile?.role.kind === 'staff';
  const showCustomer = config.filters.includes('customer') && staff && can('EX-USER-LIST');

  const params: ReportParams = { startDate: range.startDate, endDate: range.endDate, timeZone, groupBy };
  if (showCustomer && filters.customerId) params.customerId = filters.customerId;
  if (config.filters.includes('service') && filters.serviceCode) params.serviceCode = filters.serviceCode;
  if (config.filters.includes('carrier') && filters.carrierCode) params.carrierCode = filters.carrierCode;
  if (config.filters.includes('warehouse') && filters.warehouseCode) params.warehouseCode = filters.warehouseCode;
  if (config.purchaseBy) params.by = (PURCHASE_BY as readonly string[]).includes(filters.by) ? filters.by : 'service';

  const report = useQuery({
    queryKey: [REPORTS_KEY, config.kind, params],
    queryFn: ({ signal }) => readReport(config.kind, params, signal) as Promise<ReportReply<R>>,
    placeholderData: keepPreviousData,
  });
  const exporter = useDownload({ done: 'reports.exported', failed: 'reports.exportFailed' });
  const data = report.data;
  const rows = data?.rows ?? [];
  const totals = (data?.totals ?? {}) as Record<string, unknown>;
  const seriesLabel = (key: string) => (config.seriesLabel ? config.seriesLabel(key, t) : key);
  const hasChart = (data?.series ?? []).some((p) => p.value !== 0);

  const columns: TableColumnsType<R> = config.columns.map((c) => ({
    key: c.key,
    title: t(c.title),
    dataIndex: c.key,
    align: NUMERIC.includes(c.kind) ? 'right' : undefined,
    render: (v: unknown, row: R) =>
      c.render ? c.render(row) : <span style={{ whiteSpace: NUMERIC.includes(c.kind) || c.kind === 'period' ? 'nowrap' : undefined, color: moneyColor(c.kind, v) }}>{cellText(c.kind, v, groupBy)}</span>,
  }));

  const presetOptions = REPORT_PRESETS.map((p) => ({ value: p, label: t(`reports.preset.${p}`) }));
  const pickedRange: [dayjs.Dayjs, dayjs.Dayjs] = [dayjs(range.startDate), dayjs(range.endDate)];
  const catalogFilters = useCatalogFilters(filters, config.filters, setFilters);
  const anyFilter = !!(filters.customerId || filters.serviceCode || filters.carrierCode || filters.warehouseCode);

  return (
    <ScreenCard
      title={t(`screen.${config.screenId}`)}
      extra={
        <Button
          icon={<DownloadOutlined />}
          loading={exporter.busy === 'export'}
          disabled={!data || rows.length === 0}
          onClick={() => void exporter.run('export', () => exportReport(config.kind, params))}
        >
          {exporter.busy === 'export' ? t('reports.exporting') : t('reports.export')}
        </Button>
      }
    >
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center', marginBottom: 12 }} role="search" aria-label={t('reports.filters')}>
        <Select<string>
          aria-label={t('reports.preset.label')}
          value={range.preset === '7d' && filters.preset === 'custom' ? 'custom' : range.preset}
          options={presetOptions}
          onChange={(preset) => setFilters(preset === 'custom' ? { preset, startDate: range.startDate, endDate: range.endDate } : { preset, startDate: '', endDate: '' })}
          style={{ width: 150 }}
        />
        <DatePicker.RangePicker
          format="DD-MM-YYYY"
          value={pickedRange}
          allowClear={false}
          aria-label={t('reports.range')}
          placeholder={[t('reports.rangeFrom'), t('reports.rangeTo')]}
          onChange={(d) => {
            if (d?.[0] && d[1]) setFilters({ preset: 'custom', startDate: d[0].format('YYYY-MM-DD'), endDate: d[1].format('YYYY-MM-DD') });
          }}
          style={{ width: 250, maxWidth: '100%' }}
        />
        <Select<string>
          aria-label={t('reports.groupBy')}
          value={groupBy}
          options={REPORT_GROUP_BY.map((g) => ({ value: g, label: t(`reports.group.${g}`) }))}
          onChange={(g) => setFilters({ groupBy: g })}
          style={{ width: 140 }}
        />
        {config.purchaseBy && (
          <Select<string>
            aria-label={t('reports.by.label')}
            value={params.by}
            options={PURCHASE_BY.map((b) => ({ value: b, label: t(`reports.by.${b}`) }))}
            onChange={(by) => setFilters({ by })}
            style={{ width: 170 }}
          />
        )}
        {showCustomer && <CustomerFilter value={filters.customerId} onChange={(customerId) => setFilters({ customerId })} />}
        {catalogFilters}
        {anyFilter && (
          <Button type="link" onClick={() => setFilters({ customerId: '', serviceCode: '', carrierCode: '', warehouseCode: '' })}>
            {t('reports.clearFilters')}
          </Button>
        )}
      </div>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 16 }}>
        {t(`reports.help.${config.kind}`)} {t('reports.rangeNote', { start: dayjs(range.startDate).format('DD-MM-YYYY'), end: dayjs(range.endDate).format('DD-MM-YYYY'), zone: `UTC${timeZone}` })}
      </Typography.Paragraph>
      {report.isPending && !report.isError ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          {data && rows.length > 0 && (
            <Card size="small" title={t('reports.chartTitle')}>
              {hasChart ? (
                <ReportChart points={data.series} spec={config.chart} label={seriesLabel} periodLabel={(p) => cellText('period', p, groupBy)} />
              ) : (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('reports.chartEmpty')} />
              )}
            </Card>
          )}
          {rows.length >= REPORT_LIMITS.maxRows && <Alert type="info" showIcon title={t('reports.rowsCapped', { count: REPORT_LIMITS.maxRows })} />}
          <ResponsiveTable<R>
            size="small"
            rowKey={(r) => config.rowKey(r)}
            columns={columns}
            dataSource={rows}
            loading={report.isFetching}
            loadFailure={loadFailureOf(report)}
            pagination={rows.length > 31 ? { pageSize: 31, showSizeChanger: false } : false}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('reports.empty')} /> }}
            summary={
              phone || !data || rows.length === 0
                ? undefined
                : () => (
                    <Table.Summary>
                      <Table.Summary.Row style={{ fontWeight: 600, background: '#f8fafc' }}>
                        {config.columns.map((c, i) => (
                          <Table.Summary.Cell key={c.key} index={i} align={NUMERIC.includes(c.kind) ? 'right' : undefined}>
                            {i === 0 ? t('reports.total') : c.key in totals ? <span style={{ whiteSpace: 'nowrap', color: moneyColor(c.kind, totals[c.key]) }}>{cellText(c.kind, totals[c.key], groupBy)}</span> : null}
                          </Table.Summary.Cell>
                        ))}
                      </Table.Summary.Row>
                    </Table.Summary>
                  )
            }
          />
          {phone && data && rows.length > 0 && <TotalsCard columns={config.columns} totals={totals} groupBy={groupBy} />}
        </Space>
      )}
    </ScreenCard>
  );
}
