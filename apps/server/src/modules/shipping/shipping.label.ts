import bwipjs from 'bwip-js/node';
import { PDFDocument, fill, popGraphicsState, pushGraphicsState, rectangle, rgb, setFillingGrayscaleColor, type PDFFont, type PDFOperator, type PDFPage } from 'pdf-lib';
import { offsetMinutes } from '@exship/domain';
import { embedPdfFonts, pdfText, type PdfFonts } from '../../platform/pdf-fonts';
import type { CustomsLine, ShipPlace } from './carriers/types';

// Shipping labels as 4x6 in PDF pages (pdf-lib, Noto Sans: Vietnamese names keep their accents) and
// as ZPL II for thermal printers. Pure functions: no database, no clock; the only thing kept between
// documents is the parsed font (platform/pdf-fonts.ts).
// Barcodes are vectors (docs/engineering.md "Toolchain facts": a PNG embed costs ~26 ms a label): bwip-js encodes,
// the bars are drawn as rectangles.

export interface LabelAddress {
  name: string;
  company?: string;
  phone?: string;
  address1: string;
  address2?: string;
  city: string;
  state: string;
  zip: string;
  country: string;
}

export type LabelVariant = 'shipping' | 'us' | 'barcode';

export interface LabelData {
  trackingNumber: string;
  carrierCode: string;
  carrierName: string;
  serviceCode: string;
  serviceName: string;
  exOrderId: string;
  orderName: string;
  weightGr: number;
  lengthCm: number;
  widthCm: number;
  heightCm: number;
  shipDate: Date;
  /** The offset the ship date is written in: the seller's (docs/engineering.md "Time"); absent on labels made before, which used UTC. */
  timeZone?: string;
  sender: LabelAddress;
  recipient: LabelAddress;
  /** Where the carrier takes the parcel over (absent on labels made before: the sender). */
  origin?: ShipPlace;
  /** The US warehouse it enters through, when the order's warehouse is in the US. */
  hub?: ShipPlace | null;
  signature: boolean;
  /** What the parcel holds, as declared to the carrier (absent on labels made before customs lines). */
  customs?: CustomsLine[];
}

/** 4 x 6 in at 72 pt an inch. */
const LABEL_SIZE = { width: 288, height: 432 } as const;

// ---------------------------------------------------------------------------------------------
// Text

/** Latin letters without their accents (Nguyễn Văn Đức → Nguyen Van Duc), whitespace collapsed. */
function transliterate(s: string): string {
  return s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[đĐ]/g, (c) => (c === 'đ' ? 'd' : 'D'))
    .replace(/\s+/g, ' ')
    .trim();
}

/** Printable ASCII (for barcodes and ZPL's built-in fonts). */
function asciiText(s: string): string {
  let out = '';
  for (const ch of transliterate(s)) {
    const cp = ch.codePointAt(0)!;
    out += cp >= 0x20 && cp <= 0x7e ? ch : '?';
  }
  return out;
}

const present = (s: string | undefined | null): s is string => s != null && s.trim() !== '';

export type Fonts = PdfFonts;

/** The label fonts (Noto Sans regular and bold, subset) in `doc`. */
export const embedLabelFonts = (doc: PDFDocument): Promise<Fonts> => embedPdfFonts(doc);

/**
 * The text and size that fit `maxWidth`: first shrunk (down to `minSize`), then cut with '...'.
 * `text` must already be drawable (`pdfText`).
 */
function fitText(font: PDFFont, text: string, size: number, maxWidth: number, minSize = Math.max(5, size * 0.65)): { text: string; size: number } {
  const width = font.widthOfTextAtSize(text, size);
  if (width <= maxWidth) return { text, size };
  const shrunk = Math.max(minSize, Math.floor(((size * maxWidth) / width) * 10) / 10);
  if (font.widthOfTextAtSize(text, shrunk) <= maxWidth) return { text, size: shrunk };
  // Longest prefix that fits with the ellipsis (binary search: a label draws ~25 lines).
  let lo = 0;
  let hi = text.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (font.widthOfTextAtSize(`${text.slice(0, mid).trimEnd()}...`, shrunk) <= maxWidth) lo = mid;
    else hi = mid - 1;
  }
  return { text: `${text.slice(0, lo).trimEnd()}...`, size: shrunk };
}

