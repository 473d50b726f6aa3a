import { and, asc, count, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import { dateFilterBound, INTEGRATION_ORDER_STATUSES, translate, WALMART_LIMITS, type IntegrationOrderStatus, type Language, type WalmartBackfillBody, type WalmartCallbackBody, type WalmartCancelReason, type WalmartConnectBody, type WalmartStore, type WalmartStoreCreateBody, type WalmartStoreUpdateBody } from '@exship/contracts';
import { accountScope, scope, type Actor } from '../../platform/access';
import { AppError, fieldError, sqlState } from '../../platform/errors';
import { sealSecret } from '../../platform/secrets';
import { resolveCustomerAccount } from '../products';
import { PushJob, ReconcileStoreJob, SyncStoreJob } from './walmart.events';
import { integrationOrders, walmartConnectSessions, walmartStores } from './walmart.tables';
import { createCore, DAY, iso, type StoreRow, type WalmartDeps } from './walmart.core';
import { createOrderViews } from './walmart.orders';
import { createPush } from './walmart.push';
import { createSync } from './walmart.sync';

// The Walmart integration's use cases (docs/walmart.md): stores and the connect flow here; the sync in
// walmart.sync.ts; pushes, the watchdog and the reconciliation in walmart.push.ts; integration orders
// and mappings in walmart.orders.ts; what they share in walmart.core.ts.

const CONNECT_TTL_MS = 30 * 60_000;
/** Orders synced per transaction: one page of Walmart's. */

export function createWalmartService(deps: WalmartDeps) {
  const c = createCore(deps);
  const syncs = createSync(c);
  const pushes = createPush(c);
  const views = createOrderViews(c, pushes, syncs);
  const { sync, makeDrafts } = syncs;
  const { push, labelBought, orderCanceled, ackWatchdog, reconcile, listReconciliation, resolveReconciliation } = pushes;
  const { listOrders, getOrder, acknowledge, cancel, retryPush, listSkuMappings, saveSkuMapping, deleteSkuMapping, listMethodMappings, saveMethodMappings } = views;
  const { db, now, checkCredentials, storeFor } = c;

  async function storeReplies(rows: StoreRow[], lang: Language): Promise<WalmartStore[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const counts = await db
      .select({ storeId: integrationOrders.storeId, status: integrationOrders.status, n: count() })
      .from(integrationOrders)
      .where(inArray(integrationOrders.storeId, ids))
      .groupBy(integrationOrders.storeId, integrationOrders.status);
    const flags = await db
      .select({
        storeId: integrationOrders.storeId,
        unmapped: sql<number>`count(*) filter (where ${integrationOrders.stage} in ('unmapped-sku', 'unmapped-method'))`,
        pushFailed: sql<number>`count(*) filter (where ${integrationOrders.pushState} in ('failed', 'maintenance'))`,
        ackOverdue: sql<number>`count(*) filter (where ${integrationOrders.ackFlaggedAt} is not null and ${integrationOrders.acknowledgedAt} is null and ${integrationOrders.status} = 'Created')`,
      })
      .from(integrationOrders)
      .where(inArray(integrationOrders.storeId, ids))
      .groupBy(integrationOrders.storeId);
    return rows.map((s) => {
      const byStatus = Object.fromEntries(INTEGRATION_ORDER_STATUSES.map((st) => [st, 0])) as Record<IntegrationOrderStatus, number>;
      for (const c of counts.filter((c) => c.storeId === s.id)) byStatus[c.status as IntegrationOrderStatus] = Number(c.n);
      const f = flags.find((x) => x.storeId === s.id);
      return {
        id: s.id,
        accountId: s.accountId,
        name: s.name,
        state: s.state as WalmartStore['state'],
        clientIdLast4: s.clientId ? s.clientId.slice(-4) : null,
        ackMode: s.ackMode as WalmartStore['ackMode'],
        autoPay: s.autoPay,
        defaultCancelReason: s.defaultCancelReason as WalmartCancelReason,
        demo: s.demo,
        lastSyncAt: iso(s.lastSyncAt),
        lastSyncCount: s.lastSyncCount,
        lastError: s.lastError ? translate(lang, s.lastError) : null,
        tokenFailingSince: iso(s.tokenFailingSince),
        backfill: s.backfill ? { from: s.backfill.from, to: s.backfill.to, state: s.backfill.state } : null,
        counts: { total: Object.values(byStatus).reduce((a, b) => a + b, 0), byStatus, unmappedSkus: Number(f?.unmapped ?? 0), pushFailed: Number(f?.pushFailed ?? 0), ackOverdue: Number(f?.ackOverdue ?? 0) },
        connectedAt: s.connectedAt.toISOString(),
        pausedAt: iso(s.pausedAt),
        disconnectedAt: iso(s.disconnectedAt),
      };
    });
  }

  const storeReply = async (row: StoreRow, lang: Language) => (await storeReplies([row], lang))[0]!;

  async function insertStore(accountId: string, userId: string, body: { name: string; clientId: string; clientSecret: string; ackMode: string; autoPay: boolean; defaultCancelReason?: string }, demo = false): Promise<StoreRow> {
    try {
      const [row] = await db
        .insert(walmartStores)
        .values({
          accountId,
          createdBy: userId,
          name: body.name,
          clientId: body.clientId,
          clientSecretSealed: sealSecret(deps.secrets, body.clientSecret),
          ackMode: body.ackMode,
          autoPay: body.autoPay,
          defaultCancelReason: body.defaultCancelReason ?? 'CUSTOMER_REQUESTED_SELLER_TO_CANCEL',
          demo,
          connectedAt: now(),
          syncWindowStart: new Date(now().getTime() - 7 * DAY),
        })
        .returning();
      return row!;
    } catch (err) {
      if (sqlState(err) === '23505') throw new AppError('WALMART_STORE_NAME_TAKEN', 409, { errors: [{ field: 'name', message: 'error.WALMART_STORE_NAME_TAKEN' }] });
      throw err;
    }
  }

  async function connect(actor: Actor, body: WalmartStoreCreateBody, lang: Language): Promise<WalmartStore> {
    const accountId = body.customerId && accountScope(actor, body.customerId) === body.customerId ? await resolveCustomerAccount(db, body.customerId) : actor.accountId;
    await checkCredentials(body.clientId, body.clientSecret);
    const row = await insertStore(accountId, actor.userId, body);
    await deps.jobs.send(SyncStoreJob, { storeId: row.id, mode: 'released' });
    return storeReply(row, lang);
  }

  // ── the connect flow ──────────────────────────────────────────────────────────────────────────

  /** A path of ours ("/integrations/walmart") or an URI on an allowed origin; never anything else (no open redirect). */
  function allowedCallback(uri: string): string | null {
    if (/^\/(?![/\\])[^\s]*$/.test(uri)) return uri;
    try {
      const u = new URL(uri);
      if (u.username || u.password) return null;
      return deps.callbackAllow.includes(u.origin) ? u.toString() : null;
    } catch {
      return null;
    }
  }

  async function startConnect(actor: Actor, body: WalmartConnectBody) {
    const callbackUri = body.callbackUri ? allowedCallback(body.callbackUri) : '/integrations/walmart';
    if (!callbackUri) throw new AppError('WALMART_CALLBACK_NOT_ALLOWED', 400, { errors: [{ field: 'callbackUri', message: 'error.WALMART_CALLBACK_NOT_ALLOWED' }] });
    const expiresAt = new Date(now().getTime() + CONNECT_TTL_MS);
    const [row] = await db.insert(walmartConnectSessions).values({ accountId: actor.accountId, userId: actor.userId, callbackUri, expiresAt }).returning();
    return { connectId: row!.id, callbackUri, expiresAt: expiresAt.toISOString() };
  }

  async function completeConnect(actor: Actor, body: WalmartCallbackBody, lang: Language) {
    const [session] = await db
      .update(walmartConnectSessions)
      .set({ usedAt: now() })
      .where(and(eq(walmartConnectSessions.id, body.connectId), eq(walmartConnectSessions.userId, actor.userId), isNull(walmartConnectSessions.usedAt), gte(walmartConnectSessions.expiresAt, now())))
      .returning();
    if (!session) throw new AppError('WALMART_CONNECT_NOT_FOUND', 404);
    // The allow-list may have changed since the start: checked again.
    const callbackUri = allowedCallback(session.callbackUri);
    if (!callbackUri) throw new AppError('WALMART_CALLBACK_NOT_ALLOWED', 400);
    await checkCredentials(body.clientId, body.clientSecret);
    const row = await insertStore(session.accountId, actor.userId, body);
    await deps.jobs.send(SyncStoreJob, { storeId: row.id, mode: 'released' });
    const sep = callbackUri.includes('?') ? '&' : '?';
    return { store: await storeReply(row, lang), redirectTo: `${callbackUri}${sep}storeId=${encodeURIComponent(row.id)}&status=connected` };
  }

  return {
    connect,
    startConnect,
    completeConnect,
    insertStore,
    sync,
    push,
    labelBought,
    orderCanceled,
    ackWatchdog,
    reconcile,
    makeDrafts,
    listOrders,
    getOrder,
    acknowledge,
    cancel,
    retryPush,
    listSkuMappings,
    saveSkuMapping,
    deleteSkuMapping,
    listMethodMappings,
    saveMethodMappings,
    listReconciliation,
    resolveReconciliation,

    async listStores(actor: Actor, customerId: string | undefined, lang: Language) {
      const rows = await db.select().from(walmartStores).where(scope(actor, walmartStores.accountId, customerId)).orderBy(asc(walmartStores.createdAt));
      return storeReplies(rows, lang);
    },
    async getStore(actor: Actor, id: string, lang: Language) {
      return storeReply(await storeFor(actor, id), lang);
    },
    async updateStore(actor: Actor, id: string, body: WalmartStoreUpdateBody, lang: Language) {
      const store = await storeFor(actor, id);
      if (body.clientId && body.clientSecret) await checkCredentials(body.clientId, body.clientSecret);
      const set: Partial<StoreRow> = { updatedAt: now() };
      if (body.name !== undefined) set.name = body.name;
      if (body.ackMode !== undefined) set.ackMode = body.ackMode;
      if (body.autoPay !== undefined) set.autoPay = body.autoPay;
      if (body.defaultCancelReason !== undefined) set.defaultCancelReason = body.defaultCancelReason;
      if (body.clientId && body.clientSecret) {
        Object.assign(set, { clientId: body.clientId, clientSecretSealed: sealSecret(deps.secrets, body.clientSecret), tokenFailingSince: null, lastError: null });
        // New credentials bring a token-failing or disconnected store back; a paused one stays paused.
        if (store.state !== 'paused') Object.assign(set, { state: 'connected', disconnectedAt: null });
      }
      try {
        const [row] = await db.update(walmartStores).set(set).where(eq(walmartStores.id, id)).returning();
        return storeReply(row!, lang);
      } catch (err) {
        if (sqlState(err) === '23505') throw new AppError('WALMART_STORE_NAME_TAKEN', 409, { errors: [{ field: 'name', message: 'error.WALMART_STORE_NAME_TAKEN' }] });
        throw err;
      }
    },
    async pauseStore(actor: Actor, id: string, lang: Language) {
      const store = await storeFor(actor, id);
      if (store.state !== 'connected' && store.state !== 'token-failing') throw new AppError('WALMART_STORE_NOT_ACTIVE', 409);
      const [row] = await db.update(walmartStores).set({ state: 'paused', pausedAt: now(), updatedAt: now() }).where(eq(walmartStores.id, id)).returning();
      return storeReply(row!, lang);
    },
    async resumeStore(actor: Actor, id: string, lang: Language) {
      const store = await storeFor(actor, id);
      if (store.state !== 'paused') throw new AppError('WALMART_STORE_NOT_ACTIVE', 409);
      const row = await db.transaction(async (tx) => {
        const [r] = await tx.update(walmartStores).set({ state: 'connected', pausedAt: null, updatedAt: now() }).where(eq(walmartStores.id, id)).returning();
        // Pushes that waited while paused go now.
        const waiting = await tx.select({ id: integrationOrders.id }).from(integrationOrders).where(and(eq(integrationOrders.storeId, id), inArray(integrationOrders.pushState, ['pending', 'maintenance'])));
        for (const w of waiting) await deps.jobs.send(PushJob, { integrationOrderId: w.id }, { tx });
        return r!;
      });
      return storeReply(row, lang);
    },
    async disconnectStore(actor: Actor, id: string, lang: Language) {
      await storeFor(actor, id);
      c.forgetClient(id);
      const [row] = await db.update(walmartStores).set({ state: 'disconnected', clientId: null, clientSecretSealed: null, syncCursor: null, disconnectedAt: now(), updatedAt: now() }).where(eq(walmartStores.id, id)).returning();
      return storeReply(row!, lang);
    },
    async queueSync(actor: Actor, id: string) {
      const store = await storeFor(actor, id);
      if (store.state !== 'connected') throw new AppError('WALMART_STORE_NOT_ACTIVE', 409);
      return { jobId: await deps.jobs.send(SyncStoreJob, { storeId: id, mode: 'released' }) };
    },
    async queueBackfill(actor: Actor, id: string, body: WalmartBackfillBody) {
      const store = await storeFor(actor, id);
      if (store.state !== 'connected') throw new AppError('WALMART_STORE_NOT_ACTIVE', 409);
      const from = dateFilterBound(body.from, 'from')!;
      const to = body.to ? Math.min(dateFilterBound(body.to, 'to')!, now().getTime()) : now().getTime();
      // Walmart answers the last 180 days only (a minute of slack for the request's way there).
      if (from < now().getTime() - WALMART_LIMITS.backfillMaxDays * DAY) throw fieldError('from', 'validation.walmart.backfillTooOld');
      if (from >= to) throw fieldError('from', 'validation.walmart.backfillFuture');
      await db.update(walmartStores).set({ backfill: { from: new Date(from).toISOString(), to: new Date(to).toISOString(), state: 'queued', cursor: null } }).where(eq(walmartStores.id, id));
      return { jobId: await deps.jobs.send(SyncStoreJob, { storeId: id, mode: 'backfill' }) };
    },
    async queueReconcile(actor: Actor, id: string) {
      const store = await storeFor(actor, id);
      if (store.state !== 'connected') throw new AppError('WALMART_STORE_NOT_ACTIVE', 409);
      return { jobId: await deps.jobs.send(ReconcileStoreJob, { storeId: id }) };
    },
    async activeStoreIds(): Promise<string[]> {
      return (await db.select({ id: walmartStores.id }).from(walmartStores).where(eq(walmartStores.state, 'connected'))).map((r) => r.id);
    },
  };
}
export type WalmartService = ReturnType<typeof createWalmartService>;
export type { WalmartDeps } from './walmart.core';
