import { z } from 'zod';
import { EMAIL_PATTERN, PHONE_PATTERN } from './auth';
import { codeField } from './catalog';
import { isCountryCode } from './geo';
import { EMOJI_PATTERN, dateFilterField, idField, isWholeCents, keywordQueryField, multilineTextField, numberField, optionalHttpUrlField, pageField, textField, whenValid, withDateRange } from './fields';
import { CHECK_IN_STATUSES, ORDER_STATUSES, ORDER_USER_ACTIONS, PAYMENT_STATUSES, ROUTING_STATUSES, SCHEDULE_STATUSES } from './order-statuses';

// SPEC §3 Order / Created order, §5 Orders, §9 limits. One schema for the web form and the server.

export const ORDER_LIMITS = {
  nameMax: 50,
  noteMax: 255,
  /** SPEC §5: under 30 characters. */
  address1Max: 29,
  address2Max: 29,
  cityMax: 50,
  personNameMax: 50,
  taxNumberMax: 254,
  zipMax: 29,
  weightMinExclusive: 3,
  weightMaxExclusive: 99_999,
  sideMinExclusive: 0.25,
  sideMaxExclusive: 99_999,
  quantityMaxExclusive: 999_999,
  linesMax: 50,
  pageSizeMax: 100,
  importRows: 1000,
  importMaxBytes: 10 * 1024 * 1024,
} as const;