const BLACK = rgb(0, 0, 0);
const WHITE = rgb(1, 1, 1);

type Align = 'left' | 'center' | 'right';

/** One line of text fitted into [x, x + width] (shrunk, then cut); nothing is drawn for empty text. */
export function drawTextLine(page: PDFPage, font: PDFFont, raw: string, o: { x: number; y: number; width: number; size: number; align?: Align; color?: ReturnType<typeof rgb>; minSize?: number }): void {
  const safe = pdfText(raw);
  if (safe === '') return;
  const { text, size } = fitText(font, safe, o.size, o.width, o.minSize);
  const w = font.widthOfTextAtSize(text, size);
  const x = o.align === 'center' ? o.x + (o.width - w) / 2 : o.align === 'right' ? o.x + o.width - w : o.x;
  page.drawText(text, { x, y: o.y, size, font, color: o.color ?? BLACK });
}

// ---------------------------------------------------------------------------------------------
// Barcodes

const QUIET_MODULES = 10; // Code 128 needs 10 modules of white either side.
const round3 = (n: number) => Math.round(n * 1000) / 1000;

/**
 * The bars of a linear symbol from bwip-js's encoder: `sbs` alternates bar and space widths in
 * modules, `bhs`/`bbs` give each bar's height and bottom as fractions of the symbol height.
 * `raw` runs the same BWIPP encoder as `toSVG` without its renderer: ~0.1 ms instead of ~1.5 ms.
 */
function encodeLinear(bcid: 'code128' | 'gs1-128', value: string): { sbs: number[]; bhs: number[]; bbs: number[] } | null {
  const [symbol] = bwipjs.raw(bcid, value, '');
  return symbol && 'sbs' in symbol ? symbol : null;
}

/**
 * A linear barcode as vector rectangles in one fill, centred in the box with its quiet zones and
 * stretched to the box width (module width capped at `maxModule` pt). Returns false, drawing
 * nothing, when the value cannot be encoded (empty or outside printable ASCII).
 */
export function drawBarcode(page: PDFPage, bcid: 'code128' | 'gs1-128', value: string, box: { x: number; y: number; width: number; height: number }, maxModule = 3): boolean {
  if (!/^[\x20-\x7e]+$/.test(value)) return false;
  const bars = encodeLinear(bcid, value);
  if (!bars) return false;
  const modules = bars.sbs.reduce((sum, w) => sum + w, 0);
  const module = Math.min(maxModule, box.width / (modules + 2 * QUIET_MODULES));
  let x = box.x + (box.width - modules * module) / 2;
  // One `re` operator a bar and a single fill: bwip-js SVG + drawSvgPath was measured at ~3 ms a
  // label and a PNG at ~26 ms; rectangles are the same vectors for a fraction of the parsing.
  const ops: PDFOperator[] = [pushGraphicsState(), setFillingGrayscaleColor(0)];
  bars.sbs.forEach((w, i) => {
    const width = w * module;
    if (i % 2 === 0 && width > 0) {
      const bar = i / 2;
      const height = (bars.bhs[bar] ?? 1) * box.height;
      const bottom = box.y + (bars.bbs[bar] ?? 0) * box.height;
      ops.push(rectangle(round3(x), round3(bottom), round3(width), round3(height)));
    }
    x += width;
  });
  ops.push(fill(), popGraphicsState());
  page.pushOperators(...ops);
  return true;
}

// ---------------------------------------------------------------------------------------------
// Label layout (PDF points, origin bottom-left)

const W = LABEL_SIZE.width;
const H = LABEL_SIZE.height;
const EDGE = 5; // the frame's inset from the page edge
const PAD = 7; // text inset from the frame
const INNER = { left: EDGE + PAD, right: W - EDGE - PAD };
const INNER_WIDTH = INNER.right - INNER.left;
const THICK = 2.5;

