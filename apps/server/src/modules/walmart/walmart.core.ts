import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { INTEGRATION_ORDER_STATUSES, type IntegrationOrderStatus } from '@exship/contracts';
import { scope, type Actor } from '../../platform/access';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { type Jobs } from '../../platform/jobs';
import type { OutboundFetch } from '../../platform/outbound';
import { openSecret, type SecretKeyring } from '../../platform/secrets';
import type { OrderService } from '../orders';
import { createWalmartClient, WalmartError, type WalmartClient } from './walmart.client';
import { PushJob } from './walmart.events';
import { integrationOrders, walmartStores } from './walmart.tables';

// What the Walmart use cases share (docs/walmart.md): the dependencies and the clock, a client per
// store, the credentials check, record-level access to a store, queued pushes, a store's failure.

export interface WalmartDeps {
  db: Db;
  jobs: Jobs;
  orders: OrderService;
  /** The label of an order (shipping's tracker): its tracking number, carrier and public page. */
  labelOf: (orderId: string) => Promise<{ trackingNumber: string; carrierCode: string | null; carrierName: string | null; publicCode: string } | undefined>;
  /** The active service of a code (the catalog's snapshot), for the shipping-method mappings. */
  serviceByCode: (code: string) => Promise<{ code: string; name: string } | undefined>;
  fetch: OutboundFetch;
  secrets: SecretKeyring;
  baseUrl: string;
  appUrl: string;
  callbackAllow: readonly string[];
  log: FastifyBaseLogger;
  /** The reason a person gave with an order's cancel (its history); read by the push job, outside any transaction. */
  cancelReasonOf?: (orderId: string) => Promise<string>;
  now?: () => Date;
  /** Client options for tests (no real waits). */
  clientOptions?: { sleep?: (ms: number) => Promise<void>; backoffMs?: number; maxAttempts?: number };
}

export type StoreRow = typeof walmartStores.$inferSelect;

export type IoRow = typeof integrationOrders.$inferSelect;

export const HOUR = 3_600_000;

export const DAY = 24 * HOUR;

export const TERMINAL: readonly string[] = ['Shipped', 'Delivered', 'Cancelled', 'Refund'];

const RANK: Record<string, number> = { Created: 0, Acknowledged: 1, Shipped: 2, Delivered: 3, Refund: 4, Cancelled: 5 };

/** The order's status from its lines: the least advanced live line (all cancelled → Cancelled). */
export function orderStatusOf(lines: readonly { status: string }[]): IntegrationOrderStatus {
  const statuses = lines.map((l) => (INTEGRATION_ORDER_STATUSES as readonly string[]).includes(l.status) ? l.status : 'Created');
  const live = statuses.filter((s) => s !== 'Cancelled');
  if (live.length === 0) return 'Cancelled';
  return live.reduce((a, b) => (RANK[a]! <= RANK[b]! ? a : b)) as IntegrationOrderStatus;
}

export const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

export function createCore(deps: WalmartDeps) {
  const { db } = deps;

  const now = deps.now ?? (() => new Date());

  const clients = new Map<string, { key: string; client: WalmartClient }>();

  function clientFor(store: Pick<StoreRow, 'id' | 'clientId' | 'clientSecretSealed'>): WalmartClient {
    if (!store.clientId || !store.clientSecretSealed) throw new AppError('WALMART_STORE_NOT_ACTIVE', 409);
    const key = `${store.clientId}|${store.clientSecretSealed}`;
    const cached = clients.get(store.id);
    if (cached?.key === key) return cached.client;
    const client = createWalmartClient({ baseUrl: deps.baseUrl, clientId: store.clientId, clientSecret: openSecret(deps.secrets, store.clientSecretSealed), fetch: deps.fetch, now: () => now().getTime(), ...deps.clientOptions });
    clients.set(store.id, { key, client });
    return client;
  }

  /** Checks credentials by getting a token: 422 when Walmart refuses them or cannot be reached. */
  async function checkCredentials(clientId: string, clientSecret: string): Promise<void> {
    const client = createWalmartClient({ baseUrl: deps.baseUrl, clientId, clientSecret, fetch: deps.fetch, ...deps.clientOptions, maxAttempts: 1 });
    try {
      await client.getToken(true);
    } catch (err) {
      if (err instanceof WalmartError && err.kind === 'credentials') throw new AppError('WALMART_CREDENTIALS_INVALID', 422, { errors: [{ field: 'clientSecret', message: 'error.WALMART_CREDENTIALS_INVALID' }] });
      // Never the secret: only the kind of failure is logged.
      deps.log.warn({ kind: err instanceof WalmartError ? err.kind : 'error' }, 'walmart token check failed');
      throw new AppError('WALMART_UNAVAILABLE', 422);
    }
  }

  async function storeFor(actor: Actor, id: string, tx: Db = db, lock = false): Promise<StoreRow> {
    const q = tx.select().from(walmartStores).where(and(eq(walmartStores.id, id), scope(actor, walmartStores.accountId)));
    const [row] = lock ? await q.for('update') : await q;
    if (!row) throw new AppError('WALMART_STORE_NOT_FOUND', 404);
    return row;
  }

  /** Marks integration orders for a push and queues one job each, in `tx`. */
  async function queuePushes(tx: Db, ids: string[], kind: 'acknowledge' | 'shipment' | 'cancellation', extra: Partial<IoRow> = {}) {
    if (ids.length === 0) return;
    await tx
      .update(integrationOrders)
      .set({ pushKind: kind, pushState: 'pending', pushAttempts: 0, pushError: null, pushErrorVars: null, pushNextAt: now(), ...extra })
      .where(inArray(integrationOrders.id, ids));
    for (const id of ids) await deps.jobs.send(PushJob, { integrationOrderId: id }, { tx });
  }

  /** The account's actor for the orders it makes: the store's creator, with what creating and paying need. */
  const storeActor = (store: Pick<StoreRow, 'createdBy' | 'accountId'>) => ({ userId: store.createdBy, accountId: store.accountId, permissions: new Set<string>(['EX-ORDER-CREATE', 'EX-ORDER-PAY']) });

  async function failStore(storeId: string, err: unknown) {
    const kind = err instanceof WalmartError ? err.kind : 'unavailable';
    const key = kind === 'credentials' ? 'walmart.error.tokenRefused' : kind === 'malformed' ? 'walmart.error.malformed' : kind === 'rate-limited' ? 'walmart.error.rateLimited' : 'walmart.error.unavailable';
    await db
      .update(walmartStores)
      .set(kind === 'credentials' ? { state: 'token-failing', tokenFailingSince: sql`coalesce(${walmartStores.tokenFailingSince}, ${now()})`, lastError: key, updatedAt: now() } : { lastError: key, updatedAt: now() })
      .where(eq(walmartStores.id, storeId));
  }

  async function storeNames(ids: string[], tx: Db = db) {
    if (ids.length === 0) return new Map<string, string>();
    return new Map((await tx.select({ id: walmartStores.id, name: walmartStores.name }).from(walmartStores).where(inArray(walmartStores.id, [...new Set(ids)]))).map((s) => [s.id, s.name]));
  }

  /** A disconnected store's client (and its token) is dropped. */
  const forgetClient = (storeId: string) => void clients.delete(storeId);

  return { deps, db, now, clientFor, forgetClient, checkCredentials, storeFor, queuePushes, storeActor, failStore, storeNames };
}
export type WalmartCore = ReturnType<typeof createCore>;
