import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@exship/contracts';
import sharedEn from '../../locales/en.json';
import en from './locales/en.json';

// Same keys in both languages, none empty, placeholders and every key a screen uses: locales/feature-locales.test.ts.

describe('address check locale files', () => {
  it('every status, note, field, tab and batch status the screen names by value has its text', () => {
    for (const s of ['pending', 'valid', 'invalid']) expect(MESSAGES.en).toHaveProperty([`addressCheck.status.${s}`]);
    expect(MESSAGES.en).toHaveProperty(['addressCheck.note.provider_unavailable']);
    for (const k of ['country', 'state', 'city', 'zip', 'address1', 'address2']) expect(en).toHaveProperty([`addressCheck.field.${k}`]);
    for (const k of ['all', 'pending', 'valid', 'invalid']) expect(en).toHaveProperty([`addressCheck.tab.${k}`]);
    for (const k of ['pending', 'done']) expect(en).toHaveProperty([`addressCheck.batchStatus.${k}`]);
  });

  it('never shadows shared or server strings', () => {
    expect(Object.keys(en).filter((k) => !k.startsWith('addressCheck.'))).toEqual([]);
    expect(Object.keys(en).filter((k) => k in MESSAGES.en || k in sharedEn)).toEqual([]);
  });
});
