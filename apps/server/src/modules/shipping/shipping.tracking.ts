import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { SHIPPING_LIMITS, translate, type FlaggedFilter, type Language, type OrderShipping, type Parcel, type PublicParcel, type RoutingEvent, type RoutingStatus, type TrackingLog } from '@exship/contracts';
import { isLabelVoid, isParcelLate, isParcelLost } from '@exship/domain';
import { accountScope, scope, type Actor } from '../../platform/access';
import { dateRangeWhere, escapeLike } from '../../platform/crud';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { emit } from '../../platform/jobs';
import type { OrderService } from '../orders';
import type { TrackResult } from './shipping.carriers';
import { ParcelFlagged } from './shipping.events';
import { carrierErrorFor, type ErrorReader, type ShippingDeps, type ShippingService } from './shipping.service';
import { leftOriginOf } from './shipping.floor';
import { routingEvents, trackers, trackingLogs } from './shipping.tables';

// Tracking: the poller asks each carrier about its active parcels in batches,
// stores new routing events, moves the order through the orders module (followRouting), logs every
// number asked; lost and late parcels are flagged and announced; old events pruned after 100 days.

type TrackerRow = typeof trackers.$inferSelect;
const DAY = 86_400_000;

export function createTrackingService(deps: ShippingDeps & { shipping: ShippingService; orders: OrderService }) {
  const { db, shipping, orders, calendar } = deps;
  const clock = deps.now ?? (() => new Date());
  const pollEvery = deps.pollEveryMs ?? 2 * 3_600_000;

  // A platform event (the warehouse floor's) is a message key with its values, in the reader's language.
  const eventView = (e: typeof routingEvents.$inferSelect, lang: Language): RoutingEvent => ({
    at: e.at.toISOString(),
    status: e.status as RoutingStatus,
    code: e.code,
    description: e.descriptionVars ? translate(lang, e.description, e.descriptionVars) : e.description,
    city: e.city,
    state: e.state,
    country: e.country,
  });

  async function eventsOf(orderIds: string[], lang: Language = 'en'): Promise<Map<string, RoutingEvent[]>> {
    const out = new Map<string, RoutingEvent[]>();
    if (orderIds.length === 0) return out;
    const rows = await db.select().from(routingEvents).where(inArray(routingEvents.orderId, orderIds)).orderBy(desc(routingEvents.at));
    for (const r of rows) {
      const list = out.get(r.orderId) ?? [];
      list.push(eventView(r, lang));
      out.set(r.orderId, list);
    }
    return out;
  }

  async function parcels(rows: TrackerRow[], lang: Language | undefined): Promise<Parcel[]> {
    const ids = rows.map((r) => r.orderId);
    const events = await eventsOf(ids, lang);
    const statuses = await orders.statusesOf(ids);
    return rows.map((t) => ({
      orderId: t.orderId,
      exOrderId: t.exOrderId,
      orderName: t.orderName,
      status: statuses.get(t.orderId)?.status ?? 'labeled',
      routingStatus: (t.routingStatus as RoutingStatus | null) ?? null,
      trackingNumber: t.trackingNumber,
      carrierCode: t.carrierCode,
      carrierName: t.carrierName,
      serviceName: t.serviceName,
      labeledAt: t.labeledAt.toISOString(),
      lastEventAt: t.lastEventAt?.toISOString() ?? null,
      lostAt: t.lostAt?.toISOString() ?? null,
      lateAt: t.lateAt?.toISOString() ?? null,
      publicPath: `/track/${t.publicCode}`,
      destination: { city: t.destCity, state: t.destState, country: t.destCountry },
      events: events.get(t.orderId) ?? [],
    }));
  }

  /** Apply one carrier answer to one tracker, in a transaction; returns the events added. */
  async function applyResult(tx: Db, t: TrackerRow, r: TrackResult, now: Date): Promise<number> {
    const added = await shipping.addEvents(tx, { orderId: t.orderId, accountId: t.accountId, exOrderId: t.exOrderId, trackingNumber: t.trackingNumber }, r.events);
    const newest = r.events.length ? r.events.reduce((a, b) => (a.at > b.at ? a : b)) : undefined;
    const us = r.events.find((e) => e.status === 'us-accepted');
    const delivered = newest?.status === 'delivered';
    const speedUp = t.carrierId && (await shipping.adapterFor(t.carrierId, tx)).kind === 'sandbox' ? (deps.sandboxSpeed ?? 1) : 1;
    await tx
      .update(trackers)
      .set({
        lastPolledAt: now,
        pollFailures: 0,
        nextPollAt: new Date(now.getTime() + Math.max(60_000, pollEvery / speedUp)),
        ...(added > 0 && newest ? { routingStatus: newest.status, lastEventAt: newest.at, lostAt: null } : {}),
        ...(us && !t.usArrivedAt ? { usArrivedAt: us.at } : {}),
        ...(delivered ? { deliveredAt: newest!.at, active: false } : {}),
      })
      .where(eq(trackers.orderId, t.orderId));
    if (added > 0 && newest) {
      const row = await orders.lockOrder(tx, t.orderId);
      await orders.followRouting(tx, row, newest.status);
    }
    return added;
  }

  /**
   * Flags one parcel and announces it in the same transaction (the notice is an outbox job: a crash
   * cannot flag without telling, nor tell twice). A lost parcel's routing status follows on the order.
   */
  async function flagOne(t: TrackerRow, flag: 'lost' | 'late', now: Date): Promise<boolean> {
    return db.transaction(async (tx) => {
      const column = flag === 'lost' ? trackers.lostAt : trackers.lateAt;
      const [u] = await tx
        .update(trackers)
        .set(flag === 'lost' ? { lostAt: now, routingStatus: 'lost' } : { lateAt: now })
        .where(and(eq(trackers.orderId, t.orderId), isNull(column)))
        .returning();
      if (!u) return false;
      if (flag === 'lost') await orders.followRouting(tx, await orders.lockOrder(tx, t.orderId), 'lost');
      await emit(tx, ParcelFlagged, { orderId: t.orderId, accountId: t.accountId, exOrderId: t.exOrderId, trackingNumber: t.trackingNumber, flag, at: now.toISOString() });
      return true;
    });
  }

  const service = {
    /** One poll round: every active tracker due now, per carrier, in batches. Returns numbers asked. */
    async poll(limit = 2000): Promise<{ asked: number; updated: number; errors: number }> {
      const now = clock();
      const due = await db
        .select()
        .from(trackers)
        .where(and(eq(trackers.active, true), lte(trackers.nextPollAt, now)))
        .orderBy(asc(trackers.nextPollAt))
        .limit(limit);
      const byCarrier = new Map<string, TrackerRow[]>();
      for (const t of due) {
        const key = t.carrierId ?? '';
        byCarrier.set(key, [...(byCarrier.get(key) ?? []), t]);
      }
      let updated = 0;
      let errors = 0;
      for (const [carrierId, list] of byCarrier) {
        const adapter = await shipping.adapterFor(carrierId || null);
        for (let i = 0; i < list.length; i += SHIPPING_LIMITS.trackBatch) {
          const batch = list.slice(i, i + SHIPPING_LIMITS.trackBatch);
          const started = Date.now();
          let results: TrackResult[] | undefined;
          let failure: string | undefined;
          // A cross-border parcel is the carrier's once it left our origin warehouse: the carrier is told when.
          const leftOrigin = await leftOriginOf(db, batch.map((t) => t.orderId));
          try {
            results = await adapter.track(
              batch.map((t) => ({
                trackingNumber: t.trackingNumber,
                shipmentId: t.shipmentId,
                labeledAt: t.labeledAt,
                recipient: { city: t.destCity, state: t.destState, country: t.destCountry, address1: t.labelData.recipient.address1 },
                origin: t.labelData.origin ?? { city: t.labelData.sender.city, state: t.labelData.sender.state, country: t.labelData.sender.country },
                ...(t.labelData.hub ? { hub: t.labelData.hub } : {}),
                leftOriginAt: leftOrigin.get(t.orderId) ?? null,
              })),
            );
          } catch (err) {
            failure = (err as Error).message.slice(0, 500);
          }
          const durationMs = Date.now() - started;
          await db.transaction(async (tx) => {
            for (const t of batch) {
              const r = results?.find((x) => x.trackingNumber === t.trackingNumber);
              let result: TrackingLog['result'];
              let added = 0;
              if (!results || !r) {
                errors++;
                result = 'error';
                const failures = t.pollFailures + 1;
                // Back-off: 5 min doubling per failure, at most 6 hours.
                await tx.update(trackers).set({ lastPolledAt: now, pollFailures: failures, nextPollAt: new Date(now.getTime() + Math.min(6 * 3_600_000, 300_000 * 2 ** (failures - 1))) }).where(eq(trackers.orderId, t.orderId));
              } else if (!r.found) {
                result = 'not-found';
                await tx.update(trackers).set({ lastPolledAt: now, nextPollAt: new Date(now.getTime() + pollEvery) }).where(eq(trackers.orderId, t.orderId));
              } else {
                added = await applyResult(tx, t, r, now);
                result = added > 0 ? 'updated' : 'unchanged';
                if (added > 0) updated++;
              }
              await tx.insert(trackingLogs).values({
                accountId: t.accountId,
                orderId: t.orderId,
                exOrderId: t.exOrderId,
                carrierCode: t.carrierCode,
                trackingNumber: t.trackingNumber,
                at: now,
                result,
                eventsAdded: added,
                durationMs,
                error: result === 'error' ? (failure ?? 'no answer for this number') : null,
              });
            }
          });
        }
      }
      return { asked: due.length, updated, errors };
    },

    /** Lost: no update for 15 business days; late: 15 days after US arrival and not delivered. Flags once, announces. */
    async flag(): Promise<{ lost: number; late: number }> {
      const now = clock();
      let lost = 0;
      let late = 0;
      // Calendar days ≥ working days: 15 calendar days is a safe first cut, the calendar decides.
      const lostCandidates = await db
        .select()
        .from(trackers)
        .where(and(eq(trackers.active, true), isNull(trackers.lostAt), isNull(trackers.deliveredAt), lt(sql`coalesce(${trackers.lastEventAt}, ${trackers.labeledAt})`, new Date(now.getTime() - SHIPPING_LIMITS.lostWorkingDays * DAY))))
        .limit(1000);
      for (const t of lostCandidates) {
        if (!isParcelLost(t, now, calendar)) continue;
        if (await flagOne(t, 'lost', now)) lost++;
      }
      const lateCandidates = await db
        .select()
        .from(trackers)
        .where(and(isNotNull(trackers.usArrivedAt), isNull(trackers.deliveredAt), isNull(trackers.lateAt), lt(trackers.usArrivedAt, new Date(now.getTime() - SHIPPING_LIMITS.lateDays * DAY))))
        .limit(1000);
      for (const t of lateCandidates) {
        if (!isParcelLate(t, now)) continue;
        if (await flagOne(t, 'late', now)) late++;
      }
      return { lost, late };
    },

    /** SPEC §9: routing events and tracking logs are kept 100 days. */
    async prune(): Promise<{ events: number; logs: number }> {
      const before = new Date(clock().getTime() - SHIPPING_LIMITS.retentionDays * DAY);
      const events = await db.delete(routingEvents).where(lt(routingEvents.at, before)).returning({ id: routingEvents.id });
      const logs = await db.delete(trackingLogs).where(lt(trackingLogs.at, before)).returning({ id: trackingLogs.id });
      return { events: events.length, logs: logs.length };
    },

    /** Track routing: tracking numbers, order ids or order names the actor may see. */
    async lookup(actor: Actor, refs: string[]): Promise<{ parcels: Parcel[]; noLabel: { ref: string; orderId: string; exOrderId: string; status: string }[]; notFound: string[] }> {
      const wanted = [...new Set(refs.map((r) => r.trim()).filter(Boolean))];
      const upper = wanted.map((r) => r.toUpperCase());
      const rows = await db
        .select()
        .from(trackers)
        .where(and(scope(actor, trackers.accountId), or(inArray(trackers.trackingNumber, upper), inArray(trackers.exOrderId, upper), inArray(trackers.orderName, wanted))))
        .orderBy(desc(trackers.labeledAt))
        .limit(SHIPPING_LIMITS.lookupMax * 2);
      const found = new Set(rows.flatMap((r) => [r.trackingNumber, r.exOrderId, r.orderName.toUpperCase()]));
      const unmatched = wanted.filter((r) => !found.has(r.toUpperCase()));
      // An order id of the caller's own order that has no label yet is not "not found": say so.
      const orderRows = await orders.rowsByExOrderIds(unmatched.map((r) => r.toUpperCase()), accountScope(actor));
      const noLabel = unmatched.flatMap((ref) => {
        const o = orderRows.get(ref.toUpperCase());
        return o ? [{ ref, orderId: o.id, exOrderId: o.exOrderId, status: o.status }] : [];
      });
      return { parcels: await parcels(rows, (actor as ErrorReader).language), noLabel, notFound: unmatched.filter((r) => !orderRows.has(r.toUpperCase())) };
    },

    async flagged(actor: Actor, q: { flag: FlaggedFilter; page: number; pageSize: number }) {
      const own = scope(actor, trackers.accountId);
      const cond = (flag: FlaggedFilter): SQL =>
        flag === 'lost'
          ? isNotNull(trackers.lostAt)
          : flag === 'late'
            ? and(isNotNull(trackers.lateAt), isNull(trackers.deliveredAt))!
            : and(eq(trackers.active, true), isNull(trackers.deliveredAt), or(isNotNull(trackers.lostAt), isNotNull(trackers.lateAt)))!;
      const flaggedAt = q.flag === 'lost' ? trackers.lostAt : q.flag === 'late' ? trackers.lateAt : sql`coalesce(${trackers.lostAt}, ${trackers.lateAt})`;
      const counted = (flag: FlaggedFilter) => db.select({ n: count() }).from(trackers).where(and(own, cond(flag)));
      const [rows, [lostN], [lateN], [openN]] = await Promise.all([
        db.select().from(trackers).where(and(own, cond(q.flag))).orderBy(desc(flaggedAt), asc(trackers.orderId)).offset((q.page - 1) * q.pageSize).limit(q.pageSize),
        counted('lost'),
        counted('late'),
        counted('lost-late'),
      ]);
      const counts = { lost: lostN!.n, late: lateN!.n, lostLate: openN!.n };
      return { items: await parcels(rows, (actor as ErrorReader).language), total: q.flag === 'lost' ? counts.lost : q.flag === 'late' ? counts.late : counts.lostLate, page: q.page, pageSize: q.pageSize, counts };
    },

    /** The buyer's page: city, state and country only. */
    async publicParcel(code: string, lang: Language = 'en'): Promise<PublicParcel> {
      const [t] = await db.select().from(trackers).where(eq(trackers.publicCode, code));
      if (!t) throw new AppError('TRACKING_NOT_FOUND', 404);
      const [events, statuses] = await Promise.all([eventsOf([t.orderId], lang).then((m) => m.get(t.orderId) ?? []), orders.statusesOf([t.orderId])]);
      return {
        trackingNumber: t.trackingNumber,
        carrierName: t.carrierName,
        serviceName: t.serviceName,
        routingStatus: (t.routingStatus as RoutingStatus | null) ?? null,
        delivered: t.deliveredAt !== null || (t.routingStatus as RoutingStatus | null) === 'delivered',
        cancelled: isLabelVoid(statuses.get(t.orderId)?.status ?? ''),
        destination: { city: t.destCity, state: t.destState, country: t.destCountry },
        events: events.map((e) => ({ ...e, description: e.description })),
      };
    },

    async orderShipping(actor: ErrorReader, orderId: string): Promise<OrderShipping> {
      const [visible] = await orders.visibleIds(actor, [orderId]);
      if (!visible) throw new AppError('ORDER_NOT_FOUND', 404);
      const t = await shipping.trackerOf(orderId);
      const events = t ? ((await eventsOf([orderId], actor.language)).get(orderId) ?? []) : [];
      return {
        trackingNumber: t?.trackingNumber ?? null,
        hasLabel: Boolean(t),
        publicPath: t ? `/track/${t.publicCode}` : null,
        lostAt: t?.lostAt?.toISOString() ?? null,
        lateAt: t?.lateAt?.toISOString() ?? null,
        purchases: await shipping.purchasesOf(orderId, actor),
        events,
      };
    },

    async logs(actor: ErrorReader, q: { page: number; pageSize: number; result: string; keyword?: string; dateFrom?: string; dateTo?: string }) {
      const kw = q.keyword?.trim();
      const where = and(
        scope(actor, trackingLogs.accountId),
        q.result !== 'all' ? eq(trackingLogs.result, q.result) : undefined,
        kw ? or(eq(trackingLogs.trackingNumber, kw.toUpperCase()), eq(trackingLogs.exOrderId, kw.toUpperCase()), ilike(trackingLogs.carrierCode, escapeLike(kw))) : undefined,
        dateRangeWhere(trackingLogs.at, q.dateFrom, q.dateTo),
      );
      const [rows, [total]] = await Promise.all([
        db.select().from(trackingLogs).where(where).orderBy(desc(trackingLogs.at), desc(trackingLogs.id)).offset((q.page - 1) * q.pageSize).limit(q.pageSize),
        db.select({ n: count() }).from(trackingLogs).where(where),
      ]);
      const items: TrackingLog[] = rows.map((r) => ({
        _id: r.id,
        at: r.at.toISOString(),
        carrierCode: r.carrierCode,
        trackingNumber: r.trackingNumber,
        exOrderId: r.exOrderId,
        result: r.result as TrackingLog['result'],
        eventsAdded: r.eventsAdded,
        durationMs: r.durationMs,
        error: carrierErrorFor(actor, r.error, 'tracking'),
      }));
      return { items, total: total!.n, page: q.page, pageSize: q.pageSize };
    },

    /** Trackers of the actor's orders among `orderIds` (label downloads), in the order asked. */
    /**
     * The labels of the actor's orders, for printing. An order without a label, or cancelled (or being
     * cancelled: its label is being voided), has none to print: 409 for the one order of a label route, 422
     * naming the EX order ids for a merged download.
     */
    async printableLabels(actor: Actor, orderIds: string[], single = false): Promise<TrackerRow[]> {
      const visible = new Set(await orders.visibleIds(actor, orderIds));
      const unknown = orderIds.filter((id) => !visible.has(id));
      if (unknown.length) throw new AppError('ORDER_NOT_FOUND', 404, { details: { orderIds: unknown } });
      const [rows, states] = await Promise.all([db.select().from(trackers).where(inArray(trackers.orderId, orderIds)), orders.statusesOf(orderIds)]);
      const byId = new Map(rows.map((r) => [r.orderId, r]));
      const voided = orderIds.filter((id) => byId.has(id) && isLabelVoid(states.get(id)?.status ?? ''));
      const missing = orderIds.filter((id) => !byId.has(id));
      if (single && voided.length) throw new AppError('LABEL_VOIDED', 409);
      if (single && missing.length) throw new AppError('LABEL_NOT_READY', 409);
      const refused = [...missing, ...voided];
      if (refused.length) {
        throw new AppError('LABELS_NOT_READY', 422, { vars: { orders: refused.map((id) => states.get(id)?.exOrderId ?? id).join(', ') }, details: { orderIds: refused } });
      }
      return orderIds.map((id) => byId.get(id)!);
    },

    async trackersByNumbers(actor: Actor, numbers: string[]): Promise<TrackerRow[]> {
      return numbers.length === 0 ? [] : db.select().from(trackers).where(and(scope(actor, trackers.accountId), inArray(trackers.trackingNumber, numbers)));
    },

    /** Rows of the tracking export: labeled, shipped, delivered or completed orders of the actor's. */
    async exportRows(actor: Actor, q: { dateFrom?: string; dateTo?: string; routingStatus: string }) {
      const where = and(
        scope(actor, trackers.accountId),
        q.routingStatus !== 'all' ? eq(trackers.routingStatus, q.routingStatus) : undefined,
        dateRangeWhere(trackers.labeledAt, q.dateFrom, q.dateTo),
      );
      const rows = await db.select().from(trackers).where(where).orderBy(desc(trackers.labeledAt)).limit(50_000);
      const statuses = await orders.statusesOf(rows.map((r) => r.orderId));
      const allowed = new Set(['labeled', 'shipped', 'delivered', 'completed']);
      return rows.filter((r) => allowed.has(statuses.get(r.orderId)?.status ?? '')).map((r) => ({ tracker: r, status: statuses.get(r.orderId)!.status }));
    },

    /**
     * End-to-end suite only (E2E=1): moves a labeled parcel's history `days` back (label, events,
     * last update), stops polling it, then runs the lost/late flags as their job would. A journey
     * gets a lost parcel without waiting 15 business days.
     */
    async stallForTest(orderId: string, days: number) {
      const shift = sql`make_interval(days => ${days})`;
      const moved = await db
        .update(trackers)
        .set({
          labeledAt: sql`${trackers.labeledAt} - ${shift}`,
          lastEventAt: sql`${trackers.lastEventAt} - ${shift}`,
          nextPollAt: new Date(clock().getTime() + 365 * DAY),
        })
        .where(and(eq(trackers.orderId, orderId), isNull(trackers.deliveredAt)))
        .returning({ orderId: trackers.orderId });
      if (moved.length === 0) throw new AppError('ORDER_NOT_FOUND', 404);
      await db.update(routingEvents).set({ at: sql`${routingEvents.at} - ${shift}` }).where(eq(routingEvents.orderId, orderId));
      return service.flag();
    },
  };
  return service;
}

export type TrackingService = ReturnType<typeof createTrackingService>;
