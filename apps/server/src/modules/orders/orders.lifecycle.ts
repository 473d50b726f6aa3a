import { and, eq, inArray, isNull, sql, type SQL, type WithSubquery } from 'drizzle-orm';
import type { HistoryReason, OrderAction, OrderStatus, PaymentStatus, RoutingStatus } from '@exship/contracts';
import { apply, isRefundDue, refundableCents, refundAmountCents } from '@exship/domain';
import { preparedOn, type Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { emitMany } from '../../platform/jobs';
import { creditWallet, lockWallets, orderMoney, walletNote } from '../wallet';
import { findUsersByIds } from '../users';
import { OrderStatusChanged, fulfilmentEventsOf, type OrderPaid, type OrderPaidEvent } from './orders.events';
import * as repo from './orders.repository';
import { historyReason, INSERT_CHUNK, iso, notFound, stateOf, syncUnpaid, type OrderContext } from './orders.shared';
import { orderHistory, orderSurcharges, orders } from './orders.tables';

// The lifecycle: how an order's status changes (the domain's table decides), and the calls the
// shipping module makes on a locked order (lockOrder, labelBought, followRouting).

/**
 * THE way an order's status changes: the domain's table decides, the change, its history entry and the
 * list's stored count per status are written together, and OrderStatusChanged (plus the fulfilment
 * facts of FULFILMENT_EVENTS) is emitted in the same transaction. `actorId` null = the platform. Used by the actions, the jobs and (later) the wallet and
 * the carriers.
 */
export async function transition(ctx: OrderContext, tx: Db, row: repo.OrderRow, action: OrderAction, actorId: string | null, reason: HistoryReason = '', details?: Record<string, unknown>, companion?: Companion) {
  return (await transitionMany(ctx, tx, [row], action, actorId, reason, details, companion))[0]!;
}

/**
 * Writes of another module that ride with a one-order transition, in the statement that updates the
 * order (one round trip to the database instead of one per write; the floor's scans use it): WITH
 * queries built once per `key` by `build`, holding placeholders whose names start with `c_`, filled
 * from `values`; `returning` names values the statement reads back from them (scalar subqueries),
 * handed to `received`. The queries run even when the update misses the order (a concurrent
 * change): the transition then throws, and the caller's transaction takes them back.
 */
export interface Companion {
  key: string;
  build: (db: Db) => { queries: WithSubquery[]; returning: Record<string, SQL> };
  values: Record<string, unknown>;
  received?: (values: Record<string, unknown>) => void;
}

/**
 * `transition` for many orders in a few statements (a bulk pay of 1,000 orders): every order must
 * allow `action` (else nothing is written); rows whose change is the same are updated by one guarded
 * UPDATE, the history and the events are written in one statement each. Returns the updated rows in
 * the order given.
 */
export async function transitionMany(ctx: OrderContext, tx: Db, rows: readonly repo.OrderRow[], action: OrderAction, actorId: string | null, reason: HistoryReason = '', details?: Record<string, unknown>, companion?: Companion): Promise<repo.OrderRow[]> {
  if (companion && rows.length !== 1) throw new Error('a companion rides with a one-order transition only');
  const why = historyReason(reason);
  const now = ctx.clock();
  const paysRefund = action === 'refund' || action === 'refundDue' || action === 'refundCustom';
  const results = rows.map((row) => apply(stateOf(row), action, { now, calendar: ctx.calendar }));
  // A change that moves no money (the same payment status, no refund, not into or out of canceled:
  // a check-in, a carrier's scan) leaves the wallet and what the account owes alone, so it takes no
  // wallet lock: the status counters are written in one statement in a fixed order.
  const movesMoney =
    action === 'pay' ||
    paysRefund ||
    results.some((r, i) => !r.ok || r.refund !== 'none' || r.state.paymentStatus !== rows[i]!.paymentStatus || (r.state.status === 'canceled') !== (rows[i]!.status === 'canceled'));
  // A cancelled parcel leaves its open carton in this transaction (a closed one refuses the cancel),
  // before the wallets are locked: the floor's lock order is the order, then its carton.
  for (const [i, row] of rows.entries()) {
    const r = results[i]!;
    const to = r.ok ? r.state.status : null;
    if ((to === 'canceled' || to === 'waiting-cancel') && row.status !== 'canceled' && row.status !== 'waiting-cancel') await ctx.dimensions.leaveCarton(tx, row.id);
  }
  // The rows are locked by the caller; their wallets next, before a refund's ledger entries and the
  // status counters (the lock order of platform/db.ts).
  if (movesMoney) await lockWallets(tx, rows.map((r) => r.accountId));
  const planned = [];
  for (const [i, row] of rows.entries()) {
    const result = results[i]!;
    if (!result.ok) throw new AppError('ACTION_NOT_ALLOWED_FOR_STATUS', 409, { details: { status: row.status, action } });
    // A refund scheduled by this change is fixed now, by the §9 formula over what was paid (an unpaid
    // surcharge is never given back) and never above paid − refunded: the amount the order shows.
    // Paying it out credits the same function's amount, in this same transaction.
    let refundCents = row.refundCents;
    if (result.refund !== 'none') refundCents = refundableCents(refundAmountCents(row, result.refund, await unpaidSurchargeCents(tx, row.id)), await orderMoney(tx, row.id));
    else if (paysRefund && (result.state.paymentStatus === 'refund' || result.state.paymentStatus === 'refund-custom')) refundCents = refundableCents(row.refundCents, await orderMoney(tx, row.id));
    const s = result.state;
    const set = {
      status: s.status,
      preStatus: s.preStatus,
      paymentStatus: s.paymentStatus,
      labeledAt: s.labeledAt,
      checkInStatus: s.checkInStatus,
      checkInAt: s.checkInAt,
      dimensionFlaggedAt: s.dimensionFlaggedAt,
      canceledAt: s.canceledAt,
      refundDueAt: s.refundDueAt,
      refundCents,
      paidAt: action === 'pay' && row.paidAt === null ? now : row.paidAt,
      updatedAt: now,
    };
    planned.push({ row, result, set, changes: changedColumns(row, set) });
  }
  if (paysRefund) {
    for (const { row, set } of planned) {
      if (set.refundCents > 0 && (set.paymentStatus === 'refund' || set.paymentStatus === 'refund-custom')) {
        await creditWallet(tx, 'refund', { accountId: row.accountId, amountCents: set.refundCents, actorId, ...walletNote('refundOrder', { order: row.exOrderId }), orders: [{ orderId: row.id, kind: 'refund', amountCents: set.refundCents }] });
      }
    }
  }
  const history = planned.map(({ row, set, result }) => ({
    orderId: row.id,
    at: now,
    actorId,
    action,
    fromStatus: row.status,
    toStatus: set.status,
    paymentFrom: row.paymentStatus,
    paymentTo: set.paymentStatus,
    reason: why.reason,
    details: { ...details, ...why.details, refund: result.refund },
  }));
  // One order (an action, a scan): its history entry is written by the statement that updates it (a
  // refused update throws, and the transaction takes the entry back with it). More orders: their
  // entries are inserted below, a chunk at a time.
  const single = planned.length === 1;
  const updatedById = new Map<string, repo.OrderRow>();
  if (single) {
    // One order: the update and its history entry are one statement prepared once per action and set
    // of changed columns (an action on one order, a scan, runs it often).
    const { row, changes } = planned[0]!;
    const entry = history[0]!;
    // The companion's placeholders first: the spread of an object of ~60 names onto an empty one is a
    // copy of its shape (names added one by one to another object would grow it name by name).
    const values: Record<string, unknown> = { ...companion?.values, id: row.id, status: row.status, paymentStatus: row.paymentStatus };
    for (const [k, v] of Object.entries(changes)) values[`set_${k}`] = driverValue(v);
    for (const [k, v] of Object.entries(entry)) values[`history_${k}`] = k === 'details' ? JSON.stringify(v) : driverValue(v);
    const [updated] = (await preparedOn(oneOrderUpdate(ctx.db, Object.keys(changes), companion), tx).execute(values)) as Record<string, unknown>[];
    if (!updated) throw new AppError('ACTION_NOT_ALLOWED_FOR_STATUS', 409, { details: { status: row.status, action } });
    // With a companion (a scan), the row as updated is the one read under the lock with the changed
    // columns (orders have no trigger nor generated column): the statement reads back no row of ~80
    // columns. Callers that wrote the row since they read it get it from the database.
    updatedById.set(row.id, companion ? { ...row, ...changes } : (updated as repo.OrderRow));
    companion?.received?.(updated);
  } else {
    // Orders that read the same status and get the same change share one UPDATE, guarded on the status
    // read: a concurrent change makes it miss the row, and the whole call is refused instead of a lost update.
    const groups = new Map<string, { set: (typeof planned)[number]['changes']; from: repo.OrderRow; ids: string[] }>();
    for (const p of planned) {
      const key = JSON.stringify([p.row.status, p.row.paymentStatus, p.changes]);
      const g = groups.get(key) ?? { set: p.changes, from: p.row, ids: [] };
      g.ids.push(p.row.id);
      groups.set(key, g);
    }
    for (const g of groups.values()) {
      for (let at = 0; at < g.ids.length; at += INSERT_CHUNK * 5) {
        const ids = g.ids.slice(at, at + INSERT_CHUNK * 5);
        const updated = await tx
          .update(orders)
          .set(g.set)
          .where(and(inArray(orders.id, ids), eq(orders.status, g.from.status), eq(orders.paymentStatus, g.from.paymentStatus)))
          .returning();
        if (updated.length !== ids.length) throw new AppError('ACTION_NOT_ALLOWED_FOR_STATUS', 409, { details: { status: g.from.status, action } });
        for (const u of updated) updatedById.set(u.id, u);
      }
    }
  }
  const moves = new Map<string, { accountId: string; from: string; to: string; n: number }>();
  for (const { row, set } of planned) {
    const key = `${row.accountId}|${row.status}|${set.status}`;
    const m = moves.get(key) ?? { accountId: row.accountId, from: row.status, to: set.status, n: 0 };
    m.n++;
    moves.set(key, m);
  }
  for (const m of moves.values()) await repo.countStatusChange(tx, m.accountId, m.from, m.to, m.n);
  // The label delay in force at payment holds, whatever the seller sets later (OrderPaid.labelDueAt).
  const labelDelays = new Map<string, number>();
  if (action === 'pay') for (const u of await findUsersByIds(tx, new Set(rows.map((r) => r.accountId)))) labelDelays.set(u.id, u.labelPurchaseDelayHours);
  for (let at = 0; at < planned.length; at += INSERT_CHUNK) {
    const part = planned.slice(at, at + INSERT_CHUNK);
    if (!single) await tx.insert(orderHistory).values(history.slice(at, at + INSERT_CHUNK));
    await emitMany(
      tx,
      OrderStatusChanged,
      part.map(({ row, set, result }) => ({
        orderId: row.id,
        accountId: row.accountId,
        exOrderId: row.exOrderId,
        action,
        from: row.status as OrderStatus,
        to: set.status,
        paymentFrom: row.paymentStatus as PaymentStatus,
        paymentTo: set.paymentStatus,
        refund: result.refund,
        refundDueAt: iso(set.refundDueAt),
        refundCents: set.refundCents,
        at: now.toISOString(),
      })),
    );
    const changes = part.map(({ row, set }) => ({ orderId: row.id, accountId: row.accountId, exOrderId: row.exOrderId, action, from: row.status as OrderStatus, to: set.status, labelDelayHours: labelDelays.get(row.accountId) ?? 0, at: now }));
    for (const [event, payloads] of fulfilmentEventsOf(changes)) await emitMany(tx, event as typeof OrderPaid, payloads as OrderPaidEvent[]);
  }
  if (movesMoney) await syncUnpaid(tx, rows.map((r) => r.accountId));
  const updated = rows.map((r) => updatedById.get(r.id)!);
  // A refund due at once (a paid order cancelled before its label) is part of the cancellation: paid
  // in this transaction, not left for the hourly refund job.
  const dueNow = action === 'refundDue' ? [] : updated.filter((u) => isRefundDue(stateOf(u), now));
  if (dueNow.length === 0) return updated;
  const refunded = new Map((await transitionMany(ctx, tx, dueNow, 'refundDue', actorId, { key: 'refundAtCancel' })).map((u) => [u.id, u]));
  return updated.map((u) => refunded.get(u.id) ?? u);
}

/** A value as the driver takes it for a placeholder given as is (no column encoder): a date as ISO text. */
const driverValue = (v: unknown) => (v instanceof Date ? v.toISOString() : v);

const HISTORY_COLUMNS = ['orderId', 'at', 'actorId', 'action', 'fromStatus', 'toStatus', 'paymentFrom', 'paymentTo', 'reason', 'details'] as const;
const oneOrderUpdates = new WeakMap<Db, Map<string, ReturnType<typeof buildOneOrderUpdate>>>();

/** `transitionMany`'s statement for one order changing `columns` (with a companion's writes), guarded on the status read: built once per database. */
function oneOrderUpdate(db: Db, columns: string[], companion: Companion | undefined) {
  let byColumns = oneOrderUpdates.get(db);
  if (!byColumns) oneOrderUpdates.set(db, (byColumns = new Map()));
  const key = `${columns.join(',')}|${companion?.key ?? ''}`;
  let statement = byColumns.get(key);
  if (!statement) byColumns.set(key, (statement = buildOneOrderUpdate(db, columns, companion, byColumns.size)));
  return statement;
}

function buildOneOrderUpdate(db: Db, columns: string[], companion: Companion | undefined, n: number) {
  // Every value is a placeholder given as is (a null too): the caller passes driver values.
  const P = (name: string) => sql`${sql.placeholder(name)}` as never;
  const historyWith = db.$with('history').as(db.insert(orderHistory).values(Object.fromEntries(HISTORY_COLUMNS.map((k) => [k, P(`history_${k}`)])) as never));
  const rides = companion?.build(db);
  const update = db
    .with(historyWith, ...(rides?.queries ?? []))
    .update(orders)
    .set(Object.fromEntries(columns.map((k) => [k, P(`set_${k}`)])))
    .where(and(eq(orders.id, P('id')), eq(orders.status, P('status')), eq(orders.paymentStatus, P('paymentStatus'))));
  const name = `orders_transition_one_${n}`;
  return rides ? update.returning({ id: orders.id, ...rides.returning }).prepare(name) : update.returning().prepare(name);
}

/**
 * The columns of a transition's change whose value differs from the row's (and updated_at): an
 * unchanged column is not written, so a change of no indexed column (a check-in) stays a HOT update —
 * a timestamp read into a Date (milliseconds) and written back would differ from the stored microseconds.
 */
function changedColumns<T extends { updatedAt: Date }>(row: repo.OrderRow, set: T): Partial<T> & { updatedAt: Date } {
  const changes: Partial<T> & { updatedAt: Date } = { updatedAt: set.updatedAt } as Partial<T> & { updatedAt: Date };
  for (const [key, value] of Object.entries(set) as [keyof T & keyof repo.OrderRow, unknown][]) {
    const before: unknown = row[key];
    const same = value instanceof Date && before instanceof Date ? value.getTime() === before.getTime() : value === before;
    if (!same) (changes as Record<string, unknown>)[key as string] = value;
  }
  return changes;
}

/** The surcharges of an order added and never paid: they were not taken from the wallet, so they are never refunded. */
async function unpaidSurchargeCents(tx: Db, orderId: string): Promise<number> {
  const [r] = await tx
    .select({ cents: sql<string | null>`sum(${orderSurcharges.amountCents})` })
    .from(orderSurcharges)
    .where(and(eq(orderSurcharges.orderId, orderId), isNull(orderSurcharges.paidAt)));
  return Number(r?.cents ?? 0);
}

/** For the platform's other modules: load an order by id in a transaction, locked. */
export async function lockOrder(tx: Db, id: string): Promise<repo.OrderRow> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
  if (!row) throw notFound();
  return row;
}

