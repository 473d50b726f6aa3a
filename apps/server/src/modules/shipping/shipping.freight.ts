import { sql, type SQL } from 'drizzle-orm';
import type { RoutingStatus } from '@exship/contracts';
import type { Db } from '../../platform/db';
import { routingEvents, trackers } from './shipping.tables';

// Air freight's events on its parcels' timelines (air freight depends on shipping): one routing
// event per parcel for each state a freight reaches, written in ONE statement over the freight's
// parcels (a subquery), never a statement per parcel. Like the warehouse floor's events, the
// description is a message key with its values, shown in the reader's language.

export interface FreightEventInput {
  at: Date;
  status: RoutingStatus;
  /** A stable code of the event (`freight.shipped`, …): one event per parcel, code and time. */
  code: string;
  messageKey: string;
  vars: Record<string, string>;
  city?: string;
  country?: string;
  /**
   * The event is the parcel's newest movement (departure, arrival, the US hub): the tracker's routing
   * status and last event follow it, unless the carrier reported something later already; us-accepted
   * starts the late clock.
   */
  moves: boolean;
}

/** Adds the event to every labelled parcel among `orderIds`; returns how many were added. */
export async function addFreightEvents(tx: Db, orderIds: SQL, e: FreightEventInput): Promise<number> {
  const vars = JSON.stringify(e.vars);
  const insert = sql`
    insert into ${routingEvents} (order_id, account_id, tracking_number, at, status, code, description, description_vars, city, state, country)
    select t.order_id, t.account_id, t.tracking_number, ${e.at}, ${e.status}, ${e.code}, ${e.messageKey}, ${vars}::jsonb, ${e.city ?? ''}, '', ${e.country ?? ''}
    from ${trackers} t where t.order_id in (${orderIds})
    on conflict do nothing
    returning order_id`;
  const statement = e.moves
    ? sql`
      with added as (${insert}), followed as (
        update ${trackers} t set routing_status = ${e.status}, last_event_at = ${e.at}, lost_at = null,
          us_arrived_at = case when ${e.status} = 'us-accepted' then coalesce(t.us_arrived_at, ${e.at}::timestamptz) else t.us_arrived_at end
        from added where t.order_id = added.order_id and (t.last_event_at is null or t.last_event_at <= ${e.at}::timestamptz)
      )
      select count(*)::int as n from added`
    : sql`with added as (${insert}) select count(*)::int as n from added`;
  const r = (await tx.execute(statement)) as unknown as { rows: { n: number }[] };
  return Number(r.rows[0]?.n ?? 0);
}
