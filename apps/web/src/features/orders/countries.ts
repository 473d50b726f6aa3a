import { iso31661 } from 'iso-3166/1.js';

// The recipient's country (SPEC §5: "country … must exist"): the assigned ISO 3166-1 alpha-2 codes
// from the `iso-3166` package, named in the page's language by the browser (Intl.DisplayNames), so no
// country list or translation is typed by hand.

export interface CountryOption {
  value: string;
  label: string;
}

const cache = new Map<string, CountryOption[]>();

/** Every assigned country as a Select option, `Name (CC)`, sorted by name in `lang`. */
export function countryOptions(lang: string): CountryOption[] {
  const cached = cache.get(lang);
  if (cached) return cached;
  const names = displayNames(lang);
  const options = iso31661
    .map((c) => ({ value: c.alpha2, label: `${names?.of(c.alpha2) ?? c.name} (${c.alpha2})` }))
    .sort((a, b) => a.label.localeCompare(b.label, lang));
  cache.set(lang, options);
  return options;
}

/** The name of a country code in `lang` ('US' → 'United States'); the code itself when unknown. */
export function countryName(code: string, lang: string): string {
  if (!/^[A-Z]{2}$/.test(code)) return code;
  return displayNames(lang)?.of(code) ?? code;
}

function displayNames(lang: string): Intl.DisplayNames | null {
  try {
    return new Intl.DisplayNames([lang, 'en'], { type: 'region', fallback: 'code' });
  } catch {
    return null;
  }
}
