import { on } from '../../platform/jobs';
import { OrderStatusChanged } from '../orders';
import { LabelPurchaseFailed, ParcelFlagged, TrackingUpdated } from '../shipping';
import { TopUpReviewed } from '../wallet';
import { refreshAccountDays, refreshOrder } from './reports.rollups';

// The events that change money or a parcel's outcome keep the rollups current (docs/reports.md).
// Each is emitted in the transaction of the change (the outbox); its handler rebuilds, from the
// source rows, every UTC day of the account the order has a fact on, in the handler's transaction.

export const REPORT_QUEUES = {
  orderStatusChanged: 'reports.on-order-status-changed',
  labelFailed: 'reports.on-label-failed',
  parcelFlagged: 'reports.on-parcel-flagged',
  trackingUpdated: 'reports.on-tracking-updated',
  topUpReviewed: 'reports.on-top-up-reviewed',
} as const;

/**
 * The warehouse floor's check-in actions change where the parcel is (its status and check-in
 * columns), never a fact the rollups count (no payment, refund, label failure or parcel outcome).
 */
const FLOOR_ACTIONS: ReadonlySet<string> = new Set(['checkIn', 'weighManually', 'checkInError', 'dimensionMismatch', 'undoCheckIn']);

export const reportHandlers = () => [
  // Payments, surcharge payments, cancellations and refunds all go through the order lifecycle; a
  // check-in queues nothing (FLOOR_ACTIONS).
  on(
    OrderStatusChanged,
    REPORT_QUEUES.orderStatusChanged,
    async (e, { tx }) => {
      if (!FLOOR_ACTIONS.has(e.action)) await refreshOrder(tx, e.orderId, [new Date(e.at)]);
    },
    'Update the report rollups after an order payment, cancellation or refund',
    (e) => !FLOOR_ACTIONS.has(e.action),
  ),
  on(LabelPurchaseFailed, REPORT_QUEUES.labelFailed, async (e, { tx }) => refreshOrder(tx, e.orderId, [new Date(e.at)]), 'Count a label failure in the report rollups'),
  on(ParcelFlagged, REPORT_QUEUES.parcelFlagged, async (e, { tx }) => refreshOrder(tx, e.orderId, [new Date(e.at)]), 'Count a lost or late parcel in the report rollups'),
  on(TrackingUpdated, REPORT_QUEUES.trackingUpdated, async (e, { tx }) => {
    if (e.event.status === 'delivered') await refreshOrder(tx, e.orderId, [new Date(e.event.at)]);
  }, 'Count a delivered parcel in the report rollups'),
  on(TopUpReviewed, REPORT_QUEUES.topUpReviewed, async (e, { tx }) => {
    if (e.status === 'accepted') await refreshAccountDays(tx, e.accountId, [new Date(e.at)]);
  }, 'Count an accepted top-up in the report rollups'),
];
