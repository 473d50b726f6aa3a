import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { OrderDetail, OrderFees, OrderListQuery, OrderListReply, OrderStatus, OrderSummary, OrderUserAction, PaymentStatus } from '@exship/contracts';
import { allowedActions, editScope, fromCents, refundableCents } from '@exship/domain';
import { accountScope, actsForAnyAccount, type Actor } from '../../platform/access';
import type { Db } from '../../platform/db';
import { findUsersByIds } from '../users';
import { orderMoney } from '../wallet';
import type { OrderLabel } from './orders.labels';
import * as repo from './orders.repository';
import { iso, notFound, orderFor, stateOf, type OrderContext } from './orders.shared';
import { orderHistory, orderLines, orderSurcharges, orders } from './orders.tables';

// Reading orders: the detail, the list with its status counts, the export, and the lookups other
// modules make (rowsByExOrderIds, statusesOf, visibleIds). The label's facts (tracking number,
// routing status) come from shipping through `ctx.labels`: one query per page, never one per row.

function reasonKeyOf(details: unknown): { reasonKey: string | null; reasonVars: Record<string, string> | null } {
  const d = (details ?? {}) as { reasonKey?: unknown; reasonVars?: unknown };
  return typeof d.reasonKey === 'string' ? { reasonKey: d.reasonKey, reasonVars: (d.reasonVars as Record<string, string> | undefined) ?? {} } : { reasonKey: null, reasonVars: null };
}

const feesOf = (o: repo.OrderRow): OrderFees => ({
  shippingFee: fromCents(o.shippingFeeCents),
  discount: fromCents(o.discountCents),
  taxFee: fromCents(o.taxFeeCents),
  seasonalFee: fromCents(o.seasonalFeeCents),
  overLengthFee: fromCents(o.overLengthFeeCents),
  signatureFee: fromCents(o.signatureFeeCents),
  surcharge: fromCents(o.surchargeCents),
  total: fromCents(o.totalCents),
});

type Customer = { id: string; email: string; fullName: string };

function toSummary(o: repo.OrderRow, customer: Customer | null, label: OrderLabel | undefined, unpaidSurchargeCents: number): OrderSummary {
  return {
    id: o.id,
    exOrderId: o.exOrderId,
    orderName: o.orderName,
    customer,
    status: o.status as OrderStatus,
    preStatus: o.preStatus as OrderStatus | null,
    paymentStatus: o.paymentStatus as PaymentStatus,
    routingStatus: label?.routingStatus ?? null,
    checkInStatus: o.checkInStatus as OrderSummary['checkInStatus'],
    scheduleStatus: o.scheduleStatus as OrderSummary['scheduleStatus'],
    quantity: o.quantity,
    lengthCm: o.lengthCm,
    widthCm: o.widthCm,
    heightCm: o.heightCm,
    weightGr: o.weightGr,
    serviceCode: o.serviceCode,
    carrierCode: o.carrierCode,
    trackingNumber: label?.trackingNumber ?? null,
    totalPrice: fromCents(o.totalCents),
    surcharge: fromCents(o.surchargeCents),
    unpaidSurcharge: fromCents(unpaidSurchargeCents),
    country: o.country,
    shipTo: { name: `${o.firstName} ${o.lastName}`.trim(), city: o.city, state: o.state, country: o.country },
    labelUs: o.labelUs,
    createdAt: o.createdAt.toISOString(),
  };
}

