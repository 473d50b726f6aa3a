import { z } from 'zod';
import { defineEndpoint, XLSX_MIME } from './endpoint';
import { RATE_LIMITS } from './limits';
import { dateFilterField, idField, textField, withDateRange } from './fields';
import { OrderIdParamsSchema } from './orders';
import { ROUTING_STATUSES } from './order-statuses';
import { SkipRowsField } from './products';
import {
  CARRIER_PLUGIN_ID_PATTERN,
  CarrierConnectionSchema,
  CarrierPluginSchema,
  LabelPurchaseSchema,
  OrderShippingSchema,
  FLAGGED_FILTERS,
  ParcelSchema,
  PublicParcelSchema,
  ScanFormCandidateSchema,
  ScanFormSchema,
  SHIPPING_LIMITS,
  shippingPageQuery as pageQuery,
  optionalDateFilter as optionalDate,
  TRACKING_CANCEL_MODES,
  TRACKING_LOG_RESULTS,
  TrackingLogSchema,
} from './shipping';

// Labels, tracking, SCAN forms and carrier connections. A seller sees its own account's
// orders; staff (EX-ACT-FOR-CUSTOMER) every account's. Another account's order answers 404.
// Keep zod calls inside the descriptors: the web build drops them there.
const tags = ['shipping'] as const;
export const PDF_MIME = 'application/pdf';
export const ZPL_MIME = 'application/x-zpl';

const labelFile = (path: string, access: 'EX-ORDER-ROUTING-LABEL' | 'EX-ORDER-PRINT-US-LABEL' | 'EX-ORDER-PRINT-BARCODE', summary: string, operationId: string) =>
  defineEndpoint({
    method: 'GET',
    path: `/orders/:orderId/${path}`,
    access,
    summary,
    description: '`format=pdf` (default): one 4x6 in page; `format=zpl`: ZPL II for 203 dpi thermal printers. 409 LABEL_NOT_READY while the order has no label.',
    operationId,
    tags,
    params: OrderIdParamsSchema,
    query: z.object({ format: z.enum(['pdf', 'zpl']).default('pdf') }),
    reply: { binary: `${PDF_MIME} | ${ZPL_MIME}`, description: 'The label file' },
    errors: [404, 409],
  });

export const GetOrderLabelEndpoint = labelFile('label', 'EX-ORDER-ROUTING-LABEL', 'The order\'s shipping label', 'getOrderLabel');
export const GetOrderUsLabelEndpoint = labelFile('label-us', 'EX-ORDER-PRINT-US-LABEL', 'The order\'s US label (with the USPS routing barcode)', 'getOrderUsLabel');
export const GetOrderBarcodeLabelEndpoint = labelFile('label-barcode', 'EX-ORDER-PRINT-BARCODE', 'The order\'s warehouse barcode label', 'getOrderBarcodeLabel');

export const DownloadLabelsEndpoint = defineEndpoint({
  method: 'POST',
  path: '/orders/labels/download',
  access: 'EX-ORDER-ROUTING-LABEL',
  summary: 'Many labels as one merged PDF',
  description: `Up to ${SHIPPING_LIMITS.bulkLabelsMax} orders, one page each, in the order given. 422 names the orders without a label.`,
  operationId: 'downloadLabels',
  readOnly: true,
  tags,
  body: z.object({ orderIds: z.array(idField()).min(1, 'validation.required').max(SHIPPING_LIMITS.bulkLabelsMax, 'validation.tooMany') }),
  reply: { binary: PDF_MIME, description: 'One PDF, one 4x6 page per label' },
  errors: [404, 422],
});

export const GetOrderShippingEndpoint = defineEndpoint({
  method: 'GET',
  path: '/orders/:orderId/shipping',
  access: 'EX-ORDER-DETAIL',
  summary: 'An order\'s label purchases, tracking number and routing events',
  operationId: 'getOrderShipping',
  tags,
  params: OrderIdParamsSchema,
  reply: OrderShippingSchema(),
  errors: [404],
});

export const RetryLabelVoidEndpoint = defineEndpoint({
  method: 'POST',
  path: '/orders/:orderId/labels/:purchaseId/void',
  access: 'EX-ORDER-NEW-LABEL',
  summary: 'Ask the carrier again to void a replaced label whose void failed',
  description:
    'A replaced or cancelled label is voided with its carrier in the background (retried with back-off); when the carrier refuses or never confirms, the label shows `voidStatus: failed`. This asks again: the label goes back to `requested`. 409 `VOID_NOT_RETRYABLE` for a label whose void did not fail (in force, requested or voided); 404 for an unknown label of the order.',
  operationId: 'retryLabelVoid',
  tags,
  params: z.object({ orderId: idField(), purchaseId: idField() }),
  reply: LabelPurchaseSchema(),
  message: 'shipping.voidRetried',
  errors: [404, 409],
});

