import { describe, expect, it } from 'vitest';
import { COUNTRIES, isCountryCode, isSubdivisionOf, subdivisionsOf } from './geo';

const codes = (country: string) => subdivisionsOf(country).map((s) => s.code);

describe('countries (ISO 3166-1)', () => {
  it('lists assigned alpha-2 codes once each, sorted by name', () => {
    expect(COUNTRIES.length).toBeGreaterThan(240);
    expect(new Set(COUNTRIES.map((c) => c.code)).size).toBe(COUNTRIES.length);
    for (const c of COUNTRIES) expect(c.code).toMatch(/^[A-Z]{2}$/);
    const names = COUNTRIES.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect(COUNTRIES.find((c) => c.code === 'VN')?.name).toBe('Viet Nam');
    expect(COUNTRIES.find((c) => c.code === 'US')?.name).toBe('United States of America');
  });

  it('knows assigned codes, case-insensitively, and refuses others', () => {
    expect(isCountryCode('VN')).toBe(true);
    expect(isCountryCode('us')).toBe(true);
    expect(isCountryCode('ZZ')).toBe(false); // user-assigned, never a country
    expect(isCountryCode('UK')).toBe(false); // exceptionally reserved; the code is GB
    expect(isCountryCode('USA')).toBe(false);
    expect(isCountryCode('')).toBe(false);
  });
});

describe('subdivisions (ISO 3166-2) as addresses use them', () => {
  it('US: the 50 states, DC and the territories USPS addresses as states', () => {
    const us = codes('US');
    expect(us).toContain('CA');
    expect(us).toContain('DC');
    for (const territory of ['PR', 'GU', 'VI', 'AS', 'MP']) expect(us).toContain(territory);
    expect(us).not.toContain('UM');
    expect(us).toHaveLength(50 + 1 + 5);
    expect(subdivisionsOf('US').find((s) => s.code === 'CA')?.name).toBe('California');
  });

  it('codes are the part after the dash, sorted by name', () => {
    for (const country of ['US', 'VN', 'GB', 'FR', 'IT']) {
      const list = subdivisionsOf(country);
      expect(list.length, country).toBeGreaterThan(0);
      for (const s of list) expect(s.code, country).not.toContain('-');
      const names = list.map((s) => s.name);
      expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    }
  });

  it('GB: nations and council areas, without the groupings ISO lists for completeness', () => {
    const gb = codes('GB');
    for (const code of ['ENG', 'SCT', 'WLS', 'NIR', 'LND', 'KEN']) expect(gb).toContain(code);
    for (const grouping of ['UKM', 'GBN', 'EAW']) expect(gb).not.toContain(grouping);
  });

  it('first level only where addresses use it: French regions, not departments', () => {
    const fr = codes('FR');
    expect(fr).toContain('IDF');
    expect(fr).not.toContain('92'); // Hauts-de-Seine, a department under IDF
    expect(fr).not.toContain('13'); // Bouches-du-Rhône, under PAC
  });

  it('Italy and Spain use provinces (the level their addresses name), not regions', () => {
    expect(codes('IT')).toContain('MI');
    expect(codes('IT')).not.toContain('25'); // Lombardia, the region above MI
    expect(codes('ES')).toContain('M');
    expect(codes('ES')).toContain('CE'); // Ceuta: an autonomous city without provinces
    expect(codes('ES')).not.toContain('MD'); // the Community of Madrid, above M
  });

  it('VN has its provinces', () => {
    expect(codes('VN')).toContain('SG'); // Ho Chi Minh City
    expect(codes('VN')).toContain('HN');
    expect(codes('VN').length).toBeGreaterThan(50);
  });

  it('an unknown country has none', () => {
    expect(subdivisionsOf('ZZ')).toEqual([]);
  });
});

describe('isSubdivisionOf', () => {
  it('accepts a state of the country, case-insensitively', () => {
    expect(isSubdivisionOf('US', 'CA')).toBe(true);
    expect(isSubdivisionOf('us', 'ca')).toBe(true);
    expect(isSubdivisionOf('US', 'DC')).toBe(true);
    expect(isSubdivisionOf('GB', 'sct')).toBe(true);
  });

  it('refuses a state of another country, an unknown state, a missing one, and an unknown country', () => {
    expect(isSubdivisionOf('US', 'ZZ')).toBe(false);
    expect(isSubdivisionOf('US', 'ENG')).toBe(false);
    expect(isSubdivisionOf('GB', 'CA')).toBe(false);
    expect(isSubdivisionOf('US', '')).toBe(false);
    expect(isSubdivisionOf('US', 'US-CA')).toBe(false);
    expect(isSubdivisionOf('ZZ', 'CA')).toBe(false);
  });

  it('a country without subdivisions in the data accepts any state or none', () => {
    expect(subdivisionsOf('HK')).toEqual([]);
    expect(isSubdivisionOf('HK', '')).toBe(true);
    expect(isSubdivisionOf('HK', 'Kowloon')).toBe(true);
  });
});
