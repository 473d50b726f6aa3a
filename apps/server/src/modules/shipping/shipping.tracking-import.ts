import { and, eq, inArray, ne } from 'drizzle-orm';
import { SHIPPING_LIMITS, TRACKING_IMPORT_COLUMNS } from '@exship/contracts';
import { isValidTrackingNumber } from '@exship/domain';
import { accountScope, type Actor } from '../../platform/access';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { Storage, Upload } from '../../platform/storage';
import { readSheet, type SheetTemplate } from '../../platform/xlsx';
import type { CatalogService } from '../catalog';
import type { OrderService } from '../orders';
import { renderLabelPdf } from './shipping.label';
import type { ShippingService } from './shipping.service';
import { labelPurchases, trackers } from './shipping.tables';

// Staff tracking import (SPEC §6 tracking import permission): an xlsx of OrderID → carrier + tracking
// number. Every row is checked first (order, carrier, check digit, number not used elsewhere, status
// that can take a label); a file with any error changes nothing; a valid one is applied in one transaction.

type Header = (typeof TRACKING_IMPORT_COLUMNS)[number]['header'];
export const TRACKING_TEMPLATE: SheetTemplate<Header> = {
  sheetName: 'Tracking',
  columns: TRACKING_IMPORT_COLUMNS,
  maxRows: SHIPPING_LIMITS.trackingImportRows,
  maxBytes: SHIPPING_LIMITS.trackingImportMaxBytes,
};
const LABELABLE = new Set(['paid', 'waiting-label', 'label error']);

export function createTrackingImportService(deps: { db: Db; storage: Storage; orders: OrderService; catalog: CatalogService; shipping: ShippingService }) {
  const { db, storage, orders, catalog, shipping } = deps;
  return {
    async run(actor: Actor, upload: Upload, opts: { onlyValidate: boolean; skipRows?: number[] }) {
      const sheet = (await readSheet(upload, TRACKING_TEMPLATE)).filter((r) => !opts.skipRows?.includes(r.row));
      if (sheet.length === 0) throw new AppError('IMPORT_NO_DATA', 422);
      const text = (v: unknown) => (v === null || v === undefined ? '' : String(v).trim());
      const rows = sheet.map((r) => ({ row: r.row, orderId: text(r.values.OrderID).toUpperCase(), carrierCode: text(r.values.Carrier_code).toUpperCase(), trackingNumber: text(r.values.Tracking_number).toUpperCase().replace(/\s+/g, ''), errors: r.errors.map((e) => e.message) }));
      const carriers = new Map((await catalog.allCarriers()).map((c) => [c.code, c]));
      const own = accountScope(actor);
      const found = await orders.rowsByExOrderIds(rows.map((r) => r.orderId), own);
      const used = new Map(
        (await db.select({ n: trackers.trackingNumber, orderId: trackers.orderId }).from(trackers).where(inArray(trackers.trackingNumber, rows.map((r) => r.trackingNumber)))).map((r) => [r.n, r.orderId]),
      );
      const seenOrder = new Set<string>();
      const seenNumber = new Set<string>();
      for (const r of rows) {
        const o = found.get(r.orderId);
        if (!o) r.errors.push(`OrderID: order ${r.orderId || '(empty)'} not found`);
        else if (!LABELABLE.has(o.status)) r.errors.push(`OrderID: this order cannot have a new label bought (status ${o.status})`);
        if (!carriers.has(r.carrierCode)) r.errors.push(`Carrier_code: carrier ${r.carrierCode || '(empty)'} not found`);
        if (!isValidTrackingNumber(r.trackingNumber)) r.errors.push(`Tracking_number: invalid tracking number ${r.trackingNumber || '(empty)'}`);
        const owner = used.get(r.trackingNumber);
        if (owner && owner !== o?.id) r.errors.push(`Tracking_number: ${r.trackingNumber} is already used by another order`);
        if (seenOrder.has(r.orderId)) r.errors.push(`OrderID: ${r.orderId} appears twice in the file`);
        if (seenNumber.has(r.trackingNumber)) r.errors.push(`Tracking_number: ${r.trackingNumber} appears twice in the file`);
        seenOrder.add(r.orderId);
        seenNumber.add(r.trackingNumber);
      }
      const bad = rows.filter((r) => r.errors.length);
      if (bad.length) throw new AppError('IMPORT_ROWS_INVALID', 422, { details: { rows: bad.slice(0, 200) }, errors: bad.slice(0, 200).map((r) => ({ field: `rows.${r.row}`, message: r.errors.join('; ') })) });
      if (opts.onlyValidate) return { rows, applied: 0 };

      // Label files first (outside the transaction); the rows are then applied all or nothing.
      const prepared: { r: (typeof rows)[number]; o: NonNullable<ReturnType<typeof found.get>>; carrier: { id: string; code: string }; data: Awaited<ReturnType<ShippingService['labelData']>>; labelKey: string }[] = [];
      for (const r of rows) {
        const o = found.get(r.orderId)!;
        const carrier = carriers.get(r.carrierCode)!;
        const data = await shipping.labelData(o, r.trackingNumber, { id: carrier.id, code: carrier.code });
        const labelKey = `labels/${o.accountId}/import-${o.id}-${r.trackingNumber}.pdf`;
        await storage.put(labelKey, Buffer.from(await renderLabelPdf(data)));
        prepared.push({ r, o, carrier, data, labelKey });
      }
      await db.transaction(async (tx) => {
        for (const p of prepared) {
          let row = await orders.lockOrder(tx, p.o.id);
          if (row.status === 'paid') row = await orders.transition(tx, row, 'scheduleLabel', actor.userId, { key: 'trackingImport' });
          else if (row.status === 'label error') row = await orders.transition(tx, row, 'retryLabel', actor.userId, { key: 'trackingImport' });
          if (row.status !== 'waiting-label') throw new AppError('NEW_LABEL_NOT_ALLOWED', 409, { details: { orderId: p.r.orderId } });
          await tx.update(labelPurchases).set({ status: 'superseded' }).where(and(eq(labelPurchases.orderId, row.id), ne(labelPurchases.status, 'purchased')));
          await tx.insert(labelPurchases).values({ orderId: row.id, accountId: row.accountId, carrierId: p.carrier.id, carrierCode: p.carrier.code, reason: 'import', status: 'purchased', dueAt: new Date(), tries: 0, trackingNumber: p.r.trackingNumber, purchasedAt: new Date() });
          await shipping.recordLabel(tx, row, { data: p.data, shipmentId: null, labelKey: p.labelKey, carrierId: p.carrier.id, events: [], reason: { key: 'trackingImport' } });
        }
      });
      return { rows, applied: rows.length };
    },
  };
}

export type TrackingImportService = ReturnType<typeof createTrackingImportService>;
