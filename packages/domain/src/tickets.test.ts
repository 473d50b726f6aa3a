import { describe, expect, it } from 'vitest';
import { DEFAULT_SLA_TARGETS, type SlaTarget } from '@exship/contracts';
import { claimCompensation, claimEligibility, isTicketDueToClose, isTicketOverdue, mayStaffMoveTicket, statusAfterReply, ticketClock } from './tickets';
import { dayVars, formatDay } from './time';
import { workingDayCalendar } from './working-days';

const us = workingDayCalendar('US');
const at = (s: string) => new Date(s);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('claim eligibility at the boundary days (US calendar, Thanksgiving 2026-11-26)', () => {
  const labeledAt = at('2026-11-02T10:00:00Z');

  it('lost: 15 business days without an update, counted over Thanksgiving; filed within 15 working days after', () => {
    // Last update Friday 13 Nov: 15 working days later, skipping Thursday 26 Nov, is Monday 7 Dec.
    const p = { labeledAt, lastEventAt: at('2026-11-13T10:00:00Z'), usArrivedAt: null, deliveredAt: null };
    const early = claimEligibility('lost', p, at('2026-12-07T09:59:59Z'), us);
    expect(early).toMatchObject({ eligible: false, message: 'claim.notLostYet', vars: { from: '2026-12-07T10:00:00.000Z' } });
    expect(claimEligibility('lost', p, at('2026-12-07T10:00:00Z'), us)).toMatchObject({ eligible: true });
    // The notice window: 15 working days from 7 Dec, skipping Christmas (Fri 25 Dec) → Tuesday 29 Dec, all of that day.
    const last = claimEligibility('lost', p, at('2026-12-29T23:59:59Z'), us);
    expect(last).toMatchObject({ eligible: true });
    expect(last.deadline?.toISOString()).toBe('2026-12-29T23:59:59.999Z');
    expect(claimEligibility('lost', p, at('2026-12-30T00:00:00Z'), us)).toMatchObject({ eligible: false, message: 'claim.windowClosed', vars: { deadline: '2026-12-29T23:59:59.999Z' } });
  });

  it('lost: counted from the label when no update came; never for a delivered parcel', () => {
    const p = { labeledAt, lastEventAt: null, usArrivedAt: null, deliveredAt: null };
    expect(claimEligibility('lost', p, at('2026-11-20T10:00:00Z'), us)).toMatchObject({ eligible: false, message: 'claim.notLostYet' });
    expect(claimEligibility('lost', { ...p, deliveredAt: at('2026-11-20T10:00:00Z') }, at('2026-12-20T10:00:00Z'), us)).toMatchObject({ eligible: false, message: 'claim.delivered' });
    expect(claimEligibility('lost', { ...p, labeledAt: null }, at('2026-12-20T10:00:00Z'), us)).toMatchObject({ eligible: false, message: 'claim.noLabel' });
  });

  it('late: more than 15 days after arrival at the US warehouse, not at 15 days exactly', () => {
    const p = { labeledAt, lastEventAt: null, usArrivedAt: at('2026-11-05T12:00:00Z'), deliveredAt: null };
    expect(claimEligibility('late', p, at('2026-11-20T12:00:00Z'), us)).toMatchObject({ eligible: false, message: 'claim.notLateYet' });
    expect(claimEligibility('late', p, at('2026-11-20T12:00:01Z'), us)).toMatchObject({ eligible: true });
    expect(claimEligibility('late', { ...p, usArrivedAt: null }, at('2026-12-20T12:00:00Z'), us)).toMatchObject({ eligible: false, message: 'claim.notInUs' });
    // Delivered on day 14: not late, and never will be.
    expect(claimEligibility('late', { ...p, deliveredAt: at('2026-11-19T12:00:00Z') }, at('2026-11-25T12:00:00Z'), us)).toMatchObject({ eligible: false });
  });

  it('damaged and missing: within 5 working days of delivery, Thanksgiving not counted', () => {
    // Delivered Monday 23 Nov: 24, 25, 27, 30 Nov, 1 Dec → the last day is Tuesday 1 Dec.
    const p = { labeledAt, lastEventAt: null, usArrivedAt: null, deliveredAt: at('2026-11-23T15:00:00Z') };
    for (const reason of ['damaged', 'missing'] as const) {
      expect(claimEligibility(reason, p, at('2026-12-01T23:59:00Z'), us)).toMatchObject({ eligible: true });
      expect(claimEligibility(reason, p, at('2026-12-02T00:00:00Z'), us)).toMatchObject({ eligible: false, message: 'claim.windowClosed', vars: { deadline: '2026-12-01T23:59:59.999Z' } });
      expect(claimEligibility(reason, { ...p, deliveredAt: null }, at('2026-11-24T00:00:00Z'), us)).toMatchObject({ eligible: false, message: 'claim.notDelivered' });
    }
  });
});

