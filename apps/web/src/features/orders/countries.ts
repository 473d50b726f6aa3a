import { COUNTRIES, subdivisionsOf } from '@exship/contracts';
import { displayNames } from './shared';

// The recipient's country and state (SPEC §5: "country, state (belonging to the country) … must
// exist"): the ISO 3166 data the server checks against (contracts' geo), countries named in the
// page's language by the browser (Intl.DisplayNames), so no list or translation is typed by hand.

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
  const options = COUNTRIES.map((c) => ({ value: c.code, label: `${names?.of(c.code) ?? c.name} (${c.code})` }))
    .sort((a, b) => a.label.localeCompare(b.label, lang));
  cache.set(lang, options);
  return options;
}


/** The states (ISO 3166-2 subdivisions) an address of `country` names, as Select options; empty when it has none. */
export function stateOptions(country: string | undefined): CountryOption[] {
  if (!country) return [];
  return subdivisionsOf(country).map((s) => ({ value: s.code, label: `${s.name} (${s.code})` }));
}