const two = (n: number) => String(n).padStart(2, '0');
/** DD-MM-YYYY (docs/engineering.md "UI"): the day at `offset` (UTC without one). */
export const labelDate = (d: Date, offset = '+00:00') => {
  const local = new Date(d.getTime() + offsetMinutes(offset) * 60_000);
  return `${two(local.getUTCDate())}-${two(local.getUTCMonth() + 1)}-${local.getUTCFullYear()}`;
};
const num = (n: number) => (Number.isFinite(n) ? String(Math.round(n * 10) / 10) : '?');
const weightText = (grams: number) => (Number.isFinite(grams) ? `${(grams / 1000).toFixed(2)} kg (${(grams / 453.59237).toFixed(2)} lb)` : '?');
const dimsText = (d: LabelData) => `${num(d.lengthCm)} x ${num(d.widthCm)} x ${num(d.heightCm)} cm`;
/** ZIP5 of a US ZIP ("90210-1234" → "90210"), or null. */
const zip5 = (zip: string) => /^\s*(\d{5})(?:\s*-?\s*\d{4})?\s*$/.exec(zip)?.[1] ?? null;

function cityLine(a: LabelAddress): string {
  return [a.city, [a.state, a.zip].filter(present).join(' ')].filter(present).join(', ');
}

function separator(page: PDFPage, y: number, thickness = THICK) {
  page.drawLine({ start: { x: EDGE, y }, end: { x: W - EDGE, y }, thickness, color: BLACK });
}

