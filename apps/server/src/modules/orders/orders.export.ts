import type { Readable } from 'node:stream';
import { translate, type Language } from '@exship/contracts';
import { formatDateTime, fromCents } from '@exship/domain';
import { labelOf, reportWorkbook, type CellValue } from '../../platform/xlsx';
import type { OrderLabel } from './orders.labels';
import type * as repo from './orders.repository';

// The orders export (SPEC §2 order list "export"): what the list and the detail show, in the
// reader's language and time zone. The money columns are the order's fee lines, so a row adds up:
// shipping + seasonal + signature + over-length − discount + tax + surcharge = total (the discount
// is written negative, as the screen shows it with a minus).

export interface ExportedOrder {
  row: repo.OrderRow;
  label: OrderLabel | null;
  customer: { email: string; fullName: string } | null;
}

/** [message key of the header, the cell of an order]. */
const COLUMNS: [string, (o: ExportedOrder, lang: Language, offset: string) => CellValue][] = [
  ['export.orders.orderId', ({ row }) => row.exOrderId],
  ['export.orders.orderName', ({ row }) => row.orderName],
  ['export.orders.customerEmail', ({ customer }) => customer?.email ?? null],
  ['export.orders.customerName', ({ customer }) => customer?.fullName ?? null],
  ['export.orders.status', ({ row }, lang) => labelOf(lang, 'export.orderStatus.', row.status)],
  ['export.orders.paymentStatus', ({ row }, lang) => labelOf(lang, 'export.paymentStatus.', row.paymentStatus)],
  ['export.orders.routingStatus', ({ label }, lang) => labelOf(lang, 'export.routingStatus.', label?.routingStatus)],
  ['export.orders.trackingNumber', ({ label }) => label?.trackingNumber ?? null],
  ['export.orders.service', ({ row }) => row.serviceCode],
  ['export.orders.carrier', ({ row }) => row.carrierCode],
  ['export.orders.quantity', ({ row }) => row.quantity],
  ['export.orders.length', ({ row }) => row.lengthCm],
  ['export.orders.width', ({ row }) => row.widthCm],
  ['export.orders.height', ({ row }) => row.heightCm],
  ['export.orders.weight', ({ row }) => row.weightGr],
  ['export.orders.recipient', ({ row }) => `${row.firstName} ${row.lastName}`.trim()],
  ['export.orders.address1', ({ row }) => row.address1],
  ['export.orders.city', ({ row }) => row.city],
  ['export.orders.state', ({ row }) => row.state],
  ['export.orders.country', ({ row }) => row.country],
  ['export.orders.zipcode', ({ row }) => row.zipcode],
  ['export.fee.shippingFee', ({ row }) => fromCents(row.shippingFeeCents)],
  ['export.fee.seasonalFee', ({ row }) => fromCents(row.seasonalFeeCents)],
  ['export.fee.signatureFee', ({ row }) => fromCents(row.signatureFeeCents)],
  ['export.fee.overLengthFee', ({ row }) => fromCents(row.overLengthFeeCents)],
  ['export.fee.discount', ({ row }) => (row.discountCents ? fromCents(-row.discountCents) : 0)],
  ['export.fee.taxFee', ({ row }) => fromCents(row.taxFeeCents)],
  ['export.fee.surcharge', ({ row }) => fromCents(row.surchargeCents)],
  ['export.fee.total', ({ row }) => fromCents(row.totalCents)],
  ['export.orders.createdAt', ({ row }, _lang, offset) => formatDateTime(row.createdAt, offset)],
];

/** The workbook of the exported orders, for a reader of `lang` at UTC `offset`. */
export function ordersWorkbook(orders: readonly ExportedOrder[], lang: Language, offset: string): Readable {
  return reportWorkbook(
    translate(lang, 'export.orders.sheet'),
    COLUMNS.map(([key]) => translate(lang, key)),
    orders.map((o) => COLUMNS.map(([, cell]) => cell(o, lang, offset) ?? null)),
  );
}
