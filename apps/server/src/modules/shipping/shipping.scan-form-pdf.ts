import { PDFDocument, rgb, type PDFPage } from 'pdf-lib';
import { offsetMinutes } from '@exship/domain';
import { pdfText } from '../../platform/pdf-fonts';
import { drawBarcode, drawTextLine, embedLabelFonts, labelDate, type Fonts } from './shipping.label';

// The SCAN form (one acceptance document for a day's parcels) as a US Letter PDF: the form number
// as a vector Code 128 for the carrier's scanner, the facts, then every parcel in a table that runs
// over as many pages as needed, each page numbered.

export interface ScanFormPdfData {
  number: string;
  shipDate: Date;
  createdBy: string;
  createdAt: Date;
  /** The maker's offset, for the time it was made (UTC without one). */
  timeZone?: string;
  carrierName?: string;
  rows: readonly { exOrderId: string; orderName: string; trackingNumber: string }[];
}

const LETTER = { width: 612, height: 792 };
const MARGIN = 40;
const ROW_HEIGHT = 16;
const FOOTER = MARGIN + 14; // the page number sits below the table
const GREY = rgb(0.4, 0.4, 0.4);
const SHADE = rgb(0.92, 0.92, 0.92);

const COLUMNS = [
  { title: '#', width: 40 },
  { title: 'Ex order ID', width: 130 },
  { title: 'Order name', width: 170 },
  { title: 'Tracking number', width: LETTER.width - 2 * MARGIN - 340 },
] as const;

const two = (n: number) => String(n).padStart(2, '0');
/** DD-MM-YYYY HH:mm at `offset`, the offset named ("UTC" without one). */
const dateTime = (d: Date, offset?: string) => {
  const local = new Date(d.getTime() + offsetMinutes(offset ?? '+00:00') * 60_000);
  return `${labelDate(d, offset)} ${two(local.getUTCHours())}:${two(local.getUTCMinutes())} ${offset ? `(UTC${offset})` : 'UTC'}`;
};

function tableHeader(page: PDFPage, f: Fonts, top: number): number {
  page.drawRectangle({ x: MARGIN, y: top - ROW_HEIGHT, width: LETTER.width - 2 * MARGIN, height: ROW_HEIGHT, color: SHADE });
  let x = MARGIN;
  for (const c of COLUMNS) {
    drawTextLine(page, f.bold, c.title, { x: x + 4, y: top - ROW_HEIGHT + 5, width: c.width - 8, size: 9 });
    x += c.width;
  }
  page.drawLine({ start: { x: MARGIN, y: top - ROW_HEIGHT }, end: { x: LETTER.width - MARGIN, y: top - ROW_HEIGHT }, thickness: 1.5 });
  return top - ROW_HEIGHT;
}

/** US Letter pages: header with the form number barcode, ship date and count, then the parcels. */
export async function renderScanFormPdf(form: ScanFormPdfData): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`SCAN form ${pdfText(form.number)}`);
  doc.setProducer('ExShip');
  doc.setCreator('ExShip');
  const f = await embedLabelFonts(doc);
  const right = LETTER.width - MARGIN;
  const contentWidth = right - MARGIN;

  let page = doc.addPage([LETTER.width, LETTER.height]);
  let y = LETTER.height - MARGIN;
  drawTextLine(page, f.bold, 'SCAN FORM', { x: MARGIN, y: y - 20, width: 260, size: 22 });
  drawTextLine(page, f.regular, 'Shipment Confirmation Acceptance Notice', { x: MARGIN, y: y - 36, width: 260, size: 10, color: GREY });
  if (form.carrierName) drawTextLine(page, f.bold, form.carrierName, { x: MARGIN, y: y - 56, width: 260, size: 14 });
  // The form number, scannable, at the top right.
  drawBarcode(page, 'code128', form.number.trim(), { x: right - 260, y: y - 58, width: 260, height: 54 }, 2.5);
  drawTextLine(page, f.bold, form.number, { x: right - 260, y: y - 72, width: 260, size: 11, align: 'center' });
  y -= 84;
  page.drawLine({ start: { x: MARGIN, y }, end: { x: right, y }, thickness: 2.5 });

  const facts: [string, string][] = [
    ['Form number', form.number],
    ['Ship date', labelDate(form.shipDate)],
    ['Parcels', String(form.rows.length)],
    ['Created by', form.createdBy],
    ['Created at', dateTime(form.createdAt, form.timeZone)],
  ];
  y -= 6;
  for (const [k, v] of facts) {
    y -= 15;
    drawTextLine(page, f.regular, k, { x: MARGIN, y, width: 100, size: 10, color: GREY });
    drawTextLine(page, f.bold, v, { x: MARGIN + 105, y, width: contentWidth - 105, size: 10 });
  }
  y -= 18;
  y = tableHeader(page, f, y);

  form.rows.forEach((row, i) => {
    if (y - ROW_HEIGHT < FOOTER + 6) {
      page = doc.addPage([LETTER.width, LETTER.height]);
      y = LETTER.height - MARGIN;
      drawTextLine(page, f.bold, `SCAN form ${form.number}`, { x: MARGIN, y: y - 12, width: contentWidth / 2, size: 11 });
      drawTextLine(page, f.regular, `Ship date ${labelDate(form.shipDate)}`, { x: MARGIN, y: y - 12, width: contentWidth, size: 10, align: 'right' });
      y = tableHeader(page, f, y - 22);
    }
    const cells = [String(i + 1), row.exOrderId, row.orderName, row.trackingNumber];
    let x = MARGIN;
    COLUMNS.forEach((c, j) => {
      drawTextLine(page, j === 3 ? f.bold : f.regular, cells[j]!, { x: x + 4, y: y - ROW_HEIGHT + 5, width: c.width - 8, size: 9 });
      x += c.width;
    });
    y -= ROW_HEIGHT;
    page.drawLine({ start: { x: MARGIN, y }, end: { x: right, y }, thickness: 0.3, color: GREY });
  });
  if (form.rows.length === 0) drawTextLine(page, f.regular, 'No parcels.', { x: MARGIN + 4, y: y - ROW_HEIGHT + 4, width: contentWidth, size: 9, color: GREY });

  // Page numbers once the count is known.
  const pages = doc.getPages();
  pages.forEach((p, i) => {
    drawTextLine(p, f.regular, `Page ${i + 1} of ${pages.length}`, { x: MARGIN, y: MARGIN - 4, width: contentWidth, size: 8, align: 'right', color: GREY });
    drawTextLine(p, f.regular, `SCAN form ${form.number}`, { x: MARGIN, y: MARGIN - 4, width: contentWidth / 2, size: 8, color: GREY });
  });
  return doc.save({ useObjectStreams: false });
}
