import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { FEE_SCHEDULE_STATUSES, FREIGHT_HISTORY_ACTIONS, FREIGHT_STATUSES, type FreightCost, type FreightHistoryAction } from '@exship/contracts';
import type { FeeRatesCents } from '@exship/domain';
import { enumCheck } from '../../platform/db-checks';
import { cartons } from '../floor/floor.cartons.tables';
import { orders } from '../orders/orders.tables';

// Air freight (docs/air-freight.md): airports, airlines, their flight fee schedules, freights (one
// MAWB each) with the cartons they carry, their history, documents and the cost per parcel. Staff
// data: a freight carries parcels of many sellers. Weights in hundredths of a kilogram (integers),
// money in integer cents.

const at = (name: string) => timestamp(name, { withTimezone: true });
const cents = (name: string) => bigint(name, { mode: 'number' });

export const airports = pgTable(
  'airports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The IATA code (SGN, LAX): letters and digits only (SPEC §5). */
    code: text('code').notNull(),
    name: text('name').notNull(),
    city: text('city').notNull().default(''),
    /** ISO 3166-1 alpha-2: the origin country of the goods leaving from it (the customs manifest). */
    country: text('country').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('airports_code_uq').on(t.code)],
);

export const airlines = pgTable(
  'airlines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** SPEC §5: at most 10 letters and digits. */
    code: text('code').notNull(),
    name: text('name').notNull(),
    /** The airline's 3-digit IATA prefix: every MAWB number of the airline starts with it. */
    mawbPrefix: text('mawb_prefix'),
    active: boolean('active').notNull().default(true),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('airlines_code_uq').on(t.code)],
);

/**
 * A dated version of an airline's flight fees (like the price tables): imported as a draft, previewed,
 * activated (the airline's previous active one is archived), or deleted while a draft. A freight is
 * priced by the activated schedule in force on its departure date (docs/air-freight.md).
 */
export const flightFeeSchedules = pgTable(
  'flight_fee_schedules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    airlineId: uuid('airline_id')
      .notNull()
      .references(() => airlines.id),
    airlineCode: text('airline_code').notNull(),
    status: text('status').notNull().default('draft'),
    effectiveFrom: at('effective_from').notNull(),
    fileName: text('file_name').notNull().default(''),
    createdAt: at('created_at').notNull().defaultNow(),
    createdBy: uuid('created_by').notNull(),
    activatedAt: at('activated_at'),
  },
  (t) => [
    index('flight_fee_schedules_airline_idx').on(t.airlineId, t.effectiveFrom),
    // One active schedule per airline; archived ones stay to price freights that departed under them.
    uniqueIndex('flight_fee_schedules_active_uq').on(t.airlineId).where(sql`status = 'active'`),
    enumCheck('flight_fee_schedules_status_ck', t.status, FEE_SCHEDULE_STATUSES),
  ],
);

/** One route's fees in a schedule: each fee in cents, per kg or per shipment as FLIGHT_FEES says. */
export const flightFeeRows = pgTable(
  'flight_fee_rows',
  {
    scheduleId: uuid('schedule_id')
      .notNull()
      .references(() => flightFeeSchedules.id, { onDelete: 'cascade' }),
    departureAirportCode: text('departure_airport_code').notNull(),
    arrivalAirportCode: text('arrival_airport_code').notNull(),
    fees: jsonb('fees').$type<FeeRatesCents>().notNull(),
    /** The row of the imported file. */
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.scheduleId, t.departureAirportCode, t.arrivalAirportCode] })],
);

