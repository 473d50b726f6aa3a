import Fastify from 'fastify';
import fc from 'fast-check';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CONTROL_CHARACTERS, QuoteBodySchema, QuoteEndpoint } from '@exship/contracts';
import { route } from '../../platform/endpoints';
import { registerHttpPlatform } from '../../platform/http';
import { settledQuoteBody } from './quote.body';

// settledQuoteBody must give exactly what QuoteBodySchema gives, whenever it answers at all; any body
// it leaves (undefined) is parsed by the schema. Random bodies mix settled values with every way a
// field can be off: wrong type, out of range, to be trimmed, control characters, too long, left
// out, present as undefined, unknown keys.

const settledCode = fc.stringMatching(/^[A-Z0-9_]{1,50}$/);
const text = (max: number) =>
  fc.oneof(
    fc.string({ maxLength: max }).filter((s) => s.trim() === s),
    fc.constantFrom('', ' ', '  ', ' a ', 'a\u0000', '\tSAVE', 'SAVE10', 'save10', '\u00a0X', 'X\u2028', 'x'.repeat(max), 'x'.repeat(max + 1), ` ${'x'.repeat(max)}`),
    fc.string({ maxLength: max + 2 }),
  );
const number = (above: number, below: number) =>
  fc.oneof(
    fc.double({ min: above, max: below, noNaN: true }),
    fc.integer({ min: Math.ceil(above), max: Math.floor(below) }),
    fc.constantFrom(above, below, above + 1e-9, below - 1e-9, 0, -1, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, Number.MAX_VALUE),
    fc.constantFrom('100', null, true, [], {}),
  );
const odd = fc.constantFrom(null, 0, 1, true, false, [], {}, undefined);

/** Left out of the body. */
const ABSENT = Symbol('absent');
/** Mostly settled, sometimes off, sometimes left out. */
const field = (settled: fc.Arbitrary<unknown>, off: fc.Arbitrary<unknown>, absent: number) =>
  fc.oneof({ weight: 12, arbitrary: settled }, { weight: 2, arbitrary: off }, { weight: absent, arbitrary: fc.constant(ABSENT) });

const bodyArb = fc
  .tuple(
    fc.record({
      serviceCode: field(settledCode, fc.oneof(fc.constantFrom('', ' S1', 's1', 'S-1', 'A'.repeat(51), 'S\u0000'), odd), 1),
      weight: field(fc.integer({ min: 4, max: 999_998 }), number(3, 999_999), 1),
      length: field(fc.integer({ min: 1, max: 99_998 }), number(0.25, 99_999), 1),
      width: field(fc.double({ min: 0.26, max: 99_998, noNaN: true }), number(0.25, 99_999), 1),
      height: field(fc.integer({ min: 1, max: 99_998 }), number(0.25, 99_999), 1),
      country: field(fc.stringMatching(/^[A-Z]{2}$/), fc.oneof(fc.constantFrom('us', ' US', 'US ', 'USA', 'U', ''), odd), 1),
      state: field(fc.stringMatching(/^[A-Z0-9]{1,3}$/), fc.oneof(fc.constantFrom('ny', ' NY', '1234', '', 'N\u0000'), odd), 12),
      zipcode: field(fc.stringMatching(/^\d{1,29}$/), fc.oneof(fc.constantFrom('1'.repeat(30), '', ' 10001', '10001 ', '10001-1234', '١٢٣'), odd), 1),
      signature: field(fc.boolean(), fc.oneof(odd, fc.constant('true')), 12),
      discountCode: field(fc.stringMatching(/^[A-Z0-9]{0,20}$/), fc.oneof(text(50), odd), 12),
      sku: field(fc.string({ maxLength: 50 }).filter((v) => v.trim() === v && !CONTROL_CHARACTERS.test(v)), fc.oneof(text(50), odd), 12),
      customerId: field(
        fc.oneof(fc.uuid(), fc.uuid().map((u) => u.toUpperCase())),
        fc.oneof(fc.constantFrom('00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-ffff-ffff-ffffffffffff', 'not-a-uuid', ' 6f1c2f3e-1234-4abc-8def-0123456789ab', ''), odd),
        12,
      ),
    }),
    fc.dictionary(fc.constantFrom('extra', 'token', 'Weight', 'constructor', 'toString'), fc.jsonValue(), { maxKeys: 2 }),
  )
  .map(([fields, extra]) => ({ ...extra, ...Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== ABSENT)) }));

