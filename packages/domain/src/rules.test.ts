import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PRODUCT_APPROVAL_ACTIONS, PRODUCT_APPROVAL_STATUSES } from '@exship/contracts';
import {
  actualWeightFee,
  allowedApprovalActions,
  approvalAfterEdit,
  canDebit,
  creditRemaining,
  creditSummary,
  nextApprovalStatus,
  spendable,
  usedCredit,
  validOffset,
  wallClockAt,
  wallClockWithOffset,
  localToInstant,
  offsetMinutes,
  startOfDayAt,
} from '.';

describe('product approval (SPEC §4)', () => {
  it('walks draft → waiting approval → accepted | rejected, and rejected may be submitted again', () => {
    expect(nextApprovalStatus('draft', 'submit')).toBe('waiting_approval');
    expect(nextApprovalStatus('waiting_approval', 'accept')).toBe('accepted');
    expect(nextApprovalStatus('waiting_approval', 'reject')).toBe('rejected');
    expect(nextApprovalStatus('rejected', 'submit')).toBe('waiting_approval');
  });
  it('refuses every other move (the full table)', () => {
    const allowed = new Set(['draft:submit', 'rejected:submit', 'waiting_approval:accept', 'waiting_approval:reject']);
    for (const s of PRODUCT_APPROVAL_STATUSES)
      for (const a of PRODUCT_APPROVAL_ACTIONS) expect(nextApprovalStatus(s, a) !== null, `${s}:${a}`).toBe(allowed.has(`${s}:${a}`));
    expect(allowedApprovalActions('waiting_approval')).toEqual(['accept', 'reject']);
    expect(allowedApprovalActions('accepted')).toEqual([]);
  });
  it('a seller edit goes back to draft, is refused while waiting; a staff edit keeps the status', () => {
    expect(approvalAfterEdit('accepted', 'seller')).toBe('draft');
    expect(approvalAfterEdit('rejected', 'seller')).toBe('draft');
    expect(approvalAfterEdit('waiting_approval', 'seller')).toBeNull();
    for (const s of PRODUCT_APPROVAL_STATUSES) expect(approvalAfterEdit(s, 'staff')).toBe(s);
  });
});

describe('actual-weight fee', () => {
  const config = fc.record({
    weightThreshold: fc.integer({ min: 1, max: 999_998 }),
    fee: fc.integer({ min: 0, max: 99_999_900 }).map((c) => c / 100),
    status: fc.constantFrom('active', 'inactive'),
    configurationStatus: fc.constantFrom('configured', 'removed'),
  });
  const grams = fc.double({ min: 0, max: 1_000_000, noNaN: true });

  it('charges the configured fee only above the threshold of an active, configured row', () => {
    const cfg = { weightThreshold: 300, fee: 1.75, status: 'active', configurationStatus: 'configured' };
    expect(actualWeightFee({ weightConfig: cfg }, 300.01)).toBe(175);
    expect(actualWeightFee({ weightConfig: cfg }, 300)).toBe(0);
    expect(actualWeightFee({ weightConfig: null }, 5000)).toBe(0);
  });
  it('is always 0 or the whole fee in cents, never charged at or under the threshold', () => {
    fc.assert(
      fc.property(config, grams, (c, g) => {
        const fee = actualWeightFee({ weightConfig: c }, g);
        const charging = c.status === 'active' && c.configurationStatus === 'configured' && g > c.weightThreshold;
        expect(fee).toBe(charging ? Math.round(c.fee * 100) : 0);
        expect(Number.isInteger(fee)).toBe(true);
      }),
    );
  });
  it('never goes down as the parcel gets heavier', () => {
    fc.assert(fc.property(config, grams, grams, (c, a, b) => actualWeightFee({ weightConfig: c }, Math.min(a, b)) <= actualWeightFee({ weightConfig: c }, Math.max(a, b))));
  });
});