function drawShippingLabel(page: PDFPage, f: Fonts, data: LabelData, us: boolean) {
  page.drawRectangle({ x: EDGE, y: EDGE, width: W - 2 * EDGE, height: H - 2 * EDGE, borderWidth: 1.5, borderColor: BLACK });

  // Row 1: the sender on the left, carrier and package facts on the right.
  const rowTop = H - EDGE;
  const rowBottom = rowTop - 78;
  const splitX = 180;
  page.drawLine({ start: { x: splitX, y: rowBottom }, end: { x: splitX, y: rowTop }, thickness: 1, color: BLACK });
  let y = rowTop - 11;
  drawTextLine(page, f.bold, 'FROM:', { x: INNER.left, y, width: 60, size: 7 });
  const s = data.sender;
  for (const line of [s.name, s.company, s.address1, s.address2, cityLine(s), s.country, present(s.phone) ? `Tel ${s.phone}` : undefined].filter(present)) {
    y -= 9;
    if (y < rowBottom + 3) break;
    drawTextLine(page, f.regular, line, { x: INNER.left, y, width: splitX - INNER.left - 4, size: 7.5 });
  }
  const rx = splitX + 5;
  const rw = INNER.right - rx;
  drawTextLine(page, f.bold, data.carrierName, { x: rx, y: rowTop - 15, width: rw, size: 13 });
  drawTextLine(page, f.regular, `Ship date ${labelDate(data.shipDate, data.timeZone)}`, { x: rx, y: rowTop - 27, width: rw, size: 7.5 });
  drawTextLine(page, f.regular, weightText(data.weightGr), { x: rx, y: rowTop - 37, width: rw, size: 7.5 });
  drawTextLine(page, f.regular, dimsText(data), { x: rx, y: rowTop - 47, width: rw, size: 7.5 });
  if (data.signature) {
    page.drawRectangle({ x: rx - 1, y: rowBottom + 4, width: rw + 2, height: 17, color: BLACK });
    drawTextLine(page, f.bold, 'SIGNATURE REQUIRED', { x: rx + 2, y: rowBottom + 9.5, width: rw - 4, size: 8, align: 'center', color: WHITE });
  }
  separator(page, rowBottom);

  // Row 2: the service as a black banner (with the "US" mark on US labels).
  const bannerTop = rowBottom;
  const bannerBottom = bannerTop - 34;
  page.drawRectangle({ x: EDGE, y: bannerBottom, width: W - 2 * EDGE, height: bannerTop - bannerBottom, color: BLACK });
  let bannerLeft = INNER.left;
  if (us) {
    const side = bannerTop - bannerBottom - 6;
    page.drawRectangle({ x: EDGE + 3, y: bannerBottom + 3, width: side, height: side, color: WHITE });
    drawTextLine(page, f.bold, 'US', { x: EDGE + 3, y: bannerBottom + 3 + side / 2 - 7, width: side, size: 20, align: 'center' });
    bannerLeft = EDGE + 3 + side + 6;
  }
  drawTextLine(page, f.bold, data.serviceName.toUpperCase(), { x: bannerLeft, y: bannerBottom + 11, width: INNER.right - bannerLeft, size: 16, minSize: 8, align: 'center', color: WHITE });

  // Row 3: the recipient, big.
  const shipToTop = bannerBottom;
  const shipToBottom = us ? 186 : 168;
  drawTextLine(page, f.bold, 'SHIP TO:', { x: INNER.left, y: shipToTop - 13, width: 60, size: 8 });
  const r = data.recipient;
  const lines: { text: string; size: number; bold: boolean }[] = [
    { text: r.name, size: 14, bold: true },
    { text: r.company ?? '', size: 11, bold: false },
    { text: r.address1, size: 12, bold: false },
    { text: r.address2 ?? '', size: 12, bold: false },
    { text: cityLine(r), size: 14, bold: true },
    { text: r.country, size: 12, bold: true },
    { text: present(r.phone) ? `Tel ${r.phone}` : '', size: 9, bold: false },
  ].filter((l) => present(l.text));
  const needed = lines.reduce((sum, l) => sum + l.size + 2.5, 0);
  const room = shipToTop - 22 - (shipToBottom + 4);
  const k = Math.min(1, room / needed); // many lines: everything a little smaller, never off the block
  y = shipToTop - 20;
  for (const l of lines) {
    y -= (l.size + 2.5) * k;
    drawTextLine(page, l.bold ? f.bold : f.regular, l.text, { x: INNER.left + 18, y: y + 2.5 * k, width: INNER.right - INNER.left - 18, size: l.size * k });
  }
  separator(page, shipToBottom);

  // Row 4 (US): the routing barcode, AI 420 + the recipient's ZIP5 (USPS IMpb's routing part).
  let trackTop = shipToBottom;
  if (us) {
    const zip = zip5(r.zip);
    if (zip) {
      drawTextLine(page, f.bold, 'ZIP', { x: INNER.left, y: shipToBottom - 11, width: 30, size: 7 });
      drawBarcode(page, 'gs1-128', `(420)${zip}`, { x: INNER.left + 20, y: shipToBottom - 44, width: INNER_WIDTH - 40, height: 38 }, 2.2);
      drawTextLine(page, f.regular, `(420) ${zip}`, { x: INNER.left, y: shipToBottom - 54, width: INNER_WIDTH, size: 8, align: 'center' });
    }
    trackTop = shipToBottom - 60;
    separator(page, trackTop, 1);
  }

  // Row 5: the tracking number, barcode across the width and as text.
  const footerTop = 48;
  drawTextLine(page, f.bold, `${data.carrierName} TRACKING #`, { x: INNER.left, y: trackTop - 13, width: INNER_WIDTH, size: 9, align: 'center' });
  const barTop = trackTop - 18;
  const barBottom = footerTop + 22;
  drawBarcode(page, 'code128', data.trackingNumber.trim(), { x: EDGE + 1, y: barBottom, width: W - 2 * EDGE - 2, height: barTop - barBottom });
  drawTextLine(page, f.bold, data.trackingNumber.trim(), { x: INNER.left, y: footerTop + 7, width: INNER_WIDTH, size: 13, align: 'center' });
  separator(page, footerTop);

  // Row 6: references.
  drawTextLine(page, f.bold, `Order: ${data.orderName}`, { x: INNER.left, y: footerTop - 14, width: INNER_WIDTH * 0.62, size: 9 });
  drawTextLine(page, f.regular, `Ref: ${data.exOrderId}`, { x: INNER.left, y: footerTop - 26, width: INNER_WIDTH * 0.62, size: 8.5 });
  drawTextLine(page, f.regular, `${data.carrierCode} / ${data.serviceCode}`, { x: INNER.left, y: footerTop - 37, width: INNER_WIDTH * 0.62, size: 7 });
  drawTextLine(page, f.bold, 'ExShip', { x: INNER.left, y: footerTop - 26, width: INNER_WIDTH, size: 11, align: 'right' });
}

