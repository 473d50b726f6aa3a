import { sql, type SQL } from 'drizzle-orm';
import type { ManifestGap } from '@exship/contracts';
import { chargeableCentiKg, fromCents, type CentiKg } from '@exship/domain';
import type { Db } from '../../platform/db';
import { templateWorkbook, type SheetTemplate } from '../../platform/xlsx';
import type { FreightCartons } from '../floor';
import { freightParcelFacts, orderLinesOfOrders } from '../orders';
import { variantCustomsFacts } from '../products';
import { findUsersByIds } from '../users';
import { freightCartonsOn } from './freight.tables';

// The customs manifest (docs/air-freight.md "Customs manifest"). US de minimis entries were suspended
// for every country from 29 Aug 2025 (Executive Order 14324): every parcel needs entry data, per parcel
// and line — description, HS code, quantity, value in USD, origin country, weight, shipper and
// consignee. A freight is not checked while a parcel lacks any of them; the manifest exports as xlsx.

export const MANIFEST_FIELDS = ['description', 'hsCode', 'quantity', 'value', 'originCountry', 'weight', 'shipper', 'consignee'] as const;
export type ManifestField = (typeof MANIFEST_FIELDS)[number];

export interface ManifestLine {
  description: string;
  hsCode: string;
  quantity: number;
  valueCents: number;
  originCountry: string;
  /** The line's goods: unit weight × quantity, grams. */
  weightGr: number;
}

export interface ManifestParcel {
  orderId: string;
  exOrderId: string;
  accountId: string;
  cartonId: string;
  /** The parcel's weight as packed (grams) and its chargeable weight (size from the order). */
  weightGr: number;
  chargeableCentiKg: CentiKg;
  shipper: string;
  consignee: { name: string; address: string; city: string; state: string; zipcode: string; country: string; phone: string };
  lines: ManifestLine[];
}

/** `select carton_id from freight_cartons where freight_id = …`: the subquery the freight's set-based statements start from. */
export const cartonIdsOf = (freightId: string): SQL => sql`select ${freightCartonsOn.cartonId} from ${freightCartonsOn} where ${freightCartonsOn.freightId} = ${freightId}`;

/** Every parcel of the freight with its entry data (a handful of queries, whatever the count). */
export async function manifestOf(db: Db, cartons: FreightCartons, freightId: string, originCountry: string): Promise<ManifestParcel[]> {
  const cartonIds = cartonIdsOf(freightId);
  const orderIds = cartons.parcelOrderIds(cartonIds);
  const parcels = await cartons.parcels(db, cartonIds);
  if (parcels.length === 0) return [];
  const facts = new Map((await freightParcelFacts(db, orderIds)).map((o) => [o.id, o]));
  const lines = await orderLinesOfOrders(db, orderIds);
  const variants = new Map((await variantCustomsFacts(db, [...new Set(lines.map((l) => l.variantId))])).map((v) => [v.variantId, v]));
  const shippers = new Map((await findUsersByIds(db, new Set(parcels.map((p) => p.accountId)))).map((u) => [u.id, (u.fullName || u.email).trim()]));
  const linesOf = new Map<string, ManifestLine[]>();
  for (const l of lines) {
    const v = variants.get(l.variantId);
    const name = (v?.aliasName || v?.productName || l.productName || '').trim();
    const list = linesOf.get(l.orderId) ?? [];
    list.push({
      description: v?.material && name ? `${name} (${v.material})` : name,
      hsCode: (v?.hsCode ?? '').trim(),
      quantity: l.quantity,
      valueCents: l.valueCents ?? (v ? v.priceCents * l.quantity : 0),
      originCountry,
      weightGr: v ? Math.round(v.weightGr * l.quantity) : 0,
    });
    linesOf.set(l.orderId, list);
  }
  return parcels
    .map((p) => {
      const o = facts.get(p.orderId);
      return {
        orderId: p.orderId,
        exOrderId: o?.exOrderId ?? '',
        accountId: p.accountId,
        cartonId: p.cartonId,
        weightGr: p.weightGr,
        chargeableCentiKg: chargeableCentiKg({ weightGr: p.weightGr, lengthCm: o?.lengthCm ?? null, widthCm: o?.widthCm ?? null, heightCm: o?.heightCm ?? null }),
        shipper: shippers.get(p.accountId) ?? '',
        consignee: {
          name: `${o?.firstName ?? ''} ${o?.lastName ?? ''}`.trim(),
          address: [o?.address1, o?.address2].filter(Boolean).join(', ').trim(),
          city: o?.city ?? '',
          state: o?.state ?? '',
          zipcode: o?.zipcode ?? '',
          country: o?.country ?? '',
          phone: o?.phone ?? '',
        },
        lines: linesOf.get(p.orderId) ?? [],
      };
    })
    .sort((a, b) => (a.cartonId === b.cartonId ? (a.exOrderId < b.exOrderId ? -1 : 1) : a.cartonId < b.cartonId ? -1 : 1));
}

