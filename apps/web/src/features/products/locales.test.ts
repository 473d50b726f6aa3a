import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@exship/contracts';
import sharedEn from '../../locales/en.json';
import en from './locales/en.json';
import vi from './locales/vi.json';

type Dict = Record<string, string>;

/** Keys present in one dictionary and missing from the other. */
export function keyDiff(a: Dict, b: Dict): { onlyInFirst: string[]; onlyInSecond: string[] } {
  return {
    onlyInFirst: Object.keys(a).filter((k) => !(k in b)).sort(),
    onlyInSecond: Object.keys(b).filter((k) => !(k in a)).sort(),
  };
}

const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

/** The literal `t('products.…')` keys used by the feature's source files. */
function usedKeys(): string[] {
  const dir = import.meta.dirname;
  const files = readdirSync(dir).filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.test.ts'));
  const keys = new Set<string>();
  for (const f of files) for (const m of readFileSync(path.join(dir, f), 'utf8').matchAll(/\bt\('(products\.[\w.]+)'/g)) keys.add(m[1]!);
  return [...keys].sort();
}

describe('products locale files', () => {
  it('keyDiff reports keys missing on either side (so the next test can fail)', () => {
    expect(keyDiff({ a: '1', b: '2' }, { b: '2', c: '3' })).toEqual({ onlyInFirst: ['a'], onlyInSecond: ['c'] });
    expect(keyDiff({ a: '1' }, { a: 'x' })).toEqual({ onlyInFirst: [], onlyInSecond: [] });
  });

  it('en.json and vi.json have exactly the same keys', () => {
    expect(keyDiff(en as Dict, vi as Dict)).toEqual({ onlyInFirst: [], onlyInSecond: [] });
  });

  it('no translation is empty and placeholders match between languages', () => {
    for (const [key, text] of Object.entries(en as Dict)) {
      const other = (vi as Dict)[key] ?? '';
      expect(text.trim(), `en ${key}`).not.toBe('');
      expect(other.trim(), `vi ${key}`).not.toBe('');
      expect(placeholders(other), `placeholders of ${key}`).toEqual(placeholders(text));
    }
  });

  it('every key the screens use exists', () => {
    const used = usedKeys();
    expect(used.length).toBeGreaterThan(50);
    expect(used.filter((k) => !(k in en))).toEqual([]);
  });

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
