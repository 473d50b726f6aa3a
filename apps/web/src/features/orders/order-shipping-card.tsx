import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Card, Descriptions, Empty, Form, Input, Modal, Popconfirm, Radio, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { FileTextOutlined, PrinterOutlined, StopOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  GetOrderBarcodeLabelEndpoint,
  GetOrderLabelEndpoint,
  GetOrderShippingEndpoint,
  GetOrderUsLabelEndpoint,
  RetryLabelVoidEndpoint,
  TrackingCancelEndpoint,
  type LabelPurchase,
  type LabelPurchaseStatus,
  type LabelVoidStatus,
  type OrderDetail,
  type OrderShipping,
  type TrackingCancelMode,
} from '@exship/contracts';
import { isLabelVoid, mayCancelTrackingByApi } from '@exship/domain';
import { callEnvelope, download } from '../../api/call';
import { errorText } from '../../shared/api-feedback';
import { CopyLinkButton, RoutingTimeline } from '../../shared/routing';
import { useAction } from '../../shared/use-action';
import { purchaseErrorText } from './history-reason';
import { detailKey } from './order-actions';
import { useCan, useDownload, useFormatDate, useIsStaff } from './shared';

// The order detail's "Label and tracking" card: the tracking number, the label files (each behind
// its permission), the public tracking link, lost / late flags, every label purchase and the
// routing timeline. While a purchase is scheduled or buying, it polls until the purchase settles.

export const shippingKey = (orderId: string) => ['orders', 'shipping', orderId];
const PURCHASE_COLORS: Record<LabelPurchaseStatus, string> = { scheduled: 'gold', buying: 'processing', purchased: 'green', failed: 'red', voided: 'default', superseded: 'default' };
/** A replaced or cancelled label's void with its carrier: asked, confirmed, or failed (staff retry it). */
const VOID_COLORS: Record<LabelVoidStatus, string> = { requested: 'gold', voided: 'default', failed: 'red' };
const POLL_MS = 3000;
/** A purchase due later than this is checked every 30 s instead (a 24 h timing would poll all day). */
const POLL_SLOW_MS = 30_000;

/**
 * How often to reload: every 3 s while a label is being bought, is due within a minute, or is
 * awaited by a just-paid order whose purchase is not recorded yet; else slowly or not at all.
 */
export function pollInterval(purchases: Pick<LabelPurchase, 'status' | 'dueAt'>[], now: number, awaitingLabel = false): number | false {
  if (purchases.some((p) => p.status === 'buying')) return POLL_MS;
  if (awaitingLabel && !purchases.some((p) => p.status === 'scheduled')) return POLL_MS;
  const due = purchases.filter((p) => p.status === 'scheduled').map((p) => Date.parse(p.dueAt));
  if (due.length === 0) return false;
  return Math.min(...due) - now <= 60_000 ? POLL_MS : POLL_SLOW_MS;
}

/** The order's shipping, fetched again whenever the order changes (paid, labeled, cancelled…). */
export function useOrderShipping(order: Pick<OrderDetail, 'id' | 'status' | 'updatedAt'>) {
  const awaitingLabel = order.status === 'paid' || order.status === 'waiting-label';
  return useQuery({
    queryKey: [...shippingKey(order.id), order.status, order.updatedAt],
    queryFn: ({ signal }) => callEnvelope(GetOrderShippingEndpoint, { params: { orderId: order.id }, signal }),
    refetchInterval: (q) => pollInterval(q.state.data?.data.purchases ?? [], Date.now(), awaitingLabel),
  });
}

const unsettled = (s?: OrderShipping) => (s?.purchases ?? []).some((p) => p.status === 'scheduled' || p.status === 'buying');