export async function detail(ctx: OrderContext, tx: Db, row: repo.OrderRow): Promise<OrderDetail> {
  const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, row.id)).orderBy(asc(orderLines.position));
  const history = await tx.select().from(orderHistory).where(eq(orderHistory.orderId, row.id)).orderBy(asc(orderHistory.seq));
  const surcharges = await tx.select().from(orderSurcharges).where(eq(orderSurcharges.orderId, row.id)).orderBy(asc(orderSurcharges.createdAt));
  const people = await findUsersByIds(tx, [row.accountId, ...history.flatMap((h) => (h.actorId ? [h.actorId] : []))]);
  const byId = new Map(people.map((u) => [u.id, u]));
  const owner = byId.get(row.accountId);
  const label = (await ctx.labels.labelsOf(tx, [row.id])).get(row.id);
  const state = stateOf(row);
  // A waiting refund is shown as the wallet will pay it (the same function as the credit), so an
  // amount scheduled before that rule never shows more than was paid.
  const refundCents = row.paymentStatus === 'waiting-refund' ? refundableCents(row.refundCents, await orderMoney(tx, row.id)) : row.refundCents;
  return {
    ...toSummary(
      row,
      owner ? { id: owner.id, email: owner.email, fullName: owner.fullName } : null,
      label,
      surcharges.reduce((n, s) => n + (s.paidAt === null ? s.amountCents : 0), 0),
    ),
    note: row.note,
    signature: row.signature,
    discountCode: row.discountCode,
    paymentMethod: row.paymentMethod as OrderDetail['paymentMethod'],
    labelTiktok: row.labelTiktok,
    recipient: {
      firstName: row.firstName,
      lastName: row.lastName,
      email: row.email,
      phone: row.phone,
      address1: row.address1,
      address2: row.address2,
      city: row.city,
      state: row.state,
      country: row.country,
      zipcode: row.zipcode,
      taxNumber: row.taxNumber,
    },
    serviceName: row.serviceName,
    warehouseCode: row.warehouseCode,
    fees: feesOf(row),
    lines: lines.map((l) => ({
      productId: l.productId,
      variantId: l.variantId,
      productName: l.productName,
      sku: l.sku,
      quantity: l.quantity,
      restrictedCategory: l.restrictedCategory,
      volumeMl: l.volumeMl,
      valueUsd: l.valueCents == null ? null : fromCents(l.valueCents),
    })),
    history: history.map((h) => {
      const who = h.actorId ? byId.get(h.actorId) : undefined;
      return {
        at: h.at.toISOString(),
        action: h.action,
        from: h.fromStatus,
        to: h.toStatus,
        paymentFrom: h.paymentFrom,
        paymentTo: h.paymentTo,
        by: who ? { id: who.id, fullName: who.fullName } : null,
        reason: h.reason,
        ...reasonKeyOf(h.details),
      };
    }),
    surcharges: surcharges.map((s) => ({ id: s.id, amount: fromCents(s.amountCents), reason: s.reason, detailReason: s.detailReason, note: s.note, paid: s.paidAt !== null, createdAt: s.createdAt.toISOString() })),
    allowedActions: allowedActions(state) as OrderUserAction[],
    editScope: editScope(state),
    labeledAt: iso(row.labeledAt),
    canceledAt: iso(row.canceledAt),
    refundDueAt: iso(row.refundDueAt),
    refundAmount: fromCents(refundCents),
    replacedBy: row.replacedBy,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function get(ctx: OrderContext, actor: Actor, id: string): Promise<OrderDetail> {
  return detail(ctx, ctx.db, await orderFor(ctx.db, actor, id));
}

export async function getByExOrderId(ctx: OrderContext, actor: Actor, exOrderId: string): Promise<OrderDetail> {
  const [row] = await ctx.db
    .select()
    .from(orders)
    .where(and(eq(orders.exOrderId, exOrderId), accountScope(actor) ? eq(orders.accountId, accountScope(actor)!) : undefined));
  if (!row) throw notFound();
  return detail(ctx, ctx.db, row);
}

export async function list(ctx: OrderContext, actor: Actor, query: OrderListQuery): Promise<OrderListReply> {
  const accountId = accountScope(actor, query.customerId);
  const { rows, total, counts } = await repo.listOrders(ctx.db, accountId, query, await trackedIds(ctx, accountId, query.keyword));
  const customers = actsForAnyAccount(actor) ? new Map((await findUsersByIds(ctx.db, [...new Set(rows.map((r) => r.accountId))])).map((u) => [u.id, u])) : null;
  const labels = await ctx.labels.labelsOf(ctx.db, rows.map((r) => r.id));
  const unpaid = await unpaidSurchargesOf(ctx.db, rows.filter((r) => r.paymentStatus === 'surcharge-unpaid').map((r) => r.id));
  return {
    items: rows.map((r) => {
      const c = customers?.get(r.accountId);
      return toSummary(r, c ? { id: c.id, email: c.email, fullName: c.fullName } : null, labels.get(r.id), unpaid.get(r.id) ?? 0);
    }),
    total,
    page: query.page,
    pageSize: query.pageSize,
    counts,
  };
}

/** The unpaid surcharges of each of `ids`, in cents: one query for a page (only orders that owe surcharges are asked about). */
async function unpaidSurchargesOf(db: Db, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ orderId: orderSurcharges.orderId, cents: sql<string>`sum(${orderSurcharges.amountCents})` })
    .from(orderSurcharges)
    .where(and(inArray(orderSurcharges.orderId, ids), isNull(orderSurcharges.paidAt)))
    .groupBy(orderSurcharges.orderId);
  return new Map(rows.map((r) => [r.orderId, Number(r.cents)]));
}

