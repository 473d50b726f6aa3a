import { z } from 'zod';
import { defineEndpoint, XLSX_MIME } from './endpoint';
import { dateFilterField, textField } from './fields';
import {
  airlineBodySchema,
  airlineCodeField,
  AirlineSchema,
  airportBodySchema,
  AirportSchema,
  dateTimeField,
  feeScheduleParamsSchema,
  FeeScheduleSchema,
  FLIGHT_FEE_COLUMNS,
  FREIGHT_LIMITS,
  FREIGHT_STATUSES,
  FreightDetailSchema,
  FreightDocumentSchema,
  freightBodySchema,
  freightListQuery,
  freightParamsSchema,
  freightReportQuery,
  FreightReportRowSchema,
  FreightSchema,
} from './freight';
import { ScanRecordSchema } from './floor';

// Air freight (docs/air-freight.md). Staff only: every route needs its EX- code; a seller sees its
// parcels' flight events on its own timeline (routing events), never a freight route.
// Keep zod calls inside the descriptors: the web build drops them there.
const tags = ['freight'] as const;

// ── airports and airlines ─────────────────────────────────────────────────────────────────────────

export const ListAirportsEndpoint = defineEndpoint({
  method: 'GET', path: '/freight/airports', access: 'EX-FREIGHT-LIST', summary: 'Airports', operationId: 'listAirports', tags,
  reply: z.array(AirportSchema()),
});

export const CreateAirportEndpoint = defineEndpoint({
  method: 'POST', path: '/freight/airports', access: 'EX-AIRPORT-MANAGE', summary: 'Add an airport (IATA code)', operationId: 'createAirport', tags,
  body: airportBodySchema(), reply: AirportSchema(), status: 201, message: 'freight.airportSaved', errors: [409],
});

export const UpdateAirportEndpoint = defineEndpoint({
  method: 'PUT', path: '/freight/airports/:airportId', access: 'EX-AIRPORT-MANAGE', summary: 'Change an airport', operationId: 'updateAirport', tags,
  params: z.object({ airportId: textField().uuid('validation.id.invalid') }), body: airportBodySchema(), reply: AirportSchema(), message: 'freight.airportSaved', errors: [409],
});

export const ListAirlinesEndpoint = defineEndpoint({
  method: 'GET', path: '/freight/airlines', access: 'EX_VIEW_AIRLINE_OPTIONS', summary: 'Airlines', operationId: 'listAirlines', tags,
  reply: z.array(AirlineSchema()),
});

export const CreateAirlineEndpoint = defineEndpoint({
  method: 'POST', path: '/freight/airlines', access: 'EX-AIRLINE-MANAGE', summary: 'Add an airline', operationId: 'createAirline', tags,
  body: airlineBodySchema(), reply: AirlineSchema(), status: 201, message: 'freight.airlineSaved', errors: [409],
});

export const UpdateAirlineEndpoint = defineEndpoint({
  method: 'PUT', path: '/freight/airlines/:airlineId', access: 'EX-AIRLINE-MANAGE', summary: 'Change an airline', operationId: 'updateAirline', tags,
  params: z.object({ airlineId: textField().uuid('validation.id.invalid') }), body: airlineBodySchema(), reply: AirlineSchema(), message: 'freight.airlineSaved', errors: [409],
});

export const GetAirlineEndpoint = defineEndpoint({
  method: 'GET', path: '/freight/airlines/by-code/:airlineCode', access: 'EX_VIEW_AIRLINE', summary: 'An airline with its flights (freights) and fee schedules', operationId: 'getAirline', tags,
  params: z.object({ airlineCode: airlineCodeField() }),
  reply: AirlineSchema().extend({ freights: z.array(FreightSchema()), schedules: z.array(FeeScheduleSchema()) }),
  errors: [404],
});

// ── flight fee schedules ──────────────────────────────────────────────────────────────────────────

export const FlightFeeTemplateEndpoint = defineEndpoint({
  method: 'GET', path: '/freight/fee-schedules/template.xlsx', access: 'EX-FLIGHT-MANAGE', summary: 'The flight fee template', operationId: 'flightFeeTemplate', tags,
  reply: { binary: XLSX_MIME, description: FLIGHT_FEE_COLUMNS.join(', ') },
});

