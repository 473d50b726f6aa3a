import { useState } from 'react';
import { Button, Checkbox, Popover, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { OrderSummary } from '@exship/contracts';
import { useSession } from '../../api/session';
import { usd } from '../../shared/money';
import { OrderStatusCell, PaymentStatusTag, useFormatDate, useIsStaff, useRestrictedViewer } from './shared';

// SPEC §3 "Order list default columns": customer_email, quantity, lwh, weight, price, surcharge,
// status, payment_status, tracking_number, checkin_status, label_us; the recipient (ship-to name,
// city, state, country) is shown beside them by default. A few more can be switched on; the choice
// is remembered per user on this browser.

export const DEFAULT_COLUMNS = ['customer_email', 'quantity', 'lwh', 'weight', 'price', 'surcharge', 'status', 'payment_status', 'tracking_number', 'checkin_status', 'label_us'] as const;
export const EXTRA_COLUMNS = ['recipient', 'service', 'carrier', 'country', 'created_at'] as const;
export type OrderColumnKey = (typeof DEFAULT_COLUMNS)[number] | (typeof EXTRA_COLUMNS)[number];
const ALL_COLUMNS: readonly OrderColumnKey[] = [...DEFAULT_COLUMNS, ...EXTRA_COLUMNS];
/** What a new user sees: the SPEC's defaults and where each order ships (it fits beside them at 1280 px). */
export const SHOWN_BY_DEFAULT: readonly OrderColumnKey[] = [...DEFAULT_COLUMNS, 'recipient'];

export const columnsStorageKey = (userId: string) => `exship.orders.columns.${userId}`;

function readChoice(userId: string | undefined): OrderColumnKey[] {
  if (!userId) return [...SHOWN_BY_DEFAULT];
  try {
    const raw = localStorage.getItem(columnsStorageKey(userId));
    if (!raw) return [...SHOWN_BY_DEFAULT];
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [...SHOWN_BY_DEFAULT];
    return ALL_COLUMNS.filter((k) => parsed.includes(k));
  } catch {
    return [...SHOWN_BY_DEFAULT];
  }
}

/** The visible columns of the signed-in user, and a setter that remembers them. */
export function useColumnChoice() {
  const userId = useSession().profile?.id;
  const [chosen, setChosen] = useState<OrderColumnKey[]>(() => readChoice(userId));
  const [forUser, setForUser] = useState(userId);
  if (forUser !== userId) {
    setForUser(userId);
    setChosen(readChoice(userId));
  }
  const choose = (keys: OrderColumnKey[]) => {
    const ordered = ALL_COLUMNS.filter((k) => keys.includes(k));
    setChosen(ordered);
    if (userId) localStorage.setItem(columnsStorageKey(userId), JSON.stringify(ordered));
  };
  return { chosen, choose, reset: () => choose([...SHOWN_BY_DEFAULT]) };
}

/** The column chooser: a button with a checklist of the columns. */
export function ColumnChooser({ chosen, onChange, onReset }: { chosen: OrderColumnKey[]; onChange: (keys: OrderColumnKey[]) => void; onReset: () => void }) {
  const { t } = useTranslation();
  const staff = useIsStaff();
  const keys = ALL_COLUMNS.filter((k) => staff || k !== 'customer_email');
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      title={t('orders.columns.title')}
      content={
        <Space orientation="vertical">
          <Checkbox.Group
            value={chosen}
            onChange={(v) => onChange(v as OrderColumnKey[])}
            style={{ display: 'grid', gap: 6 }}
            options={keys.map((k) => ({ value: k, label: t(`orders.column.${k}`) }))}
            aria-label={t('orders.columns.title')}
          />
          <Button size="small" type="link" onClick={onReset} style={{ padding: 0 }}>
            {t('orders.columns.reset')}
          </Button>
        </Space>
      }
    >
      <Button icon={<SettingOutlined />}>{t('orders.columns.button')}</Button>
    </Popover>
  );
}

