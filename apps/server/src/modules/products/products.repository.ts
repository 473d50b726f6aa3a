import { and, asc, desc, eq, exists, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { ProductListQuery, WeightConfigListQuery } from '@exship/contracts';
import type { Db } from '../../platform/db';
import { productVariants, productWeightConfigHistory, productWeightConfigs, products } from './products.tables';

export type ProductRow = typeof products.$inferSelect;
export type NewProduct = typeof products.$inferInsert;
export type VariantRow = typeof productVariants.$inferSelect;
export type NewVariant = typeof productVariants.$inferInsert;
export type WeightConfigRow = typeof productWeightConfigs.$inferSelect;
export type WeightConfigHistoryRow = typeof productWeightConfigHistory.$inferSelect;

const CHUNK = 500;
export function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

const likePattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A live product by id, within the account when `accountId` is given (sellers), optionally locked. */
export async function findProduct(db: Db, id: string, accountId: string | undefined, opts: { forUpdate?: boolean } = {}): Promise<ProductRow | undefined> {
  const where = and(eq(products.id, id), isNull(products.deletedAt), accountId ? eq(products.accountId, accountId) : undefined);
  const q = db.select().from(products).where(where);
  const [row] = opts.forUpdate ? await q.for('update') : await q;
  return row;
}

export async function findProductsByIds(db: Db, ids: string[], accountId: string | undefined): Promise<ProductRow[]> {
  const out: ProductRow[] = [];
  for (const part of chunks(ids)) {
    out.push(
      ...(await db
        .select()
        .from(products)
        .where(and(inArray(products.id, part), isNull(products.deletedAt), accountId ? eq(products.accountId, accountId) : undefined))),
    );
  }
  return out;
}

/** Live variants by id (any product; the caller checks the product), in chunks. */
export async function findVariantsByIds(db: Db, ids: string[]): Promise<VariantRow[]> {
  const out: VariantRow[] = [];
  for (const part of chunks(ids)) out.push(...(await db.select().from(productVariants).where(and(inArray(productVariants.id, part), isNull(productVariants.deletedAt)))));
  return out;
}

/**
 * The account's live variants named by id or by SKU (any case: SPEC §5 a SKU is unique per seller),
 * in one query whatever the number of refs: each set travels as one JSON parameter.
 */
export async function findVariantsByRefs(db: Db, accountId: string, ids: readonly string[], skus: readonly string[]): Promise<Pick<VariantRow, 'id' | 'productId' | 'sku'>[]> {
  if (ids.length === 0 && skus.length === 0) return [];
  const lower = [...new Set(skus.map((s) => s.toLowerCase()))];
  return db
    .select({ id: productVariants.id, productId: productVariants.productId, sku: productVariants.sku })
    .from(productVariants)
    .where(
      and(
        eq(productVariants.accountId, accountId),
        isNull(productVariants.deletedAt),
        or(
          sql`${productVariants.id} in (select jsonb_array_elements_text(${JSON.stringify([...new Set(ids)])}::jsonb)::uuid)`,
          sql`lower(${productVariants.sku}) in (select jsonb_array_elements_text(${JSON.stringify(lower)}::jsonb))`,
        ),
      ),
    );
}

export async function liveVariants(db: Db, productId: string): Promise<VariantRow[]> {
  return db
    .select()
    .from(productVariants)
    .where(and(eq(productVariants.productId, productId), isNull(productVariants.deletedAt)))
    .orderBy(asc(productVariants.position), asc(productVariants.createdAt));
}

/**
 * SKUs (lower-cased) that already exist for the account among live variants, optionally ignoring
 * one product's variants (the product being edited).
 */
export async function existingSkus(db: Db, accountId: string, skus: string[], exceptProductId?: string): Promise<Map<string, VariantRow>> {
  const found = new Map<string, VariantRow>();
  const lower = [...new Set(skus.map((s) => s.toLowerCase()))];
  for (const part of chunks(lower)) {
    const rows = await db
      .select()
      .from(productVariants)
      .where(
        and(
          eq(productVariants.accountId, accountId),
          isNull(productVariants.deletedAt),
          inArray(sql`lower(${productVariants.sku})`, part),
          exceptProductId ? sql`${productVariants.productId} <> ${exceptProductId}` : undefined,
        ),
      );
    for (const r of rows) found.set(r.sku.toLowerCase(), r);
  }
  return found;
}

export async function insertProducts(db: Db, values: NewProduct[]): Promise<ProductRow[]> {
  const out: ProductRow[] = [];
  for (const part of chunks(values)) out.push(...(await db.insert(products).values(part).returning()));
  return out;
}

export async function insertVariants(db: Db, values: NewVariant[]): Promise<void> {
  for (const part of chunks(values)) await db.insert(productVariants).values(part);
}

function productFilters(db: Db, q: Omit<ProductListQuery, 'page' | 'pageSize'>, accountId: string | undefined): SQL | undefined {
  const conds: (SQL | undefined)[] = [isNull(products.deletedAt)];
  if (accountId) conds.push(eq(products.accountId, accountId));
  if (q.status) conds.push(eq(products.status, q.status));
  if (q.type) conds.push(eq(products.origin, q.type));
  if (q.createdBy) conds.push(eq(products.createdBy, q.createdBy));
  if (q.approvalStatus) conds.push(eq(products.approvalStatus, q.approvalStatus));
  if (q.keyword) {
    const like = likePattern(q.keyword);
    conds.push(
      or(
        ilike(products.name, like),
        ilike(products.aliasName, like),
        ilike(products.hsCode, like),
        exists(
          db
            .select({ one: sql`1` })
            .from(productVariants)
            .where(and(eq(productVariants.productId, products.id), isNull(productVariants.deletedAt), ilike(productVariants.sku, like))),
        ),
      ),
    );
  }
  return and(...conds);
}

export async function listProducts(db: Db, q: ProductListQuery, accountId: string | undefined) {
  const where = productFilters(db, q, accountId);
  const scope = and(isNull(products.deletedAt), accountId ? eq(products.accountId, accountId) : undefined);
  // Written out in full: drizzle drops table qualifiers of columns inside select fields.
  const variantCount = sql<number>`(select count(*)::int from "product_variants" pv where pv."product_id" = "products"."id" and pv."deleted_at" is null)`;
  const [items, [counts], [filtered]] = await Promise.all([
    db
      .select({ product: products, variantCount })
      .from(products)
      .where(where)
      .orderBy(desc(products.createdAt), desc(products.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db
      .select({
        total: sql<number>`count(*)::int`,
        totalWaitingApproval: sql<number>`(count(*) filter (where ${products.approvalStatus} = 'waiting_approval'))::int`,
      })
      .from(products)
      .where(scope),
    db.select({ n: sql<number>`count(*)::int` }).from(products).where(where),
  ]);
  return { items, total: Number(counts?.total ?? 0), totalWaitingApproval: Number(counts?.totalWaitingApproval ?? 0), totalCount: Number(filtered?.n ?? 0) };
}

export async function findWeightConfig(db: Db, productId: string, opts: { forUpdate?: boolean } = {}): Promise<WeightConfigRow | undefined> {
  const q = db.select().from(productWeightConfigs).where(eq(productWeightConfigs.productId, productId));
  const [row] = opts.forUpdate ? await q.for('update') : await q;
  return row;
}

export async function findWeightConfigsByProducts(db: Db, productIds: string[]): Promise<Map<string, WeightConfigRow>> {
  const out = new Map<string, WeightConfigRow>();
  for (const part of chunks(productIds)) {
    for (const r of await db.select().from(productWeightConfigs).where(inArray(productWeightConfigs.productId, part))) out.set(r.productId, r);
  }
  return out;
}

export async function listWeightConfigs(db: Db, q: WeightConfigListQuery & { onlyCharging?: boolean }, accountId: string | undefined) {
  const conds: (SQL | undefined)[] = [isNull(products.deletedAt)];
  if (accountId) conds.push(eq(productWeightConfigs.accountId, accountId));
  if (q.status) conds.push(eq(productWeightConfigs.status, q.status));
  if (q.configurationStatus) conds.push(eq(productWeightConfigs.configurationStatus, q.configurationStatus));
  if (q.onlyCharging) conds.push(eq(productWeightConfigs.status, 'active'), eq(productWeightConfigs.configurationStatus, 'configured'));
  if (q.keyword) conds.push(or(ilike(products.name, likePattern(q.keyword)), sql`${products.id}::text = ${q.keyword}`));
  const where = and(...conds);
  const [items, [count]] = await Promise.all([
    db
      .select({ config: productWeightConfigs, productName: products.name })
      .from(productWeightConfigs)
      .innerJoin(products, eq(products.id, productWeightConfigs.productId))
      .where(where)
      .orderBy(desc(productWeightConfigs.updatedAt), desc(productWeightConfigs.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(productWeightConfigs)
      .innerJoin(products, eq(products.id, productWeightConfigs.productId))
      .where(where),
  ]);
  return { items, totalCount: Number(count?.n ?? 0) };
}

export async function weightConfigHistory(db: Db, configId: string): Promise<WeightConfigHistoryRow[]> {
  return db
    .select()
    .from(productWeightConfigHistory)
    .where(eq(productWeightConfigHistory.configId, configId))
    .orderBy(desc(productWeightConfigHistory.changedAt), asc(productWeightConfigHistory.field));
}
