import { and, desc, eq, inArray, min, sql, type SQL } from 'drizzle-orm';
import type { RoutingStatus } from '@exship/contracts';
import type { Db } from '../../platform/db';
import { routingEvents, trackers } from './shipping.tables';

// What the warehouse floor (which depends on shipping) reads and writes of a parcel's label facts:
// the orders a scanned tracking number names, the live label of an order, and the platform's own
// routing events on the parcel's timeline (received at the origin warehouse, packed, departed). A
// floor event is a message key with its values, shown in the reader's language; it does not change
// the tracker's routing status (the carrier's), so it neither ships the order nor resets the lost clock.

/**
 * The platform events that say a parcel left our origin warehouse: its carton checked out on the floor,
 * or its freight departed. A cross-border parcel is the carrier's only from then on (the sandbox
 * carrier's journey starts there).
 */
export const ORIGIN_DEPARTURE_CODES = { floor: 'floor.departed', freight: 'freight.shipped' } as const;

/** When each of these orders left the origin warehouse (the first departure event); absent: not yet. */
export async function leftOriginOf(tx: Db, orderIds: readonly string[]): Promise<Map<string, Date>> {
  if (orderIds.length === 0) return new Map();
  const rows = await tx
    .select({ orderId: routingEvents.orderId, at: min(routingEvents.at) })
    .from(routingEvents)
    .where(and(inArray(routingEvents.orderId, [...orderIds]), inArray(routingEvents.code, Object.values(ORIGIN_DEPARTURE_CODES))))
    .groupBy(routingEvents.orderId);
  return new Map(rows.filter((r) => r.at !== null).map((r) => [r.orderId, r.at!]));
}

export interface FloorEventInput {
  orderId: string;
  accountId: string;
  trackingNumber: string;
  at: Date;
  status: RoutingStatus;
  /** A stable code of the event (`floor.received`, …): one event per code and time. */
  code: string;
  messageKey: string;
  vars: Record<string, string>;
  city?: string;
  state?: string;
  country?: string;
}

export const parcelEvents = {
  /** Orders whose label carries this tracking number, the live label's first. */
  async ordersWithTracking(tx: Db, trackingNumber: string): Promise<string[]> {
    const rows = await tx
      .select({ orderId: trackers.orderId })
      .from(trackers)
      .where(eq(trackers.trackingNumber, trackingNumber))
      .orderBy(desc(trackers.active), desc(trackers.labeledAt))
      .limit(10);
    return rows.map((r) => r.orderId);
  },

  /**
   * `ordersWithTracking`'s first order as a subquery (a uuid, or null when no label carries the
   * number), for a statement that also locks the order (orders' `lockOrderOf`).
   */
  orderWithTracking(trackingNumber: string): SQL {
    return sql`(select ${trackers.orderId} from ${trackers} where ${trackers.trackingNumber} = ${trackingNumber} order by ${trackers.active} desc, ${trackers.labeledAt} desc limit 1)`;
  },

  /** The tracking number of an order's label, or null when it has none. */
  async trackingOf(tx: Db, orderId: string): Promise<string | null> {
    const [row] = await tx.select({ trackingNumber: trackers.trackingNumber }).from(trackers).where(eq(trackers.orderId, orderId));
    return row?.trackingNumber ?? null;
  },

  /** Adds a platform event to the parcel's timeline; returns its id (null: the same event is there already). */
  async add(tx: Db, e: FloorEventInput): Promise<string | null> {
    return (await parcelEvents.addAll(tx, [e]))[0]!;
  },

  /** Adds platform events in one statement; returns their ids in order (null: that event is there already). */
  async addAll(tx: Db, events: readonly FloorEventInput[]): Promise<(string | null)[]> {
    if (events.length === 0) return [];
    const rows = await parcelEvents.insertAll(tx, events);
    return events.map((e) => rows.find((r) => r.orderId === e.orderId && r.code === e.code && r.at.getTime() === e.at.getTime())?.id ?? null);
  },

  /**
   * `addAll`'s insert (at least one event), returning the rows it added (an event already there is
   * not): run it, or make it part of a statement of the caller (a WITH query).
   */
  insertAll(tx: Db, events: readonly FloorEventInput[]) {
    return tx
      .insert(routingEvents)
      .values(
        events.map((e) => ({
          orderId: e.orderId,
          accountId: e.accountId,
          trackingNumber: e.trackingNumber,
          at: e.at,
          status: e.status,
          code: e.code,
          description: e.messageKey,
          descriptionVars: e.vars,
          city: e.city ?? '',
          state: e.state ?? '',
          country: e.country ?? '',
        })),
      )
      .onConflictDoNothing()
      .returning({ id: routingEvents.id, orderId: routingEvents.orderId, code: routingEvents.code, at: routingEvents.at });
  },

  /** Removes an order's platform events of these codes (an undone scan); carrier events are never removed here. */
  async remove(tx: Db, orderId: string, codes: readonly string[]): Promise<void> {
    if (codes.length === 0) return;
    await tx.delete(routingEvents).where(and(eq(routingEvents.orderId, orderId), inArray(routingEvents.code, [...codes])));
  },
};

export type ParcelEvents = typeof parcelEvents;