describe('credit arithmetic', () => {
  const cents = (max: number) => fc.integer({ min: 0, max });
  // Any wallet the database allows: balance ≥ −credit line.
  const wallet = cents(10_000_000).chain((limit) =>
    fc.record({ creditLimitCents: fc.constant(limit), balanceCents: fc.integer({ min: -limit, max: 10_000_000 }), creditBlocked: fc.boolean() }),
  );

  it('remaining = line − what the balance is below zero', () => {
    expect(creditRemaining({ balanceCents: -2_500, creditLimitCents: 10_000 })).toBe(7_500);
    expect(creditRemaining({ balanceCents: 4_000, creditLimitCents: 10_000 })).toBe(10_000);
    expect(usedCredit(123)).toBe(0);
    expect(creditSummary({ balanceCents: 0, creditLimitCents: 0, creditBlocked: false })).toBeNull();
  });
  it('remaining stays within [0, line] and used + remaining = line for every allowed wallet', () => {
    fc.assert(
      fc.property(wallet, (w) => {
        const r = creditRemaining(w);
        expect(r).toBeGreaterThanOrEqual(0);
        expect(r).toBeLessThanOrEqual(w.creditLimitCents);
        expect(usedCredit(w.balanceCents) + r).toBe(w.creditLimitCents);
      }),
    );
  });
  it('a debit that is allowed never takes the wallet below its floor, and the largest allowed debit reaches it', () => {
    fc.assert(
      fc.property(wallet, cents(20_000_000), (w, amount) => {
        const floor = w.creditBlocked ? Math.min(0, w.balanceCents) : -w.creditLimitCents;
        if (canDebit(w, amount)) expect(w.balanceCents - amount).toBeGreaterThanOrEqual(floor);
        const max = Math.max(0, spendable(w));
        expect(canDebit(w, max)).toBe(true);
        expect(canDebit(w, max + 1)).toBe(false);
        expect(canDebit(w, -1)).toBe(false);
      }),
    );
  });
});

describe('time offsets', () => {
  const offset = fc
    .record({ sign: fc.constantFrom('+', '-'), h: fc.integer({ min: 0, max: 14 }), m: fc.constantFrom(0, 30, 45) })
    .map(({ sign, h, m }) => `${sign}${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
  const instant = fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2100, 0, 1) }).map((ms) => Math.floor(ms / 1000) * 1000);

  it('falls back to +00:00 for a missing or malformed offset', () => {
    expect(validOffset(undefined)).toBe('+00:00');
    expect(validOffset('7')).toBe('+00:00');
    expect(validOffset('+07:00')).toBe('+07:00');
    expect(wallClockAt('2026-01-31T20:05:09Z', '+07:00')).toBe('2026-02-01T03:05:09');
    expect(wallClockWithOffset('2026-02-01T03:05', '+07:00')).toBe('2026-02-01T03:05:00+07:00');
  });
  it('an instant shown at an offset and read back at that offset is the same instant', () => {
    fc.assert(
      fc.property(instant, offset, (ms, off) => {
        const wall = wallClockAt(ms, off);
        expect(Date.parse(wallClockWithOffset(wall, off))).toBe(ms);
        expect(localToInstant(wall, off)).toBe(ms);
        expect(Date.parse(`${wall}Z`) - ms).toBe(offsetMinutes(off) * 60_000 + 0); // + 0: "-00:00" is -0
      }),
    );
  });
  it('the day an instant falls on starts at that day\'s midnight at the offset', () => {
    // 20:05 UTC on 31 Jan is already 1 Feb in Ho Chi Minh City, still 31 Jan in New York.
    expect(startOfDayAt(new Date('2026-01-31T20:05:09Z'), '+07:00').toISOString()).toBe('2026-01-31T17:00:00.000Z');
    expect(startOfDayAt(new Date('2026-01-31T20:05:09Z'), '-05:00').toISOString()).toBe('2026-01-31T05:00:00.000Z');
    fc.assert(
      fc.property(instant, offset, (ms, off) => {
        const start = startOfDayAt(new Date(ms), off).getTime();
        expect(start).toBeLessThanOrEqual(ms);
        expect(ms - start).toBeLessThan(86_400_000);
        expect(wallClockAt(start, off).slice(11)).toBe('00:00:00');
      }),
    );
  });
});
