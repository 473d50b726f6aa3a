import { z } from 'zod';
import { defineEndpoint, XLSX_MIME } from './endpoint';
import { textField } from './fields';
import { OrderIdParamsSchema } from './orders';
import {
  BOX_IMPORT_COLUMNS,
  CARTON_STATUSES,
  CartonDetailSchema,
  cartonParamsSchema,
  cartonListQuery,
  CartonSchema,
  CHECK_IN_IMPORT_COLUMNS,
  CheckInSchema,
  floorCmField,
  floorCodeField,
  floorGramsField,
  floorMeasuresBody,
  FloorOptionSchema,
  FloorParcelSchema,
  FLOOR_LIMITS,
  RESTRICTED_GOODS,
  SCAN_SCREENS,
  ScanRecordSchema,
  ToleranceSchema,
} from './floor';
import { PDF_MIME } from './shipping.endpoints';

// The warehouse floor (docs/warehouse-floor.md). Staff only: every route needs its EX- code (a seller
// has none of them). A scanned `code` is what the barcode says: a tracking number, an exOrderId, an
// order name (exact) or a carton id. A refusal is an error whose message names the parcel and the
// reason in the operator's language; the same scan twice changes nothing the second time.
// Keep zod calls inside the descriptors: the web build drops them there.
const tags = ['floor'] as const;
export const CSV_MIME = 'text/csv';

// The fields' factories live in floor.ts: the web build refuses a zod call outside a descriptor here.
const codeField = floorCodeField;
const gramsField = floorGramsField;
const cmField = floorCmField;

// ── check-in ──────────────────────────────────────────────────────────────────────────────────────

export const LookupParcelEndpoint = defineEndpoint({
  method: 'GET',
  path: '/floor/parcels',
  access: 'EX-CHECKIN',
  summary: 'Find the parcel a scanned code names',
  description: 'By tracking number, exOrderId or order name (exact). 404 PARCEL_NOT_FOUND when no paid order has it. The reply says what the parcel is; the check-in itself refuses what cannot be checked in.',
  operationId: 'lookupParcel',
  tags,
  query: z.object({ code: codeField() }),
  reply: FloorParcelSchema(),
  errors: [404],
});

export const CheckInParcelEndpoint = defineEndpoint({
  method: 'POST',
  path: '/floor/check-ins',
  access: 'EX-CHECKIN',
  summary: 'Check a parcel in at the origin warehouse, with its measured weight and size',
  description:
    'Refused (409, the reason named) when the order is unpaid, cancelled, has no label yet or is already in a carton; 404 for an unknown code. Within the tolerance → checked-in (a routing event "received at <warehouse>"; the 12-day auto-cancel no longer applies). Beyond it → error-dimension: the price at the measured values is offered to the seller, who confirms within 10 days. `manualWeighing: true` without measures → manual weighing (measures sent later). Restricted goods found → check-in error. A parcel already checked in answers its check-in again with `repeated: true` and changes nothing.',
  operationId: 'checkInParcel',
  tags,
  body: z.object({
    code: codeField(),
    /** The origin warehouse (a warehouse code); the user's default when left out. */
    warehouseCode: textField().trim().max(50, 'validation.max50').optional(),
    weightGr: gramsField().optional(),
    lengthCm: cmField().optional(),
    widthCm: cmField().optional(),
    heightCm: cmField().optional(),
    manualWeighing: z.boolean().default(false),
    restricted: z.array(z.enum(RESTRICTED_GOODS)).max(RESTRICTED_GOODS.length).default([]),
    note: textField().trim().max(FLOOR_LIMITS.boxTextMax, 'validation.max255').default(''),
  }),
  reply: CheckInSchema(),
  message: 'floor.checkedIn',
  errors: [404, 409, 422],
});

export const GetOrderCheckInEndpoint = defineEndpoint({
  method: 'GET',
  path: '/orders/:orderId/check-in',
  access: 'EX-ORDER-DETAIL',
  summary: 'An order\'s check-in: measured against declared values and both prices',
  description: 'A seller sees its own orders only (another\'s answers 404). 404 CHECK_IN_NOT_FOUND while the parcel has not reached the warehouse.',
  operationId: 'getOrderCheckIn',
  tags,
  params: OrderIdParamsSchema,
  reply: CheckInSchema(),
  errors: [404],
});

