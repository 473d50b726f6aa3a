import { z } from 'zod';
import { dateFilterField, pageField, textField } from './fields';

// Air freight: airports, airlines, flight fee schedules, freights (MAWB) carrying checked-out
// cartons, documents, the cost per parcel and the customs manifest. SPEC §2 (/app/freight/*,
// /app/report/freight-report), §3 (freight, airline, airport fields; flight fee template columns),
// §4 (box and freight states; a checked freight's cartons are locked), §5 (airline code ≤ 10 letters
// and digits, name ≤ 100; airport code no special characters; freight name ≤ 50; documents ≤ 10
// files of 10 MB), §6 (freight, airports, airlines, flights), §9 (airport codes JFK, LAX, ORD, DFW).
// docs/air-freight.md explains the fees, the cost and its allocation.
// Keep zod calls inside schema factories: the web build keeps them as types only.

export const FREIGHT_LIMITS = {
  airlineCodeMax: 10,
  airlineNameMax: 100,
  airportCodeMax: 10,
  airportNameMax: 100,
  freightNameMax: 50,
  reasonMax: 255,
  documentsMax: 10,
  documentMaxBytes: 10 * 1024 * 1024,
  feeImportMaxBytes: 10 * 1024 * 1024,
  feeImportRows: 2000,
  /** Volumetric divisor for air: chargeable weight = max(gross, L×W×H cm / 6000) kg. */
  volumetricDivisor: 6000,
} as const;

/** SPEC §5: airline code letters and digits; airport code no special characters. */
export const AIRLINE_CODE_PATTERN = /^[A-Z0-9]{1,10}$/;
export const AIRPORT_CODE_PATTERN = /^[A-Z0-9]{3,10}$/;
/** An IATA air waybill number: 3-digit airline prefix + 8-digit serial (last digit = first seven mod 7), written with or without the dash. */
export const MAWB_PATTERN = /^\d{3}-?\d{8}$/;

// The fields and bodies of the freight endpoints, as factories: freight.endpoints.ts holds zod calls
// only inside its descriptors (the web build drops those and keeps no schemas).
export const airlineCodeField = () => textField().trim().toUpperCase().regex(AIRLINE_CODE_PATTERN, 'validation.airlineCode');
export const airportCodeField = () => textField().trim().toUpperCase().regex(AIRPORT_CODE_PATTERN, 'validation.airportCode');
const requiredName = (max: number, key: 'validation.max100' | 'validation.max50') => textField().trim().min(1, 'validation.required').max(max, key);
export const dateTimeField = () => textField().datetime({ offset: true, error: 'validation.datetime.invalid' });
export const freightParamsSchema = () => z.object({ freightId: textField().uuid('validation.id.invalid') });
export const feeScheduleParamsSchema = () => z.object({ scheduleId: textField().uuid('validation.id.invalid') });

export const airportBodySchema = () => z.object({ code: airportCodeField(), name: requiredName(FREIGHT_LIMITS.airportNameMax, 'validation.max100'), city: textField().trim().max(100, 'validation.max100').default(''), country: textField().trim().toUpperCase().regex(/^[A-Z]{2}$/, 'validation.country.code'), active: z.boolean().default(true) });

export const airlineBodySchema = () => z.object({ code: airlineCodeField(), name: requiredName(FREIGHT_LIMITS.airlineNameMax, 'validation.max100'), mawbPrefix: textField().regex(/^\d{3}$/, 'validation.mawbPrefix').nullable().default(null), active: z.boolean().default(true) });

export const freightBodySchema = () =>
  z.object({
    name: requiredName(FREIGHT_LIMITS.freightNameMax, 'validation.max50'),
    mawb: textField().trim().regex(MAWB_PATTERN, 'validation.mawb.format'),
    airlineCode: airlineCodeField(),
    departureAirportCode: airportCodeField(),
    arrivalAirportCode: airportCodeField(),
    departureDate: dateTimeField(),
    arrivalDate: dateTimeField().nullable().default(null),
    carrierCode: textField().trim().max(50, 'validation.max50').nullable().default(null),
  });

export const freightReportQuery = () => ({
  startDate: z.preprocess((v) => (v === '' ? undefined : v), dateFilterField().optional()),
  endDate: z.preprocess((v) => (v === '' ? undefined : v), dateFilterField().optional()),
  airlineCode: z.preprocess((v) => (v === '' ? undefined : v), z.string().max(10, 'validation.tooLong').optional()),
});

/**
 * SPEC §4 freight states: open (cartons scanned in), closed, checked (cartons locked), confirmed
 * weight (the airline's weight), shipped (departed), in-transit, received (destination airport),
 * delivered (US hub), exception.
 */
