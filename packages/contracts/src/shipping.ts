import { z } from 'zod';
import { dateFilterField, pageField } from './fields';
import { ROUTING_STATUSES } from './order-statuses';
import type { ImportColumn } from './products';

// Labels and tracking: carrier connections, labels, routing events, tracking logs,
// SCAN forms. SPEC §2 (/app/track-routing, /app/tracking-logs, /app/scan-form), §3 (SCAN form),
// §4 (routing statuses, tracking cancel modes, label purchase timing, lost and late), §5, §8, §9.
// Keep zod calls inside schema factories: the web build keeps them as types only.

/** A carrier plugin's id (`sandbox`, `http`, …): the server holds the list of registered ones. */
export const CARRIER_PLUGIN_ID_PATTERN = /^[a-z][a-z0-9-]{0,39}$/;
/** How a connection setting is entered: a secret is never shown back, only whether one is stored. */
export const CARRIER_SETTING_KINDS = ['text', 'url', 'secret', 'number'] as const;
export type CarrierSettingKind = (typeof CARRIER_SETTING_KINDS)[number];

export const LABEL_FORMATS = ['pdf', 'zpl'] as const;
export type LabelFormat = (typeof LABEL_FORMATS)[number];

/** SPEC §5: tracking cancel through the carrier's API (normal mode) exists only for these carrier codes. */
export const TRACKING_CANCEL_CARRIER_CODES = ['HPW', 'SBAE', 'LB', 'FLS', 'VNPL', 'GTF'] as const;
/** SPEC §4: normal waits for the carrier to confirm; force marks the order cancelled at once. */
export const TRACKING_CANCEL_MODES = ['normal', 'force'] as const;
export type TrackingCancelMode = (typeof TRACKING_CANCEL_MODES)[number];

export const LABEL_PURCHASE_STATUSES = ['scheduled', 'buying', 'purchased', 'failed', 'voided', 'superseded'] as const;
export type LabelPurchaseStatus = (typeof LABEL_PURCHASE_STATUSES)[number];
/** A bought label that was replaced or cancelled: the carrier asked to void it, and what it answered. */
export const LABEL_VOID_STATUSES = ['requested', 'voided', 'failed'] as const;
export type LabelVoidStatus = (typeof LABEL_VOID_STATUSES)[number];

export const TRACKING_LOG_RESULTS = ['updated', 'unchanged', 'not-found', 'error'] as const;
export type TrackingLogResult = (typeof TRACKING_LOG_RESULTS)[number];

export const PARCEL_FLAGS = ['lost', 'late'] as const;
export type ParcelFlag = (typeof PARCEL_FLAGS)[number];
/** The flagged parcels list's filter: lost, late, or `lost-late` = still open (being tracked, not delivered) and lost or late (the dashboard's queue). */
export const FLAGGED_FILTERS = ['lost', 'late', 'lost-late'] as const;
export type FlaggedFilter = (typeof FLAGGED_FILTERS)[number];

export const SHIPPING_LIMITS = {
  /** SPEC §9: routing events and tracking logs are kept 100 days. */
  retentionDays: 100,
  /** SPEC §4 / §9: no tracking update for 15 business days → lost. */
  lostWorkingDays: 15,
  /** SPEC §4: more than 15 days after arrival at the US warehouse → late. */
  lateDays: 15,
  /** Tracking numbers or order ids in one look-up. */
  lookupMax: 50,
  /** Orders in one merged label download, and in one SCAN form. */
  bulkLabelsMax: 500,
  scanFormMax: 500,
  /** Tracking numbers asked of a carrier in one call. */
  trackBatch: 50,
  trackingImportMaxBytes: 10 * 1024 * 1024,
  trackingImportRows: 5000,
} as const;

// Query fields the shipping endpoints share. They live here, not in shipping.endpoints.ts: the web
// build strips the descriptors' schemas and refuses a zod call left outside them.
export const shippingPageQuery = () => ({
  page: pageField(),
  pageSize: z.coerce.number({ error: 'validation.number' }).int('validation.number').min(1, 'validation.pageSize').max(100, 'validation.pageSize').default(20),
});
export const optionalDateFilter = () => z.preprocess((v) => (v === '' ? undefined : v), dateFilterField().optional());

