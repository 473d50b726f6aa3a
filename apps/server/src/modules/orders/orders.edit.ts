import { eq } from 'drizzle-orm';
import type { OrderUpdateBody } from '@exship/contracts';
import { editScope, fromCents, isAllowed, paidPriceChange } from '@exship/domain';
import { AppError } from '../../platform/errors';
import { insertOrder, orderValues } from './orders.create';
import { transition } from './orders.lifecycle';
import type * as repo from './orders.repository';
import { nameTaken, orderFor, stateOf, syncUnpaid, type OrderActor, type OrderContext } from './orders.shared';
import { orderHistory, orderLines, orders } from './orders.tables';

// Editing an order: in full while it has no label (a paid one keeps its price), its address only as
// a new order once labeled.

/** The domain rule `paidPriceChange`, said as 409 ORDER_PAID_PRICE_CHANGE naming the fields and both prices. */
function refusePaidPriceChange(paid: repo.OrderRow, next: Parameters<typeof paidPriceChange>[1]): void {
  const fields = paidPriceChange(paid, next);
  if (!fields) return;
  const paidCents = paid.totalCents - paid.surchargeCents;
  throw new AppError('ORDER_PAID_PRICE_CHANGE', 409, {
    vars: { paid: `$${fromCents(paidCents).toFixed(2)}`, total: `$${fromCents(next.totalCents).toFixed(2)}` },
    errors: fields.map((field) => ({ field, message: 'validation.order.paidPriceInput' })),
    details: { paid: fromCents(paidCents), total: fromCents(next.totalCents) },
  });
}

export async function update(ctx: OrderContext, actor: OrderActor, id: string, body: OrderUpdateBody) {
  const current = await orderFor(ctx.db, actor, id);
  const scope = editScope(stateOf(current));
  if (scope === 'none') throw new AppError('ORDER_NOT_EDITABLE', 409, { details: { status: current.status } });
  const { values, lines } = await orderValues(ctx, current.accountId, body);
  if (scope === 'full') {
    const row = await ctx.db.transaction(async (tx) => {
      const locked = await orderFor(tx, actor, id, true);
      if (editScope(stateOf(locked)) !== 'full') throw new AppError('ORDER_NOT_EDITABLE', 409, { details: { status: locked.status } });
      if (await nameTaken(tx, locked.accountId, body.orderName, locked.id)) throw new AppError('ORDER_NAME_TAKEN', 409, { errors: [{ field: 'orderName', message: 'error.ORDER_NAME_TAKEN' }] });
      // A paid order keeps the price it was paid at; an unpaid one is priced again. A paid order may
      // change only in ways that keep that price: anything else would ship a parcel it was not paid for
      // (or keep money for one smaller than paid).
      const keepPrice = locked.paymentStatus !== 'unpaid';
      if (keepPrice) refusePaidPriceChange(locked, values);
      const priceFields = keepPrice
        ? {}
        : {
            shippingFeeCents: values.shippingFeeCents,
            discountCents: values.discountCents,
            taxFeeCents: values.taxFeeCents,
            seasonalFeeCents: values.seasonalFeeCents,
            overLengthFeeCents: values.overLengthFeeCents,
            signatureFeeCents: values.signatureFeeCents,
            totalCents: values.totalCents + locked.surchargeCents,
            costCents: values.costCents,
            discountId: values.discountId,
            discountCode: values.discountCode,
          };
      const { shippingFeeCents: _a, discountCents: _b, taxFeeCents: _c, seasonalFeeCents: _d, overLengthFeeCents: _e, signatureFeeCents: _f, totalCents: _g, costCents: _h, discountId: _i, discountCode: _j, ...rest } = values;
      void [_a, _b, _c, _d, _e, _f, _g, _h, _i, _j];
      const [updated] = await tx
        .update(orders)
        .set({ ...rest, ...priceFields, updatedAt: ctx.clock() })
        .where(eq(orders.id, locked.id))
        .returning();
      await tx.delete(orderLines).where(eq(orderLines.orderId, locked.id));
      if (lines.length > 0) await tx.insert(orderLines).values(lines.map((l) => ({ ...l, orderId: locked.id })));
      await tx.insert(orderHistory).values({ orderId: locked.id, at: ctx.clock(), actorId: actor.userId, action: 'edit', fromStatus: locked.status, toStatus: locked.status, reason: '' });
      if (!keepPrice) await syncUnpaid(tx, [locked.accountId]);
      // An order stopped by the address check goes back to its label once edited: the purchase checks the new address.
      if (isAllowed(stateOf(updated!), 'addressEdited')) return transition(ctx, tx, updated!, 'addressEdited', actor.userId, { key: 'addressRecheck' });
      return updated!;
    });
    return { id: row.id, exOrderId: row.exOrderId, replacedBy: null, totalPrice: fromCents(row.totalCents) };
  }
  // Labeled: only the address may change, as a new order; the old one is cancelled (refund after 7 working days).
  const same = (a: unknown, b: unknown) => String(a) === String(b);
  const changedBeyondAddress =
    !same(values.orderName, current.orderName) ||
    !same(values.serviceCode, current.serviceCode) ||
    !same(values.weightGr, current.weightGr) ||
    !same(values.lengthCm, current.lengthCm) ||
    !same(values.widthCm, current.widthCm) ||
    !same(values.heightCm, current.heightCm);
  if (changedBeyondAddress) throw new AppError('ORDER_ADDRESS_ONLY', 409);
  const created = await ctx.db.transaction(async (tx) => {
    const locked = await orderFor(tx, actor, id, true);
    if (editScope(stateOf(locked)) !== 'address-as-new-order') throw new AppError('ORDER_NOT_EDITABLE', 409, { details: { status: locked.status } });
    // The new order takes the name; the old one keeps it with a suffix so the name stays unique.
    await tx.update(orders).set({ orderName: `${locked.orderName}-old-${locked.exOrderId.slice(-4)}`.slice(0, 60) }).where(eq(orders.id, locked.id));
    const fresh = await insertOrder(ctx, tx, locked.accountId, actor, values, lines, { key: 'created.replaces', vars: { exOrderId: locked.exOrderId } });
    await tx.update(orders).set({ replacedBy: fresh.id }).where(eq(orders.id, locked.id));
    await transition(ctx, tx, { ...locked, replacedBy: fresh.id }, 'cancel', actor.userId, { key: 'addressReplaced', vars: { exOrderId: fresh.exOrderId } });
    return fresh;
  });
  return { id: current.id, exOrderId: current.exOrderId, replacedBy: { id: created.id, exOrderId: created.exOrderId }, totalPrice: fromCents(created.totalCents) };
}
