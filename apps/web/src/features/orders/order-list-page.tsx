import { useEffect, useState, type Key } from 'react';
import { Alert, Badge, Button, Empty, Input, Popconfirm, Select, Space, Tabs, Typography } from 'antd';
import { DownloadOutlined, FilePdfOutlined, PlusOutlined, UploadOutlined, WalletOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { formatUsd, toCents } from '@exship/domain';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CHECK_IN_STATUSES, DownloadLabelsEndpoint, ExportTrackingEndpoint, ORDER_STATUSES, PAYMENT_STATUSES, SCREENS, SHIPPING_LIMITS, type OrderSummary, type ScreenDef } from '@exship/contracts';
import { download } from '../../api/call';
import { ordersApi } from '../../api/endpoints';
import { loadFailureOf, ResponsiveTable } from '../../shared/responsive-table';
import { PHONE_QUERY, useMediaQuery } from '../../shared/use-media-query';
import { DatePicker, viewerDayBound } from '../../shared/date-picker';
import { useIdempotencyKeys } from '../../shared/idempotency';
import { useAction } from '../../shared/use-action';
import { errorText } from '../../shared/api-feedback';
import { useCustomerOptions } from '../../shared/use-customer-options';
import { useSession } from '../../api/session';
import { useWallet } from '../../app/layout/wallet-boxes';
import { PayProgressModal, type PayProgress } from './pay-progress-modal';
import { selectedPayCents } from './pay-total';
import { ColumnChooser, useColumnChoice, useOrderColumns } from './order-columns';
import { TrackingImportModal } from './tracking-import';
import { ScreenCard, serverPagination, useCan, useCarrierCodeOptions, useDownload, useIsStaff, useServiceCodeOptions, useUrlState } from './shared';

// SPEC §2 /app/orders: the order list. Filters, tab and page live in the URL (a link or a reload
// reproduces the view); the server pages and counts the orders per status for the tabs.

export const LIST_DEFAULTS = {
  status: 'all',
  paymentStatus: 'all',
  checkInStatus: 'all',
  keyword: '',
  serviceCode: '',
  carrierCode: '',
  customerId: '',
  dateFrom: '',
  dateTo: '',
  page: '1',
  pageSize: '10',
};
type Filters = typeof LIST_DEFAULTS;

/** Is the import screen routed yet? The button leads nowhere until it is. */
const importScreenAvailable = SCREENS.some((s) => s.id === 'importOrder' && s.available);

/** The list's query: the URL filters without the empty ones. */
export function listQuery<F extends Partial<Filters>>(f: F): Partial<F> {
  const kept = Object.fromEntries(Object.entries(f).filter(([, v]) => v !== '')) as Partial<F>;
  // The URL keeps the picked days; the server gets them as the user's days (their offset), not UTC's.
  if (kept.dateFrom) kept.dateFrom = viewerDayBound(kept.dateFrom, 'from') as F['dateFrom'];
  if (kept.dateTo) kept.dateTo = viewerDayBound(kept.dateTo, 'to') as F['dateTo'];
  return kept;
}

/** The export takes the list's filters without paging. */
const exportQuery = ({ page: _page, pageSize: _pageSize, ...rest }: Filters) => listQuery(rest);

const seenKey = (userId: string) => `exship.orders.tabs.${userId}`;

/**
 * The statuses that have had orders in this browser tab's visit (kept in sessionStorage per user, so
 * opening an order and coming back, or a reload, keeps them), with `current` added.
 */
function useSeenStatuses(userId: string | undefined, current: readonly string[]): ReadonlySet<string> {
  const [seen, setSeen] = useState<ReadonlySet<string>>(() => {
    try {
      const raw = userId ? sessionStorage.getItem(seenKey(userId)) : null;
      return new Set(raw ? (JSON.parse(raw) as string[]) : []);
    } catch {
      return new Set();
    }
  });
  const added = current.filter((s) => !seen.has(s));
  const addedKey = added.join(',');
  useEffect(() => {
    if (!addedKey) return;
    setSeen((before) => {
      const next = new Set([...before, ...addedKey.split(',')]);
      if (userId) sessionStorage.setItem(seenKey(userId), JSON.stringify([...next]));
      return next;
    });
  }, [addedKey, userId]);
  return added.length ? new Set([...seen, ...added]) : seen;
}

