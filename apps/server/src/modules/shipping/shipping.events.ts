import { z } from 'zod';
import { PARCEL_FLAGS } from '@exship/contracts';
import { defineEvent, defineJob } from '../../platform/jobs';

/** A parcel was flagged lost (15 business days without an update) or late (15 days after US arrival). */
export const ParcelFlagged = defineEvent(
  'parcel.flagged',
  z.object({
    orderId: z.string().uuid(),
    accountId: z.string().uuid(),
    exOrderId: z.string(),
    trackingNumber: z.string(),
    flag: z.enum(PARCEL_FLAGS),
    at: z.iso.datetime(),
  }),
);
export type ParcelFlaggedEvent = z.infer<typeof ParcelFlagged.schema>;

/** Buy the label of one purchase (at its due time; retried with back-off on carrier failures). */
export const BuyLabelJob = defineJob('shipping.buy-label', z.object({ purchaseId: z.string().uuid() }));

/**
 * Void a label with its carrier. `cancel`: the order waits in waiting-cancel for the answer (normal
 * mode). `release`: the label was replaced or the order cancelled without waiting: retried, then void failed
 * on its purchase for staff to retry.
 */
export const VoidLabelJob = defineJob(
  'shipping.void-label',
  z.object({
    orderId: z.string().uuid(),
    purpose: z.enum(['cancel', 'release']),
    trackingNumber: z.string(),
    shipmentId: z.string().nullable(),
    carrierId: z.string().uuid().nullable(),
  }),
);
