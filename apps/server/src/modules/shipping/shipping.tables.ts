import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { LABEL_PURCHASE_STATUSES, LABEL_VOID_STATUSES, ROUTING_STATUSES, TRACKING_LOG_RESULTS } from '@exship/contracts';
import { enumCheck } from '../../platform/db-checks';
import { carriers } from '../catalog/catalog.tables';
import { orders } from '../orders/orders.tables';
import type { LabelData } from './shipping.label';

// Labels, tracking, SCAN forms. Every seller-owned row carries account_id (docs/engineering.md "Tenancy").
// The tracker keeps a copy of what the label says (label_data): the US and barcode variants and the
// ZPL are rendered from it on demand; the carrier's PDF itself is a file in Storage (label_key).
const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Staff setting on a carrier: which plugin buys its labels (carriers/). No row: the offline sandbox.
 * `plugin` is checked against the registered plugins in code, so a new carrier needs no migration.
 */
export const carrierConnections = pgTable('carrier_connections', {
  carrierId: uuid('carrier_id')
    .primaryKey()
    .references(() => carriers.id),
  plugin: text('plugin').notNull().default('sandbox'),
  /** The plugin's non-secret settings. */
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
  /**
   * The secret settings as one JSON object sealed with AES-256-GCM (platform/secrets.ts); '' when none.
   * `plain:` + JSON only between the migration from the old columns and the next start, which seals it.
   */
  secrets: text('secrets').notNull().default(''),
  updatedAt: at('updated_at').notNull().defaultNow(),
  updatedBy: uuid('updated_by'),
});

/**
 * One label purchase of an order: created when a purchase is asked for (on payment, after the
 * seller's delay, generate tracking, new label, re-distribute). Its id is the idempotency key sent
 * to the carrier, so a retried purchase (timeout, crash after the carrier answered) never buys twice.
 */
export const labelPurchases = pgTable(
  'label_purchases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    accountId: uuid('account_id').notNull(),
    carrierId: uuid('carrier_id'),
    carrierCode: text('carrier_code').notNull(),
    reason: text('reason').notNull(),
    status: text('status').notNull(),
    dueAt: at('due_at').notNull(),
    tries: integer('tries').notNull().default(0),
    trackingNumber: text('tracking_number'),
    shipmentId: text('shipment_id'),
    error: text('error'),
    createdAt: at('created_at').notNull().defaultNow(),
    purchasedAt: at('purchased_at'),
    /** A replaced or cancelled label's void: requested, voided, or failed (refused, or not confirmed after its retries). */
    voidStatus: text('void_status'),
    voidError: text('void_error'),
    voidedAt: at('voided_at'),
  },
  (t) => [
    index('label_purchases_order_idx').on(t.orderId, t.createdAt),
    index('label_purchases_due_idx').on(t.dueAt).where(sql`status = 'scheduled'`),
    enumCheck('label_purchases_status_ck', t.status, LABEL_PURCHASE_STATUSES),
    enumCheck('label_purchases_void_status_ck', t.voidStatus, LABEL_VOID_STATUSES, { nullable: true }),
  ],
);

