import { sql } from 'drizzle-orm';
import { bigint, check, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid, type PgColumn } from 'drizzle-orm/pg-core';
import { CARRIER_ROUTE_TYPES, CATALOG_STATUSES, PRICE_VERSION_KINDS, PRICE_VERSION_STATUSES, PACKAGINGS } from '@exship/contracts';
import { enumCheck } from '../../platform/db-checks';

// The shipping network. Money in cents, weights in grams, rates in basis points.
const status = (name = 'status') => text(name).notNull().default('active');
const stamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};
const statusCheck = (table: string, col: PgColumn) => enumCheck(`${table}_status_ck`, col, CATALOG_STATUSES);

export const carriers = pgTable(
  'carriers',
  { id: uuid('id').primaryKey().defaultRandom(), code: text('code').notNull(), name: text('name').notNull(), status: status(), ...stamps },
  (t) => [uniqueIndex('carriers_code_uq').on(t.code), statusCheck('carriers', t.status)],
);

export const services = pgTable(
  'services',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    carrierId: uuid('carrier_id')
      .notNull()
      .references(() => carriers.id),
    signatureFeeCents: bigint('signature_fee_cents', { mode: 'number' }).notNull().default(0),
    overLengthFeeCents: bigint('over_length_fee_cents', { mode: 'number' }).notNull().default(0),
    overLengthThresholdCm: doublePrecision('over_length_threshold_cm').notNull().default(121.92),
    /** Days in transit the seller can expect, as a range; either end may be unknown (null). */
    transitDaysMin: integer('transit_days_min'),
    transitDaysMax: integer('transit_days_max'),
    packaging: text('packaging').notNull().default('parcel'),
    status: status(),
    ...stamps,
  },
  (t) => [
    uniqueIndex('services_code_uq').on(t.code),
    index('services_carrier_idx').on(t.carrierId),
    statusCheck('services', t.status),
    enumCheck('services_packaging_ck', t.packaging, PACKAGINGS),
    check('services_fees_ck', sql`${t.signatureFeeCents} >= 0 and ${t.overLengthFeeCents} >= 0`),
    check(
      'services_transit_days_ck',
      sql`(${t.transitDaysMin} is null or ${t.transitDaysMin} between 0 and 90) and (${t.transitDaysMax} is null or ${t.transitDaysMax} between 0 and 90) and (${t.transitDaysMin} is null or ${t.transitDaysMax} is null or ${t.transitDaysMin} <= ${t.transitDaysMax})`,
    ),
  ],
);

export const warehouses = pgTable(
  'warehouses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    zipcode: text('zipcode').notNull(),
    address: text('address').notNull(),
    email: text('email'),
    phone: text('phone'),
    city: text('city').notNull(),
    state: text('state'),
    country: text('country').notNull(),
    shippingType: text('shipping_type').notNull(),
    /** Where sellers hand parcels over (an origin drop-off point, when the warehouse has one), and when. */
    handoverAddress: text('handover_address'),
    handoverCity: text('handover_city'),
    handoverCountry: text('handover_country'),
    handoverHours: text('handover_hours'),
    status: status(),
    ...stamps,
  },
  (t) => [uniqueIndex('warehouses_code_uq').on(t.code), statusCheck('warehouses', t.status)],
);

export const zones = pgTable(
  'zones',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    country: text('country').notNull(),
    states: text('states').array().notNull().default(sql`'{}'::text[]`),
    status: status(),
    ...stamps,
  },
  (t) => [uniqueIndex('zones_code_uq').on(t.code), statusCheck('zones', t.status)],
);

export const zoneRanges = pgTable(
  'zone_ranges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    zoneId: uuid('zone_id')
      .notNull()
      .references(() => zones.id, { onDelete: 'cascade' }),
    zipFrom: text('zip_from').notNull(),
    zipTo: text('zip_to').notNull(),
  },
  (t) => [index('zone_ranges_zone_idx').on(t.zoneId)],
);

export const taxes = pgTable(
  'taxes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    country: text('country').notNull(),
    province: text('province'),
    carrierId: uuid('carrier_id').references(() => carriers.id),
    taxType: text('tax_type').notNull(),
    rateBp: integer('rate_bp').notNull(),
    status: status(),
    ...stamps,
  },
  (t) => [statusCheck('taxes', t.status), check('taxes_rate_ck', sql`${t.rateBp} between 1 and 9999`)],
);

