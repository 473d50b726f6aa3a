import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { DISCOUNT_CUSTOMER_TYPES, DISCOUNT_METHODS } from '@exship/contracts';
import { enumCheck } from '../../platform/db-checks';

// SPEC §3 Discount. The amount off is in one of two columns named by their unit, by amount_type.
export const discounts = pgTable(
  'discounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    method: text('method').notNull().default('manual'),
    amountType: text('amount_type').notNull(),
    /** Percent off in basis points (10% = 1000) when amount_type is percent, else null. */
    amountOffPercentBasisPoints: integer('amount_off_percent_basis_points'),
    /** Fixed amount off in USD cents when amount_type is fixed, else null. */
    amountOffCents: bigint('amount_off_cents', { mode: 'number' }),
    minimumWeight: integer('minimum_weight').notNull().default(0),
    limitUseTotal: integer('limit_use_total'),
    limitUsePerUser: integer('limit_use_per_user'),
    typeCustomers: text('type_customers').notNull().default('all'),
    customers: uuid('customers').array().notNull().default(sql`'{}'::uuid[]`),
    services: uuid('services').array().notNull().default(sql`'{}'::uuid[]`),
    /** The instants the discount starts and ends; the API shows them as wall-clock times in tz_offset (SPEC §3 timeZone {offset, zone}). */
    startsAt: timestamp('start_date', { withTimezone: true }).notNull(),
    endsAt: timestamp('end_date', { withTimezone: true }).notNull(),
    tzOffset: text('tz_offset').notNull().default('+00:00'),
    tzZone: text('tz_zone').notNull().default('Western Europe'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('discounts_code_uq').on(t.code),
    check(
      'discounts_amount_ck',
      sql`(${t.amountType} = 'percent' and ${t.amountOffPercentBasisPoints} between 1 and 10000 and ${t.amountOffCents} is null) or (${t.amountType} = 'fixed' and ${t.amountOffCents} > 0 and ${t.amountOffPercentBasisPoints} is null)`,
    ),
    enumCheck('discounts_method_ck', t.method, DISCOUNT_METHODS),
    enumCheck('discounts_customers_ck', t.typeCustomers, DISCOUNT_CUSTOMER_TYPES),
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
  (t) => [
    index('discount_usages_account_idx').on(t.accountId, t.discountId),
    index('discount_usages_discount_idx').on(t.discountId),
    // An order consumes its discount once, however often its payment is retried.
    uniqueIndex('discount_usages_order_uq').on(t.discountId, t.orderRef).where(sql`order_ref is not null`),
  ],
);
