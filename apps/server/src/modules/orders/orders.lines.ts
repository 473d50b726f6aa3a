import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { orderLines } from './orders.tables';

/** An order's product lines in their order (the shipping module builds customs lines from them). */
export async function orderLinesOf(db: Db, orderId: string) {
  return db
    .select({ productId: orderLines.productId, variantId: orderLines.variantId, productName: orderLines.productName, sku: orderLines.sku, quantity: orderLines.quantity, valueCents: orderLines.valueCents })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.position));
}
