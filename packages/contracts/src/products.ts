import { z } from 'zod';
import { EMOJI_PATTERN, idField, isWholeCents, keywordQueryField, pageField, textField } from './fields';

// SPEC §3 Product, §4 product approval, §5 product rules, §9 limits. Messages are keys (messages.ts).

export const PRODUCT_APPROVAL_STATUSES = ['draft', 'waiting_approval', 'accepted', 'rejected'] as const;
export type ProductApprovalStatus = (typeof PRODUCT_APPROVAL_STATUSES)[number];
export const PRODUCT_STATUSES = ['active', 'inactive'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];
/** SPEC §3 product origin: admin create, customer create, industry. */
export const PRODUCT_ORIGINS = ['admin', 'customer', 'industry'] as const;
export type ProductOrigin = (typeof PRODUCT_ORIGINS)[number];
export const WEIGHT_CONFIG_STATUSES = ['active', 'inactive'] as const;
export const WEIGHT_CONFIGURATION_STATUSES = ['configured', 'removed'] as const;

export const PRODUCT_LIMITS = {
  nameMax: 255,
  /** SPEC §5: alias, HS code, material, shape max 50. */
  shortTextMax: 50,
  skuMax: 100,
  urlMax: 2048,
  partnerIdMax: 100,
  /** SPEC §5: dimensions above 0.25 cm, weight above 3 g, all below 999999. */
  dimensionAbove: 0.25,
  weightAbove: 3,
  measureBelow: 999_999,
  /** SPEC §5: product price an integer, at least 1 (USD). */
  priceMin: 1,
  priceMax: 999_999,
  salesTaxMin: 0,
  salesTaxMax: 100,
  feeMax: 999_999,
  rejectReasonMax: 255,
  variantsMax: 100,
  /** SPEC §9: 10,000 rows; SPEC §5: xlsx and weight config 10 MB; images 5 MB. */
  importMaxRows: 10_000,
  importMaxBytes: 10 * 1024 * 1024,
  mockupMaxBytes: 5 * 1024 * 1024,
  pageSizeMax: 100,
} as const;

/** SPEC §5: letters, digits, dash, underscore, dot. */
export const SKU_PATTERN = /^[A-Za-z0-9._-]+$/;

const num = (key: string) => z.number({ error: (i) => (i.input === undefined ? 'validation.required' : 'validation.number') }).refine(Number.isFinite, key);

export const skuField = textField()
  .trim()
  .min(1, 'validation.required')
  .max(PRODUCT_LIMITS.skuMax, 'validation.sku.tooLong')
  .regex(SKU_PATTERN, 'validation.sku.invalid');

/** Optional short text (alias, HS code, material, shape): an empty string counts as absent. */
export const shortTextField = textField()
  .trim()
  .max(PRODUCT_LIMITS.shortTextMax, 'validation.product.textTooLong')
  .transform((v) => (v === '' ? null : v))
  .nullable()
  .optional();

export const productNameField = textField()
  .trim()
  .min(1, 'validation.required')
  .max(PRODUCT_LIMITS.nameMax, 'validation.product.nameTooLong')
  .refine((v) => !EMOJI_PATTERN.test(v), 'validation.text.noEmoji');

// Bounds are zod checks rather than refines, so the OpenAPI document carries them (minimum, maximum).
export const dimensionField = num('validation.product.dimension')
  .gt(PRODUCT_LIMITS.dimensionAbove, 'validation.product.dimension')
  .lt(PRODUCT_LIMITS.measureBelow, 'validation.product.dimension')
  .refine(isWholeCents, 'validation.decimal2');

export const weightField = num('validation.product.weight')
  .gt(PRODUCT_LIMITS.weightAbove, 'validation.product.weight')
  .lt(PRODUCT_LIMITS.measureBelow, 'validation.product.weight')
  .refine(isWholeCents, 'validation.decimal2');