export const FREIGHT_STATUSES = ['open', 'closed', 'checked', 'confirmed-weight', 'shipped', 'in-transit', 'received', 'delivered', 'exception'] as const;
export type FreightStatus = (typeof FREIGHT_STATUSES)[number];

/** What a freight history row records: its creation, an edit of its fields, a state change (the weight
 *  confirmation has its own), a carton scanned on or taken off, a document added or removed, the cost adjusted. */
export const FREIGHT_HISTORY_ACTIONS = ['created', 'updated', 'status', 'weight-confirmed', 'carton-added', 'carton-removed', 'document-added', 'document-removed', 'cost-adjusted'] as const;
export type FreightHistoryAction = (typeof FREIGHT_HISTORY_ACTIONS)[number];

/** SPEC §3 flight fee template columns after the airline and airports, each with how it is charged. */
export const FLIGHT_FEES = [
  { key: 'customsFee', column: 'Customs_fee', basis: 'shipment' },
  { key: 'clearance', column: 'Clearance', basis: 'shipment' },
  { key: 'securityScreening', column: 'Security_screening', basis: 'kg' },
  { key: 'sealing', column: 'Sealing', basis: 'shipment' },
  { key: 'handling', column: 'Handling', basis: 'kg' },
  { key: 'trucking', column: 'Trucking', basis: 'kg' },
  { key: 'payOnBehalf', column: 'Pay_on_behalf', basis: 'shipment' },
  { key: 'airfreight', column: 'Airfreight', basis: 'kg' },
  { key: 'xray', column: 'Xray', basis: 'kg' },
  { key: 'amsBill', column: 'AMS_bill', basis: 'shipment' },
  { key: 'hawb', column: 'HAWB', basis: 'shipment' },
  { key: 't86Fees', column: 'T86_fees', basis: 'shipment' },
  { key: 'airlineTransfer', column: 'Airline_transfer', basis: 'shipment' },
  { key: 'pallet', column: 'Pallet', basis: 'shipment' },
  { key: 'gaylord', column: 'Gaylord', basis: 'shipment' },
  { key: 'warehouseInOut', column: 'Warehouse_in_out', basis: 'kg' },
  { key: 'delivery', column: 'Delivery', basis: 'shipment' },
  { key: 'weekend', column: 'Weekend', basis: 'shipment' },
  { key: 'skid', column: 'Skid', basis: 'shipment' },
  { key: 'container', column: 'Container', basis: 'shipment' },
  { key: 'hold', column: 'Hold', basis: 'shipment' },
  { key: 'customsExam', column: 'Customs_exam', basis: 'shipment' },
] as const;
export type FlightFeeKey = (typeof FLIGHT_FEES)[number]['key'];
/** The template's columns, in order: airline, route, then every fee. */
export const FLIGHT_FEE_COLUMNS = ['Airline_code', 'Departure_airport_code', 'Arrival_airport_code', ...FLIGHT_FEES.map((f) => f.column)] as const;

export const FEE_SCHEDULE_STATUSES = ['draft', 'active', 'archived'] as const;
export type FeeScheduleStatus = (typeof FEE_SCHEDULE_STATUSES)[number];

export const AirportSchema = () => z.object({ _id: z.string(), code: z.string(), name: z.string(), city: z.string(), country: z.string(), active: z.boolean() });
export type Airport = z.infer<ReturnType<typeof AirportSchema>>;

export const AirlineSchema = () => z.object({ _id: z.string(), code: z.string(), name: z.string(), mawbPrefix: z.string().nullable(), active: z.boolean() });
export type Airline = z.infer<ReturnType<typeof AirlineSchema>>;

/** One route's fees in a schedule (USD; per kg or per shipment as FLIGHT_FEES says). */
export const FlightFeeRowSchema = () =>
  z.object({ airlineCode: z.string(), departureAirportCode: z.string(), arrivalAirportCode: z.string(), fees: z.record(z.string(), z.number()) });
export type FlightFeeRow = z.infer<ReturnType<typeof FlightFeeRowSchema>>;

export const FeeScheduleSchema = () =>
  z.object({
    _id: z.string(),
    airlineCode: z.string(),
    status: z.enum(FEE_SCHEDULE_STATUSES),
    effectiveFrom: z.string(),
    createdAt: z.string(),
    createdBy: z.string(),
    activatedAt: z.string().nullable(),
    rows: z.array(FlightFeeRowSchema()),
  });
export type FeeSchedule = z.infer<ReturnType<typeof FeeScheduleSchema>>;

