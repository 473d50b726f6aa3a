import { z } from 'zod';
import { defineEvent, defineJob } from '../../platform/jobs';

/** Sync one store: its released orders, or the back-fill it has queued. */
export const SyncStoreJob = defineJob('walmart.sync', z.object({ storeId: z.string().uuid(), mode: z.enum(['released', 'backfill']) }));
/** Send the pending push (acknowledge, shipment or cancellation) of one integration order. */
export const PushJob = defineJob('walmart.push', z.object({ integrationOrderId: z.string().uuid() }));
/** Compare Walmart's status of a store's open orders with ours. */
export const ReconcileStoreJob = defineJob('walmart.reconcile', z.object({ storeId: z.string().uuid() }));

/** A purchase order is 3 hours old and not acknowledged (Walmart wants it within 4): the seller is told. */
export const WalmartAckOverdue = defineEvent(
  'walmart.ack-overdue',
  z.object({
    accountId: z.string().uuid(),
    integrationOrderId: z.string().uuid(),
    purchaseOrderId: z.string(),
    storeName: z.string(),
    ackDueAt: z.iso.datetime(),
    at: z.iso.datetime(),
  }),
);
export type WalmartAckOverdueEvent = z.infer<typeof WalmartAckOverdue.schema>;