/** SPEC §5: product price an integer at least 1 (USD); stored in cents. */
export const priceField = num('validation.product.price')
  .int({ message: 'validation.product.price', abort: true })
  .min(PRODUCT_LIMITS.priceMin, 'validation.product.price')
  .max(PRODUCT_LIMITS.priceMax, 'validation.product.price');

export const salesTaxField = num('validation.product.salesTax')
  .min(PRODUCT_LIMITS.salesTaxMin, 'validation.product.salesTax')
  .max(PRODUCT_LIMITS.salesTaxMax, 'validation.product.salesTax')
  .refine(isWholeCents, 'validation.decimal2');

/** A mockup path this server issued (the server also checks it is the owner's own file). */
export const mockupUrlField = textField()
  .trim()
  .max(PRODUCT_LIMITS.urlMax, 'validation.mockup.notOwn')
  .refine((v) => v === '' || /^\/api\/v1\/products\/mockups\/[0-9a-f-]{36}\/[0-9a-f-]{36}\.(jpg|png)$/.test(v), 'validation.mockup.notOwn')
  .transform((v) => (v === '' ? null : v))
  .nullable()
  .optional();

const optionalDimension = dimensionField.nullable().optional();
const optionalWeight = weightField.nullable().optional();

export const ProductVariantInputSchema = z.object({
  /** An existing variant to keep (update); absent for a new one. */
  id: idField().optional(),
  sku: skuField,
  /** SPEC §3 order-import mapping HScode_SKU: the variant's own HS code, else the product's. */
  hsCode: shortTextField,
  shape: shortTextField,
  lengthCm: optionalDimension,
  widthCm: optionalDimension,
  heightCm: optionalDimension,
  weightGr: optionalWeight,
  price: priceField,
  salesTax: salesTaxField.optional().default(0),
  mockupImageUrl: mockupUrlField,
});
export type ProductVariantInput = z.infer<typeof ProductVariantInputSchema>;

/** SPEC §8: duplicate SKUs among the given variants (case-insensitive), as field errors. */
export function duplicateSkuIssues(variants: readonly { sku: string }[]): { path: (string | number)[]; message: string }[] {
  const seen = new Map<string, number>();
  const issues: { path: (string | number)[]; message: string }[] = [];
  variants.forEach((v, i) => {
    const key = v.sku.toLowerCase();
    if (seen.has(key)) issues.push({ path: ['variants', i, 'sku'], message: 'validation.sku.duplicateInRequest' });
    else seen.set(key, i);
  });
  return issues;
}

/** SPEC §5/§8: a variant without an HS code (its own or the product's) is rejected. */
export function missingHsCodeIssues(productHsCode: string | null | undefined, variants: readonly { hsCode?: string | null }[]) {
  if (productHsCode) return [];
  return variants.flatMap((v, i) => (v.hsCode ? [] : [{ path: ['variants', i, 'hsCode'] as (string | number)[], message: 'validation.variant.hsCodeMissing' }]));
}

const productFields = {
  name: productNameField,
  aliasName: shortTextField,
  hsCode: shortTextField,
  material: shortTextField,
  shape: shortTextField,
  lengthCm: dimensionField,
  widthCm: dimensionField,
  heightCm: dimensionField,
  weightGr: weightField,
  status: z.enum(PRODUCT_STATUSES, { error: 'validation.status.invalid' }).optional(),
};

const variantsField = z
  .array(ProductVariantInputSchema, { error: 'validation.variants.required' })
  .min(1, 'validation.variants.required')
  .max(PRODUCT_LIMITS.variantsMax, 'validation.variants.tooMany');

export const ProductCreateBodySchema = z
  .object({
    ...productFields,
    /** Staff: the customer (seller account id) the product is for. Ignored for sellers. */
    customerId: idField().optional(),
    /** Staff: admin (default) or industry. Sellers' products are always customer. */
    origin: z.enum(['admin', 'industry'], { error: 'validation.origin.invalid' }).optional(),
    variants: variantsField,
  })
  .superRefine((b, ctx) => {
    for (const issue of [...duplicateSkuIssues(b.variants), ...missingHsCodeIssues(b.hsCode, b.variants)]) ctx.addIssue({ code: 'custom', ...issue });
  });
