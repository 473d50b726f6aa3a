import type { Db } from '../../../platform/db';
import { orderLinesOf } from '../../orders';
import { variantCustomsFacts } from '../../products';
import type { CustomsLine } from './types';

/**
 * The customs lines of an order's parcel, one per order line: the customs name of the product
 * (its alias, else its name) with its material, the variant's HS code (else the product's), the
 * line's quantity, declared value (else the variant price × quantity) and weight (unit weight ×
 * quantity). Products carry no country of manufacture, so the origin is the sending warehouse's country.
 */
export async function customsLinesOf(db: Db, orderId: string, originCountry: string): Promise<CustomsLine[]> {
  const lines = await orderLinesOf(db, orderId);
  const facts = new Map((await variantCustomsFacts(db, lines.map((l) => l.variantId))).map((f) => [f.variantId, f]));
  return lines.map((l) => {
    const f = facts.get(l.variantId);
    const name = (f?.aliasName || f?.productName || l.productName).trim();
    const description = f?.material ? `${name} (${f.material})` : name;
    return {
      description: description.slice(0, 100),
      hsCode: f?.hsCode ?? '',
      quantity: l.quantity,
      valueUsdCents: l.valueCents ?? (f ? f.priceCents * l.quantity : 0),
      originCountry,
      weightGr: f ? Math.round(f.weightGr * l.quantity) : 0,
    };
  });
}
