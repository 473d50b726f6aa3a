import { PDFDocument, rgb, type PDFPage } from 'pdf-lib';
import { formatDateTime } from '@exship/domain';
import { pdfText } from '../../platform/pdf-fonts';
import { drawBarcode, drawTextLine, embedLabelFonts, type Fonts } from '../shipping';

// The carton label: one 4x6 in page to stick on a closed carton. The carton id as a vector Code 128
// (what check-out scans), where the carton goes, how many parcels it holds, its weight and size.
// Drawn with shipping's label primitives, so fonts, text fitting and barcodes are the same as on a parcel's label.

export interface CartonLabelData {
  cartonId: string;
  name: string;
  carrierCode: string;
  serviceCode: string;
  /** The US warehouse it goes to. */
  warehouseCode: string;
  originWarehouseCode: string | null;
  quantity: number;
  weightGr: number | null;
  lengthCm: number | null;
  widthCm: number | null;
  heightCm: number | null;
  packagedAt: Date | null;
  /** The offset the packed time is printed in (the printing user's). */
  offset: string;
}

const W = 288;
const H = 432;
const EDGE = 5;
const LEFT = EDGE + 7;
const INNER_WIDTH = W - 2 * LEFT;
const BLACK = rgb(0, 0, 0);
const WHITE = rgb(1, 1, 1);
const GREY = rgb(0.35, 0.35, 0.35);

const num = (n: number) => String(Math.round(n * 10) / 10);
const weightText = (g: number | null) => (g === null ? '-' : `${(g / 1000).toFixed(2)} kg (${(g / 453.59237).toFixed(2)} lb)`);
const sizeText = (d: CartonLabelData) => (d.lengthCm === null || d.widthCm === null || d.heightCm === null ? '-' : `${num(d.lengthCm)} x ${num(d.widthCm)} x ${num(d.heightCm)} cm`);

function rule(page: PDFPage, y: number, thickness = 2.5) {
  page.drawLine({ start: { x: EDGE, y }, end: { x: W - EDGE, y }, thickness, color: BLACK });
}

function draw(page: PDFPage, f: Fonts, d: CartonLabelData) {
  page.drawRectangle({ x: EDGE, y: EDGE, width: W - 2 * EDGE, height: H - 2 * EDGE, borderWidth: 1.5, borderColor: BLACK });
  const top = H - EDGE;
  drawTextLine(page, f.bold, 'CARTON', { x: LEFT, y: top - 22, width: 120, size: 18 });
  drawTextLine(page, f.bold, 'ExShip', { x: LEFT, y: top - 20, width: INNER_WIDTH, size: 12, align: 'right' });
  rule(page, top - 32);

  // Where it goes, in large type: the US warehouse, then carrier and service.
  drawTextLine(page, f.bold, 'TO', { x: LEFT, y: top - 48, width: 40, size: 8 });
  drawTextLine(page, f.bold, d.warehouseCode, { x: LEFT, y: top - 80, width: INNER_WIDTH * 0.62, size: 30, minSize: 12 });
  drawTextLine(page, f.bold, `${d.carrierCode} / ${d.serviceCode}`, { x: LEFT, y: top - 100, width: INNER_WIDTH * 0.62, size: 12 });
  // The parcel count in a black box on the right.
  const box = { x: W - EDGE - 96, y: top - 108, width: 90, height: 68 };
  page.drawRectangle({ ...box, color: BLACK });
  drawTextLine(page, f.bold, 'PARCELS', { x: box.x, y: box.y + box.height - 14, width: box.width, size: 8, align: 'center', color: WHITE });
  drawTextLine(page, f.bold, String(d.quantity), { x: box.x + 4, y: box.y + 12, width: box.width - 8, size: 36, align: 'center', minSize: 14, color: WHITE });
  rule(page, top - 116);

  // The carton id: what the check-out scans, big and across the width.
  drawBarcode(page, 'code128', d.cartonId, { x: EDGE + 1, y: top - 262, width: W - 2 * EDGE - 2, height: 130 }, 4);
  drawTextLine(page, f.bold, d.cartonId, { x: LEFT, y: top - 288, width: INNER_WIDTH, size: 22, align: 'center', minSize: 10 });
  rule(page, top - 300);

  const facts: [string, string][] = [
    ['Name', d.name || '-'],
    ['Weight', weightText(d.weightGr)],
    ['Size', sizeText(d)],
    ['From', d.originWarehouseCode ?? '-'],
    ['Packed', d.packagedAt ? formatDateTime(d.packagedAt, d.offset) : '-'],
  ];
  let y = top - 318;
  for (const [k, v] of facts) {
    drawTextLine(page, f.regular, k, { x: LEFT, y, width: 56, size: 9, color: GREY });
    drawTextLine(page, f.bold, v, { x: LEFT + 58, y, width: INNER_WIDTH - 58, size: 10 });
    y -= 16;
  }
}

/** One carton label, one 4x6 in page (288 x 432 pt). */
export async function renderCartonLabelPdf(d: CartonLabelData): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Carton ${pdfText(d.cartonId)}`);
  doc.setProducer('ExShip');
  doc.setCreator('ExShip');
  draw(doc.addPage([W, H]), await embedLabelFonts(doc), d);
  return doc.save({ useObjectStreams: false });
}
