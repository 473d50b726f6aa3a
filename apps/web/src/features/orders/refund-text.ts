import type { OrderDetail } from '@exship/contracts';
import { usd } from '../../shared/money';

type T = (key: string, vars?: Record<string, unknown>) => string;
type RefundFields = Pick<OrderDetail, 'paymentStatus' | 'refundAmount' | 'refundDueAt' | 'history'>;

const PAID_REFUND = new Set(['refund', 'refundDue', 'refundCustom']);

/** When the wallet was credited: the history entry of the refund. */
export function refundedAt(order: Pick<OrderDetail, 'history'>): string | null {
  return [...order.history].reverse().find((h) => PAID_REFUND.has(h.action))?.at ?? null;
}

/**
 * How much a cancelled order gets back and when (docs/refunds.md): refunded now (the date of the
 * credit) or due on its date; null when nothing is refunded.
 */
export function refundText(order: RefundFields, t: T, fmtDate: (iso: string) => string): string | null {
  if (order.refundAmount <= 0) return null;
  const amount = usd(order.refundAmount);
  if (order.paymentStatus === 'waiting-refund' && order.refundDueAt) return t('orders.detail.refundDue', { amount, date: fmtDate(order.refundDueAt) });
  if (order.paymentStatus === 'refund' || order.paymentStatus === 'refund-custom') {
    const at = refundedAt(order);
    return at ? t('orders.detail.refunded', { amount, date: fmtDate(at) }) : null;
  }
  return null;
}

/** The message after a cancel: what happened to the order and to its money. */
export function cancelDoneText(order: RefundFields & Pick<OrderDetail, 'status'>, t: T, fmtDate: (iso: string) => string): string {
  if (order.status === 'waiting-cancel') return t('orders.done.cancel.waiting');
  if (order.refundAmount > 0 && (order.paymentStatus === 'refund' || order.paymentStatus === 'refund-custom')) return t('orders.done.cancel.refunded', { amount: usd(order.refundAmount) });
  if (order.refundAmount > 0 && order.paymentStatus === 'waiting-refund' && order.refundDueAt) return t('orders.done.cancel.refundDue', { amount: usd(order.refundAmount), date: fmtDate(order.refundDueAt) });
  return t('orders.done.cancel');
}
