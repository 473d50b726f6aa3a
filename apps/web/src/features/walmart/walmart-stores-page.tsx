import './locales';
import { useState } from 'react';
import { Button, Space, Tabs, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { INTEGRATION_ORDER_STATUSES, type IntegrationOrder, type IntegrationOrderStatus, type ScreenDef } from '@exship/contracts';
import { DateRangeFilter, KeywordFilter, PickFilter, StatusTabs } from '../../shared/list-filters';
import { ScreenCard, UrlServerTable, useCan, useUrlState } from '../../shared/screen';
import { useAction } from '../../shared/use-action';
import { ordersKey, walmartApi, WALMART_KEY } from './api';
import { useFormatDate } from './format';
import { MethodMappings } from './method-mappings';
import { Reconciliation } from './reconciliation';
import { SkuMappingModal } from './sku-mapping-modal';
import { StoresList, useStores } from './stores';

// SPEC §2 /integrations/walmart: the seller's Walmart stores, then the purchase orders they synced
// (integration orders) with what each needs: SKUs to map, the draft order, acknowledge, a failed push.

const STATUS_TABS = ['all', ...INTEGRATION_ORDER_STATUSES] as const;
const STATUS_COLORS: Record<IntegrationOrderStatus, string> = { Created: 'blue', Acknowledged: 'cyan', Shipped: 'geekblue', Delivered: 'green', Cancelled: 'default', Refund: 'magenta' };
const DEFAULTS = { page: '1', pageSize: '10', storeId: '', status: 'all', keyword: '', dateFrom: '', dateTo: '' };

function IntegrationOrders() {
  const { t } = useTranslation();
  const can = useCan();
  const formatDate = useFormatDate();
  // Walmart's estimates are days: the time of day would only crowd the column.
  const dayOf = (value: string | null) => formatDate(value).slice(0, 10);
  const stores = useStores();
  const [urlFilters, setFilters] = useUrlState(DEFAULTS);
  // The connect flow comes back here with `status=connected` (a store's state, not an order status):
  // the list then shows every status of the store just connected.
  const filters = (STATUS_TABS as readonly string[]).includes(urlFilters.status) ? urlFilters : { ...urlFilters, status: 'all' };
  const [mapping, setMapping] = useState<IntegrationOrder | null>(null);
  const query = useQuery({
    queryKey: [...ordersKey, filters],
    queryFn: ({ signal }) => walmartApi.orders(filters, signal),
  });
  const act = useAction(({ action, order }: { action: 'acknowledge' | 'retryPush'; order: IntegrationOrder }) => walmartApi[action](order.id) as Promise<never>, {
    success: 'net.common.saved',
    invalidate: [[WALMART_KEY]],
  });
  const busy = (action: string, o: IntegrationOrder) => act.pending && act.variables?.action === action && act.variables.order.id === o.id;
  const columns: TableColumnsType<IntegrationOrder> = [
    {
      title: t('walmart.order.purchaseOrder'),
      key: 'po',
      width: 150,
      render: (_: unknown, o) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text strong copyable style={{ whiteSpace: 'nowrap' }}>{o.purchaseOrderId}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>{t('walmart.order.customerOrder', { id: o.customerOrderId })}</Typography.Text>
          <Typography.Text type="secondary">{o.storeName}</Typography.Text>
        </Space>
      ),
    },
    { title: t('walmart.order.product'), dataIndex: 'product', width: 150, ellipsis: { showTitle: true } },
    { title: t('walmart.order.customer'), dataIndex: 'customer', width: 110 },
    {
      title: t('walmart.order.status'),
      dataIndex: 'status',
      width: 130,
      render: (_: unknown, o) => (
        <Space orientation="vertical" size={2}>
          <Tag color={STATUS_COLORS[o.status]}>{t(`walmart.status.${o.status}`)}</Tag>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>{t('walmart.order.methodIs', { method: o.shippingMethod })}</Typography.Text>
          {/* What Walmart shows the buyer once the shipment is pushed. */}
          {o.trackingNumber && (
            <Typography.Text copyable style={{ fontSize: 12 }}>
              {t('walmart.order.trackingIs', { tracking: o.trackingNumber })}
            </Typography.Text>
          )}
          {o.ackOverdue && <Tag color="volcano">{t('walmart.order.ackOverdue')}</Tag>}
        </Space>
      ),
    },
    {
      title: t('walmart.order.dates'),
      key: 'dates',
      width: 150,
      render: (_: unknown, o) => (
        <Space orientation="vertical" size={0} style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
          <Tooltip title={formatDate(o.orderDate)}><span>{t('walmart.order.ordered', { date: dayOf(o.orderDate) })}</span></Tooltip>
          <Typography.Text type="secondary">{t('walmart.order.shipBy', { date: dayOf(o.estimatedShipDate) })}</Typography.Text>
          <Typography.Text type="secondary">{t('walmart.order.deliverBy', { date: dayOf(o.estimatedDeliveryDate) })}</Typography.Text>
        </Space>
      ),
    },
    {
      title: t('walmart.order.platformOrder'),
      key: 'order',
      width: 150,
      render: (_: unknown, o) => (
        <Space orientation="vertical" size={0}>
          {o.orderId ? <Link to={`/app/orders/order-detail/${o.orderId}`}>{o.exOrderId ?? o.orderId}</Link> : <Tag color="gold">{t(`walmart.stage.${o.stage}`)}</Tag>}
          {o.reason && <Typography.Text type="secondary" style={{ fontSize: 12 }}>{o.reason}</Typography.Text>}
          {/* The push to Walmart under the order it belongs to (one column less, so Actions fit at 1280 px). */}
          {o.push.state !== 'none' && (
            <Tooltip title={o.push.error}>
              <Tag color={o.push.state === 'failed' ? 'red' : o.push.state === 'maintenance' ? 'orange' : o.push.state === 'pushed' ? 'green' : 'blue'}>
                {t('walmart.order.push')}: {t(`walmart.push.${o.push.state}`)}
              </Tag>
            </Tooltip>
          )}
        </Space>
      ),
    },
    {
      title: t('walmart.actions'),
      key: 'actions',
      width: 125,
      render: (_: unknown, o) => (
        <Space orientation="vertical" size={4}>
          {o.stage === 'unmapped-sku' && can('EX-WALMART-CONNECT') && (
            <Button size="small" onClick={() => setMapping(o)}>
              {t('walmart.order.mapSkus')}
            </Button>
          )}
          {o.orderId && (
            <Link to={`/app/orders/order-detail/${o.orderId}`}>{t('walmart.order.openDraft')}</Link>
          )}
          {o.status === 'Created' && !o.acknowledgedAt && o.stage !== 'not-seller-fulfilled' && can('EX-WALMART-PUSH') && (
            <Button size="small" loading={busy('acknowledge', o)} onClick={() => void act.run({ action: 'acknowledge', order: o })}>
              {t('walmart.order.acknowledge')}
            </Button>
          )}
          {(o.push.state === 'failed' || o.push.state === 'maintenance') && can('EX-WALMART-PUSH') && (
            <Tooltip title={o.push.error}>
              <Button size="small" danger loading={busy('retryPush', o)} onClick={() => void act.run({ action: 'retryPush', order: o })}>
                {t('walmart.order.retryPush')}
              </Button>
            </Tooltip>
          )}
        </Space>
      ),
    },
  ];
  return (
    <div>
      <Space wrap style={{ marginBottom: 8 }}>
        <PickFilter
          label={t('walmart.orders.store')}
          allLabel={t('walmart.orders.allStores')}
          value={filters.storeId}
          loading={stores.isLoading}
          options={(stores.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
          onChange={(storeId) => setFilters({ storeId })}
        />
        <KeywordFilter value={filters.keyword} label={t('walmart.orders.keyword')} onSearch={(keyword) => setFilters({ keyword })} />
        <DateRangeFilter
          from={filters.dateFrom}
          to={filters.dateTo}
          label={t('walmart.orders.dates')}
          placeholder={[t('walmart.orders.from'), t('walmart.orders.to')]}
          onChange={(dateFrom, dateTo) => setFilters({ dateFrom, dateTo })}
        />
      </Space>
      <StatusTabs
        tabs={STATUS_TABS}
        value={filters.status}
        counts={query.data?.data.counts}
        label={t('walmart.order.status')}
        tabLabel={(s) => t(`walmart.status.${s}`)}
        onChange={(status) => setFilters({ status })}
      />
      <UrlServerTable<IntegrationOrder> query={query} columns={columns} filters={filters} setFilters={setFilters} emptyText={t('walmart.orders.empty')} />
      <SkuMappingModal open={mapping !== null} integrationOrderId={mapping?.id} onClose={() => setMapping(null)} />
    </div>
  );
}

const VIEWS = ['orders', 'methods', 'differences'] as const;

export default function WalmartStoresPage(_props: { screen?: ScreenDef }) {
  const { t } = useTranslation();
  // The view is kept in the URL beside each view's own filters ('view' is its own page key: nothing reset).
  const [{ view }, setView] = useUrlState({ view: 'orders' }, 'view');
  return (
    <ScreenCard title={t('walmart.title')}>
      <StoresList />
      <Tabs
        style={{ marginTop: 16 }}
        activeKey={(VIEWS as readonly string[]).includes(view) ? view : 'orders'}
        onChange={(v) => setView({ view: v })}
        destroyOnHidden
        items={[
          { key: 'orders', label: t('walmart.orders.title'), children: <IntegrationOrders /> },
          { key: 'methods', label: t('walmart.methods.title'), children: <MethodMappings /> },
          { key: 'differences', label: t('walmart.reconcile.title'), children: <Reconciliation /> },
        ]}
      />
    </ScreenCard>
  );
}
