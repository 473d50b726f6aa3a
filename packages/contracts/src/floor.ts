import { z } from 'zod';
import { dateFilterField, pageField, textField } from './fields';
import { CHECK_IN_STATUSES } from './order-statuses';

// The warehouse floor: check-in (weighing and measuring at the origin warehouse), cartons (boxes)
// packed by scanner, check-out, the box listing and its import. SPEC §2 (/app/pick-up/check-in,
// /app/pick-up/packaged-scanner, /app/pickup/check-out, /app/pickup/listing-box), §3 (carton/box
// fields, box import columns), §4 (box states, check-in statuses, windows), §5 (names ≤ 50, wet or
// leaking parcels are restricted goods, check-in import csv ≤ 5 MB), §6 (scanner, box, check-in/out).
// Keep zod calls inside schema factories: the web build keeps them as types only.

export const FLOOR_LIMITS = {
  /** SPEC §5: carton, freight and box name max 50. */
  cartonNameMax: 50,
  /** SPEC §5: box description and location (the import's free text). */
  boxTextMax: 255,
  /** SPEC §5: check-in import csv at most 5 MB. */
  checkInImportMaxBytes: 5 * 1024 * 1024,
  checkInImportRows: 5000,
  /** Box import (.xlsx or .csv) at most 10 MB (SPEC §5 xlsx size). */
  boxImportMaxBytes: 10 * 1024 * 1024,
  boxImportRows: 5000,
  /** The scans the screen shows (the operator's own, newest first). */
  recentScans: 20,
  /** A scanned code: tracking number, exOrderId, order name or carton id. */
  codeMax: 60,
  /** SPEC §5 weight and dimension maxima (grams, centimetres). */
  weightMaxGr: 999_999,
  dimensionMaxCm: 99_999,
  /** A tolerance at most this much (grams, centimetres). */
  toleranceMaxGr: 100_000,
  toleranceMaxCm: 1_000,
} as const;

/** The default tolerance when staff set none: measured may exceed declared by this much before it is a dimension error. */
export const DEFAULT_TOLERANCE = { weightGr: 50, dimensionCm: 1 } as const;

/** SPEC §5: wet or leaking parcels are restricted goods; the others are what an operator can see from outside. */
export const RESTRICTED_GOODS = ['wet', 'leaking', 'damaged', 'battery', 'liquid', 'smell', 'other'] as const;
export type RestrictedGood = (typeof RESTRICTED_GOODS)[number];

/**
 * SPEC §4 box and freight states: open, closed (packaged), checked (left the warehouse), and the later
 * ones a partner's box import sets.
 */
export const CARTON_STATUSES = ['open', 'packaged', 'checked', 'confirmed-weight', 'shipped', 'received', 'in-transit', 'delivered', 'exception'] as const;
export type CartonStatus = (typeof CARTON_STATUSES)[number];

/** The scanning screens; each keeps its own list of recent scans per operator. */
export const SCAN_SCREENS = ['check-in', 'carton', 'check-out', 'freight'] as const;
export type ScanScreen = (typeof SCAN_SCREENS)[number];

/** What a check-in came to. `error-dimension`: beyond the tolerance, the seller is asked to confirm the new price. */
export const CHECK_IN_OUTCOMES = ['checked-in', 'error-dimension', 'manual weighing', 'check-in error'] as const;
export type CheckInOutcome = (typeof CHECK_IN_OUTCOMES)[number];

