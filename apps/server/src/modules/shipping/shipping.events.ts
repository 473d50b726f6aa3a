import { z } from 'zod';
import { PARCEL_FLAGS, ROUTING_STATUSES } from '@exship/contracts';
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

// Facts of a parcel's label and tracking, emitted in the transaction that records them (the webhooks
// module turns them into label.purchased, label.failed and tracking.updated deliveries).

/** A label exists for the order (bought from the carrier, or imported by staff). */
export const LabelPurchased = defineEvent(
  'shipping.label-purchased',
  z.object({
    orderId: z.string().uuid(),
    accountId: z.string().uuid(),
    exOrderId: z.string(),
    trackingNumber: z.string(),
    carrierCode: z.string(),
    carrierName: z.string(),
    serviceName: z.string().nullable(),
    at: z.iso.datetime(),
  }),
);
export type LabelPurchasedEvent = z.infer<typeof LabelPurchased.schema>;

/** Buying a label failed (the order went to label error); `willRetry`: the purchase job tries again. */
export const LabelPurchaseFailed = defineEvent(
  'shipping.label-failed',
  z.object({ orderId: z.string().uuid(), accountId: z.string().uuid(), exOrderId: z.string(), error: z.string(), willRetry: z.boolean(), at: z.iso.datetime() }),
);
export type LabelPurchaseFailedEvent = z.infer<typeof LabelPurchaseFailed.schema>;

/** The carrier reported new routing events for a parcel: the newest of them, which is now its routing status. */
export const TrackingUpdated = defineEvent(
  'shipping.tracking-updated',
  z.object({
    orderId: z.string().uuid(),
    accountId: z.string().uuid(),
    exOrderId: z.string(),
    trackingNumber: z.string(),
    added: z.number().int().positive(),
    event: z.object({
      at: z.iso.datetime(),
      status: z.enum(ROUTING_STATUSES),
      code: z.string().nullable(),
      description: z.string(),
      city: z.string().nullable(),
      state: z.string().nullable(),
      country: z.string().nullable(),
    }),
  }),
);
export type TrackingUpdatedEvent = z.infer<typeof TrackingUpdated.schema>;