/** The freight's cost: each fee line, the adjustment staff made with its reason, the total (USD). */
export const FreightCostSchema = () =>
  z.object({
    scheduleId: z.string().nullable(),
    lines: z.array(z.object({ key: z.string(), basis: z.enum(['kg', 'shipment']), rate: z.number(), quantity: z.number(), amount: z.number() })),
    adjustment: z.number(),
    adjustmentReason: z.string(),
    total: z.number(),
    /** The weight the per-kg fees were charged on (kg): confirmed when known, else chargeable. */
    weightKg: z.number(),
  });
export type FreightCost = z.infer<ReturnType<typeof FreightCostSchema>>;

/** SPEC §3 Freight: id, name, MAWB number, gross weight, confirmed weight, airline, departure and arrival airport and date, carrier, status, cost fees, documents. */
export const FreightSchema = () =>
  z.object({
    _id: z.string(),
    name: z.string(),
    mawb: z.string(),
    status: z.enum(FREIGHT_STATUSES),
    airlineCode: z.string(),
    airlineName: z.string(),
    departureAirportCode: z.string(),
    arrivalAirportCode: z.string(),
    departureDate: z.string(),
    arrivalDate: z.string().nullable(),
    carrierCode: z.string().nullable(),
    cartons: z.number(),
    parcels: z.number(),
    /** kg: the cartons' weights, the airline's confirmed weight, max(gross, volume / 6000). */
    grossWeightKg: z.number(),
    confirmedWeightKg: z.number().nullable(),
    chargeableWeightKg: z.number(),
    cost: z.number().nullable(),
    documents: z.number(),
    /** The date of each state reached (status → ISO time). */
    statusDates: z.record(z.string(), z.string()),
    createdAt: z.string(),
    updatedAt: z.string(),
  });
export type Freight = z.infer<ReturnType<typeof FreightSchema>>;

export const FreightDocumentSchema = () => z.object({ _id: z.string(), fileName: z.string(), contentType: z.string(), sizeBytes: z.number(), uploadedAt: z.string(), uploadedBy: z.string() });
export type FreightDocument = z.infer<ReturnType<typeof FreightDocumentSchema>>;

/** What a parcel lacks for the customs manifest (every parcel needs entry data since 29 Aug 2025). */
export const ManifestGapSchema = () => z.object({ exOrderId: z.string(), cartonId: z.string(), missing: z.array(z.string()) });
export type ManifestGap = z.infer<ReturnType<typeof ManifestGapSchema>>;

export const FreightDetailSchema = () =>
  FreightSchema().extend({
    cartonList: z.array(z.object({ cartonId: z.string(), name: z.string(), quantity: z.number(), weightGr: z.number().nullable(), chargeableWeightKg: z.number(), costShare: z.number().nullable() })),
    costDetail: FreightCostSchema().nullable(),
    documentList: z.array(FreightDocumentSchema()),
    history: z.array(z.object({ at: z.string(), action: z.enum(FREIGHT_HISTORY_ACTIONS), fromStatus: z.string().nullable(), toStatus: z.string(), by: z.string(), note: z.string() })),
    manifestGaps: z.array(ManifestGapSchema()),
  });
export type FreightDetail = z.infer<ReturnType<typeof FreightDetailSchema>>;

export const freightListQuery = () => ({
  page: pageField(),
  pageSize: z.coerce.number({ error: 'validation.number' }).int('validation.number').min(1, 'validation.pageSize').max(100, 'validation.pageSize').default(20),
  keyword: z.string().trim().max(100, 'validation.max100').optional(),
  startDate: z.preprocess((v) => (v === '' ? undefined : v), dateFilterField().optional()),
  endDate: z.preprocess((v) => (v === '' ? undefined : v), dateFilterField().optional()),
  status: z.enum(['all', ...FREIGHT_STATUSES]).default('all'),
  airlineCode: z.preprocess((v) => (v === '' ? undefined : v), z.string().max(10, 'validation.tooLong').optional()),
});

/** One line of the freight report: per freight in the period. */
export const FreightReportRowSchema = () =>
  z.object({
    freightId: z.string(),
    name: z.string(),
    mawb: z.string(),
    departureDate: z.string(),
    airlineCode: z.string(),
    route: z.string(),
    cartons: z.number(),
    parcels: z.number(),
    grossWeightKg: z.number(),
    confirmedWeightKg: z.number().nullable(),
    chargeableWeightKg: z.number(),
    cost: z.number(),
    costPerKg: z.number(),
    revenue: z.number(),
    margin: z.number(),
  });
export type FreightReportRow = z.infer<ReturnType<typeof FreightReportRowSchema>>;
