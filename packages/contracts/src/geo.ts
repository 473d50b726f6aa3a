import { iso31661 } from 'iso-3166/1.js';
import { iso31662 } from 'iso-3166/2.js';

// Countries (ISO 3166-1 alpha-2) and the subdivisions an address names as its state (ISO 3166-2),
// from the `iso-3166` package. SPEC §5 orders: "country, state (belonging to the country) … must exist".
// The web loads this only with the order screens; nothing here runs until it is called (the
// /* @__PURE__ */ marks let a bundler drop the module, and its data, from chunks that do not use it).

export interface GeoEntry {
  code: string;
  name: string;
}

/** Assigned ISO 3166-1 countries, alpha-2 code, sorted by English name. */
export const COUNTRIES: readonly GeoEntry[] = /* @__PURE__ */ assignedCountries();

function assignedCountries(): readonly GeoEntry[] {
  const list = iso31661
    .filter((c) => c.state === 'assigned')
    .map((c) => Object.freeze({ code: c.alpha2, name: c.name }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
  return Object.freeze(list);
}

// Entries ISO lists for completeness that are groupings, not subdivisions: no address names them.
const GROUPINGS = new Set(['GB-UKM', 'GB-GBN', 'GB-EAW']);
// ISO's US list has the states, DC and the inhabited territories USPS addresses as states (AS, GU,
// MP, PR, VI); the Minor Outlying Islands have no USPS state code and no postal delivery.
const NOT_POSTAL = new Set(['US-UM']);
// Countries whose addresses name the second ISO level (Italian and Spanish provinces, Irish counties,
// Philippine provinces): there the state is a leaf of the tree (a province, or a region without
// provinces such as Ceuta or Metro Manila). Everywhere else it is the first level.
const ADDRESS_USES_SECOND_LEVEL = new Set(['ES', 'IE', 'IT', 'PH']);

let byCountry: Map<string, readonly GeoEntry[]> | undefined;

function subdivisionIndex(): Map<string, readonly GeoEntry[]> {
  if (byCountry) return byCountry;
  const hasChildren = new Set(iso31662.map((s) => s.parent));
  const index = new Map<string, GeoEntry[]>();
  for (const s of iso31662) {
    const country = s.code.slice(0, 2);
    if (GROUPINGS.has(s.code) || NOT_POSTAL.has(s.code)) continue;
    const wanted = ADDRESS_USES_SECOND_LEVEL.has(country) ? !hasChildren.has(s.code) : s.parent === country;
    if (!wanted) continue;
    let list = index.get(country);
    if (!list) index.set(country, (list = []));
    list.push(Object.freeze({ code: s.code.slice(3), name: s.name }));
  }
  for (const list of index.values()) {
    list.sort((a, b) => a.name.localeCompare(b.name, 'en'));
    Object.freeze(list);
  }
  byCountry = index;
  return index;
}

let countryCodes: Set<string> | undefined;

/** An assigned ISO 3166-1 alpha-2 code ('US', 'VN'); case-insensitive. */
export function isCountryCode(code: string): boolean {
  countryCodes ??= new Set(COUNTRIES.map((c) => c.code));
  return countryCodes.has(code.trim().toUpperCase());
}

const NONE: readonly GeoEntry[] = Object.freeze([]);

/**
 * The subdivisions an address of `country` names as its state, sorted by name, with `code` the part
 * after the dash ('CA' for US-CA). Empty for an unknown country or one without subdivisions.
 */
export function subdivisionsOf(country: string): readonly GeoEntry[] {
  return subdivisionIndex().get(country.trim().toUpperCase()) ?? NONE;
}

/**
 * Whether `state` (a code such as 'CA', case-insensitive) is a subdivision of `country`. A known
 * country without subdivisions in the data accepts any state, or none; an unknown country never.
 */
export function isSubdivisionOf(country: string, state: string | null | undefined): boolean {
  if (!isCountryCode(country)) return false;
  const list = subdivisionsOf(country);
  if (list.length === 0) return true;
  const wanted = (state ?? '').trim().toUpperCase();
  return wanted !== '' && list.some((s) => s.code === wanted);
}
