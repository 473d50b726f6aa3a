import { randomBytes } from 'node:crypto';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { translate, type CarrierConnection, type HistoryReason, type Language, type LabelPurchase, type RoutingStatus, type TrackingCancelMode } from '@exship/contracts';
import { mayCancelTrackingByApi, validOffset } from '@exship/domain';
import type { WorkingDayCalendar } from '@exship/domain/working-days';
import { actsForAnyAccount, type Actor } from '../../platform/access';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { assertPublicUrl, type Outbound } from '../../platform/outbound';
import { emit, type Jobs } from '../../platform/jobs';
import type { Storage } from '../../platform/storage';
import { handoverPlaceOf, redistributeCandidates, type CatalogService, type SnapshotCache } from '../catalog';
import type { LabelRequestedEvent, OrderCanceledEvent, OrderLabel, OrderLabels, OrderPaidEvent, OrderService } from '../orders';
import { createKeyring, type SecretKeyring } from '../../platform/secrets';
import { findUsersByIds, senderOf } from '../users';
import { builtInCarriers, pluginInfo, type CarrierRegistry } from './carriers';
import { createConnectionStore, type ConnectionStore } from './carriers/connections';
import { customsLinesOf } from './carriers/customs';
import { CarrierError, type CarrierAdapter, type CarrierEvent, type LabelRequest } from './shipping.carriers';
import { BuyLabelJob, LabelPurchased, LabelPurchaseFailed, TrackingUpdated, VoidLabelJob } from './shipping.events';
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
  /** Automatic retries of a void the carrier failed or did not confirm before it shows void failed. */
  voidRetries?: number;
  /** The app's outbound client: every HTTP carrier call goes through it. */
  outbound: Outbound;
  /** The carrier plugins (default: the built-in ones, carriers/index.ts). */
  carriers?: CarrierRegistry;
  /** Seals carrier connection secrets (default: the development key). */
  carrierSecrets?: SecretKeyring;
  /** Replaces the adapter of every carrier (tests). */
  adapterOverride?: (carrierId: string | null) => CarrierAdapter | undefined;
  /** An address check before buying: invalid → the order goes to not-verified. */
  checkAddress?: (a: { country: string; state: string; city: string; zip: string; address1: string; address2?: string }) => { status: 'valid' | 'invalid'; reasons: readonly string[] };
}

type OrderRow = Awaited<ReturnType<OrderService['lockOrder']>>;
type PurchaseRow = typeof labelPurchases.$inferSelect;
type TrackerRow = typeof trackers.$inferSelect;

export const publicCode = () => randomBytes(15).toString('base64url').replace(/[-_]/g, 'x');

/** Ids per `in (…)` list when reading trackers for many orders (an export asks for up to 50,000). */
const IDS_PER_QUERY = 5000;

/**
 * The label facts the orders module shows (its list, detail and export), read from the trackers:
 * connected at setup through `use(ordersModule).connectLabels`. A replaced label's tracker keeps the
 * last tracking number, as the order showed it until the new label.
 */
export const orderLabels: OrderLabels = {
  async labelsOf(tx, orderIds) {
    const out = new Map<string, OrderLabel>();
    const ids = [...new Set(orderIds)];
    for (let at = 0; at < ids.length; at += IDS_PER_QUERY) {
      const rows = await tx
        .select({ orderId: trackers.orderId, trackingNumber: trackers.trackingNumber, routingStatus: trackers.routingStatus })
        .from(trackers)
        .where(inArray(trackers.orderId, ids.slice(at, at + IDS_PER_QUERY)));
      for (const r of rows) out.set(r.orderId, { trackingNumber: r.trackingNumber, routingStatus: r.routingStatus as RoutingStatus | null });
    }
    return out;
  },
  async ordersWithTracking(tx, accountId, trackingNumber) {
    const rows = await tx
      .select({ orderId: trackers.orderId })
      .from(trackers)
      .where(and(eq(trackers.trackingNumber, trackingNumber), accountId ? eq(trackers.accountId, accountId) : undefined));
    return rows.map((r) => r.orderId);
  },
};
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Who reads a carrier error: staff (EX-ACT-FOR-CUSTOMER) or a seller, in their language. */
export type ErrorReader = Actor & { language?: Language };
/**
 * A carrier's own words are for staff: a misconfigured or hostile endpoint's reply (an internal
 * service's error text) must not reach a seller, who reads a message of ours instead.
 */
