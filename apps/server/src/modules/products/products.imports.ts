import { eq, sql } from 'drizzle-orm';
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
  isMessageKey,
  mockupUrlField,
  priceField,
  productNameField,
  salesTaxField,
  shortTextField,
  skuField,
  weightField,
  weightThresholdField,
  type Language,
} from '@exship/contracts';
import { toCents } from '@exship/domain';
import type { Db } from '../../platform/db';
import type { Upload } from '../../platform/storage';
import { readSheet, rowField, rowsInvalidError, templateWorkbook, type SheetRow, type SheetTemplate } from '../../platform/xlsx';
import { findUserByEmail } from '../users';
import * as repo from './products.repository';
import { internals, resolveCustomerAccount, scopeOf, type Actor } from './products.service';
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
  product: [['Cotton T-shirt', 'Tee', 'Cotton', '6109.10', 'TSHIRT-RED-M', 'box', 20, 3, 30, 250, 12, 0, 'https://example.com/tee.png', '']],
  partnerId: [['', 'TSHIRT-RED-M', 'WM-123456']],
  weightConfig: [['<product id>', 500, 1.5, 'active']],
};

/** A template workbook with the exact SPEC header row and one example row. */
export function templateFile(name: TemplateName): Promise<Buffer> {
  return templateWorkbook(TEMPLATES[name], EXAMPLES[name]);
}

export interface ImportOptions {
  onlyValidate: boolean;
  lang: Language;
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

/** Runs a row schema; errors go on the row (one per cell, cell-level errors first). Null when the row is invalid. */
function applySchema<T>(row: SheetRow, schema: z.ZodType<T>): T | null {
  const input = Object.fromEntries(Object.entries(row.values).map(([k, v]) => [k, v === null ? undefined : v]));
  const parsed = schema.safeParse(input);
  const flagged = new Set(row.errors.map((e) => e.field));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = rowField(row.row, String(issue.path[0] ?? ''));
      if (flagged.has(field)) continue;
      flagged.add(field);
      row.errors.push({ field, message: isMessageKey(issue.message) ? issue.message : 'validation.invalid' });
    }
  }
  return parsed.success && row.errors.length === 0 ? parsed.data : null;
}

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

/** SPEC §8: a SKU the customer already has. */
async function markDuplicatesInSystem(db: Db, entries: { row: SheetRow; accountId: string; sku: string }[]): Promise<void> {
  const byAccount = new Map<string, typeof entries>();
  for (const e of entries) byAccount.set(e.accountId, [...(byAccount.get(e.accountId) ?? []), e]);
  for (const [accountId, list] of byAccount) {
    const taken = await repo.existingSkus(db, accountId, list.map((e) => e.sku));
    for (const e of list) if (taken.has(e.sku.toLowerCase())) e.row.errors.push({ field: rowField(e.row.row, 'SKU'), message: 'validation.sku.duplicateInSystem' });
  }
}

/** Staff name the customer per row by email; sellers always import into their own account. */
function customerResolver(db: Db, actor: Actor) {
  const cache = new Map<string, Promise<string | null>>();
  return async (row: SheetRow, email: string | undefined): Promise<string | null> => {
    if (!internals.isStaff(actor)) return actor.accountId;
    if (!email) {
      row.errors.push({ field: rowField(row.row, 'Customer_email'), message: 'import.customer.required' });
      return null;
    }
    const key = email.toLowerCase();
    if (!cache.has(key)) {
      cache.set(
        key,
        (async () => {
          const user = await findUserByEmail(db, key);
          if (!user) return null;
          return resolveCustomerAccount(db, user.accountId).catch(() => null);
        })(),
      );
    }
    const accountId = await cache.get(key)!;
    if (!accountId) row.errors.push({ field: rowField(row.row, 'Customer_email'), message: 'import.customer.notFound' });
    return accountId;
  };
}

