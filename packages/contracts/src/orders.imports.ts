import { z } from 'zod';
import { idField, multilineTextField, textField } from './fields';
import { ORDER_LIMITS, SURCHARGE_REASONS } from './orders';
import { SkipRowsField, type ImportColumn } from './products';

// SPEC §3 "Order import columns" and "Surcharge import row", §4 import wizard, §5 Imports, §9 limits.
// docs/order-imports.md tells how rows become orders and how a surcharge file is checked.

export const ORDER_IMPORT_LIMITS = {
  /** SPEC §9: 1000 rows by default; ORDER_IMPORT_MAX_ROWS raises it up to `maxRowsCeiling`. */
  defaultRows: ORDER_LIMITS.importRows,
  maxRowsCeiling: 10_000,
  /** SPEC §5: xlsx up to 10 MB. */
  maxBytes: ORDER_LIMITS.importMaxBytes,
  /**
   * Files above this size run as a queued job whose progress the wizard shows (a row is ~75 bytes
   * zipped: ~2,000 rows and more); smaller ones inside the request.
   */
  inlineMaxBytes: 150 * 1024,
  /** Surcharge files and JSON calls: rows per call. */
  surchargeRows: 1000,
  surchargeMaxBytes: 10 * 1024 * 1024,
} as const;

/** SPEC §3: the signature service column's dropdown. */
export const YES_NO = ['yes', 'no'] as const;

/**
 * SPEC §3 order import columns, exactly these headers in this order. Consecutive rows with the same
 * orderName form one order (one product line per row); its order columns are repeated on each row.
 */
export const ORDER_IMPORT_COLUMNS = [
  { header: 'orderName', kind: 'text', required: true },
  { header: 'note', kind: 'text' },
  { header: 'width', kind: 'number', required: true },
  { header: 'height', kind: 'number', required: true },
  { header: 'length', kind: 'number', required: true },
  { header: 'weight', kind: 'number', required: true },
  { header: 'shippingMethodCode', kind: 'text', required: true },
  { header: 'signatureService', kind: 'text', list: YES_NO },
  { header: 'taxNumber', kind: 'text' },
  { header: 'shippingName', kind: 'text', required: true },
  { header: 'shippingLastName', kind: 'text' },
  { header: 'email', kind: 'text' },
  { header: 'phone', kind: 'text' },
  { header: 'countryCode', kind: 'text', required: true },
  { header: 'stateCode', kind: 'text' },
  { header: 'city', kind: 'text', required: true },
  { header: 'zipCode', kind: 'text', required: true },
  { header: 'address_1', kind: 'text', required: true },
  { header: 'address_2', kind: 'text' },
  // A seller knows their SKUs, not the ids: variantId takes the variant's SKU (unique per seller,
  // SPEC §5) or its id; productId may be blank, or the product's id or a SKU of it, and must agree.
  { header: 'productId', kind: 'text' },
  { header: 'variantId', kind: 'text', required: true },
  { header: 'quantity', kind: 'number', required: true },
  { header: 'labelTiktok', kind: 'text' },
] as const satisfies readonly ImportColumn[];
export type OrderImportHeader = (typeof ORDER_IMPORT_COLUMNS)[number]['header'];

/** The columns of a product line; every other column belongs to the order and repeats on its rows. */
export const ORDER_IMPORT_LINE_HEADERS = ['productId', 'variantId', 'quantity'] as const satisfies readonly OrderImportHeader[];

/** SPEC §3 surcharge template columns (the * is part of the header text) and the §5 Reason dropdown. */
export const SURCHARGE_IMPORT_COLUMNS = [
  { header: 'OrderID*', kind: 'text', required: true },
  { header: 'Surcharge*', kind: 'number', required: true },
  { header: 'Reason*', kind: 'text', required: true, list: SURCHARGE_REASONS },
  { header: 'Detail Reason', kind: 'text' },
] as const satisfies readonly ImportColumn[];

export const ORDER_TEMPLATE_FILES = {
  order: 'Template_import_order.xlsx',
  surcharge: 'Template_import_order_surcharge.xlsx',
} as const;

/** `?onlyValidate=true` checks; `skipRows` leaves out rows deleted in the review; staff name the customer. */
export const OrderImportQuerySchema = z
  .object({
    onlyValidate: z.enum(['true', 'false'], { error: 'validation.invalid' }).optional(),
    onlyValidateDoNotImport: z.enum(['true', 'false'], { error: 'validation.invalid' }).optional(),
    skipRows: SkipRowsField,
    /** Staff (EX-ACT-FOR-CUSTOMER) import for this seller; ignored for sellers. */
    customerId: idField().optional(),
  })
  .transform((q) => ({ onlyValidate: q.onlyValidate === 'true' || q.onlyValidateDoNotImport === 'true', skipRows: q.skipRows ?? [], customerId: q.customerId }));