/** A body as sellers and the web form send it: every field settled (the bench's shape, and more). */
const settledBodyArb = fc.record(
  {
    serviceCode: settledCode,
    weight: fc.integer({ min: 4, max: 999_998 }),
    length: fc.double({ min: 0.26, max: 99_998, noNaN: true }),
    width: fc.integer({ min: 1, max: 99_998 }),
    height: fc.integer({ min: 1, max: 99_998 }),
    country: fc.stringMatching(/^[A-Z]{2}$/),
    state: fc.stringMatching(/^[A-Z0-9]{1,3}$/),
    zipcode: fc.stringMatching(/^\d{5}$/),
    signature: fc.boolean(),
    discountCode: fc.stringMatching(/^[A-Z0-9]{0,20}$/),
    sku: fc.stringMatching(/^[A-Za-z0-9-]{1,50}$/),
    customerId: fc.uuid({ version: 4 }),
  },
  { requiredKeys: ['serviceCode', 'weight', 'length', 'width', 'height', 'country', 'zipcode'] },
);

function sameAsSchema(body: unknown): boolean {
  const fast = settledQuoteBody(body);
  if (fast === undefined) return false;
  const parsed = QuoteBodySchema.safeParse(body);
  expect(parsed.success, JSON.stringify(body)).toBe(true);
  expect(fast).toStrictEqual(parsed.data);
  expect(Object.keys(fast)).toEqual(Object.keys(parsed.data!));
  return true;
}

describe('settledQuoteBody: the quote body schema, by hand, for settled bodies', () => {
  it('property: on random bodies it answers exactly what the schema answers, or leaves the body to the schema', () => {
    let answered = 0;
    let left = 0;
    fc.assert(
      fc.property(fc.oneof({ weight: 9, arbitrary: bodyArb }, { weight: 1, arbitrary: fc.oneof(fc.jsonValue(), odd) }), (body) => {
        if (sameAsSchema(body)) answered++;
        else left++;
      }),
      { numRuns: 20_000 },
    );
    // Both ways are exercised.
    expect(answered).toBeGreaterThan(100);
    expect(left).toBeGreaterThan(100);
  });

  it('property: every settled body is answered by hand, the same as by the schema', () => {
    fc.assert(
      fc.property(settledBodyArb, (body) => {
        expect(sameAsSchema(body)).toBe(true);
      }),
      { numRuns: 5_000 },
    );
  });

  it('leaves to the schema what the schema would change or refuse', () => {
    const body = { serviceCode: 'S1', weight: 100, length: 20, width: 15, height: 10, country: 'US', zipcode: '10001' };
    expect(settledQuoteBody(body)).toStrictEqual({ ...body, signature: false });
    for (const off of [{ serviceCode: 's1' }, { country: ' US' }, { weight: 3 }, { weight: '100' }, { discountCode: ' SAVE10 ' }, { sku: 'a\u0000' }, { state: undefined }, { customerId: 'x' }]) {
      expect(settledQuoteBody({ ...body, ...off }), JSON.stringify(off)).toBeUndefined();
    }
    for (const notAnObject of [null, [], 'body', 1]) expect(settledQuoteBody(notAnObject)).toBeUndefined();
  });
});

describe('a route with settledBody', () => {
  // The quote's descriptor on a bare app: the handler echoes the body it was given.
  const app = Fastify();
  beforeAll(async () => {
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerHttpPlatform(app);
    await app.register(async (scope) => {
      // The descriptor's own path and access; the auth hook is not registered here, so access is not checked.
      route(scope, { ...QuoteEndpoint, access: 'public', reply: z.any() as never }, (req) => req.body as never, { settledBody: settledQuoteBody });
      route(scope, { ...QuoteEndpoint, path: '/by-schema', access: 'public', reply: z.any() as never }, (req) => req.body as never);
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it('property: replies (status, envelope, field errors in the caller\'s language) are those of the schema alone', async () => {
    await fc.assert(
      fc.asyncProperty(bodyArb, fc.constantFrom('en', 'vi'), async (body, language) => {
        const [fast, bySchema] = await Promise.all(
          ['/quote', '/by-schema'].map((url) => app.inject({ method: 'POST', url, payload: JSON.stringify(body), headers: { 'content-type': 'application/json', language } })),
        );
        expect(fast!.statusCode).toBe(bySchema!.statusCode);
        expect(fast!.json()).toStrictEqual(bySchema!.json());
      }),
      { numRuns: 1_000 },
    );
  });
});
