import { workingDayCalendar } from '@exship/domain/working-days';
import { defineModule } from '../../platform/module';
import { emailsModule } from '../emails';
import { ordersModule } from '../orders';
import { usersModule } from '../users';
import { walletModule } from '../wallet';
import { createCreditService } from './billing.credit';
import { createInvoiceService } from './billing.invoices';
import { billingJobs } from './billing.jobs';
import { billingRoutes } from './billing.routes';
import { createTransactionReports } from './billing.transactions';

export type { CreditService } from './billing.credit';
export type { InvoiceService } from './billing.invoices';

/**
 * Billing (SPEC §2 /app/billing): credit customers (limit, period, due date, block, extend,
 * repayments, the reminder and overdue jobs), monthly invoices with their PDF, the §7 transaction
 * reports and send-payment. Every balance change goes through the wallet module's ledger; the
 * orders are read through the orders module's surface. It sits above wallet, users and orders.
 */
export const billingModule = defineModule({
  name: 'billing',
  needs: [walletModule, usersModule, emailsModule, ordersModule],
  setup(ctx) {
    const db = ctx.database.db;
    return {
      credit: createCreditService({ db, mailer: ctx.mailer }),
      invoices: createInvoiceService({ db, calendar: workingDayCalendar('US') }),
      reports: createTransactionReports(db),
    };
  },
  routes: (ctx, m) => [billingRoutes(ctx.database.db, m.credit, m.invoices, m.reports)],
  jobs: (_ctx, m) => billingJobs(m.credit, m.invoices),
});