export type ProductCreateBody = z.infer<typeof ProductCreateBodySchema>;

/** Partial update; `variants`, when given, is the full new list (ids keep existing variants, others are removed). */
export const ProductUpdateBodySchema = z
  .object({
    name: productNameField.optional(),
    aliasName: shortTextField,
    hsCode: shortTextField,
    material: shortTextField,
    shape: shortTextField,
    lengthCm: dimensionField.optional(),
    widthCm: dimensionField.optional(),
    heightCm: dimensionField.optional(),
    weightGr: weightField.optional(),
    status: productFields.status,
    variants: variantsField.optional(),
  })
  .superRefine((b, ctx) => {
    if (Object.values(b).every((v) => v === undefined)) ctx.addIssue({ code: 'custom', path: [], message: 'validation.nothingToUpdate' });
    if (b.variants) for (const issue of duplicateSkuIssues(b.variants)) ctx.addIssue({ code: 'custom', ...issue });
  });
export type ProductUpdateBody = z.infer<typeof ProductUpdateBodySchema>;

const allOr = <T extends readonly [string, ...string[]]>(values: T, key: string) =>
  z.preprocess((v) => (v === '' || v === 'all' ? undefined : v), z.enum(values, { error: key }).optional());

/** SPEC §3 product filters: status, keyword, type, createdBy, approvalStatus, customer. */
export const ProductListQuerySchema = z.object({
  page: pageField(),
  pageSize: z.coerce.number({ error: 'validation.number' }).int('validation.number').min(1, 'validation.pageSize').max(PRODUCT_LIMITS.pageSizeMax, 'validation.pageSize').default(10),
  keyword: keywordQueryField(),
  status: allOr(PRODUCT_STATUSES, 'validation.status.invalid'),
  /** Product origin (SPEC §3): admin, customer or industry. */
  type: allOr(PRODUCT_ORIGINS, 'validation.origin.invalid'),
  /** The user who created the product. */
  createdBy: idField().optional(),
  approvalStatus: allOr(PRODUCT_APPROVAL_STATUSES, 'validation.approvalStatus.invalid'),
  /** Staff only; sellers always see their own account. */
  customerId: idField().optional(),
});
export type ProductListQuery = z.infer<typeof ProductListQuerySchema>;

export const ProductRejectBodySchema = z.object({
  reason: textField().trim().min(1, 'validation.required').max(PRODUCT_LIMITS.rejectReasonMax, 'validation.reason.tooLong'),
});

export const ProductIdParamsSchema = z.object({ id: idField() });

/** SPEC §7-style two calls: `onlyValidate=true` (or `onlyValidateDoNotImport=true`) checks and returns the rows; without it, imports. */
/** SPEC §4 import review: row numbers the user deleted before importing (`?skipRows=3,7`). */
export const SkipRowsField = z
  .string()
  .max(100_000, 'validation.invalid')
  .regex(/^\d{1,7}(,\d{1,7})*$/, 'validation.invalid')
  .transform((v) => [...new Set(v.split(',').map(Number))])
  .optional();

export const ImportQuerySchema = z
  .object({
    onlyValidate: z.enum(['true', 'false'], { error: 'validation.invalid' }).optional(),
    onlyValidateDoNotImport: z.enum(['true', 'false'], { error: 'validation.invalid' }).optional(),
    skipRows: SkipRowsField,
  })
  .transform((q) => ({ onlyValidate: q.onlyValidate === 'true' || q.onlyValidateDoNotImport === 'true', skipRows: q.skipRows ?? [] }));

// SPEC §3 weight config: weightThreshold (gram) > 0, status, configurationStatus, history.
export const weightThresholdField = num('validation.weightThreshold')
  .gt(0, 'validation.weightThreshold')
  .lt(PRODUCT_LIMITS.measureBelow, 'validation.weightThreshold')
  .refine(isWholeCents, 'validation.decimal2');
