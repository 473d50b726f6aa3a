import { job } from '../../platform/module';
import type { OrderService } from './orders.service';

// SPEC §4/§9 deadlines as pg-boss cron jobs. Each sweep re-checks every order under a row lock and
// moves it through the lifecycle, so an overlapping or retried run changes nothing twice.
export const orderJobs = (orders: OrderService) => [
  job('orders.auto-cancel-unreceived', () => orders.sweep('autoCancel').then(() => undefined), {
    cron: '7 * * * *',
    description: 'Cancel labeled orders the warehouse has not received 12 days after their label',
  }),
  job('orders.dimension-deadline', () => orders.sweep('dimensionTimeout').then(() => undefined), {
    cron: '17 * * * *',
    description: 'Handle dimension mismatches left unconfirmed for 10 days',
  }),
  job('orders.refunds-due', () => orders.sweep('refundDue').then(() => undefined), {
    cron: '27 * * * *',
    description: 'Mark refunds whose date (7 working days after a cancellation) has come',
  }),
];
