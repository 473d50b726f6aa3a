import { z } from 'zod';
import { idField, textField } from './fields';
import { defineEndpoint, XLSX_MIME } from './endpoint';
import {
  ActualWeightFeeQuerySchema,
  ImportQuerySchema,
  ProductCreateBodySchema,
  ProductIdParamsSchema,
  ProductListQuerySchema,
  ProductListReplySchema,
  ProductRejectBodySchema,
  ProductSchema,
  ProductUpdateBodySchema,
  WeightConfigBodySchema,
  WeightConfigHistorySchema,
  WeightConfigListQuerySchema,
  WeightConfigSchema,
} from './products';
import { ActualWeightFeeSchema, MockupUploadSchema, ProductImportResultSchema, WeightConfigPageSchema } from './products.replies';

// SPEC §3 / §4 / §5 products: the catalogue of what sellers ship, its approval, imports, mockup
// images, weight thresholds and actual-weight fees. Sellers see their own account; staff may name
// a customer (`customerId`).
// Keep zod calls inside the descriptors: the web build drops them there (schemas are types on the web).
const tags = ['products'] as const;

// PRODUCT_LIMITS.importMaxBytes, written out: importing a value from products.ts here would bring its
// schemas (and zod) into every web chunk that calls an endpoint.
const XLSX_UPLOAD = { field: 'file', description: 'The filled-in template, xlsx only, up to 10 MB', accept: [XLSX_MIME] } as const;
const IMPORT_DESCRIPTION =
  '`onlyValidate=true` checks the file and returns the rows (for the review step); without it the file is checked again and written in one transaction. A bad file answers 400 (IMPORT_ROWS_INVALID names every bad cell) and writes nothing.';

// ---------- templates ----------
export const ProductTemplateEndpoint = defineEndpoint({
  method: 'GET',
  path: '/products/templates/product.xlsx',
  access: 'EX-PRODUCT-IMPORT',
  summary: 'Download the product import template',
  operationId: 'downloadProductTemplate',
  tags,
  reply: { binary: XLSX_MIME, description: 'Template_import_product.xlsx: the SPEC headers and one example row' },
});

export const VariantTemplateEndpoint = defineEndpoint({
  method: 'GET',
  path: '/products/templates/variant.xlsx',
  access: 'EX-PRODUCT-IMPORT',
  summary: 'Download the variant import template',
  operationId: 'downloadVariantTemplate',
  tags,
  reply: { binary: XLSX_MIME, description: 'Template_import_variant.xlsx: the SPEC headers and one example row' },
});

export const PartnerIdTemplateEndpoint = defineEndpoint({
  method: 'GET',
  path: '/products/templates/partner-id.xlsx',
  access: 'EX-PRODUCT-PARTNER-ID-IMPORT',
  summary: 'Download the partner product id import template',
  operationId: 'downloadPartnerIdTemplate',
  tags,
  reply: { binary: XLSX_MIME, description: 'Template_import_partner_product_id.xlsx: the SPEC headers and one example row' },
});

export const WeightConfigTemplateEndpoint = defineEndpoint({
  method: 'GET',
  path: '/products/templates/weight-config.xlsx',
  access: 'EX-PRODUCT-CONFIG',
  summary: 'Download the weight threshold import template',
  operationId: 'downloadWeightConfigTemplate',
  tags,
  reply: { binary: XLSX_MIME, description: 'Template_import_product_weight_config.xlsx: the SPEC headers and one example row' },
});

// ---------- imports ----------
export const ImportProductsEndpoint = defineEndpoint({
  method: 'POST',
  path: '/products/import',
  access: 'EX-PRODUCT-IMPORT',
  summary: 'Import products with their variants',
  description: IMPORT_DESCRIPTION,
  operationId: 'importProducts',
  tags,
  query: ImportQuerySchema,
  multipart: XLSX_UPLOAD,
  reply: ProductImportResultSchema,
  errors: [409],
});

export const ImportVariantsEndpoint = defineEndpoint({
  method: 'POST',
  path: '/products/import-variants',
  access: 'EX-PRODUCT-IMPORT',
  summary: 'Import variants of existing products',
  description: IMPORT_DESCRIPTION,
  operationId: 'importVariants',
  tags,
  query: ImportQuerySchema,
  multipart: XLSX_UPLOAD,
  reply: ProductImportResultSchema,
  errors: [404, 409],
});

