import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '@exship/contracts';
import { isLabelVoid, isParcelLate, isParcelLost, mayCancelTrackingByApi } from './parcels';
import { workingDayCalendar } from './working-days';

const us = workingDayCalendar('US');
const at = (s: string) => new Date(s);

describe('parcel rules', () => {
  it('lost after 15 business days without an update, counted from the last event or the label', () => {
    const p = { labeledAt: at('2026-11-02T10:00:00Z'), lastEventAt: at('2026-11-04T10:00:00Z'), deliveredAt: null };
    const due = us.addWorkingDays(p.lastEventAt, 15);
    expect(isParcelLost(p, new Date(due.getTime() - 1), us)).toBe(false);
    expect(isParcelLost(p, due, us)).toBe(true);
    // 15 calendar days are fewer than 15 business days.
    expect(isParcelLost(p, new Date(p.lastEventAt.getTime() + 15 * 86_400_000), us)).toBe(false);
    expect(isParcelLost({ ...p, lastEventAt: null }, us.addWorkingDays(p.labeledAt, 15), us)).toBe(true);
    expect(isParcelLost({ ...p, deliveredAt: at('2026-11-05T10:00:00Z') }, at('2027-01-01T00:00:00Z'), us)).toBe(false);
  });

  it('late more than 15 days after US arrival, unless delivered', () => {
    const p = { usArrivedAt: at('2026-11-02T10:00:00Z'), deliveredAt: null };
    expect(isParcelLate(p, at('2026-11-17T10:00:00Z'))).toBe(false);
    expect(isParcelLate(p, at('2026-11-17T10:00:01Z'))).toBe(true);
    expect(isParcelLate({ ...p, deliveredAt: at('2026-11-20T00:00:00Z') }, at('2026-12-01T00:00:00Z'))).toBe(false);
    expect(isParcelLate({ usArrivedAt: null, deliveredAt: null }, at('2027-01-01T00:00:00Z'))).toBe(false);
  });

  it('tracking cancel by API only for the SPEC §5 carrier codes', () => {
    expect(['HPW', 'SBAE', 'LB', 'FLS', 'VNPL', 'GTF'].every(mayCancelTrackingByApi)).toBe(true);
    expect(mayCancelTrackingByApi('UPX')).toBe(false);
    expect(mayCancelTrackingByApi(null)).toBe(false);
  });

  it('a label is void once its order is cancelled or being cancelled, and only then', () => {
    expect(ORDER_STATUSES.filter(isLabelVoid)).toEqual(['waiting-cancel', 'canceled']);
  });
});
