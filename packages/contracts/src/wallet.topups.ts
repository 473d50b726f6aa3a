import { z } from 'zod';
import { isWholeCents } from './fields';

// Limits and schemas of the top-up endpoints, built by the descriptors in wallet.topups.endpoints.ts.

/** SPEC §5 and §9: a top-up is at least 50 and below 9,999,999 USD; note ≤ 255; proof photo < 5 MB (JPG or PNG). */
export const TOP_UP_LIMITS = {
  minAmount: 50,
  maxAmountExclusive: 9_999_999,
  noteMax: 255,
  reasonMax: 255,
  proofMaxBytes: 5 * 1024 * 1024,
} as const;

export const TOP_UP_STATUSES = ['pending', 'accepted', 'declined'] as const;
export type TopUpStatus = (typeof TOP_UP_STATUSES)[number];

/** The proof photo's form field of the multipart request. */
export const TOP_UP_PROOF_FIELD = 'proof';

/** A USD amount with at most 2 decimals, as a number or the text of a form field. */
export const topUpAmountField = () =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v)) : v),
    z
      .number({ error: (iss) => (iss.input === undefined || iss.input === null ? 'validation.required' : 'validation.number') })
      .refine((n) => Number.isFinite(n), { message: 'validation.number', abort: true })
      .min(TOP_UP_LIMITS.minAmount, 'validation.topUp.amountMin')
      .lt(TOP_UP_LIMITS.maxAmountExclusive, 'validation.topUp.amountMax')
      .refine(isWholeCents, { message: 'validation.topUp.amountCents' }),
  );

export const TopUpRequestSchema = () =>
  z.object({
    id: z.string(),
    customerId: z.string(),
    customerEmail: z.string().nullable(),
    amount: z.number(),
    gateway: z.string(),
    note: z.string(),
    status: z.enum(TOP_UP_STATUSES),
    declineReason: z.string().nullable(),
    reviewedBy: z.string().nullable(),
    reviewedAt: z.string().nullable(),
    transactionId: z.string().nullable(),
    /** GET this path (with the session) to see the proof photo. */
    proofUrl: z.string(),
    createdAt: z.string(),
  });

