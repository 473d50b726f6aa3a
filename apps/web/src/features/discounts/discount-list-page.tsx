import './locales';
import { Space, Tabs, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ScreenDef } from '@exship/contracts';
import { discountApi, type DiscountItem } from '../../api/endpoints';
import { ScreenCard, ServerTable, StatusTag, useCan, useListQuery, useRemove, useUrlState, editDeleteColumn, KeywordSearch, NewButton } from '../../shared/list-ui';
import { amountOffText, localDate } from './discount-format';
import { DatePicker } from '../../shared/date-picker';

// SPEC §3: current page, pageSize 10, searchKey, status (default all), startDate, endDate. §4: tabs all, schedules, active, expired.
const DEFAULTS = { status: 'all', searchKey: '', startDate: '', endDate: '', current: '1' };
const TABS = ['all', 'schedules', 'active', 'expired'] as const;
const PAGE_SIZE = 10;

export default function DiscountListPage(_props: { screen?: ScreenDef }) {
  const { t } = useTranslation();
  const can = useCan();
  const navigate = useNavigate();
  const [filters, setFilters] = useUrlState(DEFAULTS, 'current');
  const list = useListQuery('discounts', filters, (f, signal) => discountApi.list({ ...f, pageSize: PAGE_SIZE }, signal));
  const manage = can('EX-DISCOUNT-MANAGE');
  const remove = useRemove((d: DiscountItem) => discountApi.remove(d.code), 'discounts');

  const columns: TableColumnsType<DiscountItem> = [
    { title: t('discount.code'), dataIndex: 'code', render: (code: string) => <Link to={`/app/discount/${encodeURIComponent(code)}`}>{code}</Link> },
    { title: t('discount.name'), dataIndex: 'name' },
    { title: t('discount.amountOff'), dataIndex: 'amountOff', align: 'right', render: (a: DiscountItem['amountOff']) => amountOffText(a) },
    { title: t('net.field.status'), dataIndex: 'status', render: (s: string) => <StatusTag status={s} /> },
    {
      title: t('discount.used'),
      key: 'used',
      align: 'right',
      render: (_, d) => (d.limitUseTotal ? `${d.used} / ${d.limitUseTotal.toLocaleString('en-US')}` : String(d.used)),
    },
    { title: t('discount.startDate'), dataIndex: 'startDate', render: (v: string) => localDate(v) },
    { title: t('discount.endDate'), dataIndex: 'endDate', render: (v: string) => localDate(v) },
    { title: t('discount.timeZone'), dataIndex: 'timeZone', render: (tz: DiscountItem['timeZone']) => t(`discount.timeZone.${tz.offset}`, { defaultValue: `GMT${tz.offset} ${tz.zone}` }) },
    ...editDeleteColumn<DiscountItem>(
      manage,
      { onEdit: (d) => navigate(`/app/discount/${encodeURIComponent(d.code)}`), onDelete: remove, confirmTitle: (d) => t('discount.deleteConfirm', { code: d.code }) },
      t,
    ),
  ];

  const range: [dayjs.Dayjs, dayjs.Dayjs] | null =
    filters.startDate && filters.endDate ? [dayjs(filters.startDate.slice(0, 10)), dayjs(filters.endDate.slice(0, 10))] : null;

  return (
    <ScreenCard
      title={t('screen.discount')}
      extra={<NewButton show={manage} label={t('discount.new')} onClick={() => navigate('/app/discount/new')} />}
    >
      <Tabs
        activeKey={(TABS as readonly string[]).includes(filters.status) ? filters.status : 'all'}
        onChange={(status) => setFilters({ status })}
        items={TABS.map((key) => ({ key, label: t(`discount.tab.${key}`) }))}
      />
      <Space wrap style={{ marginBottom: 16 }}>
        <KeywordSearch value={filters.searchKey} placeholder={t('discount.searchPlaceholder')} onSearch={(searchKey) => setFilters({ searchKey: searchKey })} width={260} />
        <DatePicker.RangePicker
          format="DD-MM-YYYY"
          value={range}
          allowEmpty={[true, true]}
          aria-label={t('discount.dateRange')}
          placeholder={[t('discount.startDate'), t('discount.endDate')]}
          onChange={(dates) =>
            setFilters({
              startDate: dates?.[0] ? `${dates[0].format('YYYY-MM-DD')}T00:00` : '',
              endDate: dates?.[1] ? `${dates[1].format('YYYY-MM-DD')}T23:59` : '',
            })
          }
        />
      </Space>
      <ServerTable<DiscountItem>
        query={list}
        columns={columns}
        page={Number(filters.current)}
        pageSize={PAGE_SIZE}
        onPage={(current) => setFilters({ current })}
        sizes={[PAGE_SIZE]}
        emptyText={t('discount.empty')}
      />
    </ScreenCard>
  );
}
