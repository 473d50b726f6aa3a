import { describe, expect, it } from 'vitest';
import { CHECK_IN_OUTCOMES, CHECK_IN_STATUSES, MESSAGES } from '@exship/contracts';
import sharedEn from '../../locales/en.json';
import en from './locales/en.json';

// Same keys in both languages, none empty, placeholders and every key a screen uses: locales/feature-locales.test.ts.

describe('floor locale files', () => {
  it('every check-in outcome and status has its text', () => {
    for (const o of CHECK_IN_OUTCOMES) expect(en).toHaveProperty([`pickup.checkIn.outcome.${o}`]);
    for (const s of CHECK_IN_STATUSES) expect(en).toHaveProperty([`pickup.checkInStatus.${s}`]);
  });

  it('keeps to its own prefix and never shadows shared or server strings', () => {
    expect(Object.keys(en).filter((k) => !k.startsWith('pickup.'))).toEqual([]);
    expect(Object.keys(en).filter((k) => k in MESSAGES.en || k in sharedEn)).toEqual([]);
  });
});
