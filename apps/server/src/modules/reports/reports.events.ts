import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { on } from '../../platform/jobs';
import { FreightCostShared } from '../freight';
import { OrderStatusChanged } from '../orders';
import { LabelPurchaseFailed, ParcelFlagged, TrackingUpdated } from '../shipping';
import { OnlineTopUpPaid, TopUpReviewed } from '../wallet';
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
  onlineTopUpPaid: 'reports.on-online-top-up-paid',
  freightCostShared: 'reports.on-freight-cost-shared',
} as const;

/** Rebuilds the UTC day of one wallet transaction (when it was written) for its account. */
async function refreshTransaction(tx: Db, transactionId: string): Promise<void> {
  const rows = ((await tx.execute(sql`select account_id, created_at from wallet_transactions where id = ${transactionId}::uuid`)) as unknown as { rows: { account_id: string; created_at: string | Date }[] }).rows;
  if (rows[0]) await refreshAccountDays(tx, rows[0].account_id, [new Date(rows[0].created_at)]);
}

/** Every account and UTC day on which a parcel of the freight was paid: the days its cost share counts on. */
async function refreshFreight(tx: Db, freightId: string): Promise<void> {
  const rows = ((await tx.execute(sql`
    select t.account_id, array_agg(distinct floor(extract(epoch from t.created_at) / 86400)::int) as days
    from freight_parcel_costs c
    join transaction_orders l on l.order_id = c.order_id and l.kind = 'order'
    join wallet_transactions t on t.id = l.transaction_id and t.result = 'success'
    where c.freight_id = ${freightId}::uuid
    group by 1 order by 1`)) as unknown as { rows: { account_id: string; days: (number | string)[] }[] }).rows;
  for (const r of rows) await refreshAccountDays(tx, r.account_id, r.days.map((d) => new Date(Number(d) * 86_400_000)));
}

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
  on(OnlineTopUpPaid, REPORT_QUEUES.onlineTopUpPaid, async (e, { tx }) => refreshTransaction(tx, e.transactionId), 'Count a provider top-up in the report rollups'),
  on(FreightCostShared, REPORT_QUEUES.freightCostShared, async (e, { tx }) => refreshFreight(tx, e.freightId), "Count a freight's cost share in the purchase report's rollups"),
];