export const ListScansEndpoint = defineEndpoint({
  method: 'GET',
  path: '/floor/scans',
  access: 'open',
  summary: 'The caller\'s recent scans on one floor screen (the last 20, newest first)',
  description: 'Needs the screen\'s permission (check-in: EX-CHECKIN, carton: EX-SCANNER, check-out: EX-CHECKOUT).',
  operationId: 'listScans',
  tags,
  query: z.object({ screen: z.enum(SCAN_SCREENS) }),
  reply: z.array(ScanRecordSchema()),
});

export const UndoScanEndpoint = defineEndpoint({
  method: 'POST',
  path: '/floor/scans/:scanId/undo',
  access: 'open',
  summary: 'Undo the caller\'s last scan on its screen',
  description: 'Only the newest scan of the caller on that screen, and only while nothing came after it for the parcel or carton (a checked-in parcel already in a carton cannot be un-checked-in). 409 SCAN_NOT_UNDOABLE otherwise.',
  operationId: 'undoScan',
  tags,
  params: z.object({ scanId: textField().uuid('validation.id.invalid') }),
  reply: ScanRecordSchema(),
  message: 'floor.scanUndone',
  errors: [404, 409],
});

export const ListTolerancesEndpoint = defineEndpoint({
  method: 'GET',
  path: '/floor/tolerances',
  access: 'EX-CHECKIN',
  summary: 'Check-in tolerances: the global one and those per service',
  operationId: 'listTolerances',
  tags,
  reply: z.array(ToleranceSchema()),
});

export const SaveToleranceEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/floor/tolerances',
  access: 'EX-BOX-MANAGE',
  summary: 'Set the global tolerance (serviceId null) or one service\'s',
  operationId: 'saveTolerance',
  tags,
  body: z.object({
    serviceId: textField().uuid('validation.id.invalid').nullable(),
    weightGr: z.number({ error: 'validation.number' }).int('validation.integer').min(0, 'validation.outOfRange').max(FLOOR_LIMITS.toleranceMaxGr, 'validation.outOfRange'),
    dimensionCm: z.number({ error: 'validation.number' }).min(0, 'validation.outOfRange').max(FLOOR_LIMITS.toleranceMaxCm, 'validation.outOfRange'),
  }),
  reply: ToleranceSchema(),
  message: 'floor.toleranceSaved',
  errors: [404],
});

export const DeleteToleranceEndpoint = defineEndpoint({
  method: 'DELETE',
  path: '/floor/tolerances/:serviceId',
  access: 'EX-BOX-MANAGE',
  summary: 'Remove a service\'s tolerance (the global one then applies)',
  operationId: 'deleteTolerance',
  tags,
  params: z.object({ serviceId: textField().uuid('validation.id.invalid') }),
  reply: z.object({ serviceId: z.string() }),
  message: 'floor.toleranceRemoved',
});

export const CheckInTemplateEndpoint = defineEndpoint({
  method: 'GET',
  path: '/floor/check-ins/template.csv',
  access: 'EX-CHECKIN',
  summary: 'The check-in import template',
  operationId: 'checkInTemplate',
  tags,
  reply: { binary: CSV_MIME, description: CHECK_IN_IMPORT_COLUMNS.join(', ') },
});

export const ImportCheckInsEndpoint = defineEndpoint({
  method: 'POST',
  path: '/floor/check-ins/import',
  access: 'EX-CHECKIN',
  summary: 'Check parcels in from a partner scale or sorter file (.csv, at most 5 MB)',
  description: `Columns ${CHECK_IN_IMPORT_COLUMNS.join(', ')}. \`onlyValidate=true\` checks every row by the check-in rules and returns them; without it the file is checked again and applied all or nothing. Any bad row answers 400 IMPORT_ROWS_INVALID naming its row and column.`,
  operationId: 'importCheckIns',
  tags,
  query: z.object({
    onlyValidate: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
    warehouseCode: z.string().trim().max(50, 'validation.max50').optional(),
  }),
  multipart: { field: 'file', description: 'The filled template (.csv, at most 5 MB)', accept: [CSV_MIME] },
  reply: z.object({
    rows: z.array(z.object({ row: z.number(), code: z.string(), exOrderId: z.string().nullable(), outcome: z.string().nullable(), errors: z.array(z.string()) })),
    applied: z.number(),
  }),
  errors: [413, 415, 422],
});

// ── cartons ───────────────────────────────────────────────────────────────────────────────────────

