import { z } from 'zod';
import { EMOJI_PATTERN, dateFilterField, idField, isWholeCents, keywordQueryField, localDateTimeField, numberField, parseLocalDateTime, textField, whenValid } from './fields';

// SPEC §3 / §5: carriers, services, warehouses, zones, price tables, taxes, carrier routing, discounts, the quote.
// At the API edge money is USD with up to 2 decimals, weights are grams, sizes centimetres, rates percent.

export const CATALOG_STATUSES = ['active', 'inactive'] as const;
export type CatalogStatus = (typeof CATALOG_STATUSES)[number];

/** SPEC §5: uppercase letters, digits, underscore; no accents; ≤ 50. */
export const CODE_PATTERN = /^[A-Z0-9_]+$/;

export const codeField = textField()
  .trim()
  .min(1, 'validation.required')
  .max(50, 'validation.max50')
  .regex(CODE_PATTERN, 'validation.code.pattern');

export const nameField = textField()
  .trim()
  .min(1, 'validation.required')
  .max(50, 'validation.max50')
  .refine((v) => !EMOJI_PATTERN.test(v), 'validation.text.noEmoji');

const statusField = z.enum(CATALOG_STATUSES, { error: 'validation.status.invalid' });

/** USD amount with at most 2 decimals, within bounds. */
export const usdField = (min: number, max: number) =>
  numberField()
    .finite('validation.number')
    .min(min, 'validation.money.range')
    .max(max, 'validation.money.range')
    .refine(isWholeCents, 'validation.money.decimals');

export const gramsField = numberField().int('validation.integer').min(0, 'validation.weight.range').max(999_999, 'validation.weight.range');

export const ListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
  keyword: keywordQueryField(),
  status: z.enum([...CATALOG_STATUSES, 'all']).default('all'),
});

export const Page = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), total: z.number(), page: z.number(), pageSize: z.number() });

// ---------- carriers and services ----------
export const CarrierBodySchema = z.object({ code: codeField, name: nameField, status: statusField.default('active') });
export const CarrierListQuerySchema = ListQuerySchema.extend({
  serviceId: idField().optional(),
  warehouseId: idField().optional(),
});

/** How a service carries the parcel; decides the order's dimension rule (SPEC §5). */
export const PACKAGINGS = ['parcel', 'first-class-letter', 'first-class-flat'] as const;
export type Packaging = (typeof PACKAGINGS)[number];

/** Days in transit, 0 to 90; blank (null or left out) when the service does not promise one. */
const transitDaysField = () =>
  z.number({ error: 'validation.transitDays.range' }).int('validation.transitDays.range').min(0, 'validation.transitDays.range').max(90, 'validation.transitDays.range').nullable().optional();

export const ServiceBodySchema = z
  .object({
    code: codeField,
    name: nameField,
    carrierId: idField(),
    signatureFee: usdField(0, 999_999),
    /** Over-length surcharge when the longest side exceeds the threshold (docs/pricing.md). */
    overLengthFee: usdField(0, 999_999).default(0),
    overLengthThresholdCm: z.number().positive('validation.positive').max(99_999).default(121.92),
    /** The transit time a seller can expect, shown beside each rate: from … to … days. */
    transitDaysMin: transitDaysField(),
    transitDaysMax: transitDaysField(),
    packaging: z.enum(PACKAGINGS, { error: 'validation.invalid' }).default('parcel'),
    status: statusField.default('active'),
  })
  .refine((s) => s.transitDaysMin == null || s.transitDaysMax == null || s.transitDaysMin <= s.transitDaysMax, {
    path: ['transitDaysMax'],
    message: 'validation.transitDays.order',
    ...whenValid,
  });

// ---------- warehouses ----------
export const SHIPPING_TYPES = ['domestic', 'international'] as const;
/** A carrier route rule matches a state list or a country list. */
export const CARRIER_ROUTE_TYPES = ['state', 'country'] as const;
export const DISCOUNT_METHODS = ['manual', 'automated'] as const;
export const DISCOUNT_CUSTOMER_TYPES = ['all', 'specific'] as const;
const optionalText = (max: number, message: 'validation.max100' | 'validation.max255') =>
  textField().trim().max(max, message).optional().or(z.literal('').transform(() => undefined));
