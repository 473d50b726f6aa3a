import './locales';
import { useState } from 'react';
import { Button, Empty, Space, Typography, type TableColumnsType } from 'antd';
import { PlusOutlined, ScanOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FREIGHT_STATUSES, type Freight, type ScreenDef } from '@exship/contracts';
import { usd } from '../../shared/money';
import { loadFailureOf, ResponsiveTable } from '../../shared/responsive-table';
import { ScreenCard, serverPagination, useCan, useUrlState } from '../../shared/screen';
import { freightApi, freightsKey } from './api';
import { FreightFormModal } from './freight-form';
import { AirlineFilter, FreightStatusTag, Mono, routeOf, useAirlineOptions, useFormatDate, Weights } from './shared';
import { DateRangeFilter, KeywordFilter, StatusTabs } from '../../shared/list-filters';

// SPEC §2 /app/freight/listing-freight (EX-FREIGHT-LIST): the freights, paged by the server, with
// name, MAWB, airline, route, departure date, status, cartons, parcels, weights and cost; filters
// (keyword over name and MAWB, departure dates, airline) and status tabs with their counts, all kept
// in the URL; a new freight (EX-FREIGHT-MANAGE) opens on its detail.

const DEFAULTS = { keyword: '', startDate: '', endDate: '', status: 'all', airlineCode: '', page: '1', pageSize: '20' };
type Filters = typeof DEFAULTS;
/** Below this width the ten status tabs do not fit beside the menu: a select instead. */
const NARROW = '(max-width: 1023.98px)';
const listQuery = (f: Filters) => Object.fromEntries(Object.entries(f).filter(([, v]) => v !== '')) as Partial<Filters>;

export default function ListingFreightPage(_props: { screen?: ScreenDef }) {
  const { t } = useTranslation();
  const can = useCan();
  const fmt = useFormatDate();
  const navigate = useNavigate();
  const [filters, setFilters] = useUrlState(DEFAULTS);
  const [creating, setCreating] = useState(false);
  const airlines = useAirlineOptions(filters.airlineCode);
  const list = useQuery({ queryKey: [...freightsKey, filters], queryFn: ({ signal }) => freightApi.freights(listQuery(filters), signal), placeholderData: keepPreviousData });
  const data = list.data;
  const counts = data?.counts;
  const tabs = ['all', ...FREIGHT_STATUSES] as const;
  // Short names on the tabs (the full one on hover), so the ten tabs fit a 1280 px screen beside the menu.
  const tabLabel = (s: string) => t(`air.freight.tab.${s}`);
  const tabTitle = (s: string) => (s === 'all' ? t('air.freight.all') : t(`freight.status.${s}`));
  const filtered = !!(filters.keyword || filters.startDate || filters.endDate || filters.airlineCode);
  const clear = () => setFilters({ keyword: '', startDate: '', endDate: '', airlineCode: '' });
  const manage = can('EX-FREIGHT-MANAGE');

  const columns: TableColumnsType<Freight> = [
    {
      title: t('air.freight.name'),
      dataIndex: 'name',
      onCell: () => ({ style: { minWidth: 120 } }),
      render: (v: string, f) => (
        <Link to={`/app/freight/listing-freight/${f._id}`} aria-label={t('air.freight.openOf', { name: v, mawb: f.mawb })}>
          {v}
        </Link>
      ),
    },
    { title: t('air.freight.mawb'), dataIndex: 'mawb', render: (v: string) => <Mono>{v}</Mono> },
    { title: t('air.freight.airline'), dataIndex: 'airlineCode', render: (v: string, f) => <span title={f.airlineName}>{v}</span> },
    { title: t('air.freight.route'), key: 'route', render: (_: unknown, f) => routeOf(f.departureAirportCode, f.arrivalAirportCode) },
    {
      title: t('air.freight.departureDate'),
      dataIndex: 'departureDate',
      render: (v: string) => (
        <span style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
          {fmt(v).slice(0, 10)}
          <br />
          <Typography.Text type="secondary">{fmt(v).slice(11, 16)}</Typography.Text>
        </span>
      ),
    },
    { title: t('air.common.status'), dataIndex: 'status', render: (v: Freight['status']) => <FreightStatusTag status={v} /> },
    { title: t('air.freight.cartons'), dataIndex: 'cartons', align: 'right' },
    { title: t('air.freight.parcels'), dataIndex: 'parcels', align: 'right' },
    { title: t('air.freight.weights'), key: 'weights', render: (_: unknown, f) => <Weights f={f} /> },
    { title: t('air.freight.cost'), dataIndex: 'cost', align: 'right', render: (v: number | null) => (v === null ? <Typography.Text type="secondary">{t('air.cost.notYet')}</Typography.Text> : usd(v)) },
  ];

  return (
    <ScreenCard
      title={t('screen.listingFreight')}
      extra={
        manage && (
          <>
            <Button icon={<ScanOutlined />} onClick={() => navigate('/app/freight/package-freight')}>
              {t('air.freight.toPackage')}
            </Button>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
              {t('air.freight.new')}
            </Button>
          </>
        )
      }
    >
      <StatusTabs tabs={tabs} value={filters.status} counts={counts} label={t('air.freight.statusFilter')} tabLabel={tabLabel} tabTitle={tabTitle} gutter={16} selectWhen={NARROW} onChange={(status) => setFilters({ status })} />
      <Space wrap style={{ marginBottom: 16 }} role="search" aria-label={t('air.common.filters')}>
        <KeywordFilter value={filters.keyword} label={t('air.freight.keyword')} onSearch={(keyword) => setFilters({ keyword })} />
        <DateRangeFilter
          from={filters.startDate}
          to={filters.endDate}
          label={t('air.freight.departureDates')}
          placeholder={[t('air.freight.departureFrom'), t('air.freight.departureTo')]}
          onChange={(startDate, endDate) => setFilters({ startDate, endDate })}
        />
        <AirlineFilter value={filters.airlineCode} airlines={airlines} onChange={(airlineCode) => setFilters({ airlineCode })} />
        {filtered && (
          <Button type="link" onClick={clear}>
            {t('air.common.clearFilters')}
          </Button>
        )}
      </Space>
      <ResponsiveTable<Freight>
        size="small"
        rowKey="_id"
        columns={columns}
        dataSource={data?.rows}
        loading={list.isFetching}
        loadFailure={loadFailureOf(list)}
        locale={{
          emptyText: list.isLoading ? ' ' : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={filtered || filters.status !== 'all' ? t('air.common.noMatch') : t('air.freight.empty')}>
              {filtered ? (
                <Button onClick={clear}>{t('air.common.clearFilters')}</Button>
              ) : (
                manage && (
                  <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
                    {t('air.freight.new')}
                  </Button>
                )
              )}
            </Empty>
          ),
        }}
        pagination={serverPagination(Number(filters.page), Number(filters.pageSize), data?.totalCount, (page, pageSize) => setFilters({ page, pageSize }), t)}
      />
      <FreightFormModal editing={creating ? 'new' : null} onClose={() => setCreating(false)} onSaved={(f) => navigate(`/app/freight/listing-freight/${f._id}`)} />
    </ScreenCard>
  );
}
