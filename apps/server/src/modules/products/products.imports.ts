import { inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  PARTNER_ID_IMPORT_COLUMNS,
  PRODUCT_IMPORT_COLUMNS,
  PRODUCT_LIMITS,
  VARIANT_IMPORT_COLUMNS,
  WEIGHT_CONFIG_IMPORT_COLUMNS,
  WEIGHT_CONFIG_STATUSES,
  dimensionField,
  feeField,
  mockupUrlField,
  priceField,
  productNameField,
  salesTaxField,
  shortTextField,
  skuField,
  weightField,
  weightThresholdField,
} from '@exship/contracts';
import { toCents } from '@exship/domain';
import type { Db } from '../../platform/db';
import { defineImport, type ImportRow } from '../../platform/imports';
import { rowField, templateWorkbook, type SheetRow, type SheetTemplate } from '../../platform/xlsx';
import { actsForAnyAccount } from '../../platform/access';
import { customerAccountsByEmails } from '../users';
import * as repo from './products.repository';
import { foreignMockups, internals, scopeOf, type Actor } from './products.service';
import { productVariants, products } from './products.tables';

// SPEC §3 product imports, §5 "Imports", §8 duplicate SKU (file or system) and the error workbook.
// Every import validates the whole file first; on any row error nothing is written and the reply
// carries the error workbook. Without onlyValidate the writes run in one transaction.

type Headers<C extends readonly { header: string }[]> = C[number]['header'];
const sheet = <C extends readonly { header: string; kind: 'text' | 'number'; required?: boolean }[]>(sheetName: string, columns: C): SheetTemplate<Headers<C>> => ({
  sheetName,
  columns: columns as unknown as SheetTemplate<Headers<C>>['columns'],
  maxRows: PRODUCT_LIMITS.importMaxRows,
  maxBytes: PRODUCT_LIMITS.importMaxBytes,
});

export const TEMPLATES = {
  variant: sheet('Variants', VARIANT_IMPORT_COLUMNS),
  product: sheet('Products', PRODUCT_IMPORT_COLUMNS),
  partnerId: sheet('Partner product ids', PARTNER_ID_IMPORT_COLUMNS),
  weightConfig: sheet('Weight thresholds', WEIGHT_CONFIG_IMPORT_COLUMNS),
};
export type TemplateName = keyof typeof TEMPLATES;

const EXAMPLES: Record<TemplateName, (string | number)[][]> = {
  variant: [['<product id>', '6109.10', 'TSHIRT-RED-M', 'box', 20, 3, 30, 250, 12]],
  product: [['Cotton T-shirt', 'Tee', 'Cotton', '6109.10', 'TSHIRT-RED-M', 'box', 20, 3, 30, 250, 12, 0, '', '']],
  partnerId: [['', 'TSHIRT-RED-M', 'WM-123456']],
  weightConfig: [['<product id>', 500, 1.5, 'active']],
};

/** A template workbook with the exact SPEC header row and one example row. */
export function templateFile(name: TemplateName): Promise<Buffer> {
  return templateWorkbook(TEMPLATES[name], EXAMPLES[name]);
}

export interface ImportResult {
  onlyValidate: boolean;
  totalRows: number;
  /** The validated rows (for the review step), keyed by template header. */
  rows: ({ row: number } & Record<string, string | number | null>)[];
  created?: { products: number; variants: number };
  updated?: number;
}

// ---------------------------------------------------------------------------------------------
// Row rules.

const text50Required = z.string({ error: 'validation.required' }).trim().min(1, 'validation.required').max(PRODUCT_LIMITS.shortTextMax, 'validation.product.textTooLong');
const productIdField = z.string({ error: 'validation.required' }).uuid('import.product.notFound');

const VariantRowSchema = z.object({
  Product_ID: productIdField,
  HScode_product: text50Required,
  SKU: skuField,
  Shape: shortTextField,
  Width_cm: dimensionField,
  Height_cm: dimensionField,
  Length_cm: dimensionField,
  Weight_gr: weightField,
  Product_price: priceField,
});

const ProductRowSchema = z.object({
  Product_name: productNameField,
  Alias_name: shortTextField,
  Material: shortTextField,
  HScode_product: text50Required,
  SKU: skuField,
  Shape: shortTextField,
  Width_cm: dimensionField,
  Height_cm: dimensionField,
  Length_cm: dimensionField,
  Weight_gr: weightField,
  Product_price: priceField,
  Sales_tax: salesTaxField.optional(),
  Mockup_image_url: mockupUrlField,
  Customer_email: z.string().trim().max(254, 'import.customer.notFound').optional(),
});

