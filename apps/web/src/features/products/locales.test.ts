import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@exship/contracts';
import sharedEn from '../../locales/en.json';
import en from './locales/en.json';
import vi from './locales/vi.json';

type Dict = Record<string, string>;

// Same keys in both languages, none empty, placeholders and every key a screen uses: locales/feature-locales.test.ts.

describe('products locale files', () => {
  it('keys stay in the products namespace and never shadow shared or server strings', () => {
    expect(Object.keys(en).filter((k) => !k.startsWith('products.'))).toEqual([]);
    expect(Object.keys(en).filter((k) => k in MESSAGES.en || k in sharedEn)).toEqual([]);
  });

  it('registering the bundles makes the strings available in both languages', async () => {
    const { default: i18n } = await import('../../app/i18n');
    await import('./locales');
    expect(i18n.t('products.action.submit', { lng: 'en' })).toBe('Send for approval');
    expect(i18n.t('products.action.submit', { lng: 'vi' })).toBe((vi as Dict)['products.action.submit']);
  });
});