export const TrackLookupEndpoint = defineEndpoint({
  method: 'POST',
  path: '/tracking/lookup',
  access: 'EX-TRACK-ROUTING',
  summary: 'Track parcels by tracking number or order id',
  description: `Up to ${SHIPPING_LIMITS.lookupMax} tracking numbers, order ids (EX…) or order names; \`noLabel\` lists the caller's orders that have no label yet (with their status), \`notFound\` what matched nothing of the caller's.`,
  operationId: 'trackLookup',
  readOnly: true,
  tags,
  body: z.object({ refs: z.array(textField().trim().min(1).max(64, 'validation.invalid')).min(1, 'validation.required').max(SHIPPING_LIMITS.lookupMax, 'validation.tooMany') }),
  reply: z.object({
    parcels: z.array(ParcelSchema()),
    noLabel: z.array(z.object({ ref: z.string(), orderId: z.string(), exOrderId: z.string(), status: z.string() })),
    notFound: z.array(z.string()),
  }),
});

export const ListFlaggedParcelsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/tracking/flagged',
  access: 'EX-TRACK-ROUTING',
  summary: 'Lost and late parcels',
  description: 'Lost: no tracking update for 15 business days. Late: more than 15 days after arrival at the US warehouse, not delivered. lost-late: still tracked, not delivered, lost or late.',
  operationId: 'listFlaggedParcels',
  tags,
  query: z.object({ ...pageQuery(), flag: z.enum(FLAGGED_FILTERS).default('lost') }),
  reply: z.object({ items: z.array(ParcelSchema()), total: z.number(), page: z.number(), pageSize: z.number(), counts: z.object({ lost: z.number(), late: z.number(), lostLate: z.number() }) }),
});

export const PublicTrackingEndpoint = defineEndpoint({
  method: 'GET',
  path: '/public/tracking/:code',
  access: 'public',
  summary: 'The public tracking page of one parcel',
  description: 'For the buyer, without sign-in: the timeline with city, state and country only (no name, street, phone or e-mail).',
  operationId: 'publicTracking',
  tags,
  params: z.object({ code: textField().regex(/^[0-9A-Za-z]{16,32}$/, 'validation.invalid') }),
  reply: PublicParcelSchema(),
  errors: [404, 429],
  rateLimit: RATE_LIMITS.publicTracking,
});

export const ListTrackingLogsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/tracking/logs',
  access: 'EX-TRACKING-LOG',
  summary: 'What was fetched from the carriers, when, with what result',
  operationId: 'listTrackingLogs',
  tags,
  query: withDateRange(
    z.object({
      ...pageQuery(),
      result: z.enum(['all', ...TRACKING_LOG_RESULTS]).default('all'),
      keyword: textField().trim().max(64, 'validation.invalid').optional(),
      dateFrom: optionalDate(),
      dateTo: optionalDate(),
    }),
    'dateFrom',
    'dateTo',
  ),
  reply: z.object({ items: z.array(TrackingLogSchema()), total: z.number(), page: z.number(), pageSize: z.number() }),
});

export const ExportTrackingEndpoint = defineEndpoint({
  method: 'GET',
  path: '/tracking/export.xlsx',
  access: 'EX-ORDER-TRACKING-EXPORT',
  summary: 'Export tracking numbers (orders labeled, shipped, delivered or completed)',
  operationId: 'exportTracking',
  tags,
  query: withDateRange(z.object({ dateFrom: optionalDate(), dateTo: optionalDate(), routingStatus: z.enum(['all', ...ROUTING_STATUSES]).default('all') }), 'dateFrom', 'dateTo'),
  reply: { binary: XLSX_MIME, description: 'OrderID, order name, status, carrier, service, tracking number, routing status, last event' },
});

export const TrackingTemplateEndpoint = defineEndpoint({
  method: 'GET',
  path: '/tracking/templates/tracking.xlsx',
  access: 'EX-ORDER-TRACKING-IMPORT',
  summary: 'The tracking import template',
  operationId: 'trackingTemplate',
  tags,
  reply: { binary: XLSX_MIME, description: 'OrderID, Carrier_code, Tracking_number' },
});

