import { z } from 'zod';
import { ORDER_STATUSES, PAYMENT_STATUSES } from '@exship/contracts';
import { defineEvent } from '../../platform/jobs';

// Events the orders module emits, in the transaction of the change (platform/jobs.ts). The wallet
// (refunds due, payments) and the carriers (labels after payment) subscribe to them.

/** A new order was saved (created, imported, duplicated, or replacing another). */
export const OrderCreated = defineEvent(
  'order.created',
  z.object({
    orderId: z.string().uuid(),
    accountId: z.string().uuid(),
    exOrderId: z.string(),
    totalCents: z.number().int(),
    at: z.iso.datetime(),
  }),
);
export type OrderCreatedEvent = z.infer<typeof OrderCreated.schema>;

/** An order's status or payment status changed through the lifecycle (docs/order-lifecycle.md). */
export const OrderStatusChanged = defineEvent(
  'order.status-changed',
  z.object({
    orderId: z.string().uuid(),
    accountId: z.string().uuid(),
    exOrderId: z.string(),
    action: z.string(),
    from: z.enum(ORDER_STATUSES),
    to: z.enum(ORDER_STATUSES),
    paymentFrom: z.enum(PAYMENT_STATUSES),
    paymentTo: z.enum(PAYMENT_STATUSES),
    /** What the change owes the seller: 'full' or 'shipping' starts a refund (due at refundDueAt). */
    refund: z.enum(['none', 'full', 'shipping']),
    refundDueAt: z.iso.datetime().nullable(),
    at: z.iso.datetime(),
  }),
);
export type OrderStatusChangedEvent = z.infer<typeof OrderStatusChanged.schema>;