export function carrierErrorFor(reader: ErrorReader, error: string | null, what: 'label' | 'tracking' | 'void'): string | null {
  if (error === null || actsForAnyAccount(reader)) return error;
  // Our own address check's reasons, shown by the order screen in the reader's words.
  if (what === 'label' && error.startsWith('address invalid: ')) return error;
  const key = what === 'label' ? (error.startsWith('rejected:') ? 'labelRefused' : 'label') : what;
  return translate(reader.language ?? 'en', `shipping.carrierError.${key}`);
}

/**
 * The label's FROM from the seller's sender: the company (else the sender's, else the account's name)
 * at the US return address when one is set (a US carrier returns there), else at the ship-from
 * address; undefined when the seller set neither (the warehouse is the FROM then).
 */
export function sellerSender(s: Awaited<ReturnType<typeof senderOf>>): LabelData['sender'] | undefined {
  const name = s.shipFrom?.company || s.shipFrom?.name || s.accountName;
  const phone = s.shipFrom?.phone ?? '';
  if (s.returnAddress) return { name, phone, address1: s.returnAddress.address1, address2: s.returnAddress.address2, city: s.returnAddress.city, state: s.returnAddress.state, zip: s.returnAddress.zip, country: 'US' };
  if (s.shipFrom) return { name, phone, address1: s.shipFrom.address1, address2: s.shipFrom.address2, city: s.shipFrom.city, state: s.shipFrom.state, zip: s.shipFrom.zip, country: s.shipFrom.country };
  return undefined;
}

