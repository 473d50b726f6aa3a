import { job } from '../../platform/module';
import { BuyLabelJob, VoidLabelJob } from './shipping.events';
import type { ShippingService } from './shipping.service';
import type { TrackingService } from './shipping.tracking';

// Label purchases and voids as queued jobs (retried with pg-boss back-off); the tracking poller, the
// lost/late flags and the 100-day pruning as cron jobs.
export const shippingJobs = (shipping: ShippingService, tracking: TrackingService) => [
  // A purchase mostly waits (on the carrier, the database, storage): 16 at a time per process.
  job(BuyLabelJob, async (data, info) => void (await shipping.buyLabel(data.purchaseId, info.retryCount)), { concurrency: 16 }),
  job(VoidLabelJob, async (data) => void (await shipping.voidLabel(data))),
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
