import { CODE_PATTERN, CONTROL_CHARACTERS, QuoteBodySchema, type QuoteBody } from '@exship/contracts';

// POST /quote is the busiest route, and nearly every body it gets is already valid and already in
// its final form (codes in capitals, nothing to trim, no defaults but `signature`). For that shape
// this check gives what QuoteBodySchema gives, without running the schema; for anything else it
// answers undefined and the schema decides, so every refusal keeps the schema's field and message.
// quote.body.test.ts holds the two to the same answer on random bodies.

const COUNTRY = /^[A-Z]{2}$/;
const STATE = /^[A-Z0-9]{1,3}$/;
const ZIPCODE = /^\d{1,29}$/;
/** The customer id's own rule (a uuid), taken from the schema rather than written again. */
const CUSTOMER_ID = QuoteBodySchema.shape.customerId;

const between = (v: unknown, above: number, below: number): v is number => typeof v === 'number' && v > above && v < below;

/** Free text the schema would leave as it is: no control character, nothing to trim, within `max`. */
const settledText = (v: string, max: number) => v.length <= max && !CONTROL_CHARACTERS.test(v) && v.trim() === v;

/**
 * QuoteBodySchema's output for a body that needs no trimming and no default but `signature`;
 * undefined for any other body (parse it with the schema). Keys come out in the schema's order;
 * keys the schema does not know are dropped, as the schema drops them.
 */
export function settledQuoteBody(data: unknown): QuoteBody | undefined {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return undefined;
  const b = data as Record<string, unknown>;
  const { serviceCode, weight, length, width, height, country, state, zipcode, signature, discountCode, sku, customerId } = b;
  if (typeof serviceCode !== 'string' || serviceCode.length > 50 || !CODE_PATTERN.test(serviceCode)) return undefined;
  if (!between(weight, 3, 999_999) || !between(length, 0.25, 99_999) || !between(width, 0.25, 99_999) || !between(height, 0.25, 99_999)) return undefined;
  if (typeof country !== 'string' || !COUNTRY.test(country)) return undefined;
  if (typeof zipcode !== 'string' || !ZIPCODE.test(zipcode)) return undefined;
  if (signature !== undefined && typeof signature !== 'boolean') return undefined;
  // An optional field is either left out or a settled value (a key present as undefined: the schema decides).
  if (state === undefined ? 'state' in b : typeof state !== 'string' || !STATE.test(state)) return undefined;
  if (discountCode === undefined ? 'discountCode' in b : typeof discountCode !== 'string' || !settledText(discountCode, 50)) return undefined;
  if (sku === undefined ? 'sku' in b : typeof sku !== 'string' || !settledText(sku, 50)) return undefined;
  if (customerId === undefined ? 'customerId' in b : typeof customerId !== 'string' || !CUSTOMER_ID.safeParse(customerId).success) return undefined;

  // In the schema's key order (state sits between country and zipcode).
  const sig = signature ?? false;
  const body: QuoteBody =
    state === undefined
      ? { serviceCode, weight, length, width, height, country, zipcode, signature: sig }
      : { serviceCode, weight, length, width, height, country, state: state as string, zipcode, signature: sig };
  if (discountCode !== undefined) body.discountCode = discountCode as string;
  if (sku !== undefined) body.sku = sku as string;
  if (customerId !== undefined) body.customerId = customerId as string;
  return body;
}
