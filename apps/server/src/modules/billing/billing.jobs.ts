import { job } from '../../platform/module';
import type { CreditService } from './billing.credit';
import { previousMonth, type InvoiceService } from './billing.invoices';

// SPEC §9 credit periods and invoices as pg-boss cron jobs. Each is idempotent: the reminder is
// remembered per due date on the wallet row, a locked line is not picked again, and an invoice is
// unique per account and month, so an overlapping or retried run changes nothing twice.
export const billingJobs = (credit: CreditService, invoices: InvoiceService, now: () => Date = () => new Date()) => [
  job('billing.credit-reminders', () => credit.remindDue().then(() => undefined), {
    cron: '0 * * * *',
    description: 'Email sellers whose credit in use falls due within 3 days (once per due date)',
  }),
  job('billing.credit-overdue-lock', () => credit.lockOverdue().then(() => undefined), {
    cron: '5 * * * *',
    description: 'Lock credit lines that are in use past their due date',
  }),
  job('billing.monthly-invoices', () => invoices.generate(previousMonth(now())).then(() => undefined), {
    cron: '30 0 1 * *',
    description: 'Make last month\'s invoices on the 1st of the month',
  }),
];
