import { SHIPPING_LIMITS, type ClaimReason, type SlaTarget, type TicketStatus } from '@exship/contracts';
import { refundAmountCents, type OrderMoney } from './order-lifecycle';
import type { WorkingDayCalendar } from './working-days';

// Support tickets and claims (docs/tickets-and-claims.md): which status may follow which, the
// service-level clock (paused while the ticket waits on the seller), when a claim may be filed and
// what it proposes. Pure: the clock and the calendar are passed in.

const DAY = 86_400_000;

/** SPEC §9: a lost or late parcel is claimed within 15 working days; damage or missing contents within 5 of delivery. */
export const CLAIM_WINDOWS = { noticeWorkingDays: 15, complaintWorkingDays: 5 } as const;
/** SPEC §9 compensation caps, as multiples of the shipping fee. */
export const COMPENSATION_CAP = { default: 2, late: 2.5, multiple: 2.5 } as const;

// ---------------------------------------------------------------------------------------------
// Statuses

/** Where staff may move a ticket from each status (SPEC §4). `overdue` is set by the job only. */
const STAFF_MOVES: Record<TicketStatus, readonly TicketStatus[]> = {
  open: ['pending', 'resolving', 'resolved', 'closed'],
  pending: ['open', 'resolving', 'resolved', 'closed'],
  resolving: ['pending', 'resolved', 'closed'],
  overdue: ['pending', 'resolving', 'resolved', 'closed'],
  resolved: ['resolving', 'closed'],
  closed: [],
};

/** May staff set `to` on a ticket in `from`? (A seller never sets a status: a reply moves it.) */
export function mayStaffMoveTicket(from: TicketStatus, to: TicketStatus): boolean {
  return STAFF_MOVES[from].includes(to);
}

/** The status after a reply: a seller's reply answers a `pending` ticket or reopens a resolved one. */
export function statusAfterReply(status: TicketStatus, side: 'staff' | 'seller', answeredByStaff: boolean): TicketStatus {
  if (side === 'staff') return status === 'open' ? 'resolving' : status;
  if (status === 'pending' || status === 'resolved') return answeredByStaff ? 'resolving' : 'open';
  return status;
}

/** The statuses whose service-level clock has stopped for good. */
export const isTicketFinished = (s: TicketStatus): boolean => s === 'resolved' || s === 'closed';

// ---------------------------------------------------------------------------------------------
// Service-level clock

export interface TicketClockFacts {
  createdAt: Date;
  firstRespondedAt: Date | null;
  resolvedAt: Date | null;
  /** Periods spent in `pending` (waiting on the seller); the open one has `to: null`. */
  pauses: readonly { from: Date; to: Date | null }[];
}

export interface TicketClock {
  firstResponseDueAt: Date;
  resolutionDueAt: Date;
  firstResponseBreached: boolean;
  resolutionBreached: boolean;
  /** Time left to the nearer target still running (negative when missed); null when none runs. */
  msLeft: number | null;
  paused: boolean;
}

function addTarget(from: Date, days: number, unit: 'working' | 'calendar', calendar: WorkingDayCalendar): Date {
  return unit === 'working' ? calendar.addWorkingDays(from, days) : new Date(from.getTime() + days * DAY);
}

/**
 * The due time of a target counted from `start`, moved later by every pause that began before it
 * (a pause still open counts up to `now`, so the time left stands still while the seller is awaited).
 * Each pause moves the start of the count by its length; repeated until no further pause falls inside.
 */
function dueWithPauses(start: Date, pauses: TicketClockFacts['pauses'], now: Date, target: (from: Date) => Date, stopAt: Date | null): Date {
  let due = target(start);
  for (let guard = 0; guard < 100; guard++) {
    let paused = 0;
    for (const p of pauses) {
      if (p.from.getTime() >= due.getTime()) continue;
      if (stopAt && p.from.getTime() >= stopAt.getTime()) continue;
      const end = p.to ?? now;
      paused += Math.max(0, end.getTime() - p.from.getTime());
    }
    const next = target(new Date(start.getTime() + paused));
    if (next.getTime() === due.getTime()) return due;
    due = next;
  }
  return due;
}

/**
 * SPEC §4/§9 service levels: first response and resolution targets per ticket type, on the US
 * working-day calendar (or calendar days, as set), paused while the ticket is `pending`.
 */
export function ticketClock(f: TicketClockFacts, target: SlaTarget, now: Date, calendar: WorkingDayCalendar): TicketClock {
  const paused = f.pauses.some((p) => p.to === null);
  const firstResponseDueAt = dueWithPauses(f.createdAt, f.pauses, now, (s) => calendar.addWorkingDays(s, target.firstResponseWorkingDays), f.firstRespondedAt);
  const resolutionDueAt = dueWithPauses(f.createdAt, f.pauses, now, (s) => addTarget(s, target.resolutionDays, target.resolutionUnit, calendar), f.resolvedAt);
  const firstResponseBreached = (f.firstRespondedAt ?? now).getTime() > firstResponseDueAt.getTime();
  const resolutionBreached = (f.resolvedAt ?? now).getTime() > resolutionDueAt.getTime();
  let msLeft: number | null = null;
  if (!f.resolvedAt) {
    const running = [resolutionDueAt, ...(f.firstRespondedAt ? [] : [firstResponseDueAt])];
    msLeft = Math.min(...running.map((d) => d.getTime() - now.getTime()));
  }
  return { firstResponseDueAt, resolutionDueAt, firstResponseBreached, resolutionBreached, msLeft, paused };
}

