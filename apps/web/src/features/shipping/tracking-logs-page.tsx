import { Empty, Select, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { DateRangeFilter, KeywordFilter } from '../../shared/list-filters';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ListTrackingLogsEndpoint, TRACKING_LOG_RESULTS, type ScreenDef, type TrackingLog, type TrackingLogResult } from '@exship/contracts';
import { callEnvelope } from '../../api/call';
import { viewerDayBound } from '../../shared/date-picker';
import { loadFailureOf, ResponsiveTable } from '../../shared/responsive-table';
import { ScreenCard, serverPagination, useUrlState } from '../../shared/screen';
import { TimeText, useFormatDate } from './shared';

// SPEC §2 /app/tracking-logs: what was fetched from the carriers, when and with what result.
// The filters (result, keyword, date range) and the page live in the URL.

const DEFAULTS = { result: 'all', keyword: '', dateFrom: '', dateTo: '', page: '1', pageSize: '20' };
const RESULT_COLORS: Record<TrackingLogResult, string> = { updated: 'green', unchanged: 'default', 'not-found': 'orange', error: 'red' };

export default function TrackingLogsPage(_props: { screen?: ScreenDef }) {
  const { t } = useTranslation();
  const fmt = useFormatDate();
  const [filters, setFilters] = useUrlState(DEFAULTS);
  const list = useQuery({
    queryKey: ['tracking', 'logs', filters],
    queryFn: ({ signal }) =>
      callEnvelope(ListTrackingLogsEndpoint, {
        query: {
          page: Number(filters.page),
          pageSize: Number(filters.pageSize),
          result: filters.result as 'all',
          keyword: filters.keyword || undefined,
          dateFrom: filters.dateFrom ? viewerDayBound(filters.dateFrom, 'from') : undefined,
          dateTo: filters.dateTo ? viewerDayBound(filters.dateTo, 'to') : undefined,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
  const data = list.data?.data;
  const filtered = filters.result !== 'all' || !!(filters.keyword || filters.dateFrom || filters.dateTo);

  const columns: TableColumnsType<TrackingLog> = [
    { title: t('ship.log.at'), dataIndex: 'at', render: (v: string) => <TimeText value={v} format={fmt} /> },
    { title: t('ship.field.carrierCode'), dataIndex: 'carrierCode' },
    { title: t('ship.field.trackingNumber'), dataIndex: 'trackingNumber', render: (v: string) => <Typography.Text copyable={{ tooltips: [t('ship.copyTracking'), t('ship.copied')] }}>{v}</Typography.Text> },
    { title: t('ship.field.orderId'), dataIndex: 'exOrderId', render: (v: string) => v || '—' },
    { title: t('ship.log.result'), dataIndex: 'result', render: (v: TrackingLogResult) => <Tag color={RESULT_COLORS[v]}>{t(`ship.log.results.${v}`)}</Tag> },
    { title: t('ship.log.eventsAdded'), dataIndex: 'eventsAdded', align: 'right' },
    { title: t('ship.log.duration'), dataIndex: 'durationMs', align: 'right', render: (v: number) => t('ship.log.ms', { count: v }) },
    {
      title: t('ship.log.error'),
      dataIndex: 'error',
      render: (v: string | null) =>
        v ? (
          <Typography.Text type="danger" style={{ overflowWrap: 'anywhere' }}>
            {v}
          </Typography.Text>
        ) : (
          '—'
        ),
    },
  ];

  return (
    <ScreenCard title={t('screen.trackingLogs')}>
      <Space wrap style={{ marginBottom: 16 }} role="search" aria-label={t('ship.log.filters')}>
        <Select
          aria-label={t('ship.log.result')}
          value={filters.result}
          onChange={(result: string) => setFilters({ result })}
          style={{ width: 180 }}
          options={['all', ...TRACKING_LOG_RESULTS].map((v) => ({ value: v, label: v === 'all' ? t('ship.log.allResults') : t(`ship.log.results.${v}`) }))}
        />
        <KeywordFilter value={filters.keyword} label={t('ship.log.keyword')} maxLength={64} onSearch={(keyword) => setFilters({ keyword })} />
        <DateRangeFilter
          from={filters.dateFrom}
          to={filters.dateTo}
          label={t('ship.log.dateRange')}
          placeholder={[t('ship.log.dateFrom'), t('ship.log.dateTo')]}
          onChange={(dateFrom, dateTo) => setFilters({ dateFrom, dateTo })}
        />
      </Space>
      <ResponsiveTable<TrackingLog>
        size="small"
        rowKey="_id"
        columns={columns}
        dataSource={data?.items}
        loading={list.isFetching}
        loadFailure={loadFailureOf(list)}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={filtered ? t('ship.log.noMatch') : t('ship.log.empty')} /> }}
        pagination={serverPagination(Number(filters.page), Number(filters.pageSize), data?.total, (page, pageSize) => setFilters({ page, pageSize }), t, [10, 20, 50])}
      />
    </ScreenCard>
  );
}
