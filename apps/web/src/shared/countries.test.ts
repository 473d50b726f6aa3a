import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES, byCountryMatch, countryOptions, matchesCountry } from './countries';

// The country picker's data: every ISO 3166-1 alpha-2 code once, named in the user's language, and
// a search that finds a country by its code or by its name typed without accents.
describe('countries', () => {
  it('lists the 249 ISO codes once, each with a name in English and Vietnamese', () => {
    expect(new Set(COUNTRY_CODES).size).toBe(249);
    for (const lang of ['en', 'vi']) {
      const options = countryOptions(lang);
      expect(options).toHaveLength(249);
      expect(options.filter((o) => o.name === o.value)).toEqual([]);
    }
    expect(countryOptions('en').find((o) => o.value === 'US')).toEqual({ value: 'US', label: 'United States (US)', name: 'United States' });
    expect(countryOptions('vi').find((o) => o.value === 'VN')?.name).toBe('Việt Nam');
  });

  it('sorts by name in the language', () => {
    const names = countryOptions('en').map((o) => o.name);
    expect(names.indexOf('Germany')).toBeLessThan(names.indexOf('Vietnam'));
  });

  it('finds by code prefix or name without accents, the code typed in full first', () => {
    const options = countryOptions('vi');
    const search = (q: string) => options.filter((o) => matchesCountry(q, o)).sort((a, b) => byCountryMatch(a, b, { searchValue: q }));
    expect(search('viet').map((o) => o.value)).toEqual(['VN']);
    // "us" is the code of Hoa Kỳ and inside Belarus and Mauritius: the code comes first.
    expect(search('us').map((o) => o.value)).toEqual(['US', 'BY', 'MU']);
    expect(matchesCountry('', options[0])).toBe(true);
    expect(matchesCountry('x', undefined)).toBe(false);
  });
});
