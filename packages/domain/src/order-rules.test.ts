import { describe, expect, it } from 'vitest';
import { dimensionError, paidPriceChange } from './order-rules';

describe('dimension rule per shipping method (SPEC §5)', () => {
  it('parcels: each side above 0.3 cm and below 99999 cm', () => {
    expect(dimensionError('parcel', { lengthCm: 10, widthCm: 10, heightCm: 0.31 })).toBeNull();
    expect(dimensionError('parcel', { lengthCm: 10, widthCm: 10, heightCm: 0.3 })).toEqual({ field: 'heightCm', message: 'validation.dimension.parcel' });
    expect(dimensionError(undefined, { lengthCm: 99_999, widthCm: 10, heightCm: 1 })).toEqual({ field: 'lengthCm', message: 'validation.dimension.parcel' });
  });

  it('first class letters: above 0.25 cm a side', () => {
    expect(dimensionError('first-class-letter', { lengthCm: 20, widthCm: 10, heightCm: 0.26 })).toBeNull();
    expect(dimensionError('first-class-letter', { lengthCm: 20, widthCm: 0.25, heightCm: 1 })).toEqual({ field: 'widthCm', message: 'validation.dimension.letter' });
  });

  it('first class flats: between 29.21 × 15.55 × 0.63 and 38.1 × 30.48 × 1.91 cm, in any order of sides', () => {
    expect(dimensionError('first-class-flat', { lengthCm: 29.21, widthCm: 15.55, heightCm: 0.63 })).toBeNull();
    expect(dimensionError('first-class-flat', { lengthCm: 1.91, widthCm: 38.1, heightCm: 30.48 })).toBeNull();
    expect(dimensionError('first-class-flat', { lengthCm: 29.2, widthCm: 15.55, heightCm: 0.63 })).toEqual({ field: 'lengthCm', message: 'validation.dimension.flat' });
    expect(dimensionError('first-class-flat', { lengthCm: 35, widthCm: 20, heightCm: 2 })).toEqual({ field: 'heightCm', message: 'validation.dimension.flat' });
  });
});

describe('a paid order keeps its price', () => {
  const paid = { weightGr: 800, lengthCm: 20, widthCm: 15, heightCm: 10, serviceCode: 'STD', signature: false, country: 'US', state: 'CA', zipcode: '90001', totalCents: 1225, surchargeCents: 250 };
  it('refuses a change of what prices it when the price moves, naming the request fields', () => {
    expect(paidPriceChange(paid, { ...paid, weightGr: 20_000, zipcode: '10001', totalCents: 3763 })).toEqual(['weightGr', 'recipient.zipcode']);
    expect(paidPriceChange(paid, { ...paid, weightGr: 100, totalCents: 500 })).toEqual(['weightGr']);
  });
  it('keeps an edit within the same price (surcharges aside) or one that prices nothing', () => {
    expect(paidPriceChange(paid, { ...paid, weightGr: 801, totalCents: 975 })).toBeNull();
    expect(paidPriceChange(paid, { ...paid, totalCents: 9999 })).toBeNull();
  });
});
