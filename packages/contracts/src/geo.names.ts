import { iso31661 } from 'iso-3166/1.js';
import { COUNTRIES, subdivisionsOf } from './geo';

// Reading a country or a state written as a name ("United States", "Viet Nam", "USA", "New York")
// back to its ISO code, for suggested corrections (SPEC §8 address check). Names come from the ISO
// data and the runtime's CLDR names in English and Vietnamese (Intl.DisplayNames), so "Vietnam",
// "Việt Nam", "South Korea" and "United Kingdom" are found without a hand-typed list.

/** Lower case, no accents, letters and digits only: "Việt Nam" and "viet-nam" compare equal. */
export const comparableName = (s: string): string =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/đ/gi, 'd')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

let countryNames: Map<string, string> | undefined;

function countryIndex(): Map<string, string> {
  if (countryNames) return countryNames;
  const index = new Map<string, string>();
  const add = (name: string | undefined, code: string) => {
    const key = name ? comparableName(name) : '';
    if (key && !index.has(key)) index.set(key, code);
  };
  const display = (lang: string) => {
    try {
      return new Intl.DisplayNames([lang], { type: 'region', fallback: 'none' });
    } catch {
      return undefined;
    }
  };
  const en = display('en');
  const vi = display('vi');
  const assigned = new Set(COUNTRIES.map((c) => c.code));
  for (const c of iso31661) {
    if (!assigned.has(c.alpha2)) continue;
    add(c.alpha3, c.alpha2);
    add(c.name, c.alpha2);
    add(en?.of(c.alpha2), c.alpha2);
    add(vi?.of(c.alpha2), c.alpha2);
  }
  countryNames = index;
  return index;
}

/** The alpha-2 code a country name or alpha-3 code names ("Viet Nam" → VN, "USA" → US), or null. */
export function countryCodeFromName(text: string): string | null {
  const key = comparableName(text);
  return key ? (countryIndex().get(key) ?? null) : null;
}

/** The code of the subdivision of `country` that `text` names ("New York" → NY), or null. */
export function subdivisionCodeFromName(country: string, text: string): string | null {
  const key = comparableName(text);
  if (!key) return null;
  const found = subdivisionsOf(country).find((s) => comparableName(s.name) === key || comparableName(s.code) === key);
  return found?.code ?? null;
}