/** A scanned code: what the barcode says (a tracking number, an exOrderId, an order name or a carton id). */
export const floorCodeField = () => textField().trim().min(1, 'validation.required').max(FLOOR_LIMITS.codeMax, 'validation.tooLong');
/** A measured weight: SPEC §5 above 3 g and below 999,999 g. */
export const floorGramsField = () => z.number({ error: 'validation.number' }).gt(3, 'validation.product.weight').lt(FLOOR_LIMITS.weightMaxGr, 'validation.product.weight');
/** A measured side: SPEC §5 above 0.25 cm and below 99,999 cm. */
export const floorCmField = () => z.number({ error: 'validation.number' }).gt(0.25, 'validation.dimension.range').lt(FLOOR_LIMITS.dimensionMaxCm, 'validation.dimension.range');
/** A carton id as printed on its label: CT and 8 letters or digits. */
export const cartonParamsSchema = () => z.object({ cartonId: textField().regex(/^CT[0-9A-Z]{8}$/, 'validation.invalid') });
/** A carton's weight and sides at closing. */
export const floorMeasuresBody = () => ({ weightGr: floorGramsField(), lengthCm: floorCmField(), widthCm: floorCmField(), heightCm: floorCmField() });

/** Measured or declared size: weight in grams, sides in centimetres. */
export const MeasuresSchema = () => z.object({ weightGr: z.number(), lengthCm: z.number(), widthCm: z.number(), heightCm: z.number() });
export type Measures = z.infer<ReturnType<typeof MeasuresSchema>>;

/** A parcel as the floor screens show it after a scan. */
export const FloorParcelSchema = () =>
  z.object({
    orderId: z.string(),
    exOrderId: z.string(),
    orderName: z.string(),
    trackingNumber: z.string().nullable(),
    status: z.string(),
    checkInStatus: z.enum(CHECK_IN_STATUSES).nullable(),
    customerEmail: z.string(),
    serviceCode: z.string(),
    serviceName: z.string(),
    carrierCode: z.string().nullable(),
    /** The US warehouse the parcel goes to (the carton's destination). */
    warehouseCode: z.string().nullable(),
    declared: MeasuresSchema(),
    measured: MeasuresSchema().nullable(),
    cartonId: z.string().nullable(),
  });
export type FloorParcel = z.infer<ReturnType<typeof FloorParcelSchema>>;

/** One line of the operator's recent scans (the last 20 per screen), with undo on the newest. */
export const ScanRecordSchema = () =>
  z.object({
    _id: z.string(),
    at: z.string(),
    screen: z.enum(SCAN_SCREENS),
    code: z.string(),
    ok: z.boolean(),
    /** The message shown in the banner, in the operator's language (names the parcel and the reason). */
    message: z.string(),
    exOrderId: z.string().nullable(),
    cartonId: z.string().nullable(),
    /** Set when the scan was undone. */
    undoneAt: z.string().nullable(),
    canUndo: z.boolean(),
  });
export type ScanRecord = z.infer<ReturnType<typeof ScanRecordSchema>>;

/** The check-in of one order: measured against declared, and both prices when they differ. */
export const CheckInSchema = () =>
  z.object({
    orderId: z.string(),
    exOrderId: z.string(),
    outcome: z.enum(CHECK_IN_OUTCOMES),
    warehouseCode: z.string(),
    declared: MeasuresSchema(),
    measured: MeasuresSchema().nullable(),
    restricted: z.array(z.enum(RESTRICTED_GOODS)),
    /** The order's price (USD) and the price at the measured values, by the quote's pricing. */
    declaredPrice: z.number(),
    measuredPrice: z.number().nullable(),
    difference: z.number().nullable(),
    /** Until when the seller may confirm a dimension error (SPEC §4: 10 days). */
    confirmBy: z.string().nullable(),
    checkedInAt: z.string(),
    checkedInBy: z.string(),
    /** A repeated scan of an order already checked in: nothing changed. */
    repeated: z.boolean(),
    scan: ScanRecordSchema().nullable(),
  });
export type CheckIn = z.infer<ReturnType<typeof CheckInSchema>>;

/** A tolerance: global (serviceId null) or for one service; measured may exceed declared by this much. */
export const ToleranceSchema = () =>
  z.object({ serviceId: z.string().nullable(), serviceCode: z.string().nullable(), weightGr: z.number(), dimensionCm: z.number() });