export const CartonOptionsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/floor/carton-options',
  access: 'EX-SCANNER',
  summary: "The destinations a carton is opened for: carriers, warehouses and services (the packaged scanner's pick lists, without the catalog's list permissions)",
  operationId: 'cartonOptions',
  tags,
  reply: z.object({ carriers: z.array(FloorOptionSchema()), warehouses: z.array(FloorOptionSchema()), services: z.array(FloorOptionSchema()) }),
});

export const OpenCartonEndpoint = defineEndpoint({
  method: 'POST',
  path: '/floor/cartons',
  access: 'EX-SCANNER',
  summary: 'Open a carton for a destination (carrier, US warehouse, service)',
  operationId: 'openCarton',
  tags,
  body: z.object({
    name: textField().trim().max(FLOOR_LIMITS.cartonNameMax, 'validation.max50').default(''),
    carrierId: textField().uuid('validation.id.invalid'),
    warehouseCode: textField().trim().min(1, 'validation.required').max(50, 'validation.max50'),
    serviceId: textField().uuid('validation.id.invalid'),
  }),
  reply: CartonDetailSchema(),
  status: 201,
  message: 'floor.cartonOpened',
  errors: [404, 422],
});

export const ListCartonsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/floor/cartons',
  access: 'EX-BOX-LIST',
  summary: 'Boxes, server-paged, with counts per status',
  description: 'keyword: carton id or name (contains), or a parcel\'s tracking number / exOrderId (the carton holding it). Dates filter the creation date.',
  operationId: 'listCartons',
  tags,
  query: z.object(cartonListQuery()),
  reply: z.object({
    rows: z.array(CartonSchema()),
    totalCount: z.number(),
    counts: z.record(z.enum(['all', ...CARTON_STATUSES]), z.number()),
  }),
});

export const ExportCartonsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/floor/cartons/export',
  access: 'EX-BOX-LIST',
  summary: 'Export the boxes the filters select (.xlsx)',
  operationId: 'exportCartons',
  tags,
  query: z.object(cartonListQuery()),
  reply: { binary: XLSX_MIME, description: 'The §3 box fields, one row per box' },
});

export const GetCartonEndpoint = defineEndpoint({
  method: 'GET',
  path: '/floor/cartons/:cartonId',
  access: 'EX-BOX-LIST',
  summary: 'A carton with its parcels and history',
  operationId: 'getCarton',
  tags,
  params: cartonParamsSchema(),
  reply: CartonDetailSchema(),
});

export const AddParcelToCartonEndpoint = defineEndpoint({
  method: 'POST',
  path: '/floor/cartons/:cartonId/parcels',
  access: 'EX-SCANNER',
  summary: 'Scan a checked-in parcel into an open carton',
  description:
    'Refused (409, the reason named): the carton is not open; the parcel is not checked in, goes to another destination (carrier, US warehouse and service must be the carton\'s), is already in a carton (this one: answered again with `repeated: true`, nothing changes), is cancelled, unpaid, without a label or on hold, has an unresolved dimension error or restricted goods. 404 PARCEL_NOT_FOUND for a code that names no parcel, 409 PARCEL_AMBIGUOUS for an order name several sellers use. Two cartons scanning one parcel at once: it ends in exactly one. Every scan, refused ones too, is in the carton screen\'s scan log; undoing a packing scan takes the parcel out again.',
  operationId: 'addParcelToCarton',
  tags,
  params: cartonParamsSchema(),
  body: z.object({ code: codeField() }),
  reply: z.object({ carton: CartonDetailSchema(), exOrderId: z.string(), repeated: z.boolean(), scan: ScanRecordSchema().nullable() }),
  message: 'floor.parcelPacked',
  errors: [404, 409],
});

export const RemoveParcelFromCartonEndpoint = defineEndpoint({
  method: 'DELETE',
  path: '/floor/cartons/:cartonId/parcels/:orderId',
  access: 'EX-SCANNER',
  summary: 'Take a parcel out of an open carton',
  operationId: 'removeParcelFromCarton',
  tags,
  params: cartonParamsSchema().extend({ orderId: textField().uuid('validation.id.invalid') }),
  reply: CartonDetailSchema(),
  message: 'floor.parcelRemoved',
  errors: [404, 409],
});

export const CloseCartonEndpoint = defineEndpoint({
  method: 'POST',
  path: '/floor/cartons/:cartonId/close',
  access: 'EX-SCANNER',
  summary: 'Close a carton (packaged) with its weight and size',
  description: '409 CARTON_EMPTY for a carton with no parcel; 409 CARTON_NOT_OPEN when it is not open.',
  operationId: 'closeCarton',
  tags,
  params: cartonParamsSchema(),
  body: z.object(floorMeasuresBody()),
  reply: CartonDetailSchema(),
  message: 'floor.cartonClosed',
  errors: [404, 409],
});