export function createShippingService(deps: ShippingDeps) {
  const { db, storage, jobs, orders, catalog, snapshot } = deps;
  const clock = deps.now ?? (() => new Date());
  const buyRetries = deps.buyRetries ?? 5;
  const voidRetries = deps.voidRetries ?? 5;

  const carriers = deps.carriers ?? builtInCarriers();
  const store = createConnectionStore({ registry: carriers, keyring: deps.carrierSecrets ?? createKeyring([]), context: { now: clock, sandboxSpeed: deps.sandboxSpeed ?? 1, fetch: deps.outbound.fetch } });

  async function connectionOf(carrierId: string | null, tx: Db = db) {
    if (!carrierId) return undefined;
    const [c] = await tx.select().from(carrierConnections).where(eq(carrierConnections.carrierId, carrierId));
    return c;
  }

  async function adapterFor(carrierId: string | null, tx: Db = db): Promise<CarrierAdapter> {
    const override = deps.adapterOverride?.(carrierId);
    if (override) return override;
    return store.adapter(await connectionOf(carrierId, tx));
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

  /**
   * The carrier a re-distribution goes to: the first other carrier serving the order's lane (the orders
   * action refused the request when there was none). Only a catalog change since then leaves none: the
   * same carrier then, rather than no label.
   */
  async function redistributeCarrier(tx: Db, row: OrderRow): Promise<{ id: string | null; code: string }> {
    const [c] = redistributeCandidates(await snapshot.get(tx), row);
    return c ? { id: c.id, code: c.code } : { id: row.carrierId, code: row.carrierCode ?? '' };
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
    // The ship date is the seller's day: an account's id is its owner's user id, whose offset it is.
    const [owner] = await findUsersByIds(db, [row.accountId]);
    const warehouseSender = w
      ? { name: `ExShip ${w.name}`, phone: w.phone ?? '', address1: w.address, city: w.city, state: w.state ?? '', zip: w.zipcode, country: w.country }
      : { name: 'ExShip', address1: '', city: '', state: '', zip: '', country: 'US' };
    // Where the carrier takes the parcel over (the warehouse's hand-over point), and the US warehouse it enters through.
    const handover = w ? handoverPlaceOf(w) : undefined;
    const origin = handover ? { city: handover.city, state: handover.state, country: handover.country } : { city: warehouseSender.city, state: warehouseSender.state, country: warehouseSender.country };
    const hub = w && w.country === 'US' ? { city: w.city, state: w.state ?? '', country: w.country } : null;
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
      timeZone: validOffset(owner?.timeZone, '+07:00'),
      signature: row.signature,
      sender: sellerSender(await senderOf(db, row.accountId)) ?? warehouseSender,
      origin,
      hub,
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
      // The goods leave from the hand-over point's country.
      customs: await customsLinesOf(db, row.id, origin.country),
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
    ...(d.origin ? { origin: d.origin } : {}),
    ...(d.hub !== undefined ? { hub: d.hub } : {}),
    recipient: { name: d.recipient.name, phone: d.recipient.phone ?? '', address1: d.recipient.address1, address2: d.recipient.address2 ?? '', city: d.recipient.city, state: d.recipient.state, zip: d.recipient.zip, country: d.recipient.country },
    customs: d.customs ?? [],
  });

  /** Insert carrier events (duplicates skipped); returns how many were new. */
  async function addEvents(tx: Db, t: { orderId: string; accountId: string; exOrderId: string; trackingNumber: string }, events: readonly CarrierEvent[]): Promise<number> {
    if (events.length === 0) return 0;
    const added = await tx
      .insert(routingEvents)
      .values(events.map((e) => ({ orderId: t.orderId, accountId: t.accountId, trackingNumber: t.trackingNumber, at: e.at, status: e.status, code: e.code, description: e.description, city: e.city, state: e.state, country: e.country })))
      .onConflictDoNothing()
      .returning();
    if (added.length > 0) {
      // The newest new event is the parcel's routing status now: announced with the events' insert.
      const newest = added.reduce((a, b) => (a.at > b.at ? a : b));
      await emit(tx, TrackingUpdated, {
        orderId: t.orderId,
        accountId: t.accountId,
        exOrderId: t.exOrderId,
        trackingNumber: t.trackingNumber,
        added: added.length,
        event: { at: newest.at.toISOString(), status: newest.status as RoutingStatus, code: newest.code || null, description: newest.description, city: newest.city || null, state: newest.state || null, country: newest.country || null },
      });
    }
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
    await orders.labelBought(tx, row, { trackingNumber: l.data.trackingNumber, carrierId: l.carrierId, carrierCode: l.data.carrierCode }, l.reason);
    await emit(tx, LabelPurchased, {
      orderId: row.id,
      accountId: row.accountId,
      exOrderId: row.exOrderId,
      trackingNumber: l.data.trackingNumber,
      carrierCode: l.data.carrierCode,
      carrierName: l.data.carrierName,
      serviceName: row.serviceName ?? null,
      at: clock().toISOString(),
    });
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
      await addEvents(tx, { orderId: row.id, accountId: row.accountId, exOrderId: row.exOrderId, trackingNumber: l.data.trackingNumber }, l.events);
      const newest = l.events.reduce((a, b) => (a.at > b.at ? a : b));
      await tx.update(trackers).set({ routingStatus: newest.status, lastEventAt: newest.at }).where(eq(trackers.orderId, row.id));
      await orders.followRouting(tx, await orders.lockOrder(tx, row.id), newest.status);
    }
  }

  /** drop-purchase: the order's scheduled, buying or failed purchases are superseded (a late carrier answer is voided). */
  async function dropPurchases(tx: Db, orderId: string) {
    await tx.update(labelPurchases).set({ status: 'superseded' }).where(and(eq(labelPurchases.orderId, orderId), inArray(labelPurchases.status, ['scheduled', 'buying', 'failed'])));
  }

  type VoidJob = { orderId: string; purpose: 'cancel' | 'release'; trackingNumber: string; shipmentId: string | null; carrierId: string | null };

  /** Ask the carrier to void a label; its purchase row (when bought here, not imported) shows void requested. */
  async function requestVoid(tx: Db, job: VoidJob) {
    await jobs.send(VoidLabelJob, job, { tx, retryLimit: voidRetries });
    await markVoid(tx, job, 'requested', null);
  }

  /** The void state of the purchase that bought this label (none for an imported tracking number). */
  async function markVoid(tx: Db, job: Pick<VoidJob, 'orderId' | 'trackingNumber'>, status: 'requested' | 'voided' | 'failed' | null, error: string | null) {
    await tx
      .update(labelPurchases)
      .set({ voidStatus: status, voidError: error?.slice(0, 500) ?? null, voidedAt: status === 'voided' ? clock() : null })
      .where(and(eq(labelPurchases.orderId, job.orderId), eq(labelPurchases.trackingNumber, job.trackingNumber)));
  }

  /** Release the current label of an order (replaced or cancelled): tracker off, carrier asked to void it. */
  async function releaseTracker(tx: Db, orderId: string, purpose: 'cancel' | 'release') {
    const [t] = await tx.update(trackers).set({ active: false }).where(eq(trackers.orderId, orderId)).returning();
    if (t) await requestVoid(tx, { orderId, purpose, trackingNumber: t.trackingNumber, shipmentId: t.shipmentId, carrierId: t.carrierId });
    return t;
  }

  const purchaseView = (p: PurchaseRow, reader: ErrorReader): LabelPurchase => ({
    _id: p.id,
    status: p.status as LabelPurchase['status'],
    carrierCode: p.carrierCode,
    trackingNumber: p.trackingNumber,
    dueAt: p.dueAt.toISOString(),
    tries: p.tries,
    error: carrierErrorFor(reader, p.error, 'label'),
    createdAt: p.createdAt.toISOString(),
    purchasedAt: iso(p.purchasedAt),
    voidStatus: p.voidStatus as LabelPurchase['voidStatus'],
    voidError: carrierErrorFor(reader, p.voidError, 'void'),
    voidedAt: iso(p.voidedAt),
  });

  const service = {
    adapterFor,
    addEvents,
    recordLabel,
    labelData,
    releaseTracker,

    // ——— fulfil-order's start handlers (fulfilment.workflow.ts); each runs in its event's transaction ———

    /** schedule-label on OrderPaid: a purchase due at the label delay in force at payment. */
    async onPaid(tx: Db, e: OrderPaidEvent): Promise<void> {
      const row = await orders.lockOrder(tx, e.orderId);
      // Held before this ran: the purchase waits, due at the same time, until unhold. Cancelled: nothing to do.
      if (row.status !== 'paid' && !(row.status === 'on-hold' && row.preStatus === 'paid')) return;
      await sendBuy(tx, (await livePurchase(tx, row.id)) ?? (await newPurchase(tx, row, 'pay', new Date(e.labelDueAt))));
    },

    /** schedule-label on OrderReleased / OrderAddressEdited: the live purchase goes on, or a new one due now. */
    async onWaitingAgain(tx: Db, e: { orderId: string; action: 'unhold' | 'confirmAddress' | 'addressEdited' }): Promise<void> {
      const row = await orders.lockOrder(tx, e.orderId);
      if (row.status !== 'paid' && row.status !== 'waiting-label') return;
      await sendBuy(tx, (await livePurchase(tx, row.id)) ?? (await newPurchase(tx, row, e.action, clock())));
    },

    /** schedule-label on LabelRequested: the live purchase and the current label give way to a new purchase. */
    async onLabelRequested(tx: Db, e: LabelRequestedEvent): Promise<void> {
      const row = await orders.lockOrder(tx, e.orderId);
      if (row.status !== 'waiting-label') return;
      await dropPurchases(tx, row.id);
      if (e.reason !== 'generateTracking') await releaseTracker(tx, row.id, 'release');
      const carrier = e.reason === 'redistribute' ? await redistributeCarrier(tx, row) : undefined;
      await sendBuy(tx, await newPurchase(tx, row, e.reason, clock(), carrier));
    },

    /** undo on OrderCanceled: drop-purchase, then void-label (waited for by a normal cancel, best effort otherwise). */
    async onCanceled(tx: Db, e: OrderCanceledEvent): Promise<void> {
      if (e.awaitsCarrier) {
        await releaseTracker(tx, e.orderId, 'cancel');
        return;
      }
      await dropPurchases(tx, e.orderId);
      await releaseTracker(tx, e.orderId, 'release');
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
          if (row.status === 'waiting-label') {
            await orders.transition(tx, row, 'labelFailed', null, { key: 'labelFailed', vars: { kind: e.kind } });
            const willRetry = e.retryable && attempt < buyRetries;
            await emit(tx, LabelPurchaseFailed, { orderId: row.id, accountId: row.accountId, exOrderId: row.exOrderId, error: `${e.kind}: ${e.message}`.slice(0, 500), willRetry, at: clock().toISOString() });
          }
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
          // Cancelled or replaced while the carrier answered: the label is not used, void it (the row keeps its number, to show the void).
          if (p) await tx.update(labelPurchases).set({ status: 'superseded', trackingNumber: bought.trackingNumber, shipmentId: bought.shipmentId }).where(eq(labelPurchases.id, p.id));
          await requestVoid(tx, { orderId: purchase.orderId, purpose: 'release', trackingNumber: bought.trackingNumber, shipmentId: bought.shipmentId, carrierId: purchase.carrierId });
          return 'skipped' as const;
        }
        await tx.update(labelPurchases).set({ status: 'purchased', trackingNumber: bought.trackingNumber, shipmentId: bought.shipmentId, purchasedAt: clock() }).where(eq(labelPurchases.id, p.id));
        await recordLabel(tx, row, { data: full, shipmentId: bought.shipmentId, labelKey, carrierId: purchase.carrierId, events: bought.events, reason: { key: 'labelBought', vars: { action: purchase.reason } } });
        return 'bought' as const;
      });
      return outcome;
    },

    /**
     * The void job: `cancel` settles a waiting-cancel order by the carrier's answer; `release` (a replaced
     * label, a cancel that does not wait) is retried with back-off, then shown as void failed for staff to retry.
     */
    async voidLabel(job: VoidJob, attempt = 0): Promise<string> {
      const adapter = await adapterFor(job.carrierId);
      let result: Awaited<ReturnType<CarrierAdapter['voidLabel']>>;
      try {
        result = await adapter.voidLabel({ trackingNumber: job.trackingNumber, shipmentId: job.shipmentId }, `void-${job.trackingNumber}`);
      } catch (err) {
        if (job.purpose === 'cancel') throw err;
        const e = err instanceof CarrierError ? err : new CarrierError('server', (err as Error).message);
        const last = !e.retryable || attempt >= voidRetries;
        // Until the last try the label stays void requested, with the latest answer for staff.
        await markVoid(db, job, last ? 'failed' : 'requested', `${e.kind}: ${e.message}`);
        if (!last) throw e;
        return 'release-failed';
      }
      if (job.purpose === 'release') {
        if (result === 'pending' && attempt < voidRetries) {
          await markVoid(db, job, 'requested', null);
          throw new CarrierError('server', 'the carrier has not confirmed the void yet');
        }
        if (result === 'voided') await markVoid(db, job, 'voided', null);
        else await markVoid(db, job, 'failed', result === 'refused' ? 'refused: the carrier refused to void the label' : `pending: the carrier had not confirmed the void after ${attempt + 1} tries`);
        return result;
      }
      if (result === 'pending') throw new CarrierError('server', 'the carrier has not confirmed the void yet');
      await db.transaction(async (tx) => {
        // A refused cancel leaves the label in force: no void state on it.
        await markVoid(tx, job, result === 'voided' ? 'voided' : null, null);
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
        const [label] = await tx.select({ orderId: trackers.orderId }).from(trackers).where(eq(trackers.orderId, orderId));
        if (!row.labeledAt || !label) throw new AppError('LABEL_NOT_READY', 409);
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

    async purchasesOf(orderId: string, reader: ErrorReader): Promise<LabelPurchase[]> {
      const rows = await db.select().from(labelPurchases).where(eq(labelPurchases.orderId, orderId)).orderBy(desc(labelPurchases.createdAt)).limit(20);
      return rows.map((p) => purchaseView(p, reader));
    },

    /** Staff ask the carrier again to void a label whose void failed; 409 for any other label. */
    async retryVoid(actor: ErrorReader, orderId: string, purchaseId: string): Promise<LabelPurchase> {
      const [visible] = await orders.visibleIds(actor, [orderId]);
      if (!visible) throw new AppError('ORDER_NOT_FOUND', 404);
      return db.transaction(async (tx) => {
        const [p] = await tx.select().from(labelPurchases).where(and(eq(labelPurchases.id, purchaseId), eq(labelPurchases.orderId, orderId))).for('update');
        if (!p || !p.trackingNumber) throw new AppError('LABEL_PURCHASE_NOT_FOUND', 404);
        if (p.voidStatus !== 'failed') throw new AppError('VOID_NOT_RETRYABLE', 409, { details: { voidStatus: p.voidStatus } });
        await requestVoid(tx, { orderId, purpose: 'release', trackingNumber: p.trackingNumber, shipmentId: p.shipmentId, carrierId: p.carrierId });
        const [updated] = await tx.select().from(labelPurchases).where(eq(labelPurchases.id, p.id));
        return purchaseView(updated!, actor);
      });
    },

    async trackerOf(orderId: string): Promise<TrackerRow | undefined> {
      const [t] = await db.select().from(trackers).where(eq(trackers.orderId, orderId));
      return t;
    },

    // ——— carrier connections (staff) ———
    async connections(): Promise<CarrierConnection[]> {
      const all = await catalog.allCarriers();
      const rows = await db.select().from(carrierConnections);
      return all.map((c) => connectionView(store, c, rows.find((r) => r.carrierId === c.id)));
    },
    async saveConnection(actor: Actor, carrierId: string, body: { plugin: string; settings: Record<string, unknown> }): Promise<CarrierConnection> {
      const [carrier] = await catalog.carriersByIds([carrierId]);
      if (!carrier) throw new AppError('CARRIER_NOT_FOUND', 404);
      const values = { ...store.prepare(body, await connectionOf(carrierId)), updatedAt: clock(), updatedBy: actor.userId };
      // A URL setting is where the server will call: a public http(s) address, checked at save and at every call.
      for (const [name, spec] of Object.entries(carriers.get(body.plugin)?.settings ?? {})) {
        const value = body.settings[name];
        if (spec.kind === 'url' && typeof value === 'string' && value !== '') await assertPublicUrl(value, deps.outbound, `settings.${name}`);
      }
      const [row] = await db.insert(carrierConnections).values({ carrierId, ...values }).onConflictDoUpdate({ target: carrierConnections.carrierId, set: values }).returning();
      return connectionView(store, carrier, row);
    },
    /** The registered carrier plugins, for the connection form. */
    carrierPlugins: () => carriers.list().map(pluginInfo),
    /** At start: secrets the migration left in plain text, or sealed with a previous key, are sealed again. */
    sealConnectionSecrets: (log?: Parameters<ConnectionStore['sealStored']>[1]) => store.sealStored(db, log),
  };
  return service;
}

function connectionView(store: ConnectionStore, c: { id: string; code: string }, r: typeof carrierConnections.$inferSelect | undefined): CarrierConnection {
  return store.view(c, r);
}

export type ShippingService = ReturnType<typeof createShippingService>;
