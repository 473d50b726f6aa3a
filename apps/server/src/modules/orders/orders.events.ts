import { z } from 'zod';
import { ORDER_STATUSES, PAYMENT_STATUSES, type OrderAction, type OrderStatus } from '@exship/contracts';
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
    /** The order's refund amount after the change (what a refund pays out); absent in events queued before it was added. */
    refundCents: z.number().int().optional(),
    at: z.iso.datetime(),
  }),
);
export type OrderStatusChangedEvent = z.infer<typeof OrderStatusChanged.schema>;

/** A surcharge was added to an order (the order's screen or the surcharge import). */
export const SurchargeAdded = defineEvent(
  'order.surcharge-added',
  z.object({
    orderId: z.string().uuid(),
    accountId: z.string().uuid(),
    exOrderId: z.string(),
    amountCents: z.number().int(),
    reason: z.string(),
    detailReason: z.string().nullable(),
    at: z.iso.datetime(),
  }),
);
export type SurchargeAddedEvent = z.infer<typeof SurchargeAdded.schema>;

// The facts the fulfilment workflow starts from (shipping/fulfilment.workflow.ts). Each is emitted by
// `transitionMany` in the transaction of the change that makes it true, read from FULFILMENT_EVENTS below.

const orderRef = { orderId: z.string().uuid(), accountId: z.string().uuid(), exOrderId: z.string() };

/** The order was paid (unpaid → paid). `labelDueAt`: the label delay in force at payment (SPEC §4 label timing). */
export const OrderPaid = defineEvent('order.paid', z.object({ ...orderRef, labelDueAt: z.iso.datetime() }));
export type OrderPaidEvent = z.infer<typeof OrderPaid.schema>;

/**
 * The order was cancelled. `awaitsCarrier`: a normal cancel of a labelled order, which waits in
 * waiting-cancel for the carrier to void the label; otherwise it is cancelled already and its label,
 * if any, is released best effort.
 */
export const OrderCanceled = defineEvent('order.canceled', z.object({ ...orderRef, action: z.string(), awaitsCarrier: z.boolean() }));
export type OrderCanceledEvent = z.infer<typeof OrderCanceled.schema>;

/** A not-verified order without a label got a new address: its purchase checks the new one. */
export const OrderAddressEdited = defineEvent('order.address-edited', z.object(orderRef));
export type OrderAddressEditedEvent = z.infer<typeof OrderAddressEdited.schema>;

/** A held or not-verified order is back where it waits for its label (unhold, address confirmed). */
export const OrderReleased = defineEvent('order.released', z.object({ ...orderRef, action: z.enum(['unhold', 'confirmAddress']) }));
export type OrderReleasedEvent = z.infer<typeof OrderReleased.schema>;

/** A new label is asked for: generate tracking, build a new label, re-distribute to another carrier. */
export const LabelRequested = defineEvent('order.label-requested', z.object({ ...orderRef, reason: z.enum(['generateTracking', 'buildNewLabel', 'redistribute']) }));
export type LabelRequestedEvent = z.infer<typeof LabelRequested.schema>;

/** One status change as `transitionMany` sees it. */
export interface OrderChange {
  orderId: string;
  accountId: string;
  exOrderId: string;
  action: OrderAction;
  from: OrderStatus;
  to: OrderStatus;
  /** The label delay in force now for the order's account, in hours (read only for `pay`). */
  labelDelayHours: number;
  at: Date;
}
type Emitted =
  | { event: typeof OrderPaid; payload: OrderPaidEvent }
  | { event: typeof OrderCanceled; payload: OrderCanceledEvent }
  | { event: typeof OrderAddressEdited; payload: OrderAddressEditedEvent }
  | { event: typeof OrderReleased; payload: OrderReleasedEvent }
  | { event: typeof LabelRequested; payload: LabelRequestedEvent };

const WAITS_FOR_LABEL: readonly OrderStatus[] = ['paid', 'waiting-label'];
const ref = (c: OrderChange) => ({ orderId: c.orderId, accountId: c.accountId, exOrderId: c.exOrderId });
const canceled = (c: OrderChange): Emitted | null =>
  c.to === 'canceled' || c.to === 'waiting-cancel' ? { event: OrderCanceled, payload: { ...ref(c), action: c.action, awaitsCarrier: c.to === 'waiting-cancel' } } : null;
const released = (c: OrderChange): Emitted | null =>
  WAITS_FOR_LABEL.includes(c.to) ? { event: OrderReleased, payload: { ...ref(c), action: c.action as 'unhold' | 'confirmAddress' } } : null;
const labelRequested = (c: OrderChange): Emitted => ({ event: LabelRequested, payload: { ...ref(c), reason: c.action as LabelRequestedEvent['reason'] } });

/**
 * Which lifecycle actions are facts for the fulfilment workflow, as data. Actions not listed (and the
 * platform's own label steps: scheduleLabel, labelPurchased, labelFailed, retryLabel, addressInvalid,
 * carrierCancelConfirmed/Refused, which shipping itself performs) emit nothing.
 */
export const FULFILMENT_EVENTS: { readonly [A in OrderAction]?: (c: OrderChange) => Emitted | null } = {
  pay: (c) => (c.from === 'unpaid' && c.to === 'paid' ? { event: OrderPaid, payload: { ...ref(c), labelDueAt: new Date(c.at.getTime() + c.labelDelayHours * 3_600_000).toISOString() } } : null),
  cancel: canceled,
  forceCancel: canceled,
  autoCancel: canceled,
  confirmDimension: canceled,
  dimensionTimeout: canceled,
  addressEdited: (c) => (WAITS_FOR_LABEL.includes(c.to) ? { event: OrderAddressEdited, payload: ref(c) } : null),
  unhold: released,
  confirmAddress: released,
  generateTracking: labelRequested,
  buildNewLabel: labelRequested,
  redistribute: labelRequested,
};

/** The fulfilment events of a batch of changes, grouped per event for one insert each. */
export function fulfilmentEventsOf(changes: readonly OrderChange[]): Map<Emitted['event'], Emitted['payload'][]> {
  const out = new Map<Emitted['event'], Emitted['payload'][]>();
  for (const c of changes) {
    const e = FULFILMENT_EVENTS[c.action]?.(c);
    if (!e) continue;
    const list = out.get(e.event) ?? [];
    list.push(e.payload);
    out.set(e.event, list);
  }
  return out;
}
