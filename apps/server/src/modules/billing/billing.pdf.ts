import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { InvoiceDetail } from '@exship/contracts';

// The invoice as a PDF (pdf-lib, the standard Helvetica font). Helvetica speaks WinAnsi only, so
// text is reduced to printable Latin: accents are dropped, anything else becomes '?'.

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 40;
const usd = (n: number) => n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const day = (iso: string) => {
  const d = new Date(iso);
  return `${String(d.getUTCDate()).padStart(2, '0')}-${String(d.getUTCMonth() + 1).padStart(2, '0')}-${d.getUTCFullYear()}`;
};

/** Printable Latin-1 for the standard fonts. */
export function pdfText(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[đĐ]/g, (c) => (c === 'đ' ? 'd' : 'D'))
    .replace(/[^\x20-\x7E]/g, '?');
}

function fit(font: PDFFont, text: string, size: number, width: number): string {
  const full = pdfText(text);
  if (font.widthOfTextAtSize(full, size) <= width) return full;
  let t = full;
  while (t.length > 1 && font.widthOfTextAtSize(`${t}..`, size) > width) t = t.slice(0, -1);
  return `${t}..`;
}

export async function invoicePdf(inv: InvoiceDetail, customer: { email: string | null; fullName: string | null }): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Invoice ${inv.number}`);
  doc.setProducer('ExShip');
  doc.setCreator('ExShip');
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const grey = rgb(0.4, 0.4, 0.4);

  const cols = [
    { title: '#', width: 22, align: 'left' as const },
    { title: 'Order ID', width: 82, align: 'left' as const },
    { title: 'Order name', width: 98, align: 'left' as const },
    { title: 'Kind', width: 52, align: 'left' as const },
    { title: 'Paid by', width: 44, align: 'left' as const },
    { title: 'Shipping', width: 52, align: 'right' as const },
    { title: 'Discount', width: 50, align: 'right' as const },
    { title: 'Tax', width: 44, align: 'right' as const },
    { title: 'Amount', width: 71, align: 'right' as const },
  ];
  let page: PDFPage = doc.addPage([A4.width, A4.height]);
  let y = A4.height - MARGIN;
  const text = (p: PDFPage, s: string, x: number, yy: number, size = 9, f = font, color = rgb(0, 0, 0)) => p.drawText(pdfText(s), { x, y: yy, size, font: f, color });

  const header = () => {
    let x = MARGIN;
    page.drawRectangle({ x: MARGIN - 2, y: y - 4, width: A4.width - 2 * MARGIN + 4, height: 16, color: rgb(0.93, 0.94, 0.96) });
    for (const c of cols) {
      const w = bold.widthOfTextAtSize(c.title, 8);
      text(page, c.title, c.align === 'right' ? x + c.width - w - 2 : x, y, 8, bold);
      x += c.width;
    }
    y -= 18;
  };

  text(page, 'ExShip', MARGIN, y, 20, bold, rgb(0.09, 0.47, 1));
  text(page, 'INVOICE', A4.width - MARGIN - bold.widthOfTextAtSize('INVOICE', 20), y, 20, bold);
  y -= 30;
  const facts: [string, string][] = [
    ['Invoice number', inv.number],
    ['Customer', [customer.fullName, customer.email].filter(Boolean).join(' - ') || inv.customerId],
    ['Period', `${day(inv.periodStart)} to ${day(new Date(new Date(inv.periodEnd).getTime() - 86_400_000).toISOString())}`],
    ['Invoice date', day(inv.issuedAt)],
    ['Tax payment due', `${day(inv.taxDueAt)} (7 working days after the invoice date)`],
    ['Orders', String(inv.orderCount)],
  ];
  for (const [k, v] of facts) {
    text(page, k, MARGIN, y, 10, font, grey);
    text(page, v, MARGIN + 110, y, 10, bold);
    y -= 15;
  }
  y -= 10;
  header();

  inv.lines.forEach((l, i) => {
    if (y < MARGIN + 60) {
      page = doc.addPage([A4.width, A4.height]);
      y = A4.height - MARGIN;
      header();
    }
    const cells = [
      String(i + 1),
      l.exOrderId ?? l.orderId.slice(0, 8),
      l.orderName ?? '',
      l.kind === 'order' ? 'Shipping' : 'Surcharge',
      l.gateway === 'credit' ? 'Credit' : 'Wallet',
      l.kind === 'order' && l.fees ? usd(l.fees.shipping) : '',
      l.kind === 'order' && l.fees ? usd(l.fees.discount) : '',
      l.kind === 'order' && l.fees ? usd(l.fees.tax) : '',
      usd(l.amount),
    ];
    let x = MARGIN;
    cells.forEach((cell, j) => {
      const c = cols[j]!;
      const t = fit(font, cell, 8, c.width - 4);
      const w = font.widthOfTextAtSize(t, 8);
      text(page, t, c.align === 'right' ? x + c.width - w - 2 : x, y, 8);
      x += c.width;
    });
    y -= 14;
  });

  y -= 6;
  page.drawLine({ start: { x: MARGIN, y: y + 10 }, end: { x: A4.width - MARGIN, y: y + 10 }, thickness: 0.5, color: grey });
  const total = `Total: ${usd(inv.total)} USD`;
  text(page, total, A4.width - MARGIN - bold.widthOfTextAtSize(total, 11), y - 4, 11, bold);
  text(page, 'Amounts in USD. Tax is payable within 7 working days of the invoice date.', MARGIN, MARGIN - 10, 8, font, grey);
  return Buffer.from(await doc.save());
}
