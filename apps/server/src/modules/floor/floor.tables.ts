import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, jsonb, numeric, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { CHECK_IN_OUTCOMES, SCAN_SCREENS, type RestrictedGood } from '@exship/contracts';
import { enumCheck } from '../../platform/db-checks';
import { services } from '../catalog/catalog.tables';
import { orders } from '../orders/orders.tables';

// The warehouse floor (docs/warehouse-floor.md): the scan log every floor screen writes, the check-in
// of each parcel (measured against declared, both prices) and the check-in tolerances. Weights in
// grams and sides in cm as numeric(10,2); money in integer cents. Cartons have tables of their own.

const at = (name: string) => timestamp(name, { withTimezone: true });
const measure = (name: string) => numeric(name, { precision: 10, scale: 2, mode: 'number' });

/**
 * One scan of an operator on one floor screen, refused ones too: the screen's last 20 and its undo.
 * The message is a key and its variables, so the list is shown in the reader's language.
 */
export const floorScans = pgTable(
  'floor_scans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull(),
    screen: text('screen').notNull(),
    /** What the scanner typed (trimmed). */
    code: text('code').notNull(),
    ok: boolean('ok').notNull(),
    /** True when the scan changed something (not a refusal, not a repeat): only such a scan can be undone. */
    undoable: boolean('undoable').notNull().default(false),
    messageKey: text('message_key').notNull(),
    messageVars: jsonb('message_vars').$type<Record<string, string>>().notNull().default({}),
    orderId: uuid('order_id'),
    /** The order's readable id, as the list shows it. */
    exOrderId: text('ex_order_id'),
    cartonId: text('carton_id'),
    undoneAt: at('undone_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('floor_scans_user_screen_idx').on(t.userId, t.screen, t.createdAt.desc()),
    // "Nothing came after it for the parcel": the later scans of one order.
    index('floor_scans_order_idx').on(t.orderId, t.createdAt).where(sql`order_id is not null`),
    enumCheck('floor_scans_screen_ck', t.screen, SCAN_SCREENS),
  ],
);

/**
 * The check-in of one order at the origin warehouse (one row per order, updated by a later check-in
 * that completes a manual weighing). The order's own check-in status and date are the orders module's.
 */
export const floorCheckIns = pgTable(
  'floor_check_ins',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id),
    accountId: uuid('account_id').notNull(),
    warehouseCode: text('warehouse_code').notNull(),
    outcome: text('outcome').notNull(),
    declaredWeightGr: measure('declared_weight_gr').notNull(),
    declaredLengthCm: measure('declared_length_cm').notNull(),
    declaredWidthCm: measure('declared_width_cm').notNull(),
    declaredHeightCm: measure('declared_height_cm').notNull(),
    measuredWeightGr: measure('measured_weight_gr'),
    measuredLengthCm: measure('measured_length_cm'),
    measuredWidthCm: measure('measured_width_cm'),
    measuredHeightCm: measure('measured_height_cm'),
    restricted: jsonb('restricted').$type<RestrictedGood[]>().notNull().default([]),
    note: text('note').notNull().default(''),
    /** The order's price when checked in, and the price at the measured values by the quote's pricing. */
    declaredPriceCents: bigint('declared_price_cents', { mode: 'number' }).notNull(),
    measuredPriceCents: bigint('measured_price_cents', { mode: 'number' }),
    /** A dimension error: the seller confirms until then (SPEC §4: 10 days). */
    confirmBy: at('confirm_by'),
    checkedInAt: at('checked_in_at').notNull(),
    checkedInBy: uuid('checked_in_by').notNull(),
    checkedInByName: text('checked_in_by_name').notNull(),
    /** The routing event "received at" written for it (removed by an undo). */
    routingEventId: uuid('routing_event_id'),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [index('floor_check_ins_account_idx').on(t.accountId, t.checkedInAt), enumCheck('floor_check_ins_outcome_ck', t.outcome, CHECK_IN_OUTCOMES)],
);

/** How far measured may exceed declared before it is a dimension error: one global row (service null) and one per service. */
export const floorTolerances = pgTable(
  'floor_tolerances',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    serviceId: uuid('service_id').references(() => services.id, { onDelete: 'cascade' }),
    weightGr: measure('weight_gr').notNull(),
    dimensionCm: measure('dimension_cm').notNull(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    updatedBy: uuid('updated_by'),
  },
  (t) => [
    unique('floor_tolerances_service_uq').on(t.serviceId).nullsNotDistinct(),
    check('floor_tolerances_range_ck', sql`${t.weightGr} >= 0 and ${t.dimensionCm} >= 0`),
  ],
);
