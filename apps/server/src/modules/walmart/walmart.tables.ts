import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { INTEGRATION_ORDER_STAGES, INTEGRATION_ORDER_STATUSES, WALMART_ACK_MODES, WALMART_PUSH_KINDS, WALMART_PUSH_STATES, WALMART_RECONCILIATION_KINDS, WALMART_STORE_STATES } from '@exship/contracts';
import { enumCheck } from '../../platform/db-checks';

// The Walmart integration (docs/walmart.md): stores with sealed credentials, connect sessions,
// integration orders (one per store and purchase order: a unique index, so concurrent syncs
// cannot make two), the calls made for them, SKU and shipping-method mappings, reconciliation.

const at = (name: string) => timestamp(name, { withTimezone: true });

export interface IntegrationLine {
  lineNumber: string;
  sku: string;
  productName: string;
  quantity: number;
  status: string;
  amountCents: number;
  currency: string;
}
export interface ShipTo {
  name: string;
  address1: string;
  address2: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
  phone: string;
}
export interface BackfillState {
  from: string;
  to: string;
  state: 'queued' | 'running' | 'done' | 'failed';
  cursor: string | null;
}

export const walmartStores = pgTable(
  'walmart_stores',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').notNull(),
    /** The user who connected it: draft orders are created in their name. */
    createdBy: uuid('created_by').notNull(),
    name: text('name').notNull(),
    state: text('state').notNull().default('connected'),
    /** Null once disconnected (credentials erased). */
    clientId: text('client_id'),
    /** AES-256-GCM sealed (platform/secrets.ts); never answered nor logged. */
    clientSecretSealed: text('client_secret_sealed'),
    ackMode: text('ack_mode').notNull().default('on-sync'),
    autoPay: boolean('auto_pay').notNull().default(false),
    defaultCancelReason: text('default_cancel_reason').notNull().default('CUSTOMER_REQUESTED_SELLER_TO_CANCEL'),
    demo: boolean('demo').notNull().default(false),
    lastSyncAt: at('last_sync_at'),
    lastSyncCount: integer('last_sync_count'),
    /** A message key (walmart.error.*) of the last failure, null when the last run went well. */
    lastError: text('last_error'),
    tokenFailingSince: at('token_failing_since'),
    /** The released-orders sync under way: its next page, kept across failures (a malformed page is retried from it). */
    syncCursor: text('sync_cursor'),
    syncWindowStart: at('sync_window_start'),
    backfill: jsonb('backfill').$type<BackfillState>(),
    reconciledAt: at('reconciled_at'),
    connectedAt: at('connected_at').notNull().defaultNow(),
    pausedAt: at('paused_at'),
    disconnectedAt: at('disconnected_at'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('walmart_stores_account_name_uq').on(t.accountId, sql`lower(${t.name})`),
    index('walmart_stores_state_idx').on(t.state),
    enumCheck('walmart_stores_state_ck', t.state, WALMART_STORE_STATES),
    enumCheck('walmart_stores_ack_mode_ck', t.ackMode, WALMART_ACK_MODES),
  ],
);

export const walmartConnectSessions = pgTable(
  'walmart_connect_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').notNull(),
    userId: uuid('user_id').notNull(),
    callbackUri: text('callback_uri').notNull(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('walmart_connect_sessions_account_idx').on(t.accountId, t.createdAt)],
);

