import { z } from 'zod';
import { TICKET_STATUSES } from '@exship/contracts';
import { defineEvent } from '../../platform/jobs';

/** A reply or a status change on a ticket: the other side is told (notifications module). */
export const TicketChanged = defineEvent(
  'ticket.changed',
  z.object({
    ticketId: z.string().uuid(),
    accountId: z.string().uuid(),
    code: z.string(),
    subject: z.string(),
    kind: z.enum(['reply', 'status']),
    /** Who caused it: a seller's change is for staff, a staff or system change for the seller. */
    side: z.enum(['staff', 'seller', 'system']),
    status: z.enum(TICKET_STATUSES),
    assigneeId: z.string().uuid().nullable(),
    at: z.iso.datetime(),
  }),
);
export type TicketChangedEvent = z.infer<typeof TicketChanged.schema>;