function drawWarehouseLabel(page: PDFPage, f: Fonts, data: LabelData) {
  page.drawRectangle({ x: EDGE, y: EDGE, width: W - 2 * EDGE, height: H - 2 * EDGE, borderWidth: 1.5, borderColor: BLACK });
  const top = H - EDGE;
  drawTextLine(page, f.bold, 'ExShip', { x: INNER.left, y: top - 19, width: 80, size: 14 });
  drawTextLine(page, f.regular, labelDate(data.shipDate, data.timeZone), { x: INNER.left, y: top - 18, width: INNER_WIDTH, size: 9, align: 'right' });
  separator(page, top - 28);

  drawTextLine(page, f.bold, 'ORDER', { x: INNER.left, y: top - 42, width: 60, size: 8 });
  drawTextLine(page, f.bold, data.orderName, { x: INNER.left, y: top - 68, width: INNER_WIDTH, size: 22, minSize: 10 });
  separator(page, top - 80);

  // The exOrderId barcode is what the warehouse scans: big, across the width.
  drawBarcode(page, 'code128', data.exOrderId.trim(), { x: EDGE + 1, y: top - 250, width: W - 2 * EDGE - 2, height: 155 }, 4);
  drawTextLine(page, f.bold, data.exOrderId.trim(), { x: INNER.left, y: top - 276, width: INNER_WIDTH, size: 20, align: 'center', minSize: 9 });
  separator(page, top - 290);

  let y = top - 306;
  drawTextLine(page, f.bold, 'TRACKING #', { x: INNER.left, y, width: 80, size: 8 });
  y -= 17;
  drawTextLine(page, f.bold, data.trackingNumber.trim(), { x: INNER.left, y, width: INNER_WIDTH, size: 14 });
  y -= 17;
  drawTextLine(page, f.regular, `${data.carrierName} - ${data.serviceName}`, { x: INNER.left, y, width: INNER_WIDTH, size: 10 });
  y -= 14;
  drawTextLine(page, f.regular, `${weightText(data.weightGr)} | ${dimsText(data)}`, { x: INNER.left, y, width: INNER_WIDTH, size: 9 });
  y -= 14;
  drawTextLine(page, f.regular, `To: ${[data.recipient.name, data.recipient.city, data.recipient.state, data.recipient.country].filter(present).join(', ')}`, { x: INNER.left, y, width: INNER_WIDTH, size: 9 });
  if (data.signature) {
    y -= 22;
    page.drawRectangle({ x: INNER.left - 2, y: y - 5, width: 120, height: 17, color: BLACK });
    drawTextLine(page, f.bold, 'SIGNATURE REQUIRED', { x: INNER.left, y, width: 116, size: 8, align: 'center', color: WHITE });
  }
}

/** Draws one label on a new 4x6 page of `doc`. */
function addLabelPage(doc: PDFDocument, fonts: Fonts, data: LabelData, variant: LabelVariant = 'shipping'): PDFPage {
  const page = doc.addPage([W, H]);
  if (variant === 'barcode') drawWarehouseLabel(page, fonts, data);
  else drawShippingLabel(page, fonts, data, variant === 'us');
  return page;
}

// A classic xref table instead of compressed object streams: ~30% faster to save a label (one deflate
// less per document) for a few hundred bytes more, and readable by older printer drivers.
const SAVE_OPTIONS = { useObjectStreams: false } as const;

function newDocument(title: string): Promise<PDFDocument> {
  return PDFDocument.create().then((doc) => {
    doc.setTitle(pdfText(title));
    doc.setProducer('ExShip');
    doc.setCreator('ExShip');
    return doc;
  });
}

/** One label, one 4x6 in page (288 x 432 pt). */
export async function renderLabelPdf(data: LabelData, variant: LabelVariant = 'shipping'): Promise<Uint8Array> {
  const doc = await newDocument(`Label ${data.trackingNumber}`);
  addLabelPage(doc, await embedLabelFonts(doc), data, variant);
  return doc.save(SAVE_OPTIONS);
}

/**
 * Many labels in one document, one page each; the fonts are embedded once. An empty list is a
 * RangeError (pdf-lib would otherwise save a blank page that is not a label).
 */
export async function renderLabelsPdf(items: readonly LabelData[], variant: LabelVariant = 'shipping'): Promise<Uint8Array> {
  if (items.length === 0) throw new RangeError('renderLabelsPdf: no labels to render');
  const doc = await newDocument(`Labels (${items.length})`);
  const fonts = await embedLabelFonts(doc);
  for (const item of items) addLabelPage(doc, fonts, item, variant);
  return doc.save(SAVE_OPTIONS);
}

/** Stored label files merged into one document, in order (bulk download). An empty list is a RangeError. */
export async function mergePdfs(pdfs: readonly Uint8Array[]): Promise<Uint8Array> {
  if (pdfs.length === 0) throw new RangeError('mergePdfs: no PDFs to merge');
  const out = await newDocument(`Labels (${pdfs.length})`);
  for (const bytes of pdfs) {
    const src = await PDFDocument.load(bytes);
    const pages = await out.copyPages(src, src.getPageIndices());
    for (const p of pages) out.addPage(p);
  }
  return out.save(SAVE_OPTIONS);
}

