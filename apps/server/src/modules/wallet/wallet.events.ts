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

/** A seller asked for a top-up (bank transfer with its proof); the staff who review top-ups are told. */
export const TopUpSubmitted = defineEvent(
  'wallet.top-up-submitted',
  z.object({
    topUpId: z.string().uuid(),
    accountId: z.string().uuid(),
    amountCents: z.number().int().positive(),
    at: z.iso.datetime(),
  }),
);
export type TopUpSubmittedEvent = z.infer<typeof TopUpSubmitted.schema>;

/** A provider checkout was paid and credited to the wallet (the provider's webhook). */
export const OnlineTopUpPaid = defineEvent(
  'wallet.online-top-up-paid',
  z.object({
    accountId: z.string().uuid(),
    transactionId: z.string().uuid(),
    amountCents: z.number().int().positive(),
    at: z.iso.datetime(),
  }),
);
export type OnlineTopUpPaidEvent = z.infer<typeof OnlineTopUpPaid.schema>;
