import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { QuoteReplySchema, okEnvelope, type QuoteReply } from '@exship/contracts';
import { compiledSerializer } from './http';

const money = fc.integer({ min: -99_999_999, max: 99_999_999 }).map((c) => c / 100);
const text = fc.string({ maxLength: 40 });
const reply: fc.Arbitrary<QuoteReply> = fc.record(
  {
    service: fc.record({ code: text, name: text }),
    chargeableWeight: fc.integer({ min: 0, max: 10_000_000 }),
    fees: fc.record({ shippingFee: money, seasonalFee: money, signatureFee: money, overLengthFee: money, discount: money, taxFee: money, total: money }),
    discountCode: fc.option(text, { nil: null }),
    routing: fc.record({ carrier: text, warehouse: text, zone: text }),
    cost: money,
    margin: money,
  },
  { requiredKeys: ['service', 'chargeableWeight', 'fees', 'discountCode'] },
);

describe('compiledSerializer', () => {
  const serialize = compiledSerializer(okEnvelope(QuoteReplySchema))();

  it('writes exactly what JSON.stringify writes for any quote reply (staff fields present or not)', () => {
    fc.assert(
      fc.property(reply, text, (data, message) => {
        const body = { success: true, message, data };
        expect(serialize(body)).toBe(JSON.stringify(body));
      }),
    );
  });

  it('drops fields the schema does not name', () => {
    const body = { success: true, message: 'OK', data: { service: { code: 'S', name: 'N' }, chargeableWeight: 1, fees: { shippingFee: 1, seasonalFee: 0, signatureFee: 0, overLengthFee: 0, discount: 0, taxFee: 0, total: 1 }, discountCode: null, secret: 'x' } };
    expect(JSON.parse(serialize(body)).data).not.toHaveProperty('secret');
  });
});