/** The list's columns: the order (always) and the chosen ones, in the SPEC's order. */
export function useOrderColumns(chosen: OrderColumnKey[]): TableColumnsType<OrderSummary> {
  const { t } = useTranslation();
  const staff = useIsStaff();
  const restricted = useRestrictedViewer();
  const fmt = useFormatDate();
  const all: Record<OrderColumnKey, TableColumnsType<OrderSummary>[number]> = {
    customer_email: { title: t('orders.column.customer_email'), key: 'customer_email', render: (_: unknown, o) => o.customer?.email ?? '—' },
    quantity: { title: t('orders.column.quantity'), dataIndex: 'quantity', align: 'right' },
    lwh: { title: t('orders.column.lwh'), key: 'lwh', render: (_: unknown, o) => <span style={{ whiteSpace: 'nowrap' }}>{`${o.lengthCm}×${o.widthCm}×${o.heightCm}`}</span> },
    weight: { title: t('orders.column.weight'), dataIndex: 'weightGr', align: 'right', render: (g: number) => g.toLocaleString('en-US', { maximumFractionDigits: 2 }) },
    price: { title: t('orders.column.price'), dataIndex: 'totalPrice', align: 'right', render: (v: number) => usd(v) },
    surcharge: { title: t('orders.column.surcharge'), dataIndex: 'surcharge', align: 'right', render: (v: number) => (v ? usd(v) : '—') },
    status: { title: t('orders.column.status'), key: 'status', render: (_: unknown, o) => <OrderStatusCell order={o} restricted={restricted} /> },
    payment_status: { title: t('orders.column.payment_status'), dataIndex: 'paymentStatus', render: (s: OrderSummary['paymentStatus']) => <PaymentStatusTag status={s} /> },
    tracking_number: {
      title: t('orders.column.tracking_number'),
      dataIndex: 'trackingNumber',
      render: (v: string | null) => (v ? <Typography.Text copyable={{ text: v, tooltips: [t('orders.copyTracking'), t('orders.copied')] }}>{v}</Typography.Text> : '—'),
    },
    checkin_status: { title: t('orders.column.checkin_status'), dataIndex: 'checkInStatus', render: (v: OrderSummary['checkInStatus']) => (v ? t(`orders.checkIn.${v}`) : '—') },
    label_us: {
      title: t('orders.column.label_us'),
      dataIndex: 'labelUs',
      render: (v: boolean) => (v ? <Tag color="green">{t('orders.yes')}</Tag> : <Tag>{t('orders.no')}</Tag>),
    },
    recipient: {
      title: t('orders.column.recipient'),
      key: 'recipient',
      render: (_: unknown, o) => (
        <Space orientation="vertical" size={0} style={{ minWidth: 120 }}>
          <Typography.Text style={{ wordBreak: 'break-word' }}>{o.shipTo.name || '—'}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12, wordBreak: 'break-word' }}>
            {[o.shipTo.city, o.shipTo.state, o.shipTo.country].filter(Boolean).join(', ')}
          </Typography.Text>
        </Space>
      ),
    },
    service: { title: t('orders.column.service'), dataIndex: 'serviceCode' },
    carrier: { title: t('orders.column.carrier'), dataIndex: 'carrierCode', render: (v: string | null) => v ?? '—' },
    country: { title: t('orders.column.country'), dataIndex: 'country' },
    created_at: { title: t('orders.column.created_at'), dataIndex: 'createdAt', render: (v: string) => <span style={{ whiteSpace: 'nowrap' }}>{fmt(v)}</span> },
  };
  const order: TableColumnsType<OrderSummary>[number] = {
    title: t('orders.column.order'),
    key: 'order',
    render: (_: unknown, o) => (
      <Space orientation="vertical" size={0}>
        <Link to={`/app/orders/order-detail/${o.id}`}>{o.exOrderId}</Link>
        <Typography.Text style={{ wordBreak: 'break-word' }}>{o.orderName}</Typography.Text>
        {!chosen.includes('created_at') && (
          <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
            {fmt(o.createdAt)}
          </Typography.Text>
        )}
      </Space>
    ),
  };
  return [order, ...chosen.filter((k) => staff || k !== 'customer_email').map((k) => all[k])];
}
