import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { CHECK_IN_STATUSES, ORDER_STATUSES, PACKAGINGS, PAYMENT_METHODS, PAYMENT_STATUSES, SCHEDULE_STATUSES, SURCHARGE_REASONS } from '@exship/contracts';
import { enumCheck } from '../../platform/db-checks';

// SPEC §3 Order, its lines, its status history and its surcharges. Every row is seller-owned:
// account_id leads the list indexes (docs/engineering.md "Tenancy"). Money in integer cents; dimensions in cm and
// weight in grams as numeric(10,2). The fee lines are a snapshot of the price the seller saw.
// The label's facts (tracking number, label file, routing status) are not here: shipping owns them
// (trackers), and the list, detail and export read them through orders.labels.ts.

const measure = (name: string) => numeric(name, { precision: 10, scale: 2, mode: 'number' });
const cents = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);
const at = (name: string) => timestamp(name, { withTimezone: true });

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Readable, unique and not guessable: EX + 10 Crockford base-32 characters from random bytes. */
    exOrderId: text('ex_order_id').notNull(),
    accountId: uuid('account_id').notNull(),
    createdBy: uuid('created_by').notNull(),
    orderName: text('order_name').notNull(),
    note: text('note').notNull().default(''),
    status: text('status').notNull(),
    preStatus: text('pre_status'),
    paymentStatus: text('payment_status').notNull(),
    scheduleStatus: text('schedule_status'),
    checkInStatus: text('check_in_status'),
    orderType: text('order_type').notNull().default('parcel'),
    packaging: text('packaging').notNull().default('parcel'),
    lengthCm: measure('length_cm').notNull(),
    widthCm: measure('width_cm').notNull(),
    heightCm: measure('height_cm').notNull(),
    weightGr: measure('weight_gr').notNull(),
    chargeableWeightGr: measure('chargeable_weight_gr').notNull(),
    quantity: integer('quantity').notNull().default(0),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull().default(''),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    address1: text('address1').notNull(),
    address2: text('address2').notNull().default(''),
    city: text('city').notNull(),
    state: text('state').notNull().default(''),
    country: text('country').notNull(),
    zipcode: text('zipcode').notNull(),
    taxNumber: text('tax_number').notNull().default(''),
    serviceId: uuid('service_id').notNull(),
    serviceCode: text('service_code').notNull(),
    serviceName: text('service_name').notNull(),
    /** The order's routing assignment: priced at creation, changed when a re-distributed label is bought. Not a label fact. */
    carrierId: uuid('carrier_id'),
    carrierCode: text('carrier_code'),
    warehouseCode: text('warehouse_code'),
    signature: boolean('signature').notNull().default(false),
    discountId: uuid('discount_id'),
    discountCode: text('discount_code'),
    paymentMethod: text('payment_method').notNull().default('wallet'),
    labelTiktok: text('label_tiktok').notNull().default(''),
    shippingFeeCents: cents('shipping_fee_cents'),
    discountCents: cents('discount_cents'),
    taxFeeCents: cents('tax_fee_cents'),
    seasonalFeeCents: cents('seasonal_fee_cents'),
    overLengthFeeCents: cents('over_length_fee_cents'),
    signatureFeeCents: cents('signature_fee_cents'),
    surchargeCents: cents('surcharge_cents'),
    totalCents: cents('total_cents'),
    costCents: cents('cost_cents'),
    /** What a cancellation owes the seller (set when the refund is scheduled). */
    refundCents: cents('refund_cents'),
    labelUs: boolean('label_us').notNull().default(false),
    checkInAt: at('check_in_at'),
    paidAt: at('paid_at'),
    labeledAt: at('labeled_at'),
    shippedAt: at('shipped_at'),
    canceledAt: at('canceled_at'),
    refundDueAt: at('refund_due_at'),
    dimensionFlaggedAt: at('dimension_flagged_at'),
    /** The order that replaced this one (an address edit after the label, a confirmed dimension). */
    replacedBy: uuid('replaced_by'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_ex_order_id_uq').on(t.exOrderId),
    // SPEC §5: the order name is unique per seller.
    uniqueIndex('orders_account_name_uq').on(t.accountId, t.orderName),
    // The list (docs/orders-list.md): a seller's orders by status tab and date, staff's across sellers.
    // Each ends with the list's tie-breaker (id), so a page — however deep — is an index-only scan of
    // ids, and the page's rows are then read by id. The seller's tab index also carries the two keyword
    // columns of orders: a broad keyword's count over one seller is then read from the index alone.
    index('orders_account_status_created_idx').on(t.accountId, t.status, t.createdAt, t.id, t.orderName, t.exOrderId),
    index('orders_account_created_idx').on(t.accountId, t.createdAt, t.id),
    index('orders_status_created_idx').on(t.status, t.createdAt, t.id),
    index('orders_created_idx').on(t.createdAt, t.id),
    // Keyword: a seller's "contains" in the order name (trigrams, within the account: pg_trgm + btree_gin),
    // staff's case-insensitive prefix of the name (lower(name) LIKE 'kw%'), exOrderId exact (the tracking
    // number exactly too, through shipping's trackers_tracking_idx).
    index('orders_account_name_trgm_idx').using('gin', t.accountId, t.orderName.op('gin_trgm_ops')),
    index('orders_name_prefix_idx').on(sql`lower(${t.orderName}) text_pattern_ops`),
    // The cron jobs' sweeps (auto-cancel, dimension deadline, refunds due) read only live candidates.
    // No index names a check-in column (check_in_status, check_in_at), not even in a predicate: a
    // check-in then rewrites its order in place (a HOT update) instead of adding an entry to every index
    // of the table; the auto-cancel sweep reads check_in_status from the labeled rows it finds.
    index('orders_labeled_idx').on(t.labeledAt).where(sql`status = 'labeled'`),
    index('orders_refund_due_idx').on(t.refundDueAt).where(sql`payment_status = 'waiting-refund'`),
    // The wallet's unpaid amount per account (orders.repository unpaidCents).
    index('orders_account_unpaid_idx').on(t.accountId, t.paymentStatus).where(sql`payment_status in ('unpaid', 'surcharge-unpaid') and status <> 'canceled'`),
    enumCheck('orders_status_ck', t.status, ORDER_STATUSES),
    enumCheck('orders_pre_status_ck', t.preStatus, ORDER_STATUSES, { nullable: true }),
    enumCheck('orders_payment_status_ck', t.paymentStatus, PAYMENT_STATUSES),
    enumCheck('orders_schedule_status_ck', t.scheduleStatus, SCHEDULE_STATUSES, { nullable: true }),
    enumCheck('orders_check_in_status_ck', t.checkInStatus, CHECK_IN_STATUSES, { nullable: true }),
    enumCheck('orders_payment_method_ck', t.paymentMethod, PAYMENT_METHODS),
    enumCheck('orders_packaging_ck', t.packaging, PACKAGINGS),
    check('orders_money_ck', sql`${t.totalCents} >= 0 and ${t.surchargeCents} >= 0 and ${t.shippingFeeCents} >= 0`),
  ],
);