export const PAYMENT_METHODS = ['wallet', 'debit', 'credit'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** SPEC §4 surcharge reasons (the template's dropdown). */
export const SURCHARGE_REASONS = ['Active tracking', 'Dimension Surcharge', 'Change shipping service', 'FBA', 'Other'] as const;
export type SurchargeReason = (typeof SURCHARGE_REASONS)[number];

/** A street address: a house number and a street name (letters). */
export const ADDRESS_PATTERN = /^(?=.*\d)(?=.*\p{L}{2}).+$/u;
/** SPEC §5: no spaces in an order name. */
export const ORDER_NAME_PATTERN = /^\S+$/;

const measure = (min: number, max: number, missing: string, range: string) =>
  z.number({ error: (iss) => (iss.input === undefined || iss.input === null ? missing : 'validation.number') }).gt(min, range).lt(max, range);

export const OrderLineInputSchema = z.object({
  productId: idField(),
  variantId: idField(),
  quantity: numberField().int('validation.quantity.range').gt(0, 'validation.quantity.range').lt(ORDER_LIMITS.quantityMaxExclusive, 'validation.quantity.range'),
  /** Restricted goods declared for the line (SPEC §5); null when the goods are ordinary. */
  restrictedCategory: textField().max(40).nullish(),
  /** Volume of a gel, liquid or cream, in ml. */
  volumeMl: z.number().min(0).max(1_000_000).nullish(),
  /** Declared value of the line in USD (watches over $150 are refused). */
  valueUsd: z.number().min(0).max(1_000_000).nullish(),
});
export type OrderLineInput = z.infer<typeof OrderLineInputSchema>;

/** A recipient's first or last name: trimmed, at most 50, no emoji (SPEC §5). */
const personName = () => textField().trim().max(ORDER_LIMITS.personNameMax, 'validation.max50').refine((v) => !EMOJI_PATTERN.test(v), 'validation.text.noEmoji');

const recipientFields = z.object({
  // A check rather than a refine, so the document carries minLength.
  firstName: personName().min(1, { message: 'validation.required', abort: true }),
  lastName: personName().default(''),
  email: textField().trim().max(254).regex(EMAIL_PATTERN, 'validation.email.invalid').or(z.literal('')).default(''),
  phone: textField().trim().regex(PHONE_PATTERN, 'validation.phone.invalid').or(z.literal('')).default(''),
  address1: textField().trim().min(1, 'validation.required').max(ORDER_LIMITS.address1Max, 'validation.address.max').regex(ADDRESS_PATTERN, 'validation.address.unrecognised'),
  address2: textField().trim().max(ORDER_LIMITS.address2Max, 'validation.address.max').default(''),
  city: textField().trim().min(1, 'validation.required').max(ORDER_LIMITS.cityMax, 'validation.max50'),
  state: textField().trim().toUpperCase().max(3, 'validation.state.code').default(''),
  country: textField()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, { message: 'validation.country.code', abort: true })
    .refine(isCountryCode, 'validation.country.unknown'),
  zipcode: textField().trim().regex(/^\d{1,29}$/, 'validation.zip.digits'),
  taxNumber: textField().trim().max(ORDER_LIMITS.taxNumberMax, 'validation.taxNumber.max').default(''),
});
/** SPEC §5: first and last name must differ (a last name may be left out). */
export const OrderRecipientSchema = recipientFields.refine((r) => r.lastName === '' || r.lastName.toLowerCase() !== r.firstName.toLowerCase(), {
  path: ['lastName'],
  message: 'validation.name.sameAsFirst',
});

const orderFields = {
  orderName: textField().trim().min(1, 'validation.required').max(ORDER_LIMITS.nameMax, 'validation.orderName.max').regex(ORDER_NAME_PATTERN, 'validation.orderName.spaces'),
  note: multilineTextField().max(ORDER_LIMITS.noteMax, 'validation.note.max').default(''),
  serviceCode: codeField,
  signature: z.boolean().default(false),
  discountCode: textField().trim().max(50).optional().or(z.literal('').transform(() => undefined)),
  lengthCm: measure(ORDER_LIMITS.sideMinExclusive, ORDER_LIMITS.sideMaxExclusive, 'validation.dimension.missing', 'validation.dimension.range'),
  widthCm: measure(ORDER_LIMITS.sideMinExclusive, ORDER_LIMITS.sideMaxExclusive, 'validation.dimension.missing', 'validation.dimension.range'),
  heightCm: measure(ORDER_LIMITS.sideMinExclusive, ORDER_LIMITS.sideMaxExclusive, 'validation.dimension.missing', 'validation.dimension.range'),
  weightGr: measure(ORDER_LIMITS.weightMinExclusive, ORDER_LIMITS.weightMaxExclusive, 'validation.weight.missing', 'validation.weight.range'),
  recipient: OrderRecipientSchema,
  /** The accepted products shipped (empty for a free parcel). */
  lines: z.array(OrderLineInputSchema).max(ORDER_LIMITS.linesMax, 'validation.lines.max').default([]),
  /** Short-video marketplace accounts: the marketplace's own label, by URL. */
  labelTiktok: optionalHttpUrlField(2000).default(''),
  paymentMethod: z.enum(PAYMENT_METHODS).default('wallet'),
};

/** Email and phone are required outside the US (SPEC §5). */
const contactOutsideUs = <T extends z.ZodType<{ recipient: { country: string; email: string; phone: string } }>>(schema: T) =>
  schema
    .refine((o) => o.recipient.country === 'US' || o.recipient.email !== '', { path: ['recipient', 'email'], message: 'validation.email.requiredAbroad', ...whenValid })
    .refine((o) => o.recipient.country === 'US' || o.recipient.phone !== '', { path: ['recipient', 'phone'], message: 'validation.phone.requiredAbroad', ...whenValid });

export const OrderCreateBodySchema = contactOutsideUs(
  z.object({
    ...orderFields,
    /** Staff creating an order for a seller; ignored for sellers. */
    customerId: idField().optional(),
  }),
);
export type OrderCreateBody = z.infer<typeof OrderCreateBodySchema>;

export const OrderUpdateBodySchema = contactOutsideUs(z.object(orderFields));
export type OrderUpdateBody = z.infer<typeof OrderUpdateBodySchema>;

const allOrEnum = <T extends readonly [string, ...string[]]>(values: T) => z.enum(['all', ...values] as [string, ...string[]]).default('all') as unknown as z.ZodDefault<z.ZodEnum<{ [K in T[number] | 'all']: K }>>;

export const ORDER_SORTS = ['createdAt:desc', 'createdAt:asc', 'totalPrice:desc', 'totalPrice:asc'] as const;

const orderListFilters = z.object({
  page: pageField(),
  pageSize: z.coerce.number({ error: 'validation.number' }).int('validation.number').min(1, 'validation.pageSize').max(ORDER_LIMITS.pageSizeMax, 'validation.pageSize').default(10),
  status: allOrEnum(ORDER_STATUSES),
  paymentStatus: allOrEnum(PAYMENT_STATUSES),
  /** SPEC §3 order list column checkin_status: the parcel's arrival at the origin warehouse. */
  checkInStatus: allOrEnum(CHECK_IN_STATUSES),
  /** Name, exOrderId or tracking number. */
  keyword: keywordQueryField(),
  serviceCode: textField().trim().max(50).optional(),
  carrierCode: textField().trim().max(50).optional(),
  customerId: idField().optional(),
  /** An empty filter (`?dateFrom=`) is no filter. */
  dateFrom: z.preprocess((v) => (v === '' ? undefined : v), dateFilterField().optional()),
  dateTo: z.preprocess((v) => (v === '' ? undefined : v), dateFilterField().optional()),
  sort: z.enum(ORDER_SORTS).default('createdAt:desc'),
});
export const OrderListQuerySchema = withDateRange(orderListFilters, 'dateFrom', 'dateTo');
export type OrderListQuery = z.infer<typeof OrderListQuerySchema>;

/** Export: the list's filters, without paging. */
export const OrderExportQuerySchema = withDateRange(orderListFilters.omit({ page: true, pageSize: true }), 'dateFrom', 'dateTo');
export type OrderExportQuery = z.infer<typeof OrderExportQuerySchema>;

export const OrderIdParamsSchema = z.object({ orderId: idField() });
export const ExOrderIdParamsSchema = z.object({ exOrderId: textField().regex(/^EX[0-9A-Z]{10}$/, 'validation.invalid') });

export const OrderActionBodySchema = z.object({
  action: z.enum(ORDER_USER_ACTIONS),
  reason: multilineTextField().trim().max(255, 'validation.note.max').default(''),
});
export type OrderActionBody = z.infer<typeof OrderActionBodySchema>;

/** Staff refund a cancelled order now (SPEC §5: amount above 0 and not above the maximum). */
export const RefundBodySchema = z.object({
  reason: multilineTextField().trim().max(255, 'validation.note.max').default(''),
  amount: numberField().gt(0, 'validation.refund.positive').max(9_999_999, 'validation.refund.max').refine(isWholeCents, 'validation.money.decimals').optional(),
});

export const SurchargeBodySchema = z.object({
  amount: numberField().gt(0, 'validation.surcharge.positive').max(100_000, 'validation.surcharge.max').refine(isWholeCents, 'validation.money.decimals'),
  reason: z.enum(SURCHARGE_REASONS, { error: 'validation.surcharge.reason' }),
  detailReason: multilineTextField().trim().max(255, 'validation.note.max').default(''),
  note: multilineTextField().trim().max(255, 'validation.note.max').default(''),
});
export type SurchargeBody = z.infer<typeof SurchargeBodySchema>;

// ---------- replies ----------

export const OrderFeesSchema = z.object({
  shippingFee: z.number(),
  discount: z.number(),
  taxFee: z.number(),
  seasonalFee: z.number(),
  overLengthFee: z.number(),
  signatureFee: z.number(),
  surcharge: z.number(),
  total: z.number(),
});
export type OrderFees = z.infer<typeof OrderFeesSchema>;

export const OrderLineSchema = z.object({
  productId: z.string(),
  variantId: z.string(),
  productName: z.string(),
  sku: z.string(),
  quantity: z.number(),
  restrictedCategory: z.string().nullable(),
  /** Declared volume in ml (gels, liquids, creams), or null. */
  volumeMl: z.number().nullable(),
  /** Declared value in USD (watches), or null. */
  valueUsd: z.number().nullable(),
});

export const OrderSummarySchema = z.object({
  id: z.string(),
  exOrderId: z.string(),
  orderName: z.string(),
  customer: z.object({ id: z.string(), email: z.string(), fullName: z.string() }).nullable(),
  status: z.enum(ORDER_STATUSES),
  preStatus: z.enum(ORDER_STATUSES).nullable(),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  routingStatus: z.enum(ROUTING_STATUSES).nullable(),
  checkInStatus: z.enum(CHECK_IN_STATUSES).nullable(),
  scheduleStatus: z.enum(SCHEDULE_STATUSES).nullable(),
  quantity: z.number(),
  lengthCm: z.number(),
  widthCm: z.number(),
  heightCm: z.number(),
  weightGr: z.number(),
  serviceCode: z.string(),
  carrierCode: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  totalPrice: z.number(),
  /** Every surcharge added to the order; `unpaidSurcharge` those not paid yet (what paying it takes when it owes only surcharges). */
  surcharge: z.number(),
  unpaidSurcharge: z.number(),
  country: z.string(),
  /** Where the parcel goes, as the list shows it: the recipient's name, city, state and country. */
  shipTo: z.object({ name: z.string(), city: z.string(), state: z.string(), country: z.string() }),
  labelUs: z.boolean(),
  createdAt: z.string(),
});
export type OrderSummary = z.infer<typeof OrderSummarySchema>;

export const OrderHistoryEntrySchema = z.object({
  at: z.string(),
  action: z.string(),
  from: z.string().nullable(),
  to: z.string(),
  paymentFrom: z.string().nullable(),
  paymentTo: z.string().nullable(),
  by: z.object({ id: z.string(), fullName: z.string() }).nullable(),
  /** As written (a person's words, or the platform's reason in English). */
  reason: z.string(),
  /** A reason the platform wrote: `order.reason.<key>` with its values, for the reader's language. */
  reasonKey: z.string().nullable(),
  reasonVars: z.record(z.string(), z.string()).nullable(),
});

/**
 * Why the platform changed an order, told in the reader's language: the message `order.reason.<key>`
 * with its values. A value named `action` is an order action, one named `status` a routing status.
 */
export const ORDER_SYSTEM_REASONS = [
  'created.import',
  'created.duplicate',
  'created.replaces',
  'autoPay',
  'addressReplaced',
  'autoCancel',
  'dimensionTimeout',
  'refundDue',
  'refundAtCancel',
  'carrierMoving',
  'carrierDelivered',
  'freightDeparted',
  'trackingImport',
  'labelDue',
  'labelRetry',
  'addressInvalid',
  'addressRecheck',
  'labelFailed',
  'carrierVoided',
  'carrierRefusedVoid',
  'trackingCancel',
  'trackingForceCancel',
  'labelBought',
  // The warehouse floor's check-in (docs/warehouse-floor.md).
  'checkedIn',
  'checkInManualWeighing',
  'checkInRestricted',
  'checkInMeasured',
  'checkInUndone',
  'dimensionReplaced',
  'created.dimension',
] as const;
export type OrderSystemReason = (typeof ORDER_SYSTEM_REASONS)[number];
/** A history reason: a person's words, or one the platform gives by key. */
export type HistoryReason = string | { key: OrderSystemReason; vars?: Record<string, string> };

export const OrderSurchargeSchema = z.object({
  id: z.string(),
  amount: z.number(),
  reason: z.string(),
  detailReason: z.string(),
  note: z.string(),
  paid: z.boolean(),
  createdAt: z.string(),
});

export const OrderDetailSchema = OrderSummarySchema.extend({
  note: z.string(),
  signature: z.boolean(),
  discountCode: z.string().nullable(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  labelTiktok: z.string(),
  recipient: z.object({
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phone: z.string(),
    address1: z.string(),
    address2: z.string(),
    city: z.string(),
    state: z.string(),
    country: z.string(),
    zipcode: z.string(),
    taxNumber: z.string(),
  }),
  serviceName: z.string(),
  warehouseCode: z.string().nullable(),
  fees: OrderFeesSchema,
  lines: z.array(OrderLineSchema),
  history: z.array(OrderHistoryEntrySchema),
  surcharges: z.array(OrderSurchargeSchema),
  allowedActions: z.array(z.enum(ORDER_USER_ACTIONS)),
  editScope: z.enum(['full', 'address-as-new-order', 'none']),
  labeledAt: z.string().nullable(),
  canceledAt: z.string().nullable(),
  refundDueAt: z.string().nullable(),
  /** USD: the refund a cancellation scheduled (SPEC §9, docs/refunds.md), or what was refunded; 0 when none. */
  refundAmount: z.number(),
  replacedBy: z.string().nullable(),
  updatedAt: z.string(),
});
export type OrderDetail = z.infer<typeof OrderDetailSchema>;

/** SPEC §3 Created order. */
export const OrderCreatedSchema = z.object({ _id: z.string(), exOrderId: z.string(), totalPrice: z.number(), paid: z.boolean() });
export type OrderCreated = z.infer<typeof OrderCreatedSchema>;

export const OrderListReplySchema = z.object({
  items: z.array(OrderSummarySchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  /** Orders per status under the other filters (the tabs' badges). */
  counts: z.record(z.string(), z.number()),
});
export type OrderListReply = z.infer<typeof OrderListReplySchema>;

/** The review step: the fee lines the order would be saved with. */
export const OrderPriceReplySchema = z.object({ fees: OrderFeesSchema, chargeableWeight: z.number(), serviceName: z.string() });
export type OrderPriceReply = z.infer<typeof OrderPriceReplySchema>;
