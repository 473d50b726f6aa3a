import { on } from '../../platform/jobs';
import { job } from '../../platform/module';
import { OrderStatusChanged, type OrderStatusChangedEvent } from '../orders';
import { PushJob, ReconcileStoreJob, SyncStoreJob } from './walmart.events';
import type { WalmartService } from './walmart.service';

export const SYNC_ALL_JOB = 'walmart.sync-all';
export const ACK_WATCHDOG_JOB = 'walmart.ack-watchdog';
export const RECONCILE_ALL_JOB = 'walmart.reconcile-all';
export const FOLLOW_ORDER_QUEUE = 'walmart.follow-order';

export const walmartJobs = (s: WalmartService, jobs: { send: (j: typeof SyncStoreJob | typeof ReconcileStoreJob, data: { storeId: string; mode: 'released' } | { storeId: string }) => Promise<string> }) => [
  // Walmart wants released orders acknowledged within 4 hours: every 5 minutes keeps well inside it.
  job(SYNC_ALL_JOB, async () => {
    for (const storeId of await s.activeStoreIds()) await jobs.send(SyncStoreJob, { storeId, mode: 'released' });
  }, { cron: '*/5 * * * *', description: 'Queue a sync of every connected Walmart store' }),
  job(SyncStoreJob, async ({ storeId, mode }) => void (await s.sync(storeId, mode)), { description: "Sync one Walmart store's purchase orders (released, or a back-fill)", concurrency: 2 }),
  job(PushJob, async ({ integrationOrderId }, info) => s.push(integrationOrderId, info.retryCount), { description: 'Send an acknowledgement, shipment or cancellation to Walmart' }),
  job(ACK_WATCHDOG_JOB, async () => void (await s.ackWatchdog()), { cron: '*/10 * * * *', description: 'Flag Walmart orders unacknowledged 3 hours after they were placed and tell the seller' }),
  job(RECONCILE_ALL_JOB, async () => {
    for (const storeId of await s.activeStoreIds()) await jobs.send(ReconcileStoreJob, { storeId });
  }, { cron: '17 3 * * *', description: "Queue the comparison of Walmart's order statuses with ours for every connected store" }),
  job(ReconcileStoreJob, async ({ storeId }) => void (await s.reconcile(storeId)), { description: "Compare one store's Walmart order statuses with ours" }),
];

const labelBought = (e: OrderStatusChangedEvent) => e.action === 'labelPurchased' && e.to === 'labeled';
const canceled = (e: OrderStatusChangedEvent) => (e.to === 'canceled' || e.to === 'waiting-cancel') && e.from !== 'waiting-cancel';

/**
 * The label bought (labelPurchased → labeled) pushes the shipment; a cancellation pushes Walmart's
 * cancellation. Any other status change (a check-in, a carrier's scan) queues nothing.
 */
export const walmartHandlers = (s: WalmartService) => [
  on(
    OrderStatusChanged,
    FOLLOW_ORDER_QUEUE,
    async (e, { tx }) => {
      if (labelBought(e)) await s.labelBought(tx, e.orderId);
      else if (canceled(e)) await s.orderCanceled(tx, e.orderId);
    },
    'Push the shipment or the cancellation of an order made from a Walmart purchase order',
    (e) => labelBought(e) || canceled(e),
  ),
];