/** The §3 Order fields a routing event carries: date, location and description. */
export const RoutingEventSchema = () =>
  z.object({
    at: z.string(),
    status: z.enum(ROUTING_STATUSES),
    code: z.string(),
    description: z.string(),
    city: z.string(),
    state: z.string(),
    country: z.string(),
  });
export type RoutingEvent = z.infer<ReturnType<typeof RoutingEventSchema>>;

/** A parcel as track routing shows it: its order, its tracking number and its timeline. */
export const ParcelSchema = () =>
  z.object({
    orderId: z.string(),
    exOrderId: z.string(),
    orderName: z.string(),
    status: z.string(),
    routingStatus: z.enum(ROUTING_STATUSES).nullable(),
    trackingNumber: z.string(),
    carrierCode: z.string().nullable(),
    carrierName: z.string().nullable(),
    serviceName: z.string(),
    labeledAt: z.string().nullable(),
    lastEventAt: z.string().nullable(),
    lostAt: z.string().nullable(),
    lateAt: z.string().nullable(),
    /** The path of the public page (`/track/{code}`), to give to the buyer. */
    publicPath: z.string(),
    destination: z.object({ city: z.string(), state: z.string(), country: z.string() }),
    events: z.array(RoutingEventSchema()),
  });
export type Parcel = z.infer<ReturnType<typeof ParcelSchema>>;

/** The public page: no name, street, phone or e-mail, only city, state and country. */
export const PublicParcelSchema = () =>
  z.object({
    trackingNumber: z.string(),
    carrierName: z.string().nullable(),
    serviceName: z.string(),
    routingStatus: z.enum(ROUTING_STATUSES).nullable(),
    delivered: z.boolean(),
    /** The sender cancelled the shipment (the label is void or being voided): nothing more will move. */
    cancelled: z.boolean(),
    destination: z.object({ city: z.string(), state: z.string(), country: z.string() }),
    events: z.array(RoutingEventSchema()),
  });
export type PublicParcel = z.infer<ReturnType<typeof PublicParcelSchema>>;

export const TrackingLogSchema = () =>
  z.object({
    _id: z.string(),
    at: z.string(),
    carrierCode: z.string(),
    trackingNumber: z.string(),
    exOrderId: z.string(),
    result: z.enum(TRACKING_LOG_RESULTS),
    eventsAdded: z.number(),
    durationMs: z.number(),
    error: z.string().nullable(),
  });
export type TrackingLog = z.infer<ReturnType<typeof TrackingLogSchema>>;

/** SPEC §3 SCAN form: number, order id, order name, tracking number, ship date, action by. */
export const ScanFormSchema = () =>
  z.object({
    _id: z.string(),
    number: z.string(),
    shipDate: z.string(),
    createdAt: z.string(),
    actionBy: z.string(),
    count: z.number(),
    orders: z.array(z.object({ orderId: z.string(), exOrderId: z.string(), orderName: z.string(), trackingNumber: z.string() })),
  });
export type ScanForm = z.infer<ReturnType<typeof ScanFormSchema>>;

/** A labeled parcel not yet on a SCAN form: a row of the create form's picker. */
export const ScanFormCandidateSchema = () =>
  z.object({
    orderId: z.string(),
    exOrderId: z.string(),
    orderName: z.string(),
    trackingNumber: z.string(),
    carrierName: z.string(),
    serviceName: z.string(),
    labeledAt: z.string(),
    /** One SCAN form holds one seller's parcels: staff pick within one account. */
    accountId: z.string(),
    /** The seller's email, for staff who see every account's parcels. */
    customer: z.string(),
  });
export type ScanFormCandidate = z.infer<ReturnType<typeof ScanFormCandidateSchema>>;

