import { Space, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { OrderStatus, OrderSummary, PaymentStatus } from '@exship/contracts';
import { displayStatus, formatDateTime } from '@exship/domain';
import { ApiError } from '../../api/client';
import { catalogApi } from '../../api/endpoints';
import { useSession } from '../../api/session';
import { useCan } from '../../shared/screen';
import './locales';

// Pieces shared by the order list, detail and wizard screens.
export { DeleteConfirm, ScreenCard, serverPagination, useCan, useDownload, useUrlState } from '../../shared/screen';

/** Staff acting for customers (EX-ACT-FOR-CUSTOMER): they name the customer and see every account. */
export function useIsStaff(): boolean {
  return (useSession().profile?.permissions ?? []).includes('EX-ACT-FOR-CUSTOMER');
}

/**
 * SPEC §4 display rule: viewers who may not hold orders (a seller's team member without
 * EX-ORDER-HOLD) see a held labeled order as labeled.
 */
export function useRestrictedViewer(): boolean {
  return !useCan()('EX-ORDER-HOLD');
}

/** docs/engineering.md "Time": DD-MM-YYYY HH:mm:ss in the user's offset. */
export function useFormatDate() {
  const { profile } = useSession();
  return (value: string | null | undefined) => (value ? formatDateTime(value, profile?.timeZone) : '—');
}

const STATUS_COLORS: Record<OrderStatus, string> = {
  draft: 'default',
  unpaid: 'orange',
  paid: 'blue',
  'waiting-label': 'cyan',
  'label error': 'red',
  labeled: 'geekblue',
  'not-verified': 'gold',
  'error-dimension': 'volcano',
  'on-hold': 'purple',
  'on-hold-ship': 'purple',
  'waiting-cancel': 'magenta',
  canceled: 'default',
  shipped: 'blue',
  delivered: 'green',
  completed: 'green',
};

const PAYMENT_COLORS: Partial<Record<PaymentStatus, string>> = {
  unpaid: 'orange',
  processing: 'cyan',
  paid: 'green',
  'surcharge-unpaid': 'volcano',
  pending: 'gold',
  confirmed: 'blue',
  'waiting-refund': 'magenta',
  refund: 'purple',
  'refund-custom': 'purple',
  resend: 'geekblue',
};

export function OrderStatusTag({ status }: { status: OrderStatus }) {
  const { t } = useTranslation();
  return <Tag color={STATUS_COLORS[status] ?? 'default'}>{t(`orders.status.${status}`)}</Tag>;
}

export function PaymentStatusTag({ status }: { status: PaymentStatus }) {
  const { t } = useTranslation();
  return <Tag color={PAYMENT_COLORS[status] ?? 'default'}>{t(`orders.payment.${status}`)}</Tag>;
}

/**
 * An order's status as SPEC §4 shows it: a shipped order with a routing status and a tracking
 * number shows the routing status and the copyable tracking number instead (with the first
 * routing location for in-transit and pre-shipment, when the reply carries it).
 */
export function OrderStatusCell({ order, restricted }: { order: Pick<OrderSummary, 'status' | 'preStatus' | 'routingStatus' | 'trackingNumber'>; restricted: boolean }) {
  const { t } = useTranslation();
  const shown = displayStatus(order, { restricted });
  if (shown.kind === 'status') return <OrderStatusTag status={shown.status} />;
  return (
    <Space orientation="vertical" size={2}>
      <Tag color="blue">{t(`orders.routing.${shown.routingStatus}`)}</Tag>
      <Typography.Text copyable={{ text: shown.trackingNumber, tooltips: [t('orders.copyTracking'), t('orders.copied')] }} style={{ fontSize: 12 }}>
        {shown.trackingNumber}
      </Typography.Text>
      {shown.location && <Typography.Text type="secondary">{shown.location}</Typography.Text>}
    </Space>
  );
}

/** Country names in the page's language, from the browser. */
function displayNames(lang: string): Intl.DisplayNames | null {
  try {
    return new Intl.DisplayNames([lang, 'en'], { type: 'region', fallback: 'code' });
  } catch {
    return null;
  }
}

/** The name of a country code in `lang` ('US' → 'United States'); the code itself when unknown. */
export function countryName(code: string, lang: string): string {
  if (!/^[A-Z]{2}$/.test(code)) return code;
  return displayNames(lang)?.of(code) ?? code;
}

/** L × W × H cm. */
export const dimensions = (o: { lengthCm: number; widthCm: number; heightCm: number }) => `${o.lengthCm} × ${o.widthCm} × ${o.heightCm} cm`;

/** Grams with thousands separators. */
export const grams = (g: number) => `${g.toLocaleString('en-US', { maximumFractionDigits: 2 })} g`;

// The services a user may pick, shared with the Walmart shipping-method mappings.
export { useServiceCodeOptions } from '../../shared/catalog-options';

/** Carrier codes for the list filter (staff who may list carriers). */
export function useCarrierCodeOptions() {
  const can = useCan();
  const q = useQuery({
    queryKey: ['carriers', 'options'],
    queryFn: ({ signal }) => catalogApi.carriers({ pageSize: 100 }, signal),
    enabled: can('EX-CARRIER-LIST'),
    staleTime: 30_000,
  });
  return { available: can('EX-CARRIER-LIST'), options: (q.data?.data.items ?? []).map((c) => ({ value: c.code, label: `${c.code} — ${c.name}` })) };
}

/** A dotted server field (`recipient.email`, `lines.0.quantity`) as an antd name path. */
export const fieldPath = (field: string): (string | number)[] => field.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p));

/** Field errors of a 400/422 reply as antd fields (nested name paths, translated messages). */
export function orderFieldErrors(err: unknown, t: TFunction): { name: (string | number)[]; errors: string[] }[] {
  if (!(err instanceof ApiError) || err.errors.length === 0) return [];
  const byField = new Map<string, string[]>();
  for (const e of err.errors) byField.set(e.field, [...(byField.get(e.field) ?? []), t(e.message, e.vars)]);
  return [...byField].map(([field, errors]) => ({ name: fieldPath(field), errors }));
}