export const ImportTrackingEndpoint = defineEndpoint({
  method: 'POST',
  path: '/tracking/import',
  access: 'EX-ORDER-TRACKING-IMPORT',
  summary: 'Import tracking numbers (staff): each order gets its carrier and tracking number and becomes labeled',
  description: '`onlyValidate=true` checks the file and returns the rows; without it the valid file is applied all or nothing. Tracking numbers are checked against their carrier format (check digit).',
  operationId: 'importTracking',
  tags,
  query: z.object({ onlyValidate: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'), skipRows: SkipRowsField }),
  multipart: { field: 'file', description: 'The filled template (.xlsx, at most 10 MB)', accept: [XLSX_MIME] },
  reply: z.object({
    rows: z.array(z.object({ row: z.number(), orderId: z.string(), carrierCode: z.string(), trackingNumber: z.string(), errors: z.array(z.string()) })),
    applied: z.number(),
  }),
  errors: [413, 422],
});

export const TrackingCancelEndpoint = defineEndpoint({
  method: 'POST',
  path: '/orders/:orderId/tracking-cancel',
  access: 'EX-ORDER-CANCEL',
  summary: 'Cancel a label\'s tracking with the carrier',
  description:
    '`normal`: the carrier is asked to void the label and the order is cancelled only when it confirms (carrier codes HPW, SBAE, LB, FLS, VNPL, GTF only, SPEC §5). `force` (staff): the order is cancelled at once. Refused with 409 for a shipped order.',
  operationId: 'trackingCancel',
  tags,
  params: OrderIdParamsSchema,
  body: z.object({ mode: z.enum(TRACKING_CANCEL_MODES).default('normal'), reason: textField().trim().max(255, 'validation.reason.tooLong').default('') }),
  reply: z.object({ status: z.string() }),
  message: 'shipping.cancelAsked',
  errors: [404, 409, 422],
});

export const CreateScanFormEndpoint = defineEndpoint({
  method: 'POST',
  path: '/scan-forms',
  access: 'EX-SCAN-FORM',
  summary: 'Create a SCAN form from labeled orders',
  description: 'Ship date and tracking numbers required (SPEC §5); 422 "one or more tracking numbers invalid" names the numbers that are malformed, unknown, not labeled or already on a form.',
  operationId: 'createScanForm',
  tags,
  body: z.object({
    shipDate: dateFilterField(),
    trackingNumbers: z.array(textField().trim().min(1).max(64, 'validation.invalid')).min(1, 'validation.required').max(SHIPPING_LIMITS.scanFormMax, 'validation.tooMany'),
  }),
  reply: ScanFormSchema(),
  status: 201,
  message: 'scanForm.created',
  errors: [422],
});

export const ListScanFormCandidatesEndpoint = defineEndpoint({
  method: 'GET',
  path: '/scan-forms/candidates',
  access: 'EX-SCAN-FORM',
  summary: 'Labeled parcels not yet on a SCAN form',
  description:
    'The picker of the create form: the caller\'s labeled (or shipped) parcels that no SCAN form holds, newest label first, at most 500 (one form\'s limit); `keyword` matches the EX order id, order name or tracking number. Staff see every account\'s, each with its seller.',
  operationId: 'listScanFormCandidates',
  tags,
  query: z.object({ keyword: textField().trim().max(64, 'validation.invalid').optional() }),
  reply: z.object({ items: z.array(ScanFormCandidateSchema()), more: z.boolean() }),
});

export const ListScanFormsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/scan-forms',
  access: 'EX-SCAN-FORM',
  summary: 'SCAN forms',
  operationId: 'listScanForms',
  tags,
  query: z.object({ ...pageQuery(), keyword: textField().trim().max(64, 'validation.invalid').optional() }),
  reply: z.object({ items: z.array(ScanFormSchema()), total: z.number(), page: z.number(), pageSize: z.number() }),
});

export const GetScanFormPdfEndpoint = defineEndpoint({
  method: 'GET',
  path: '/scan-forms/:id/pdf',
  access: 'EX-SCAN-FORM',
  summary: 'A SCAN form as PDF',
  operationId: 'getScanFormPdf',
  tags,
  params: z.object({ id: idField() }),
  reply: { binary: PDF_MIME, description: 'The SCAN form with its barcode' },
  errors: [404],
});

export const ListCarrierPluginsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/carrier-plugins',
  access: 'EX-CARRIER-LIST',
  summary: 'The carrier plugins: their settings fields and capabilities',
  operationId: 'listCarrierPlugins',
  tags,
  reply: z.array(CarrierPluginSchema()),
});

export const ListCarrierConnectionsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/carrier-connections',
  access: 'EX-CARRIER-LIST',
  summary: 'Which plugin each carrier uses',
  operationId: 'listCarrierConnections',
  tags,
  reply: z.array(CarrierConnectionSchema()),
});

export const UpdateCarrierConnectionEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/carrier-connections/:carrierId',
  access: 'EX-CARRIER-MANAGE',
  summary: 'Set a carrier\'s plugin and settings',
  description:
    '`plugin` is one of `GET /carrier-plugins`; `settings` holds its fields, checked by the plugin (errors name `settings.<field>`). ' +
    'A secret field left out keeps the stored value; secrets are stored sealed and never returned.',
  operationId: 'updateCarrierConnection',
  tags,
  params: z.object({ carrierId: idField() }),
  body: z.object({
    plugin: textField().regex(CARRIER_PLUGIN_ID_PATTERN, 'validation.invalid'),
    settings: z
      .record(textField().max(40, 'validation.invalid'), z.union([textField().max(2000, 'validation.max2000'), z.number({ error: 'validation.number' })]))
      .refine((v) => Object.keys(v).length <= 30, 'validation.invalid')
      .default({}),
  }),
  reply: CarrierConnectionSchema(),
  message: 'shipping.connectionSaved',
  errors: [404, 422],
});

export const TestStallParcelEndpoint = defineEndpoint({
  method: 'POST',
  path: '/test/parcels/:orderId/stall',
  access: 'public',
  summary: 'Move a parcel\'s history days back and run the lost/late flags (end-to-end tests only)',
  operationId: 'testStallParcel',
  tags: ['system'],
  hidden: true,
  params: OrderIdParamsSchema,
  body: z.object({ days: z.number().int().min(1).max(120) }),
  reply: z.object({ lost: z.number(), late: z.number() }),
  errors: [404],
});