export const ReopenCartonEndpoint = defineEndpoint({
  method: 'POST',
  path: '/floor/cartons/:cartonId/reopen',
  access: 'EX-SCANNER',
  summary: 'Reopen a packaged carton',
  description: 'A packaged carton reopens until it is on a checked freight (SPEC §4): 409 CARTON_NOT_REOPENABLE once its freight is checked or it has left the warehouse, 409 CARTON_NOT_PACKAGED while it is open.',
  operationId: 'reopenCarton',
  tags,
  params: cartonParamsSchema(),
  reply: CartonDetailSchema(),
  message: 'floor.cartonReopened',
  errors: [404, 409],
});

export const GetCartonLabelEndpoint = defineEndpoint({
  method: 'GET',
  path: '/floor/cartons/:cartonId/label',
  access: 'EX-SCANNER',
  summary: 'The carton\'s 4x6 label: its id as a barcode, destination and parcel count',
  description: '409 CARTON_NOT_PACKAGED while the carton is open.',
  operationId: 'getCartonLabel',
  tags,
  params: cartonParamsSchema(),
  reply: { binary: PDF_MIME, description: 'One 4x6 in page' },
  errors: [409],
});

// ── check-out ─────────────────────────────────────────────────────────────────────────────────────

export const CheckOutCartonEndpoint = defineEndpoint({
  method: 'POST',
  path: '/floor/check-outs',
  access: 'EX-CHECKOUT',
  summary: 'Scan a packaged carton leaving the warehouse (checked)',
  description: 'Every parcel in it gets a routing event. 409 CARTON_NOT_PACKAGED for an open carton; a carton already checked answers again with `repeated: true`.',
  operationId: 'checkOutCarton',
  tags,
  body: z.object({ code: codeField() }),
  reply: z.object({ carton: CartonSchema(), repeated: z.boolean(), scan: ScanRecordSchema().nullable() }),
  message: 'floor.cartonCheckedOut',
  errors: [404, 409],
});

export const CheckOutTodayEndpoint = defineEndpoint({
  method: 'GET',
  path: '/floor/check-outs/today',
  access: 'EX-CHECKOUT',
  summary: 'What is expected to leave today and what already left',
  description: 'Expected: every packaged carton not checked out. Checked: cartons checked out since the start of today in the caller\'s time zone.',
  operationId: 'checkOutToday',
  tags,
  reply: z.object({ expected: z.array(CartonSchema()), checked: z.array(CartonSchema()) }),
});

// ── box import ────────────────────────────────────────────────────────────────────────────────────

export const BoxTemplateEndpoint = defineEndpoint({
  method: 'GET',
  path: '/floor/cartons/template.xlsx',
  access: 'EX-BOX-MANAGE',
  summary: 'The box import template',
  operationId: 'boxTemplate',
  tags,
  reply: { binary: XLSX_MIME, description: BOX_IMPORT_COLUMNS.join(', ') },
});

export const ImportBoxesEndpoint = defineEndpoint({
  method: 'POST',
  path: '/floor/cartons/import',
  access: 'EX-BOX-MANAGE',
  summary: 'Update boxes\' status and location from a partner\'s file',
  description: `Columns exactly ${BOX_IMPORT_COLUMNS.join(', ')} (.xlsx or .csv, at most 10 MB). Status: confirmed-weight, shipped, in-transit, received, delivered or exception, for boxes checked out of the warehouse, forward only (an exception from any, and back); a blank Description, Location or Freight_ID keeps the box's; Updated At without a zone is read at the importer's offset. \`onlyValidate=true\` returns the checked rows; without it the file is applied all or nothing. Any bad row answers 400 IMPORT_ROWS_INVALID naming its row and column.`,
  operationId: 'importBoxes',
  tags,
  query: z.object({ onlyValidate: z.enum(['true', 'false']).default('false').transform((v) => v === 'true') }),
  multipart: { field: 'file', description: 'The filled template (.xlsx or .csv, at most 10 MB)', accept: [XLSX_MIME, CSV_MIME] },
  reply: z.object({
    rows: z.array(z.object({ row: z.number(), cartonId: z.string(), status: z.string(), location: z.string(), errors: z.array(z.string()) })),
    applied: z.number(),
  }),
  errors: [413, 415, 422],
});
