import { job } from '../../platform/module';
import type { TicketService } from './tickets.service';

// Service levels and the 7-day close, as cron jobs; each re-checks its rows with a conditional update.
export const TICKET_OVERDUE_JOB = 'tickets.mark-overdue';
export const TICKET_AUTO_CLOSE_JOB = 'tickets.auto-close';

export const ticketJobs = (tickets: TicketService) => [
  job(TICKET_OVERDUE_JOB, async () => void (await tickets.markOverdue()), {
    cron: '*/10 * * * *',
    description: 'Mark tickets overdue when a first-response or resolution target is missed',
  }),
  job(TICKET_AUTO_CLOSE_JOB, async () => void (await tickets.autoClose()), {
    cron: '37 * * * *',
    description: 'Close resolved tickets left without a reply for 7 days',
  }),
];
