import { z } from 'zod';
import { defineEvent } from '../../platform/jobs';

/** A freight's cost was shared to its parcels (priced, or its adjustment changed): each paid parcel's cost changed. */
export const FreightCostShared = defineEvent(
  'freight.cost-shared',
  z.object({
    freightId: z.string().uuid(),
    at: z.iso.datetime(),
  }),
);
export type FreightCostSharedEvent = z.infer<typeof FreightCostShared.schema>;
