// Countries for pickers: ISO 3166-1 alpha-2 codes named in the user's language by the browser
// (Intl.DisplayNames). A stop-gap until the shared country list in packages/contracts lands; the
// screens only use `countryOptions`, `matchesCountry` and `byCountryMatch`, so it can be swapped here.

/** ISO 3166-1 alpha-2: the 249 officially assigned codes. */
export const COUNTRY_CODES: readonly string[] = [
  'AD', 'AE', 'AF', 'AG', 'AI', 'AL', 'AM', 'AO', 'AQ', 'AR', 'AS', 'AT', 'AU', 'AW', 'AX', 'AZ',
  'BA', 'BB', 'BD', 'BE', 'BF', 'BG', 'BH', 'BI', 'BJ', 'BL', 'BM', 'BN', 'BO', 'BQ', 'BR', 'BS', 'BT', 'BV', 'BW', 'BY', 'BZ',
  'CA', 'CC', 'CD', 'CF', 'CG', 'CH', 'CI', 'CK', 'CL', 'CM', 'CN', 'CO', 'CR', 'CU', 'CV', 'CW', 'CX', 'CY', 'CZ',
  'DE', 'DJ', 'DK', 'DM', 'DO', 'DZ',
  'EC', 'EE', 'EG', 'EH', 'ER', 'ES', 'ET',
  'FI', 'FJ', 'FK', 'FM', 'FO', 'FR',
  'GA', 'GB', 'GD', 'GE', 'GF', 'GG', 'GH', 'GI', 'GL', 'GM', 'GN', 'GP', 'GQ', 'GR', 'GS', 'GT', 'GU', 'GW', 'GY',
  'HK', 'HM', 'HN', 'HR', 'HT', 'HU',
  'ID', 'IE', 'IL', 'IM', 'IN', 'IO', 'IQ', 'IR', 'IS', 'IT',
  'JE', 'JM', 'JO', 'JP',
  'KE', 'KG', 'KH', 'KI', 'KM', 'KN', 'KP', 'KR', 'KW', 'KY', 'KZ',
  'LA', 'LB', 'LC', 'LI', 'LK', 'LR', 'LS', 'LT', 'LU', 'LV', 'LY',
  'MA', 'MC', 'MD', 'ME', 'MF', 'MG', 'MH', 'MK', 'ML', 'MM', 'MN', 'MO', 'MP', 'MQ', 'MR', 'MS', 'MT', 'MU', 'MV', 'MW', 'MX', 'MY', 'MZ',
  'NA', 'NC', 'NE', 'NF', 'NG', 'NI', 'NL', 'NO', 'NP', 'NR', 'NU', 'NZ',
  'OM',
  'PA', 'PE', 'PF', 'PG', 'PH', 'PK', 'PL', 'PM', 'PN', 'PR', 'PS', 'PT', 'PW', 'PY',
  'QA',
  'RE', 'RO', 'RS', 'RU', 'RW',
  'SA', 'SB', 'SC', 'SD', 'SE', 'SG', 'SH', 'SI', 'SJ', 'SK', 'SL', 'SM', 'SN', 'SO', 'SR', 'SS', 'ST', 'SV', 'SX', 'SY', 'SZ',
  'TC', 'TD', 'TF', 'TG', 'TH', 'TJ', 'TK', 'TL', 'TM', 'TN', 'TO', 'TR', 'TT', 'TV', 'TW', 'TZ',
  'UA', 'UG', 'UM', 'US', 'UY', 'UZ',
  'VA', 'VC', 'VE', 'VG', 'VI', 'VN', 'VU',
  'WF', 'WS',
  'YE', 'YT',
  'ZA', 'ZM', 'ZW',
];

export interface CountryOption {
  /** The alpha-2 code, what the API takes. */
  value: string;
  /** "United States (US)": what the picker shows. */
  label: string;
  /** The name alone, in the language the options were made for. */
  name: string;
}

const cache = new Map<string, CountryOption[]>();

/** Every country as a picker option, named in `lang` and sorted by name in that language. */
export function countryOptions(lang: string): CountryOption[] {
  let options = cache.get(lang);
  if (!options) {
    const names = new Intl.DisplayNames([lang, 'en'], { type: 'region', fallback: 'code' });
    const collator = new Intl.Collator(lang);
    options = COUNTRY_CODES.map((code) => {
      const name = names.of(code) ?? code;
      return { value: code, label: `${name} (${code})`, name };
    }).sort((a, b) => collator.compare(a.name, b.name));
    cache.set(lang, options);
  }
  return options;
}

/** Lower case without accents, so "viet" finds "Việt Nam" and "cote" finds "Côte d’Ivoire". */
const folded = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();

/** Search over code and name: "us" finds the United States by its code, "states" by its name. */
export function matchesCountry(input: string, option: CountryOption | undefined): boolean {
  if (!option) return false;
  const q = folded(input);
  return q === '' || option.value.toLowerCase().startsWith(q) || folded(option.name).includes(q);
}

/** While searching: the code typed in full first, then names that start with the text, then the rest. */
export function byCountryMatch(a: CountryOption, b: CountryOption, info: { searchValue: string }): number {
  const q = folded(info.searchValue);
  const rank = (o: CountryOption) => (o.value.toLowerCase() === q ? 0 : folded(o.name).startsWith(q) ? 1 : 2);
  return rank(a) - rank(b);
}