export const ImportPartnerIdsEndpoint = defineEndpoint({
  method: 'POST',
  path: '/products/import-partner-ids',
  access: 'EX-PRODUCT-PARTNER-ID-IMPORT',
  summary: 'Import partner product ids of variants (by SKU)',
  description: IMPORT_DESCRIPTION,
  operationId: 'importPartnerIds',
  tags,
  query: ImportQuerySchema,
  multipart: XLSX_UPLOAD,
  reply: ProductImportResultSchema,
});

export const ImportWeightConfigsEndpoint = defineEndpoint({
  method: 'POST',
  path: '/products/weight-configs/import',
  access: 'EX-PRODUCT-CONFIG',
  summary: 'Import weight thresholds and actual-weight fees',
  description: IMPORT_DESCRIPTION,
  operationId: 'importWeightConfigs',
  tags,
  query: ImportQuerySchema,
  multipart: XLSX_UPLOAD,
  reply: ProductImportResultSchema,
});

// ---------- mockup images (SPEC §5: jpg, jpeg, png; 5 MB) ----------
export const UploadMockupEndpoint = defineEndpoint({
  method: 'POST',
  path: '/products/mockups',
  access: 'EX-PRODUCT-CREATE',
  summary: 'Upload a mockup image',
  description: 'The reply\'s `url` is what a variant\'s `mockupImageUrl` takes. Staff name the customer it belongs to (`customerId`).',
  operationId: 'uploadMockup',
  tags,
  query: z.object({ customerId: idField().optional() }),
  multipart: { field: 'file', description: 'A jpg or png image, up to 5 MB', accept: ['image/jpeg', 'image/png'] },
  reply: MockupUploadSchema,
  status: 201,
  message: 'file.uploaded',
  errors: [404],
});

export const GetMockupEndpoint = defineEndpoint({
  method: 'GET',
  path: '/products/mockups/:accountId/:file',
  access: 'EX-PRODUCT-LIST',
  summary: 'A mockup image (its owner and staff only)',
  operationId: 'getMockup',
  tags,
  params: z.object({
    accountId: idField(),
    file: textField().regex(/^[0-9a-f-]{36}\.(jpg|png)$/, 'validation.invalid'),
  }),
  reply: { binary: 'image/*', description: 'The image (jpeg or png)' },
  errors: [404],
});

// ---------- weight thresholds and actual-weight fees (SPEC §3) ----------
export const ListWeightConfigsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/products/weight-configs',
  access: 'EX-PRODUCT-CONFIG',
  summary: 'List weight thresholds of products',
  operationId: 'listWeightConfigs',
  tags,
  query: WeightConfigListQuerySchema,
  reply: WeightConfigPageSchema,
});

export const ListActualWeightFeesEndpoint = defineEndpoint({
  method: 'GET',
  path: '/products/actual-weight-fees',
  access: 'EX-PRODUCT-ACTUAL-WEIGHT-FEE',
  summary: 'List the weight thresholds that charge an actual-weight fee',
  operationId: 'listActualWeightFees',
  tags,
  query: WeightConfigListQuerySchema,
  reply: WeightConfigPageSchema,
});

export const GetWeightConfigEndpoint = defineEndpoint({
  method: 'GET',
  path: '/products/:id/weight-config',
  access: 'EX-PRODUCT-CONFIG',
  summary: 'A product\'s weight threshold',
  operationId: 'getWeightConfig',
  tags,
  params: ProductIdParamsSchema,
  reply: WeightConfigSchema,
  errors: [404],
});

export const SaveWeightConfigEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/products/:id/weight-config',
  access: 'EX-PRODUCT-CONFIG',
  summary: 'Set a product\'s weight threshold and actual-weight fee',
  operationId: 'saveWeightConfig',
  tags,
  params: ProductIdParamsSchema,
  body: WeightConfigBodySchema,
  reply: WeightConfigSchema,
  message: 'product.weightConfigSaved',
  errors: [404],
});

export const RemoveWeightConfigEndpoint = defineEndpoint({
  method: 'DELETE',
  path: '/products/:id/weight-config',
  access: 'EX-PRODUCT-CONFIG',
  summary: 'Remove a product\'s weight threshold',
  description: 'The record stays, marked `removed`, with its history.',
  operationId: 'removeWeightConfig',
  tags,
  params: ProductIdParamsSchema,
  reply: WeightConfigSchema,
  message: 'product.weightConfigRemoved',
  errors: [404],
});