/**
 * `lockOrder` for an id another module finds with a subquery of its own (`idOf`, one uuid or none):
 * the lookup and the lock in one statement. undefined when it names no order. With `prepared`, `idOf`
 * holds placeholders of `prepared.values` and the statement is prepared once under `prepared.name`.
 */
export async function lockOrderOf(tx: Db, idOf: SQL, prepared?: { name: string; values: Record<string, unknown> }): Promise<repo.OrderRow | undefined> {
  const query = () => tx.select().from(orders).where(sql`${orders.id} = ${idOf}`).for('update');
  if (!prepared) return (await query())[0];
  // `idOf` holds placeholders for `values`: the statement is built once (per driver) and named.
  const driver = (tx as unknown as { _: { session: object } })._.session.constructor;
  let byName = lockStatements.get(driver);
  if (!byName) lockStatements.set(driver, (byName = new Map()));
  let statement = byName.get(prepared.name);
  if (!statement) byName.set(prepared.name, (statement = query().prepare(prepared.name)));
  return ((await preparedOn(statement, tx).execute(prepared.values)) as repo.OrderRow[])[0];
}
const lockStatements = new WeakMap<object, Map<string, { execute(values: Record<string, unknown>): Promise<unknown> }>>();

/**
 * The carrier sold a label (the shipping module, which keeps the label's facts in its tracker): the
 * order takes the label's carrier as its routing assignment (a re-distribute chose another one), then
 * ⚙ labelPurchased. `row` is locked by the caller.
 */