/** A label purchase of an order (one per attempt: generate tracking, new label, re-distribute). */
export const LabelPurchaseSchema = () =>
  z.object({
    _id: z.string(),
    status: z.enum(LABEL_PURCHASE_STATUSES),
    carrierCode: z.string(),
    trackingNumber: z.string().nullable(),
    dueAt: z.string(),
    tries: z.number(),
    error: z.string().nullable(),
    createdAt: z.string(),
    purchasedAt: z.string().nullable(),
    /** Null while the label is in force (or none was bought); else the void asked of its carrier. */
    voidStatus: z.enum(LABEL_VOID_STATUSES).nullable(),
    /** Why the void failed: the carrier's words for staff, ours for a seller. */
    voidError: z.string().nullable(),
    voidedAt: z.string().nullable(),
  });
export type LabelPurchase = z.infer<ReturnType<typeof LabelPurchaseSchema>>;

/** What the order detail shows about its label and tracking. */
export const OrderShippingSchema = () =>
  z.object({
    trackingNumber: z.string().nullable(),
    hasLabel: z.boolean(),
    publicPath: z.string().nullable(),
    lostAt: z.string().nullable(),
    lateAt: z.string().nullable(),
    purchases: z.array(LabelPurchaseSchema()),
    events: z.array(RoutingEventSchema()),
  });
export type OrderShipping = z.infer<ReturnType<typeof OrderShippingSchema>>;

/** One field of a carrier plugin's settings, as the staff connection form draws it. */
export const CarrierSettingFieldSchema = () =>
  z.object({
    name: z.string(),
    kind: z.enum(CARRIER_SETTING_KINDS),
    /** A web i18n key (en and vi). */
    labelKey: z.string(),
    helpKey: z.string().nullable(),
    required: z.boolean(),
    /** Absent when the field has none. */
    default: z.union([z.string(), z.number()]).optional(),
    min: z.number().nullable(),
    max: z.number().nullable(),
    maxLength: z.number().nullable(),
    /** Shown after a number (`ms`). */
    unit: z.string().nullable(),
  });
export type CarrierSettingField = z.infer<ReturnType<typeof CarrierSettingFieldSchema>>;

/** What a carrier can do beyond buying labels. */
export const CarrierCapabilitiesSchema = () =>
  z.object({
    void: z.boolean(),
    /** SPEC §4 tracking cancel: normal asks the carrier; force cancels without it. */
    trackingCancel: z.object({ normal: z.boolean(), force: z.boolean() }),
    /** The carrier takes a manifest (SCAN form). */
    manifest: z.boolean(),
    /** Many tracking numbers per call; otherwise one call per number. */
    batchTracking: z.boolean(),
  });
export type CarrierCapabilities = z.infer<ReturnType<typeof CarrierCapabilitiesSchema>>;

/** A registered carrier plugin: what the connection form is built from. */
export const CarrierPluginSchema = () =>
  z.object({
    id: z.string(),
    name: z.string(),
    labelKey: z.string(),
    helpKey: z.string().nullable(),
    fields: z.array(CarrierSettingFieldSchema()),
    capabilities: CarrierCapabilitiesSchema(),
  });
export type CarrierPluginInfo = z.infer<ReturnType<typeof CarrierPluginSchema>>;

/** Staff setting on a carrier: which plugin buys its labels and its settings. */
export const CarrierConnectionSchema = () =>
  z.object({
    carrierId: z.string(),
    carrierCode: z.string(),
    plugin: z.string(),
    /** The non-secret settings. */
    settings: z.record(z.string(), z.union([z.string(), z.number()])),
    /** Never a secret itself: whether one is stored and, for a long one, its last 4 characters. */
    secrets: z.record(z.string(), z.object({ set: z.boolean(), hint: z.string() })),
    cancelByApi: z.boolean(),
    updatedAt: z.string().nullable(),
  });
export type CarrierConnection = z.infer<ReturnType<typeof CarrierConnectionSchema>>;

/** Staff tracking import (xlsx): order → carrier + tracking number. */
export const TRACKING_IMPORT_COLUMNS = [
  { header: 'OrderID', kind: 'text', required: true },
  { header: 'Carrier_code', kind: 'text', required: true },
  { header: 'Tracking_number', kind: 'text', required: true },
] as const satisfies readonly ImportColumn[];
