import { readFileSync, readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@exship/contracts';
import sharedEn from './en.json';
import { keyDiff } from '../test/key-diff';

type Dict = Record<string, string>;

// Lazily registered feature strings (features/<name>/locales/{en,vi}.json): same checks as the shared files.
const featuresDir = path.join(import.meta.dirname, '..', 'features');
const sharedDir = path.join(import.meta.dirname, '..', 'shared', 'locales');
// Lazily registered shared bundles: shared/locales/<name>.<lang>.json, checked as "shared/<name>".
const sharedBundles = readdirSync(sharedDir).flatMap((f) => (f.endsWith('.en.json') ? [`shared/${f.slice(0, -'.en.json'.length)}`] : []));
// The signed-in shell (app/layout/locales) registers its own bundle the same way.
const layoutDir = path.join(import.meta.dirname, '..', 'app', 'layout');
const features = [...readdirSync(featuresDir).filter((f) => existsSync(path.join(featuresDir, f, 'locales', 'en.json'))), 'app/layout', ...sharedBundles];
const fileOf = (feature: string, lang: string) => {
  if (feature.startsWith('shared/')) return path.join(sharedDir, `${feature.slice('shared/'.length)}.${lang}.json`);
  if (feature === 'app/layout') return path.join(layoutDir, 'locales', `${lang}.json`);
  return path.join(featuresDir, feature, 'locales', `${lang}.json`);
};
const load = (feature: string, lang: string) => JSON.parse(readFileSync(fileOf(feature, lang), 'utf8')) as Dict;

describe('feature locale bundles', () => {
  it('there are some to check', () => {
    expect(features).toEqual(expect.arrayContaining(['catalog', 'discounts', 'dashboard', 'public', 'app/layout', 'shared/list-ui']));
  });

  it.each(features)('%s: en and vi have the same keys, none empty, none shadowing shared or server strings', (feature) => {
    const en = load(feature, 'en');
    const vi = load(feature, 'vi');
    expect(keyDiff(en, vi)).toEqual({ onlyInFirst: [], onlyInSecond: [] });
    for (const [k, v] of Object.entries(en)) {
      expect(v.trim(), `en ${k}`).not.toBe('');
      expect((vi[k] ?? '').trim(), `vi ${k}`).not.toBe('');
    }
    expect(Object.keys(en).filter((k) => k in sharedEn || k in MESSAGES.en)).toEqual([]);
  });

  it('bundles do not collide with each other', () => {
    const seen = new Map<string, string>();
    for (const f of features) for (const k of Object.keys(load(f, 'en'))) {
      expect(seen.get(k), `${k} in ${f}`).toBeUndefined();
      seen.set(k, f);
    }
  });
});
