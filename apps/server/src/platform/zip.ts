import { createRequire } from 'node:module';
import type * as Zipcodes from 'zipcodes';

// US ZIP codes → city and state, from the `zipcodes` package (USPS ZIP list with one place name per
// ZIP, including DC, the territories and the military AA/AE/AP codes). Server only: the data is
// about 5 MB of JavaScript, so it is required on the first lookup, not at server start.

let data: typeof Zipcodes | undefined;

function zipcodes(): typeof Zipcodes {
  data ??= createRequire(import.meta.url)('zipcodes') as typeof Zipcodes;
  return data;
}

// 5 digits, or ZIP+4 with or without its dash; only the first 5 digits name the place.
const US_ZIP = /^(\d{5})(?:-?\d{4})?$/;

/** The city and state (USPS code such as 'NY') of a US ZIP code, or null when the ZIP is not known. */
export function lookupUsZip(zip: string): { city: string; state: string } | null {
  const match = US_ZIP.exec(zip.trim());
  if (!match) return null;
  const entry = zipcodes().lookup(match[1]!);
  if (!entry || entry.country !== 'US') return null;
  return { city: entry.city, state: entry.state };
}

export type UsZipMismatch = 'unknown-zip' | 'state-mismatch' | 'city-mismatch';

/**
 * Whether a US address's ZIP belongs to its state (and city, when given).
 *
 * 'city-mismatch' is a soft signal, to show as a warning and not to refuse on: the data holds one
 * place name per ZIP (11201 is "Brooklyn", though "New York" is as deliverable), so a different city
 * with the right state may still be right. Cities compare without case, accents or punctuation, and
 * with Saint/Fort/Mount equal to St/Ft/Mt.
 */
export function usZipMatches(zip: string, state: string, city?: string | null): { ok: true } | { ok: false; reason: UsZipMismatch } {
  const place = lookupUsZip(zip);
  if (!place) return { ok: false, reason: 'unknown-zip' };
  if (place.state !== state.trim().toUpperCase()) return { ok: false, reason: 'state-mismatch' };
  if (city != null && city.trim() !== '' && comparableCity(city) !== comparableCity(place.city)) {
    return { ok: false, reason: 'city-mismatch' };
  }
  return { ok: true };
}

const USPS_ABBREVIATIONS: [RegExp, string][] = [
  [/\bsaint\b/g, 'st'],
  [/\bsainte\b/g, 'ste'],
  [/\bfort\b/g, 'ft'],
  [/\bmount\b/g, 'mt'],
];

function comparableCity(city: string): string {
  let s = city.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  for (const [word, abbreviation] of USPS_ABBREVIATIONS) s = s.replace(word, abbreviation);
  return s.replace(/[^a-z0-9]/g, '');
}