export const integrationOrders = pgTable(
  'integration_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').notNull(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => walmartStores.id),
    purchaseOrderId: text('purchase_order_id').notNull(),
    customerOrderId: text('customer_order_id').notNull(),
    customerEmail: text('customer_email').notNull().default(''),
    orderType: text('order_type').notNull(),
    orderDate: at('order_date').notNull(),
    shipNodeType: text('ship_node_type').notNull(),
    shippingMethod: text('shipping_method').notNull(),
    estimatedDeliveryDate: at('estimated_delivery_date'),
    estimatedShipDate: at('estimated_ship_date'),
    shipTo: jsonb('ship_to').$type<ShipTo>().notNull(),
    lines: jsonb('lines').$type<IntegrationLine[]>().notNull(),
    /** SPEC §4: the order's status on Walmart (its least advanced line). */
    status: text('status').notNull(),
    stage: text('stage').notNull(),
    reasonKey: text('reason_key'),
    reasonVars: jsonb('reason_vars').$type<Record<string, string>>(),
    /** The draft ExShip order made from it. */
    orderId: uuid('order_id'),
    exOrderId: text('ex_order_id'),
    acknowledgedAt: at('acknowledged_at'),
    ackDueAt: at('ack_due_at').notNull(),
    ackFlaggedAt: at('ack_flagged_at'),
    pushKind: text('push_kind'),
    pushState: text('push_state').notNull().default('none'),
    pushAttempts: integer('push_attempts').notNull().default(0),
    pushError: text('push_error'),
    pushErrorVars: jsonb('push_error_vars').$type<Record<string, string>>(),
    pushLastAt: at('push_last_at'),
    pushNextAt: at('push_next_at'),
    trackingNumber: text('tracking_number'),
    cancellationReason: text('cancellation_reason'),
    firstSeenAt: at('first_seen_at').notNull().defaultNow(),
    lastSeenAt: at('last_seen_at').notNull().defaultNow(),
  },
  (t) => [
    // One integration order per purchase order of a store, however often and however concurrently seen.
    uniqueIndex('integration_orders_store_po_uq').on(t.storeId, t.purchaseOrderId),
    index('integration_orders_account_date_idx').on(t.accountId, t.orderDate),
    index('integration_orders_account_stage_idx').on(t.accountId, t.stage),
    uniqueIndex('integration_orders_order_uq').on(t.orderId),
    index('integration_orders_ack_due_idx').on(t.ackDueAt).where(sql`${t.acknowledgedAt} is null and ${t.ackFlaggedAt} is null`),
    enumCheck('integration_orders_status_ck', t.status, INTEGRATION_ORDER_STATUSES),
    enumCheck('integration_orders_stage_ck', t.stage, INTEGRATION_ORDER_STAGES),
    enumCheck('integration_orders_push_state_ck', t.pushState, WALMART_PUSH_STATES),
    enumCheck('integration_orders_push_kind_ck', t.pushKind, WALMART_PUSH_KINDS, { nullable: true }),
  ],
);

export const walmartPushLog = pgTable(
  'walmart_push_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').notNull(),
    integrationOrderId: uuid('integration_order_id')
      .notNull()
      .references(() => integrationOrders.id),
    kind: text('kind').notNull(),
    at: at('at').notNull(),
    ok: boolean('ok').notNull(),
    httpStatus: integer('http_status'),
    error: text('error'),
  },
  (t) => [index('walmart_push_log_account_order_idx').on(t.accountId, t.integrationOrderId, t.at)],
);

export const walmartSkuMappings = pgTable(
  'walmart_sku_mappings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').notNull(),
    sku: text('sku').notNull(),
    productId: uuid('product_id').notNull(),
    variantId: uuid('variant_id').notNull(),
    source: text('source').notNull(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('walmart_sku_mappings_account_sku_uq').on(t.accountId, sql`lower(${t.sku})`)],
);

export const walmartMethodMappings = pgTable(
  'walmart_method_mappings',
  {
    accountId: uuid('account_id').notNull(),
    methodCode: text('method_code').notNull(),
    serviceCode: text('service_code').notNull(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'walmart_method_mappings_pk', columns: [t.accountId, t.methodCode] })],
);

export const walmartReconciliation = pgTable(
  'walmart_reconciliation',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').notNull(),
    storeId: uuid('store_id').notNull(),
    integrationOrderId: uuid('integration_order_id').notNull(),
    kind: text('kind').notNull(),
    walmartStatus: text('walmart_status'),
    ourStatus: text('our_status').notNull(),
    exshipStatus: text('exship_status'),
    detectedAt: at('detected_at').notNull(),
    resolvedAt: at('resolved_at'),
    /** Set when a person marked it resolved (settled outside ExShip); null when a run or a cancellation did. */
    resolvedBy: uuid('resolved_by'),
    resolutionNote: text('resolution_note'),
  },
  (t) => [
    index('walmart_reconciliation_account_idx').on(t.accountId, t.detectedAt),
    uniqueIndex('walmart_reconciliation_open_uq').on(t.integrationOrderId, t.kind).where(sql`${t.resolvedAt} is null`),
    enumCheck('walmart_reconciliation_kind_ck', t.kind, WALMART_RECONCILIATION_KINDS),
  ],
);
