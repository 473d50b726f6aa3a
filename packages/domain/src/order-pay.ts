import type { Cents } from './money';

// SPEC §2 pay / multiple pay: what paying an order takes from the wallet. One rule for the server's
// payment (orders.pay.ts payIn) and the list's bulk-pay confirmation, so the total a seller is shown
// is the total taken.

export interface PayableOrder {
  paymentStatus: string;
  totalCents: Cents;
  /** The surcharges added and not paid yet. */
  unpaidSurchargeCents: Cents;
}

/** An order that owes only surcharges (surcharge-unpaid) pays those not paid yet; an unpaid order its total. */
export function amountToPayCents(o: PayableOrder): Cents {
  return o.paymentStatus === 'surcharge-unpaid' ? o.unpaidSurchargeCents : o.totalCents;
}

/** What paying all of `orders` at once takes. */
export function totalToPayCents(orders: readonly PayableOrder[]): Cents {
  return orders.reduce((sum, o) => sum + amountToPayCents(o), 0);
}
