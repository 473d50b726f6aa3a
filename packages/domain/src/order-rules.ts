// SPEC §5 order dimensions per shipping method, in cm. Pure; the order service applies it with the
// service's packaging from the catalog snapshot, the web form shows the same message.

export type PackagingKind = 'parcel' | 'first-class-letter' | 'first-class-flat';

export interface Dimensions {
  lengthCm: number;
  widthCm: number;
  heightCm: number;
}

/** First class flat: between 29.21 × 15.55 × 0.63 and 38.1 × 30.48 × 1.91 cm (sides compared longest first). */
export const FLAT_BOUNDS = { min: [29.21, 15.55, 0.63], max: [38.1, 30.48, 1.91] } as const;
const SIDE_MAX = 99_999;

/**
 * The field and message key of the first side that breaks the service's rule, or null. Letters: each
 * side above 0.25 cm; parcels (every other method): above 0.3 cm; all below 99999 cm.
 */
export function dimensionError(packaging: PackagingKind | undefined, d: Dimensions): { field: keyof Dimensions; message: string } | null {
  const sides: [keyof Dimensions, number][] = [
    ['lengthCm', d.lengthCm],
    ['widthCm', d.widthCm],
    ['heightCm', d.heightCm],
  ];
  if (packaging === 'first-class-flat') {
    const sorted = [...sides].sort((a, b) => b[1] - a[1]);
    for (let i = 0; i < 3; i++) {
      const [field, value] = sorted[i]!;
      if (value < FLAT_BOUNDS.min[i]! || value > FLAT_BOUNDS.max[i]!) return { field, message: 'validation.dimension.flat' };
    }
    return null;
  }
  const min = packaging === 'first-class-letter' ? 0.25 : 0.3;
  for (const [field, value] of sides) {
    if (!(value > min && value < SIDE_MAX)) return { field, message: packaging === 'first-class-letter' ? 'validation.dimension.letter' : 'validation.dimension.parcel' };
  }
  return null;
}

/** What prices an order: its column and the request field that sets it. */
export const PRICE_INPUTS = [
  ['weightGr', 'weightGr'],
  ['lengthCm', 'lengthCm'],
  ['widthCm', 'widthCm'],
  ['heightCm', 'heightCm'],
  ['serviceCode', 'serviceCode'],
  ['signature', 'signature'],
  ['country', 'recipient.country'],
  ['state', 'recipient.state'],
  ['zipcode', 'recipient.zipcode'],
] as const;
type PriceInput = (typeof PRICE_INPUTS)[number][0];

/**
 * A paid order keeps the price it was paid at: an edit that changes what prices it and is priced
 * otherwise is refused. Returns the request fields to name, or null when the edit may be kept (nothing
 * that prices it changed, or the new price equals the price paid, surcharges aside).
 */
export function paidPriceChange(
  paid: Record<PriceInput, unknown> & { totalCents: number; surchargeCents: number },
  next: Record<PriceInput, unknown> & { totalCents: number },
): string[] | null {
  const changed = PRICE_INPUTS.filter(([column]) => String(next[column] ?? '') !== String(paid[column] ?? ''));
  if (changed.length === 0 || next.totalCents === paid.totalCents - paid.surchargeCents) return null;
  return changed.map(([, field]) => field);
}
