import { countryCodeFromName, isCountryCode, subdivisionCodeFromName, subdivisionsOf, type AddressReason } from '@exship/contracts';
import { lookupUsZip, usZipMatches, usZipsOfCity } from '../../platform/zip';
import { isUsStreetLine } from './addresses.street';

// SPEC §8 address check reasons, offline: the country is an ISO 3166-1 alpha-2 code, the state a
// subdivision of it (ISO 3166-2; for the US the USPS code), and for the US the ZIP exists, belongs to
// the state and names the city (`zipcodes`: one primary city per ZIP), and a US street line is
// recognisable as one (a house number and a Publication 28 street suffix, or a PO box: SPEC §5). No
// database, clock or network: the shipping module calls it before buying a label.

export interface AddressInput {
  country: string;
  state: string;
  city: string;
  zip: string;
  address1: string;
  address2?: string;
}

export interface AddressCheckResult {
  status: 'valid' | 'invalid';
  reasons: AddressReason[];
  suggestion: { country?: string; state?: string; city?: string; zip?: string } | null;
}

/**
 * Checks an address against the ISO country/subdivision data and US ZIP data. Invalid addresses
 * carry every reason found (SPEC §8) and the corrections the data can offer.
 */
export function checkAddress(input: AddressInput): AddressCheckResult {
  const reasons = new Set<AddressReason>();
  const suggestion: { country?: string; state?: string; city?: string; zip?: string } = {};

  // Country: an alpha-2 code; a name ("Viet Nam") or an alpha-3 code is suggested as its alpha-2.
  const countryInput = input.country.trim();
  let country: string | undefined = countryInput.toUpperCase();
  if (!isCountryCode(country)) {
    reasons.add('invalid_country_code');
    country = countryCodeFromName(countryInput) ?? undefined;
    if (country) suggestion.country = country;
  }

  // State: a subdivision of the country (a country without subdivisions in the data takes any).
  const stateInput = input.state.trim();
  let state: string | undefined = stateInput.toUpperCase();
  if (country && subdivisionsOf(country).length > 0 && !subdivisionsOf(country).some((s) => s.code === state)) {
    reasons.add('invalid_state_code');
    state = subdivisionCodeFromName(country, stateInput) ?? undefined;
    if (state) suggestion.state = state;
  }

  if (country === 'US') checkUsZip(input, state, reasons, suggestion);

  if (input.address1.trim() === '') reasons.add('address_not_found');
  // The street may follow a company name on line 2.
  else if (country === 'US' && !isUsStreetLine(input.address1) && !isUsStreetLine(input.address2 ?? '')) reasons.add('address_not_found');

  const list = [...reasons];
  return {
    status: list.length > 0 ? 'invalid' : 'valid',
    reasons: list,
    suggestion: Object.keys(suggestion).length > 0 ? suggestion : null,
  };
}

/** For the US: the ZIP exists, lies in the state and names the city. */
function checkUsZip(input: AddressInput, state: string | undefined, reasons: Set<AddressReason>, suggestion: AddressCheckResult['suggestion'] & object) {
  const city = input.city.trim();
  const place = lookupUsZip(input.zip);
  if (!place) {
    reasons.add('invalid_postal_code');
    const zip = state ? usZipsOfCity(city, state)[0] : undefined;
    if (zip) suggestion.zip = zip;
    if (city === '') reasons.add('invalid_city');
    return;
  }
  const cityMatchesZip = city !== '' && usZipMatches(input.zip, place.state, city).ok;
  if (!state) {
    // The state could not be read: the ZIP tells it.
    suggestion.state = place.state;
  } else if (place.state !== state) {
    // The ZIP lies in another state. With the ZIP's city the state is what is wrong (suggest the
    // ZIP's state); otherwise the ZIP is (suggest one of the city in the given state, when known).
    reasons.add('invalid_postal_code');
    const zipOfCity = usZipsOfCity(city, state)[0];
    if (!cityMatchesZip && zipOfCity) suggestion.zip = zipOfCity;
    else suggestion.state = place.state;
    if (zipOfCity || cityMatchesZip) return;
  }
  if (!cityMatchesZip) {
    reasons.add('invalid_city');
    suggestion.city = place.city;
  }
}

/** One line: address 1, address 2, city, state zip, country (SPEC §3 "full address"). */
export function fullAddressOf(a: AddressInput): string {
  const stateZip = [a.state.trim(), a.zip.trim()].filter(Boolean).join(' ');
  return [a.address1, a.address2 ?? '', a.city, stateZip, a.country]
    .map((p) => p.trim())
    .filter(Boolean)
    .join(', ');
}