async function finish(
  rows: SheetRow[],
  tpl: SheetTemplate,
  upload: Upload,
  actor: Actor,
  opts: ImportOptions,
  write: () => Promise<Partial<ImportResult>>,
): Promise<ImportResult> {
  if (rows.some((r) => r.errors.length > 0)) {
    throw await rowsInvalidError({ tpl, rows, fileName: upload.fileName, lang: opts.lang, timeZone: actor.timeZone });
  }
  const base: ImportResult = { onlyValidate: opts.onlyValidate, totalRows: rows.length, rows: rows.map((r) => ({ row: r.row, ...r.values })) };
  if (opts.onlyValidate) return base;
  return { ...base, ...(await write()) };
}

// ---------------------------------------------------------------------------------------------
// The imports.

/** Variant template: adds variants to existing products (Product_ID). */
export async function importVariants(db: Db, actor: Actor, upload: Upload, opts: ImportOptions): Promise<ImportResult> {
  const tpl = TEMPLATES.variant;
  const rows = await readSheet(upload, tpl);
  const parsed = rows.map((row) => ({ row, data: applySchema(row, VariantRowSchema) }));
  const ids = [...new Set(parsed.flatMap((p) => (p.data ? [p.data.Product_ID] : [])))];
  const found = new Map((await repo.findProductsByIds(db, ids, scopeOf(actor))).map((p) => [p.id, p]));
  const entries: { row: SheetRow; accountId: string; sku: string; product: repo.ProductRow; data: z.infer<typeof VariantRowSchema> }[] = [];
  for (const { row, data } of parsed) {
    if (!data) continue;
    const product = found.get(data.Product_ID);
    if (!product) row.errors.push({ field: rowField(row.row, 'Product_ID'), message: 'import.product.notFound' });
    else if (!internals.isStaff(actor) && product.approvalStatus === 'waiting_approval') row.errors.push({ field: rowField(row.row, 'Product_ID'), message: 'import.product.locked' });
    else entries.push({ row, accountId: product.accountId, sku: data.SKU, product, data });
  }
  markDuplicatesInFile(entries);
  await markDuplicatesInSystem(db, entries);

  return finish(rows, tpl, upload, actor, opts, () =>
    internals.mapUniqueViolation(() =>
      db.transaction(async (tx) => {
        const now = new Date();
        await repo.insertVariants(
          tx,
          entries.map((e, i) =>
            internals.variantValues(e.accountId, e.product.id, { sku: e.data.SKU, hsCode: e.data.HScode_product, shape: e.data.Shape, widthCm: e.data.Width_cm, heightCm: e.data.Height_cm, lengthCm: e.data.Length_cm, weightGr: e.data.Weight_gr, price: e.data.Product_price, salesTax: 0 }, 1000 + i),
          ),
        );
        // A seller's change to an accepted or rejected product needs approval again (as an edit does).
        if (!internals.isStaff(actor)) {
          for (const id of new Set(entries.map((e) => e.product.id))) {
            await tx.update(products).set({ approvalStatus: 'draft', updatedAt: now, updatedBy: actor.userId }).where(eq(products.id, id));
          }
        }
        return { created: { products: 0, variants: entries.length } };
      }),
    ),
  );
}

