import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { translate, type InvoiceDetail, type Language } from '@exship/contracts';
import { formatDateTime } from '@exship/domain';
import { embedPdfFonts, pdfText } from '../../platform/pdf-fonts';

// The invoice as a PDF (pdf-lib, Noto Sans: Vietnamese words and names keep their accents), showing what the invoice screen
// shows: the words in the reader's language, the times in the reader's offset, and every fee line,
// so each line adds up (shipping + seasonal + signature + over-length − discount + tax + surcharge =
// amount) and the amounts add up to the total. A character the font has no glyph for becomes '?'.

/** A4 landscape: the fee columns need the width. */
const PAGE = { width: 841.89, height: 595.28 };
const MARGIN = 30;
const SIZE = 7.5;
const usd = (n: number) => n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** DD-MM-YYYY of a calendar date (YYYY-MM-DD): the invoice's period has no time of day. */
const calendarDate = (d: string) => `${d.slice(8, 10)}-${d.slice(5, 7)}-${d.slice(0, 4)}`;
const dayBefore = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

function fit(font: PDFFont, text: string, size: number, width: number): string {
  const full = pdfText(text);
  if (font.widthOfTextAtSize(full, size) <= width) return full;
  let t = full;
  while (t.length > 1 && font.widthOfTextAtSize(`${t}..`, size) > width) t = t.slice(0, -1);
  return `${t}..`;
}

/** A header cut into at most two lines that fit the column (words kept whole where they can be). */
function headerLines(font: PDFFont, text: string, size: number, width: number): string[] {
  const words = pdfText(text).split(' ');
  const lines: string[] = [];
  let line = '';
  for (const w of words) {
    const next = line ? `${line} ${w}` : w;
    if (font.widthOfTextAtSize(next, size) <= width || !line) line = next;
    else {
      lines.push(line);
      line = w;
    }
  }
  if (line) lines.push(line);
  return lines.length <= 2 ? lines.map((l) => fit(font, l, size, width)) : [fit(font, lines[0]!, size, width), fit(font, lines.slice(1).join(' '), size, width)];
}

type Line = InvoiceDetail['lines'][number];
interface Column {
  title: string;
  width: number;
  align: 'left' | 'right';
  cell: (l: Line, i: number) => string;
}

export interface InvoiceReader {
  lang: Language;
  /** The reader's UTC offset (±HH:MM). */
  offset: string;
}