export const WarehouseBodySchema = z.object({
  code: codeField,
  name: nameField,
  zipcode: textField().trim().regex(/^\d{1,29}$/, 'validation.zip.digits'),
  address: textField().trim().min(1, 'validation.required').max(255, 'validation.max255'),
  email: textField().trim().max(254).regex(/^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/, 'validation.email.invalid').optional().or(z.literal('').transform(() => undefined)),
  phone: textField().trim().regex(/^\+?[1-9]\d{7,14}$/, 'validation.phone.invalid').optional().or(z.literal('').transform(() => undefined)),
  city: textField().trim().min(1, 'validation.required').max(100, 'validation.max100'),
  state: textField().trim().max(100, 'validation.max100').optional(),
  country: textField().trim().regex(/^[A-Z]{2}$/, 'validation.country.code'),
  shippingType: z.enum(SHIPPING_TYPES, { error: 'validation.invalid' }).default('international'),
  // Where and when sellers hand parcels over (shown on the order and in the seller's guide); the
  // sandbox carrier's journey starts there. Empty: at the warehouse's own address.
  handoverAddress: optionalText(255, 'validation.max255'),
  handoverCity: optionalText(100, 'validation.max100'),
  handoverCountry: textField().trim().toUpperCase().regex(/^[A-Z]{2}$/, 'validation.country.code').optional().or(z.literal('').transform(() => undefined)),
  handoverHours: optionalText(255, 'validation.max255'),
  status: statusField.default('active'),
});
export const WarehouseListQuerySchema = ListQuerySchema.extend({ country: textField().regex(/^[A-Z]{2}$/, 'validation.country.code').optional() });

// ---------- zones ----------
export const ZoneRangeSchema = z
  .object({ zipFrom: textField().trim().regex(/^\d{1,29}$/, 'validation.zip.digits'), zipTo: textField().trim().regex(/^\d{1,29}$/, 'validation.zip.digits') })
  .refine((r) => BigInt(r.zipFrom) <= BigInt(r.zipTo), { path: ['zipTo'], message: 'validation.zip.order', ...whenValid });
export const ZoneBodySchema = z.object({
  code: codeField,
  name: nameField,
  country: textField().trim().regex(/^[A-Z]{2}$/, 'validation.country.code'),
  states: z.array(textField().trim().regex(/^[A-Z0-9]{1,3}$/, 'validation.state.code')).max(100).default([]),
  ranges: z.array(ZoneRangeSchema).max(500).default([]),
  status: statusField.default('active'),
});

// ---------- taxes ----------
export const TaxBodySchema = z.object({
  country: textField().trim().regex(/^[A-Z]{2}$/, 'validation.country.code'),
  province: textField().trim().regex(/^[A-Z0-9]{1,3}$/, 'validation.state.code').optional().or(z.literal('').transform(() => undefined)),
  carrierId: idField().optional().or(z.literal('').transform(() => undefined)),
  taxType: textField().trim().min(1, 'validation.required').max(50, 'validation.max50'),
  /** SPEC §5: 0.01 to 99.99 percent. */
  rate: numberField()
    .min(0.01, 'validation.tax.range')
    .max(99.99, 'validation.tax.range')
    .refine(isWholeCents, 'validation.money.decimals'),
  status: statusField.default('active'),
});

// ---------- carrier routing (carrier config) ----------
export const AllocationSchema = z.object({
  carrierId: idField(),
  warehouseId: idField(),
  percentage: z.number().int('validation.integer').min(1, 'validation.percent.range').max(100, 'validation.percent.range'),
});
export const CarrierConfigBodySchema = z
  .object({
    serviceId: idField(),
    minWeight: gramsField,
    maxWeight: gramsField,
    priority: z.number().int('validation.integer').min(1, 'validation.priority.range').max(999, 'validation.priority.range'),
    sku: textField().trim().max(50, 'validation.max50').optional().or(z.literal('').transform(() => undefined)),
    /** Seller account ids this rule is for; empty = everyone. */
    users: z.array(idField()).max(500).default([]),
    typeShipping: z.enum(CARRIER_ROUTE_TYPES, { error: 'validation.invalid' }),
    toCountry: textField().trim().regex(/^[A-Z]{2}$/, 'validation.country.code').optional(),
    toState: z.array(textField().trim().regex(/^[A-Z0-9]{1,3}$/, 'validation.state.code')).max(100).default([]),
    toArrayCountry: z.array(textField().trim().regex(/^[A-Z]{2}$/, 'validation.country.code')).max(250).default([]),
    allocations: z.array(AllocationSchema).min(1, 'validation.required').max(20),
    status: statusField.default('active'),
  })
  .refine((c) => c.minWeight < c.maxWeight, { path: ['maxWeight'], message: 'validation.weight.minBelowMax' })
  .refine((c) => c.allocations.reduce((s, a) => s + a.percentage, 0) === 100, { path: ['allocations'], message: 'validation.percent.total100' })
  .refine((c) => c.typeShipping !== 'state' || (c.toCountry && c.toState.length > 0), { path: ['toState'], message: 'validation.required' })
  .refine((c) => c.typeShipping !== 'country' || c.toArrayCountry.length > 0 || c.toCountry, { path: ['toArrayCountry'], message: 'validation.required' });