const PartnerIdRowSchema = z.object({
  Customer_email: z.string().trim().max(254, 'import.customer.notFound').optional(),
  SKU: skuField,
  Partner_product_id: z.string({ error: 'validation.required' }).trim().min(1, 'validation.required').max(PRODUCT_LIMITS.partnerIdMax, 'validation.invalid'),
});

const WeightConfigRowSchema = z.object({
  Product_ID: productIdField,
  Weight_threshold_gr: weightThresholdField,
  Actual_weight_fee_usd: feeField.optional(),
  Status: z
    .string()
    .trim()
    .transform((v) => v.toLowerCase())
    .pipe(z.enum(WEIGHT_CONFIG_STATUSES, { error: 'validation.status.invalid' }))
    .optional(),
});

/** SPEC §8: a SKU twice in the file (per customer, case-insensitive) is named on every row that has it. */
function markDuplicatesInFile(entries: { row: SheetRow; accountId: string; sku: string }[]): void {
  const groups = new Map<string, SheetRow[]>();
  for (const e of entries) {
    const key = `${e.accountId}|${e.sku.toLowerCase()}`;
    groups.set(key, [...(groups.get(key) ?? []), e.row]);
  }
  for (const rows of groups.values()) {
    if (rows.length > 1) for (const r of rows) r.errors.push({ field: rowField(r.row, 'SKU'), message: 'validation.sku.duplicateInFile' });
  }
}

const byAccountOf = <E extends { accountId: string }>(entries: E[]) => {
  const map = new Map<string, E[]>();
  for (const e of entries) map.set(e.accountId, [...(map.get(e.accountId) ?? []), e]);
  return map;
};

/** SPEC §8: a SKU the customer already has (one query per account in the file). */
async function markDuplicatesInSystem(db: Db, entries: { row: SheetRow; accountId: string; sku: string }[]): Promise<void> {
  for (const [accountId, list] of byAccountOf(entries)) {
    const taken = await repo.existingSkus(db, accountId, list.map((e) => e.sku));
    for (const e of list) if (taken.has(e.sku.toLowerCase())) e.row.errors.push({ field: rowField(e.row.row, 'SKU'), message: 'validation.sku.duplicateInSystem' });
  }
}

/**
 * Staff name the customer per row by email; sellers always import into their own account.
 * The distinct emails of the file are looked up together (one query for the set).
 */
async function resolveCustomers<R>(db: Db, actor: Actor, rows: ImportRow<string, R>[], emailOf: (r: ImportRow<string, R>) => string | undefined): Promise<Map<ImportRow<string, R>, string>> {
  const out = new Map<ImportRow<string, R>, string>();
  if (!actsForAnyAccount(actor)) {
    for (const r of rows) out.set(r, actor.accountId);
    return out;
  }
  const emails = [...new Set(rows.flatMap((r) => (emailOf(r) ? [emailOf(r)!.toLowerCase()] : [])))];
  const accounts = await customerAccountsByEmails(db, emails);
  for (const r of rows) {
    const email = emailOf(r);
    if (!email) {
      r.errors.push({ field: rowField(r.row, 'Customer_email'), message: 'import.customer.required' });
      continue;
    }
    const accountId = accounts.get(email.toLowerCase());
    if (!accountId) r.errors.push({ field: rowField(r.row, 'Customer_email'), message: 'import.customer.notFound' });
    else out.set(r, accountId);
  }
  return out;
}

const emailCell = <R extends { Customer_email?: string }>(r: ImportRow<string, R>) => r.data?.Customer_email ?? (r.values.Customer_email as string | null) ?? undefined;

/** The reply of every product import: the validated rows for the review step, and what was written. */
const summary = (o: { rows: SheetRow[]; onlyValidate: boolean; committed: Partial<ImportResult> | undefined }): ImportResult => ({
  onlyValidate: o.onlyValidate,
  totalRows: o.rows.length,
  rows: o.rows.map((r) => ({ row: r.row, ...r.values })),
  ...(o.committed ?? {}),
});

// ---------------------------------------------------------------------------------------------
// The imports, declared for the platform pipeline (platform/imports.ts).

type VariantEntry = { row: SheetRow; accountId: string; sku: string; product: repo.ProductRow; data: z.infer<typeof VariantRowSchema> };

