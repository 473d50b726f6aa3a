import { and, eq, ilike, inArray, or } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { likePattern } from '../../platform/crud';
import { orders } from './orders.tables';

// What the billing module reads of orders for invoices and transaction lists: the name, ids and
// the stored fee lines (the snapshot of the price the seller paid). Read-only.

export interface BilledOrder {
  id: string;
  accountId: string;
  exOrderId: string;
  orderName: string;
  serviceCode: string;
  fees: { shippingCents: number; discountCents: number; taxCents: number; seasonalCents: number; overLengthCents: number; signatureCents: number; surchargeCents: number; totalCents: number };
}

/** The orders of `ids` (unknown ids are left out). */
export async function billedOrders(db: Db, ids: readonly string[]): Promise<BilledOrder[]> {
  if (ids.length === 0) return [];
  const rows = await db.select().from(orders).where(inArray(orders.id, [...new Set(ids)]));
  return rows.map((o) => ({
    id: o.id,
    accountId: o.accountId,
    exOrderId: o.exOrderId,
    orderName: o.orderName,
    serviceCode: o.serviceCode,
    fees: {
      shippingCents: o.shippingFeeCents,
      discountCents: o.discountCents,
      taxCents: o.taxFeeCents,
      seasonalCents: o.seasonalFeeCents,
      overLengthCents: o.overLengthFeeCents,
      signatureCents: o.signatureFeeCents,
      surchargeCents: o.surchargeCents,
      totalCents: o.totalCents,
    },
  }));
}

/** Ids of (at most `limit`) orders whose name or exOrderId contains the keyword (case-insensitive), in one account or all. */
export async function ordersMatching(db: Db, keyword: string, accountId: string | undefined, limit = 1000): Promise<string[]> {
  const pattern = likePattern(keyword);
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(accountId ? eq(orders.accountId, accountId) : undefined, or(ilike(orders.orderName, pattern), ilike(orders.exOrderId, pattern))))
    .limit(limit);
  return rows.map((r) => r.id);
}
