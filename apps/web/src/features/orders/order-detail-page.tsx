import { Alert, Button, Card, Col, Descriptions, Empty, Row, Skeleton, Space, Table, Tag, Timeline, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { OrderDetail, ScreenDef } from '@exship/contracts';
import { ApiError } from '../../api/client';
import { ordersApi } from '../../api/endpoints';
import { errorText } from '../../shared/api-feedback';
import { usd } from '../../shared/money';
import { FeeTable } from './fee-table';
import { historyReasonText } from './history-reason';
import { OrderActions, detailKey } from './order-actions';
import { OrderCheckInCard } from './order-check-in-card';
import { OrderShippingCard, TrackingCancelAction } from './order-shipping-card';
import { refundText } from './refund-text';
import { OrderHandover } from '../../shared/handover';
import { useCan } from '../../shared/list-ui';
import { OrderStatusCell, OrderStatusTag, PaymentStatusTag, ScreenCard, countryName, dimensions, grams, useFormatDate, useIsStaff, useRestrictedViewer } from './shared';

// SPEC §2 /app/orders/order-detail/{orderId}: every field of the order (SPEC §3), its fee lines,
// products, surcharges and status history, and the §4 actions it allows now.

const dash = (v: string | null | undefined) => (v ? v : '—');
const statusText = (t: (k: string) => string, s: string | null) => (s ? t(`orders.status.${s}`) : null);
const paymentText = (t: (k: string) => string, s: string | null) => (s ? t(`orders.payment.${s}`) : null);

/** Who changed the order, when, from which status to which, and why. */
function HistoryTimeline({ order }: { order: OrderDetail }) {
  const { t } = useTranslation();
  const fmt = useFormatDate();
  if (order.history.length === 0) return <Empty description={t('orders.history.empty')} image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  const items = [...order.history]
    .sort((a, b) => a.at.localeCompare(b.at))
    .map((h, i) => {
      const from = statusText(t, h.from);
      const to = statusText(t, h.to) ?? h.to;
      const payFrom = paymentText(t, h.paymentFrom);
      const payTo = paymentText(t, h.paymentTo);
      return {
        key: `${h.at}-${i}`,
        color: h.to === 'canceled' ? 'red' : h.to === 'delivered' || h.to === 'completed' ? 'green' : 'blue',
        content: (
          <Space orientation="vertical" size={0}>
            <Typography.Text strong>{t(`orders.event.${h.action}`, { defaultValue: h.action })}</Typography.Text>
            <Typography.Text>{from && h.from !== h.to ? `${from} → ${to}` : to}</Typography.Text>
            {payFrom && payTo && payFrom !== payTo && <Typography.Text type="secondary">{t('orders.history.payment', { from: payFrom ?? '—', to: payTo })}</Typography.Text>}
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {`${fmt(h.at)} · ${h.by ? h.by.fullName : t('orders.history.system')}`}
            </Typography.Text>
            {h.reason && <Typography.Text italic>{t('orders.history.reason', { reason: historyReasonText(t, h) })}</Typography.Text>}
          </Space>
        ),
      };
    });
  return <Timeline items={items} />;
}

export default function OrderDetailPage(_props: { screen?: ScreenDef }) {
  const { orderId = '' } = useParams();
  const { t, i18n } = useTranslation();
  const staff = useIsStaff();
  const restricted = useRestrictedViewer();
  const can = useCan();
  const fmt = useFormatDate();
  const query = useQuery({
    queryKey: detailKey(orderId),
    queryFn: ({ signal }) => ordersApi.get(orderId, signal),
  });
  const back = (
    <Link to="/app/orders">
      <ArrowLeftOutlined /> {t('orders.detail.back')}
    </Link>
  );

  if (query.isLoading) {
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 10 }} />
      </Card>
    );
  }
  if (query.isError || !query.data) {
    const missing = query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400);
    return (
      <Card>
        <Space orientation="vertical">
          {back}
          <Alert type={missing ? 'warning' : 'error'} showIcon title={missing ? t('orders.detail.notFound') : errorText(query.error, t)} />
          {!missing && <Button onClick={() => query.refetch()}>{t('orders.retry')}</Button>}
        </Space>
      </Card>
    );
  }

  const o = query.data.data;
  const r = o.recipient;
  const labelStyle = { label: { whiteSpace: 'nowrap' as const } };
  const refund = refundText(o, t, fmt);
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      {back}
      <ScreenCard
        title={
          <Space wrap size={8}>
            <span>{o.exOrderId}</span>
            <Typography.Text type="secondary" style={{ fontSize: 18, fontWeight: 400 }}>
              {o.orderName}
            </Typography.Text>
          </Space>
        }
        extra={
          <>
            {/* A claim is prefilled with this order; lost when the tracker says so (docs/tickets-and-claims.md). */}
            {can('EX-TICKET-CREATE') && o.routingStatus && (
              <Link to={`/app/ticket?claimOrder=${o.id}&claimReason=${o.routingStatus === 'lost' ? 'lost' : o.routingStatus === 'delivered' ? 'damaged' : 'late'}`}>{t('orders.detail.openClaim')}</Link>
            )}
            <OrderActions order={o} />
            <TrackingCancelAction order={o} />
          </>
        }
      >
        {o.replacedBy && (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            title={t('orders.detail.replaced')}
            action={<Link to={`/app/orders/order-detail/${o.replacedBy}`}>{t('orders.detail.openReplacement')}</Link>}
          />
        )}
        {refund && <Alert type="info" showIcon style={{ marginBottom: 16 }} title={refund} />}
        {o.editScope === 'address-as-new-order' && <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={t('orders.detail.addressOnly')} />}
        <Descriptions column={{ xs: 1, sm: 2, lg: 3 }} size="small" bordered styles={labelStyle}>
          <Descriptions.Item label={t('orders.field.status')}>
            <OrderStatusCell order={o} restricted={restricted} />
          </Descriptions.Item>
          <Descriptions.Item label={t('orders.field.preStatus')}>{o.preStatus ? <OrderStatusTag status={o.preStatus} /> : '—'}</Descriptions.Item>
          <Descriptions.Item label={t('orders.field.paymentStatus')}>
            <PaymentStatusTag status={o.paymentStatus} />
          </Descriptions.Item>
          <Descriptions.Item label={t('orders.field.routingStatus')}>{o.routingStatus ? t(`orders.routing.${o.routingStatus}`) : '—'}</Descriptions.Item>
          <Descriptions.Item label={t('orders.field.checkInStatus')}>{o.checkInStatus ? t(`orders.checkIn.${o.checkInStatus}`) : '—'}</Descriptions.Item>
          <Descriptions.Item label={t('orders.field.scheduleStatus')}>{o.scheduleStatus ? t(`orders.schedule.${o.scheduleStatus}`) : '—'}</Descriptions.Item>
          <Descriptions.Item label={t('orders.field.trackingNumber')}>
            {o.trackingNumber ? <Typography.Text copyable={{ tooltips: [t('orders.copyTracking'), t('orders.copied')] }}>{o.trackingNumber}</Typography.Text> : '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t('orders.field.labelUs')}>{o.labelUs ? <Tag color="green">{t('orders.yes')}</Tag> : <Tag>{t('orders.no')}</Tag>}</Descriptions.Item>
          <Descriptions.Item label={t('orders.field.paymentMethod')}>{t(`orders.paymentMethod.${o.paymentMethod}`)}</Descriptions.Item>
          {staff && <Descriptions.Item label={t('orders.field.customer')}>{o.customer ? `${o.customer.fullName} (${o.customer.email})` : '—'}</Descriptions.Item>}
          <Descriptions.Item label={t('orders.field.createdAt')}>{fmt(o.createdAt)}</Descriptions.Item>
          <Descriptions.Item label={t('orders.field.updatedAt')}>{fmt(o.updatedAt)}</Descriptions.Item>
          {o.labeledAt && <Descriptions.Item label={t('orders.field.labeledAt')}>{fmt(o.labeledAt)}</Descriptions.Item>}
          {o.canceledAt && <Descriptions.Item label={t('orders.field.canceledAt')}>{fmt(o.canceledAt)}</Descriptions.Item>}
          <Descriptions.Item label={t('orders.field.note')} span="filled">
            <span style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{dash(o.note)}</span>
          </Descriptions.Item>
        </Descriptions>
      </ScreenCard>

      <OrderShippingCard order={o} />

      {/* SPEC §3 check-in date and status: shown once the parcel is labeled (before that nothing reaches the warehouse). */}
      {(o.labeledAt || o.checkInStatus || o.status === 'error-dimension') && <OrderCheckInCard order={o} />}

      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card title={t('orders.detail.recipient')} style={{ height: '100%' }}>
            <Descriptions column={1} size="small" styles={labelStyle}>
              <Descriptions.Item label={t('orders.field.recipientName')}>{`${r.firstName} ${r.lastName}`.trim()}</Descriptions.Item>
              <Descriptions.Item label={t('orders.field.address1')}>{r.address1}</Descriptions.Item>
              <Descriptions.Item label={t('orders.field.address2')}>{dash(r.address2)}</Descriptions.Item>
              <Descriptions.Item label={t('orders.field.city')}>{r.city}</Descriptions.Item>
              <Descriptions.Item label={t('orders.field.state')}>{dash(r.state)}</Descriptions.Item>
              <Descriptions.Item label={t('orders.field.zipcode')}>{r.zipcode}</Descriptions.Item>
              <Descriptions.Item label={t('orders.field.country')}>{`${countryName(r.country, i18n.language)} (${r.country})`}</Descriptions.Item>
              <Descriptions.Item label={t('orders.field.email')}>{dash(r.email)}</Descriptions.Item>
              <Descriptions.Item label={t('orders.field.phone')}>{dash(r.phone)}</Descriptions.Item>
              <Descriptions.Item label={t('orders.field.taxNumber')}>{dash(r.taxNumber)}</Descriptions.Item>
            </Descriptions>
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('orders.detail.parcel')} style={{ height: '100%' }}>
            <Descriptions column={1} size="small" styles={labelStyle}>
              <Descriptions.Item label={t('orders.field.service')}>{`${o.serviceCode} — ${o.serviceName}`}</Descriptions.Item>
              <Descriptions.Item label={t('orders.field.carrier')}>{dash(o.carrierCode)}</Descriptions.Item>
              <Descriptions.Item label={t('orders.field.warehouse')}>{dash(o.warehouseCode)}</Descriptions.Item>
              <Descriptions.Item label={t('orders.field.dimensions')}>{dimensions(o)}</Descriptions.Item>
              <Descriptions.Item label={t('orders.field.weight')}>{grams(o.weightGr)}</Descriptions.Item>
              <Descriptions.Item label={t('orders.field.quantity')}>{o.quantity}</Descriptions.Item>
              <Descriptions.Item label={t('orders.field.signature')}>{o.signature ? t('orders.yes') : t('orders.no')}</Descriptions.Item>
              <Descriptions.Item label={t('orders.field.discountCode')}>{dash(o.discountCode)}</Descriptions.Item>
              {o.labelTiktok && (
                <Descriptions.Item label={t('orders.field.labelTiktok')}>
                  <Typography.Link href={o.labelTiktok} target="_blank" rel="noreferrer" style={{ overflowWrap: 'anywhere' }}>
                    {o.labelTiktok}
                  </Typography.Link>
                </Descriptions.Item>
              )}
            </Descriptions>
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('handover.title')} style={{ height: '100%' }}>
            <OrderHandover warehouseCode={o.warehouseCode} />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('orders.fee.title')} style={{ height: '100%' }}>
            <FeeTable fees={o.fees} />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('orders.detail.history')} style={{ height: '100%' }}>
            <HistoryTimeline order={o} />
          </Card>
        </Col>
      </Row>

      <Card title={t('orders.detail.lines', { count: o.lines.length })}>
        {o.lines.length === 0 ? (
          <Typography.Text type="secondary">{t('orders.detail.freeParcel')}</Typography.Text>
        ) : (
          <Table
            rowKey={(l) => `${l.productId}-${l.variantId}`}
            size="small"
            pagination={false}
            scroll={{ x: 'max-content' }}
            dataSource={o.lines}
            columns={[
              { title: t('orders.line.product'), dataIndex: 'productName', render: (name: string, l) => <Link to={`/app/products/${l.productId}`}>{name}</Link> },
              { title: t('orders.line.sku'), dataIndex: 'sku' },
              { title: t('orders.line.quantity'), dataIndex: 'quantity', align: 'right' },
              { title: t('orders.line.restricted'), dataIndex: 'restrictedCategory', render: (v: string | null) => (v ? t(`orders.restricted.${v}`, { defaultValue: v }) : '—') },
              { title: t('orders.line.volumeMl'), dataIndex: 'volumeMl', align: 'right', render: (v: number | null) => (v == null ? '—' : v.toLocaleString(i18n.language)) },
              { title: t('orders.line.valueUsd'), dataIndex: 'valueUsd', align: 'right', render: (v: number | null) => (v == null ? '—' : usd(v)) },
            ]}
          />
        )}
      </Card>

      <Card title={t('orders.detail.surcharges', { count: o.surcharges.length })}>
        {o.surcharges.length === 0 ? (
          <Typography.Text type="secondary">{t('orders.detail.noSurcharges')}</Typography.Text>
        ) : (
          <Table
            rowKey="id"
            size="small"
            pagination={false}
            scroll={{ x: 'max-content' }}
            dataSource={o.surcharges}
            columns={[
              { title: t('orders.surcharge.amount'), dataIndex: 'amount', align: 'right', render: (v: number) => usd(v) },
              { title: t('orders.surcharge.reason'), dataIndex: 'reason', render: (v: string) => t(`orders.surchargeReason.${v}`, { defaultValue: v }) },
              { title: t('orders.surcharge.detailReason'), dataIndex: 'detailReason', render: (v: string) => v || t('orders.na') },
              { title: t('orders.surcharge.note'), dataIndex: 'note', render: (v: string) => dash(v) },
              { title: t('orders.surcharge.paid'), dataIndex: 'paid', render: (v: boolean) => (v ? <Tag color="green">{t('orders.yes')}</Tag> : <Tag color="orange">{t('orders.no')}</Tag>) },
              { title: t('orders.field.createdAt'), dataIndex: 'createdAt', render: (v: string) => fmt(v) },
            ]}
          />
        )}
      </Card>
    </Space>
  );
}
