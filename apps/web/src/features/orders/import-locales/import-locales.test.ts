import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@exship/contracts';
import sharedEn from '../../../locales/en.json';
import { keyDiff } from '../../../test/key-diff';
import en from './en.json';
import vi from './vi.json';

type Dict = Record<string, string>;
const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

/** The literal `t('orderImport.…')` / `t('surchargeImport.…')` keys of the import screens. */
function usedKeys(): string[] {
  const dir = path.join(import.meta.dirname, '..');
  const keys = new Set<string>();
  for (const f of readdirSync(dir).filter((f) => /^import-.*\.tsx$/.test(f) && !f.includes('.test.'))) {
    for (const m of readFileSync(path.join(dir, f), 'utf8').matchAll(/['"]((?:orderImport|surchargeImport)\.[\w.]+)['"]/g)) keys.add(m[1]!);
  }
  return [...keys].sort();
}

describe('order import screens locale files', () => {
  it('en.json and vi.json have the same keys, none empty, with the same placeholders', () => {
    expect(keyDiff(en as Dict, vi as Dict)).toEqual({ onlyInFirst: [], onlyInSecond: [] });
    for (const [key, text] of Object.entries(en as Dict)) {
      expect(text.trim(), `en ${key}`).not.toBe('');
      expect(((vi as Dict)[key] ?? '').trim(), `vi ${key}`).not.toBe('');
      expect(placeholders((vi as Dict)[key]!), key).toEqual(placeholders(text));
    }
  });

  it('every key the screens use exists, and only those', () => {
    const used = usedKeys();
    expect(used.length).toBeGreaterThan(30);
    expect(used.filter((k) => !(k in en))).toEqual([]);
    expect(Object.keys(en).filter((k) => !used.includes(k))).toEqual([]);
  });

  it('keys stay in their namespaces and never shadow shared or server strings', () => {
    expect(Object.keys(en).filter((k) => !/^(orderImport|surchargeImport)\./.test(k))).toEqual([]);
    expect(Object.keys(en).filter((k) => k in MESSAGES.en || k in sharedEn)).toEqual([]);
  });

  it('registering the bundles makes the strings available in both languages', async () => {
    const { default: i18n } = await import('../../../app/i18n');
    await import('./index');
    expect(i18n.t('surchargeImport.success', { lng: 'en' })).toBe('import success');
    expect(i18n.t('surchargeImport.success', { lng: 'vi' })).toBe((vi as Dict)['surchargeImport.success']);
  });
});
