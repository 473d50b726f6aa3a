import { describe, expect, it } from 'vitest';
import { CRONJOB_RUN_STATES, MESSAGES } from '@exship/contracts';
import sharedEn from '../../locales/en.json';
import en from './locales/en.json';

// Same keys in both languages, none empty, placeholders and every key a screen uses: locales/feature-locales.test.ts.

describe('cron job locale files', () => {
  it('every run state has its text', () => {
    for (const s of CRONJOB_RUN_STATES) expect(en).toHaveProperty([`cronjobs.state.${s}`]);
  });

  it('never shadows shared or server strings', () => {
    expect(Object.keys(en).filter((k) => !k.startsWith('cronjobs.'))).toEqual([]);
    expect(Object.keys(en).filter((k) => k in MESSAGES.en || k in sharedEn)).toEqual([]);
  });
});