/**
 * How many orders each account has in each status: the list's tabs without a filter (docs/orders-list.md).
 * Changed in the same transaction as the order — by `insertOrder` and `transition` in orders.service.ts,
 * the only places an order is created or changes status — so it always equals a `group by` over orders.
 */
export const orderStatusCounts = pgTable(
  'order_status_counts',
  {
    accountId: uuid('account_id').notNull(),
    status: text('status').notNull(),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.status] }), enumCheck('order_status_counts_status_ck', t.status, ORDER_STATUSES)],
);

export const orderLines = pgTable(
  'order_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id').notNull(),
    position: integer('position').notNull(),
    productId: uuid('product_id').notNull(),
    variantId: uuid('variant_id').notNull(),
    productName: text('product_name').notNull(),
    sku: text('sku').notNull(),
    quantity: integer('quantity').notNull(),
    restrictedCategory: text('restricted_category'),
    volumeMl: measure('volume_ml'),
    valueCents: bigint('value_cents', { mode: 'number' }),
  },
  (t) => [index('order_lines_order_idx').on(t.orderId, t.position), check('order_lines_quantity_ck', sql`${t.quantity} > 0`)],
);

export const orderHistory = pgTable(
  'order_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Insertion order: entries written in the same instant keep their sequence. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    at: at('at').notNull().defaultNow(),
    /** null: the platform (a job, a carrier, the warehouse). */
    actorId: uuid('actor_id'),
    action: text('action').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    paymentFrom: text('payment_from'),
    paymentTo: text('payment_to'),
    reason: text('reason').notNull().default(''),
    details: jsonb('details'),
  },
  (t) => [index('order_history_order_idx').on(t.orderId, t.seq)],
);

export const orderSurcharges = pgTable(
  'order_surcharges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    detailReason: text('detail_reason').notNull().default(''),
    note: text('note').notNull().default(''),
    createdBy: uuid('created_by').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    paidAt: at('paid_at'),
  },
  (t) => [
    index('order_surcharges_order_idx').on(t.orderId),
    index('order_surcharges_unpaid_idx').on(t.accountId).where(sql`paid_at is null`),
    check('order_surcharges_amount_ck', sql`${t.amountCents} > 0`),
    enumCheck('order_surcharges_reason_ck', t.reason, SURCHARGE_REASONS),
  ],
);
