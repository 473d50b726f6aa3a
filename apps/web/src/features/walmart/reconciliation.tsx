import { Space, Switch, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ReconciliationRow, WalmartReconciliationKind } from '@exship/contracts';
import { PickFilter } from '../../shared/list-filters';
import { UrlServerTable, useListQuery, useUrlState } from '../../shared/screen';
import { reconciliationKey, walmartApi } from './api';
import { useFormatDate } from './format';
import { useStores } from './stores';

// The differences the reconciliation found between Walmart's status of an order and ours (nightly,
// or "Reconcile now" on a store). A difference is resolved when a later run no longer finds it.

const KIND_COLORS: Record<WalmartReconciliationKind, string> = { 'cancelled-on-walmart': 'red', 'push-missing': 'orange', 'status-differs': 'gold', 'missing-on-walmart': 'volcano' };
/** Its own URL keys, beside the orders' filters of the same screen. */
const DEFAULTS = { rPage: '1', rPageSize: '10', rStoreId: '', rOpen: 'true' };

export function Reconciliation() {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const stores = useStores();
  const [filters, setFilters] = useUrlState(DEFAULTS, 'rPage');
  const query = useListQuery(reconciliationKey.join('.'), filters, (f, signal) =>
    walmartApi.reconciliation({ page: f.rPage, pageSize: f.rPageSize, storeId: f.rStoreId, open: f.rOpen } as never, signal),
  );
  const columns: TableColumnsType<ReconciliationRow> = [
    {
      title: t('walmart.order.purchaseOrder'),
      dataIndex: 'purchaseOrderId',
      width: 170,
      render: (_: unknown, r) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text strong copyable style={{ whiteSpace: 'nowrap' }}>{r.purchaseOrderId}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>{stores.data?.find((s) => s.id === r.storeId)?.name ?? ''}</Typography.Text>
        </Space>
      ),
    },
    {
      title: t('walmart.reconcile.difference'),
      dataIndex: 'kind',
      render: (_: unknown, r) => (
        <Space orientation="vertical" size={2}>
          <Tag color={KIND_COLORS[r.kind]}>{t(`walmart.reconcile.kind.${r.kind}`)}</Tag>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>{t(`walmart.reconcile.explain.${r.kind}`)}</Typography.Text>
        </Space>
      ),
    },
    {
      title: t('walmart.reconcile.statuses'),
      key: 'statuses',
      width: 210,
      render: (_: unknown, r) => (
        <Space orientation="vertical" size={0} style={{ fontSize: 12 }}>
          <span>{t('walmart.reconcile.onWalmart', { status: r.walmartStatus ?? '—' })}</span>
          <span>{t('walmart.reconcile.here', { status: t(`walmart.status.${r.ourStatus}`) })}</span>
          {r.exshipOrderStatus && <span>{t('walmart.reconcile.exshipOrder', { status: r.exshipOrderStatus })}</span>}
        </Space>
      ),
    },
    {
      title: t('walmart.reconcile.found'),
      key: 'found',
      width: 180,
      render: (_: unknown, r) => (
        <Space orientation="vertical" size={0} style={{ fontSize: 12 }}>
          <span>{formatDate(r.detectedAt)}</span>
          {r.resolvedAt && <Tag color="green">{t('walmart.reconcile.resolvedAt', { date: formatDate(r.resolvedAt) })}</Tag>}
        </Space>
      ),
    },
  ];
  const lastRunAt = query.data?.data.lastRunAt;
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('walmart.reconcile.hint')} {lastRunAt ? t('walmart.reconcile.lastRun', { date: formatDate(lastRunAt) }) : t('walmart.reconcile.neverRun')}
      </Typography.Paragraph>
      <Space wrap>
        <PickFilter
          label={t('walmart.orders.store')}
          allLabel={t('walmart.orders.allStores')}
          value={filters.rStoreId}
          loading={stores.isLoading}
          options={(stores.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
          onChange={(rStoreId) => setFilters({ rStoreId })}
        />
        <Space>
          <Switch id="walmart-recon-resolved" checked={filters.rOpen === 'false'} onChange={(on) => setFilters({ rOpen: on ? 'false' : 'true' })} />
          <label htmlFor="walmart-recon-resolved">{t('walmart.reconcile.showResolved')}</label>
        </Space>
      </Space>
      <UrlServerTable<ReconciliationRow>
        query={query}
        columns={columns}
        filters={{ page: filters.rPage, pageSize: filters.rPageSize }}
        setFilters={({ page, pageSize }) => setFilters({ rPage: page, rPageSize: pageSize })}
        emptyText={t('walmart.reconcile.empty')}
      />
    </Space>
  );
}