export default function OrderListPage(_props: { screen?: ScreenDef }) {
  const { t } = useTranslation();
  const can = useCan();
  const staff = useIsStaff();
  const navigate = useNavigate();
  const phone = useMediaQuery(PHONE_QUERY);
  const [filters, setFilters] = useUrlState(LIST_DEFAULTS);
  const [selected, setSelected] = useState<Key[]>([]);
  // The selected orders as last seen (a selection may span pages): the bulk pay names their total.
  const [selectedOrders, setSelectedOrders] = useState<ReadonlyMap<Key, OrderSummary>>(new Map());
  const { profile } = useSession();
  const { allowed: walletShown, wallet } = useWallet(profile);
  const toPayCents = selectedPayCents(selected.map((k) => selectedOrders.get(k)));
  const columnChoice = useColumnChoice();
  const columns = useOrderColumns(columnChoice.chosen);
  const services = useServiceCodeOptions();
  const carriers = useCarrierCodeOptions();
  const customers = useCustomerOptions(staff, filters.customerId ? [filters.customerId] : []);
  // SPEC §2 "multiple pay": the selected orders in one all-or-nothing payment.
  const payKeys = useIdempotencyKeys();
  // The payment's progress and result are shown in a modal; the failure only there.
  const [payProgress, setPayProgress] = useState<PayProgress | null>(null);
  const paySelected = useAction((ids: string[]) => ordersApi.pay(ids, payKeys.keyFor(ids)), {
    success: 'orders.pay.done',
    errorMessage: false,
    invalidate: [['orders'], ['wallet']],
    onSuccess: (res, ids) => {
      payKeys.done();
      setSelected([]);
      setPayProgress({ phase: 'done', count: ids.length, paid: res.data.paid, amount: res.data.amount, balanceAfter: res.data.balanceAfter });
    },
    onError: (err, ids) => setPayProgress({ phase: 'failed', count: ids.length, message: errorText(err, t) }),
  });
  const payOrders = (ids: string[]) => {
    setPayProgress({ phase: 'running', count: ids.length });
    void paySelected.run(ids);
  };
  const exporter = useDownload({ done: 'orders.export.done', failed: 'orders.export.failed' });
  // Labels of the selected orders as one merged PDF; a 422 names the orders without a label.
  const labels = useDownload({ done: 'orders.labels.done', failed: 'orders.labels.failed' });
  const trackingExport = useDownload({ done: 'orders.trackingExport.done', failed: 'orders.trackingExport.failed' });
  const [importingTracking, setImportingTracking] = useState(false);
  const list = useQuery({
    queryKey: ['orders', 'list', filters],
    queryFn: ({ signal }) => ordersApi.list(listQuery(filters), signal),
    placeholderData: keepPreviousData,
  });
  const data = list.data?.data;
  const counts = data?.counts ?? {};
  const countOf = (status: string) => (status === 'all' ? (counts.all ?? Object.values(counts).reduce((s, n) => s + n, 0)) : (counts[status] ?? 0));
  // The statuses that have orders under the other filters, the chosen one, and those shown before in
  // this visit: every order status as a tab would overflow the bar (and antd's overflow button is not
  // a valid child of a tab list), but a tab never vanishes under the seller's eyes when its last order
  // moves on (paying the last unpaid order): it stays, greyed, with its 0.
  const seen = useSeenStatuses(profile?.id, data ? ORDER_STATUSES.filter((s) => countOf(s) > 0) : []);
  const statusTabs = ['all', ...ORDER_STATUSES.filter((s) => countOf(s) > 0 || seen.has(s) || s === filters.status)];
  const emptyTab = (key: string) => !!data && key !== 'all' && countOf(key) === 0;
  const tabLabel = (key: string) => (key === 'all' ? t('orders.tab.all') : t(`orders.status.${key}`));
  // No counts until a list has loaded: a failed load is not "All 0".
  const optionLabel = (key: string) => (data ? `${tabLabel(key)} (${countOf(key)})` : tabLabel(key));
  const filtered = filters.paymentStatus !== 'all' || filters.checkInStatus !== 'all' || !!(filters.keyword || filters.serviceCode || filters.carrierCode || filters.customerId || filters.dateFrom || filters.dateTo);

  const range: [dayjs.Dayjs | null, dayjs.Dayjs | null] | null =
    filters.dateFrom || filters.dateTo ? [filters.dateFrom ? dayjs(filters.dateFrom) : null, filters.dateTo ? dayjs(filters.dateTo) : null] : null;

  const clearFilters = () => setFilters({ paymentStatus: '', checkInStatus: '', keyword: '', serviceCode: '', carrierCode: '', customerId: '', dateFrom: '', dateTo: '' });

  const empty = filtered || filters.status !== 'all' ? (
    <Empty description={t('orders.list.noMatch')}>
      {filtered && <Button onClick={clearFilters}>{t('orders.filter.clear')}</Button>}
    </Empty>
  ) : (
    <Empty description={t('orders.list.empty')}>
      {can('EX-ORDER-CREATE') && (
        <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/app/orders/create-order')}>
          {t('orders.create')}
        </Button>
      )}
    </Empty>
  );

  return (
    <ScreenCard
      title={t('screen.orders')}
      extra={
        <>
          <ColumnChooser chosen={columnChoice.chosen} onChange={columnChoice.choose} onReset={columnChoice.reset} />
          {can('EX-ORDER-EXPORT') && (
            <Button icon={<DownloadOutlined />} loading={exporter.busy === 'export'} onClick={() => exporter.run('export', () => ordersApi.export(exportQuery(filters)))}>
              {t('orders.export.button')}
            </Button>
          )}
          {can('EX-ORDER-TRACKING-EXPORT') && (
            <Button
              icon={<DownloadOutlined />}
              loading={trackingExport.busy === 'tracking'}
              onClick={() => trackingExport.run('tracking', () => download(ExportTrackingEndpoint, { query: { dateFrom: filters.dateFrom ? viewerDayBound(filters.dateFrom, 'from') : undefined, dateTo: filters.dateTo ? viewerDayBound(filters.dateTo, 'to') : undefined, routingStatus: 'all' } }))}
            >
              {t('orders.trackingExport.button')}
            </Button>
          )}
          {can('EX-ORDER-TRACKING-IMPORT') && staff && (
            <Button icon={<UploadOutlined />} onClick={() => setImportingTracking(true)}>
              {t('orders.trackingImport.button')}
            </Button>
          )}
          {can('EX-ORDER-IMPORT') && importScreenAvailable && (
            <Button icon={<UploadOutlined />} onClick={() => navigate('/app/orders/import-order')}>
              {t('orders.import.button')}
            </Button>
          )}
          {can('EX-ORDER-CREATE') && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/app/orders/create-order')}>
              {t('orders.create')}
            </Button>
          )}
        </>
      }
    >
      {phone ? (
        <Select
          aria-label={t('orders.filter.status')}
          value={filters.status}
          onChange={(status: string) => setFilters({ status })}
          style={{ width: '100%', marginBottom: 12 }}
          options={statusTabs.map((key) => ({ value: key, label: optionLabel(key) }))}
        />
      ) : (
        <Tabs
          size="small"
          activeKey={filters.status}
          onChange={(status) => setFilters({ status })}
          items={statusTabs.map((key) => ({
            key,
            label: emptyTab(key) ? (
              <Typography.Text type="secondary">
                {tabLabel(key)} <Badge count={0} showZero size="small" color="#d1d5db" style={{ color: '#4b5563' }} />
              </Typography.Text>
            ) : (
              <span>
                {tabLabel(key)} {data && <Badge count={countOf(key)} showZero overflowCount={99_999} color={key === filters.status ? '#1d4ed8' : '#6b7280'} size="small" />}
              </span>
            ),
          }))}
        />
      )}
      <Space wrap style={{ marginBottom: 16 }} role="search" aria-label={t('orders.filter.group')}>
        <Input.Search
          key={`kw-${filters.keyword}`}
          defaultValue={filters.keyword}
          allowClear
          placeholder={t('orders.filter.keyword')}
          aria-label={t('orders.filter.keyword')}
          onSearch={(keyword) => setFilters({ keyword: keyword.trim() })}
          style={{ width: 260 }}
        />
        <Select
          aria-label={t('orders.filter.paymentStatus')}
          value={filters.paymentStatus}
          onChange={(paymentStatus: string) => setFilters({ paymentStatus })}
          style={{ width: 200 }}
          options={[{ value: 'all', label: t('orders.filter.allPayments') }, ...PAYMENT_STATUSES.map((s) => ({ value: s, label: t(`orders.payment.${s}`) }))]}
        />
        <Select
          aria-label={t('orders.filter.checkInStatus')}
          value={filters.checkInStatus}
          onChange={(checkInStatus: string) => setFilters({ checkInStatus })}
          style={{ width: 200 }}
          options={[{ value: 'all', label: t('orders.filter.allCheckIns') }, ...CHECK_IN_STATUSES.map((s) => ({ value: s, label: t(`orders.checkIn.${s}`) }))]}
        />
        <DatePicker.RangePicker
          format="DD-MM-YYYY"
          value={range}
          allowEmpty={[true, true]}
          aria-label={t('orders.filter.dateRange')}
          placeholder={[t('orders.filter.dateFrom'), t('orders.filter.dateTo')]}
          onChange={(dates) => setFilters({ dateFrom: dates?.[0]?.format('YYYY-MM-DD') ?? '', dateTo: dates?.[1]?.format('YYYY-MM-DD') ?? '' })}
          style={{ width: 260 }}
        />
        <Select
          aria-label={t('orders.filter.service')}
          placeholder={t('orders.filter.allServices')}
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          value={filters.serviceCode || undefined}
          onChange={(serviceCode?: string) => setFilters({ serviceCode: serviceCode ?? '' })}
          style={{ width: 200 }}
          loading={services.loading}
          options={services.options}
        />
        {carriers.available ? (
          <Select
            aria-label={t('orders.filter.carrier')}
            placeholder={t('orders.filter.allCarriers')}
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            value={filters.carrierCode || undefined}
            onChange={(carrierCode?: string) => setFilters({ carrierCode: carrierCode ?? '' })}
            style={{ width: 200 }}
            options={carriers.options}
          />
        ) : (
          <Input.Search
            key={`cc-${filters.carrierCode}`}
            defaultValue={filters.carrierCode}
            allowClear
            maxLength={50}
            placeholder={t('orders.filter.carrierCode')}
            aria-label={t('orders.filter.carrier')}
            onSearch={(code) => setFilters({ carrierCode: code.trim().toUpperCase() })}
            style={{ width: 200 }}
          />
        )}
        {staff && (
          <Select
            aria-label={t('orders.filter.customer')}
            placeholder={t('orders.filter.allCustomers')}
            allowClear
            showSearch={{ optionFilterProp: 'label', onSearch: customers.setSearch }}
            value={filters.customerId || undefined}
            onChange={(customerId?: string) => setFilters({ customerId: customerId ?? '' })}
            style={{ width: 260 }}
            loading={customers.loading}
            options={customers.options}
          />
        )}
        {filtered && (
          <Button type="link" onClick={clearFilters}>
            {t('orders.filter.clear')}
          </Button>
        )}
      </Space>
      {selected.length > 0 && (
        <Alert
          type="info"
          style={{ marginBottom: 12 }}
          role="status"
          title={t('orders.selection.count', { count: selected.length })}
          // On a phone the buttons go under the count: beside it they squeeze it to one letter a line.
          {...{ [phone ? 'description' : 'action']: (
            <Space wrap>
              {can('EX-ORDER-PAY') && (selected.length === 1 || can('EX-ORDER-MULTIPLE-PAY')) && (
                <Popconfirm
                  title={t('orders.pay.selectedTitle', { count: selected.length, amount: formatUsd(toPayCents) })}
                  description={
                    <div style={{ maxWidth: 320 }}>
                      {t('orders.pay.selectedBody')}
                      {walletShown && wallet && <div style={{ marginTop: 4, fontWeight: 500 }}>{t('orders.pay.selectedBalanceAfter', { balance: formatUsd(toCents(wallet.balance) - toPayCents) })}</div>}
                    </div>
                  }
                  okText={t('orders.pay.button')}
                  cancelText={t('common.cancel')}
                  onConfirm={() => payOrders(selected.map(String))}
                >
                  <Button size="small" type="primary" icon={<WalletOutlined />} loading={paySelected.pending}>
                    {t('orders.pay.selected')}
                  </Button>
                </Popconfirm>
              )}
              {can('EX-ORDER-ROUTING-LABEL') && (
                <Button
                  size="small"
                  icon={<FilePdfOutlined />}
                  loading={labels.busy === 'labels'}
                  disabled={selected.length > SHIPPING_LIMITS.bulkLabelsMax}
                  title={selected.length > SHIPPING_LIMITS.bulkLabelsMax ? t('orders.labels.tooMany', { max: SHIPPING_LIMITS.bulkLabelsMax }) : undefined}
                  onClick={() => labels.run('labels', () => download(DownloadLabelsEndpoint, { body: { orderIds: selected.map(String) } }))}
                >
                  {t('orders.labels.button', { count: selected.length })}
                </Button>
              )}
              <Button size="small" onClick={() => setSelected([])}>
                {t('orders.selection.clear')}
              </Button>
            </Space>
          ) }}
        />
      )}
      <ResponsiveTable<OrderSummary>
        size="small"
        rowKey="id"
        columns={columns}
        dataSource={data?.items}
        loading={list.isFetching}
        loadFailure={loadFailureOf(list)}
        locale={{ emptyText: list.isLoading ? ' ' : empty }}
        rowSelection={{
          selectedRowKeys: selected,
          preserveSelectedRowKeys: true,
          onChange: (keys, rows) => {
            setSelected(keys);
            setSelectedOrders((known) => new Map(keys.map((k, i) => [k, rows[i] ?? known.get(k)] as const).filter((e): e is [Key, OrderSummary] => e[1] !== undefined)));
          },
          getCheckboxProps: (o) => ({ 'aria-label': t('orders.selection.select', { id: o.exOrderId }) }) as never,
        }}
        pagination={serverPagination(Number(filters.page), Number(filters.pageSize), data?.total, (page, pageSize) => setFilters({ page, pageSize }), t)}
      />
      <PayProgressModal progress={payProgress} onClose={() => setPayProgress(null)} />
      {importingTracking && <TrackingImportModal open onClose={() => setImportingTracking(false)} />}
    </ScreenCard>
  );
}
