import { readFileSync, readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHECK_IN_STATUSES, MESSAGES, ROLES, ROUTING_STATUSES, SUB_SELLER_ROLES, SURCHARGE_REASONS, TOP_UP_STATUSES, WALLET_NOTE_KEYS } from '@exship/contracts';
import sharedEn from './en.json';
import sharedVi from './vi.json';
import { keyDiff } from '../test/key-diff';

type Dict = Record<string, string>;
const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
const srcDir = path.join(import.meta.dirname, '..');

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

  it.each(features)('%s: placeholders match between languages', (feature) => {
    const en = load(feature, 'en');
    const vi = load(feature, 'vi');
    for (const [k, v] of Object.entries(en)) expect(placeholders(vi[k] ?? ''), `placeholders of ${k}`).toEqual(placeholders(v));
  });

  it('every literal key a screen asks for exists in a bundle, the shared files or the server messages', () => {
    // Every English string file of the app (any locales folder), and the server's messages.
    const known = new Set<string>(Object.keys(MESSAGES.en));
    const used = new Map<string, string>();
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (/(^|\.)en\.json$/.test(entry.name) && file.includes('locales')) for (const k of Object.keys(JSON.parse(readFileSync(file, 'utf8')) as Dict)) known.add(k);
        else if (/\.tsx?$/.test(entry.name) && !entry.name.includes('.test.')) {
          for (const m of readFileSync(file, 'utf8').matchAll(/\bt\(\s*'([a-zA-Z][\w-]*(?:\.[\w-]+)+)'/g)) used.set(m[1]!, path.relative(srcDir, file));
        }
      }
    };
    walk(srcDir);
    expect(used.size).toBeGreaterThan(500);
    // A counted string exists as its plural forms (key_one, key_other).
    const exists = (k: string) => known.has(k) || known.has(`${k}_other`);
    expect([...used].filter(([k]) => !exists(k)).map(([k, f]) => `${k} (${f})`)).toEqual([]);
  });

  // Texts that read the same in Vietnamese: names, acronyms, units, placeholders only. Any other
  // Vietnamese text equal to its English was left untranslated ("Check-in" in a Vietnamese column).
  const SAME_IN_BOTH = new Set(['Email', 'SKU', 'PDF', 'HTML', 'N/A', 'OK', 'FBA', 'Walmart', 'HTTP API', 'Sandbox', 'Mockup', 'First class flat', 'Cron (UTC)', '{{count}} ms', '{{file}}: {{message}}']);

  it('no Vietnamese text is left in English (every bundle, the shared files and the server messages)', () => {
    const pairs: [string, Dict, Dict][] = [
      ...features.map((f) => [f, load(f, 'en'), load(f, 'vi')] as [string, Dict, Dict]),
      ['locales', sharedEn as Dict, sharedVi as Dict],
      ['server messages', MESSAGES.en as Dict, MESSAGES.vi as Dict],
    ];
    const untranslated = pairs.flatMap(([where, en, vi]) => Object.entries(en).filter(([k, v]) => vi[k] === v && !SAME_IN_BOTH.has(v)).map(([k, v]) => `${where}: ${k} = ${JSON.stringify(v)}`));
    expect(untranslated).toEqual([]);
  });

  it('every value the platform shows by its code has words in both languages', () => {
    // Everything a screen may look up: the bundles, the shared files and the server messages.
    const words = (lang: 'en' | 'vi') => {
      const all: Dict = { ...(MESSAGES[lang] as Dict), ...((lang === 'en' ? sharedEn : sharedVi) as Dict) };
      for (const f of features) Object.assign(all, load(f, lang));
      return all;
    };
    const [en, vi] = [words('en'), words('vi')];
    const wanted = [
      // The routing events' sentences (a carrier describes an event in English only).
      ...ROUTING_STATUSES.map((s) => `routing.event.${s}`),
      ...ROUTING_STATUSES.map((s) => `routing.status.${s}`),
      // Role chips and lists: every built-in role, the team's sub-seller roles too.
      ...ROLES.map((r) => `role.${r.code}`),
      ...SUB_SELLER_ROLES.map((code) => `role.${code}`),
      ...CHECK_IN_STATUSES.map((s) => `orders.checkIn.${s}`),
      ...SURCHARGE_REASONS.map((r) => `orders.surchargeReason.${r}`),
      ...TOP_UP_STATUSES.map((s) => `billing.status.${s}`),
      // The notes the platform writes on wallet transactions ("Payment of 8 orders").
      ...WALLET_NOTE_KEYS.map((k) => `wallet.note.${k}`),
    ];
    expect(wanted.filter((k) => !en[k]?.trim() || !vi[k]?.trim())).toEqual([]);
  });

  it('bundles do not collide with each other', () => {
    const seen = new Map<string, string>();
    for (const f of features) for (const k of Object.keys(load(f, 'en'))) {
      expect(seen.get(k), `${k} in ${f}`).toBeUndefined();
      seen.set(k, f);
    }
  });
});
