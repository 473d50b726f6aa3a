import { on } from '../../platform/jobs';
import { job } from '../../platform/module';
import { ProductReviewed, ProductSubmitted } from '../products';
import { ParcelFlagged } from '../shipping';
import { TicketChanged } from '../tickets';
import { DimensionErrorFound } from '../floor';
import { TopUpReviewed, TopUpSubmitted } from '../wallet';
import { WalmartAckOverdue } from '../walmart';
import { WebhookEndpointDisabled } from '../webhooks';
import type { CampaignService } from './notifications.campaigns';
import type { NotificationService } from './notifications.service';

export const PUBLISH_DUE_JOB = 'notifications.publish-due';
/** Queues of this module's event handlers (each retried and dead-lettered on its own). */
export const TELL_SELLER_OF_REVIEW = 'notifications.tell-seller-of-review';
export const TELL_REVIEWERS_OF_SUBMISSION = 'notifications.tell-reviewers-of-submission';
export const TELL_SELLER_OF_TOP_UP = 'notifications.tell-seller-of-top-up';
export const TELL_SELLER_OF_PARCEL_FLAG = 'notifications.tell-seller-of-parcel-flag';
export const TELL_SELLER_OF_DIMENSION_ERROR = 'notifications.tell-seller-of-dimension-error';
export const TELL_STAFF_OF_TOP_UP = 'notifications.tell-staff-of-top-up';
export const TELL_SELLER_OF_WALMART_ACK = 'notifications.tell-seller-of-walmart-ack';
export const TELL_SELLER_OF_WEBHOOK_DISABLED = 'notifications.tell-seller-of-webhook-disabled';
export const TELL_OTHER_SIDE_OF_TICKET = 'notifications.tell-other-side-of-ticket';

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
  // The warehouse measured a parcel beyond the tolerance: the seller confirms the new price within 10 days.
  on(DimensionErrorFound, TELL_SELLER_OF_DIMENSION_ERROR, async (e, { tx }) => void (await notifications.dimensionError(e, tx)), 'Tell the seller that a parcel was measured beyond the tolerance'),
  on(ProductSubmitted, TELL_REVIEWERS_OF_SUBMISSION, async (e, { tx }) => void (await notifications.productSubmitted(e, tx)), 'Tell reviewers that a product waits for approval'),
  // A seller asked for a top-up: the staff who accept or decline top-ups learn that it waits.
  // A Walmart purchase order is 3 hours old and unacknowledged (Walmart wants it within 4).
  on(WalmartAckOverdue, TELL_SELLER_OF_WALMART_ACK, async (e, { tx }) => void (await notifications.walmartAckOverdue(e, tx)), 'Tell the seller that a Walmart order nears its acknowledge deadline'),
  // A webhook endpoint was disabled by the platform: its seller is told, in the app and by email.
  on(WebhookEndpointDisabled, TELL_SELLER_OF_WEBHOOK_DISABLED, async (e, { tx }) => void (await notifications.webhookDisabled(e, tx)), 'Tell the seller that a webhook endpoint was disabled'),
  // A ticket got a reply or a new status: the other side is told.
  on(TicketChanged, TELL_OTHER_SIDE_OF_TICKET, async (e, { tx }) => void (await notifications.ticketChanged(e, tx)), 'Tell the other side of a ticket of a reply or a status change'),
  on(TopUpSubmitted, TELL_STAFF_OF_TOP_UP, async (e, { tx }) => void (await notifications.topUpSubmitted(e, tx)), 'Tell top-up reviewers that a request waits'),
];
