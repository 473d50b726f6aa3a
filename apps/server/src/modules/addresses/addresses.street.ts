import { createRequire } from 'node:module';

// SPEC §5 "recognisable as an address", offline, for a US street line: a house number and a street
// name with a USPS Publication 28 street suffix (Appendix C1: the suffix, its common and its standard
// abbreviations, from the `street-types` package), or a PO box. Whether the street exists is the
// configured provider's to say.

interface StreetType {
  suffix: string;
  abbrs: string[];
  standardAbbr: string;
}

let suffixes: ReadonlySet<string> | undefined;

/** Every Publication 28 street suffix and abbreviation, upper case (ST, STREET, STR, AVE, AV, AVENUE …). */
export function streetSuffixes(): ReadonlySet<string> {
  if (!suffixes) {
    const list = createRequire(import.meta.url)('street-types') as StreetType[];
    suffixes = new Set(list.flatMap((t) => [t.suffix, t.standardAbbr, ...t.abbrs]).map((s) => s.trim().toUpperCase()).filter(Boolean));
  }
  return suffixes;
}

/** PO BOX 12, P.O. Box 12, P O Box #12, Post Office Box 12. */
const PO_BOX = /^(?:P\s*\.?\s*O\s*\.?|POST\s+OFFICE)\s*BOX\s*#?\s*\d+\b/i;
/** 350, 12B, 104-20 (Queens), N6W23001 (Wisconsin grid). */
const HOUSE_NUMBER = /^(?:\d+[A-Z]?(?:-\d+[A-Z]?)?|[NSEW]\d+[NSEW]\d+)$/;

/**
 * Does this line read as a US delivery line: a house number, then a street name and a Publication 28
 * suffix (`350 5th Ave`, `1600 Pennsylvania Ave NW`, `100 Highway 101`), or a PO box?
 */
export function isUsStreetLine(line: string): boolean {
  const text = line.trim();
  if (PO_BOX.test(text)) return true;
  const tokens = text
    .toUpperCase()
    .split(/[\s,]+/)
    .map((t) => t.replace(/^[.#]+|[.#]+$/g, ''))
    .filter(Boolean);
  if (tokens.length < 3 || !HOUSE_NUMBER.test(tokens[0]!)) return false;
  const known = streetSuffixes();
  // A suffix after the name (`Pine St`), or one that leads the name (`Highway 101`, `Avenue of the Americas`):
  // either way one more word than the house number and the suffix.
  return tokens.slice(1).some((t) => known.has(t));
}