/** Variant template: adds variants to existing products (Product_ID). */
export const variantImport = defineImport({
  name: 'products.variants',
  template: TEMPLATES.variant,
  rowSchema: VariantRowSchema,
  async batchChecks(rows, tx, actor) {
    const ids = [...new Set(rows.flatMap((r) => (r.data ? [r.data.Product_ID] : [])))];
    const found = new Map((await repo.findProductsByIds(tx, ids, scopeOf(actor))).map((p) => [p.id, p]));
    const entries: VariantEntry[] = [];
    for (const row of rows) {
      if (!row.data) continue;
      const product = found.get(row.data.Product_ID);
      if (!product) row.errors.push({ field: rowField(row.row, 'Product_ID'), message: 'import.product.notFound' });
      else if (!actsForAnyAccount(actor) && product.approvalStatus === 'waiting_approval') row.errors.push({ field: rowField(row.row, 'Product_ID'), message: 'import.product.locked' });
      else entries.push({ row, accountId: product.accountId, sku: row.data.SKU, product, data: row.data });
    }
    markDuplicatesInFile(entries);
    await markDuplicatesInSystem(tx, entries);
    return entries;
  },
  commit: (_rows, tx, actor, entries) =>
    internals.mapUniqueViolation(async () => {
      const now = new Date();
      await repo.insertVariants(
        tx,
        entries.map((e, i) =>
          internals.variantValues(e.accountId, e.product.id, { sku: e.data.SKU, hsCode: e.data.HScode_product, shape: e.data.Shape, widthCm: e.data.Width_cm, heightCm: e.data.Height_cm, lengthCm: e.data.Length_cm, weightGr: e.data.Weight_gr, price: e.data.Product_price, salesTax: 0 }, 1000 + i),
        ),
      );
      // A seller's change to an accepted or rejected product needs approval again (as an edit does).
      if (!actsForAnyAccount(actor)) {
        const ids = [...new Set(entries.map((e) => e.product.id))];
        if (ids.length > 0) await tx.update(products).set({ approvalStatus: 'draft', updatedAt: now, updatedBy: actor.userId }).where(inArray(products.id, ids));
      }
      return { created: { products: 0, variants: entries.length } };
    }),
  summary,
});

type ProductEntry = { row: SheetRow; accountId: string; sku: string; data: z.infer<typeof ProductRowSchema> };

/** Product template: rows with the same Product_name (and customer) form one product with its variants. */
export const productImport = defineImport({
  name: 'products.products',
  template: TEMPLATES.product,
  rowSchema: ProductRowSchema,
  async batchChecks(rows, tx, actor) {
    const accounts = await resolveCustomers(tx, actor, rows, emailCell);
    const entries: ProductEntry[] = [];
    for (const row of rows) {
      const accountId = accounts.get(row);
      if (row.data && accountId && row.errors.length === 0) entries.push({ row, accountId, sku: row.data.SKU, data: row.data });
    }
    markDuplicatesInFile(entries);
    await markDuplicatesInSystem(tx, entries);
    // A mockup must be one the row's own account uploaded (one query per account).
    for (const [accountId, list] of byAccountOf(entries.filter((e) => e.data.Mockup_image_url))) {
      const bad = await foreignMockups(tx, accountId, list.map((e) => e.data.Mockup_image_url!));
      for (const e of list) if (bad.has(e.data.Mockup_image_url!)) e.row.errors.push({ field: rowField(e.row.row, 'Mockup_image_url'), message: 'validation.mockup.notOwn' });
    }
    return entries;
  },
  commit: (_rows, tx, actor, entries) =>
    internals.mapUniqueViolation(async () => {
      const groups = new Map<string, ProductEntry[]>();
      for (const e of entries) {
        const key = `${e.accountId}|${e.data.Product_name.toLowerCase()}`;
        groups.set(key, [...(groups.get(key) ?? []), e]);
      }
      const staff = actsForAnyAccount(actor);
      const approvalStatus = staff && actor.permissions.has('EX-PRODUCT-APPROVE') ? 'accepted' : 'draft';
      const now = new Date();
      const created = await repo.insertProducts(
        tx,
        [...groups.values()].map((g) => {
          const first = g[0]!.data;
          return {
            accountId: g[0]!.accountId,
            name: first.Product_name,
            aliasName: first.Alias_name ?? null,
            hsCode: first.HScode_product,
            material: first.Material ?? null,
            shape: first.Shape ?? null,
            lengthCm: first.Length_cm,
            widthCm: first.Width_cm,
            heightCm: first.Height_cm,
            weightGr: first.Weight_gr,
            approvalStatus,
            origin: staff ? 'admin' : 'customer',
            createdBy: actor.userId,
            ...(approvalStatus === 'accepted' ? { reviewedAt: now, reviewedBy: actor.userId } : {}),
          };
        }),
      );
      const variants = [...groups.values()].flatMap((g, gi) =>
        g.map((e, i) =>
          internals.variantValues(e.accountId, created[gi]!.id, { sku: e.data.SKU, hsCode: e.data.HScode_product, shape: e.data.Shape, widthCm: e.data.Width_cm, heightCm: e.data.Height_cm, lengthCm: e.data.Length_cm, weightGr: e.data.Weight_gr, price: e.data.Product_price, salesTax: e.data.Sales_tax ?? 0, mockupImageUrl: e.data.Mockup_image_url }, i),
        ),
      );
      await repo.insertVariants(tx, variants);
      return { created: { products: created.length, variants: variants.length } };
    }),
  summary,
});

