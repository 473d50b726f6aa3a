import type { OrderSummary } from '@exship/contracts';
import { toCents } from '@exship/domain';

/**
 * What a bulk pay takes from the wallet: an unpaid order's total, or the surcharges of an order that
 * owes only those. Cents, so a sum of many prices does not drift.
 */
export function selectedPayCents(orders: readonly (Pick<OrderSummary, 'paymentStatus' | 'totalPrice' | 'surcharge'> | undefined)[]): number {
  return orders.reduce((sum, o) => sum + (!o ? 0 : toCents(o.paymentStatus === 'surcharge-unpaid' ? o.surcharge : o.totalPrice)), 0);
}
