import { eq } from 'drizzle-orm';
import type { OrderDetail, OrderUserAction } from '@exship/contracts';
import { fromCents, isAllowed, toCents } from '@exship/domain';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { redistributeCandidates } from '../catalog';
import { orderMoney } from '../wallet';
import { confirmDimension } from './orders.floor';
import { transition } from './orders.lifecycle';
import { detail } from './orders.queries';
import * as repo from './orders.repository';
import { orderFor, stateOf, type OrderActor, type OrderContext } from './orders.shared';
import { orders } from './orders.tables';

// The §4 actions a person takes (hold, cancel, …), the staff refund, and the cron sweeps.

/**
 * Staff pay a cancelled order's waiting refund now, in `tx` (the caller's, for its Idempotency-Key):
 * the scheduled amount, or another one above 0 and not above what was paid less what was refunded
 * (payment status refund-custom). The wallet is credited in the same transaction.
 */
export async function refundIn(ctx: OrderContext, tx: Db, actor: OrderActor, id: string, body: { reason: string; amount?: number }): Promise<OrderDetail> {
  const row = await orderFor(tx, actor, id, true);
  if (!isAllowed(stateOf(row), 'refund')) throw new AppError('ACTION_NOT_ALLOWED_FOR_STATUS', 409, { details: { status: row.status, paymentStatus: row.paymentStatus, action: 'refund' } });
  const amountCents = body.amount === undefined ? row.refundCents : toCents(body.amount);
  if (amountCents === row.refundCents) return detail(ctx, tx, await transition(ctx, tx, row, 'refund', actor.userId, body.reason));
  const { paidCents, refundedCents } = await orderMoney(tx, row.id);
  const maxCents = paidCents - refundedCents;
  if (amountCents <= 0 || amountCents > maxCents) {
    throw new AppError('VALIDATION_FAILED', 400, { errors: [{ field: 'amount', message: amountCents <= 0 ? 'validation.refund.positive' : 'validation.refund.max' }], details: { max: fromCents(maxCents) } });
  }
  const [custom] = await tx.update(orders).set({ refundCents: amountCents }).where(eq(orders.id, row.id)).returning();
  return detail(ctx, tx, await transition(ctx, tx, custom!, 'refundCustom', actor.userId, body.reason, { scheduledCents: row.refundCents, amountCents }));
}

export async function act(ctx: OrderContext, actor: OrderActor, id: string, action: OrderUserAction, reason: string): Promise<OrderDetail> {
  // A confirmed dimension is a new order at the measured size replacing this one.
  if (action === 'confirmDimension') return confirmDimension(ctx, actor, id, reason);
  return ctx.db.transaction(async (tx) => {
    const row = await orderFor(tx, actor, id, true);
    // Re-distribute goes to another carrier: refused before the order changes when none serves its lane.
    if (action === 'redistribute' && isAllowed(stateOf(row), action) && redistributeCandidates(await ctx.snapshot.get(tx), row).length === 0) {
      throw new AppError('NO_OTHER_CARRIER', 409, { vars: { service: row.serviceName } });
    }
    const updated = await transition(ctx, tx, row, action, actor.userId, reason);
    return detail(ctx, tx, updated);
  });
}

/**
 * Cron sweeps (SPEC §4/§9): each finds the due orders and applies the platform event to each in its
 * own transaction, re-checking under a row lock, so a retried or overlapping run changes nothing twice.
 */
export async function sweep(ctx: OrderContext, kind: 'autoCancel' | 'dimensionTimeout' | 'refundDue', limit = 500): Promise<number> {
  const now = ctx.clock();
  const due = await repo.dueOrders(ctx.db, kind, now, limit);
  let done = 0;
  for (const id of due) {
    const changed = await ctx.db.transaction(async (tx) => {
      const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
      if (!row || !repo.isDue(kind, stateOf(row), now)) return false;
      await transition(ctx, tx, row, kind, null, { key: kind === 'autoCancel' ? 'autoCancel' : kind === 'dimensionTimeout' ? 'dimensionTimeout' : 'refundDue' });
      return true;
    });
    if (changed) done++;
  }
  return done;
}

/** The carriers a re-distribution of the order would go to (the first is taken); empty: it is refused. */
export async function redistributeOptions(ctx: OrderContext, actor: OrderActor, id: string): Promise<{ serviceName: string; carriers: { carrierId: string; carrierCode: string; carrierName: string }[] }> {
  const row = await orderFor(ctx.db, actor, id);
  const found = redistributeCandidates(await ctx.snapshot.get(), row);
  return { serviceName: row.serviceName, carriers: found.map((c) => ({ carrierId: c.id, carrierCode: c.code, carrierName: c.name })) };
}
