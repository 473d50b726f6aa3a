import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, gte, sql } from 'drizzle-orm';
import {
  WEBHOOK_EVENT_CATALOGUE,
  WEBHOOK_EVENT_SCHEMAS,
  WEBHOOK_EVENT_VERSION,
  WEBHOOK_LIMITS,
  type WebhookDelivery,
  type WebhookDeliveryDetail,
  type WebhookDeliveryListReply,
  type WebhookEndpoint,
  type WebhookEventData,
  type WebhookEventType,
  type WebhookSecret,
  type WebhookTestReply,
} from '@exship/contracts';
import type { Actor } from '../../platform/access';
import type { Db } from '../../platform/db';
import { AppError, fieldError } from '../../platform/errors';
import { assertPublicUrl } from '../../platform/outbound';
import { openSecret, sealSecret } from '../../platform/secrets';
import { createDeliveryWorker, type WebhookDeliveryDeps } from './webhooks.delivery';
import { newWebhookSecret } from './webhooks.signing';
import { webhookAttempts, webhookDeliveries, webhookEndpoints, webhookMessages } from './webhooks.tables';

// Webhook endpoints, messages and the delivery log of one account (docs/webhooks.md). Every read and
// change is limited to the caller's own account: an endpoint's secret is its owner's alone, so
// another account's id answers 404 whoever asks.

export interface WebhookDeps extends WebhookDeliveryDeps {
  /** NODE_ENV=production: endpoint URLs must be https. */
  production: boolean;
}

/**
 * Events of one order that happen at the same instant (one transaction) go out in this order; otherwise
 * the instant decides. A label is bought before its first scan; a cancellation before its refund.
 */
const RANK: Record<WebhookEventType, number> = {
  'order.created': 0,
  'order.paid': 1,
  'label.failed': 2,
  'label.purchased': 3,
  'parcel.checked_in': 4,
  'parcel.dimension_error': 5,
  'surcharge.added': 6,
  'tracking.updated': 7,
  'order.canceled': 8,
  'order.refunded': 9,
  'topup.accepted': 0,
  'topup.declined': 0,
  'webhook.test': 0,
};

