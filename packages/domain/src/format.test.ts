import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatDateTime, formatUsd, fromCents, offsetMinutes, toCents } from '.';

describe('formatDateTime — DD-MM-YYYY HH:mm:ss in the user offset', () => {
  it('shifts UTC into the offset, +07:00 by default', () => {
    expect(formatDateTime('2026-01-31T20:05:09Z')).toBe('01-02-2026 03:05:09');
    expect(formatDateTime('2026-01-31T20:05:09Z', '-05:30')).toBe('31-01-2026 14:35:09');
  });
  it('falls back to +00:00 on a bad offset and to empty on a bad date', () => {
    expect(offsetMinutes('7')).toBe(0);
    expect(formatDateTime('2026-01-01T00:00:00Z', 'bogus')).toBe('01-01-2026 00:00:00');
    expect(formatDateTime('not a date')).toBe('');
  });
});

describe('money', () => {
  it('formats cents as USD with separators and 2 decimals', () => {
    expect(formatUsd(123456789)).toBe('$1,234,567.89');
    expect(formatUsd(-305)).toBe('-$3.05');
    expect(formatUsd(0)).toBe('$0.00');
  });
  it('round-trips any cent amount', () => {
    fc.assert(fc.property(fc.integer({ min: -1e12, max: 1e12 }), (c) => toCents(fromCents(c)) === c));
  });
  it('refuses non-finite amounts', () => {
    expect(() => toCents(Number.NaN)).toThrow(RangeError);
  });
});
