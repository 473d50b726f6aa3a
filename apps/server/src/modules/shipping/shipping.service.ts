import { randomBytes } from 'node:crypto';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { type CarrierConnection, type HistoryReason, type LabelPurchase, type TrackingCancelMode } from '@exship/contracts';
import { mayCancelTrackingByApi } from '@exship/domain';
import type { WorkingDayCalendar } from '@exship/domain/working-days';
import { actsForAnyAccount, type Actor } from '../../platform/access';
import type { Db } from '../../platform/db';
import { AppError, fieldError } from '../../platform/errors';
import type { Jobs } from '../../platform/jobs';
import type { Storage } from '../../platform/storage';
import type { CatalogService, SnapshotCache } from '../catalog';
import type { OrderService, OrderStatusChangedEvent } from '../orders';
import { findUserById } from '../users';
import { CarrierError, httpCarrier, sandboxCarrier, type CarrierAdapter, type CarrierEvent, type LabelRequest } from './shipping.carriers';
import { BuyLabelJob, VoidLabelJob } from './shipping.events';
import { renderLabelPdf, type LabelData } from './shipping.label';
import { carrierConnections, labelPurchases, routingEvents, trackers } from './shipping.tables';

// Label purchase: on payment or after the seller's delay, a purchase row and a
// pg-boss job; the job asks the carrier with the purchase id as idempotency key, stores the label
// through Storage and moves the order with the orders module's use cases (labelBought, transition).

export interface ShippingDeps {
  db: Db;
  storage: Storage;
  jobs: Jobs;
  orders: OrderService;
  catalog: CatalogService;
  snapshot: SnapshotCache;
  calendar: WorkingDayCalendar;
  now?: () => Date;
  /** The sandbox carrier's time scale (1 = a parcel takes 100 hours). */
  sandboxSpeed?: number;
  /** How often a parcel in transit is asked about, in ms (divided by the sandbox speed for sandbox carriers). */
  pollEveryMs?: number;
  /** Automatic retries of a failed purchase (pg-boss back-off) before it stays in label error. */
  buyRetries?: number;
  /** Replaces the adapter of every carrier (tests). */
  adapterOverride?: (carrierId: string | null) => CarrierAdapter | undefined;
  /** An address check before buying: invalid → the order goes to not-verified. */
  checkAddress?: (a: { country: string; state: string; city: string; zip: string; address1: string; address2?: string }) => { status: 'valid' | 'invalid'; reasons: readonly string[] };
}

type OrderRow = Awaited<ReturnType<OrderService['lockOrder']>>;
type PurchaseRow = typeof labelPurchases.$inferSelect;
type TrackerRow = typeof trackers.$inferSelect;

