import { on } from '../../platform/jobs';
import { DimensionErrorFound } from '../floor';
import { OrderCreated, OrderStatusChanged, SurchargeAdded, type OrderStatusChangedEvent } from '../orders';
import { LabelPurchased, LabelPurchaseFailed, TrackingUpdated } from '../shipping';
import { TopUpReviewed } from '../wallet';
import type { WebhookService } from './webhooks.service';

// The events of the platform that become webhooks. Each is emitted by its module in the transaction
// of the change (the outbox of platform/jobs.ts): a rolled-back change raises nothing, a committed one
// is handled at least once, and the receipt of the handler's transaction makes it once. The handler
// turns the fact into the public payload (packages/contracts/src/webhooks.ts) and queues one delivery
// per subscribed endpoint, dated when the change happened (the order of one order's deliveries).

export const WEBHOOK_QUEUES = {
  orderCreated: 'webhooks.on-order-created',
  orderStatusChanged: 'webhooks.on-order-status-changed',
  surchargeAdded: 'webhooks.on-surcharge-added',
  labelPurchased: 'webhooks.on-label-purchased',
  labelFailed: 'webhooks.on-label-failed',
  trackingUpdated: 'webhooks.on-tracking-updated',
  dimensionError: 'webhooks.on-dimension-error',
  topUpReviewed: 'webhooks.on-top-up-reviewed',
} as const;

const CANCELED = ['canceled', 'waiting-cancel'];
const REFUNDED = ['refund', 'refund-custom'];

// The status changes a webhook tells of.
const paid = (e: OrderStatusChangedEvent) => e.action === 'pay' && e.paymentTo === 'paid' && e.paymentFrom !== 'paid';
const checkedIn = (e: OrderStatusChangedEvent) => e.action === 'checkIn';
// Into cancellation once (waiting-cancel → canceled, when the carrier confirms, is the same cancellation).
const canceled = (e: OrderStatusChangedEvent) => CANCELED.includes(e.to) && !CANCELED.includes(e.from);
const refunded = (e: OrderStatusChangedEvent) => REFUNDED.includes(e.paymentTo) && e.paymentTo !== e.paymentFrom;

/**
 * A fact of an account without an active endpoint queues no job (platform/jobs.ts `listeners`). What a
 * process keeps of the answer for an account is dropped when the change feed announces a change to
 * its endpoints (migration 0050: at the change's commit, to every process), so an endpoint hears of
 * the facts from then on. A check-in of a seller without webhooks costs no job and no statement.
 */
const ACCOUNTS_WITH_ENDPOINTS = `select distinct account_id from webhook_endpoints where status = 'active'`;

