import { desc, eq } from 'drizzle-orm';
import type { ParcelHistory } from '@exship/domain';
import type { Db } from '../../platform/db';
import { trackers } from './shipping.tables';

/** What the tracker knows of an order's parcel, for a claim's eligibility (null: no label bought). */
export async function parcelHistoryOf(db: Db, orderId: string): Promise<(ParcelHistory & { trackingNumber: string }) | null> {
  const [t] = await db
    .select({ labeledAt: trackers.labeledAt, lastEventAt: trackers.lastEventAt, usArrivedAt: trackers.usArrivedAt, deliveredAt: trackers.deliveredAt, trackingNumber: trackers.trackingNumber })
    .from(trackers)
    .where(eq(trackers.orderId, orderId))
    .orderBy(desc(trackers.labeledAt))
    .limit(1);
  return t ?? null;
}
