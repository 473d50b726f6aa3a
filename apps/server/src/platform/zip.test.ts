import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { lookupUsZip, usZipMatches } from './zip';

describe('lookupUsZip', () => {
  it('finds the city and state of known ZIPs', () => {
    expect(lookupUsZip('10001')).toEqual({ city: 'New York', state: 'NY' });
    expect(lookupUsZip('90210')).toEqual({ city: 'Beverly Hills', state: 'CA' });
    expect(lookupUsZip('20001')).toEqual({ city: 'Washington', state: 'DC' });
    expect(lookupUsZip('00601')).toEqual({ city: 'Adjuntas', state: 'PR' }); // a leading zero kept
  });

  it('reads ZIP+4 by its first 5 digits, with or without the dash', () => {
    expect(lookupUsZip('90210-1234')).toEqual({ city: 'Beverly Hills', state: 'CA' });
    expect(lookupUsZip('902101234')).toEqual({ city: 'Beverly Hills', state: 'CA' });
    expect(lookupUsZip(' 10001 ')).toEqual({ city: 'New York', state: 'NY' });
  });

  it('returns null for an unassigned ZIP or anything that is not a US ZIP', () => {
    expect(lookupUsZip('00000')).toBeNull();
    expect(lookupUsZip('99999')).toBeNull();
    expect(lookupUsZip('1000')).toBeNull(); // 4 digits
    expect(lookupUsZip('100011')).toBeNull(); // 6 digits
    expect(lookupUsZip('M5V')).toBeNull(); // a Canadian area the package also holds
    expect(lookupUsZip('')).toBeNull();
  });
});

describe('usZipMatches', () => {
  it('accepts a ZIP in its state, case-insensitively', () => {
    expect(usZipMatches('10001', 'NY')).toEqual({ ok: true });
    expect(usZipMatches('90210', 'ca', 'Beverly Hills')).toEqual({ ok: true });
  });

  it('reports an unknown ZIP and a ZIP of another state', () => {
    expect(usZipMatches('99999', 'NY')).toEqual({ ok: false, reason: 'unknown-zip' });
    expect(usZipMatches('10001', 'NJ')).toEqual({ ok: false, reason: 'state-mismatch' });
    expect(usZipMatches('90210', 'NY', 'Beverly Hills')).toEqual({ ok: false, reason: 'state-mismatch' });
  });

  it('compares cities without case, accents or punctuation, and Saint as St', () => {
    expect(usZipMatches('90210', 'CA', 'beverly-hills')).toEqual({ ok: true });
    expect(usZipMatches('10001', 'NY', 'NEW YORK.')).toEqual({ ok: true });
    expect(usZipMatches('00802', 'VI', 'Saint Thomas')).toEqual({ ok: true }); // data: "St Thomas"
    expect(usZipMatches('63301', 'MO', 'St. Charles')).toEqual({ ok: true }); // data: "Saint Charles"
    expect(usZipMatches('96910', 'GU', 'Hagåtña')).toEqual({ ok: true }); // data: "Hagatna"
  });

  it('a different city with the right state is the soft city-mismatch; no city skips the check', () => {
    expect(usZipMatches('10001', 'NY', 'Brooklyn')).toEqual({ ok: false, reason: 'city-mismatch' });
    expect(usZipMatches('10001', 'NY', '')).toEqual({ ok: true });
    expect(usZipMatches('10001', 'NY', null)).toEqual({ ok: true });
  });
});

describe('loading', () => {
  // A fresh process: this suite's other files share one (isolate: false) and may have loaded it.
  it('reads the ZIP data on the first lookup, not on import', () => {
    const zipModule = fileURLToPath(new URL('./zip.ts', import.meta.url));
    const script = `
      import { createRequire } from 'node:module';
      const loaded = () => Object.keys(createRequire(import.meta.url).cache).some((f) => /[\\\\/]zipcodes[\\\\/]/.test(f));
      const zip = await import(${JSON.stringify(zipModule)});
      const before = loaded();
      zip.lookupUsZip('10001');
      console.log(JSON.stringify({ before, after: loaded() }));`;
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(JSON.parse(out)).toEqual({ before: false, after: true });
  });
});
