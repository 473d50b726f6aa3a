import { asc, count, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { discounts, discountUsages } from './discounts.tables';

/** One order paid with a discount: the use it consumes. */
export interface DiscountUse {
  discountId: string;
  accountId: string;
  /** The order's id: an order consumes its discount once (unique index). */
  orderId: string;
  exOrderId: string;
}

/**
 * Consumes discount uses at payment, in the payment's transaction: the discounts named are
 * locked in ascending id order, their counts read under the lock, and every use checked against the
 * total and per-customer limits before any is written, so concurrent payments can never exceed a
 * limit (a second payer waits for the first to commit and then counts its use). A use over a limit
 * refuses the whole payment with DISCOUNT_USED_UP naming the orders; nothing is written. An order
 * whose use is already recorded is not counted again. A discount deleted since the order was priced
 * has nothing to consume.
 */
export async function consumeDiscountUses(tx: Db, uses: readonly DiscountUse[]): Promise<void> {
  if (uses.length === 0) return;
  const ids = [...new Set(uses.map((u) => u.discountId))].sort();
  const locked = await tx
    .select({ id: discounts.id, code: discounts.code, limitUseTotal: discounts.limitUseTotal, limitUsePerUser: discounts.limitUsePerUser })
    .from(discounts)
    .where(inArray(discounts.id, ids))
    .orderBy(asc(discounts.id))
    .for('update');
  const rules = new Map(locked.map((d) => [d.id, d]));
  const counted = await tx
    .select({ discountId: discountUsages.discountId, accountId: discountUsages.accountId, n: count() })
    .from(discountUsages)
    .where(inArray(discountUsages.discountId, ids))
    .groupBy(discountUsages.discountId, discountUsages.accountId);
  const already = new Set(
    (await tx.select({ orderRef: discountUsages.orderRef }).from(discountUsages).where(inArray(discountUsages.orderRef, uses.map((u) => u.orderId)))).map((r) => r.orderRef),
  );
  const total = new Map<string, number>();
  const perUser = new Map<string, number>();
  for (const c of counted) {
    total.set(c.discountId, (total.get(c.discountId) ?? 0) + Number(c.n));
    perUser.set(`${c.discountId}|${c.accountId}`, Number(c.n));
  }
  const fresh: DiscountUse[] = [];
  const refused: { exOrderId: string; code: string }[] = [];
  for (const u of uses) {
    const rule = rules.get(u.discountId);
    if (!rule || already.has(u.orderId)) continue;
    const t = total.get(u.discountId) ?? 0;
    const mine = perUser.get(`${u.discountId}|${u.accountId}`) ?? 0;
    if ((rule.limitUseTotal !== null && t >= rule.limitUseTotal) || (rule.limitUsePerUser !== null && mine >= rule.limitUsePerUser)) {
      refused.push({ exOrderId: u.exOrderId, code: rule.code });
      continue;
    }
    total.set(u.discountId, t + 1);
    perUser.set(`${u.discountId}|${u.accountId}`, mine + 1);
    fresh.push(u);
  }
  if (refused.length > 0) throw new AppError('DISCOUNT_USED_UP', 409, { details: { orders: refused } });
  for (let at = 0; at < fresh.length; at += 500) {
    await tx
      .insert(discountUsages)
      .values(fresh.slice(at, at + 500).map((u) => ({ discountId: u.discountId, accountId: u.accountId, orderRef: u.orderId })))
      .onConflictDoNothing({ target: [discountUsages.discountId, discountUsages.orderRef], where: sql`order_ref is not null` });
  }
}