export function OrderShippingCard({ order }: { order: OrderDetail }) {
  const { t } = useTranslation();
  const can = useCan();
  const fmt = useFormatDate();
  const queryClient = useQueryClient();
  const query = useOrderShipping(order);
  const files = useDownload({ done: 'orders.ship.downloaded', failed: 'orders.ship.downloadFailed' });
  const s = query.data?.data;
  const retryVoid = useAction((purchaseId: string) => callEnvelope(RetryLabelVoidEndpoint, { params: { orderId: order.id, purchaseId } }), {
    success: 'orders.ship.voidRetried',
    invalidate: [shippingKey(order.id)],
  });
  const mayRetryVoid = can('EX-ORDER-NEW-LABEL');

  // A purchase that settles changes the order (labeled, label error): reload the detail once.
  const wasBusy = useRef(false);
  const busy = unsettled(s);
  useEffect(() => {
    if (wasBusy.current && !busy) void queryClient.invalidateQueries({ queryKey: detailKey(order.id) });
    wasBusy.current = busy;
  }, [busy, order.id, queryClient]);

  if (query.isLoading) {
    return (
      <Card title={t('orders.ship.title')}>
        <Skeleton active paragraph={{ rows: 4 }} />
      </Card>
    );
  }
  if (query.isError || !s) {
    return (
      <Card title={t('orders.ship.title')}>
        <Alert type="error" showIcon title={errorText(query.error, t)} action={<Button onClick={() => query.refetch()}>{t('orders.retry')}</Button>} />
      </Card>
    );
  }

  const id = order.id;
  // A cancelled order's label is void (or being voided): the server refuses it, the buttons say so first.
  const voided = isLabelVoid(order.status);
  const fileButton = (key: string, label: string, load: () => Promise<{ blob: Blob; fileName: string }>) => (
    <Button key={key} icon={key.startsWith('zpl') ? <FileTextOutlined /> : <PrinterOutlined />} loading={files.busy === key} disabled={!s.hasLabel || voided} title={voided && s.hasLabel ? t('orders.ship.labelVoided') : undefined} onClick={() => void files.run(key, load)}>
      {label}
    </Button>
  );
  const buttons = [
    can('EX-ORDER-ROUTING-LABEL') && fileButton('pdf', t('orders.ship.labelPdf'), () => download(GetOrderLabelEndpoint, { params: { orderId: id }, query: { format: 'pdf' } })),
    can('EX-ORDER-ROUTING-LABEL') && fileButton('zpl', t('orders.ship.labelZpl'), () => download(GetOrderLabelEndpoint, { params: { orderId: id }, query: { format: 'zpl' } })),
    can('EX-ORDER-PRINT-US-LABEL') && fileButton('us', t('orders.ship.usLabel'), () => download(GetOrderUsLabelEndpoint, { params: { orderId: id }, query: { format: 'pdf' } })),
    can('EX-ORDER-PRINT-BARCODE') && fileButton('barcode', t('orders.ship.barcodeLabel'), () => download(GetOrderBarcodeLabelEndpoint, { params: { orderId: id }, query: { format: 'pdf' } })),
  ].filter(Boolean);
  const scheduled = s.purchases.find((p) => p.status === 'scheduled');
  const buying = s.purchases.some((p) => p.status === 'buying');

  return (
    <Card
      title={t('orders.ship.title')}
      extra={
        <Space size={4} wrap>
          {s.lostAt && <Tag color="red">{t('orders.ship.lost', { date: fmt(s.lostAt) })}</Tag>}
          {s.lateAt && <Tag color="orange">{t('orders.ship.late', { date: fmt(s.lateAt) })}</Tag>}
        </Space>
      }
    >
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        {scheduled && <Alert type="info" showIcon title={t('orders.ship.scheduled', { date: fmt(scheduled.dueAt) })} description={t('orders.ship.scheduledHelp')} />}
        {buying && <Alert type="info" showIcon title={t('orders.ship.buying')} />}
        <Descriptions column={{ xs: 1, sm: 2 }} size="small" styles={{ label: { whiteSpace: 'nowrap' } }}>
          <Descriptions.Item label={t('orders.field.trackingNumber')}>
            {s.trackingNumber ? (
              <Typography.Text copyable={{ tooltips: [t('orders.copyTracking'), t('orders.copied')] }} style={{ overflowWrap: 'anywhere' }}>
                {s.trackingNumber}
              </Typography.Text>
            ) : (
              '—'
            )}
          </Descriptions.Item>
          <Descriptions.Item label={t('orders.ship.publicLink')}>
            {s.publicPath ? (
              <Space wrap size={8}>
                <Typography.Link href={s.publicPath} target="_blank" rel="noreferrer">
                  {t('orders.ship.openPublic')}
                </Typography.Link>
                <CopyLinkButton publicPath={s.publicPath} label={t('orders.ship.copyLink')} done={t('orders.ship.linkCopied')} />
              </Space>
            ) : (
              '—'
            )}
          </Descriptions.Item>
        </Descriptions>
        {buttons.length > 0 && (
          <Space wrap role="group" aria-label={t('orders.ship.files')}>
            {buttons}
            {!s.hasLabel && <Typography.Text type="secondary">{t('orders.ship.noLabel')}</Typography.Text>}
          </Space>
        )}
        <div>
          <Typography.Title level={3} style={{ fontSize: 15 }}>
            {t('orders.ship.purchases')}
          </Typography.Title>
          {s.purchases.length === 0 ? (
            <Typography.Text type="secondary">{t('orders.ship.noPurchases')}</Typography.Text>
          ) : (
            <Table<LabelPurchase>
              size="small"
              rowKey="_id"
              pagination={false}
              scroll={{ x: 'max-content' }}
              dataSource={s.purchases}
              columns={[
                {
                  title: t('orders.ship.purchase.status'),
                  dataIndex: 'status',
                  render: (v: LabelPurchaseStatus, p) => (
                    <Space size={4}>
                      <Tag color={PURCHASE_COLORS[v]}>{t(`orders.ship.purchaseStatus.${v}`)}</Tag>
                      {p.voidStatus && <Tag color={VOID_COLORS[p.voidStatus]}>{t(`orders.ship.voidStatus.${p.voidStatus}`)}</Tag>}
                    </Space>
                  ),
                },
                { title: t('orders.field.carrier'), dataIndex: 'carrierCode' },
                { title: t('orders.field.trackingNumber'), dataIndex: 'trackingNumber', render: (v: string | null) => v ?? '—' },
                { title: t('orders.ship.purchase.tries'), dataIndex: 'tries', align: 'right' },
                { title: t('orders.ship.purchase.due'), dataIndex: 'dueAt', render: (v: string) => fmt(v) },
                { title: t('orders.ship.purchase.purchasedAt'), dataIndex: 'purchasedAt', render: (v: string | null) => fmt(v) },
                {
                  title: t('orders.ship.purchase.error'),
                  dataIndex: 'error',
                  render: (v: string | null, p) => (
                    <Space orientation="vertical" size={4}>
                      {v ? <Typography.Text type="danger">{purchaseErrorText(t, v)}</Typography.Text> : !p.voidError && '—'}
                      {p.voidError && <Typography.Text type={p.voidStatus === 'failed' ? 'danger' : 'secondary'}>{t('orders.ship.voidError', { error: p.voidError })}</Typography.Text>}
                      {p.voidStatus === 'failed' && mayRetryVoid && (
                        <Popconfirm
                          title={t('orders.ship.retryVoidTitle')}
                          description={t('orders.ship.retryVoidBody', { tracking: p.trackingNumber ?? '—' })}
                          okText={t('orders.ship.retryVoid')}
                          cancelText={t('common.cancel')}
                          onConfirm={() => retryVoid.run(p._id)}
                        >
                          <Button size="small" loading={retryVoid.pending && retryVoid.variables === p._id}>
                            {t('orders.ship.retryVoid')}
                          </Button>
                        </Popconfirm>
                      )}
                    </Space>
                  ),
                },
              ]}
            />
          )}
        </div>
        <div>
          <Typography.Title level={3} style={{ fontSize: 15 }}>
            {t('orders.ship.routing')}
          </Typography.Title>
          {s.events.length === 0 ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('orders.ship.noEvents')} /> : <RoutingTimeline events={s.events} format={fmt} />}
        </div>
      </Space>
    </Card>
  );
}

