import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

// SPEC §3 Discount. amount_value is basis points for percent, cents for fixed.
export const discounts = pgTable(
  'discounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    method: text('method').notNull().default('manual'),
    amountType: text('amount_type').notNull(),
    amountValue: bigint('amount_value', { mode: 'number' }).notNull(),
    minimumWeight: integer('minimum_weight').notNull().default(0),
    limitUseTotal: integer('limit_use_total'),
    limitUsePerUser: integer('limit_use_per_user'),
    typeCustomers: text('type_customers').notNull().default('all'),
    customers: uuid('customers').array().notNull().default(sql`'{}'::uuid[]`),
    services: uuid('services').array().notNull().default(sql`'{}'::uuid[]`),
    /** Local wall-clock times in tz_offset (SPEC §3 timeZone {offset, zone}). */
    startDate: text('start_date').notNull(),
    endDate: text('end_date').notNull(),
    tzOffset: text('tz_offset').notNull().default('+00:00'),
    tzZone: text('tz_zone').notNull().default('Western Europe'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('discounts_code_uq').on(t.code),
    check('discounts_amount_ck', sql`${t.amountType} in ('percent', 'fixed') and ${t.amountValue} > 0`),
    check('discounts_method_ck', sql`${t.method} in ('manual', 'automated')`),
    check('discounts_customers_ck', sql`${t.typeCustomers} in ('all', 'specific')`),
  ],
);

/** One row per use (written when an order is paid with the code); counts drive the use limits. */
export const discountUsages = pgTable(
  'discount_usages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    discountId: uuid('discount_id')
      .notNull()
      .references(() => discounts.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id').notNull(),
    orderRef: text('order_ref'),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('discount_usages_account_idx').on(t.accountId, t.discountId), index('discount_usages_discount_idx').on(t.discountId)],
);
