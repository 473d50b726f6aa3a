import { useState } from 'react';
import { Alert, App, Button, Card, Descriptions, Empty, Modal, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { CheckCircleOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { GetOrderCheckInEndpoint, type CheckIn, type CheckInOutcome, type OrderDetail } from '@exship/contracts';
import { call } from '../../api/call';
import { ApiError } from '../../api/client';
import { ordersApi } from '../../api/endpoints';
import { errorText } from '../../shared/api-feedback';
import { usd } from '../../shared/money';
import { useAction } from '../../shared/use-action';
import { detailKey } from './order-actions';
import { useCan, useFormatDate } from './shared';

// The order detail's "Check-in" card: what the origin warehouse measured against what was declared,
// both prices when they differ, and — for a dimension error — the seller's confirmation of the new
// size (SPEC §4: a new order at the new price replaces this one, which is cancelled and refunded
// after 7 working days; unconfirmed after 10 days, the system handles it).

export const checkInKey = (orderId: string) => ['orders', 'check-in', orderId];
const OUTCOME_COLORS: Record<CheckInOutcome, string> = { 'checked-in': 'green', 'error-dimension': 'volcano', 'manual weighing': 'gold', 'check-in error': 'red' };
const SIDES = [
  ['weightGr', 'g'],
  ['lengthCm', 'cm'],
  ['widthCm', 'cm'],
  ['heightCm', 'cm'],
] as const;

const number = (v: number, unit: string) => `${v.toLocaleString('en-US', { maximumFractionDigits: 2 })} ${unit}`;

/** Measured against declared, one line per measure, the excess flagged. */
function MeasuresTable({ c }: { c: CheckIn }) {
  const { t } = useTranslation();
  const rows = SIDES.map(([key, unit]) => {
    const declared = c.declared[key];
    const measured = c.measured?.[key] ?? null;
    return { key, unit, declared, measured, over: measured === null ? null : Math.round((measured - declared) * 100) / 100 };
  });
  return (
    <Table
      size="small"
      rowKey="key"
      pagination={false}
      dataSource={rows}
      aria-label={t('orders.checkInCard.measures')}
      scroll={{ x: 'max-content' }}
      columns={[
        { title: t('orders.checkInCard.measure'), dataIndex: 'key', render: (k: string) => t(`orders.checkInCard.${k}`) },
        { title: t('orders.checkInCard.declared'), dataIndex: 'declared', align: 'right', render: (v: number, r) => number(v, r.unit) },
        { title: t('orders.checkInCard.measured'), dataIndex: 'measured', align: 'right', render: (v: number | null, r) => (v === null ? '—' : number(v, r.unit)) },
        {
          title: t('orders.checkInCard.over'),
          dataIndex: 'over',
          align: 'right',
          render: (v: number | null, r) => (v === null ? '—' : <Typography.Text type={v > 0 ? 'danger' : undefined}>{`${v > 0 ? '+' : ''}${number(v, r.unit)}`}</Typography.Text>),
        },
      ]}
    />
  );
}

export function OrderCheckInCard({ order }: { order: OrderDetail }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const can = useCan();
  const fmt = useFormatDate();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const query = useQuery({
    queryKey: [...checkInKey(order.id), order.status, order.updatedAt],
    queryFn: ({ signal }) => call(GetOrderCheckInEndpoint, { params: { orderId: order.id }, signal }),
    retry: (n, err) => !(err instanceof ApiError && err.status === 404) && n < 2,
  });
  const confirm = useAction(() => ordersApi.action('confirmDimension', order.id), {
    success: false,
    onSuccess: async (res) => {
      setConfirming(false);
      message.success(t('orders.done.confirmDimension'));
      queryClient.setQueryData(detailKey(order.id), res);
      await queryClient.invalidateQueries({ queryKey: ['orders', 'list'] });
      void queryClient.invalidateQueries({ queryKey: ['wallet'] });
      if (res.data.replacedBy) {
        modal.info({ title: t('orders.replaced.title'), content: t('orders.replaced.body'), okText: t('orders.replaced.ok') });
        navigate(`/app/orders/order-detail/${res.data.replacedBy}`);
      }
    },
  });
  const mayConfirm = order.allowedActions.includes('confirmDimension') && can('EX-ORDER-UPDATE');
  const c = query.data;
  const missing = query.error instanceof ApiError && query.error.status === 404;
  // A flat price bracket: the measured size costs no more, so there is no "$0.00 more" to name.
  const confirmText = (price: number, difference: number) =>
    difference > 0 ? t('orders.checkInCard.confirmNewPrice', { price: usd(price), difference: usd(difference) }) : t('orders.checkInCard.confirmSamePrice', { price: usd(price) });

  const body = () => {
    if (query.isLoading) return <Skeleton active paragraph={{ rows: 4 }} />;
    if (missing) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('orders.checkInCard.notYet')} />;
    if (query.isError || !c) return <Alert type="error" showIcon title={errorText(query.error, t)} action={<Button size="small" onClick={() => void query.refetch()}>{t('orders.retry')}</Button>} />;
    return (
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        {order.status === 'error-dimension' && (
          <Alert
            type="warning"
            showIcon
            title={t('orders.checkInCard.beyond')}
            // The button under the text, not beside it: beside, a phone squeezes the text to a word a line.
            description={
              <Space orientation="vertical" size={8}>
                {c.confirmBy && <span>{t('orders.checkInCard.confirmWithin', { date: fmt(c.confirmBy) })}</span>}
                {mayConfirm && (
                  <Button type="primary" icon={<CheckCircleOutlined />} onClick={() => setConfirming(true)}>
                    {t('orders.action.confirmDimension')}
                  </Button>
                )}
              </Space>
            }
          />
        )}
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }} styles={{ label: { whiteSpace: 'nowrap' } }}>
          <Descriptions.Item label={t('orders.checkInCard.outcome')}>
            <Tag color={OUTCOME_COLORS[c.outcome]}>{t(`orders.checkInCard.outcome.${c.outcome}`)}</Tag>
          </Descriptions.Item>
          <Descriptions.Item label={t('orders.checkInCard.warehouse')}>{c.warehouseCode}</Descriptions.Item>
          <Descriptions.Item label={t('orders.checkInCard.at')}>{fmt(c.checkedInAt)}</Descriptions.Item>
          <Descriptions.Item label={t('orders.checkInCard.declaredPrice')}>{usd(c.declaredPrice)}</Descriptions.Item>
          <Descriptions.Item label={t('orders.checkInCard.measuredPrice')}>{c.measuredPrice == null ? '—' : usd(c.measuredPrice)}</Descriptions.Item>
          <Descriptions.Item label={t('orders.checkInCard.difference')}>{c.difference == null ? '—' : usd(c.difference)}</Descriptions.Item>
          {c.confirmBy && <Descriptions.Item label={t('orders.checkInCard.confirmBy')}>{fmt(c.confirmBy)}</Descriptions.Item>}
          {c.restricted.length > 0 && (
            <Descriptions.Item label={t('orders.checkInCard.restricted')}>{c.restricted.map((r) => t(`floor.restricted.${r}`)).join(', ')}</Descriptions.Item>
          )}
        </Descriptions>
        <MeasuresTable c={c} />
      </Space>
    );
  };

  return (
    <Card title={t('orders.checkInCard.title')}>
      {body()}
      <Modal
        open={confirming}
        title={t('orders.confirm.confirmDimension.title')}
        okText={t('orders.action.confirmDimension')}
        cancelText={t('common.cancel')}
        confirmLoading={confirm.pending}
        onOk={() => void confirm.run()}
        onCancel={() => setConfirming(false)}
        destroyOnHidden
      >
        <Space orientation="vertical" size={8}>
          <Typography.Paragraph style={{ margin: 0 }}>
            {c?.measuredPrice != null ? confirmText(c.measuredPrice, c.difference ?? c.measuredPrice - c.declaredPrice) : t('orders.confirm.confirmDimension.body')}
          </Typography.Paragraph>
          <Typography.Paragraph style={{ margin: 0 }}>{t('orders.checkInCard.confirmRefund', { price: usd(c?.declaredPrice ?? order.totalPrice) })}</Typography.Paragraph>
        </Space>
      </Modal>
    </Card>
  );
}
