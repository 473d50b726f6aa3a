import { bigint, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// The reports' rollup (docs/reports.md). One row per seller account, service, carrier, warehouse,
// payment method and UTC quarter hour: every real time-zone offset is a whole number of quarter
// hours, so any viewer's local day (week, month) is a whole set of buckets and a late-evening order
// lands on its local day. An account's UTC day of rows is always rebuilt whole from the source rows
// (refreshAccountDays), by the events that change money or status and by the nightly rebuild; so a
// row never drifts from a recomputation. Money in integer cents.

const n = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);

/** The sums a rollup row and a totals row both carry (the totals are sums of rollup rows). */
const sums = () => ({
  /** Orders paid (their price, once each). */
  orders: n('orders'),
  weightGr: n('weight_gr'),
  shippingCents: n('shipping_cents'),
  feesCents: n('fees_cents'),
  taxCents: n('tax_cents'),
  discountCents: n('discount_cents'),
  /** Paid beyond the price's lines: surcharges (paid with the order or after it). */
  surchargeCents: n('surcharge_cents'),
  refundCents: n('refund_cents'),
  /** Order and surcharge payments: the number of order links and their sum. */
  payments: n('payments'),
  paidCents: n('paid_cents'),
  topUps: n('top_ups'),
  topUpCents: n('top_up_cents'),
  /** Last-mile cost of the orders paid. */
  costCents: n('cost_cents'),
  /** The paid orders' share of air freight (known once the freight is costed). */
  freightCents: n('freight_cents'),
  labelFailures: n('label_failures'),
  /** Parcel outcomes, at the time each happened: delivered (on time: delivered and never late), turned late, lost. */
  delivered: n('delivered'),
  onTime: n('on_time'),
  late: n('late'),
  lost: n('lost'),
});

export const reportRollups = pgTable(
  'report_rollups',
  {
    /** The quarter hour (UTC) the facts happened in. */
    bucket: timestamp('bucket', { withTimezone: true }).notNull(),
    accountId: uuid('account_id').notNull(),
    serviceCode: text('service_code').notNull().default(''),
    carrierCode: text('carrier_code').notNull().default(''),
    warehouseCode: text('warehouse_code').notNull().default(''),
    /** wallet | debit | credit (order payments), top-up (money brought in), '' (no money: parcel outcomes). */
    method: text('method').notNull().default(''),
    /** Destination country: the purchase report's lane is warehouse → country. */
    country: text('country').notNull().default(''),
    ...sums(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.bucket, t.serviceCode, t.carrierCode, t.warehouseCode, t.method, t.country] }),
    index('report_rollups_bucket_idx').on(t.bucket),
  ],
);

// The account-free tier (docs/reports.md "Fast at scale"): the same sums as report_rollups, per UTC
// quarter hour, once per dimension (`dim`: method, service, carrier, warehouse, lane = warehouse →
// country) instead of per account, split by the kind of fact (`fact`: order payments and refunds,
// top-ups, parcel outcomes and label failures) so a report filters as it does on the rollups. Kept
// by rebuildRange in the same transaction as the rollups: the rows it deletes are subtracted and the
// rows it writes added, so each row always equals the sum of its accounts' rollup rows;
// `rollupRows` counts them (a row left at 0 is removed). Staff reports over every account read it.
export const reportTotals = pgTable(
  'report_totals',
  {
    dim: text('dim').notNull(),
    bucket: timestamp('bucket', { withTimezone: true }).notNull(),
    /** The dimension's value ('' where the fact has none). */
    key: text('key').notNull(),
    /** order (payments and refunds of orders) | top-up | parcel (outcomes and label failures). */
    fact: text('fact').notNull(),
    rollupRows: n('rollup_rows'),
    ...sums(),
  },
  (t) => [primaryKey({ columns: [t.dim, t.bucket, t.key, t.fact] })],
);

// An account's order facts (payments and refunds) per UTC day: the customers report over every
// account sums whole UTC days here and the partial days at the range's edges from the rollups.
// Rebuilt from report_rollups with them (rebuildRange).
export const reportAccountDays = pgTable(
  'report_account_days',
  {
    day: timestamp('day', { withTimezone: true }).notNull(),
    accountId: uuid('account_id').notNull(),
    orders: n('orders'),
    paidCents: n('paid_cents'),
    refundCents: n('refund_cents'),
  },
  (t) => [primaryKey({ columns: [t.day, t.accountId] })],
);