describe('compensation (SPEC §9, docs/refunds.md variant C)', () => {
  const order = { shippingFeeCents: 1000, discountCents: 0, taxFeeCents: 50, seasonalFeeCents: 0, overLengthFeeCents: 0, signatureFeeCents: 0, surchargeCents: 0, totalCents: 1050 };
  it('capped at 2 × the shipping fee, 2.5 × for a late parcel', () => {
    expect(claimCompensation(order, 'lost')).toEqual({ proposedCents: 2000, capCents: 2000 });
    expect(claimCompensation(order, 'late')).toEqual({ proposedCents: 2500, capCents: 2500 });
    expect(claimCompensation(order, 'damaged').capCents).toBe(2000);
  });
  it('2.5 × (shipping − discount) when that is under the cap; the refund formula when larger', () => {
    expect(claimCompensation({ ...order, discountCents: 400 }, 'lost')).toEqual({ proposedCents: 1500, capCents: 2000 });
    // Refundable (1000 − 400) + 300 signature + 700 surcharge = 1600 > 2.5 × 600.
    expect(claimCompensation({ ...order, discountCents: 400, signatureFeeCents: 300, surchargeCents: 700 }, 'lost').proposedCents).toBe(1600);
    expect(claimCompensation({ ...order, discountCents: 1500 }, 'lost').proposedCents).toBe(0);
  });
});

describe('ticket statuses', () => {
  it('staff move along SPEC §4; closed is final; overdue is the job’s', () => {
    expect(mayStaffMoveTicket('open', 'resolved')).toBe(true);
    expect(mayStaffMoveTicket('closed', 'open')).toBe(false);
    expect(mayStaffMoveTicket('open', 'overdue')).toBe(false);
    expect(mayStaffMoveTicket('resolved', 'resolving')).toBe(true);
  });
  it('a seller’s reply answers pending and reopens resolved', () => {
    expect(statusAfterReply('pending', 'seller', true)).toBe('resolving');
    expect(statusAfterReply('resolved', 'seller', false)).toBe('open');
    expect(statusAfterReply('open', 'staff', false)).toBe('resolving');
  });
});