export const feeField = num('validation.fee')
  .min(0, 'validation.fee')
  .max(PRODUCT_LIMITS.feeMax, 'validation.fee')
  .refine(isWholeCents, 'validation.decimal2');

export const WeightConfigBodySchema = z.object({
  weightThreshold: weightThresholdField,
  /** The actual-weight fee in USD, charged when a weighed parcel exceeds the threshold. */
  fee: feeField.optional().default(0),
  status: z.enum(WEIGHT_CONFIG_STATUSES, { error: 'validation.status.invalid' }).optional().default('active'),
});
export type WeightConfigBody = z.infer<typeof WeightConfigBodySchema>;

export const WeightConfigListQuerySchema = z.object({
  page: ProductListQuerySchema.shape.page,
  pageSize: ProductListQuerySchema.shape.pageSize,
  keyword: keywordQueryField(),
  status: allOr(WEIGHT_CONFIG_STATUSES, 'validation.status.invalid'),
  configurationStatus: allOr(WEIGHT_CONFIGURATION_STATUSES, 'validation.invalid'),
  customerId: idField().optional(),
});
export type WeightConfigListQuery = z.infer<typeof WeightConfigListQuerySchema>;

export const ActualWeightFeeQuerySchema = z.object({
  weighedGrams: z.coerce.number({ error: 'validation.number' }).refine((v) => Number.isFinite(v) && v > 0, 'validation.product.weight'),
});

// ---------------------------------------------------------------------------------------------
// Replies.

export const ProductVariantSchema = z.object({
  id: z.string(),
  sku: z.string(),
  hsCode: z.string().nullable(),
  shape: z.string().nullable(),
  lengthCm: z.number().nullable(),
  widthCm: z.number().nullable(),
  heightCm: z.number().nullable(),
  weightGr: z.number().nullable(),
  /** USD */
  price: z.number(),
  salesTax: z.number(),
  mockupImageUrl: z.string().nullable(),
  partnerProductId: z.string().nullable(),
});
export type ProductVariant = z.infer<typeof ProductVariantSchema>;

export const WeightConfigSchema = z.object({
  id: z.string(),
  productId: z.string(),
  productName: z.string(),
  customerId: z.string(),
  weightThreshold: z.number(),
  /** USD */
  fee: z.number(),
  status: z.enum(WEIGHT_CONFIG_STATUSES),
  configurationStatus: z.enum(WEIGHT_CONFIGURATION_STATUSES),
  updatedBy: z.string().nullable(),
  updatedAt: z.string(),
});
export type WeightConfig = z.infer<typeof WeightConfigSchema>;

export const WeightConfigHistorySchema = z.object({
  id: z.string(),
  field: z.string(),
  oldValue: z.string().nullable(),
  newValue: z.string().nullable(),
  changedBy: z.object({ id: z.string(), fullName: z.string().nullable(), email: z.string().nullable() }),
  changedAt: z.string(),
});
export type WeightConfigHistory = z.infer<typeof WeightConfigHistorySchema>;

const productBase = {
  id: z.string(),
  customerId: z.string(),
  customer: z.object({ id: z.string(), email: z.string(), fullName: z.string() }).nullable(),
  name: z.string(),
  aliasName: z.string().nullable(),
  hsCode: z.string().nullable(),
  material: z.string().nullable(),
  shape: z.string().nullable(),
  lengthCm: z.number(),
  widthCm: z.number(),
  heightCm: z.number(),
  weightGr: z.number(),
  status: z.enum(PRODUCT_STATUSES),
  approvalStatus: z.enum(PRODUCT_APPROVAL_STATUSES),
  rejectReason: z.string().nullable(),
  origin: z.enum(PRODUCT_ORIGINS),
  createdBy: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  submittedAt: z.string().nullable(),
  reviewedAt: z.string().nullable(),
};

