import { describe, expect, it } from 'vitest';
import { isFedex12, isUps1z, isUsps, isValidTrackingNumber, trackingFormat, ups1zCheckDigit } from './tracking-numbers';

// Test vectors from the carriers' published examples (shipping-platforms reference §3).
describe('tracking numbers', () => {
  it('accepts UPS 1Z numbers with the right check digit and refuses a changed digit', () => {
    expect(isUps1z('1Z5R89390357567127')).toBe(true);
    expect(isUps1z('1Z879E930346834440')).toBe(true);
    expect(ups1zCheckDigit('5R8939035756712')).toBe(7);
    expect(isUps1z('1Z5R89390357567128')).toBe(false);
    expect(isUps1z('1Z5R89390357567217')).toBe(false);
  });
  it('accepts USPS PICs with and without the 420+ZIP prefix', () => {
    expect(isUsps('9400111201080805483016')).toBe(true);
    expect(isUsps('4201002334249200190132607600833457')).toBe(true);
    expect(isUsps('9400111201080805483017')).toBe(false);
  });
  it('accepts FedEx 12-digit numbers', () => {
    expect(isFedex12('986578788855')).toBe(true);
    expect(isFedex12('986578788856')).toBe(false);
  });
  it('classifies numbers and refuses garbage', () => {
    expect(trackingFormat('1Z5R89390357567127')).toBe('ups');
    expect(trackingFormat('9400111201080805483016')).toBe('usps');
    expect(trackingFormat('986578788855')).toBe('fedex');
    expect(trackingFormat('LB123456789CN')).toBe('generic');
    expect(isValidTrackingNumber('1Z5R8939035756712X')).toBe(false);
    expect(isValidTrackingNumber('hello world')).toBe(false);
    expect(isValidTrackingNumber('ABCDEFGHIJ')).toBe(false);
    expect(isValidTrackingNumber('123')).toBe(false);
  });
});