export const freights = pgTable(
  'freights',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** `618-12345675`: the airline's prefix and a serial with its check digit; unique. */
    mawb: text('mawb').notNull(),
    status: text('status').notNull().default('open'),
    airlineId: uuid('airline_id')
      .notNull()
      .references(() => airlines.id),
    airlineCode: text('airline_code').notNull(),
    departureAirportCode: text('departure_airport_code').notNull(),
    arrivalAirportCode: text('arrival_airport_code').notNull(),
    departureDate: at('departure_date').notNull(),
    arrivalDate: at('arrival_date'),
    carrierCode: text('carrier_code'),
    /** Rolled up under the freight's row lock as cartons go on and off. */
    cartons: integer('cartons').notNull().default(0),
    parcels: integer('parcels').notNull().default(0),
    grossCentiKg: bigint('gross_centikg', { mode: 'number' }).notNull().default(0),
    chargeableCentiKg: bigint('chargeable_centikg', { mode: 'number' }).notNull().default(0),
    /** The airline's weight, typed when it confirms it. */
    confirmedCentiKg: bigint('confirmed_centikg', { mode: 'number' }),
    /** The computed cost (its schedule, lines and the weight charged), the staff's adjustment, the total. */
    costDetail: jsonb('cost_detail').$type<Omit<FreightCost, 'adjustment' | 'adjustmentReason' | 'total'>>(),
    computedCents: cents('computed_cents'),
    adjustmentCents: cents('adjustment_cents').notNull().default(0),
    adjustmentReason: text('adjustment_reason').notNull().default(''),
    costCents: cents('cost_cents'),
    /** When each state was reached: status → ISO time. */
    statusDates: jsonb('status_dates').$type<Record<string, string>>().notNull().default({}),
    createdAt: at('created_at').notNull().defaultNow(),
    createdBy: uuid('created_by').notNull(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('freights_mawb_uq').on(t.mawb),
    // The list: newest departure first, per status tab; the airline's page; the report's period.
    index('freights_departure_idx').on(t.departureDate, t.id),
    index('freights_status_departure_idx').on(t.status, t.departureDate, t.id),
    index('freights_airline_departure_idx').on(t.airlineCode, t.departureDate),
    enumCheck('freights_status_ck', t.status, FREIGHT_STATUSES),
    check('freights_counts_ck', sql`${t.cartons} >= 0 and ${t.parcels} >= 0 and ${t.grossCentiKg} >= 0 and ${t.chargeableCentiKg} >= 0`),
  ],
);

/**
 * The cartons on a freight: one freight per carton (the primary key), with the weights it had when
 * scanned on (a checked-out carton's weight and size no longer change).
 */
export const freightCartonsOn = pgTable(
  'freight_cartons',
  {
    cartonId: text('carton_id')
      .primaryKey()
      .references(() => cartons.id),
    freightId: uuid('freight_id')
      .notNull()
      .references(() => freights.id),
    parcels: integer('parcels').notNull(),
    grossCentiKg: bigint('gross_centikg', { mode: 'number' }).notNull(),
    chargeableCentiKg: bigint('chargeable_centikg', { mode: 'number' }).notNull(),
    addedAt: at('added_at').notNull().defaultNow(),
    addedBy: uuid('added_by').notNull(),
  },
  (t) => [index('freight_cartons_freight_idx').on(t.freightId, t.addedAt)],
);

export const freightHistory = pgTable(
  'freight_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    freightId: uuid('freight_id')
      .notNull()
      .references(() => freights.id),
    at: at('at').notNull().defaultNow(),
    actorId: uuid('actor_id'),
    /** What happened (FREIGHT_HISTORY_ACTIONS): created, updated, status, weight-confirmed, carton-added … */
    action: text('action').$type<FreightHistoryAction>().notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    note: text('note').notNull().default(''),
  },
  (t) => [index('freight_history_freight_idx').on(t.freightId, t.seq), enumCheck('freight_history_action_ck', t.action, FREIGHT_HISTORY_ACTIONS)],
);

/** SPEC §5: up to 10 files of 10 MB per freight (MAWB scan, invoice, manifest), PDF or image. */
export const freightDocuments = pgTable(
  'freight_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    freightId: uuid('freight_id')
      .notNull()
      .references(() => freights.id),
    storageKey: text('storage_key').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    uploadedAt: at('uploaded_at').notNull().defaultNow(),
    uploadedBy: uuid('uploaded_by').notNull(),
  },
  (t) => [index('freight_documents_freight_idx').on(t.freightId, t.uploadedAt)],
);

/**
 * The parcels a checked freight carries and each one's share of the freight's cost (null until the
 * cost is known): one row per parcel (a parcel flies once), so its margin is what its seller paid −
 * the last mile − this share.
 */
export const freightParcelCosts = pgTable(
  'freight_parcel_costs',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id),
    freightId: uuid('freight_id')
      .notNull()
      .references(() => freights.id),
    /** The parcel's seller (docs/engineering.md "Tenancy"). */
    accountId: uuid('account_id').notNull(),
    cartonId: text('carton_id').notNull(),
    chargeableCentiKg: bigint('chargeable_centikg', { mode: 'number' }).notNull(),
    cents: cents('cents'),
  },
  (t) => [index('freight_parcel_costs_freight_idx').on(t.freightId, t.cartonId), index('freight_parcel_costs_account_idx').on(t.accountId, t.orderId)],
);
