import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { productVariants, products } from './products.tables';

/** What a customs declaration needs of a variant: its HS code (else its product's), weight (else its product's), price and names. */
export interface VariantCustomsFacts {
  variantId: string;
  productName: string;
  aliasName: string | null;
  material: string | null;
  hsCode: string | null;
  /** Grams per unit. */
  weightGr: number;
  /** US cents per unit. */
  priceCents: number;
}

/** One query for any number of variants (deleted ones included: an order keeps its lines). */
export async function variantCustomsFacts(db: Db, variantIds: readonly string[]): Promise<VariantCustomsFacts[]> {
  if (variantIds.length === 0) return [];
  const rows = await db
    .select({
      variantId: productVariants.id,
      productName: products.name,
      aliasName: products.aliasName,
      material: products.material,
      variantHs: productVariants.hsCode,
      productHs: products.hsCode,
      variantWeight: productVariants.weightGr,
      productWeight: products.weightGr,
      priceCents: productVariants.priceCents,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(inArray(productVariants.id, [...new Set(variantIds)]));
  return rows.map((r) => ({
    variantId: r.variantId,
    productName: r.productName,
    aliasName: r.aliasName,
    material: r.material,
    hsCode: r.variantHs || r.productHs || null,
    weightGr: r.variantWeight ?? r.productWeight,
    priceCents: r.priceCents,
  }));
}