/**
 * Staff cancel a label's tracking (SPEC §4): normal asks the carrier and cancels when it confirms
 * (carriers HPW, SBAE, LB, FLS, VNPL, GTF only, SPEC §5); force cancels at once. Asks first.
 */
export function TrackingCancelAction({ order }: { order: OrderDetail }) {
  const { t } = useTranslation();
  const can = useCan();
  const staff = useIsStaff();
  const queryClient = useQueryClient();
  const shipping = useOrderShipping(order);
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ mode: TrackingCancelMode; reason?: string }>();
  const apiCancel = mayCancelTrackingByApi(order.carrierCode);
  const cancel = useAction((v: { mode: TrackingCancelMode; reason?: string }) => callEnvelope(TrackingCancelEndpoint, { params: { orderId: order.id }, body: { mode: v.mode, reason: v.reason ?? '' } }), {
    success: 'orders.ship.cancelDone',
    form,
    invalidate: [detailKey(order.id), shippingKey(order.id), ['orders', 'list']],
    onSuccess: () => setOpen(false),
  });
  const finished = ['shipped', 'delivered', 'completed', 'canceled', 'waiting-cancel'].includes(order.status);
  if (!staff || !can('EX-ORDER-CANCEL') || !shipping.data?.data.hasLabel || finished) return null;
  return (
    <>
      <Button danger icon={<StopOutlined />} onClick={() => setOpen(true)}>
        {t('orders.ship.cancel')}
      </Button>
      <Modal
        open={open}
        title={t('orders.ship.cancelTitle', { id: order.exOrderId })}
        okText={t('orders.ship.cancelOk')}
        okButtonProps={{ danger: true }}
        cancelText={t('orders.confirm.keep')}
        confirmLoading={cancel.pending}
        onCancel={() => setOpen(false)}
        onOk={() => form.submit()}
        destroyOnHidden
        afterClose={() => void queryClient.invalidateQueries({ queryKey: shippingKey(order.id) })}
      >
        <Form form={form} layout="vertical" preserve={false} initialValues={{ mode: apiCancel ? 'normal' : 'force', reason: '' }} onFinish={(v) => void cancel.run(v)}>
          <Form.Item name="mode" label={t('orders.ship.cancelMode')} extra={apiCancel ? undefined : t('orders.ship.cancelNoApi', { carrier: order.carrierCode ?? '—' })}>
            <Radio.Group>
              <Space orientation="vertical">
                <Radio value="normal" disabled={!apiCancel}>
                  {t('orders.ship.modeNormal')}
                </Radio>
                <Radio value="force">{t('orders.ship.modeForce')}</Radio>
              </Space>
            </Radio.Group>
          </Form.Item>
          <Form.Item name="reason" label={t('orders.ship.cancelReason')} rules={[{ max: 255, message: t('validation.note.max') }]}>
            <Input.TextArea rows={3} maxLength={255} showCount />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
