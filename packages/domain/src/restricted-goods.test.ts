import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MESSAGES, isMessageKey, translate } from '@exship/contracts';
import { RESTRICTED_GOODS, checkRestrictedGoods, type RestrictedGoodsCode } from './restricted-goods';

const refusedWith = (code: RestrictedGoodsCode, message: string) => expect.objectContaining({ ok: false, code, message });

describe('restricted goods (SPEC §5)', () => {
  it('lists each category once, with message keys that exist in en and vi', () => {
    const codes = RESTRICTED_GOODS.map((g) => g.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes).toEqual(
      expect.arrayContaining(['none', 'gel_liquid_cream', 'e_cigarette', 'cbd', 'live_plants_seeds', 'animal_products', 'watch', 'loose_batteries']),
    );
    for (const { rule } of RESTRICTED_GOODS) {
      const keys = rule.kind === 'allowed' ? [] : rule.kind === 'refused' ? [rule.message] : [rule.message, rule.missingMessage];
      for (const key of keys) {
        expect(isMessageKey(key), key).toBe(true);
        expect(MESSAGES.vi[key as keyof typeof MESSAGES.vi], key).not.toBe(MESSAGES.en[key as keyof typeof MESSAGES.en]);
      }
    }
  });

  it('no category, or none, ships', () => {
    expect(checkRestrictedGoods({ category: null })).toEqual({ ok: true });
    expect(checkRestrictedGoods({ category: 'none', volumeMl: 5000, valueUsdCents: 1_000_000 })).toEqual({ ok: true });
  });

  it.each([
    ['e_cigarette', 'validation.restricted.eCigarette'],
    ['cbd', 'validation.restricted.cbd'],
    ['live_plants_seeds', 'validation.restricted.plants'],
    ['animal_products', 'validation.restricted.animalProducts'],
    ['loose_batteries', 'validation.restricted.looseBatteries'],
  ] as const)('%s is always refused', (category, message) => {
    expect(checkRestrictedGoods({ category })).toEqual({ ok: false, code: category, message });
    // Small amounts do not make it allowed.
    expect(checkRestrictedGoods({ category, volumeMl: 1, valueUsdCents: 1 })).toEqual({ ok: false, code: category, message });
  });

  describe('gels, liquids and creams: over 50 ml refused', () => {
    const gel = (volumeMl: number | null | undefined) => checkRestrictedGoods({ category: 'gel_liquid_cream', volumeMl });

    it('50 ml exactly ships, 50.01 ml is refused with the limit', () => {
      expect(gel(50)).toEqual({ ok: true });
      expect(gel(49.99)).toEqual({ ok: true });
      expect(gel(50.01)).toEqual({ ok: false, code: 'gel_liquid_cream', message: 'validation.restricted.gel', vars: { max: 50 } });
      expect(gel(51)).toEqual(refusedWith('gel_liquid_cream', 'validation.restricted.gel'));
    });

    it('a missing, zero, negative or non-finite volume asks for it', () => {
      for (const v of [null, undefined, 0, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
        expect(gel(v), String(v)).toEqual({ ok: false, code: 'gel_liquid_cream', message: 'validation.restricted.gelVolume' });
      }
    });

    it('ships exactly the volumes at or below 50 ml (property)', () => {
      fc.assert(
        fc.property(fc.double({ min: 0.001, max: 10_000, noNaN: true }), (ml) => {
          expect(gel(ml).ok).toBe(ml <= 50);
        }),
      );
    });
  });

  describe('watches: declared value over 150 USD refused', () => {
    const watch = (valueUsdCents: number | null | undefined) => checkRestrictedGoods({ category: 'watch', valueUsdCents });

    it('150.00 USD ships, 150.01 USD is refused with the limit', () => {
      expect(watch(15_000)).toEqual({ ok: true });
      expect(watch(1)).toEqual({ ok: true });
      expect(watch(15_001)).toEqual({ ok: false, code: 'watch', message: 'validation.restricted.watch', vars: { max: '$150.00' } });
    });

    it('a missing or zero value asks for it', () => {
      for (const v of [null, undefined, 0, -100]) {
        expect(watch(v), String(v)).toEqual({ ok: false, code: 'watch', message: 'validation.restricted.watchValue' });
      }
    });

    it('ships exactly the values at or below 15,000 cents (property)', () => {
      fc.assert(
        fc.property(fc.integer({ min: 1, max: 10_000_000 }), (cents) => {
          expect(watch(cents).ok).toBe(cents <= 15_000);
        }),
      );
    });
  });

  it('the refusal reads as a sentence in both languages', () => {
    const r = checkRestrictedGoods({ category: 'gel_liquid_cream', volumeMl: 100 });
    if (r.ok) throw new Error('expected a refusal');
    const vars = Object.fromEntries(Object.entries(r.vars ?? {}).map(([k, v]) => [k, String(v)]));
    expect(translate('en', r.message, vars)).toBe('Gels, liquids and creams over 50 ml cannot be shipped.');
    expect(translate('vi', r.message, vars)).toBe('Không thể gửi gel, chất lỏng và kem trên 50 ml.');
    const w = checkRestrictedGoods({ category: 'watch', valueUsdCents: 20_000 });
    if (w.ok) throw new Error('expected a refusal');
    expect(translate('en', w.message, w.vars as Record<string, string>)).toBe('Watches with a declared value over $150.00 cannot be shipped.');
  });

  it('an unknown category is a programming error, not a silent pass', () => {
    expect(() => checkRestrictedGoods({ category: 'guns' as RestrictedGoodsCode })).toThrow(RangeError);
  });
});
