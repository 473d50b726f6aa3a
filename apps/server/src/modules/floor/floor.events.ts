import { z } from 'zod';
import { defineEvent } from '../../platform/jobs';

/**
 * The warehouse measured a parcel beyond the tolerance (error-dimension): its seller is asked to
 * confirm the price at the measured values within 10 days (SPEC §4). Prices in cents.
 */
export const DimensionErrorFound = defineEvent(
  'floor.dimension-error',
  z.object({
    orderId: z.string().uuid(),
    accountId: z.string().uuid(),
    exOrderId: z.string(),
    /** "800 g, 20 × 15 × 10 cm" as declared and as measured. */
    declared: z.string(),
    measured: z.string(),
    declaredPriceCents: z.number().int(),
    measuredPriceCents: z.number().int().nullable(),
    confirmBy: z.iso.datetime(),
    at: z.iso.datetime(),
  }),
);
export type DimensionErrorFoundEvent = z.infer<typeof DimensionErrorFound.schema>;