export async function invoicePdf(inv: InvoiceDetail, customer: { email: string | null; fullName: string | null }, reader: InvoiceReader): Promise<Buffer> {
  const { lang, offset } = reader;
  const tr = (key: string, vars?: Record<string, string>) => translate(lang, key, vars);
  const doc = await PDFDocument.create();
  doc.setTitle(`${pdfText(tr('invoice.pdf.title'))} ${inv.number}`);
  doc.setProducer('ExShip');
  doc.setCreator('ExShip');
  const { regular: font, bold } = await embedPdfFonts(doc);
  const grey = rgb(0.4, 0.4, 0.4);

  // An order line shows the order's fee lines (what its payment was made of); a surcharge line only
  // its surcharge. The discount is money taken off: written with a minus.
  const fee = (pick: (f: NonNullable<Line['fees']>) => number, sign = 1) => (l: Line) => (l.kind === 'order' && l.fees ? usd(sign * pick(l.fees) || 0) : '');
  const cols: Column[] = [
    { title: '#', width: 16, align: 'left', cell: (_, i) => String(i + 1) },
    { title: tr('invoice.pdf.col.order'), width: 72, align: 'left', cell: (l) => l.exOrderId ?? l.orderId.slice(0, 8) },
    { title: tr('invoice.pdf.col.orderName'), width: 78, align: 'left', cell: (l) => l.orderName ?? '' },
    { title: tr('invoice.pdf.col.kind'), width: 60, align: 'left', cell: (l) => tr(`export.lineKind.${l.kind}`) },
    { title: tr('invoice.pdf.col.gateway'), width: 48, align: 'left', cell: (l) => tr(`export.gateway.${l.gateway}`) },
    { title: tr('invoice.pdf.col.paidAt'), width: 76, align: 'left', cell: (l) => formatDateTime(l.paidAt, offset) },
    { title: tr('export.fee.shippingFee'), width: 52, align: 'right', cell: fee((f) => f.shipping) },
    { title: tr('export.fee.seasonalFee'), width: 52, align: 'right', cell: fee((f) => f.seasonal) },
    { title: tr('export.fee.signatureFee'), width: 52, align: 'right', cell: fee((f) => f.signature) },
    { title: tr('export.fee.overLengthFee'), width: 54, align: 'right', cell: fee((f) => f.overLength) },
    { title: tr('export.fee.discount'), width: 50, align: 'right', cell: fee((f) => f.discount, -1) },
    { title: tr('export.fee.taxFee'), width: 46, align: 'right', cell: fee((f) => f.tax) },
    { title: tr('export.fee.surcharge'), width: 52, align: 'right', cell: (l) => (l.kind === 'surcharge' ? usd(l.amount) : '') },
    { title: tr('invoice.pdf.col.amount'), width: 64, align: 'right', cell: (l) => usd(l.amount) },
  ];
  let page: PDFPage = doc.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - MARGIN;
  const text = (p: PDFPage, s: string, x: number, yy: number, size = SIZE, f = font, color = rgb(0, 0, 0)) => p.drawText(pdfText(s), { x, y: yy, size, font: f, color });

  const header = () => {
    const titles = cols.map((c) => headerLines(bold, c.title, SIZE, c.width - 4));
    const height = Math.max(...titles.map((t) => t.length)) * 9 + 6;
    page.drawRectangle({ x: MARGIN - 2, y: y - height + 11, width: PAGE.width - 2 * MARGIN + 4, height, color: rgb(0.93, 0.94, 0.96) });
    let x = MARGIN;
    cols.forEach((c, j) => {
      titles[j]!.forEach((line, k) => {
        const w = bold.widthOfTextAtSize(line, SIZE);
        text(page, line, c.align === 'right' ? x + c.width - w - 2 : x, y - k * 9, SIZE, bold);
      });
      x += c.width;
    });
    y -= height + 6;
  };

  text(page, 'ExShip', MARGIN, y, 20, bold, rgb(0.09, 0.47, 1));
  const title = pdfText(tr('invoice.pdf.title'));
  text(page, title, PAGE.width - MARGIN - bold.widthOfTextAtSize(title, 20), y, 20, bold);
  y -= 30;
  const facts: [string, string][] = [
    [tr('invoice.pdf.number'), inv.number],
    [tr('invoice.pdf.customer'), [customer.fullName, customer.email].filter(Boolean).join(' - ') || inv.customerId],
    [tr('invoice.pdf.period'), tr('invoice.pdf.periodRange', { from: calendarDate(inv.periodStart), to: calendarDate(dayBefore(inv.periodEnd)) })],
    [tr('invoice.pdf.issuedAt'), formatDateTime(inv.issuedAt, offset)],
    [tr('invoice.pdf.taxDueAt'), `${formatDateTime(inv.taxDueAt, offset)} ${tr('invoice.pdf.taxDueNote')}`],
    [tr('invoice.pdf.orders'), String(inv.orderCount)],
  ];
  for (const [k, v] of facts) {
    text(page, k, MARGIN, y, 10, font, grey);
    text(page, v, MARGIN + 120, y, 10, bold);
    y -= 15;
  }
  text(page, tr('invoice.pdf.timeZone', { offset }), MARGIN, y, 8, font, grey);
  y -= 18;
  header();

  inv.lines.forEach((l, i) => {
    if (y < MARGIN + 40) {
      page = doc.addPage([PAGE.width, PAGE.height]);
      y = PAGE.height - MARGIN;
      header();
    }
    let x = MARGIN;
    for (const c of cols) {
      const t = fit(font, c.cell(l, i), SIZE, c.width - 4);
      const w = font.widthOfTextAtSize(t, SIZE);
      if (t) text(page, t, c.align === 'right' ? x + c.width - w - 2 : x, y);
      x += c.width;
    }
    y -= 13;
  });

  y -= 6;
  page.drawLine({ start: { x: MARGIN, y: y + 10 }, end: { x: PAGE.width - MARGIN, y: y + 10 }, thickness: 0.5, color: grey });
  const total = pdfText(tr('invoice.pdf.total', { amount: usd(inv.total) }));
  text(page, total, PAGE.width - MARGIN - bold.widthOfTextAtSize(total, 11), y - 4, 11, bold);
  text(page, tr('invoice.pdf.footer'), MARGIN, MARGIN - 10, 7, font, grey);
  return Buffer.from(await doc.save());
}
