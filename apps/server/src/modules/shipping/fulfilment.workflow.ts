import { defineWorkflow } from '../../platform/workflow';
import { LabelRequested, OrderAddressEdited, OrderCanceled, OrderPaid, OrderReleased } from '../orders';
import { BuyLabelJob, VoidLabelJob } from './shipping.events';

/**
 * fulfil-order: what happens to a paid parcel, in order. Read top to bottom; docs/fulfilment.md draws it.
 *
 * The orders module owns the order's status and money and emits the start events in the transaction of
 * the change; this module owns labels, tracking numbers and routing events, and moves the order only
 * through the lifecycle's actions (orders.transition). Every step is idempotent: a purchase row is the
 * step's state and its id the carrier's idempotency key, so a retried or redelivered step does its work
 * once. The warehouse floor and air freight add their steps (check-in, carton, freight, last mile)
 * between `buy-label` and `follow-tracking`.
 */
export const FULFIL_ORDER = defineWorkflow({
  name: 'fulfil-order',
  starts: [
    { event: OrderPaid, runs: 'schedule-label', why: 'The seller paid: a label purchase at the delay in force at payment' },
    { event: OrderReleased, runs: 'schedule-label', why: 'A held or not-verified order waits for its label again: its purchase goes on' },
    { event: OrderAddressEdited, runs: 'schedule-label', why: 'A not-verified order got a new address: its purchase checks it again' },
    { event: LabelRequested, runs: 'schedule-label', why: 'Generate tracking, a new label or re-distribute: the old label is voided, a new purchase starts' },
    { event: OrderCanceled, runs: 'undo', why: 'The order was cancelled: undo the steps done (drop the purchase, void the label)' },
  ],
  steps: {
    'schedule-label': {
      does: 'Create the label purchase (due now, or at payment + the seller\'s label delay) and queue buy-label at its due time',
      runs: { start: true },
      next: 'buy-label',
      undo: 'drop-purchase',
    },
    'buy-label': {
      does: 'Claim the purchase (order → waiting-label, address check), ask the carrier with the purchase id as idempotency key, store the label and record it (order → labeled)',
      // A purchase mostly waits (on the carrier, the database, storage): 16 at a time per process.
      runs: { job: BuyLabelJob, retries: 5, concurrency: 16 },
      next: 'follow-tracking',
      undo: 'void-label',
      fails: { action: 'labelFailed', status: 'label error' },
    },
    'follow-tracking': {
      does: 'Ask the carrier about the parcel in batches until it is delivered; routing events move the order (shipped, delivered)',
      runs: { schedule: 'shipping.poll-tracking' },
    },
    'drop-purchase': {
      does: 'Compensation of schedule-label: a scheduled, buying or failed purchase is superseded (a carrier answer arriving later is voided)',
      runs: { start: true },
    },
    'void-label': {
      does: 'Compensation of buy-label: ask the carrier to void the label; a normal cancel waits for its answer (waiting-cancel → canceled, or back to labeled when refused)',
      runs: { job: VoidLabelJob, retries: 5 },
    },
  },
});

export type FulfilmentStep = keyof typeof FULFIL_ORDER.steps;
