import { and, count, desc, eq, gte, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import { WALMART_CANCEL_REASONS, WALMART_LIMITS, WALMART_METHOD_CODES, type IntegrationOrderStatus, type ReconciliationListQuery, type ReconciliationResolveBody, type WalmartReconciliationKind } from '@exship/contracts';
import { WALMART_DIFFERENCE_IDENTITY, type WalmartDifference } from '@exship/domain';
import { requireOwned, scope, type Actor } from '../../platform/access';
import { AppError } from '../../platform/errors';
import { findUsersByIds } from '../users';
import type { Db, SqlResult } from '../../platform/db';
import { emit, RETRY } from '../../platform/jobs';
import { WALMART_CARRIERS, WalmartError } from './walmart.client';
import { WalmartAckOverdue } from './walmart.events';
import { integrationOrders, walmartPushLog, walmartReconciliation, walmartStores } from './walmart.tables';
import { type WalmartCore, type StoreRow, type IoRow, HOUR, DAY, orderStatusOf, iso } from './walmart.core';

// What changes a purchase order on Walmart (acknowledge, shipment, cancellation) with its retries, the
// acknowledge watchdog, and the reconciliation of Walmart's statuses with ours.

/** The columns of a reconciliation row that a difference's identity compares. */
const differenceColumns = {
  kind: walmartReconciliation.kind,
  walmartStatus: walmartReconciliation.walmartStatus,
  exshipStatus: walmartReconciliation.exshipStatus,
} satisfies Record<(typeof WALMART_DIFFERENCE_IDENTITY)[number], unknown>;

export function createPush(c: WalmartCore) {
  const { deps, db, now, clientFor, queuePushes, failStore, storeNames } = c;

  // ── pushes ────────────────────────────────────────────────────────────────────────────────────

  async function logPush(io: IoRow, kind: string, ok: boolean, err?: WalmartError | Error) {
    await db.insert(walmartPushLog).values({ accountId: io.accountId, integrationOrderId: io.id, kind, at: now(), ok, httpStatus: err instanceof WalmartError ? err.httpStatus : ok ? 200 : null, error: err ? err.message.slice(0, 500) : null });
  }

  /**
   * The push job: sends the pending push of an integration order. A failure is recorded on the order
   * and rethrown for pg-boss's retry (back-off 30 s doubling); after the last retry it stays failed
   * for the seller to retry. A maintenance answer shows SPEC §8's message and is retried alike.
   */
  async function push(id: string, retryCount: number): Promise<void> {
    const [io] = await db.select().from(integrationOrders).where(eq(integrationOrders.id, id));
    if (!io || io.pushState !== 'pending' && io.pushState !== 'maintenance' || !io.pushKind) return;
    const [store] = await db.select().from(walmartStores).where(eq(walmartStores.id, io.storeId));
    // A paused store keeps its push pending: resuming queues it again.
    if (!store || store.state === 'paused') return;
    const kind = io.pushKind as 'acknowledge' | 'shipment' | 'cancellation';
    try {
      if (store.state !== 'connected') throw new WalmartError('credentials', 'the store is not connected');
      const client = clientFor(store);
      const lines = io.lines.filter((l) => l.status !== 'Cancelled').map((l) => ({ lineNumber: l.lineNumber, quantity: l.quantity }));
      let set: Partial<IoRow> = {};
      if (kind === 'acknowledge') {
        await client.acknowledge(io.purchaseOrderId);
        set = { acknowledgedAt: now(), status: io.status === 'Created' ? 'Acknowledged' : io.status };
      } else if (kind === 'shipment') {
        const label = io.orderId ? await deps.labelOf(io.orderId) : undefined;
        if (!label) throw new Error('the order has no label');
        const carrier = WALMART_CARRIERS.find((c) => c.toLowerCase() === (label.carrierCode ?? '').toLowerCase() || c.toLowerCase() === (label.carrierName ?? '').toLowerCase());
        await client.ship(io.purchaseOrderId, {
          lines,
          shipDateTime: now().getTime(),
          carrier,
          otherCarrier: carrier ? undefined : (label.carrierName ?? label.carrierCode ?? 'ExShip'),
          methodCode: (WALMART_METHOD_CODES as readonly string[]).includes(io.shippingMethod) ? io.shippingMethod : 'Standard',
          trackingNumber: label.trackingNumber,
          trackingUrl: `${deps.appUrl}/track/${label.publicCode}`,
        });
        set = { status: 'Shipped', trackingNumber: label.trackingNumber, lines: io.lines.map((l) => (l.status === 'Cancelled' ? l : { ...l, status: 'Shipped' })) };
      } else {
        await client.cancel(io.purchaseOrderId, lines, await cancellationReasonFor(io, store));
        set = { status: 'Cancelled', lines: io.lines.map((l) => ({ ...l, status: 'Cancelled' })) };
      }
      await db.update(integrationOrders).set({ ...set, pushState: 'pushed', pushAttempts: io.pushAttempts + 1, pushError: null, pushErrorVars: null, pushLastAt: now(), pushNextAt: null }).where(eq(integrationOrders.id, id));
      await logPush(io, kind, true);
    } catch (err) {
      const e = err as Error;
      const wm = err instanceof WalmartError ? err : undefined;
      const last = retryCount >= RETRY.retryLimit || wm?.kind === 'rejected' || wm?.kind === 'credentials';
      const key = wm?.kind === 'maintenance' ? 'error.WALMART_PUSH_MAINTENANCE' : wm?.kind === 'rejected' ? 'walmart.error.rejected' : wm?.kind === 'credentials' ? 'walmart.error.tokenRefused' : wm?.kind === 'malformed' ? 'walmart.error.malformed' : 'walmart.error.unavailable';
      // pg-boss's next attempt: 30 s doubling (platform/jobs.ts RETRY).
      const nextAt = last ? null : new Date(now().getTime() + RETRY.retryDelay * 1000 * 2 ** retryCount);
      await db
        .update(integrationOrders)
        .set({ pushState: last ? 'failed' : wm?.kind === 'maintenance' ? 'maintenance' : 'pending', pushAttempts: io.pushAttempts + 1, pushError: key, pushErrorVars: { detail: e.message.slice(0, 200) }, pushLastAt: now(), pushNextAt: nextAt })
        .where(eq(integrationOrders.id, id));
      await logPush(io, kind, false, e);
      if (wm?.kind === 'credentials') await failStore(store.id, wm);
      if (!last) throw err;
    }
  }

  /** The label of a draft order was bought: its shipment goes to Walmart (in the event's transaction). */
  async function labelBought(tx: Db, orderId: string) {
    const rows = await tx.select({ id: integrationOrders.id }).from(integrationOrders).where(and(eq(integrationOrders.orderId, orderId), inArray(integrationOrders.status, ['Created', 'Acknowledged'])));
    await queuePushes(tx, rows.map((r) => r.id), 'shipment');
  }

  /**
   * The ExShip order was cancelled: the cancellation goes to Walmart. Its reason is read when the push
   * runs (outside this event's transaction): Walmart's code named in the person's reason, else the
   * one the seller chose on our cancel, else the store's default.
   */
  async function orderCanceled(tx: Db, orderId: string) {
    const rows = await tx
      .select({ id: integrationOrders.id, cancellationReason: integrationOrders.cancellationReason })
      .from(integrationOrders)
      .where(and(eq(integrationOrders.orderId, orderId), inArray(integrationOrders.status, ['Created', 'Acknowledged'])));
    for (const r of rows) await queuePushes(tx, [r.id], 'cancellation', { cancellationReason: r.cancellationReason });
    // Walmart cancelled first: cancelling (or refunding) the ExShip order settles that difference.
    await tx
      .update(walmartReconciliation)
      .set({ resolvedAt: now() })
      .where(
        and(
          eq(walmartReconciliation.kind, 'cancelled-on-walmart'),
          isNull(walmartReconciliation.resolvedAt),
          inArray(walmartReconciliation.integrationOrderId, tx.select({ id: integrationOrders.id }).from(integrationOrders).where(eq(integrationOrders.orderId, orderId))),
        ),
      );
  }

  async function cancellationReasonFor(io: IoRow, store: StoreRow): Promise<string> {
    if (io.cancellationReason) return io.cancellationReason;
    const said = io.orderId && deps.cancelReasonOf ? await deps.cancelReasonOf(io.orderId) : '';
    const code = (WALMART_CANCEL_REASONS as readonly string[]).find((c) => said.toUpperCase().includes(c)) ?? store.defaultCancelReason;
    await db.update(integrationOrders).set({ cancellationReason: code }).where(eq(integrationOrders.id, io.id));
    return code;
  }

  // ── watchdog and reconciliation ───────────────────────────────────────────────────────────────

  /** Walmart wants an acknowledgement within 4 hours: at 3 hours the seller is told, once per order. */
  async function ackWatchdog(): Promise<number> {
    const at = now();
    return db.transaction(async (tx) => {
      const due = await tx
        .update(integrationOrders)
        .set({ ackFlaggedAt: at })
        .where(
          and(
            isNull(integrationOrders.acknowledgedAt),
            isNull(integrationOrders.ackFlaggedAt),
            eq(integrationOrders.status, 'Created'),
            eq(integrationOrders.shipNodeType, 'SellerFulfilled'),
            sql`${integrationOrders.orderDate} <= ${new Date(at.getTime() - WALMART_LIMITS.ackWatchdogHours * HOUR)}`,
          ),
        )
        .returning({ id: integrationOrders.id, accountId: integrationOrders.accountId, po: integrationOrders.purchaseOrderId, storeId: integrationOrders.storeId, ackDueAt: integrationOrders.ackDueAt });
      const names = await storeNames(due.map((d) => d.storeId), tx);
      for (const d of due) await emit(tx, WalmartAckOverdue, { accountId: d.accountId, integrationOrderId: d.id, purchaseOrderId: d.po, storeName: names.get(d.storeId) ?? '', ackDueAt: d.ackDueAt.toISOString(), at: at.toISOString() });
      return due.length;
    });
  }

  /**
   * Compares Walmart's status of the store's open orders (those with a push not landed, and those with
   * a difference still open) with ours. A difference is resolved by the first run that no longer finds it.
   */
  async function reconcile(storeId: string): Promise<number> {
    const [store] = await db.select().from(walmartStores).where(eq(walmartStores.id, storeId));
    if (!store || store.state !== 'connected') return 0;
    const client = clientFor(store);
    const open = await db
      .select()
      .from(integrationOrders)
      .where(
        and(
          eq(integrationOrders.storeId, storeId),
          // Also an order with a difference still open, so a run can see it settled.
          or(
            inArray(integrationOrders.status, ['Created', 'Acknowledged']),
            ne(integrationOrders.pushState, 'none'),
            sql`exists (select 1 from ${walmartReconciliation} r where r.integration_order_id = ${integrationOrders.id} and r.resolved_at is null)`,
          ),
          gte(integrationOrders.orderDate, new Date(now().getTime() - 180 * DAY)),
        ),
      )
      .limit(2000);
    const statuses = open.some((o) => o.orderId) ? await deps.orders.statusesOf(open.flatMap((o) => (o.orderId ? [o.orderId] : []))) : new Map<string, { status: string }>();
    const at = now();
    let found = 0;
    for (const io of open) {
      const wm = await client.getOrder(io.purchaseOrderId);
      const walmartStatus = wm ? orderStatusOf(wm.orderLines.orderLine.map((l) => ({ status: l.orderLineStatuses.orderLineStatus[0]!.status }))) : null;
      const ours = statuses.get(io.orderId ?? '')?.status ?? null;
      const kinds: WalmartReconciliationKind[] = [];
      if (!wm) kinds.push('missing-on-walmart');
      else {
        if ((walmartStatus === 'Cancelled' || walmartStatus === 'Refund') && ours && !['canceled', 'waiting-cancel'].includes(ours)) kinds.push('cancelled-on-walmart');
        if (ours && ['labeled', 'shipped', 'delivered', 'completed'].includes(ours) && (walmartStatus === 'Created' || walmartStatus === 'Acknowledged')) kinds.push('push-missing');
        if (ours === 'canceled' && walmartStatus !== 'Cancelled') kinds.push('push-missing');
        if (walmartStatus !== io.status && !kinds.includes('push-missing')) kinds.push('status-differs');
      }
      await db.transaction(async (tx) => {
        if (kinds.length > 0) found += await recordDifferences(tx, io, kinds.map((kind) => ({ kind, walmartStatus, exshipStatus: ours })), at);
        await tx
          .update(walmartReconciliation)
          .set({ resolvedAt: at })
          .where(and(eq(walmartReconciliation.integrationOrderId, io.id), isNull(walmartReconciliation.resolvedAt), kinds.length > 0 ? sql`${walmartReconciliation.kind} not in (select jsonb_array_elements_text(${JSON.stringify(kinds)}::jsonb))` : undefined));
        // Walmart's own status is taken as ours (a cancellation or delivery we did not see).
        if (wm && walmartStatus && walmartStatus !== io.status && !kinds.includes('push-missing')) {
          await tx.update(integrationOrders).set({ status: walmartStatus, lastSeenAt: at }).where(eq(integrationOrders.id, io.id));
        }
      });
    }
    await db.update(walmartStores).set({ reconciledAt: at }).where(eq(walmartStores.id, storeId));
    return found;
  }

  /**
   * Records the differences a run found for one integration order, in one statement, and says how many
   * are open after it: a difference already open is not listed twice, and one a person resolved by hand
   * stays resolved when found again the same (WALMART_DIFFERENCE_IDENTITY: same kind, same statuses).
   */
  async function recordDifferences(tx: Db, io: IoRow, differences: WalmartDifference[], at: Date): Promise<number> {
    const sameAs = and(...WALMART_DIFFERENCE_IDENTITY.map((k) => sql`${differenceColumns[k]} is not distinct from c.${sql.identifier(k)}`));
    const result = (await tx.execute(sql`
      with fresh as (
        select c.* from jsonb_to_recordset(${JSON.stringify(differences)}::jsonb) as c("kind" text, "walmartStatus" text, "exshipStatus" text)
        where not exists (select 1 from ${walmartReconciliation} where ${walmartReconciliation.integrationOrderId} = ${io.id}::uuid and ${walmartReconciliation.resolvedBy} is not null and ${sameAs})
      ), added as (
        insert into ${walmartReconciliation} (account_id, store_id, integration_order_id, kind, walmart_status, our_status, exship_status, detected_at)
        select ${io.accountId}::uuid, ${io.storeId}::uuid, ${io.id}::uuid, fresh."kind", fresh."walmartStatus", ${io.status}::text, fresh."exshipStatus", ${at.toISOString()}::timestamptz from fresh
        on conflict do nothing
      )
      select count(*)::int as n from fresh`)) as unknown as SqlResult;
    return Number(result.rows[0]?.n ?? 0);
  }

  type ReconciliationRecord = typeof walmartReconciliation.$inferSelect;

  async function reconciliationViews(rows: { r: ReconciliationRecord; po: string }[], tx: Db = db) {
    const users = await findUsersByIds(tx, [...new Set(rows.flatMap(({ r }) => (r.resolvedBy ? [r.resolvedBy] : [])))]);
    const names = new Map(users.map((u) => [u.id, u.fullName || u.email]));
    return rows.map(({ r, po }) => ({
      id: r.id,
      integrationOrderId: r.integrationOrderId,
      storeId: r.storeId,
      purchaseOrderId: po,
      kind: r.kind as never,
      walmartStatus: r.walmartStatus,
      ourStatus: r.ourStatus as IntegrationOrderStatus,
      exshipOrderStatus: r.exshipStatus,
      detectedAt: r.detectedAt.toISOString(),
      resolvedAt: iso(r.resolvedAt),
      resolvedBy: r.resolvedBy ? (names.get(r.resolvedBy) ?? '') : null,
      resolutionNote: r.resolutionNote,
    }));
  }

  async function listReconciliation(actor: Actor, q: ReconciliationListQuery) {
    const state = q.state === 'open' ? isNull(walmartReconciliation.resolvedAt) : q.state === 'resolved' ? isNotNull(walmartReconciliation.resolvedAt) : undefined;
    const where = and(scope(actor, walmartReconciliation.accountId, q.customerId), q.storeId ? eq(walmartReconciliation.storeId, q.storeId) : undefined, state);
    const order = q.state === 'resolved' ? [desc(walmartReconciliation.resolvedAt), desc(walmartReconciliation.id)] : [desc(walmartReconciliation.detectedAt), desc(walmartReconciliation.id)];
    const rows = await db.select({ r: walmartReconciliation, po: integrationOrders.purchaseOrderId }).from(walmartReconciliation).innerJoin(integrationOrders, eq(integrationOrders.id, walmartReconciliation.integrationOrderId)).where(where).orderBy(...order).limit(q.pageSize).offset((q.page - 1) * q.pageSize);
    const [total] = await db.select({ n: count() }).from(walmartReconciliation).where(where);
    const [last] = await db.select({ at: sql<Date | null>`max(${walmartStores.reconciledAt})` }).from(walmartStores).where(scope(actor, walmartStores.accountId, q.customerId));
    return {
      items: await reconciliationViews(rows),
      total: Number(total?.n ?? 0),
      page: q.page,
      pageSize: q.pageSize,
      lastRunAt: last?.at ? new Date(last.at).toISOString() : null,
    };
  }

  /** A difference settled outside ExShip (refunded on Walmart by phone): closed by a person, with why. */
  async function resolveReconciliation(actor: Actor, id: string, body: ReconciliationResolveBody) {
    return db.transaction(async (tx) => {
      // Another seller's difference answers 404, as an unknown one does.
      const [row] = await requireOwned(tx, actor, walmartReconciliation, [id], { notFound: 'WALMART_RECONCILIATION_NOT_FOUND', forUpdate: true });
      // The row is locked until this transaction ends: no one else can close it after this check.
      if (row!.resolvedAt) throw new AppError('WALMART_RECONCILIATION_CLOSED', 409);
      const [closed] = await tx.update(walmartReconciliation).set({ resolvedAt: now(), resolvedBy: actor.userId, resolutionNote: body.note }).where(eq(walmartReconciliation.id, id)).returning();
      const [io] = await tx.select({ po: integrationOrders.purchaseOrderId }).from(integrationOrders).where(eq(integrationOrders.id, closed!.integrationOrderId));
      const [view] = await reconciliationViews([{ r: closed!, po: io?.po ?? '' }], tx);
      return view!;
    });
  }

  // ── store settings ────────────────────────────────────────────────────────────────────────────

  return { push, labelBought, orderCanceled, ackWatchdog, reconcile, listReconciliation, resolveReconciliation };
}
export type WalmartPush = ReturnType<typeof createPush>;