/** What a parcel lacks for its customs entry (empty: nothing). A parcel without lines lacks all the line data. */
export function missingOf(p: ManifestParcel): ManifestField[] {
  const missing = new Set<ManifestField>();
  if (p.lines.length === 0) for (const f of ['description', 'hsCode', 'quantity', 'value'] as const) missing.add(f);
  for (const l of p.lines) {
    if (!l.description) missing.add('description');
    if (!l.hsCode) missing.add('hsCode');
    if (!(l.quantity > 0)) missing.add('quantity');
    if (!(l.valueCents > 0)) missing.add('value');
    if (!/^[A-Z]{2}$/.test(l.originCountry)) missing.add('originCountry');
  }
  if (!(p.weightGr > 0)) missing.add('weight');
  if (!p.shipper) missing.add('shipper');
  const c = p.consignee;
  if (!c.name || !c.address || !c.city || !c.zipcode || !c.country) missing.add('consignee');
  return MANIFEST_FIELDS.filter((f) => missing.has(f));
}

export const manifestGaps = (parcels: readonly ManifestParcel[]): ManifestGap[] =>
  parcels.flatMap((p) => {
    const missing = missingOf(p);
    return missing.length ? [{ exOrderId: p.exOrderId, cartonId: p.cartonId, missing }] : [];
  });

const MANIFEST_SHEET: SheetTemplate = {
  sheetName: 'Manifest',
  maxRows: 1,
  maxBytes: 0,
  columns: [
    { header: 'MAWB', kind: 'text' },
    { header: 'Carton', kind: 'text' },
    { header: 'Parcel', kind: 'text' },
    { header: 'Line', kind: 'number' },
    { header: 'Description', kind: 'text', width: 36 },
    { header: 'HS code', kind: 'text' },
    { header: 'Quantity', kind: 'number' },
    { header: 'Value (USD)', kind: 'number' },
    { header: 'Origin country', kind: 'text' },
    { header: 'Line weight (kg)', kind: 'number' },
    { header: 'Parcel weight (kg)', kind: 'number' },
    { header: 'Shipper', kind: 'text', width: 28 },
    { header: 'Consignee', kind: 'text', width: 28 },
    { header: 'Address', kind: 'text', width: 36 },
    { header: 'City', kind: 'text' },
    { header: 'State', kind: 'text' },
    { header: 'Zipcode', kind: 'text' },
    { header: 'Country', kind: 'text' },
    { header: 'Phone', kind: 'text' },
  ],
};

/** One row per parcel line (a parcel without lines still has its row, blank where it lacks data). */
export async function manifestWorkbook(mawb: string, parcels: readonly ManifestParcel[]): Promise<Buffer> {
  const rows = parcels.flatMap((p) => {
    const base = (i: number, l: ManifestLine | undefined) => [
      mawb,
      p.cartonId,
      p.exOrderId,
      i + 1,
      l?.description ?? '',
      l?.hsCode ?? '',
      l?.quantity ?? null,
      l ? fromCents(l.valueCents) : null,
      l?.originCountry ?? '',
      l ? l.weightGr / 1000 : null,
      p.weightGr / 1000,
      p.shipper,
      p.consignee.name,
      p.consignee.address,
      p.consignee.city,
      p.consignee.state,
      p.consignee.zipcode,
      p.consignee.country,
      p.consignee.phone,
    ];
    return p.lines.length ? p.lines.map((l, i) => base(i, l)) : [base(0, undefined)];
  });
  return templateWorkbook({ ...MANIFEST_SHEET, maxRows: Math.max(rows.length, 1) }, rows);
}
