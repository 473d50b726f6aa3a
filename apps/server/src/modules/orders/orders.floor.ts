import { asc, eq, or, sql } from 'drizzle-orm';
import type { HistoryReason, Measures, OrderCreateBody, OrderDetail } from '@exship/contracts';
import { isAllowed } from '@exship/domain';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { insertOrder, pricedValues } from './orders.create';
import { transition } from './orders.lifecycle';
import { detail } from './orders.queries';
import type * as repo from './orders.repository';
import { orderFor, stateOf, type LineValues, type OrderActor, type OrderContext } from './orders.shared';
import { orderLines, orders } from './orders.tables';

// What the warehouse floor (which depends on orders) asks of an order: the orders a scanned code
// names, the price of the parcel at the measured values, and the seller's confirmation of a
// dimension error (a new order at the measured size replaces the old one). The measured values are
// the floor's: the orders module reads them through a port the floor connects at setup.

export interface DimensionSource {
  /** What the warehouse measured of an order (its check-in), or null. */
  measuredOf(tx: Db, orderId: string): Promise<Measures | null>;
  /** The parcel is in the warehouse: the replacement order carries its check-in. */
  carryOver(tx: Db, fromOrderId: string, to: { orderId: string; accountId: string; totalCents: number }): Promise<void>;
  /**
   * The order is being cancelled, in `tx` (its row locked): a parcel in an open carton is taken out;
   * in a closed carton the cancel is refused (409 ORDER_IN_CLOSED_CARTON naming the carton).
   */
  leaveCarton(tx: Db, orderId: string): Promise<void>;
}

/** The port the orders module reads measured values through; it refuses to answer until a source is connected. */
export function dimensionsPort() {
  let source: DimensionSource | undefined;
  const connected = () => {
    if (!source) throw new Error('no dimension source connected to the orders module');
    return source;
  };
  const dimensions: DimensionSource = {
    measuredOf: (tx, orderId) => connected().measuredOf(tx, orderId),
    carryOver: (tx, fromOrderId, to) => connected().carryOver(tx, fromOrderId, to),
    // Before the floor is connected there are no cartons to leave.
    leaveCarton: (tx, orderId) => (source ? source.leaveCarton(tx, orderId) : Promise.resolve()),
  };
  return {
    dimensions,
    /** Called once, by the floor module's setup. */
    connect(s: DimensionSource): void {
      if (source) throw new Error('a dimension source is already connected');
      source = s;
    },
  };
}

/**
 * Orders a scanned code names besides a tracking number: the exOrderId (upper-cased), else the exact
 * order name, across accounts (staff scans). The exOrderId's match comes first.
 */
export async function idsByCode(tx: Db, code: string): Promise<string[]> {
  const exOrderId = code.toUpperCase();
  const rows = await tx
    .select({ id: orders.id, exOrderId: orders.exOrderId, orderName: orders.orderName })
    .from(orders)
    .where(or(eq(orders.exOrderId, exOrderId), sql`lower(${orders.orderName}) = ${code.toLowerCase()}`))
    .orderBy(asc(orders.createdAt))
    .limit(20);
  const byId = rows.filter((r) => r.exOrderId === exOrderId);
  return (byId.length > 0 ? byId : rows.filter((r) => r.orderName === code)).map((r) => r.id);
}

/** An order's row, read without a lock (the floor's views). */
export async function orderRow(tx: Db, id: string): Promise<repo.OrderRow | undefined> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id));
  return row;
}

/** The body an order would be created from, at other measures (for the quote's pricing). */
function bodyOf(row: repo.OrderRow, m: Measures, discountCode: string | undefined): OrderCreateBody {
  return {
    orderName: row.orderName,
    note: row.note,
    serviceCode: row.serviceCode,
    signature: row.signature,
    discountCode,
    weightGr: m.weightGr,
    lengthCm: m.lengthCm,
    widthCm: m.widthCm,
    heightCm: m.heightCm,
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
    lines: [],
    labelTiktok: row.labelTiktok,
    paymentMethod: row.paymentMethod as OrderCreateBody['paymentMethod'],
  };
}

/**
 * The order's parcel priced at the measured values by the quote's own pricing (the function an order
 * is priced with when created): the row values of a new order. The order's discount code is kept when
 * it still applies; one that no longer does (used up, expired) is left out rather than refusing the price.
 */
export async function priceAtMeasures(ctx: OrderContext, tx: Db, row: repo.OrderRow, m: Measures, lines: readonly LineValues[] = []) {
  try {
    return await pricedValues(ctx, row.accountId, bodyOf(row, m, row.discountCode ?? undefined), lines, tx);
  } catch (err) {
    if (!row.discountCode || !(err instanceof AppError) || !err.code.startsWith('DISCOUNT_')) throw err;
    return pricedValues(ctx, row.accountId, bodyOf(row, m, undefined), lines, tx);
  }
}

/**
 * SPEC §4: the seller confirms the measured size of an order in error-dimension. A new order at the
 * measured values and their price replaces it — unpaid, for the seller to pay, and already checked
 * in (the parcel is in the warehouse) — and the old one is cancelled, its refund scheduled 7 working
 * days on (the lifecycle's terms). One transaction: both or neither.
 */
export async function confirmDimension(ctx: OrderContext, actor: OrderActor, id: string, reason: string): Promise<OrderDetail> {
  return ctx.db.transaction(async (tx) => {
    const old = await orderFor(tx, actor, id, true);
    if (!isAllowed(stateOf(old), 'confirmDimension')) throw new AppError('ACTION_NOT_ALLOWED_FOR_STATUS', 409, { details: { status: old.status, action: 'confirmDimension' } });
    const measured = await ctx.dimensions.measuredOf(tx, old.id);
    if (!measured) throw new AppError('CHECK_IN_NOT_FOUND', 404);
    const lines = (await tx.select().from(orderLines).where(eq(orderLines.orderId, old.id)).orderBy(asc(orderLines.position))).map(
      ({ id: _id, orderId: _orderId, ...line }) => line,
    );
    const values = await priceAtMeasures(ctx, tx, old, measured, lines);
    // The new order takes the name; the old one keeps it with a suffix so the name stays unique.
    await tx.update(orders).set({ orderName: `${old.orderName}-old-${old.exOrderId.slice(-4)}`.slice(0, 60) }).where(eq(orders.id, old.id));
    const fresh = await insertOrder(ctx, tx, old.accountId, actor, { ...values, checkInStatus: 'checked-in', checkInAt: old.checkInAt ?? ctx.clock() }, lines, {
      key: 'created.dimension',
      vars: { exOrderId: old.exOrderId },
    });
    await tx.update(orders).set({ replacedBy: fresh.id }).where(eq(orders.id, old.id));
    await ctx.dimensions.carryOver(tx, old.id, { orderId: fresh.id, accountId: old.accountId, totalCents: fresh.totalCents });
    const why: HistoryReason = reason.trim() ? reason : { key: 'dimensionReplaced', vars: { exOrderId: fresh.exOrderId } };
    const canceled = await transition(ctx, tx, { ...old, replacedBy: fresh.id }, 'confirmDimension', actor.userId, why, { replacedBy: fresh.exOrderId });
    return detail(ctx, tx, canceled);
  });
}