/** Product template: rows with the same Product_name (and customer) form one product with its variants. */
export async function importProducts(db: Db, actor: Actor, upload: Upload, opts: ImportOptions): Promise<ImportResult> {
  const tpl = TEMPLATES.product;
  const rows = await readSheet(upload, tpl);
  const customerOf = customerResolver(db, actor);
  const entries: { row: SheetRow; accountId: string; sku: string; data: z.infer<typeof ProductRowSchema> }[] = [];
  for (const row of rows) {
    const data = applySchema(row, ProductRowSchema);
    const accountId = await customerOf(row, data?.Customer_email ?? (row.values.Customer_email as string | null) ?? undefined);
    if (data && accountId && row.errors.length === 0) entries.push({ row, accountId, sku: data.SKU, data });
  }
  markDuplicatesInFile(entries);
  await markDuplicatesInSystem(db, entries);

  return finish(rows, tpl, upload, actor, opts, () =>
    internals.mapUniqueViolation(() =>
      db.transaction(async (tx) => {
        const groups = new Map<string, typeof entries>();
        for (const e of entries) {
          const key = `${e.accountId}|${e.data.Product_name.toLowerCase()}`;
          groups.set(key, [...(groups.get(key) ?? []), e]);
        }
        const staff = internals.isStaff(actor);
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
    ),
  );
}

/** Partner product ids (e.g. a marketplace item id) set on variants found by SKU. */
export async function importPartnerIds(db: Db, actor: Actor, upload: Upload, opts: ImportOptions): Promise<ImportResult> {
  const tpl = TEMPLATES.partnerId;
  const rows = await readSheet(upload, tpl);
  const customerOf = customerResolver(db, actor);
  const entries: { row: SheetRow; accountId: string; sku: string; partnerId: string }[] = [];
  for (const row of rows) {
    const data = applySchema(row, PartnerIdRowSchema);
    const accountId = await customerOf(row, data?.Customer_email ?? (row.values.Customer_email as string | null) ?? undefined);
    if (data && accountId && row.errors.length === 0) entries.push({ row, accountId, sku: data.SKU, partnerId: data.Partner_product_id });
  }
  markDuplicatesInFile(entries);
  const updates: { id: string; partnerId: string }[] = [];
  const byAccount = new Map<string, typeof entries>();
  for (const e of entries) byAccount.set(e.accountId, [...(byAccount.get(e.accountId) ?? []), e]);
  for (const [accountId, list] of byAccount) {
    const existing = await repo.existingSkus(db, accountId, list.map((e) => e.sku));
    for (const e of list) {
      const v = existing.get(e.sku.toLowerCase());
      if (!v) e.row.errors.push({ field: rowField(e.row.row, 'SKU'), message: 'import.sku.notFound' });
      else updates.push({ id: v.id, partnerId: e.partnerId });
    }
  }

  return finish(rows, tpl, upload, actor, opts, () =>
    db.transaction(async (tx) => {
      for (const part of repo.chunks(updates)) {
        const values = sql.join(
          part.map((u) => sql`(${u.id}::uuid, ${u.partnerId})`),
          sql`, `,
        );
        await tx.execute(
          sql`update ${productVariants} set partner_product_id = d.pid, updated_at = now() from (values ${values}) as d(id, pid) where ${productVariants.id} = d.id`,
        );
      }
      return { updated: updates.length };
    }),
  );
}

/** Weight thresholds (SPEC §3 weight config; SPEC §5: up to 10 MB), each change kept in the history. */
export async function importWeightConfigs(db: Db, actor: Actor, upload: Upload, opts: ImportOptions): Promise<ImportResult> {
  const tpl = TEMPLATES.weightConfig;
  const rows = await readSheet(upload, tpl);
  const parsed = rows.map((row) => ({ row, data: applySchema(row, WeightConfigRowSchema) }));
  const ids = [...new Set(parsed.flatMap((p) => (p.data ? [p.data.Product_ID] : [])))];
  const found = new Map((await repo.findProductsByIds(db, ids, scopeOf(actor))).map((p) => [p.id, p]));
  const seen = new Map<string, SheetRow[]>();
  const entries: { product: repo.ProductRow; data: z.infer<typeof WeightConfigRowSchema> }[] = [];
  for (const { row, data } of parsed) {
    if (!data) continue;
    const product = found.get(data.Product_ID);
    if (!product) {
      row.errors.push({ field: rowField(row.row, 'Product_ID'), message: 'import.product.notFound' });
      continue;
    }
    seen.set(product.id, [...(seen.get(product.id) ?? []), row]);
    entries.push({ product, data });
  }
  for (const dupes of seen.values()) if (dupes.length > 1) for (const r of dupes) r.errors.push({ field: rowField(r.row, 'Product_ID'), message: 'import.product.duplicateInFile' });

  return finish(rows, tpl, upload, actor, opts, () =>
    db.transaction(async (tx) => {
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
    }),
  );
}