type EndpointRow = typeof webhookEndpoints.$inferSelect;
type DeliveryRow = typeof webhookDeliveries.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function createWebhookService(deps: WebhookDeps) {
  const { db, keyring } = deps;
  const clock = deps.clock ?? (() => new Date());
  const worker = createDeliveryWorker(deps);

  const mask = (sealed: string | null) => {
    if (!sealed) return null;
    const value = openSecret(keyring, sealed);
    return value.length > 8 ? `${'•'.repeat(Math.min(12, value.length - 4))}${value.slice(-4)}` : '••••';
  };

  const endpointView = (r: EndpointRow): WebhookEndpoint => ({
    _id: r.id,
    url: r.url,
    description: r.description,
    method: 'POST',
    eventTypes: r.eventTypes,
    headerName: r.headerName,
    headerValueMasked: mask(r.headerValueSealed),
    status: r.status as WebhookEndpoint['status'],
    disabledReason: r.disabledReason as WebhookEndpoint['disabledReason'],
    disabledAt: iso(r.disabledAt),
    failingSince: iso(r.failingSince),
    previousSecretValidUntil: r.previousSecretExpiresAt && r.previousSecretExpiresAt > clock() ? r.previousSecretExpiresAt.toISOString() : null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  });

  const deliveryView = (r: DeliveryRow, publicId: string): WebhookDelivery => ({
    _id: r.id,
    endpointId: r.endpointId,
    messageId: publicId,
    eventType: r.eventType,
    orderId: r.orderId,
    status: r.status as WebhookDelivery['status'],
    attempts: r.attempts,
    lastHttpStatus: r.lastHttpStatus,
    lastDurationMs: r.lastDurationMs,
    lastError: r.lastError,
    lastAttemptAt: iso(r.lastAttemptAt),
    nextAttemptAt: r.status === 'pending' ? iso(r.nextAttemptAt) : null,
    createdAt: r.createdAt.toISOString(),
  });

  async function ownEndpoint(tx: Db, actor: Actor, id: string, forUpdate = false): Promise<EndpointRow> {
    const q = tx.select().from(webhookEndpoints).where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.accountId, actor.accountId)));
    const [row] = forUpdate ? await q.for('update') : await q;
    if (!row) throw new AppError('WEBHOOK_ENDPOINT_NOT_FOUND', 404);
    return row;
  }

  async function ownDelivery(tx: Db, actor: Actor, id: string): Promise<{ d: DeliveryRow; publicId: string; body: string }> {
    const [row] = await tx
      .select({ d: webhookDeliveries, publicId: webhookMessages.publicId, body: webhookMessages.body })
      .from(webhookDeliveries)
      .innerJoin(webhookMessages, eq(webhookMessages.id, webhookDeliveries.messageId))
      .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.accountId, actor.accountId)));
    if (!row) throw new AppError('WEBHOOK_DELIVERY_NOT_FOUND', 404);
    return row;
  }

  /** SPEC §5 well formed (the contract), https in production, and never a private address (SSRF; checked again at every send). */
  async function checkUrl(url: string) {
    if (deps.production && !url.toLowerCase().startsWith('https://')) throw fieldError('url', 'validation.url.httpsRequired');
    await assertPublicUrl(url, deps.outbound(), 'url');
  }

  /** Inserts one message and its deliveries (to `endpointIds`), due now. Returns the delivery ids. */
  async function insertMessage(
    tx: Db,
    m: { accountId: string; type: WebhookEventType; data: unknown; orderId: string | null; occurredAt: Date },
    endpointIds: readonly string[],
  ): Promise<string[]> {
    const data = WEBHOOK_EVENT_SCHEMAS[m.type].parse(m.data);
    const publicId = `msg_${randomUUID().replace(/-/g, '')}`;
    const body = JSON.stringify({ id: publicId, type: m.type, version: WEBHOOK_EVENT_VERSION, timestamp: m.occurredAt.toISOString(), data });
    const [msg] = await tx
      .insert(webhookMessages)
      .values({ publicId, accountId: m.accountId, eventType: m.type, orderId: m.orderId, body, occurredAt: m.occurredAt, createdAt: clock() })
      .returning({ id: webhookMessages.id });
    const rows = await tx
      .insert(webhookDeliveries)
      .values(
        endpointIds.map((endpointId) => ({
          accountId: m.accountId,
          endpointId,
          messageId: msg!.id,
          eventType: m.type,
          orderId: m.orderId,
          occurredAt: m.occurredAt,
          rank: RANK[m.type],
          status: 'pending',
          nextAttemptAt: clock(),
          createdAt: clock(),
        })),
      )
      .returning({ id: webhookDeliveries.id });
    return rows.map((r) => r.id);
  }

  return {
    worker,

    eventTypes() {
      return WEBHOOK_EVENT_CATALOGUE.map((e) => ({ type: e.type, group: e.group, version: WEBHOOK_EVENT_VERSION, description: e.description }));
    },

    /**
     * Raises an event for an account, in `tx` (an event handler's transaction, so the message and its
     * deliveries commit with the handler's receipt): one delivery per active endpoint subscribed to
     * the type. Nothing is stored when no endpoint wants it.
     */
    async publish<T extends WebhookEventType>(tx: Db, e: { accountId: string; type: T; data: WebhookEventData<T>; orderId?: string | null; occurredAt: Date }): Promise<number> {
      const endpoints = await tx
        .select({ id: webhookEndpoints.id })
        .from(webhookEndpoints)
        .where(and(eq(webhookEndpoints.accountId, e.accountId), eq(webhookEndpoints.status, 'active'), sql`${e.type} = any(${webhookEndpoints.eventTypes})`));
      if (endpoints.length === 0) return 0;
      const ids = await insertMessage(tx, { accountId: e.accountId, type: e.type, data: e.data, orderId: e.orderId ?? null, occurredAt: e.occurredAt }, endpoints.map((x) => x.id));
      return ids.length;
    },

    async list(actor: Actor): Promise<WebhookEndpoint[]> {
      const rows = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.accountId, actor.accountId)).orderBy(desc(webhookEndpoints.createdAt));
      return rows.map(endpointView);
    },

    async create(actor: Actor, body: { url: string; description: string; eventTypes: string[]; headerName?: string | null; headerValue?: string | null }): Promise<WebhookEndpoint> {
      await checkUrl(body.url);
      if (body.headerName && !body.headerValue) throw fieldError('headerValue', 'validation.required');
      return db.transaction(async (tx) => {
        const [{ n }] = (await tx.select({ n: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.accountId, actor.accountId))) as [{ n: number }];
        if (Number(n) >= WEBHOOK_LIMITS.maxEndpoints) throw new AppError('WEBHOOK_ENDPOINT_LIMIT', 409);
        const now = clock();
        const [row] = await tx
          .insert(webhookEndpoints)
          .values({
            accountId: actor.accountId,
            url: body.url,
            description: body.description,
            eventTypes: body.eventTypes,
            headerName: body.headerName || null,
            headerValueSealed: body.headerName && body.headerValue ? sealSecret(keyring, body.headerValue) : null,
            secretSealed: sealSecret(keyring, newWebhookSecret()),
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        return endpointView(row!);
      });
    },

    async update(
      actor: Actor,
      id: string,
      body: { url: string; description: string; eventTypes: string[]; headerName?: string | null; headerValue?: string | null; status?: 'active' | 'disabled' },
    ): Promise<WebhookEndpoint> {
      await checkUrl(body.url);
      return db.transaction(async (tx) => {
        const row = await ownEndpoint(tx, actor, id, true);
        const now = clock();
        // The header value is kept when left out; a new name needs a value; no name removes the key.
        const headerName = body.headerName === undefined ? row.headerName : body.headerName || null;
        let headerValueSealed = row.headerValueSealed;
        if (!headerName) headerValueSealed = null;
        else if (body.headerValue) headerValueSealed = sealSecret(keyring, body.headerValue);
        else if (headerName !== row.headerName || !headerValueSealed) throw fieldError('headerValue', 'validation.required');
        const status = body.status ?? row.status;
        const turnedOn = status === 'active' && row.status !== 'active';
        const [u] = await tx
          .update(webhookEndpoints)
          .set({
            url: body.url,
            description: body.description,
            eventTypes: body.eventTypes,
            headerName,
            headerValueSealed,
            status,
            // Back on: a fresh start (its failing run is forgotten; the pending deliveries go again).
            ...(turnedOn ? { disabledReason: null, disabledAt: null, failingSince: null } : {}),
            ...(status === 'disabled' && row.status !== 'disabled' ? { disabledReason: 'manual', disabledAt: now } : {}),
            updatedAt: now,
          })
          .where(eq(webhookEndpoints.id, row.id))
          .returning();
        if (turnedOn) await tx.update(webhookDeliveries).set({ nextAttemptAt: now }).where(and(eq(webhookDeliveries.endpointId, row.id), eq(webhookDeliveries.status, 'pending')));
        return endpointView(u!);
      });
    },

    async remove(actor: Actor, id: string): Promise<{ deleted: boolean }> {
      return db.transaction(async (tx) => {
        const row = await ownEndpoint(tx, actor, id, true);
        await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, row.id));
        // Messages no other endpoint delivers go with it.
        await tx.execute(sql`delete from webhook_messages m where m.account_id = ${actor.accountId} and not exists (select 1 from webhook_deliveries d where d.message_id = m.id)`);
        return { deleted: true };
      });
    },

    async secret(actor: Actor, id: string): Promise<WebhookSecret> {
      const row = await ownEndpoint(db, actor, id);
      const view = endpointView(row);
      return { secret: openSecret(keyring, row.secretSealed), previousSecretValidUntil: view.previousSecretValidUntil };
    },

    /** A new secret; the current one keeps signing (a second signature) for 24 hours. */
    async rotateSecret(actor: Actor, id: string): Promise<WebhookSecret> {
      return db.transaction(async (tx) => {
        const row = await ownEndpoint(tx, actor, id, true);
        const now = clock();
        const secret = newWebhookSecret();
        const until = new Date(now.getTime() + WEBHOOK_LIMITS.previousSecretValidMs);
        await tx
          .update(webhookEndpoints)
          .set({ secretSealed: sealSecret(keyring, secret), previousSecretSealed: row.secretSealed, previousSecretExpiresAt: until, updatedAt: now })
          .where(eq(webhookEndpoints.id, row.id));
        return { secret, previousSecretValidUntil: until.toISOString() };
      });
    },

    /** Sends a webhook.test event to this endpoint now and answers with its reply (logged, never retried). */
    async sendTest(actor: Actor, id: string): Promise<WebhookTestReply> {
      const deliveryId = await db.transaction(async (tx) => {
        const row = await ownEndpoint(tx, actor, id);
        const [d] = await insertMessage(tx, { accountId: actor.accountId, type: 'webhook.test', data: { endpointId: row.id, message: 'This is a test event from ExShip.' }, orderId: null, occurredAt: clock() }, [row.id]);
        // Claimed at once by this request, so the worker does not send it too.
        await tx.update(webhookDeliveries).set({ status: 'sending', leaseUntil: new Date(clock().getTime() + WEBHOOK_LIMITS.timeoutMs + 60_000) }).where(eq(webhookDeliveries.id, d!));
        return d!;
      });
      const [claimed] = await worker.load([deliveryId]);
      const out = await worker.deliver(claimed!, { test: true });
      return { deliveryId, ...out };
    },

    async deliveries(actor: Actor, endpointId: string, q: { status?: string; page: number; pageSize: number }): Promise<WebhookDeliveryListReply> {
      await ownEndpoint(db, actor, endpointId);
      const where = and(eq(webhookDeliveries.accountId, actor.accountId), eq(webhookDeliveries.endpointId, endpointId), q.status ? eq(webhookDeliveries.status, q.status) : undefined);
      const [rows, [total]] = await Promise.all([
        db
          .select({ d: webhookDeliveries, publicId: webhookMessages.publicId })
          .from(webhookDeliveries)
          .innerJoin(webhookMessages, eq(webhookMessages.id, webhookDeliveries.messageId))
          .where(where)
          .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.seq))
          .limit(q.pageSize)
          .offset((q.page - 1) * q.pageSize),
        db.select({ n: count() }).from(webhookDeliveries).where(where),
      ]);
      return { items: rows.map((r) => deliveryView(r.d, r.publicId)), page: q.page, pageSize: q.pageSize, total: Number(total?.n ?? 0) };
    },

    async delivery(actor: Actor, id: string): Promise<WebhookDeliveryDetail> {
      const { d, publicId, body } = await ownDelivery(db, actor, id);
      const attempts = await db.select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, d.id)).orderBy(desc(webhookAttempts.attempt));
      return {
        ...deliveryView(d, publicId),
        requestBody: body,
        attemptLog: attempts.map((a) => ({ attempt: a.attempt, at: a.at.toISOString(), httpStatus: a.httpStatus, durationMs: a.durationMs, replyExcerpt: a.replyExcerpt, error: a.error })),
      };
    },

    /** Sends a delivery again: same message (same webhook-id), a fresh retry schedule. */
    async replay(actor: Actor, id: string): Promise<WebhookDelivery> {
      return db.transaction(async (tx) => {
        const { d, publicId } = await ownDelivery(tx, actor, id);
        const ep = await ownEndpoint(tx, actor, d.endpointId, true);
        if (ep.status !== 'active') throw new AppError('WEBHOOK_ENDPOINT_DISABLED', 409);
        if (d.status === 'sending') throw new AppError('WEBHOOK_DELIVERY_BUSY', 409);
        const [u] = await tx
          .update(webhookDeliveries)
          .set({ status: 'pending', retryIndex: 0, nextAttemptAt: clock(), leaseUntil: null })
          .where(and(eq(webhookDeliveries.id, d.id), sql`${webhookDeliveries.status} <> 'sending'`))
          .returning();
        if (!u) throw new AppError('WEBHOOK_DELIVERY_BUSY', 409);
        return deliveryView(u, publicId);
      });
    },

    /** Every failed delivery of the endpoint created since `since` goes again. */
    async replayFailed(actor: Actor, endpointId: string, since: string): Promise<{ replayed: number }> {
      return db.transaction(async (tx) => {
        const ep = await ownEndpoint(tx, actor, endpointId, true);
        if (ep.status !== 'active') throw new AppError('WEBHOOK_ENDPOINT_DISABLED', 409);
        const rows = await tx
          .update(webhookDeliveries)
          .set({ status: 'pending', retryIndex: 0, nextAttemptAt: clock(), leaseUntil: null })
          .where(and(eq(webhookDeliveries.endpointId, ep.id), eq(webhookDeliveries.status, 'failed'), gte(webhookDeliveries.createdAt, new Date(since))))
          .returning({ id: webhookDeliveries.id });
        return { replayed: rows.length };
      });
    },

    /** Messages (with their deliveries and attempts) older than `days` are forgotten. */
    async prune(days = 30): Promise<number> {
      const rows = await db.delete(webhookMessages).where(sql`${webhookMessages.createdAt} < ${new Date(clock().getTime() - days * 86_400_000)}`).returning({ id: webhookMessages.id });
      return rows.length;
    },
  };
}

export type WebhookService = ReturnType<typeof createWebhookService>;
