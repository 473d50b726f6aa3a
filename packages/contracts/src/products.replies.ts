import { z } from 'zod';
import { WeightConfigSchema } from './products';

// SPEC §3 / §5 products: replies the products endpoints give beside the product, list and weight
// config schemas of products.ts, written from the server's DTOs.

/** `POST …import?onlyValidate=true` returns the checked rows keyed by template header; the real import adds counts. */
export const ProductImportResultSchema = z.object({
  onlyValidate: z.boolean(),
  totalRows: z.number().int(),
  /** The validated rows (for the review step): `row` is the sheet row, the other keys are the template headers. */
  rows: z.array(z.object({ row: z.number().int() }).catchall(z.union([z.string().nullable(), z.number()]))),
  /** Product and variant imports: how many products and variants were created. */
  created: z.object({ products: z.number().int(), variants: z.number().int() }).optional(),
  /** Partner id and weight config imports: how many rows were written. */
  updated: z.number().int().optional(),
});

export const WeightConfigPageSchema = z.object({
  items: z.array(WeightConfigSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  totalCount: z.number().int(),
});

export const ActualWeightFeeSchema = z.object({
  productId: z.string().uuid(),
  weighedGrams: z.number(),
  weightThreshold: z.number().nullable(),
  exceeded: z.boolean(),
  /** USD */
  fee: z.number(),
});

export const MockupUploadSchema = z.object({
  /** The path to use as a variant's `mockupImageUrl`; served only to the owner and staff. */
  url: z.string(),
  contentType: z.string(),
  size: z.number().int(),
});
