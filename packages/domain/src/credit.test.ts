import { describe, expect, it } from 'vitest';
import { creditDueDate, creditStatus, isCreditOverdue } from './credit';

// SPEC §9 credit periods (1, 2, 3 weeks, 1 month) and the §4 credit customer statuses.
describe('credit periods', () => {
  const from = new Date('2026-01-31T10:00:00Z');
  it('weeks are 7, 14 and 21 days at the same time of day', () => {
    expect(creditDueDate(from, '1w').toISOString()).toBe('2026-02-07T10:00:00.000Z');
    expect(creditDueDate(from, '2w').toISOString()).toBe('2026-02-14T10:00:00.000Z');
    expect(creditDueDate(from, '3w').toISOString()).toBe('2026-02-21T10:00:00.000Z');
  });
  it('a month is the same day of the next month, clamped to its last day', () => {
    expect(creditDueDate(from, '1m').toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(creditDueDate(new Date('2028-01-31T00:00:00Z'), '1m').toISOString()).toBe('2028-02-29T00:00:00.000Z');
    expect(creditDueDate(new Date('2026-12-15T08:30:00Z'), '1m').toISOString()).toBe('2027-01-15T08:30:00.000Z');
  });
});

describe('credit status', () => {
  const now = new Date('2026-03-01T00:00:00Z');
  const due = new Date('2026-02-28T00:00:00Z');
  it('only money owed past the due date is overdue', () => {
    expect(isCreditOverdue({ balanceCents: -1, creditDueAt: due }, now)).toBe(true);
    expect(isCreditOverdue({ balanceCents: 0, creditDueAt: due }, now)).toBe(false);
    expect(isCreditOverdue({ balanceCents: -1, creditDueAt: new Date('2026-03-02T00:00:00Z') }, now)).toBe(false);
    expect(isCreditOverdue({ balanceCents: -1, creditDueAt: null }, now)).toBe(false);
  });
  it('blocked wins over overdue, which wins over active', () => {
    expect(creditStatus({ balanceCents: -1, creditBlocked: true, creditDueAt: due }, now)).toBe('blocked');
    expect(creditStatus({ balanceCents: -1, creditBlocked: false, creditDueAt: due }, now)).toBe('overdue');
    expect(creditStatus({ balanceCents: 500, creditBlocked: false, creditDueAt: due }, now)).toBe('active');
  });
});
