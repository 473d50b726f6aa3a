// SPEC §4 lists ~45 order "statuses" as one union. They are five dimensions of an order; each is
// its own column and enum here (docs/order-lifecycle.md says why each value exists). Only the
// order status has a transition table (packages/domain/src/order-lifecycle.ts).

/** The order's place in its life: what may be done with it next. */
export const ORDER_STATUSES = [
  'draft',
  'unpaid',
  'paid',
  'waiting-label',
  'label error',
  'labeled',
  'not-verified',
  'error-dimension',
  'on-hold',
  'on-hold-ship',
  'waiting-cancel',
  'canceled',
  'shipped',
  'delivered',
  'completed',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Money owed or returned on the order. */
export const PAYMENT_STATUSES = ['unpaid', 'processing', 'paid', 'surcharge-unpaid', 'pending', 'confirmed', 'waiting-refund', 'refund', 'refund-custom', 'resend'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** The label purchase schedule (on payment, or 4/8/12/24 hours later). */
export const SCHEDULE_STATUSES = ['schedule', 'pending', 'confirm', 'done', 'error', 'denied', 'canceled'] as const;
export type ScheduleStatus = (typeof SCHEDULE_STATUSES)[number];

/** Where the parcel is, as the carrier reports it (SPEC §4 routing statuses). */
export const ROUTING_STATUSES = [
  'pre-shipment',
  'us-accepted',
  'region-accepted',
  'pick-up',
  'in-transit',
  'fw-in-transit',
  'airport-departure',
  'hub-transferred',
  'destination-airport',
  'out-for-delivered',
  'out-of-delivered',
  'delivered',
  'undelivered',
  'expired',
  'alert',
  'exception',
  'error',
  'lost',
] as const;
export type RoutingStatus = (typeof ROUTING_STATUSES)[number];

/** The parcel's arrival at our warehouse. */
export const CHECK_IN_STATUSES = ['check-in pending', 'checked-in', 'manual weighing', 'check-in error'] as const;
export type CheckInStatus = (typeof CHECK_IN_STATUSES)[number];

/** What the seller or staff may do to an order (SPEC §4 order actions, plus pay). */
export const ORDER_USER_ACTIONS = ['pay', 'hold', 'unhold', 'cancel', 'refund', 'redistribute', 'buildNewLabel', 'generateTracking', 'addSurcharge', 'confirmAddress', 'confirmDimension'] as const;
export type OrderUserAction = (typeof ORDER_USER_ACTIONS)[number];

/** What the platform does to an order on its own (jobs, carriers, the warehouse). */
export const ORDER_SYSTEM_EVENTS = [
  'submitDraft',
  'scheduleLabel',
  'labelPurchased',
  'labelFailed',
  // A failed label purchase tried again by its job (after a back-off).
  'retryLabel',
  'addressInvalid',
  // The seller edited a not-verified order (no label yet): its address is checked again before the label.
  'addressEdited',
  // The warehouse floor's check-in (docs/warehouse-floor.md): received within the tolerance, waiting for
  // manual weighing, refused for restricted goods, beyond the tolerance (dimensionMismatch), or undone.
  'checkIn',
  'weighManually',
  'checkInError',
  'dimensionMismatch',
  'undoCheckIn',
  'dimensionTimeout',
  'carrierCancelConfirmed',
  'carrierCancelRefused',
  // Staff cancel a labeled order at once (tracking cancel, force mode, SPEC §4).
  'forceCancel',
  'ship',
  // Air freight: the freight carrying the parcel departed (docs/air-freight.md), set-based over its parcels.
  'freightDeparted',
  'deliver',
  'complete',
  'autoCancel',
  'refundDue',
  // Staff refund another amount than the one scheduled (POST /orders/{id}/refund with an amount).
  'refundCustom',
] as const;
export type OrderSystemEvent = (typeof ORDER_SYSTEM_EVENTS)[number];

export type OrderAction = OrderUserAction | OrderSystemEvent;

/** SPEC §4: tracking export is allowed in these statuses. */
export const TRACKING_EXPORT_STATUSES = ['labeled', 'shipped', 'delivered', 'completed'] as const satisfies readonly OrderStatus[];