export const ImportFlightFeesEndpoint = defineEndpoint({
  method: 'POST', path: '/freight/fee-schedules/import', access: 'EX-FLIGHT-MANAGE',
  summary: 'Import a flight fee schedule as a draft (one per airline in the file)',
  description: `Columns exactly ${FLIGHT_FEE_COLUMNS.join(', ')}. \`onlyValidate=true\` returns the checked rows; without it each airline's rows become a draft schedule effective from \`effectiveFrom\`. Any bad row answers 400 IMPORT_ROWS_INVALID naming its row and column, with the error workbook.`,
  operationId: 'importFlightFees', tags,
  query: z.object({ onlyValidate: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'), effectiveFrom: dateFilterField() }),
  multipart: { field: 'file', description: 'The filled template (.xlsx, at most 10 MB)', accept: [XLSX_MIME] },
  reply: z.object({ rows: z.array(z.object({ row: z.number(), airlineCode: z.string(), route: z.string(), errors: z.array(z.string()) })), schedules: z.array(FeeScheduleSchema()) }),
  errors: [413, 415, 422],
});

export const ListFeeSchedulesEndpoint = defineEndpoint({
  method: 'GET', path: '/freight/fee-schedules', access: 'EX-FLIGHT-MANAGE', summary: 'Fee schedules (drafts, active, archived)', operationId: 'listFeeSchedules', tags,
  query: z.object({ airlineCode: z.preprocess((v) => (v === '' ? undefined : v), z.string().max(10, 'validation.tooLong').optional()) }),
  reply: z.array(FeeScheduleSchema()),
});

export const GetFeeScheduleEndpoint = defineEndpoint({
  method: 'GET', path: '/freight/fee-schedules/:scheduleId', access: 'EX-FLIGHT-MANAGE', summary: 'A fee schedule (the preview of a draft)', operationId: 'getFeeSchedule', tags,
  params: feeScheduleParamsSchema(), reply: FeeScheduleSchema(),
});

export const ActivateFeeScheduleEndpoint = defineEndpoint({
  method: 'POST', path: '/freight/fee-schedules/:scheduleId/activate', access: 'EX-FLIGHT-MANAGE',
  summary: 'Activate a draft: from its effective date it prices the airline\'s freights (the previous one is archived)', operationId: 'activateFeeSchedule', tags,
  params: feeScheduleParamsSchema(), reply: FeeScheduleSchema(), message: 'freight.scheduleActivated', errors: [409],
});

export const DeleteFeeScheduleEndpoint = defineEndpoint({
  method: 'DELETE', path: '/freight/fee-schedules/:scheduleId', access: 'EX-FLIGHT-MANAGE', summary: 'Delete a draft schedule', operationId: 'deleteFeeSchedule', tags,
  params: feeScheduleParamsSchema(), reply: z.object({ _id: z.string() }), message: 'freight.scheduleDeleted', errors: [409],
});

// ── freights ──────────────────────────────────────────────────────────────────────────────────────

export const ListFreightsEndpoint = defineEndpoint({
  method: 'GET', path: '/freights', access: 'EX-FREIGHT-LIST', summary: 'Freights, server-paged, with counts per status', operationId: 'listFreights', tags,
  query: z.object(freightListQuery()),
  reply: z.object({ rows: z.array(FreightSchema()), totalCount: z.number(), counts: z.record(z.enum(['all', ...FREIGHT_STATUSES]), z.number()) }),
});

export const CreateFreightEndpoint = defineEndpoint({
  method: 'POST', path: '/freights', access: 'EX-FREIGHT-MANAGE', summary: 'Create a freight (open)',
  description: 'The MAWB is checked as IATA does (its serial\'s last digit is the first seven mod 7) and is unique (409 MAWB_TAKEN).',
  operationId: 'createFreight', tags, body: freightBodySchema(), reply: FreightDetailSchema(), status: 201, message: 'freight.created', errors: [404, 409],
});

export const UpdateFreightEndpoint = defineEndpoint({
  method: 'PUT', path: '/freights/:freightId', access: 'EX-FREIGHT-MANAGE', summary: 'Change a freight\'s fields (until it is checked)', operationId: 'updateFreight', tags,
  params: freightParamsSchema(), body: freightBodySchema(), reply: FreightDetailSchema(), message: 'freight.updated', errors: [409],
});

export const GetFreightEndpoint = defineEndpoint({
  method: 'GET', path: '/freights/:freightId', access: 'EX-FREIGHT-LIST', summary: 'A freight with its cartons, cost, documents, history and manifest gaps', operationId: 'getFreight', tags,
  params: freightParamsSchema(), reply: FreightDetailSchema(),
});

export const AddCartonToFreightEndpoint = defineEndpoint({
  method: 'POST', path: '/freights/:freightId/cartons', access: 'EX-FREIGHT-MANAGE',
  summary: 'Scan a checked-out carton into an open freight',
  description: 'Refused (409, the reason named): the freight is not open; the carton is not checked out, or is on another freight (this one: answered again, nothing changes).',
  operationId: 'addCartonToFreight', tags,
  params: freightParamsSchema(), body: z.object({ code: textField().trim().min(1, 'validation.required').max(60, 'validation.tooLong') }),
  reply: z.object({ freight: FreightDetailSchema(), cartonId: z.string(), repeated: z.boolean(), scan: ScanRecordSchema().nullable() }),
  message: 'freight.cartonAdded', errors: [404, 409],
});

export const RemoveCartonFromFreightEndpoint = defineEndpoint({
  method: 'DELETE', path: '/freights/:freightId/cartons/:cartonId', access: 'EX-FREIGHT-MANAGE', summary: 'Take a carton off a freight (until it is checked)', operationId: 'removeCartonFromFreight', tags,
  params: freightParamsSchema().extend({ cartonId: textField().regex(/^CT[0-9A-Z]{8}$/, 'validation.invalid') }), reply: FreightDetailSchema(), message: 'freight.cartonRemoved', errors: [409],
});

export const ChangeFreightStatusEndpoint = defineEndpoint({
  method: 'POST', path: '/freights/:freightId/status', access: 'EX-FREIGHT-MANAGE',
  summary: 'Move a freight: close, check, confirm weight, shipped, in transit, received, delivered, exception',
  description: '409 FREIGHT_TRANSITION_NOT_ALLOWED for a move the state machine refuses; checking is refused with 422 MANIFEST_INCOMPLETE (data: the gaps per parcel) while a parcel lacks its customs data; `confirmed-weight` needs `confirmedWeightKg`. Every parcel of the freight gets one routing event, written in one statement.',
  operationId: 'changeFreightStatus', tags,
  params: freightParamsSchema(),
  body: z.object({
    status: z.enum(FREIGHT_STATUSES),
    at: dateTimeField().optional(),
    confirmedWeightKg: z.number({ error: 'validation.number' }).positive('validation.positive').max(1_000_000, 'validation.outOfRange').optional(),
    note: textField().trim().max(FREIGHT_LIMITS.reasonMax, 'validation.max255').default(''),
  }),
  reply: FreightDetailSchema(), message: 'freight.statusChanged', errors: [409, 422],
});

export const AdjustFreightCostEndpoint = defineEndpoint({
  method: 'POST', path: '/freights/:freightId/cost-adjustment', access: 'EX-FREIGHT-MANAGE',
  summary: 'Adjust the freight\'s computed cost by an amount, with a reason (the allocation to parcels is redone)', operationId: 'adjustFreightCost', tags,
  params: freightParamsSchema(),
  body: z.object({ amount: z.number({ error: 'validation.number' }).min(-1_000_000, 'validation.money.range').max(1_000_000, 'validation.money.range'), reason: textField().trim().min(1, 'validation.required').max(FREIGHT_LIMITS.reasonMax, 'validation.max255') }),
  reply: FreightDetailSchema(), message: 'freight.costAdjusted', errors: [409, 422],
});

export const UploadFreightDocumentEndpoint = defineEndpoint({
  method: 'POST', path: '/freights/:freightId/documents', access: 'EX-FREIGHT-MANAGE',
  summary: 'Attach a document (MAWB scan, invoice, manifest): PDF or image, at most 10 files of 10 MB', operationId: 'uploadFreightDocument', tags,
  params: freightParamsSchema(),
  multipart: { field: 'file', description: 'A PDF, PNG, JPEG or WebP file of at most 10 MB', accept: ['application/pdf', 'image/png', 'image/jpeg', 'image/webp'] },
  reply: FreightDocumentSchema(), status: 201, message: 'freight.documentUploaded', errors: [409, 413, 415],
});

export const GetFreightDocumentEndpoint = defineEndpoint({
  method: 'GET', path: '/freights/:freightId/documents/:documentId', access: 'EX-FREIGHT-LIST', summary: 'Download a freight document', operationId: 'getFreightDocument', tags,
  params: freightParamsSchema().extend({ documentId: textField().uuid('validation.id.invalid') }),
  reply: { binary: 'application/pdf | image/png | image/jpeg | image/webp', description: 'The file as uploaded' },
});

export const DeleteFreightDocumentEndpoint = defineEndpoint({
  method: 'DELETE', path: '/freights/:freightId/documents/:documentId', access: 'EX-FREIGHT-MANAGE', summary: 'Remove a freight document', operationId: 'deleteFreightDocument', tags,
  params: freightParamsSchema().extend({ documentId: textField().uuid('validation.id.invalid') }), reply: z.object({ _id: z.string() }), message: 'freight.documentDeleted',
});

export const FreightManifestEndpoint = defineEndpoint({
  method: 'GET', path: '/freights/:freightId/manifest.xlsx', access: 'EX-FREIGHT-LIST',
  summary: 'The customs manifest: per parcel and line, description, HS code, quantity, value (USD), origin country, weight, shipper and consignee', operationId: 'freightManifest', tags,
  params: freightParamsSchema(), reply: { binary: XLSX_MIME, description: 'One row per parcel line' },
});

// ── the freight report ────────────────────────────────────────────────────────────────────────────

export const FreightReportEndpoint = defineEndpoint({
  method: 'GET', path: '/reports/freight', access: 'EX-REPORT-FREIGHT', summary: 'Per freight in the period: cartons, parcels, weights, cost, cost per kg, revenue, margin', operationId: 'freightReport', tags,
  query: z.object(freightReportQuery()),
  reply: z.object({ rows: z.array(FreightReportRowSchema()), totals: FreightReportRowSchema().pick({ cartons: true, parcels: true, grossWeightKg: true, chargeableWeightKg: true, cost: true, costPerKg: true, revenue: true, margin: true }) }),
});

export const ExportFreightReportEndpoint = defineEndpoint({
  method: 'GET', path: '/reports/freight/export', access: 'EX-REPORT-FREIGHT', summary: 'The freight report as .xlsx', operationId: 'exportFreightReport', tags,
  query: z.object(freightReportQuery()), reply: { binary: XLSX_MIME, description: 'The report\'s rows and totals' },
});
