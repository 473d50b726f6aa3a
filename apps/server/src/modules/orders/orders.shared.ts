import { and, eq, sql } from 'drizzle-orm';
import { translate, type HistoryReason, type OrderStatus, type PaymentStatus } from '@exship/contracts';
import type { OrderState } from '@exship/domain';
import type { WorkingDayCalendar } from '@exship/domain/working-days';
import { requireOwned, type Actor } from '../../platform/access';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { SnapshotCache } from '../catalog';
import { getWalletSummary, setUnpaidCents } from '../wallet';
import type { DimensionSource } from './orders.floor';
import { labelsPort, type OrderLabels } from './orders.labels';
import * as repo from './orders.repository';
import { orderLines, orders } from './orders.tables';

// What the orders use cases (orders.create.ts, orders.edit.ts, orders.pay.ts, …) share: the context
// every one of them takes first, the row types, and the few helpers more than one file needs.

export type OrderActor = Actor & { fullName?: string };

export interface OrderServiceDeps {
  db: Db;
  snapshot: SnapshotCache;
  calendar: WorkingDayCalendar;
  /** The clock (tests inject one). */
  now?: () => Date;
  /** The label facts, shipping's (orders.labels.ts); without it, reading a label throws. */
  labels?: OrderLabels;
  /** The measured values of a check-in, the warehouse floor's (orders.floor.ts); without it, confirming a dimension throws. */
  dimensions?: DimensionSource;
}

/** What every orders use case takes first: the service's dependencies and its clock. */
export interface OrderContext {
  db: Db;
  snapshot: SnapshotCache;
  calendar: WorkingDayCalendar;
  clock: () => Date;
  labels: OrderLabels;
  dimensions: DimensionSource;
}

export const orderContext = (deps: OrderServiceDeps): OrderContext => ({
  db: deps.db,
  snapshot: deps.snapshot,
  calendar: deps.calendar,
  clock: deps.now ?? (() => new Date()),
  labels: deps.labels ?? labelsPort().labels,
  dimensions: deps.dimensions ?? unconnectedDimensions,
});

const unconnectedDimensions: DimensionSource = {
  measuredOf: () => Promise.reject(new Error('no dimension source connected to the orders module')),
  carryOver: () => Promise.reject(new Error('no dimension source connected to the orders module')),
  leaveCarton: () => Promise.resolve(),
};

export const notFound = () => new AppError('ORDER_NOT_FOUND', 404);

export type LineValues = Omit<typeof orderLines.$inferInsert, 'orderId'>;
export type OrderValues = Omit<repo.NewOrder, 'exOrderId' | 'accountId' | 'createdBy' | 'status' | 'paymentStatus' | 'createdAt' | 'updatedAt'>;

export const EX_ORDER_ID = /^EX[0-9A-Z]{10}$/;
/** Orders per insert statement (one JSON parameter each, platform/db.ts insertRows). */
export const INSERT_CHUNK = 1000;

/** What an insert reads back of each order it created (not all 70 columns of 10,000 imported orders). */
export const CREATED_ORDER_COLUMNS = ['id', 'exOrderId', 'orderName', 'totalCents'] as const;
export type CreatedOrderRow = Pick<repo.OrderRow, (typeof CREATED_ORDER_COLUMNS)[number]>;
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * A history reason as stored: a person's words as they are; a platform reason by key (in `details`, for
 * the reader's language) and in English in `reason` (for exports and anything reading the column).
 */
export function historyReason(reason: HistoryReason): { reason: string; details?: { reasonKey: string; reasonVars: Record<string, string> } } {
  if (typeof reason === 'string') return { reason };
  const vars = reason.vars ?? {};
  return { reason: translate('en', `order.reason.${reason.key}`, vars).slice(0, 500), details: { reasonKey: reason.key, reasonVars: vars } };
}

/** The account has a credit line (a limit above 0), whether or not it is usable right now. */
export async function hasCreditLine(tx: Db, accountId: string): Promise<boolean> {
  const w = await getWalletSummary(tx, accountId);
  return w.credit !== null && w.credit.limit > 0;
}

export const stateOf = (o: repo.OrderRow): OrderState => ({
  status: o.status as OrderStatus,
  preStatus: o.preStatus as OrderStatus | null,
  paymentStatus: o.paymentStatus as PaymentStatus,
  checkInStatus: o.checkInStatus as OrderState['checkInStatus'],
  checkInAt: o.checkInAt,
  labeledAt: o.labeledAt,
  dimensionFlaggedAt: o.dimensionFlaggedAt,
  canceledAt: o.canceledAt,
  refundDueAt: o.refundDueAt,
});

export const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Tells the wallet what the accounts owe after a change of their orders, in the same transaction. */
export async function syncUnpaid(tx: Db, accountIds: Iterable<string>) {
  const ids = [...new Set(accountIds)];
  if (ids.length > 0) await setUnpaidCents(tx, await repo.unpaidCents(tx, ids));
}

export async function orderFor(tx: Db, actor: Actor, id: string, forUpdate = false): Promise<repo.OrderRow> {
  const [row] = await requireOwned(tx, actor, orders, [id], { notFound: 'ORDER_NOT_FOUND', forUpdate });
  return row!;
}

export async function nameTaken(tx: Db, accountId: string, orderName: string, exceptId?: string) {
  const [row] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.accountId, accountId), eq(orders.orderName, orderName), exceptId ? sql`${orders.id} <> ${exceptId}` : undefined));
  return row !== undefined;
}