export async function labelBought(ctx: OrderContext, tx: Db, row: repo.OrderRow, label: { trackingNumber: string; carrierId: string | null; carrierCode: string }, reason: HistoryReason = ''): Promise<repo.OrderRow> {
  let current = row;
  if (row.carrierId !== label.carrierId || row.carrierCode !== label.carrierCode) {
    const [u] = await tx.update(orders).set({ carrierId: label.carrierId, carrierCode: label.carrierCode, updatedAt: ctx.clock() }).where(eq(orders.id, row.id)).returning();
    current = u!;
  }
  return transition(ctx, tx, current, 'labelPurchased', null, reason, { trackingNumber: label.trackingNumber, carrierCode: label.carrierCode });
}

/**
 * The carrier's newest routing status (the shipping module's poller, which keeps it in its tracker):
 * the first scan after the label ships a labeled order, a delivery delivers it (SPEC §4 display rules
 * then show the routing status). Statuses that say nothing of the parcel's movement change nothing here.
 */
export async function followRouting(ctx: OrderContext, tx: Db, row: repo.OrderRow, status: RoutingStatus): Promise<repo.OrderRow> {
  let current = row;
  const moving = !['pre-shipment', 'lost', 'error', 'expired', 'alert'].includes(status);
  if (moving && current.status === 'labeled') current = await transition(ctx, tx, current, 'ship', null, { key: 'carrierMoving', vars: { status } });
  if (status === 'delivered' && current.status === 'shipped') current = await transition(ctx, tx, current, 'deliver', null, { key: 'carrierDelivered' });
  return current;
}