// ---------------------------------------------------------------------------------------------
// ZPL II, 4x6 in at 203 dpi (812 x 1218 dots)

const ZPL_W = 812;
const ZPL_H = 1218;
const ZPL_MARGIN = 30;

/**
 * A text field: ASCII only (the printer's built-in font), and with ^FH the field's '_', '^' and
 * '~' are sent as hex escapes, so user text can never end the field or start a command.
 */
function zplText(s: string): string {
  return asciiText(s).replace(/[_^~]/g, (c) => `_${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** Cuts text to what fits `widthDots` in font 0 at `height` dots (about half the height a character). */
function zplFit(s: string, height: number, widthDots: number): string {
  const max = Math.max(1, Math.floor(widthDots / (height * 0.55)));
  return s.length <= max ? s : `${s.slice(0, Math.max(1, max - 3)).trimEnd()}...`;
}

function zplLine(x: number, y: number, height: number, text: string, widthDots = ZPL_W - x - ZPL_MARGIN): string {
  const safe = zplFit(asciiText(text), height, widthDots);
  return safe === '' ? '' : `^FO${x},${y}^A0N,${height},${height}^FH^FD${zplText(safe)}^FS\n`;
}

/** Modules in a Code 128 of `value` under automatic subsets: digit pairs in C, the rest in B. */
function code128Modules(value: string): number {
  const symbols = (value.match(/\d{2}/g)?.length ?? 0) + value.replace(/\d{2}/g, '').length;
  return symbols * 11 + 35; // + start, check digit and stop
}

/**
 * A Code 128 centred on the label at the widest ^BY (2–4 dots a module) that keeps its quiet
 * zones inside the frame. Mode A lets the printer pick the subsets (digit runs in C).
 */
function zplBarcode(y: number, height: number, value: string): string {
  const v = asciiText(value.trim());
  if (v === '') return '';
  const modules = code128Modules(v);
  let by = 4;
  while (by > 2 && (modules + 2 * QUIET_MODULES) * by > ZPL_W - 2 * (ZPL_MARGIN - 10)) by--;
  const x = Math.max(ZPL_MARGIN - 10, Math.round((ZPL_W - modules * by) / 2));
  return `^FO${x},${y}^BY${by}^BCN,${height},N,N,N,A^FH^FD${zplText(v)}^FS\n`;
}

/** ZPL II for a 4x6 in thermal label at 203 dpi: ^XA … ^XZ, Code 128 of the tracking number. */
export function renderLabelZpl(data: LabelData, variant: LabelVariant = 'shipping'): string {
  const m = ZPL_MARGIN;
  let z = `^XA\n^CI0^PW${ZPL_W}^LL${ZPL_H}^LH0,0\n^FO${m - 10},${m - 10}^GB${ZPL_W - 2 * m + 20},${ZPL_H - 2 * m + 20},3^FS\n`;
  const rule = (y: number, t = 6) => `^FO${m - 10},${y}^GB${ZPL_W - 2 * m + 20},${t},${t}^FS\n`;
  if (variant === 'barcode') {
    z += zplLine(m, m + 10, 40, 'ExShip', 300);
    z += zplLine(ZPL_W - m - 240, m + 14, 30, labelDate(data.shipDate, data.timeZone), 240);
    z += rule(m + 60);
    z += zplLine(m, m + 80, 26, 'ORDER');
    z += zplLine(m, m + 115, 60, data.orderName);
    z += rule(m + 190);
    z += zplBarcode(m + 230, 420, data.exOrderId);
    z += zplLine(m, m + 680, 56, data.exOrderId);
    z += rule(m + 760);
    z += zplLine(m, m + 790, 26, 'TRACKING #');
    z += zplLine(m, m + 825, 44, data.trackingNumber.trim());
    z += zplLine(m, m + 885, 30, `${data.carrierName} - ${data.serviceName}`);
    z += zplLine(m, m + 925, 28, `${weightText(data.weightGr)} | ${dimsText(data)}`);
    z += zplLine(m, m + 965, 28, `To: ${[data.recipient.name, data.recipient.city, data.recipient.state, data.recipient.country].filter(present).join(', ')}`);
    if (data.signature) z += `^FO${m},${m + 1020}^GB420,50,50^FS^FO${m + 12},${m + 1032}^A0N,30,30^FR^FDSIGNATURE REQUIRED^FS\n`;
    return `${z}^XZ\n`;
  }

  const us = variant === 'us';
  // Sender and package facts.
  const s = data.sender;
  let y = m + 5;
  z += zplLine(m, y, 22, 'FROM:');
  for (const line of [s.name, s.company, s.address1, s.address2, cityLine(s), s.country].filter(present).slice(0, 6)) {
    y += 28;
    z += zplLine(m, y, 24, line, 470);
  }
  z += `^FO${500},${m - 10}^GB3,230,3^FS\n`;
  z += zplLine(520, m + 5, 40, data.carrierName);
  z += zplLine(520, m + 55, 22, `Ship date ${labelDate(data.shipDate, data.timeZone)}`);
  z += zplLine(520, m + 85, 22, weightText(data.weightGr));
  z += zplLine(520, m + 115, 22, dimsText(data));
  if (data.signature) z += `^FO515,${m + 160}^GB270,50,50^FS^FO525,${m + 174}^A0N,24,24^FR^FDSIGNATURE REQUIRED^FS\n`;
  y = m + 220;
  // Service banner: white text on black.
  z += `^FO${m - 10},${y}^GB${ZPL_W - 2 * m + 20},100,100^FS\n`;
  let bannerX = m + 10;
  if (us) {
    z += `^FO${m},${y + 10}^GB80,80,80,W^FS^FO${m + 12},${y + 25}^A0N,56,50^FDUS^FS\n`;
    bannerX = m + 100;
  }
  z += `^FO${bannerX},${y + 28}^A0N,50,46^FR^FH^FD${zplText(zplFit(asciiText(data.serviceName.toUpperCase()), 50, ZPL_W - bannerX - m))}^FS\n`;
  y += 110;
  // Recipient, big; many lines all get a little smaller rather than run into the next block.
  const r = data.recipient;
  z += zplLine(m, y, 26, 'SHIP TO:');
  const recipientBottom = us ? 640 : 660;
  const recipientLines = ([
    [r.name, 40], [r.company, 32], [r.address1, 34], [r.address2, 34], [cityLine(r), 40], [r.country, 34], [present(r.phone) ? `Tel ${r.phone}` : undefined, 26],
  ] as const).filter(([text]) => present(text));
  y += 8;
  const k = Math.min(1, (recipientBottom - y - 4) / recipientLines.reduce((sum, [, h]) => sum + h + 6, 0));
  for (const [text, h] of recipientLines) {
    const size = Math.floor(h * k);
    y += Math.floor((h + 6) * k);
    z += zplLine(m + 50, y - size, size, text ?? '');
  }
  y = recipientBottom;
  z += rule(y);
  if (us) {
    const zip = zip5(r.zip);
    if (zip) {
      // GS1-128: start C (>;) and FNC1 (>8), then AI 420 and the ZIP5: start, FNC1, 4 digit pairs,
      // check and stop are 90 modules, 270 dots at ^BY3, centred.
      z += `^FO${(ZPL_W - 270) / 2},${y + 18}^BY3^BCN,90,N,N,N^FD>;>8420${zip}^FS\n`;
      z += zplLine(335, y + 116, 26, `(420) ${zip}`);
    }
    y += 150;
    z += rule(y, 3);
  }
  const footerY = ZPL_H - m - 120;
  z += zplLine(m, y + 15, 28, `${data.carrierName} TRACKING #`);
  const barHeight = Math.min(260, footerY - (y + 55) - 65);
  z += zplBarcode(y + 55, barHeight, data.trackingNumber);
  z += zplLine(m, y + 55 + barHeight + 12, 40, data.trackingNumber.trim());
  z += rule(footerY);
  z += zplLine(m, footerY + 18, 30, `Order: ${data.orderName}`, 560);
  z += zplLine(m, footerY + 54, 28, `Ref: ${data.exOrderId}`, 560);
  z += zplLine(m, footerY + 88, 22, `${data.carrierCode} / ${data.serviceCode}`, 560);
  z += zplLine(ZPL_W - m - 150, footerY + 50, 36, 'ExShip', 150);
  return `${z}^XZ\n`;
}