/** The overdue job's rule: a running ticket whose clock missed a target (and that is not paused). */
export function isTicketOverdue(status: TicketStatus, clock: TicketClock): boolean {
  if (isTicketFinished(status) || status === 'overdue' || status === 'pending') return false;
  return clock.firstResponseBreached || clock.resolutionBreached;
}

/** A resolved ticket is closed 7 days after its last message or resolution, whichever is later. */
export function isTicketDueToClose(status: TicketStatus, resolvedAt: Date | null, lastMessageAt: Date | null, now: Date, days = 7): boolean {
  if (status !== 'resolved' || !resolvedAt) return false;
  const since = Math.max(resolvedAt.getTime(), lastMessageAt?.getTime() ?? 0);
  return now.getTime() - since >= days * DAY;
}

// ---------------------------------------------------------------------------------------------
// Claims

/** What an order's history says about its parcel. */
export interface ParcelHistory {
  labeledAt: Date | null;
  lastEventAt: Date | null;
  usArrivedAt: Date | null;
  deliveredAt: Date | null;
}

export type ClaimEligibility =
  | { eligible: true; deadline: Date }
  | { eligible: false; message: string; vars: Record<string, string>; deadline: Date | null };

/** The last instant of a day (UTC): "within N days" includes the whole deadline day. */
const endOfDay = (at: Date) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate(), 23, 59, 59, 999));
/** A refusal's dates travel as ISO instants: each reader sees them as a day in its own time zone. */
const day = (at: Date) => at.toISOString();

/**
 * May a claim for `reason` be filed now (SPEC §4, §9)?
 * - lost: no tracking update for 15 business days and not delivered; filed within 15 working days after.
 * - late: more than 15 days after arrival at the US warehouse (delivered or not); filed within 15 working
 *   days of becoming late, or of a late delivery.
 * - damaged / missing contents: delivered; reported within 5 working days of delivery.
 * The deadline is the end of its day (UTC); a refusal names it (`vars`: ISO instants, see `formatDay`).
 */
export function claimEligibility(reason: ClaimReason, p: ParcelHistory, now: Date, calendar: WorkingDayCalendar): ClaimEligibility {
  if (!p.labeledAt) return { eligible: false, message: 'claim.noLabel', vars: {}, deadline: null };
  const window = (from: Date, days: number): ClaimEligibility => {
    const deadline = endOfDay(calendar.addWorkingDays(from, days));
    return now.getTime() <= deadline.getTime() ? { eligible: true, deadline } : { eligible: false, message: 'claim.windowClosed', vars: { deadline: day(deadline) }, deadline };
  };
  switch (reason) {
    case 'lost': {
      if (p.deliveredAt) return { eligible: false, message: 'claim.delivered', vars: {}, deadline: null };
      const lostAt = calendar.addWorkingDays(p.lastEventAt ?? p.labeledAt, SHIPPING_LIMITS.lostWorkingDays);
      if (lostAt.getTime() > now.getTime()) return { eligible: false, message: 'claim.notLostYet', vars: { from: day(lostAt) }, deadline: null };
      return window(lostAt, CLAIM_WINDOWS.noticeWorkingDays);
    }
    case 'late': {
      if (!p.usArrivedAt) return { eligible: false, message: 'claim.notInUs', vars: {}, deadline: null };
      // "More than 15 days": late from the first instant after 15 × 24 hours.
      const lateAt = new Date(p.usArrivedAt.getTime() + SHIPPING_LIMITS.lateDays * DAY + 1);
      const end = p.deliveredAt ?? now;
      if (end.getTime() < lateAt.getTime()) {
        return p.deliveredAt ? { eligible: false, message: 'claim.windowClosed', vars: { deadline: day(p.deliveredAt) }, deadline: p.deliveredAt } : { eligible: false, message: 'claim.notLateYet', vars: { from: day(lateAt) }, deadline: null };
      }
      return window(p.deliveredAt ?? lateAt, CLAIM_WINDOWS.noticeWorkingDays);
    }
    case 'damaged':
    case 'missing': {
      if (!p.deliveredAt) return { eligible: false, message: 'claim.notDelivered', vars: {}, deadline: null };
      return window(p.deliveredAt, CLAIM_WINDOWS.complaintWorkingDays);
    }
  }
}

/**
 * SPEC §9 compensation (docs/refunds.md variant C): the larger of what the order's refund formula
 * gives back (variant A) and 2.5 × (shipping − discount), capped at 2 × the shipping fee, 2.5 × for
 * a late parcel. `capCents` is the most staff may approve.
 */
export function claimCompensation(order: OrderMoney, reason: ClaimReason): { proposedCents: number; capCents: number } {
  const capCents = Math.round(order.shippingFeeCents * (reason === 'late' ? COMPENSATION_CAP.late : COMPENSATION_CAP.default));
  const refundable = refundAmountCents(order, 'shipping');
  const multiple = Math.round(COMPENSATION_CAP.multiple * Math.max(0, order.shippingFeeCents - order.discountCents));
  return { proposedCents: Math.min(capCents, Math.max(refundable, multiple)), capCents };
}
