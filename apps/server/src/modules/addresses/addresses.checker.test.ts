import { describe, expect, it } from 'vitest';
import { checkAddress, fullAddressOf } from './addresses.checker';

// SPEC §8 address check reasons on real data: the `zipcodes` package (US ZIP → city, state) and the
// ISO 3166 data of `iso-3166`.
const good = { country: 'US', state: 'NY', city: 'New York', zip: '10001', address1: '350 5th Ave' };

describe('checkAddress (offline)', () => {
  it('passes a correct US address, whatever the case and spacing of the city', () => {
    expect(checkAddress(good)).toEqual({ status: 'valid', reasons: [], suggestion: null });
    expect(checkAddress({ ...good, city: '  new   YORK ', state: 'ny', country: 'us', zip: '10001-2062' }).status).toBe('valid');
  });

  it('a wrong city is an invalid city, with the ZIP’s city suggested', () => {
    expect(checkAddress({ ...good, city: 'Boston' })).toEqual({ status: 'invalid', reasons: ['invalid_city'], suggestion: { city: 'New York' } });
  });

  it('a state written out or unknown is an invalid state code, with the code suggested', () => {
    expect(checkAddress({ ...good, state: 'New York' })).toEqual({ status: 'invalid', reasons: ['invalid_state_code'], suggestion: { state: 'NY' } });
    // An unknown code: the ZIP tells the state.
    expect(checkAddress({ ...good, state: 'XX' })).toEqual({ status: 'invalid', reasons: ['invalid_state_code'], suggestion: { state: 'NY' } });
  });

  it('a ZIP of another state is a mismatched postal code: the right state, or a ZIP of the city, is suggested', () => {
    // The city is the ZIP's: the state is what is wrong.
    expect(checkAddress({ ...good, state: 'CA' })).toEqual({ status: 'invalid', reasons: ['invalid_postal_code'], suggestion: { state: 'NY' } });
    // The city lies in the given state: the ZIP is what is wrong.
    const la = checkAddress({ country: 'US', state: 'CA', city: 'Los Angeles', zip: '10001', address1: '1 Main St' });
    expect(la.reasons).toEqual(['invalid_postal_code']);
    expect(la.suggestion?.zip).toMatch(/^9\d{4}$/);
  });

  it('an unknown ZIP is an invalid postal code, with a ZIP of the city suggested when the data has one', () => {
    const r = checkAddress({ ...good, zip: '00000' });
    expect(r.reasons).toEqual(['invalid_postal_code']);
    expect(r.suggestion?.zip).toMatch(/^100\d{2}$/);
  });

  it('an unknown country is an invalid country code; a name or alpha-3 gets its alpha-2 suggested', () => {
    expect(checkAddress({ ...good, country: 'XX' })).toEqual({ status: 'invalid', reasons: ['invalid_country_code'], suggestion: null });
    expect(checkAddress({ ...good, country: 'United States' })).toEqual({ status: 'invalid', reasons: ['invalid_country_code'], suggestion: { country: 'US' } });
    expect(checkAddress({ ...good, country: 'USA' }).suggestion).toEqual({ country: 'US' });
    expect(checkAddress({ country: 'Viet Nam', state: 'HN', city: 'Hà Nội', zip: '100000', address1: '1 Tràng Tiền' }).suggestion).toEqual({ country: 'VN' });
    expect(checkAddress({ country: 'Vietnam', state: '', city: 'Hà Nội', zip: '100000', address1: '1 Tràng Tiền' }).suggestion?.country).toBe('VN');
  });

  it('outside the US: the state must be a subdivision of the country', () => {
    expect(checkAddress({ country: 'VN', state: 'HN', city: 'Hà Nội', zip: '100000', address1: '1 Tràng Tiền' }).status).toBe('valid');
    expect(checkAddress({ country: 'VN', state: 'CA', city: 'Hà Nội', zip: '100000', address1: '1 Tràng Tiền' }).reasons).toEqual(['invalid_state_code']);
  });

  it('an empty address line is address not found', () => {
    expect(checkAddress({ ...good, address1: '  ' })).toEqual({ status: 'invalid', reasons: ['address_not_found'], suggestion: null });
  });

  // SPEC §5 "recognisable as an address": offline, a US street line is a house number and a street
  // name with a USPS Publication 28 suffix, or a PO box.
  it('a US line without a house number and a recognised street suffix is address not found', () => {
    const seattle = { country: 'US', state: 'WA', city: 'Seattle', zip: '98101' };
    expect(checkAddress({ ...seattle, address1: 'zzzz qqqq' })).toEqual({ status: 'invalid', reasons: ['address_not_found'], suggestion: null });
    expect(checkAddress({ ...seattle, address1: '1234 qqqq' }).reasons).toEqual(['address_not_found']);
    expect(checkAddress({ ...seattle, address1: 'Main Street' }).reasons).toEqual(['address_not_found']);
    expect(checkAddress({ ...seattle, address1: '12 St' }).reasons).toEqual(['address_not_found']);
    for (const line of [
      '1301 2nd Ave',
      '400 Broad Street',
      '600 Pine St Ste 200',
      '1600 Pennsylvania Ave NW',
      '85 S. Washington Blvd.',
      '12B Elm Rd',
      '77 Lakeview Drive',
      '9 Cedar Ln',
      '1 Microsoft Way',
      '300 Pike Pl',
      '2200 Westlake Pkwy',
      '18 Harbor Cir',
      '5 Queen Anne Ter',
      '14500 Pacific Hwy S',
      'PO Box 1234',
      'P.O. Box 77',
      'post office box 9',
    ]) {
      expect(checkAddress({ ...seattle, address1: line }), line).toEqual({ status: 'valid', reasons: [], suggestion: null });
    }
    // A company name on line 1 with the street on line 2.
    expect(checkAddress({ ...seattle, address1: 'Acme Imports LLC', address2: '1301 2nd Ave' }).status).toBe('valid');
  });

  it('writes the full address on one line', () => {
    expect(fullAddressOf({ ...good, address2: 'Floor 3' })).toBe('350 5th Ave, Floor 3, New York, NY 10001, US');
  });
});
