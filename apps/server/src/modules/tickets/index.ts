import { workingDayCalendar } from '@exship/domain/working-days';
import { defineModule } from '../../platform/module';
import { ordersModule } from '../orders';
import { shippingModule } from '../shipping';
import { usersModule } from '../users';
import { walletModule } from '../wallet';
import { ticketJobs } from './tickets.jobs';
import { ticketRoutes } from './tickets.routes';
import { createTicketService } from './tickets.service';

export { TicketChanged, type TicketChangedEvent } from './tickets.events';
export { TICKET_AUTO_CLOSE_JOB, TICKET_OVERDUE_JOB, ticketJobs } from './tickets.jobs';
export { createTicketService, ticketCode, type TicketService } from './tickets.service';

/**
 * Support tickets with service levels, and claims for lost, late, damaged or incomplete parcels
 * paid to the wallet (docs/tickets-and-claims.md).
 */
export const ticketsModule = defineModule({
  name: 'tickets',
  needs: [walletModule, usersModule, ordersModule, shippingModule],
  setup(ctx, use) {
    const orders = use(ordersModule).orders;
    return createTicketService({ db: ctx.database.db, storage: ctx.storage, calendar: workingDayCalendar('US'), orders: () => orders });
  },
  routes: (_ctx, tickets) => [ticketRoutes(tickets)],
  jobs: (_ctx, tickets) => ticketJobs(tickets),
});