export const webhookHandlers = (webhooks: WebhookService, nudge: () => void) => {
  const done = () => nudge();
  const subscriptions = [
    on(OrderCreated, WEBHOOK_QUEUES.orderCreated, async (e, { tx }) => {
      await webhooks.publish(tx, { accountId: e.accountId, type: 'order.created', orderId: e.orderId, occurredAt: new Date(e.at), data: { orderId: e.orderId, exOrderId: e.exOrderId, totalCents: e.totalCents, currency: 'USD', createdAt: e.at } });
      done();
    }, 'Queue order.created webhooks'),

    on(
      OrderStatusChanged,
      WEBHOOK_QUEUES.orderStatusChanged,
      async (e, { tx }) => {
        const base = { orderId: e.orderId, exOrderId: e.exOrderId };
        const at = new Date(e.at);
        const ref = { accountId: e.accountId, orderId: e.orderId, occurredAt: at };
        if (paid(e)) await webhooks.publish(tx, { ...ref, type: 'order.paid', data: { ...base, status: e.to, paymentStatus: e.paymentTo, paidAt: e.at } });
        if (checkedIn(e)) await webhooks.publish(tx, { ...ref, type: 'parcel.checked_in', data: { ...base, status: e.to, checkedInAt: e.at } });
        if (canceled(e)) {
          await webhooks.publish(tx, { ...ref, type: 'order.canceled', data: { ...base, previousStatus: e.from, status: e.to, reason: e.action, refund: e.refund, refundDueAt: e.refundDueAt, canceledAt: e.at } });
        }
        if (refunded(e)) {
          await webhooks.publish(tx, { ...ref, type: 'order.refunded', data: { ...base, paymentStatus: e.paymentTo, refundCents: e.refundCents ?? 0, currency: 'USD', refundedAt: e.at } });
        }
        done();
      },
      'Queue order.paid, order.canceled, order.refunded and parcel.checked_in webhooks',
      // Any other status change (a carrier's scan, a dimension error) queues nothing.
      (e) => paid(e) || checkedIn(e) || canceled(e) || refunded(e),
    ),

    on(SurchargeAdded, WEBHOOK_QUEUES.surchargeAdded, async (e, { tx }) => {
      await webhooks.publish(tx, { accountId: e.accountId, type: 'surcharge.added', orderId: e.orderId, occurredAt: new Date(e.at), data: { orderId: e.orderId, exOrderId: e.exOrderId, amountCents: e.amountCents, currency: 'USD', reason: e.reason, detailReason: e.detailReason, addedAt: e.at } });
      done();
    }, 'Queue surcharge.added webhooks'),

    on(LabelPurchased, WEBHOOK_QUEUES.labelPurchased, async (e, { tx }) => {
      await webhooks.publish(tx, {
        accountId: e.accountId, type: 'label.purchased', orderId: e.orderId, occurredAt: new Date(e.at),
        data: { orderId: e.orderId, exOrderId: e.exOrderId, trackingNumber: e.trackingNumber, carrierCode: e.carrierCode, carrierName: e.carrierName, serviceName: e.serviceName, purchasedAt: e.at },
      });
      done();
    }, 'Queue label.purchased webhooks'),

    on(LabelPurchaseFailed, WEBHOOK_QUEUES.labelFailed, async (e, { tx }) => {
      await webhooks.publish(tx, { accountId: e.accountId, type: 'label.failed', orderId: e.orderId, occurredAt: new Date(e.at), data: { orderId: e.orderId, exOrderId: e.exOrderId, error: e.error, willRetry: e.willRetry, failedAt: e.at } });
      done();
    }, 'Queue label.failed webhooks'),

    on(TrackingUpdated, WEBHOOK_QUEUES.trackingUpdated, async (e, { tx }) => {
      await webhooks.publish(tx, {
        accountId: e.accountId, type: 'tracking.updated', orderId: e.orderId, occurredAt: new Date(e.event.at),
        data: { orderId: e.orderId, exOrderId: e.exOrderId, trackingNumber: e.trackingNumber, routingStatus: e.event.status, event: e.event },
      });
      done();
    }, 'Queue tracking.updated webhooks'),

    on(DimensionErrorFound, WEBHOOK_QUEUES.dimensionError, async (e, { tx }) => {
      await webhooks.publish(tx, {
        accountId: e.accountId, type: 'parcel.dimension_error', orderId: e.orderId, occurredAt: new Date(e.at),
        data: { orderId: e.orderId, exOrderId: e.exOrderId, declared: e.declared, measured: e.measured, declaredPriceCents: e.declaredPriceCents, measuredPriceCents: e.measuredPriceCents, currency: 'USD', confirmBy: e.confirmBy, foundAt: e.at },
      });
      done();
    }, 'Queue parcel.dimension_error webhooks'),

    on(TopUpReviewed, WEBHOOK_QUEUES.topUpReviewed, async (e, { tx }) => {
      if (e.status === 'accepted') await webhooks.publish(tx, { accountId: e.accountId, type: 'topup.accepted', occurredAt: new Date(e.at), data: { topUpId: e.topUpId, amountCents: e.amountCents, currency: 'USD', reviewedAt: e.at } });
      else await webhooks.publish(tx, { accountId: e.accountId, type: 'topup.declined', occurredAt: new Date(e.at), data: { topUpId: e.topUpId, amountCents: e.amountCents, currency: 'USD', reason: e.reason, reviewedAt: e.at } });
      done();
    }, 'Queue topup.accepted and topup.declined webhooks'),
  ];
  return subscriptions.map((sub) => ({ ...sub, listeners: { query: ACCOUNTS_WITH_ENDPOINTS, changes: 'webhook_endpoints' } }));
};
