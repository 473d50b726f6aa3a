import * as mupdf from 'mupdf';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { extractText } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { translate, type InvoiceDetail } from '@exship/contracts';
import { invoicePdf } from './billing.pdf';

// The invoice PDF on its own (no database): read back with pdf.js (unpdf) for the text and rendered
// by MuPDF (FreeType) to prove every glyph draws.

function invoice(over: Partial<InvoiceDetail> = {}): InvoiceDetail {
  return {
    id: 'inv-1',
    number: 'INV-202611-0001',
    customerId: 'c-1',
    customerEmail: 'hang@example.vn',
    periodStart: '2026-11-01',
    periodEnd: '2026-12-01',
    issuedAt: '2026-12-01T02:00:00.000Z',
    taxDueAt: '2026-12-16T02:00:00.000Z',
    orderCount: 1,
    total: 12.5,
    gateways: ['wallet'],
    lines: [
      {
        orderId: 'o-1',
        exOrderId: 'EX2611240001',
        orderName: 'Đơn hàng Quận 1',
        kind: 'order',
        gateway: 'wallet',
        amount: 12.5,
        paidAt: '2026-11-24T10:00:00.000Z',
        fees: { shipping: 10, discount: 0, tax: 2.5, seasonal: 0, overLength: 0, signature: 0, surcharge: 0, total: 12.5 },
      },
    ],
    ...over,
  };
}

const CUSTOMER = { email: 'hang@example.vn', fullName: 'Nguyễn Thị Hằng, 12 Đường Lê Lợi, Quận 1' };

async function textOf(pdf: Buffer): Promise<string> {
  return (await extractText(new Uint8Array(pdf), { mergePages: true })).text;
}

describe('invoicePdf', () => {
  it("keeps a Vietnamese customer's name and the Vietnamese words with their accents", async () => {
    const pdf = await invoicePdf(invoice(), CUSTOMER, { lang: 'vi', offset: '+07:00' });
    const text = await textOf(pdf);
    expect(text).toContain('Nguyễn Thị Hằng, 12 Đường Lê Lợi, Quận 1');
    expect(text).toContain('Đơn hàng Quận 1');
    expect(text).toContain(translate('vi', 'invoice.pdf.title')); // HÓA ĐƠN
    expect(text).toContain('INV-202611-0001');
    // The standard Helvetica it was drawn with before cannot encode these letters at all.
    const helvetica = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
    expect(() => helvetica.encodeText('Hằng')).toThrow(/WinAnsi cannot encode/);
  });

  it('English still reads as before, and every glyph renders', async () => {
    const pdf = await invoicePdf(invoice({ lines: [{ ...invoice().lines[0]!, orderName: 'Shopify #10452' }] }), { email: 'jane@example.com', fullName: 'Jane Roe' }, { lang: 'en', offset: '-05:00' });
    const text = await textOf(pdf);
    for (const part of ['INVOICE', 'Jane Roe - jane@example.com', 'Shopify #10452', 'EX2611240001', 'Total: 12.50 USD']) expect(text).toContain(part);
    const warnings: string[] = [];
    mupdf.setLog((message) => warnings.push(message));
    try {
      for (const p of [pdf, await invoicePdf(invoice(), CUSTOMER, { lang: 'vi', offset: '+07:00' })]) mupdf.Document.openDocument(p, 'application/pdf').loadPage(0).toPixmap(mupdf.Matrix.scale(1, 1), mupdf.ColorSpace.DeviceGray, false);
    } finally {
      mupdf.setLog(null);
    }
    expect(warnings).toEqual([]);
  });
});