// ---------- discounts ----------
export const DISCOUNT_STATES = ['active', 'schedule', 'expired', 'deactive'] as const;
export type DiscountState = (typeof DISCOUNT_STATES)[number];
/** ±HH:MM offset plus a display zone name; SPEC §3 default GMT+00:00, Western Europe. */
export const TimeZoneSchema = z.object({
  offset: textField().regex(/^[+-](0\d|1[0-4]):[0-5]\d$/, 'validation.timeZone.invalid').default('+00:00'),
  zone: textField().trim().max(100, 'validation.max100').default('Western Europe'),
});
export const DiscountBodySchema = z
  .object({
    code: textField().trim().min(1, 'validation.required').max(50, 'validation.max50').regex(/^[A-Z0-9]+$/, 'validation.discount.code'),
    name: nameField,
    enabled: z.boolean().default(true),
    method: z.enum(DISCOUNT_METHODS).default('manual'),
    amountOff: z.discriminatedUnion('type', [
      z.object({ type: z.literal('percent'), value: z.number().min(0.01, 'validation.percent.range').max(100, 'validation.percent.range').refine(isWholeCents, 'validation.money.decimals') }),
      z.object({ type: z.literal('fixed'), value: usdField(0.01, 999_999) }),
    ]),
    /** grams; SPEC §5: 1 to 999,999 when set; 0 = no minimum. */
    minimumWeight: z.number().int('validation.integer').min(0, 'validation.weight.range').max(999_999, 'validation.weight.range').default(0),
    limitUseTotal: z.number().int('validation.integer').min(1, 'validation.limit.total').max(999_999, 'validation.limit.total').nullable().default(null),
    limitUsePerUser: z.number().int('validation.integer').min(1, 'validation.limit.perUser').max(999, 'validation.limit.perUser').nullable().default(null),
    typeCustomers: z.enum(DISCOUNT_CUSTOMER_TYPES).default('all'),
    customers: z.array(idField()).max(1000).default([]),
    services: z.array(idField()).max(200).default([]),
    /** Local wall-clock times in `timeZone.offset`: real calendar dates, years 2000–2100. */
    startDate: localDateTimeField(),
    endDate: localDateTimeField(),
    timeZone: TimeZoneSchema.default({ offset: '+00:00', zone: 'Western Europe' }),
  })
  .refine(
    (d) => {
      // Only two real dates can be in the wrong order; a date that does not exist has its own error.
      const [start, end] = [parseLocalDateTime(d.startDate), parseLocalDateTime(d.endDate)];
      return start === null || end === null || end > start;
    },
    { path: ['endDate'], message: 'validation.date.endAfterStart' },
  )
  .refine((d) => d.minimumWeight === 0 || d.minimumWeight >= 1, { path: ['minimumWeight'], message: 'validation.weight.range' })
  .refine((d) => d.typeCustomers === 'all' || d.customers.length > 0, { path: ['customers'], message: 'validation.required' });
export const DiscountListQuerySchema = z.object({
  current: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
  searchKey: keywordQueryField(),
  status: z.enum(['all', 'schedules', 'active', 'expired', 'deactive']).default('all'),
  /** An empty filter (`?startDate=`) is no filter. */
  startDate: z.preprocess((v) => (v === '' ? undefined : v), dateFilterField().optional()),
  endDate: z.preprocess((v) => (v === '' ? undefined : v), dateFilterField().optional()),
});

