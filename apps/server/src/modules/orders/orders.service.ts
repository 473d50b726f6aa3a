import type { HistoryReason, Measures, OrderAction, OrderCreateBody, OrderListQuery, OrderUpdateBody, OrderUserAction, RoutingStatus, SurchargeBody } from '@exship/contracts';
import type { Actor } from '../../platform/access';
import type { Db } from '../../platform/db';
import { act, redistributeOptions, refundIn, sweep } from './orders.cancel';
import { create, createDraftsIn, duplicate, price } from './orders.create';
import { update } from './orders.edit';
import { idsByCode, orderRow, priceAtMeasures } from './orders.floor';
import { followRouting, labelBought, lockOrder, lockOrderOf, transition, transitionMany, type Companion } from './orders.lifecycle';
import { payIn } from './orders.pay';
import { exportRows, get, getByExOrderId, list, rowsByExOrderIds, statusesOf, visibleIds } from './orders.queries';
import type * as repo from './orders.repository';
import { orderContext, type OrderActor, type OrderServiceDeps } from './orders.shared';
import { addSurcharge } from './orders.surcharges';

export { addressAndGoodsErrors, newExOrderId, type DraftOutcome } from './orders.create';
export type { Companion } from './orders.lifecycle';
export type { CreatedOrderRow, OrderActor, OrderServiceDeps } from './orders.shared';

/**
 * The orders use cases, one file each (orders.create.ts, orders.edit.ts, orders.pay.ts,
 * orders.cancel.ts, orders.surcharges.ts, orders.queries.ts, orders.lifecycle.ts), bound to one
 * context: the object the routes, the jobs and the other modules (shipping, wallet, billing) call.
 */
export function createOrderService(deps: OrderServiceDeps) {
  const ctx = orderContext(deps);
  return {
    transition: (tx: Db, row: repo.OrderRow, action: OrderAction, actorId: string | null, reason: HistoryReason = '', details?: Record<string, unknown>, companion?: Companion) =>
      transition(ctx, tx, row, action, actorId, reason, details, companion),
    transitionMany: (tx: Db, rows: readonly repo.OrderRow[], action: OrderAction, actorId: string | null, reason: HistoryReason = '', details?: Record<string, unknown>) => transitionMany(ctx, tx, rows, action, actorId, reason, details),

    price: (actor: OrderActor, body: OrderCreateBody) => price(ctx, actor, body),
    create: (actor: OrderActor, body: OrderCreateBody) => create(ctx, actor, body),
    /** Marketplace purchase orders as unpaid orders, in the caller's transaction (orders.create.ts createDraftsIn). */
    createDraftsIn: (tx: Db, actor: OrderActor, accountId: string, bodies: readonly OrderCreateBody[], reason: HistoryReason = '') => createDraftsIn(ctx, tx, actor, accountId, bodies, reason),
    update: (actor: OrderActor, id: string, body: OrderUpdateBody) => update(ctx, actor, id, body),
    get: (actor: Actor, id: string) => get(ctx, actor, id),
    getByExOrderId: (actor: Actor, exOrderId: string) => getByExOrderId(ctx, actor, exOrderId),
    list: (actor: Actor, query: OrderListQuery) => list(ctx, actor, query),
    exportRows: (actor: Actor, query: Omit<OrderListQuery, 'page' | 'pageSize'>) => exportRows(ctx, actor, query),
    payIn: (tx: Db, actor: OrderActor, orderIds: string[], reason: HistoryReason = '') => payIn(ctx, tx, actor, orderIds, reason),
    refundIn: (tx: Db, actor: OrderActor, id: string, body: { reason: string; amount?: number }) => refundIn(ctx, tx, actor, id, body),
    act: (actor: OrderActor, id: string, action: OrderUserAction, reason: string) => act(ctx, actor, id, action, reason),
    redistributeOptions: (actor: OrderActor, id: string) => redistributeOptions(ctx, actor, id),
    addSurcharge: (actor: OrderActor, id: string, body: SurchargeBody) => addSurcharge(ctx, actor, id, body),
    duplicate: (actor: OrderActor, id: string) => duplicate(ctx, actor, id),
    sweep: (kind: 'autoCancel' | 'dimensionTimeout' | 'refundDue', limit = 500) => sweep(ctx, kind, limit),
    lockOrder,
    lockOrderOf,
    /** The warehouse floor: orders a scanned code names (exOrderId, exact name) and the parcel's price at measured values. */
    idsByCode: (tx: Db, code: string) => idsByCode(tx, code),
    orderRow: (tx: Db, id: string) => orderRow(tx, id),
    priceAtMeasures: (tx: Db, row: repo.OrderRow, measured: Measures) => priceAtMeasures(ctx, tx, row, measured),
    labelBought: (tx: Db, row: repo.OrderRow, label: { trackingNumber: string; carrierId: string | null; carrierCode: string }, reason: HistoryReason = '') => labelBought(ctx, tx, row, label, reason),
    followRouting: (tx: Db, row: repo.OrderRow, status: RoutingStatus) => followRouting(ctx, tx, row, status),
    rowsByExOrderIds: (exOrderIds: string[], accountId: string | undefined) => rowsByExOrderIds(ctx, exOrderIds, accountId),
    statusesOf: (ids: string[]) => statusesOf(ctx, ids),
    visibleIds: (actor: Actor, ids: string[]) => visibleIds(ctx, actor, ids),
  };
}

export type OrderService = ReturnType<typeof createOrderService>;
