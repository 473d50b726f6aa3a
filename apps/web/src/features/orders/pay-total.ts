import type { OrderSummary } from '@exship/contracts';
import { toCents, totalToPayCents } from '@exship/domain';

/** What a bulk pay takes from the wallet: the server's rule (packages/domain order-pay.ts) over the selected orders as listed. */
export function selectedPayCents(orders: readonly (Pick<OrderSummary, 'paymentStatus' | 'totalPrice' | 'unpaidSurcharge'> | undefined)[]): number {
  return totalToPayCents(orders.flatMap((o) => (o ? [{ paymentStatus: o.paymentStatus, totalCents: toCents(o.totalPrice), unpaidSurchargeCents: toCents(o.unpaidSurcharge) }] : [])));
}
