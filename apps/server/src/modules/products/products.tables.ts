import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { PRODUCT_APPROVAL_STATUSES, PRODUCT_ORIGINS, PRODUCT_STATUSES, WEIGHT_CONFIGURATION_STATUSES, WEIGHT_CONFIG_STATUSES } from '@exship/contracts';
import { enumCheck } from '../../platform/db-checks';

// SPEC §3 Product (with variants), §4 product approval, product weight config with its history.
// Every row is seller-owned: account_id first in an index (docs/engineering.md "Tenancy"). Money in cents,
// dimensions in cm and weights in grams as numeric(10,2).

const measure = (name: string) => numeric(name, { precision: 10, scale: 2, mode: 'number' });

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The customer (seller account) who owns the product. */
    accountId: uuid('account_id').notNull(),
    name: text('name').notNull(),
    aliasName: text('alias_name'),
    hsCode: text('hs_code'),
    material: text('material'),
    shape: text('shape'),
    lengthCm: measure('length_cm').notNull(),
    widthCm: measure('width_cm').notNull(),
    heightCm: measure('height_cm').notNull(),
    weightGr: measure('weight_gr').notNull(),
    status: text('status').notNull().default('active'),
    approvalStatus: text('approval_status').notNull().default('draft'),
    rejectReason: text('reject_reason'),
    origin: text('origin').notNull(),
    createdBy: uuid('created_by').notNull(),
    updatedBy: uuid('updated_by'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: uuid('reviewed_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('products_account_created_idx').on(t.accountId, t.createdAt),
    index('products_account_approval_idx').on(t.accountId, t.approvalStatus),
    // Staff's approval queue across all sellers.
    index('products_approval_created_idx').on(t.approvalStatus, t.createdAt),
    enumCheck('products_status_ck', t.status, PRODUCT_STATUSES),
    enumCheck('products_approval_status_ck', t.approvalStatus, PRODUCT_APPROVAL_STATUSES),
    enumCheck('products_origin_ck', t.origin, PRODUCT_ORIGINS),
  ],
);

export const productVariants = pgTable(
  'product_variants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').notNull(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sku: text('sku').notNull(),
    hsCode: text('hs_code'),
    shape: text('shape'),
    lengthCm: measure('length_cm'),
    widthCm: measure('width_cm'),
    heightCm: measure('height_cm'),
    weightGr: measure('weight_gr'),
    priceCents: bigint('price_cents', { mode: 'number' }).notNull(),
    salesTaxPercent: numeric('sales_tax_percent', { precision: 5, scale: 2, mode: 'number' }).notNull().default(0),
    mockupImageUrl: text('mockup_image_url'),
    partnerProductId: text('partner_product_id'),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    // SPEC §5: SKU unique per customer (case-insensitive), among the variants not deleted.
    uniqueIndex('product_variants_account_sku_uq').on(t.accountId, sql`lower(${t.sku})`).where(sql`${t.deletedAt} is null`),
    index('product_variants_account_product_idx').on(t.accountId, t.productId),
    index('product_variants_product_idx').on(t.productId),
    check('product_variants_price_ck', sql`${t.priceCents} >= 100`),
    check('product_variants_sales_tax_ck', sql`${t.salesTaxPercent} >= 0 and ${t.salesTaxPercent} <= 100`),
  ],
);

/** SPEC §3 product weight config; the actual-weight fee is charged above the threshold. One per product. */
export const productWeightConfigs = pgTable(
  'product_weight_configs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').notNull(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    weightThresholdGr: measure('weight_threshold_gr').notNull(),
    feeCents: bigint('fee_cents', { mode: 'number' }).notNull().default(0),
    status: text('status').notNull().default('active'),
    configurationStatus: text('configuration_status').notNull().default('configured'),
    createdBy: uuid('created_by').notNull(),
    updatedBy: uuid('updated_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('product_weight_configs_product_uq').on(t.productId),
    index('product_weight_configs_account_idx').on(t.accountId, t.updatedAt),
    check('product_weight_configs_threshold_ck', sql`${t.weightThresholdGr} > 0`),
    check('product_weight_configs_fee_ck', sql`${t.feeCents} >= 0`),
    enumCheck('product_weight_configs_status_ck', t.status, WEIGHT_CONFIG_STATUSES),
    enumCheck('product_weight_configs_configuration_ck', t.configurationStatus, WEIGHT_CONFIGURATION_STATUSES),
  ],
);

/** SPEC §3: the change history of a weight config (field, old value, new value, updater, time). Append-only. */
export const productWeightConfigHistory = pgTable(
  'product_weight_config_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').notNull(),
    configId: uuid('config_id')
      .notNull()
      .references(() => productWeightConfigs.id, { onDelete: 'cascade' }),
    field: text('field').notNull(),
    oldValue: text('old_value'),
    newValue: text('new_value'),
    changedBy: uuid('changed_by').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('product_weight_config_history_account_config_idx').on(t.accountId, t.configId, t.changedAt)],
);