/** The parcel of an order with a label: what the poller asks the carrier about, and the public link. */
export const trackers = pgTable(
  'trackers',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id),
    accountId: uuid('account_id').notNull(),
    exOrderId: text('ex_order_id').notNull(),
    orderName: text('order_name').notNull(),
    carrierId: uuid('carrier_id'),
    carrierCode: text('carrier_code').notNull(),
    carrierName: text('carrier_name').notNull(),
    serviceName: text('service_name').notNull(),
    trackingNumber: text('tracking_number').notNull(),
    shipmentId: text('shipment_id'),
    labelKey: text('label_key').notNull(),
    labelData: jsonb('label_data').$type<LabelData>().notNull(),
    /** Unguessable: the buyer's link /track/{code}. */
    publicCode: text('public_code').notNull(),
    destCity: text('dest_city').notNull(),
    destState: text('dest_state').notNull(),
    destCountry: text('dest_country').notNull(),
    labeledAt: at('labeled_at').notNull(),
    routingStatus: text('routing_status'),
    lastEventAt: at('last_event_at'),
    lastPolledAt: at('last_polled_at'),
    nextPollAt: at('next_poll_at').notNull(),
    pollFailures: integer('poll_failures').notNull().default(0),
    /** Arrival at the US warehouse (routing us-accepted): the late clock starts here. */
    usArrivedAt: at('us_arrived_at'),
    deliveredAt: at('delivered_at'),
    lostAt: at('lost_at'),
    lateAt: at('late_at'),
    /** False once delivered, voided or cancelled: the poller stops. */
    active: boolean('active').notNull().default(true),
  },
  (t) => [
    uniqueIndex('trackers_public_code_uq').on(t.publicCode),
    index('trackers_tracking_idx').on(t.trackingNumber),
    index('trackers_account_idx').on(t.accountId, t.labeledAt),
    index('trackers_poll_idx').on(t.nextPollAt).where(sql`active`),
    enumCheck('trackers_routing_status_ck', t.routingStatus, ROUTING_STATUSES, { nullable: true }),
  ],
);

/** A routing event of a parcel (SPEC §3: date, location, description); kept 100 days (§9). */
export const routingEvents = pgTable(
  'routing_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    accountId: uuid('account_id').notNull(),
    trackingNumber: text('tracking_number').notNull(),
    at: at('at').notNull(),
    status: text('status').notNull(),
    code: text('code').notNull(),
    description: text('description').notNull(),
    /** Set on the platform's own events (the warehouse floor): `description` is then a message key, shown in the reader's language with these values. */
    descriptionVars: jsonb('description_vars').$type<Record<string, string>>(),
    city: text('city').notNull().default(''),
    state: text('state').notNull().default(''),
    country: text('country').notNull().default(''),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('routing_events_uq').on(t.orderId, t.trackingNumber, t.at, t.code),
    index('routing_events_created_idx').on(t.createdAt),
    enumCheck('routing_events_status_ck', t.status, ROUTING_STATUSES),
  ],
);

/** One row per tracking number asked of a carrier: what was fetched, when, result, error. */
export const trackingLogs = pgTable(
  'tracking_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').notNull(),
    orderId: uuid('order_id').notNull(),
    exOrderId: text('ex_order_id').notNull(),
    carrierCode: text('carrier_code').notNull(),
    trackingNumber: text('tracking_number').notNull(),
    at: at('at').notNull(),
    result: text('result').notNull(),
    eventsAdded: integer('events_added').notNull().default(0),
    durationMs: integer('duration_ms').notNull().default(0),
    error: text('error'),
  },
  (t) => [index('tracking_logs_account_at_idx').on(t.accountId, t.at), index('tracking_logs_at_idx').on(t.at), enumCheck('tracking_logs_result_ck', t.result, TRACKING_LOG_RESULTS)],
);

/** SPEC §3 SCAN form: number, orders with their tracking numbers, ship date, action by. */
export const scanForms = pgTable(
  'scan_forms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: text('number').notNull(),
    accountId: uuid('account_id').notNull(),
    shipDate: date('ship_date', { mode: 'string' }).notNull(),
    createdBy: uuid('created_by').notNull(),
    createdByName: text('created_by_name').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    pdfKey: text('pdf_key').notNull(),
  },
  (t) => [uniqueIndex('scan_forms_number_uq').on(t.number), index('scan_forms_account_idx').on(t.accountId, t.createdAt)],
);

export const scanFormOrders = pgTable(
  'scan_form_orders',
  {
    scanFormId: uuid('scan_form_id')
      .notNull()
      .references(() => scanForms.id),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    exOrderId: text('ex_order_id').notNull(),
    orderName: text('order_name').notNull(),
    trackingNumber: text('tracking_number').notNull(),
  },
  (t) => [primaryKey({ columns: [t.scanFormId, t.orderId] }), uniqueIndex('scan_form_orders_tracking_uq').on(t.trackingNumber)],
);