describe('service-level clock', () => {
  const claim = DEFAULT_SLA_TARGETS.find((t) => t.type === 'claim')!;
  const other: SlaTarget = { type: 'other', firstResponseWorkingDays: 1, resolutionDays: 5, resolutionUnit: 'working' };
  const created = at('2026-11-20T10:00:00Z'); // Friday

  it('targets on the working-day calendar; a claim resolves within 15 calendar days', () => {
    const c = ticketClock({ createdAt: created, firstRespondedAt: null, resolvedAt: null, pauses: [] }, other, at('2026-11-20T12:00:00Z'), us);
    expect(c.firstResponseDueAt.toISOString()).toBe('2026-11-23T10:00:00.000Z');
    // 23, 24, 25, 27, 30 Nov (Thanksgiving skipped).
    expect(c.resolutionDueAt.toISOString()).toBe('2026-11-30T10:00:00.000Z');
    expect(c.msLeft).toBe(3 * DAY - 2 * HOUR);
    const k = ticketClock({ createdAt: created, firstRespondedAt: null, resolvedAt: null, pauses: [] }, claim, created, us);
    expect(k.resolutionDueAt.toISOString()).toBe('2026-12-05T10:00:00.000Z');
  });

  it('paused while pending: the due time moves by the pause, and the time left stands still during it', () => {
    const facts = { createdAt: created, firstRespondedAt: at('2026-11-20T11:00:00Z'), resolvedAt: null };
    const pauses = [{ from: at('2026-11-21T10:00:00Z'), to: at('2026-11-24T10:00:00Z') }];
    const c = ticketClock({ ...facts, pauses }, claim, at('2026-11-25T10:00:00Z'), us);
    expect(c.resolutionDueAt.toISOString()).toBe('2026-12-08T10:00:00.000Z');
    const open = [{ from: at('2026-11-21T10:00:00Z'), to: null }];
    const a = ticketClock({ ...facts, pauses: open }, claim, at('2026-11-22T10:00:00Z'), us);
    const b = ticketClock({ ...facts, pauses: open }, claim, at('2026-11-29T10:00:00Z'), us);
    expect(a.paused).toBe(true);
    expect(a.msLeft).toBe(b.msLeft);
    expect(isTicketOverdue('pending', b)).toBe(false);
  });

  it('breaches: a missed first response or resolution makes a running ticket overdue, not a resolved one', () => {
    const late = ticketClock({ createdAt: created, firstRespondedAt: null, resolvedAt: null, pauses: [] }, other, at('2026-11-23T10:00:01Z'), us);
    expect(late.firstResponseBreached).toBe(true);
    expect(isTicketOverdue('open', late)).toBe(true);
    expect(isTicketOverdue('overdue', late)).toBe(false);
    const inTime = ticketClock({ createdAt: created, firstRespondedAt: at('2026-11-23T10:00:00Z'), resolvedAt: null, pauses: [] }, other, at('2026-11-23T10:00:01Z'), us);
    expect(inTime.firstResponseBreached).toBe(false);
    const done = ticketClock({ createdAt: created, firstRespondedAt: at('2026-11-20T11:00:00Z'), resolvedAt: at('2026-11-21T10:00:00Z'), pauses: [] }, other, at('2026-12-30T10:00:00Z'), us);
    expect(done.resolutionBreached).toBe(false);
    expect(done.msLeft).toBeNull();
  });

  it('auto-close 7 days after resolution or the last message', () => {
    const resolved = at('2026-11-20T10:00:00Z');
    expect(isTicketDueToClose('resolved', resolved, null, at('2026-11-27T09:59:59Z'))).toBe(false);
    expect(isTicketDueToClose('resolved', resolved, null, at('2026-11-27T10:00:00Z'))).toBe(true);
    expect(isTicketDueToClose('resolved', resolved, at('2026-11-25T10:00:00Z'), at('2026-11-27T10:00:00Z'))).toBe(false);
    expect(isTicketDueToClose('resolving', resolved, null, at('2026-12-27T10:00:00Z'))).toBe(false);
  });
});

describe('a refusal names its dates as days in the reader time zone', () => {
  it('DD-MM-YYYY at the offset; other values unchanged', () => {
    const vars = { deadline: '2026-12-29T23:59:59.999Z', order: 'EX-1' };
    expect(dayVars(vars, '+07:00')).toEqual({ deadline: '30-12-2026', order: 'EX-1' });
    expect(dayVars(vars, '-05:00')).toEqual({ deadline: '29-12-2026', order: 'EX-1' });
    expect(formatDay('2026-12-07T10:00:00.000Z', '+00:00')).toBe('07-12-2026');
  });
});
