import { readFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import path from 'node:path';
import type * as Zipcodes from 'zipcodes';

// US ZIP codes → city and state, from the `zipcodes` package (USPS ZIP list with one place name per
// ZIP, including DC, the territories and the military AA/AE/AP codes). Server only: the data is
// about 5 MB of JavaScript, so it is required on the first lookup, not at server start.

let data: typeof Zipcodes | undefined;

function zipcodes(): typeof Zipcodes {
  data ??= loadZipcodes();
  return data;
}

/**
 * The package's data modules are object literals, one per line (`exports.codes = {…};`, 5 MB for the
 * US). Compiled as JavaScript they cost ~90 MB of peak memory, most of it kept by the process, and
 * ~250 ms; read as JSON, ~20 MB and ~60 ms. So each data module goes into the require cache parsed
 * as JSON before the package is required (its own index then finds it there); a file of any other
 * shape is left to the package's own require.
 */
function loadZipcodes(): typeof Zipcodes {
  const require = createRequire(import.meta.url);
  const dir = path.dirname(require.resolve('zipcodes'));
  for (const name of ['codes.js', 'codesCanada.js']) {
    const file = path.join(dir, name);
    if (require.cache[file]) continue;
    const exports = jsonModule(readFileSync(file, 'utf8'));
    if (!exports) continue;
    const mod = new Module(file);
    mod.filename = file;
    mod.exports = exports;
    mod.loaded = true;
    require.cache[file] = mod;
  }
  return require('zipcodes') as typeof Zipcodes;
}

/** `exports.a = <JSON>;` lines as an exports object, or null when a line is anything else. */
function jsonModule(source: string): Record<string, unknown> | null {
  const exports: Record<string, unknown> = {};
  for (const line of source.split('\n')) {
    if (line.trim() === '') continue;
    const m = /^exports\.(\w+) = (.*);\s*$/s.exec(line);
    if (!m) return null;
    try {
      exports[m[1]!] = JSON.parse(m[2]!);
    } catch {
      return null;
    }
  }
  return exports;
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

/** The ZIP codes of a US city in a state (USPS code), in the data's order; empty when none is known. */
export function usZipsOfCity(city: string, state: string): string[] {
  if (!city.trim() || !state.trim()) return [];
  return zipcodes()
    .lookupByName(city.trim(), state.trim().toUpperCase())
    .filter((e) => e.country === 'US')
    .map((e) => e.zip);
}