export type Tolerance = z.infer<ReturnType<typeof ToleranceSchema>>;

/** SPEC §3 carton/box: id, name, carrier, warehouse, quantity, status, weight, dimensions, created, packaged, checked and accepted user and date, tracking number. */
export const CartonSchema = () =>
  z.object({
    /** The carton id printed as the barcode (CT + 8 characters). */
    _id: z.string(),
    name: z.string(),
    status: z.enum(CARTON_STATUSES),
    carrierId: z.string(),
    carrierCode: z.string(),
    /** The US warehouse it goes to. */
    warehouseCode: z.string(),
    serviceId: z.string(),
    serviceCode: z.string(),
    /** The origin warehouse it is packed in. */
    originWarehouseCode: z.string().nullable(),
    quantity: z.number(),
    /** The sum of its parcels' measured weights (g), beside the weight typed at closing. */
    parcelsWeightGr: z.number(),
    weightGr: z.number().nullable(),
    lengthCm: z.number().nullable(),
    widthCm: z.number().nullable(),
    heightCm: z.number().nullable(),
    trackingNumber: z.string().nullable(),
    description: z.string(),
    location: z.string(),
    freightId: z.string().nullable(),
    createdAt: z.string(),
    createdBy: z.string(),
    packagedAt: z.string().nullable(),
    packagedBy: z.string().nullable(),
    checkedAt: z.string().nullable(),
    checkedBy: z.string().nullable(),
    acceptedAt: z.string().nullable(),
    acceptedBy: z.string().nullable(),
    updatedAt: z.string(),
  });
export type Carton = z.infer<ReturnType<typeof CartonSchema>>;

export const CartonHistorySchema = () => z.object({ at: z.string(), action: z.string(), fromStatus: z.string().nullable(), toStatus: z.string(), by: z.string(), note: z.string() });
export type CartonHistory = z.infer<ReturnType<typeof CartonHistorySchema>>;

export const CartonDetailSchema = () =>
  CartonSchema().extend({
    parcels: z.array(z.object({ orderId: z.string(), exOrderId: z.string(), orderName: z.string(), trackingNumber: z.string().nullable(), customerEmail: z.string(), weightGr: z.number(), addedAt: z.string() })),
    history: z.array(CartonHistorySchema()),
  });
export type CartonDetail = z.infer<ReturnType<typeof CartonDetailSchema>>;

/** The list's query (SPEC §3 box filters: keyword, startDate, endDate; plus status tab, carrier, warehouse). */
export const cartonListQuery = () => ({
  page: pageField(),
  pageSize: z.coerce.number({ error: 'validation.number' }).int('validation.number').min(1, 'validation.pageSize').max(100, 'validation.pageSize').default(20),
  keyword: z.string().trim().max(100, 'validation.max100').optional(),
  startDate: z.preprocess((v) => (v === '' ? undefined : v), dateFilterField().optional()),
  endDate: z.preprocess((v) => (v === '' ? undefined : v), dateFilterField().optional()),
  status: z.enum(['all', ...CARTON_STATUSES]).default('all'),
  carrierId: z.preprocess((v) => (v === '' ? undefined : v), z.string().uuid('validation.id.invalid').optional()),
  warehouseCode: z.preprocess((v) => (v === '' ? undefined : v), z.string().max(50, 'validation.max50').optional()),
});

/** SPEC §3 box import columns, in order. */
export const BOX_IMPORT_COLUMNS = ['Box ID', 'Description', 'Location', 'Status', 'Updated At', 'Freight_ID'] as const;
/** The check-in import's columns (a partner's scale or sorter): the code and the measured values. */
export const CHECK_IN_IMPORT_COLUMNS = ['Code', 'Weight_gr', 'Length_cm', 'Width_cm', 'Height_cm', 'Restricted'] as const;

/** One destination a carton can be opened for (the scanner's pick lists). */
export const FloorOptionSchema = () => z.object({ id: z.string(), code: z.string(), name: z.string() });
