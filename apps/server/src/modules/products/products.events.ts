import { z } from 'zod';
import { defineEvent } from '../../platform/jobs';

// Events the products module emits (in the transaction of the change; see platform/jobs.ts).
// Payload schemas live here, beside the module that owns the fact; handlers import the event
// from this module's index.ts.

/** SPEC §4: staff accepted or rejected a product; the seller is told. */
export const ProductReviewed = defineEvent(
  'product.reviewed',
  z.object({
    productId: z.string().uuid(),
    accountId: z.string().uuid(),
    productName: z.string().min(1),
    approvalStatus: z.enum(['accepted', 'rejected']),
    reason: z.string().nullable(),
    reviewedBy: z.string().uuid(),
    at: z.iso.datetime(),
  }),
);
export type ProductReviewedEvent = z.infer<typeof ProductReviewed.schema>;

/** SPEC §4: a seller sent a product for approval; reviewers (EX-PRODUCT-APPROVE) are told. */
export const ProductSubmitted = defineEvent(
  'product.submitted',
  z.object({
    productId: z.string().uuid(),
    accountId: z.string().uuid(),
    productName: z.string().min(1),
    submittedBy: z.string().uuid(),
    at: z.iso.datetime(),
  }),
);
export type ProductSubmittedEvent = z.infer<typeof ProductSubmitted.schema>;
