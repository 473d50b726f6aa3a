import { describe, expect, it } from 'vitest';
import { MENU_GROUP_ORDER, MESSAGES, SCREENS } from '@exship/contracts';
import en from './en.json';
import vi from './vi.json';
import zhCN from './zh-CN.json';
import { keyDiff } from '../test/key-diff';

type Dict = Record<string, string>;


const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('locale files', () => {
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

  it('UI keys never shadow the server messages from contracts', () => {
    const server = Object.keys(MESSAGES.en);
    expect(Object.keys(en).filter((k) => server.includes(k))).toEqual([]);
  });

  it('every screen and menu group has a name', () => {
    for (const s of SCREENS) expect(en, s.id).toHaveProperty([`screen.${s.id}`]);
    for (const g of MENU_GROUP_ORDER) expect(en, g).toHaveProperty([`menuGroup.${g}`]);
  });

  it('zh-CN holds only the lazy loader wording', () => {
    expect(Object.keys(zhCN).every((k) => k.startsWith('loader.') && k in en)).toBe(true);
    expect(zhCN['loader.loading']).toBe('正在加载文件...');
  });

  it('the SPEC wording is used verbatim in English', () => {
    expect(en['error.page.404']).toBe('Sorry, the page you visited does not exist.');
    expect(en['error.page.500']).toBe('Sorry, something went wrong.');
    expect(en['loader.loading']).toBe('Loading file...');
    expect(en['loader.slow']).toBe('Take a long time...');
    expect(en['loader.error']).toBe('Load error!');
  });
});
