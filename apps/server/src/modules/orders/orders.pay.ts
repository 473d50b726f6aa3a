import { and, inArray, isNull } from 'drizzle-orm';
import type { HistoryReason } from '@exship/contracts';
import { amountToPayCents, fromCents, isAllowed } from '@exship/domain';
import { requireOwned } from '../../platform/access';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { consumeDiscountUses } from '../discounts';
import { debitWallet, getWalletSummary, lockWallets, walletNote, type OrderLink } from '../wallet';
import { transitionMany } from './orders.lifecycle';
import type * as repo from './orders.repository';
import { hasCreditLine, stateOf, type OrderActor, type OrderContext } from './orders.shared';
import { orderSurcharges, orders } from './orders.tables';

// Paying orders from the wallet: the pay action, and auto-pay right after a create or a surcharge.

/** Orders to be paid on credit need their account to have a credit line: 409 naming them otherwise. */
async function refuseCreditWithoutLine(tx: Db, rows: readonly repo.OrderRow[]): Promise<void> {
  const onCredit = rows.filter((r) => r.paymentMethod === 'credit');
  const without: repo.OrderRow[] = [];
  for (const accountId of new Set(onCredit.map((r) => r.accountId))) {
    if (!(await hasCreditLine(tx, accountId))) without.push(...onCredit.filter((r) => r.accountId === accountId));
  }
  if (without.length > 0) {
    throw new AppError('ORDER_CREDIT_UNAVAILABLE', 409, { vars: { orders: without.map((r) => r.exOrderId).join(', ') }, details: { orders: without.map((r) => ({ id: r.id, exOrderId: r.exOrderId })) } });
  }
}


/**
 * Auto-pay (the seller's wallet setting): orders just created, or a surcharge just added, are paid in
 * the transaction that wrote them, so a crash cannot leave them created and the payment forgotten.
 * The payment runs in a savepoint: when the wallet does not cover it (or a discount is used up) they
 * simply stay unpaid. Answers whether they were paid.
 */
export async function autoPayIn(ctx: OrderContext, tx: Db, actor: OrderActor, accountId: string, orderIds: string[]): Promise<boolean> {
  if (orderIds.length === 0 || !(await getWalletSummary(tx, accountId)).autoPay) return false;
  try {
    await tx.transaction((sp) => payIn(ctx, sp, actor, orderIds, { key: 'autoPay' }));
    return true;
  } catch (e) {
    if (e instanceof AppError && ['INSUFFICIENT_FUNDS', 'INSUFFICIENT_BALANCE', 'CREDIT_BLOCKED', 'DISCOUNT_USED_UP', 'ACTION_NOT_ALLOWED_FOR_STATUS'].includes(e.code)) return false;
    throw e;
  }
}

/**
 * Pays orders from their sellers' wallets in `tx` (the caller's, so an Idempotency-Key's reply
 * commits with it), all or nothing: every order must allow `pay` (an unpaid order's price, or its
 * unpaid surcharges); each wallet is debited once for its orders, wallets in ascending account order.
 */
export async function payIn(ctx: OrderContext, tx: Db, actor: OrderActor, orderIds: string[], reason: HistoryReason = '') {
  const ids = [...new Set(orderIds)].sort();
  const rows = await requireOwned(tx, actor, orders, ids, { notFound: 'ORDER_NOT_FOUND', forUpdate: true });
  const refused = rows.filter((r) => !isAllowed(stateOf(r), 'pay'));
  if (refused.length > 0) {
    throw new AppError('ACTION_NOT_ALLOWED_FOR_STATUS', 409, { details: { action: 'pay', orders: refused.map((r) => ({ id: r.id, exOrderId: r.exOrderId, status: r.status, paymentStatus: r.paymentStatus })) } });
  }
  // The lock order of platform/db.ts: the orders (above, by id), then their wallets, then the
  // discount uses, the ledger and the status counters.
  await lockWallets(tx, rows.map((r) => r.accountId));
  const owedSurcharges = await tx
    .select()
    .from(orderSurcharges)
    .where(and(inArray(orderSurcharges.orderId, rows.filter((r) => r.paymentStatus === 'surcharge-unpaid').map((r) => r.id).concat('00000000-0000-0000-0000-000000000000')), isNull(orderSurcharges.paidAt)));
  const byAccount = new Map<string, OrderLink[]>();
  for (const r of rows) {
    const links = byAccount.get(r.accountId) ?? [];
    // The one rule the list's bulk-pay confirmation shows too (packages/domain order-pay.ts).
    const unpaidSurchargeCents = owedSurcharges.filter((x) => x.orderId === r.id).reduce((n, x) => n + x.amountCents, 0);
    const cents = amountToPayCents({ paymentStatus: r.paymentStatus, totalCents: r.totalCents, unpaidSurchargeCents });
    if (cents > 0) links.push({ orderId: r.id, kind: r.paymentStatus === 'surcharge-unpaid' ? 'surcharge' : 'order', amountCents: cents });
    byAccount.set(r.accountId, links);
  }
  // Discount uses are consumed now, exactly once per order, under the discounts' limits.
  await consumeDiscountUses(
    tx,
    rows.filter((r) => r.paymentStatus === 'unpaid' && r.discountId !== null && r.discountCents > 0).map((r) => ({ discountId: r.discountId!, accountId: r.accountId, orderId: r.id, exOrderId: r.exOrderId })),
  );
  await refuseCreditWithoutLine(tx, rows);
  const transactionIds: string[] = [];
  let amountCents = 0;
  let balanceAfterCents = 0;
  const method = new Map(rows.map((r) => [r.id, r.paymentMethod]));
  for (const accountId of [...byAccount.keys()].sort()) {
    // Orders paid by debit take the balance only, first; the others the balance, then the credit line.
    const all = byAccount.get(accountId)!;
    const parts = [all.filter((l) => method.get(l.orderId) === 'debit'), all.filter((l) => method.get(l.orderId) !== 'debit')];
    for (const [i, links] of parts.entries()) {
      const sum = links.reduce((n, l) => n + l.amountCents, 0);
      if (sum === 0) continue;
      const note = links.length === 1 ? walletNote('payOrder') : walletNote('payOrders', { count: String(links.length) });
      const paid = await debitWallet(tx, { accountId, amountCents: sum, actorId: actor.userId, ...note, orders: links }, { creditLine: i === 1 });
      transactionIds.push(paid.transactionId);
      amountCents += sum;
      balanceAfterCents = paid.balanceAfterCents;
    }
  }
  if (owedSurcharges.length > 0) await tx.update(orderSurcharges).set({ paidAt: ctx.clock() }).where(inArray(orderSurcharges.id, owedSurcharges.map((x) => x.id)));
  await transitionMany(ctx, tx, rows, 'pay', actor.userId, reason);
  return { paid: rows.length, amount: fromCents(amountCents), balanceAfter: fromCents(balanceAfterCents), transactionIds };
}
