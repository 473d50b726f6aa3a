import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { OrderDetail, SurchargeBody } from '@exship/contracts';
import { apply, toCents } from '@exship/domain';
import { accountScope, type Actor } from '../../platform/access';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { emit } from '../../platform/jobs';
import { lockWallets } from '../wallet';
import { SurchargeAdded } from './orders.events';
import { transition } from './orders.lifecycle';
import { autoPayIn } from './orders.pay';
import { detail } from './orders.queries';
import type * as repo from './orders.repository';
import { EX_ORDER_ID, orderFor, stateOf, UUID, type OrderActor, type OrderContext } from './orders.shared';
import { orderSurcharges, orders } from './orders.tables';

// Surcharges (SPEC §8): THE way one is added (the order's screen and the surcharge import), and the
// lookup of the orders a surcharge file names.

/** Why an order cannot take a surcharge now (SPEC §8), or null when it can. */
export function surchargeRefusal(ctx: OrderContext, row: repo.OrderRow): 'SURCHARGE_NO_WEIGHT' | 'SURCHARGE_NOT_ALLOWED' | null {
  if (!(row.weightGr > 0)) return 'SURCHARGE_NO_WEIGHT';
  return apply(stateOf(row), 'addSurcharge', { now: ctx.clock(), calendar: ctx.calendar }).ok ? null : 'SURCHARGE_NOT_ALLOWED';
}

/**
 * THE way a surcharge is added (the order's screen and the surcharge import): the surcharge row, the
 * fee on the order and the payment status moved to surcharge-unpaid with its history entry, in `tx`.
 * `row` must be locked by the caller; returns the updated row.
 */
export async function addSurchargeTo(ctx: OrderContext, tx: Db, actor: OrderActor, row: repo.OrderRow, body: SurchargeBody): Promise<repo.OrderRow> {
  const refusal = surchargeRefusal(ctx, row);
  if (refusal === 'SURCHARGE_NO_WEIGHT') throw new AppError('SURCHARGE_NO_WEIGHT', 409);
  if (refusal) throw new AppError('SURCHARGE_NOT_ALLOWED', 409, { details: { status: row.status, paymentStatus: row.paymentStatus } });
  const amountCents = toCents(body.amount);
  await tx.insert(orderSurcharges).values({ orderId: row.id, accountId: row.accountId, amountCents, reason: body.reason, detailReason: body.detailReason, note: body.note, createdBy: actor.userId, createdAt: ctx.clock() });
  const [withFee] = await tx
    .update(orders)
    .set({ surchargeCents: sql`${orders.surchargeCents} + ${amountCents}`, totalCents: sql`${orders.totalCents} + ${amountCents}` })
    .where(eq(orders.id, row.id))
    .returning();
  const changed = await transition(ctx, tx, withFee!, 'addSurcharge', actor.userId, body.reason, { amountCents, detailReason: body.detailReason });
  await emit(tx, SurchargeAdded, { orderId: row.id, accountId: row.accountId, exOrderId: row.exOrderId, amountCents, reason: body.reason, detailReason: body.detailReason || null, at: ctx.clock().toISOString() });
  return changed;
}

/**
 * Orders the actor may see named by exOrderId (case-insensitive) or id, in one query; optionally
 * locked. Another account's order is simply not returned.
 */
export async function ordersByRefs(tx: Db, actor: Actor, refs: readonly string[], opts: { forUpdate?: boolean } = {}): Promise<repo.OrderRow[]> {
  const exOrderIds = [...new Set(refs.map((r) => r.trim().toUpperCase()).filter((r) => EX_ORDER_ID.test(r)))];
  const ids = [...new Set(refs.map((r) => r.trim().toLowerCase()).filter((r) => UUID.test(r)))];
  if (exOrderIds.length === 0 && ids.length === 0) return [];
  const account = accountScope(actor);
  const q = tx
    .select()
    .from(orders)
    .where(and(or(exOrderIds.length ? inArray(orders.exOrderId, exOrderIds) : undefined, ids.length ? inArray(orders.id, ids) : undefined), account ? eq(orders.accountId, account) : undefined))
    .orderBy(asc(orders.id));
  return opts.forUpdate ? q.for('update') : q;
}

export async function addSurcharge(ctx: OrderContext, actor: OrderActor, id: string, body: SurchargeBody): Promise<OrderDetail> {
  return ctx.db.transaction(async (tx) => {
    const row = await addSurchargeTo(ctx, tx, actor, await orderFor(tx, actor, id, true), body);
    // A surcharge on a paid order is charged at once with auto-pay (surcharge-unpaid → paid).
    if (row.paymentStatus === 'surcharge-unpaid' && (await autoPayIn(ctx, tx, actor, row.accountId, [row.id]))) return detail(ctx, tx, await orderFor(tx, actor, id));
    return detail(ctx, tx, row);
  });
}

/**
 * The surcharge import's write: each surcharge through addSurchargeTo, in file order (the same order
 * on several rows starts from the order as the previous surcharge left it), then auto-pay of the new
 * surcharges of each account that has it on. The orders must be locked by the caller.
 */
export async function addSurchargesInBulk(ctx: OrderContext, tx: Db, actor: OrderActor, items: readonly { order: repo.OrderRow; body: SurchargeBody }[]): Promise<void> {
  // Every account's wallet before the first surcharge, in ascending order, not in file order.
  await lockWallets(tx, items.map((i) => i.order.accountId));
  const latest = new Map<string, repo.OrderRow>();
  for (const { order, body } of items) {
    const current = latest.get(order.id) ?? order;
    latest.set(current.id, await addSurchargeTo(ctx, tx, actor, current, body));
  }
  const byAccount = new Map<string, string[]>();
  for (const o of latest.values()) if (o.paymentStatus === 'surcharge-unpaid') byAccount.set(o.accountId, [...(byAccount.get(o.accountId) ?? []), o.id]);
  for (const [accountId, ids] of [...byAccount].sort(([a], [b]) => (a < b ? -1 : 1))) await autoPayIn(ctx, tx, actor, accountId, ids);
}
