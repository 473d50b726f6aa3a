import { z } from 'zod';
import { defineEvent } from '../../platform/jobs';

// Events the wallet module emits (in the transaction of the change; see platform/jobs.ts).

/** Staff accepted or declined a top-up request; the seller is told. */
export const TopUpReviewed = defineEvent(
  'wallet.top-up-reviewed',
  z.object({
    topUpId: z.string().uuid(),
    accountId: z.string().uuid(),
    amountCents: z.number().int().positive(),
    status: z.enum(['accepted', 'declined']),
    reason: z.string().nullable(),
    reviewedBy: z.string().uuid(),
    at: z.iso.datetime(),
  }),
);
export type TopUpReviewedEvent = z.infer<typeof TopUpReviewed.schema>;
