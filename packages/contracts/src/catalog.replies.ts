import { z } from 'zod';
import { CATALOG_STATUSES, DISCOUNT_STATES, PRICE_VERSION_STATUSES, SHIPPING_TYPES } from './catalog';

// SPEC §3 / §7: what the network, pricing and discount endpoints answer (the `data` of the envelope),
// written from the server's DTOs. Money is USD with 2 decimals, weights grams, rates percent,
// timestamps ISO 8601 strings (the server writes its dates as JSON does).

const id = z.string().uuid();
const status = z.enum(CATALOG_STATUSES);
const timestamp = z.iso.datetime({ offset: true });
const stamps = { createdAt: timestamp, updatedAt: timestamp };

/** A page of a list: `total` rows match the filters. */
export const PageReplySchema = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int().min(0), page: z.number().int().min(1), pageSize: z.number().int().min(1) });

export const ServiceSchema = z.object({
  id,
  code: z.string(),
  name: z.string(),
  carrierId: id,
  /** USD */
  signatureFee: z.number(),
  /** USD, charged when the longest side exceeds `overLengthThresholdCm`. */
  overLengthFee: z.number(),
  overLengthThresholdCm: z.number(),
  /** Days in transit, from … to …; null when not set. */
  transitDaysMin: z.number().int().nullable(),
  transitDaysMax: z.number().int().nullable(),
  packaging: z.enum(['parcel', 'first-class-letter', 'first-class-flat']),
  status,
});

export const CarrierSchema = z.object({ id, code: z.string(), name: z.string(), status, ...stamps });
/** A carrier in the list, with its services. */
export const CarrierWithServicesSchema = CarrierSchema.extend({ services: z.array(ServiceSchema) });

export const PriceBracketSchema = z.object({
  weightFrom: z.number().int(),
  weightTo: z.number().int(),
  /** USD */
  shippingFee: z.number(),
  /** USD */
  seasonalFee: z.number(),
});

/** SPEC §2 /app/carrier/service/{id}: the service and its sell price brackets (active table). */
export const ServiceDetailSchema = ServiceSchema.extend({ brackets: z.array(PriceBracketSchema) });

export const WarehouseSchema = z.object({
  id,
  code: z.string(),
  name: z.string(),
  zipcode: z.string(),
  address: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  city: z.string(),
  state: z.string().nullable(),
  country: z.string(),
  shippingType: z.enum(SHIPPING_TYPES),
  handoverAddress: z.string().nullable(),
  handoverCity: z.string().nullable(),
  handoverCountry: z.string().nullable(),
  handoverHours: z.string().nullable(),
  status,
  ...stamps,
});

/** Where a seller hands parcels over for a warehouse: its hand-over point, else its own address. */
export const HandoverPointSchema = z.object({
  code: z.string(),
  name: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zipcode: z.string(),
  country: z.string(),
  /** Opening hours as staff wrote them; null when not given. */
  hours: z.string().nullable(),
  phone: z.string().nullable(),
});
export type HandoverPoint = z.infer<typeof HandoverPointSchema>;

export const ZoneSchema = z.object({
  id,
  code: z.string(),
  name: z.string(),
  country: z.string(),
  states: z.array(z.string()),
  ranges: z.array(z.object({ zipFrom: z.string(), zipTo: z.string() })),
  status,
  ...stamps,
});

export const TaxSchema = z.object({
  id,
  country: z.string(),
  province: z.string().nullable(),
  carrierId: id.nullable(),
  taxType: z.string(),
  /** Percent, 0.01 to 99.99. */
  rate: z.number(),
  status,
  ...stamps,
});

export const CarrierConfigSchema = z.object({
  id,
  serviceId: id,
  minWeight: z.number().int(),
  maxWeight: z.number().int(),
  priority: z.number().int(),
  sku: z.string().nullable(),
  users: z.array(id),
  typeShipping: z.enum(['state', 'country']),
  toCountry: z.string().nullable(),
  toState: z.array(z.string()),
  toArrayCountry: z.array(z.string()),
  allocations: z.array(z.object({ carrierId: id, warehouseId: id, percentage: z.number().int() })),
  status,
  ...stamps,
});

// ---------- price tables ----------
export const PRICE_KINDS = ['service', 'carrier'] as const;
export type PriceKind = (typeof PRICE_KINDS)[number];

export const PriceVersionSchema = z.object({
  id,
  kind: z.enum(PRICE_KINDS),
  status: z.enum(PRICE_VERSION_STATUSES),
  fileName: z.string(),
  rowCount: z.number().int(),
  createdBy: id,
  createdAt: timestamp,
  activatedAt: timestamp.nullable(),
});

export const SellPriceSchema = z.object({
  service: z.object({ id, code: z.string(), name: z.string(), signatureFee: z.number() }),
  brackets: z.array(PriceBracketSchema),
});

/** Before/after on a sample of recent quotes, the draft in place of the active table of its kind. */
export const PricePreviewSchema = z.object({
  version: PriceVersionSchema,
  summary: z.object({
    samples: z.number().int(),
    changed: z.number().int(),
    increased: z.number().int(),
    decreased: z.number().int(),
    newlyUnpriced: z.number().int(),
    /** USD */
    averageDelta: z.number(),
  }),
  rows: z.array(
    z.object({
      sampleId: id,
      quotedAt: timestamp,
      serviceCode: z.string(),
      destination: z.string(),
      weight: z.number(),
      /** USD totals; null when the quote fails. */
      before: z.number().nullable(),
      after: z.number().nullable(),
      delta: z.number().nullable(),
      /** The error code of the draft's quote, e.g. `NO_SUITABLE_SERVICE:no_zone`. */
      afterError: z.string().nullable(),
    }),
  ),
});

export const ZoneImportResultSchema = z.object({ rows: z.number().int(), zones: z.number().int(), imported: z.boolean() });
export const PriceImportResultSchema = z.object({ rows: z.number().int(), version: PriceVersionSchema.nullable() });

// ---------- discounts ----------
export const DiscountSchema = z.object({
  id,
  code: z.string(),
  name: z.string(),
  /** Worked out from `enabled`, the dates and now. */
  status: z.enum(DISCOUNT_STATES),
  enabled: z.boolean(),
  method: z.enum(['manual', 'automated']),
  amountOff: z.discriminatedUnion('type', [
    /** Percent of the shipping fee. */
    z.object({ type: z.literal('percent'), value: z.number() }),
    /** USD */
    z.object({ type: z.literal('fixed'), value: z.number() }),
  ]),
  minimumWeight: z.number().int(),
  limitUseTotal: z.number().int().nullable(),
  limitUsePerUser: z.number().int().nullable(),
  typeCustomers: z.enum(['all', 'specific']),
  customers: z.array(id),
  services: z.array(id),
  /** Local date-time `YYYY-MM-DDTHH:mm[:ss]` in `timeZone.offset`. */
  startDate: z.string(),
  endDate: z.string(),
  timeZone: z.object({ offset: z.string(), zone: z.string() }),
  /** Times the code was used. */
  used: z.number().int(),
});