export const WeightConfigHistoryEndpoint = defineEndpoint({
  method: 'GET',
  path: '/products/:id/weight-config/history',
  access: 'EX-PRODUCT-CONFIG',
  summary: 'Changes to a product\'s weight threshold, newest first',
  operationId: 'getWeightConfigHistory',
  tags,
  params: ProductIdParamsSchema,
  reply: z.array(WeightConfigHistorySchema),
  errors: [404],
});

export const ActualWeightFeeEndpoint = defineEndpoint({
  method: 'GET',
  path: '/products/:id/actual-weight-fee',
  access: 'EX-PRODUCT-ACTUAL-WEIGHT-FEE',
  summary: 'The actual-weight fee of a product for a weighed parcel',
  operationId: 'getActualWeightFee',
  tags,
  params: ProductIdParamsSchema,
  query: ActualWeightFeeQuerySchema,
  reply: ActualWeightFeeSchema,
  errors: [404],
});

// ---------- products ----------
export const ListProductsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/products',
  access: 'EX-PRODUCT-LIST',
  summary: 'List products',
  description: 'With the totals of SPEC §3: all products in scope, those waiting for approval, and those matching the filters.',
  operationId: 'listProducts',
  tags,
  query: ProductListQuerySchema,
  reply: ProductListReplySchema,
});

export const GetProductEndpoint = defineEndpoint({
  method: 'GET',
  path: '/products/:id',
  access: 'EX-PRODUCT-LIST',
  summary: 'A product with its variants and weight threshold',
  operationId: 'getProduct',
  tags,
  params: ProductIdParamsSchema,
  reply: ProductSchema,
  errors: [404],
});

export const CreateProductEndpoint = defineEndpoint({
  method: 'POST',
  path: '/products',
  access: 'EX-PRODUCT-CREATE',
  summary: 'Create a product with its variants',
  description: 'SKUs are unique per account (409 SKU_DUPLICATE). Staff name the customer (`customerId`).',
  operationId: 'createProduct',
  tags,
  body: ProductCreateBodySchema,
  reply: ProductSchema,
  status: 201,
  message: 'product.created',
  errors: [404, 409],
});

export const UpdateProductEndpoint = defineEndpoint({
  method: 'PATCH',
  path: '/products/:id',
  access: 'EX-PRODUCT-UPDATE',
  summary: 'Update a product (and replace its variants when given)',
  operationId: 'updateProduct',
  tags,
  params: ProductIdParamsSchema,
  body: ProductUpdateBodySchema,
  reply: ProductSchema,
  message: 'product.updated',
  errors: [404, 409],
});

export const DeleteProductEndpoint = defineEndpoint({
  method: 'DELETE',
  path: '/products/:id',
  access: 'EX-PRODUCT-DELETE',
  summary: 'Delete a product',
  operationId: 'deleteProduct',
  tags,
  params: ProductIdParamsSchema,
  reply: z.null(),
  message: 'product.deleted',
  errors: [404, 409],
});

// ---------- SPEC §4 approval ----------
export const SubmitProductEndpoint = defineEndpoint({
  method: 'POST',
  path: '/products/:id/submit',
  access: 'EX-PRODUCT-UPDATE',
  summary: 'Send a product for approval',
  operationId: 'submitProduct',
  tags,
  params: ProductIdParamsSchema,
  reply: ProductSchema,
  message: 'product.submitted',
  errors: [404, 409],
});

export const AcceptProductEndpoint = defineEndpoint({
  method: 'POST',
  path: '/products/:id/accept',
  access: 'EX-PRODUCT-APPROVE',
  summary: 'Accept a product waiting for approval',
  description: 'The seller is told in the app and by email.',
  operationId: 'acceptProduct',
  tags,
  params: ProductIdParamsSchema,
  reply: ProductSchema,
  message: 'product.accepted',
  errors: [404, 409],
});

export const RejectProductEndpoint = defineEndpoint({
  method: 'POST',
  path: '/products/:id/reject',
  access: 'EX-PRODUCT-APPROVE',
  summary: 'Reject a product waiting for approval, with a reason',
  description: 'The seller is told in the app and by email.',
  operationId: 'rejectProduct',
  tags,
  params: ProductIdParamsSchema,
  body: ProductRejectBodySchema,
  reply: ProductSchema,
  message: 'product.rejected',
  errors: [404, 409],
});