const LABEL_REASONS = new Set(['generateTracking', 'buildNewLabel', 'redistribute']);
export const publicCode = () => randomBytes(15).toString('base64url').replace(/[-_]/g, 'x');
const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function createShippingService(deps: ShippingDeps) {
  const { db, storage, jobs, orders, catalog, snapshot } = deps;
  const clock = deps.now ?? (() => new Date());
  const buyRetries = deps.buyRetries ?? 5;

  async function connectionOf(carrierId: string | null, tx: Db = db) {
    if (!carrierId) return undefined;
    const [c] = await tx.select().from(carrierConnections).where(eq(carrierConnections.carrierId, carrierId));
    return c;
  }

  async function adapterFor(carrierId: string | null, tx: Db = db): Promise<CarrierAdapter> {
    const override = deps.adapterOverride?.(carrierId);
    if (override) return override;
    const c = await connectionOf(carrierId, tx);
    if (c?.adapter === 'http') return httpCarrier({ baseUrl: c.baseUrl, apiKey: c.apiKey, timeoutMs: c.timeoutMs });
    return sandboxCarrier({ now: clock, speed: deps.sandboxSpeed });
  }

  async function sendBuy(tx: Db, p: PurchaseRow) {
    const later = p.dueAt.getTime() > clock().getTime() ? p.dueAt : undefined;
    await jobs.send(BuyLabelJob, { purchaseId: p.id }, { tx, startAt: later, retryLimit: buyRetries });
  }

  /** The live purchase (scheduled, buying or failed and not replaced) of an order, newest first. */
  async function livePurchase(tx: Db, orderId: string): Promise<PurchaseRow | undefined> {
    const [p] = await tx
      .select()
      .from(labelPurchases)
      .where(and(eq(labelPurchases.orderId, orderId), inArray(labelPurchases.status, ['scheduled', 'buying', 'failed'])))
      .orderBy(desc(labelPurchases.createdAt))
      .limit(1)
      .for('update');
    return p;
  }

  /** Another carrier for the order's service by the carrier config (routes by priority), else the same. */
  async function redistributeCarrier(tx: Db, row: OrderRow): Promise<{ id: string | null; code: string }> {
    const snap = await snapshot.get(tx);
    const routes = snap.routes.filter((r) => r.serviceId === row.serviceId && r.active).sort((a, b) => a.priority - b.priority);
    for (const r of routes) {
      for (const a of r.allocations) {
        const c = snap.carriers.find((x) => x.id === a.carrierId && x.active);
        if (c && c.id !== row.carrierId) return { id: c.id, code: c.code };
      }
    }
    return { id: row.carrierId, code: row.carrierCode ?? '' };
  }

  async function newPurchase(tx: Db, row: OrderRow, reason: string, dueAt: Date, carrier?: { id: string | null; code: string }) {
    const c = carrier ?? { id: row.carrierId, code: row.carrierCode ?? '' };
    const [p] = await tx
      .insert(labelPurchases)
      .values({ orderId: row.id, accountId: row.accountId, carrierId: c.id, carrierCode: c.code, reason, status: dueAt > clock() ? 'scheduled' : 'buying', dueAt })
      .returning();
    return p!;
  }

  async function labelData(row: OrderRow, trackingNumber: string, carrier: { id: string | null; code: string }): Promise<LabelData> {
    const w = row.warehouseCode ? await catalog.warehouseByCode(row.warehouseCode) : undefined;
    const [c] = carrier.id ? await catalog.carriersByIds([carrier.id]) : [];
    return {
      trackingNumber,
      carrierCode: carrier.code,
      carrierName: c?.name ?? carrier.code,
      serviceCode: row.serviceCode,
      serviceName: row.serviceName,
      exOrderId: row.exOrderId,
      orderName: row.orderName,
      weightGr: row.weightGr,
      lengthCm: row.lengthCm,
      widthCm: row.widthCm,
      heightCm: row.heightCm,
      shipDate: clock(),
      signature: row.signature,
      sender: w
        ? { name: `ExShip ${w.name}`, phone: w.phone ?? '', address1: w.address, city: w.city, state: w.state ?? '', zip: w.zipcode, country: w.country }
        : { name: 'ExShip', address1: '', city: '', state: '', zip: '', country: 'US' },
      recipient: {
        name: `${row.firstName} ${row.lastName}`.trim(),
        phone: row.phone,
        address1: row.address1,
        address2: row.address2,
        city: row.city,
        state: row.state,
        zip: row.zipcode,
        country: row.country,
      },
    };
  }

  const requestOf = (d: LabelData): LabelRequest => ({
    reference: d.exOrderId,
    serviceCode: d.serviceCode,
    weightGr: d.weightGr,
    lengthCm: d.lengthCm,
    widthCm: d.widthCm,
    heightCm: d.heightCm,
    signature: d.signature,
    sender: { name: d.sender.name, phone: d.sender.phone ?? '', address1: d.sender.address1, address2: d.sender.address2 ?? '', city: d.sender.city, state: d.sender.state, zip: d.sender.zip, country: d.sender.country },
    recipient: { name: d.recipient.name, phone: d.recipient.phone ?? '', address1: d.recipient.address1, address2: d.recipient.address2 ?? '', city: d.recipient.city, state: d.recipient.state, zip: d.recipient.zip, country: d.recipient.country },
  });

  /** Insert carrier events (duplicates skipped); returns how many were new. */
  async function addEvents(tx: Db, t: { orderId: string; accountId: string; trackingNumber: string }, events: readonly CarrierEvent[]): Promise<number> {
    if (events.length === 0) return 0;
    const added = await tx
      .insert(routingEvents)
      .values(events.map((e) => ({ orderId: t.orderId, accountId: t.accountId, trackingNumber: t.trackingNumber, at: e.at, status: e.status, code: e.code, description: e.description, city: e.city, state: e.state, country: e.country })))
      .onConflictDoNothing()
      .returning({ id: routingEvents.id });
    return added.length;
  }

  /**
   * A label exists for the order (bought, or imported by staff): the order becomes labeled through the
   * orders module, its tracker (public code kept when re-labelled) and the carrier's first events are stored.
   */
  async function recordLabel(tx: Db, row: OrderRow, l: { data: LabelData; shipmentId: string | null; labelKey: string; carrierId: string | null; events: readonly CarrierEvent[]; reason: HistoryReason }) {
    // The carrier's first event (label created) is the label's time: the tracker's clock for lost
    // parcels, and the sandbox's journey, which the poller recomputes from it (so no event twice).
    const first = l.events.reduce<Date | undefined>((min, e) => (!min || e.at < min ? e.at : min), undefined);
    const now = first && first <= clock() ? first : clock();
    await orders.labelBought(tx, row, { trackingNumber: l.data.trackingNumber, labelKey: l.labelKey, carrierId: l.carrierId, carrierCode: l.data.carrierCode }, l.reason);
    const tracker = {
      accountId: row.accountId,
      exOrderId: row.exOrderId,
      orderName: row.orderName,
      carrierId: l.carrierId,
      carrierCode: l.data.carrierCode,
      carrierName: l.data.carrierName,
      serviceName: row.serviceName,
      trackingNumber: l.data.trackingNumber,
      shipmentId: l.shipmentId,
      labelKey: l.labelKey,
      labelData: l.data,
      destCity: row.city,
      destState: row.state,
      destCountry: row.country,
      labeledAt: now,
      routingStatus: null,
      lastEventAt: null,
      lastPolledAt: null,
      nextPollAt: now,
      pollFailures: 0,
      usArrivedAt: null,
      deliveredAt: null,
      lostAt: null,
      lateAt: null,
      active: true,
    };
    await tx
      .insert(trackers)
      .values({ orderId: row.id, publicCode: publicCode(), ...tracker })
      .onConflictDoUpdate({ target: trackers.orderId, set: tracker });
    if (l.events.length) {
      await addEvents(tx, { orderId: row.id, accountId: row.accountId, trackingNumber: l.data.trackingNumber }, l.events);
      const newest = l.events.reduce((a, b) => (a.at > b.at ? a : b));
      await tx.update(trackers).set({ routingStatus: newest.status, lastEventAt: newest.at }).where(eq(trackers.orderId, row.id));
      await orders.followRouting(tx, await orders.lockOrder(tx, row.id), newest.status);
    }
  }

  /** Release the current label of an order (replaced or cancelled): tracker off, carrier asked to void it. */
  async function releaseTracker(tx: Db, orderId: string, purpose: 'cancel' | 'release') {
    const [t] = await tx.update(trackers).set({ active: false }).where(eq(trackers.orderId, orderId)).returning();
    if (t) await jobs.send(VoidLabelJob, { orderId, purpose, trackingNumber: t.trackingNumber, shipmentId: t.shipmentId, carrierId: t.carrierId }, { tx });
    return t;
  }

  const service = {
    adapterFor,
    addEvents,
    recordLabel,
    labelData,
    releaseTracker,

    /** OrderStatusChanged: start, schedule, replace or void label purchases. Runs in the event's transaction. */
    async onOrderStatusChanged(tx: Db, e: OrderStatusChangedEvent): Promise<void> {
      if (e.to === 'waiting-cancel' && e.action === 'cancel') {
        await releaseTracker(tx, e.orderId, 'cancel');
        return;
      }
      if (e.to === 'canceled') {
        await tx.update(labelPurchases).set({ status: 'superseded' }).where(and(eq(labelPurchases.orderId, e.orderId), inArray(labelPurchases.status, ['scheduled', 'buying', 'failed'])));
        // A label cancelled without the carrier's answer (auto-cancel, force, dimension): void it, best effort.
        if (e.action !== 'carrierCancelConfirmed') await releaseTracker(tx, e.orderId, 'release');
        return;
      }
      if (e.to !== 'paid' && e.to !== 'waiting-label') return;
      if (e.action === 'scheduleLabel' || e.action === 'retryLabel') return;
      if (e.to === 'paid' && e.from === 'paid') return;
      const row = await orders.lockOrder(tx, e.orderId);
      if (row.status !== e.to) return;
      if (LABEL_REASONS.has(e.action)) {
        await tx.update(labelPurchases).set({ status: 'superseded' }).where(and(eq(labelPurchases.orderId, row.id), inArray(labelPurchases.status, ['scheduled', 'buying', 'failed'])));
        if (e.action !== 'generateTracking') await releaseTracker(tx, row.id, 'release');
        const carrier = e.action === 'redistribute' ? await redistributeCarrier(tx, row) : undefined;
        await sendBuy(tx, await newPurchase(tx, row, e.action, clock(), carrier));
        return;
      }
      const live = await livePurchase(tx, row.id);
      if (live) {
        await sendBuy(tx, live);
        return;
      }
      let dueAt = clock();
      if (e.action === 'pay') {
        const owner = await findUserById(tx, row.accountId);
        dueAt = new Date(dueAt.getTime() + (owner?.labelPurchaseDelayHours ?? 0) * 3_600_000);
      }
      await sendBuy(tx, await newPurchase(tx, row, e.action, dueAt));
    },

    /**
     * The purchase job. Phase 1 (a short transaction) checks and claims the purchase and moves the
     * order to waiting-label; phase 2 asks the carrier outside any transaction; phase 3 records the
     * label or the failure. A retry (pg-boss back-off) reuses the purchase id as idempotency key.
     */
    async buyLabel(purchaseId: string, attempt = 0): Promise<'bought' | 'skipped' | 'failed' | 'rescheduled' | 'address-invalid'> {
      type Claim = { go: false; skip: 'skipped' | 'rescheduled' | 'address-invalid' } | { go: true; purchase: PurchaseRow; row: OrderRow; adapter: CarrierAdapter };
      const claimed = await db.transaction(async (tx): Promise<Claim> => {
        const [p] = await tx.select().from(labelPurchases).where(eq(labelPurchases.id, purchaseId)).for('update');
        if (!p || !['scheduled', 'buying', 'failed'].includes(p.status)) return { go: false, skip: 'skipped' };
        if (p.dueAt > clock()) {
          // Run early (a manual run, a clock change): come back at the due time.
          await sendBuy(tx, p);
          return { go: false, skip: 'rescheduled' };
        }
        let row = await orders.lockOrder(tx, p.orderId);
        if (row.status === 'paid') row = await orders.transition(tx, row, 'scheduleLabel', null, { key: 'labelDue' });
        else if (row.status === 'label error' && p.status === 'failed') row = await orders.transition(tx, row, 'retryLabel', null, { key: 'labelRetry', vars: { try: String(p.tries + 1) } });
        if (row.status !== 'waiting-label') return { go: false, skip: 'skipped' };
        if (deps.checkAddress && p.reason !== 'confirmAddress') {
          const check = deps.checkAddress({ country: row.country, state: row.state, city: row.city, zip: row.zipcode, address1: row.address1, address2: row.address2 });
          if (check.status === 'invalid') {
            await orders.transition(tx, row, 'addressInvalid', null, { key: 'addressInvalid', vars: { reasons: check.reasons.join(', ') } });
            await tx.update(labelPurchases).set({ status: 'superseded', error: `address invalid: ${check.reasons.join(', ')}` }).where(eq(labelPurchases.id, p.id));
            return { go: false, skip: 'address-invalid' };
          }
        }
        const [claimedRow] = await tx.update(labelPurchases).set({ status: 'buying', tries: p.tries + 1, error: null }).where(eq(labelPurchases.id, p.id)).returning();
        return { go: true, purchase: claimedRow!, row, adapter: await adapterFor(p.carrierId, tx) };
      });
      if (!claimed.go) return claimed.skip;
      const { purchase, adapter } = claimed;
      // Outside the transaction: PGlite has one connection, and the label's warehouse and carrier are read with it.
      const data = await labelData(claimed.row, '', { id: purchase.carrierId, code: purchase.carrierCode });

      let bought: Awaited<ReturnType<CarrierAdapter['buyLabel']>>;
      try {
        bought = await adapter.buyLabel(requestOf(data), purchase.id);
      } catch (err) {
        const e = err instanceof CarrierError ? err : new CarrierError('server', (err as Error).message);
        await db.transaction(async (tx) => {
          const [p] = await tx.select().from(labelPurchases).where(eq(labelPurchases.id, purchase.id)).for('update');
          if (p?.status !== 'buying') return;
          await tx.update(labelPurchases).set({ status: 'failed', error: `${e.kind}: ${e.message}`.slice(0, 500) }).where(eq(labelPurchases.id, p.id));
          const row = await orders.lockOrder(tx, p.orderId);
          if (row.status === 'waiting-label') await orders.transition(tx, row, 'labelFailed', null, { key: 'labelFailed', vars: { kind: e.kind, message: e.message.slice(0, 255) } });
        });
        // A retryable failure is thrown so pg-boss retries it with back-off; a refusal stays in label error.
        if (e.retryable && attempt < buyRetries) throw e;
        return 'failed';
      }

      const full: LabelData = { ...data, trackingNumber: bought.trackingNumber };
      const labelKey = `labels/${purchase.accountId}/${purchase.id}.pdf`;
      await storage.put(labelKey, Buffer.from(bought.labelPdf ?? (await renderLabelPdf(full))));
      const outcome = await db.transaction(async (tx) => {
        const [p] = await tx.select().from(labelPurchases).where(eq(labelPurchases.id, purchase.id)).for('update');
        const row = await orders.lockOrder(tx, purchase.orderId);
        if (p?.status !== 'buying' || row.status !== 'waiting-label') {
          // Cancelled or replaced while the carrier answered: the label is not used, void it.
          if (p?.status === 'buying') await tx.update(labelPurchases).set({ status: 'superseded' }).where(eq(labelPurchases.id, p.id));
          await jobs.send(VoidLabelJob, { orderId: purchase.orderId, purpose: 'release', trackingNumber: bought.trackingNumber, shipmentId: bought.shipmentId, carrierId: purchase.carrierId }, { tx });
          return 'skipped' as const;
        }
        await tx.update(labelPurchases).set({ status: 'purchased', trackingNumber: bought.trackingNumber, shipmentId: bought.shipmentId, purchasedAt: clock() }).where(eq(labelPurchases.id, p.id));
        await recordLabel(tx, row, { data: full, shipmentId: bought.shipmentId, labelKey, carrierId: purchase.carrierId, events: bought.events, reason: { key: 'labelBought', vars: { action: purchase.reason } } });
        return 'bought' as const;
      });
      return outcome;
    },

    /** The void job: `cancel` settles a waiting-cancel order by the carrier's answer; `release` is best effort. */
    async voidLabel(job: { orderId: string; purpose: 'cancel' | 'release'; trackingNumber: string; shipmentId: string | null; carrierId: string | null }): Promise<string> {
      const adapter = await adapterFor(job.carrierId);
      let result: Awaited<ReturnType<CarrierAdapter['voidLabel']>>;
      try {
        result = await adapter.voidLabel({ trackingNumber: job.trackingNumber, shipmentId: job.shipmentId }, `void-${job.trackingNumber}`);
      } catch (err) {
        if (job.purpose === 'release') return 'release-failed';
        throw err;
      }
      if (job.purpose === 'release') return result;
      if (result === 'pending') throw new CarrierError('server', 'the carrier has not confirmed the void yet');
      await db.transaction(async (tx) => {
        const row = await orders.lockOrder(tx, job.orderId);
        if (row.status !== 'waiting-cancel') return;
        if (result === 'voided') {
          await orders.transition(tx, row, 'carrierCancelConfirmed', null, { key: 'carrierVoided', vars: { trackingNumber: job.trackingNumber } });
          await tx.update(trackers).set({ active: false }).where(eq(trackers.orderId, row.id));
        } else {
          await orders.transition(tx, row, 'carrierCancelRefused', null, { key: 'carrierRefusedVoid', vars: { trackingNumber: job.trackingNumber } });
          await tx.update(trackers).set({ active: true }).where(eq(trackers.orderId, row.id));
        }
      });
      return result;
    },

    /** SPEC §4 tracking cancel: normal asks the carrier (only §5's carrier codes); force (staff) cancels at once. */
    async trackingCancel(actor: Actor, orderId: string, mode: TrackingCancelMode, reason: string): Promise<{ status: string }> {
      const [visible] = await orders.visibleIds(actor, [orderId]);
      if (!visible) throw new AppError('ORDER_NOT_FOUND', 404);
      return db.transaction(async (tx) => {
        const row = await orders.lockOrder(tx, orderId);
        if (!row.labeledAt || !row.trackingNumber) throw new AppError('LABEL_NOT_READY', 409);
        if (mode === 'force') {
          if (!actsForAnyAccount(actor)) throw new AppError('FORCE_CANCEL_STAFF_ONLY', 403);
          const done = await orders.transition(tx, row, 'forceCancel', actor.userId, reason || { key: 'trackingForceCancel' });
          return { status: done.status };
        }
        const code = row.carrierCode ?? '';
        if (!mayCancelTrackingByApi(code)) throw new AppError('TRACKING_CANCEL_NOT_SUPPORTED', 422, { vars: { carrier: code || '—' } });
        const done = await orders.transition(tx, row, 'cancel', actor.userId, reason || { key: 'trackingCancel' });
        return { status: done.status };
      });
    },

    async purchasesOf(orderId: string): Promise<LabelPurchase[]> {
      const rows = await db.select().from(labelPurchases).where(eq(labelPurchases.orderId, orderId)).orderBy(desc(labelPurchases.createdAt)).limit(20);
      return rows.map((p) => ({
        _id: p.id,
        status: p.status as LabelPurchase['status'],
        carrierCode: p.carrierCode,
        trackingNumber: p.trackingNumber,
        dueAt: p.dueAt.toISOString(),
        tries: p.tries,
        error: p.error,
        createdAt: p.createdAt.toISOString(),
        purchasedAt: iso(p.purchasedAt),
      }));
    },

    async trackerOf(orderId: string): Promise<TrackerRow | undefined> {
      const [t] = await db.select().from(trackers).where(eq(trackers.orderId, orderId));
      return t;
    },

    // ——— carrier connections (staff) ———
    async connections(): Promise<CarrierConnection[]> {
      const all = await catalog.allCarriers();
      const rows = await db.select().from(carrierConnections);
      return all.map((c) => connectionView(c, rows.find((r) => r.carrierId === c.id)));
    },
    async saveConnection(actor: Actor, carrierId: string, body: { adapter: 'sandbox' | 'http'; baseUrl: string; apiKey?: string; timeoutMs: number }): Promise<CarrierConnection> {
      const [carrier] = await catalog.carriersByIds([carrierId]);
      if (!carrier) throw new AppError('CARRIER_NOT_FOUND', 404);
      const existing = await connectionOf(carrierId);
      const apiKey = body.apiKey !== undefined && body.apiKey !== '' ? body.apiKey : (existing?.apiKey ?? '');
      // An HTTP carrier needs both: the error names the field that is missing.
      if (body.adapter === 'http' && !body.baseUrl) throw fieldError('baseUrl', 'validation.required');
      if (body.adapter === 'http' && !apiKey) throw fieldError('apiKey', 'validation.required');
      const values = { adapter: body.adapter, baseUrl: body.baseUrl, apiKey, timeoutMs: body.timeoutMs, updatedAt: clock(), updatedBy: actor.userId };
      const [row] = await db.insert(carrierConnections).values({ carrierId, ...values }).onConflictDoUpdate({ target: carrierConnections.carrierId, set: values }).returning();
      return connectionView(carrier, row);
    },
  };
  return service;
}

function connectionView(c: { id: string; code: string }, r: typeof carrierConnections.$inferSelect | undefined): CarrierConnection {
  return {
    carrierId: c.id,
    carrierCode: c.code,
    adapter: (r?.adapter ?? 'sandbox') as CarrierConnection['adapter'],
    baseUrl: r?.baseUrl ?? '',
    apiKeySet: Boolean(r?.apiKey),
    apiKeyHint: r?.apiKey ? `••••${r.apiKey.slice(-4)}` : '',
    timeoutMs: r?.timeoutMs ?? 10_000,
    cancelByApi: mayCancelTrackingByApi(c.code),
    updatedAt: r ? r.updatedAt.toISOString() : null,
  };
}

export type ShippingService = ReturnType<typeof createShippingService>;
