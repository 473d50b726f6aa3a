import { SHIPPING_LIMITS, TRACKING_CANCEL_CARRIER_CODES } from '@exship/contracts';
import type { WorkingDayCalendar } from './working-days';

// SPEC §4/§5/§9 parcel rules, asked by the server (shipping module) and the web (order card) alike.

const DAY = 86_400_000;

/** SPEC §4: lost after 15 business days without a tracking update (since the label when none came). */
export function isParcelLost(p: { labeledAt: Date; lastEventAt: Date | null; deliveredAt: Date | null }, now: Date, calendar: WorkingDayCalendar): boolean {
  if (p.deliveredAt) return false;
  return calendar.addWorkingDays(p.lastEventAt ?? p.labeledAt, SHIPPING_LIMITS.lostWorkingDays) <= now;
}

/** SPEC §4: late when more than 15 days have passed since arrival at the US warehouse and it is not delivered. */
export function isParcelLate(p: { usArrivedAt: Date | null; deliveredAt: Date | null }, now: Date): boolean {
  return p.usArrivedAt !== null && p.deliveredAt === null && now.getTime() - p.usArrivedAt.getTime() > SHIPPING_LIMITS.lateDays * DAY;
}

/** SPEC §5: tracking cancel through the carrier's API (normal mode) only for these carrier codes. */
export const mayCancelTrackingByApi = (carrierCode: string | null | undefined): boolean =>
  (TRACKING_CANCEL_CARRIER_CODES as readonly string[]).includes(carrierCode ?? '');

/**
 * A cancelled order's label is void, and so is one being voided (`waiting-cancel`): it must not be
 * printed or shipped on. The label routes refuse it; the order card disables its buttons.
 */
export const isLabelVoid = (orderStatus: string): boolean => orderStatus === 'canceled' || orderStatus === 'waiting-cancel';
