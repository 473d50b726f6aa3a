import { describe, expect, it } from 'vitest';
import { isSameWalmartDifference, WALMART_DIFFERENCE_IDENTITY, type WalmartDifference } from './walmart';

describe('the same Walmart reconciliation difference', () => {
  const resolved: WalmartDifference = { kind: 'status-differs', walmartStatus: 'Cancelled', exshipStatus: 'paid' };

  it('is the same kind with the same statuses on both sides', () => {
    expect(isSameWalmartDifference({ ...resolved }, resolved)).toBe(true);
    // What else a found difference carries does not count.
    expect(isSameWalmartDifference({ ...resolved, ourStatus: 'Acknowledged', detectedAt: new Date() } as WalmartDifference, resolved)).toBe(true);
  });

  it('is another one when the kind, Walmart’s status or ours differs', () => {
    expect(isSameWalmartDifference({ ...resolved, kind: 'cancelled-on-walmart' }, resolved)).toBe(false);
    expect(isSameWalmartDifference({ ...resolved, walmartStatus: 'Shipped' }, resolved)).toBe(false);
    expect(isSameWalmartDifference({ ...resolved, exshipStatus: 'canceled' }, resolved)).toBe(false);
  });

  it('matches a missing status only with a missing one', () => {
    const missing: WalmartDifference = { kind: 'missing-on-walmart', walmartStatus: null, exshipStatus: null };
    expect(isSameWalmartDifference({ ...missing }, missing)).toBe(true);
    expect(isSameWalmartDifference({ ...missing, exshipStatus: 'draft' }, missing)).toBe(false);
    expect(isSameWalmartDifference(missing, { ...missing, exshipStatus: 'draft' })).toBe(false);
    expect(isSameWalmartDifference({ ...missing, walmartStatus: '' }, missing)).toBe(false);
  });

  it('compares the kind and the two statuses, no more and no less', () => {
    expect([...WALMART_DIFFERENCE_IDENTITY].sort()).toEqual(['exshipStatus', 'kind', 'walmartStatus']);
  });
});