// ---------- the quote ----------
export const QuoteBodySchema = z.object({
  serviceCode: codeField,
  weight: z.number({ error: 'validation.weight.missing' }).gt(3, 'validation.weight.range').lt(999_999, 'validation.weight.range'),
  length: z.number({ error: 'validation.dimension.missing' }).gt(0.25, 'validation.dimension.range').lt(99_999, 'validation.dimension.range'),
  width: z.number({ error: 'validation.dimension.missing' }).gt(0.25, 'validation.dimension.range').lt(99_999, 'validation.dimension.range'),
  height: z.number({ error: 'validation.dimension.missing' }).gt(0.25, 'validation.dimension.range').lt(99_999, 'validation.dimension.range'),
  country: textField().trim().regex(/^[A-Z]{2}$/, 'validation.country.code'),
  state: textField().trim().regex(/^[A-Z0-9]{1,3}$/, 'validation.state.code').optional(),
  zipcode: textField().trim().regex(/^\d{1,29}$/, 'validation.zip.digits'),
  signature: z.boolean().default(false),
  discountCode: textField().trim().max(50).optional().or(z.literal('').transform(() => undefined)),
  sku: textField().trim().max(50).optional(),
  /** Staff quoting for a seller; ignored for sellers (their own account is used). */
  customerId: idField().optional(),
});
export type QuoteBody = z.infer<typeof QuoteBodySchema>;

export const QuoteFeesSchema = z.object({
  shippingFee: z.number(),
  seasonalFee: z.number(),
  signatureFee: z.number(),
  overLengthFee: z.number(),
  discount: z.number(),
  taxFee: z.number(),
  total: z.number(),
});
export const QuoteReplySchema = z.object({
  service: z.object({ code: z.string(), name: z.string() }),
  chargeableWeight: z.number(),
  fees: QuoteFeesSchema,
  discountCode: z.string().nullable(),
  /** Staff only. */
  routing: z.object({ carrier: z.string(), warehouse: z.string(), zone: z.string() }).optional(),
  cost: z.number().optional(),
  margin: z.number().optional(),
});
export type QuoteReply = z.infer<typeof QuoteReplySchema>;

// ---------- rate shopping: every service the caller may use, side by side ----------
/** The quote body without a service: every service the caller may use is priced. */
export const QuoteRatesBodySchema = QuoteBodySchema.omit({ serviceCode: true });
export type QuoteRatesBody = z.infer<typeof QuoteRatesBodySchema>;

/** Why a service cannot carry this parcel (docs/pricing.md, steps 3–7). */
export const NO_SERVICE_REASONS = ['SERVICE_UNKNOWN', 'SERVICE_INACTIVE', 'NO_ROUTE', 'NO_ZONE', 'NO_SELL_PRICE', 'NO_CARRIER_PRICE'] as const;

export const QuoteRateSchema = z.object({
  serviceCode: z.string(),
  serviceName: z.string(),
  /** The carrier the service is sold under. */
  carrierName: z.string(),
  /** Days in transit, from … to …; null when the service does not state it. */
  transitDaysMin: z.number().int().nullable(),
  transitDaysMax: z.number().int().nullable(),
  fees: QuoteFeesSchema,
  /** USD, the same as `fees.total`: what the rates are sorted by. */
  total: z.number(),
  /** The discount code applied to this rate, or null (a code for other services leaves this one at full price). */
  discountCode: z.string().nullable(),
  /** Staff only. */
  routing: z.object({ carrier: z.string(), warehouse: z.string(), zone: z.string() }).optional(),
  cost: z.number().optional(),
  margin: z.number().optional(),
});
export type QuoteRate = z.infer<typeof QuoteRateSchema>;

export const QuoteRatesReplySchema = z.object({
  /** Grams: the larger of the actual and the volumetric weight, the same for every service. */
  chargeableWeight: z.number(),
  /** Cheapest first. */
  rates: z.array(QuoteRateSchema),
  /** Services the caller may use that cannot carry this parcel, with the reason in the caller's language. */
  unavailable: z.array(
    z.object({
      serviceCode: z.string(),
      serviceName: z.string(),
      reasonCode: z.enum(NO_SERVICE_REASONS),
      reason: z.string(),
    }),
  ),
});
export type QuoteRatesReply = z.infer<typeof QuoteRatesReplySchema>;

// ---------- xlsx templates (SPEC §3, exact headers) ----------
export const ZONE_TEMPLATE = ['Zone name', 'Zone code', 'Country', 'States', 'Zipcode from', 'Zipcode to'] as const;
export const CARRIER_PRICE_TEMPLATE = ['Carrier_code', 'Service_code', 'Warehouse_code', 'Zone_code', 'Weight_from', 'Weight_to', 'Last_mile_cost', 'Seasonal_cost', 'Status'] as const;
export const SERVICE_PRICE_TEMPLATE = ['Service_code', 'Weight_from', 'Weight_to', 'Shipping_fee', 'Seasonal_fee', 'Status'] as const;
export const PRICE_VERSION_STATUSES = ['draft', 'active', 'archived'] as const;
/** The two kinds of dated price table. */
export const PRICE_VERSION_KINDS = ['service', 'carrier'] as const;
