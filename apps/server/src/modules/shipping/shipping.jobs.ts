import { job } from '../../platform/module';
import { startHandler, type WorkflowImplementation } from '../../platform/workflow';
import { LabelRequested, OrderAddressEdited, OrderCanceled, OrderPaid, OrderReleased } from '../orders';
import type { ShippingService } from './shipping.service';
import type { TrackingService } from './shipping.tracking';

// The tracking poller (fulfil-order's follow-tracking step), the lost/late flags and the 100-day pruning
// as cron jobs; label purchases and voids are the workflow's queued steps (fulfilment.workflow.ts).
export const shippingJobs = (tracking: TrackingService) => [
  job('shipping.poll-tracking', async () => void (await tracking.poll()), {
    cron: '*/5 * * * *',
    description: 'Ask the carriers about parcels in transit (in batches, with back-off on failures)',
  }),
  job('shipping.flag-lost-late', async () => void (await tracking.flag()), {
    cron: '41 * * * *',
    description: 'Flag parcels lost (15 business days without an update) or late (15 days after US arrival)',
  }),
  job('shipping.prune-tracking', async () => void (await tracking.prune()), {
    cron: '13 3 * * *',
    description: 'Delete routing events and tracking logs older than 100 days',
  }),
];

/** The functions behind fulfil-order's starts and queued steps (the data is fulfilment.workflow.ts). */
export const fulfilmentHandlers = (shipping: ShippingService): WorkflowImplementation => ({
  starts: new Map([
    startHandler(OrderPaid, (e, { tx }) => shipping.onPaid(tx, e)),
    startHandler(OrderReleased, (e, { tx }) => shipping.onWaitingAgain(tx, e)),
    startHandler(OrderAddressEdited, (e, { tx }) => shipping.onWaitingAgain(tx, { ...e, action: 'addressEdited' })),
    startHandler(LabelRequested, (e, { tx }) => shipping.onLabelRequested(tx, e)),
    startHandler(OrderCanceled, (e, { tx }) => shipping.onCanceled(tx, e)),
  ]),
  steps: {
    'buy-label': async (data: { purchaseId: string }, info: { retryCount: number }) => void (await shipping.buyLabel(data.purchaseId, info.retryCount)),
    'void-label': async (data: Parameters<ShippingService['voidLabel']>[0], info: { retryCount: number }) => void (await shipping.voidLabel(data, info.retryCount)),
  },
});