/** The reply of the order import: the checked rows (for the review) and, once imported, what was created. */
export const OrderImportResultSchema = z.object({
  onlyValidate: z.boolean(),
  totalRows: z.number().int(),
  /**
   * The validation-only reply: the sheet rows keyed by template header (`row` is the Excel row
   * number), for the review step. The import's reply leaves them out (its counts and `created` say
   * what happened; 10,000 rows echoed back would be the file again).
   */
  rows: z.array(z.object({ row: z.number().int() }).catchall(z.union([z.string().nullable(), z.number()]))).optional(),
  /** How many orders the rows make, and their total price (USD) from today's prices. */
  orders: z.number().int(),
  totalPrice: z.number(),
  /** After the import: the orders created, in file order. */
  created: z.array(z.object({ _id: z.string(), exOrderId: z.string(), orderName: z.string(), totalPrice: z.number() })).optional(),
});
export type OrderImportResult = z.infer<typeof OrderImportResultSchema>;

// ---------- surcharges (SPEC §7 POST /orders/import-surcharge) ----------

/** The note of an imported surcharge: where it came from (SPEC §3 `note`). */
export const SURCHARGE_IMPORT_NOTE = 'Surcharge import';

/** SPEC §3: reasonType ('other' for Other), one per dropdown value. */
export const SURCHARGE_REASON_TYPES = ['active-tracking', 'dimension-surcharge', 'change-shipping-service', 'fba', 'other'] as const;
export type SurchargeReasonType = (typeof SURCHARGE_REASON_TYPES)[number];

/**
 * One row as the file gave it. Loose on purpose: a wrong value is reported on its row (SPEC §3 `errors`),
 * not as a refused request. `row` is the sheet row the web read it from (named in the errors).
 */
export const SurchargeImportInputRowSchema = z.object({
  row: z.number().int().min(1).max(10_000_000).optional(),
  orderId: z.union([textField().max(100), z.number()]).optional(),
  surcharge: z.union([z.number(), textField().max(50)]).optional(),
  reason: textField().max(100).nullish(),
  detailReason: multilineTextField().max(1000).nullish(),
});
export type SurchargeImportInputRow = z.infer<typeof SurchargeImportInputRowSchema>;

export const SurchargeImportBodySchema = z.object({
  // Bounded here as a hard cap; the import's own limit (IMPORT_TOO_MANY_ROWS) is checked by the server.
  data: z.array(SurchargeImportInputRowSchema).max(ORDER_IMPORT_LIMITS.maxRowsCeiling, 'validation.invalid'),
  /** SPEC §7: true checks and returns the rows; absent or false imports them. */
  onlyValidateDoNotImport: z.boolean().optional(),
});
export type SurchargeImportBody = z.infer<typeof SurchargeImportBodySchema>;

/** SPEC §3: the validated row: the values, note, reasonType and the row's error messages. */
export const SurchargeImportRowSchema = z.object({
  row: z.number().int(),
  /** As given (an exOrderId or an order id). */
  orderId: z.string(),
  /** USD; null when the cell is not a number. */
  surcharge: z.number().nullable(),
  reason: z.string(),
  detailReason: z.string(),
  /** What the surcharge's note will say. */
  note: z.string(),
  reasonType: z.enum(SURCHARGE_REASON_TYPES).nullable(),
  errors: z.array(z.string()),
  /** The order found (its id opens the detail screen); null when not found. */
  order: z.object({ id: z.string(), exOrderId: z.string(), orderName: z.string() }).nullable(),
});
export type SurchargeImportRow = z.infer<typeof SurchargeImportRowSchema>;

export const SurchargeImportReplySchema = z.array(SurchargeImportRowSchema);

/** The surcharge file read on the server (checked like every import), for the JSON call. */
export const SurchargeFileReplySchema = z.object({
  totalRows: z.number().int(),
  rows: z.array(
    z.object({
      row: z.number().int(),
      orderId: z.string(),
      surcharge: z.number().nullable(),
      reason: z.string(),
      detailReason: z.string(),
    }),
  ),
});
export type SurchargeFileReply = z.infer<typeof SurchargeFileReplySchema>;
