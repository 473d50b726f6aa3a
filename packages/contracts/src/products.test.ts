import { describe, expect, it } from 'vitest';
import { ProductCreateBodySchema, translate } from '.';

// SPEC §5 product rules as a contract matrix: each bad body names its field and the rule, in the
// words the server sends (en). The HTTP route test keeps a few of these to prove the wiring.
let n = 0;
const sku = (prefix = 'SKU') => `${prefix}-${++n}`;
const variant = (over: Record<string, unknown> = {}) => ({ sku: sku(), price: 12, salesTax: 8.5, ...over });
const product = (over: Record<string, unknown> = {}) => ({
  name: 'Cotton T-shirt',
  aliasName: 'Tee',
  hsCode: '6109.10',
  material: 'Cotton',
  shape: 'box',
  lengthCm: 30,
  widthCm: 20,
  heightCm: 3,
  weightGr: 250,
  variants: [variant()],
  ...over,
});
const errorsOf = (body: unknown) => {
  const r = ProductCreateBodySchema.safeParse(body);
  return r.success ? [] : r.error.issues.map((i) => ({ field: i.path.join('.'), message: translate('en', i.message as never) }));
};

describe('ProductCreateBodySchema — SPEC §5 product rules, each naming its field', () => {
  const cases: [string, Record<string, unknown>, string, string][] = [
    ['SKU with a space', { variants: [variant({ sku: 'BAD SKU' })] }, 'variants.0.sku', 'The SKU may contain only letters, digits, dash, underscore and dot.'],
    ['SKU with a slash', { variants: [variant({ sku: 'A/B' })] }, 'variants.0.sku', 'The SKU may contain only letters, digits, dash, underscore and dot.'],
    ['price not an integer', { variants: [variant({ price: 1.5 })] }, 'variants.0.price', 'The product price must be a whole number from 1 to 999,999.'],
    ['price below 1', { variants: [variant({ price: 0 })] }, 'variants.0.price', 'The product price must be a whole number from 1 to 999,999.'],
    ['alias over 50', { aliasName: 'a'.repeat(51) }, 'aliasName', 'At most 50 characters.'],
    ['HS code over 50', { hsCode: '1'.repeat(51) }, 'hsCode', 'At most 50 characters.'],
    ['material over 50', { material: 'm'.repeat(51) }, 'material', 'At most 50 characters.'],
    ['shape over 50', { shape: 's'.repeat(51) }, 'shape', 'At most 50 characters.'],
    ['sales tax over 100', { variants: [variant({ salesTax: 100.5 })] }, 'variants.0.salesTax', 'Sales tax must be from 0 to 100.'],
    ['sales tax below 0', { variants: [variant({ salesTax: -1 })] }, 'variants.0.salesTax', 'Sales tax must be from 0 to 100.'],
    ['dimension 0.25 (must be above)', { lengthCm: 0.25 }, 'lengthCm', 'Each dimension must be above 0.25 cm and below 999,999.'],
    ['dimension 999999 (must be below)', { widthCm: 999999 }, 'widthCm', 'Each dimension must be above 0.25 cm and below 999,999.'],
    ['variant dimension too small', { variants: [variant({ heightCm: 0.1 })] }, 'variants.0.heightCm', 'Each dimension must be above 0.25 cm and below 999,999.'],
    ['weight 3 (must be above)', { weightGr: 3 }, 'weightGr', 'The weight must be above 3 g and below 999,999.'],
    ['variant weight 999999', { variants: [variant({ weightGr: 999999 })] }, 'variants.0.weightGr', 'The weight must be above 3 g and below 999,999.'],
    ['variant without HS code', { hsCode: null, variants: [variant({ hsCode: 'X1' }), variant()] }, 'variants.1.hsCode', 'Missing HS code on the variant.'],
    ['no variants', { variants: [] }, 'variants', 'Add at least one variant.'],
    ['name missing', { name: '  ' }, 'name', 'This field is required.'],
  ];
  it.each(cases)('rejects %s', (_label, over, field, message) => {
    expect(errorsOf(product(over))).toContainEqual({ field, message });
  });

  it('accepts the boundaries just inside the rules', () => {
    expect(errorsOf(product({ lengthCm: 0.26, widthCm: 999998.99, weightGr: 3.01, variants: [variant({ price: 1, salesTax: 100 }), variant({ price: 999999, salesTax: 0 })] }))).toEqual([]);
  });
});