/** Partner product ids (e.g. a marketplace item id) set on variants found by SKU. */
export const partnerIdImport = defineImport({
  name: 'products.partnerIds',
  template: TEMPLATES.partnerId,
  rowSchema: PartnerIdRowSchema,
  async batchChecks(rows, tx, actor) {
    const accounts = await resolveCustomers(tx, actor, rows, emailCell);
    const entries: { row: SheetRow; accountId: string; sku: string; partnerId: string }[] = [];
    for (const row of rows) {
      const accountId = accounts.get(row);
      if (row.data && accountId && row.errors.length === 0) entries.push({ row, accountId, sku: row.data.SKU, partnerId: row.data.Partner_product_id });
    }
    markDuplicatesInFile(entries);
    const updates: { id: string; partnerId: string }[] = [];
    for (const [accountId, list] of byAccountOf(entries)) {
      const existing = await repo.existingSkus(tx, accountId, list.map((e) => e.sku));
      for (const e of list) {
        const v = existing.get(e.sku.toLowerCase());
        if (!v) e.row.errors.push({ field: rowField(e.row.row, 'SKU'), message: 'import.sku.notFound' });
        else updates.push({ id: v.id, partnerId: e.partnerId });
      }
    }
    return updates;
  },
  async commit(_rows, tx, _actor, updates) {
    for (const part of repo.chunks(updates)) {
      const values = sql.join(
        part.map((u) => sql`(${u.id}::uuid, ${u.partnerId})`),
        sql`, `,
      );
      await tx.execute(sql`update ${productVariants} set partner_product_id = d.pid, updated_at = now() from (values ${values}) as d(id, pid) where ${productVariants.id} = d.id`);
    }
    return { updated: updates.length };
  },
  summary,
});

/** Weight thresholds (SPEC §3 weight config; SPEC §5: up to 10 MB), each change kept in the history. */
export const weightConfigImport = defineImport({
  name: 'products.weightConfigs',
  template: TEMPLATES.weightConfig,
  rowSchema: WeightConfigRowSchema,
  async batchChecks(rows, tx, actor) {
    const ids = [...new Set(rows.flatMap((r) => (r.data ? [r.data.Product_ID] : [])))];
    const found = new Map((await repo.findProductsByIds(tx, ids, scopeOf(actor))).map((p) => [p.id, p]));
    const seen = new Map<string, SheetRow[]>();
    const entries: { product: repo.ProductRow; data: z.infer<typeof WeightConfigRowSchema> }[] = [];
    for (const row of rows) {
      if (!row.data) continue;
      const product = found.get(row.data.Product_ID);
      if (!product) {
        row.errors.push({ field: rowField(row.row, 'Product_ID'), message: 'import.product.notFound' });
        continue;
      }
      seen.set(product.id, [...(seen.get(product.id) ?? []), row]);
      entries.push({ product, data: row.data });
    }
    for (const dupes of seen.values()) if (dupes.length > 1) for (const r of dupes) r.errors.push({ field: rowField(r.row, 'Product_ID'), message: 'import.product.duplicateInFile' });
    return entries;
  },
  async commit(_rows, tx, actor, entries) {
    const existing = await repo.findWeightConfigsByProducts(tx, entries.map((e) => e.product.id));
    for (const e of entries) {
      await internals.writeWeightConfig(tx, actor, e.product, existing.get(e.product.id), {
        weightThresholdGr: e.data.Weight_threshold_gr,
        feeCents: toCents(e.data.Actual_weight_fee_usd ?? 0),
        status: e.data.Status ?? 'active',
        configurationStatus: 'configured',
      });
    }
    return { updated: entries.length };
  },
  summary,
});

/** Every product import, for the runner to know (jobs find them by name). */
export const PRODUCT_IMPORTS = [variantImport, productImport, partnerIdImport, weightConfigImport];
