import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { CARTON_STATUSES } from '@exship/contracts';
import { enumCheck } from '../../platform/db-checks';
import { carriers, services } from '../catalog/catalog.tables';
import { orders } from '../orders/orders.tables';

// Cartons (SPEC §3 carton/box): packed by scanner at the origin warehouse for one destination
// (carrier, US warehouse, service), closed, checked out, then followed through a partner's box
// import. A carton holds parcels of many sellers: it is staff data, never shown to a seller.
const at = (name: string) => timestamp(name, { withTimezone: true });
const measure = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });

export const cartons = pgTable(
  'cartons',
  {
    /** CT + 8 Crockford base-32 characters: the barcode on its label. */
    id: text('id').primaryKey(),
    name: text('name').notNull().default(''),
    status: text('status').notNull().default('open'),
    carrierId: uuid('carrier_id')
      .notNull()
      .references(() => carriers.id),
    carrierCode: text('carrier_code').notNull(),
    /** The US warehouse it goes to. */
    warehouseCode: text('warehouse_code').notNull(),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id),
    serviceCode: text('service_code').notNull(),
    /** The origin warehouse it is packed in: where its first parcel was checked in. */
    originWarehouseCode: text('origin_warehouse_code'),
    /** Rolled up under the carton's row lock as parcels go in and out. */
    quantity: integer('quantity').notNull().default(0),
    parcelsWeightGr: measure('parcels_weight_gr').notNull().default(0),
    /** Typed at closing. */
    weightGr: measure('weight_gr'),
    lengthCm: measure('length_cm'),
    widthCm: measure('width_cm'),
    heightCm: measure('height_cm'),
    trackingNumber: text('tracking_number'),
    /** The box import's free text. */
    description: text('description').notNull().default(''),
    location: text('location').notNull().default(''),
    /** The freight it travels on, as a partner's file names it (checked against air freight once that exists). */
    freightId: text('freight_id'),
    /** Set by air freight when that freight is checked: the carton then never reopens (SPEC §4). */
    freightCheckedAt: at('freight_checked_at'),
    createdAt: at('created_at').notNull().defaultNow(),
    createdBy: uuid('created_by').notNull(),
    packagedAt: at('packaged_at'),
    packagedBy: uuid('packaged_by'),
    checkedAt: at('checked_at'),
    checkedBy: uuid('checked_by'),
    acceptedAt: at('accepted_at'),
    acceptedBy: uuid('accepted_by'),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // The box listing: newest first, per status tab; check-out's expected (packaged) and today's (checked).
    index('cartons_created_idx').on(t.createdAt, t.id),
    index('cartons_status_created_idx').on(t.status, t.createdAt, t.id),
    index('cartons_checked_idx').on(t.checkedAt).where(sql`checked_at is not null`),
    enumCheck('cartons_status_ck', t.status, CARTON_STATUSES),
    check('cartons_quantity_ck', sql`${t.quantity} >= 0`),
  ],
);

/**
 * The parcels in a carton. One row per parcel at most (the unique index): two cartons scanning the
 * same parcel at once cannot both hold it. Taking a parcel out deletes its row.
 */
export const cartonParcels = pgTable(
  'carton_parcels',
  {
    cartonId: text('carton_id')
      .notNull()
      .references(() => cartons.id),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    /** The parcel's seller (docs/engineering.md "Tenancy"). */
    accountId: uuid('account_id').notNull(),
    /** What the carton's detail and the box listing's keyword read, kept as the parcel was packed. */
    exOrderId: text('ex_order_id').notNull(),
    orderName: text('order_name').notNull(),
    trackingNumber: text('tracking_number'),
    /** Its measured weight (the declared one when it was not measured). */
    weightGr: measure('weight_gr').notNull(),
    addedAt: at('added_at').notNull().defaultNow(),
    addedBy: uuid('added_by').notNull(),
  },
  (t) => [
    uniqueIndex('carton_parcels_order_uq').on(t.orderId),
    index('carton_parcels_carton_idx').on(t.cartonId, t.addedAt),
    index('carton_parcels_account_idx').on(t.accountId, t.orderId),
    index('carton_parcels_ex_order_idx').on(t.exOrderId),
    index('carton_parcels_tracking_idx').on(t.trackingNumber),
  ],
);

/** What happened to a carton: opened, parcels in and out, closed, reopened, checked out, the import's updates. */
export const cartonHistory = pgTable(
  'carton_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    cartonId: text('carton_id')
      .notNull()
      .references(() => cartons.id),
    at: at('at').notNull().defaultNow(),
    /** Who did it (for the box import: who imported the partner's file); null: the platform. */
    actorId: uuid('actor_id'),
    action: text('action').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    note: text('note').notNull().default(''),
  },
  (t) => [index('carton_history_carton_idx').on(t.cartonId, t.seq)],
);
