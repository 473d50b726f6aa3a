import { z } from 'zod';
import { WEBHOOK_DISABLED_REASONS } from '@exship/contracts';
import { defineEvent } from '../../platform/jobs';

/** An endpoint was disabled by the platform (HTTP 410 from it, or failing for 5 days): its seller is told. */
export const WebhookEndpointDisabled = defineEvent(
  'webhooks.endpoint-disabled',
  z.object({
    endpointId: z.string().uuid(),
    accountId: z.string().uuid(),
    url: z.string(),
    reason: z.enum(WEBHOOK_DISABLED_REASONS),
    at: z.iso.datetime(),
  }),
);
export type WebhookEndpointDisabledEvent = z.infer<typeof WebhookEndpointDisabled.schema>;