/** Carrier config: routes parcels of a service to carriers and warehouses (SPEC §3 carrier config draft). */
export const carrierRoutes = pgTable(
  'carrier_routes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id),
    minWeight: integer('min_weight').notNull(),
    maxWeight: integer('max_weight').notNull(),
    priority: integer('priority').notNull(),
    sku: text('sku'),
    users: uuid('users').array().notNull().default(sql`'{}'::uuid[]`),
    typeShipping: text('type_shipping').notNull(),
    toCountry: text('to_country'),
    toState: text('to_state').array().notNull().default(sql`'{}'::text[]`),
    toArrayCountry: text('to_array_country').array().notNull().default(sql`'{}'::text[]`),
    allocations: jsonb('allocations').$type<{ carrierId: string; warehouseId: string; percentage: number }[]>().notNull(),
    status: status(),
    ...stamps,
  },
  (t) => [
    uniqueIndex('carrier_routes_priority_uq').on(t.serviceId, t.priority),
    statusCheck('carrier_routes', t.status),
    check('carrier_routes_weight_ck', sql`${t.minWeight} < ${t.maxWeight}`),
    enumCheck('carrier_routes_type_ck', t.typeShipping, CARRIER_ROUTE_TYPES),
  ],
);

/** Every price table import is a dated version; one active version per kind. */
export const priceVersions = pgTable(
  'price_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    status: text('status').notNull().default('draft'),
    fileName: text('file_name').notNull(),
    rowCount: integer('row_count').notNull(),
    createdBy: uuid('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
  },
  (t) => [
    index('price_versions_kind_idx').on(t.kind, t.status),
    uniqueIndex('price_versions_one_active_uq').on(t.kind).where(sql`${t.status} = 'active'`),
    enumCheck('price_versions_kind_ck', t.kind, PRICE_VERSION_KINDS),
    enumCheck('price_versions_status_ck', t.status, PRICE_VERSION_STATUSES),
  ],
);

export const servicePrices = pgTable(
  'service_prices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    versionId: uuid('version_id')
      .notNull()
      .references(() => priceVersions.id, { onDelete: 'cascade' }),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id),
    weightFrom: integer('weight_from').notNull(),
    weightTo: integer('weight_to').notNull(),
    shippingFeeCents: bigint('shipping_fee_cents', { mode: 'number' }).notNull(),
    seasonalFeeCents: bigint('seasonal_fee_cents', { mode: 'number' }).notNull(),
    status: status(),
  },
  (t) => [index('service_prices_version_idx').on(t.versionId, t.serviceId), check('service_prices_range_ck', sql`${t.weightFrom} < ${t.weightTo}`)],
);

export const carrierPrices = pgTable(
  'carrier_prices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    versionId: uuid('version_id')
      .notNull()
      .references(() => priceVersions.id, { onDelete: 'cascade' }),
    carrierId: uuid('carrier_id')
      .notNull()
      .references(() => carriers.id),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id),
    warehouseId: uuid('warehouse_id')
      .notNull()
      .references(() => warehouses.id),
    zoneId: uuid('zone_id')
      .notNull()
      .references(() => zones.id),
    weightFrom: integer('weight_from').notNull(),
    weightTo: integer('weight_to').notNull(),
    lastMileCostCents: bigint('last_mile_cost_cents', { mode: 'number' }).notNull(),
    seasonalCostCents: bigint('seasonal_cost_cents', { mode: 'number' }).notNull(),
    status: status(),
  },
  (t) => [index('carrier_prices_version_idx').on(t.versionId), check('carrier_prices_range_ck', sql`${t.weightFrom} < ${t.weightTo}`)],
);

/** A sample of recent quotes, replayed to preview a price table before it is activated. */
export const quoteSamples = pgTable(
  'quote_samples',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').notNull(),
    request: jsonb('request').notNull(),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('quote_samples_account_idx').on(t.accountId, t.createdAt), index('quote_samples_created_idx').on(t.createdAt)],
);

/** Bumped on every catalog change, so each process knows when its cached snapshot is stale. */
export const catalogMeta = pgTable('catalog_meta', {
  id: integer('id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
});
