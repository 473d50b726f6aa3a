import { on } from '../../platform/jobs';
import { job } from '../../platform/module';
import { ProductReviewed, ProductSubmitted } from '../products';
import { ParcelFlagged } from '../shipping';
import { TopUpReviewed } from '../wallet';
import type { CampaignService } from './notifications.campaigns';
import type { NotificationService } from './notifications.service';

export const PUBLISH_DUE_JOB = 'notifications.publish-due';
/** Queues of this module's event handlers (each retried and dead-lettered on its own). */
export const TELL_SELLER_OF_REVIEW = 'notifications.tell-seller-of-review';
export const TELL_REVIEWERS_OF_SUBMISSION = 'notifications.tell-reviewers-of-submission';
export const TELL_SELLER_OF_TOP_UP = 'notifications.tell-seller-of-top-up';
export const TELL_SELLER_OF_PARCEL_FLAG = 'notifications.tell-seller-of-parcel-flag';

export const notificationJobs = (campaigns: CampaignService) => [
  job(PUBLISH_DUE_JOB, async () => void (await campaigns.publishDue()), {
    cron: '* * * * *',
    description: 'Publish staff notifications whose publish time has come',
  }),
];

export const notificationHandlers = (notifications: NotificationService) => [
  // SPEC §4: staff accept or reject a product, the seller is told (in the app and by email).
  on(ProductReviewed, TELL_SELLER_OF_REVIEW, async (e, { tx }) => void (await notifications.productReviewed(e, tx)), 'Tell the seller that a product was reviewed'),
  // Reviewers learn that a product waits for them.
  // Staff accepted or declined a top-up request, the seller is told.
  on(TopUpReviewed, TELL_SELLER_OF_TOP_UP, async (e, { tx }) => void (await notifications.topUpReviewed(e, tx)), 'Tell the seller that a top-up request was reviewed'),
  // A parcel was flagged lost or late.
  on(ParcelFlagged, TELL_SELLER_OF_PARCEL_FLAG, async (e, { tx }) => void (await notifications.parcelFlagged(e, tx)), 'Tell the seller that a parcel is lost or late'),
  on(ProductSubmitted, TELL_REVIEWERS_OF_SUBMISSION, async (e, { tx }) => void (await notifications.productSubmitted(e, tx)), 'Tell reviewers that a product waits for approval'),
];