export const ProductListItemSchema = z.object({ ...productBase, variantCount: z.number() });
export type ProductListItem = z.infer<typeof ProductListItemSchema>;
export const ProductSchema = z.object({ ...productBase, variants: z.array(ProductVariantSchema), weightConfig: WeightConfigSchema.nullable() });
export type Product = z.infer<typeof ProductSchema>;

/** SPEC §3 product totals: total (all in scope), totalWaitingApproval, totalCount (matching the filters). */
export const ProductListReplySchema = z.object({
  items: z.array(ProductListItemSchema),
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
  totalWaitingApproval: z.number(),
  totalCount: z.number(),
});
export type ProductListReply = z.infer<typeof ProductListReplySchema>;

// ---------------------------------------------------------------------------------------------
// xlsx templates (SPEC §3). Header texts are exactly these; `required` columns may not be blank.

export interface ImportColumn {
  header: string;
  kind: 'text' | 'number';
  required?: boolean;
  list?: readonly string[];
}

export const VARIANT_IMPORT_COLUMNS = [
  { header: 'Product_ID', kind: 'text', required: true },
  { header: 'HScode_product', kind: 'text', required: true },
  { header: 'SKU', kind: 'text', required: true },
  { header: 'Shape', kind: 'text' },
  { header: 'Width_cm', kind: 'number', required: true },
  { header: 'Height_cm', kind: 'number', required: true },
  { header: 'Length_cm', kind: 'number', required: true },
  { header: 'Weight_gr', kind: 'number', required: true },
  { header: 'Product_price', kind: 'number', required: true },
] as const satisfies readonly ImportColumn[];

/**
 * The product import: the variant columns without Product_ID, plus Product_name, Alias_name, Material,
 * Sales_tax, Mockup_image_url and the specific customer (Customer_email, staff only). Rows with the
 * same Product_name (and customer) form one product with several variants.
 */
export const PRODUCT_IMPORT_COLUMNS = [
  { header: 'Product_name', kind: 'text', required: true },
  { header: 'Alias_name', kind: 'text' },
  { header: 'Material', kind: 'text' },
  { header: 'HScode_product', kind: 'text', required: true },
  { header: 'SKU', kind: 'text', required: true },
  { header: 'Shape', kind: 'text' },
  { header: 'Width_cm', kind: 'number', required: true },
  { header: 'Height_cm', kind: 'number', required: true },
  { header: 'Length_cm', kind: 'number', required: true },
  { header: 'Weight_gr', kind: 'number', required: true },
  { header: 'Product_price', kind: 'number', required: true },
  { header: 'Sales_tax', kind: 'number' },
  { header: 'Mockup_image_url', kind: 'text' },
  { header: 'Customer_email', kind: 'text' },
] as const satisfies readonly ImportColumn[];

export const PARTNER_ID_IMPORT_COLUMNS = [
  { header: 'Customer_email', kind: 'text' },
  { header: 'SKU', kind: 'text', required: true },
  { header: 'Partner_product_id', kind: 'text', required: true },
] as const satisfies readonly ImportColumn[];

export const WEIGHT_CONFIG_IMPORT_COLUMNS = [
  { header: 'Product_ID', kind: 'text', required: true },
  { header: 'Weight_threshold_gr', kind: 'number', required: true },
  { header: 'Actual_weight_fee_usd', kind: 'number' },
  { header: 'Status', kind: 'text', list: WEIGHT_CONFIG_STATUSES },
] as const satisfies readonly ImportColumn[];

export const PRODUCT_TEMPLATE_FILES = {
  variant: 'Template_import_variant.xlsx',
  product: 'Template_import_product.xlsx',
  partnerId: 'Template_import_partner_product_id.xlsx',
  weightConfig: 'Template_import_product_weight_config.xlsx',
} as const;

// SPEC §4 product approval actions; the transitions are a rule in packages/domain (nextApprovalStatus).
export const PRODUCT_APPROVAL_ACTIONS = ['submit', 'accept', 'reject'] as const;
export type ProductApprovalAction = (typeof PRODUCT_APPROVAL_ACTIONS)[number];
