import { useState } from 'react';
import { Button, Radio, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ReconciliationRow, WalmartReconciliationKind } from '@exship/contracts';
import { PickFilter } from '../../shared/list-filters';
import { UrlServerTable, useCan, useListQuery, useUrlState } from '../../shared/screen';
import { reconciliationKey, walmartApi } from './api';
import { useFormatDate } from './format';
import { ResolveDifferenceModal } from './resolve-difference-modal';
import { useStores } from './stores';

// The differences the reconciliation found between Walmart's status of an order and ours (nightly,
// or "Reconcile now" on a store). A difference is resolved when a later run no longer finds it, or by
// hand with a note (EX-WALMART-PUSH) when it was settled outside ExShip.

const KIND_COLORS: Record<WalmartReconciliationKind, string> = { 'cancelled-on-walmart': 'red', 'push-missing': 'orange', 'status-differs': 'gold', 'missing-on-walmart': 'volcano' };
/** Its own URL keys, beside the orders' filters of the same screen. */
const DEFAULTS = { rPage: '1', rPageSize: '10', rStoreId: '', rState: 'open' };
const STATES = ['open', 'resolved', 'all'] as const;

export function Reconciliation() {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const stores = useStores();
  const can = useCan();
  const [resolving, setResolving] = useState<ReconciliationRow | null>(null);
  const [filters, setFilters] = useUrlState(DEFAULTS, 'rPage');
  const query = useListQuery(reconciliationKey.join('.'), filters, (f, signal) =>
    walmartApi.reconciliation({ page: f.rPage, pageSize: f.rPageSize, storeId: f.rStoreId, state: f.rState } as never, signal),
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
          {r.resolvedAt && <Tag color="green" style={{ marginInlineEnd: 0, width: 'fit-content' }}>{t('walmart.reconcile.resolvedAt', { date: formatDate(r.resolvedAt) })}</Tag>}
          {r.resolvedAt && <Typography.Text type="secondary" style={{ fontSize: 12 }}>{r.resolvedBy !== null ? t('walmart.reconcile.resolvedBy', { name: r.resolvedBy }) : t('walmart.reconcile.resolvedByRun')}</Typography.Text>}
          {r.resolutionNote && <Typography.Text style={{ fontSize: 12, whiteSpace: 'pre-wrap' }}>{r.resolutionNote}</Typography.Text>}
        </Space>
      ),
    },
  ];
  if (can('EX-WALMART-PUSH') && filters.rState !== 'resolved') {
    columns.push({
      title: t('walmart.reconcile.actions'),
      key: 'actions',
      width: 110,
      render: (_: unknown, r) =>
        r.resolvedAt ? null : (
          <Button size="small" onClick={() => setResolving(r)} aria-label={`${t('walmart.reconcile.resolve')} ${r.purchaseOrderId}`}>
            {t('walmart.reconcile.resolve')}
          </Button>
        ),
    });
  }
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
        <Radio.Group
          optionType="button"
          aria-label={t('walmart.reconcile.stateFilter')}
          value={filters.rState}
          onChange={(e) => setFilters({ rState: e.target.value as string })}
          options={STATES.map((s) => ({ value: s, label: t(`walmart.reconcile.state.${s}`) }))}
        />
      </Space>
      <UrlServerTable<ReconciliationRow>
        query={query}
        columns={columns}
        filters={{ page: filters.rPage, pageSize: filters.rPageSize }}
        setFilters={({ page, pageSize }) => setFilters({ rPage: page, rPageSize: pageSize })}
        emptyText={filters.rState === 'resolved' ? t('walmart.reconcile.emptyResolved') : t('walmart.reconcile.empty')}
      />
      <ResolveDifferenceModal difference={resolving} onClose={() => setResolving(null)} />
    </Space>
  );
}