export async function exportRows(ctx: OrderContext, actor: Actor, query: Omit<OrderListQuery, 'page' | 'pageSize'>) {
  const accountId = accountScope(actor, query.customerId);
  const rows = await repo.exportOrders(ctx.db, accountId, query, 50_000, await trackedIds(ctx, accountId, query.keyword));
  // The customer of each order, a seller's own account included: the file names who it is for.
  const customers = new Map((await findUsersByIds(ctx.db, [...new Set(rows.map((r) => r.accountId))])).map((u) => [u.id, u]));
  const labels = await ctx.labels.labelsOf(ctx.db, rows.map((r) => r.id));
  return rows.map((r) => {
    const c = customers.get(r.accountId);
    return { row: r, label: labels.get(r.id) ?? null, customer: c ? { email: c.email, fullName: c.fullName } : null };
  });
}

/** The orders whose tracking number is the keyword (exactly), within the caller's scope: shipping's index finds them. */
async function trackedIds(ctx: OrderContext, accountId: string | undefined, keyword: string | undefined): Promise<string[]> {
  const kw = keyword?.trim();
  return kw ? ctx.labels.ordersWithTracking(ctx.db, accountId, kw) : [];
}

/** Orders by their EX ids, within one account or every account (`accountId` undefined). */
export async function rowsByExOrderIds(ctx: OrderContext, exOrderIds: string[], accountId: string | undefined): Promise<Map<string, repo.OrderRow>> {
  if (exOrderIds.length === 0) return new Map();
  const rows = await ctx.db
    .select()
    .from(orders)
    .where(and(inArray(orders.exOrderId, exOrderIds), accountId ? eq(orders.accountId, accountId) : undefined, isNull(orders.replacedBy)));
  return new Map(rows.map((r) => [r.exOrderId, r]));
}

/** The status and EX order id of each order among `ids` (the shipping module's views and messages). */
export async function statusesOf(ctx: OrderContext, ids: string[]): Promise<Map<string, { status: string; exOrderId: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await ctx.db.select({ id: orders.id, status: orders.status, exOrderId: orders.exOrderId }).from(orders).where(inArray(orders.id, ids));
  return new Map(rows.map((r) => [r.id, { status: r.status, exOrderId: r.exOrderId }]));
}

/** Live order ids of an account among `ids` (bulk access checks, one query). */
export async function visibleIds(ctx: OrderContext, actor: Actor, ids: string[]): Promise<string[]> {
  const rows = await ctx.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(inArray(orders.id, ids), accountScope(actor) ? eq(orders.accountId, accountScope(actor)!) : undefined, isNull(orders.replacedBy)));
  return rows.map((r) => r.id);
}
