import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as mupdf from 'mupdf';
import { PDFDict, PDFDocument, PDFName, StandardFonts } from 'pdf-lib';
import { extractText } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { pdfText } from '../../platform/pdf-fonts';
import { mergePdfs, renderLabelPdf, renderLabelsPdf, renderLabelZpl, type LabelData } from './shipping.label';

// Pure renderers, no database. Each PDF is read back by independent parsers: unpdf (pdf.js) for the
// text, MuPDF for the page size and a raster at a thermal printer's 203 dpi, ZXing for the barcodes.

beforeAll(async () => {
  // The reader's WASM from the installed package (never a CDN: CI reaches only the npm registry).
  const wasm = readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm'));
  await prepareZXingModule({ overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer }, fireImmediately: true });
});

const PRINTER_DPI = 203;

function openPdf(pdf: Uint8Array) {
  return mupdf.Document.openDocument(pdf, 'application/pdf');
}

/** Every valid Code 128 / GS1-128 on the page, rasterized as a 203 dpi printer would. */
async function decodePage(pdf: Uint8Array, pageIndex = 0): Promise<string[]> {
  const page = openPdf(pdf).loadPage(pageIndex);
  const png = page.toPixmap(mupdf.Matrix.scale(PRINTER_DPI / 72, PRINTER_DPI / 72), mupdf.ColorSpace.DeviceGray, false).asPNG();
  const found = await readBarcodes(png, { formats: ['Code128'], maxNumberOfSymbols: 4, tryHarder: true });
  return found.filter((r) => r.isValid).map((r) => r.text);
}

async function textOf(pdf: Uint8Array): Promise<string> {
  // pdf.js may take the buffer over: give it a copy.
  const { text } = await extractText(new Uint8Array(pdf), { mergePages: true });
  return text;
}

const pageSizes = (pdf: Uint8Array) => {
  const doc = openPdf(pdf);
  return Array.from({ length: doc.countPages() }, (_, i) => {
    const [x0, y0, x1, y1] = doc.loadPage(i).getBounds();
    return [x1 - x0, y1 - y0];
  });
};

function label(over: Partial<LabelData> = {}): LabelData {
  return {
    trackingNumber: '9400111899223197428490',
    carrierCode: 'USPS',
    carrierName: 'USPS',
    serviceCode: 'PRI',
    serviceName: 'Priority Mail',
    exOrderId: 'EX2611240001',
    orderName: 'Shopify #10452',
    weightGr: 1250,
    lengthCm: 30,
    widthCm: 20,
    heightCm: 10,
    shipDate: new Date('2026-11-24T10:00:00Z'),
    sender: { name: 'ExShip LAX1', company: 'ExShip LLC', phone: '+1 310 555 0100', address1: '1200 Harbor Blvd', city: 'Los Angeles', state: 'CA', zip: '90001', country: 'US' },
    recipient: { name: 'Jane Roe', address1: '350 Fifth Avenue', address2: 'Suite 4100', city: 'New York', state: 'NY', zip: '10118-0110', country: 'US' },
    signature: false,
    ...over,
  };
}

describe('renderLabelPdf', () => {
  it('is one 4x6 in page with the tracking number as text and as a scannable Code 128', async () => {
    const pdf = await renderLabelPdf(label());
    expect(pageSizes(pdf)).toEqual([[288, 432]]);
    const text = await textOf(pdf);
    expect(text).toContain('9400111899223197428490');
    expect(text).toContain('Jane Roe');
    expect(text).toContain('PRIORITY MAIL');
    expect(text).toContain('1.25 kg (2.76 lb)');
    expect(text).toContain('30 x 20 x 10 cm');
    expect(text).toContain('24-11-2026');
    expect(text).toContain('Shopify #10452');
    expect(text).toContain('EX2611240001');
    expect(text).not.toContain('SIGNATURE REQUIRED');
    expect(await decodePage(pdf)).toEqual(['9400111899223197428490']);
  });

  it("writes the ship date in the seller's offset (UTC for a label made without one)", async () => {
    const late = new Date('2026-11-24T20:00:00Z');
    expect(await textOf(await renderLabelPdf(label({ shipDate: late, timeZone: '+07:00' })))).toContain('25-11-2026');
    expect(renderLabelZpl(label({ shipDate: late, timeZone: '+07:00' }))).toContain('25-11-2026');
    expect(renderLabelZpl(label({ shipDate: late, timeZone: '-05:00' }))).toContain('24-11-2026');
    expect(renderLabelZpl(label({ shipDate: late }))).toContain('24-11-2026');
  });

  it('scans an alphanumeric tracking number and shows the signature flag', async () => {
    const pdf = await renderLabelPdf(label({ trackingNumber: '1Z999AA10123456784', carrierName: 'UPS', signature: true }));
    expect(await decodePage(pdf)).toEqual(['1Z999AA10123456784']);
    expect(await textOf(pdf)).toContain('SIGNATURE REQUIRED');
  });

  it('us: a 420 + ZIP5 routing barcode besides the tracking barcode, and the US mark', async () => {
    const pdf = await renderLabelPdf(label({ recipient: { ...label().recipient, zip: '30301-2233' } }), 'us');
    expect(pageSizes(pdf)).toEqual([[288, 432]]);
    const codes = await decodePage(pdf);
    expect(codes).toHaveLength(2);
    expect(codes).toContain('9400111899223197428490');
    // ZXing gives GS1 data in its human-readable form: proof the FNC1 (GS1-128, not plain Code 128) is there.
    expect(codes).toContain('(420)30301');
    const text = await textOf(pdf);
    expect(text).toMatch(/\bUS\b/);
    expect(text).toContain('(420) 30301');
  });

  it('us: no routing barcode when the recipient has no US ZIP', async () => {
    const pdf = await renderLabelPdf(label({ recipient: { ...label().recipient, zip: 'SW1A 1AA', country: 'GB' } }), 'us');
    expect(await decodePage(pdf)).toEqual(['9400111899223197428490']);
  });

  it('barcode: the warehouse label scans as the exOrderId and shows the order name and tracking number', async () => {
    const pdf = await renderLabelPdf(label({ exOrderId: 'EX-77-ABC' }), 'barcode');
    expect(pageSizes(pdf)).toEqual([[288, 432]]);
    expect(await decodePage(pdf)).toEqual(['EX-77-ABC']);
    const text = await textOf(pdf);
    expect(text).toContain('Shopify #10452');
    expect(text).toContain('9400111899223197428490');
  });

  it('Vietnamese names and addresses keep their accents; emoji and scripts the font lacks print as ?', async () => {
    const pdf = await renderLabelPdf(
      label({
        recipient: { ...label().recipient, name: 'Nguyễn Thị Hằng 😀', company: 'Công ty Thương mại Đông Á', address1: '12 Đường Lê Lợi, Quận 1', address2: '東京都' },
        sender: { ...label().sender, name: 'Trần Thị Ánh\tMinh\n' },
        orderName: 'Đơn hàng #1 🚚',
      }),
    );
    const text = await textOf(pdf);
    expect(text).toContain('Nguyễn Thị Hằng ?');
    expect(text).toContain('Công ty Thương mại Đông Á');
    expect(text).toContain('12 Đường Lê Lợi, Quận 1');
    expect(text).toContain('Trần Thị Ánh Minh');
    expect(text).toContain('Đơn hàng #1 ?');
    expect(text).toContain('???');
    expect(text).not.toMatch(/[😀🚚東]/u);
    // Decomposed input (a letter then its marks) is drawn composed, one glyph a letter.
    expect(await textOf(await renderLabelPdf(label({ recipient: { ...label().recipient, name: 'Nguyễn Thị Hằng'.normalize('NFD') } })))).toContain('Nguyễn Thị Hằng');
    // The same words in the warehouse variant.
    expect(await textOf(await renderLabelPdf(label({ orderName: 'Đơn hàng 😀' }), 'barcode'))).toContain('Đơn hàng ?');
  });

  it('draws the accents, not only their code points: every glyph renders, and the page differs from the same name without them', async () => {
    const raster = async (name: string) => openPdf(await renderLabelPdf(label({ recipient: { ...label().recipient, name } }))).loadPage(0).toPixmap(mupdf.Matrix.scale(PRINTER_DPI / 72, PRINTER_DPI / 72), mupdf.ColorSpace.DeviceGray, false).asPNG();
    // FreeType (in MuPDF) refuses a broken glyph outline with a warning and prints nothing for it.
    const warnings: string[] = [];
    mupdf.setLog((message) => warnings.push(message));
    try {
      for (const variant of ['shipping', 'us', 'barcode'] as const) {
        const pdf = await renderLabelPdf(label({ recipient: { ...label().recipient, name: 'Nguyễn Thị Hằng', address1: '12 Đường Lê Lợi, Quận 1' }, orderName: 'Đơn hàng Ánh' }), variant);
        openPdf(pdf).loadPage(0).toPixmap(mupdf.Matrix.scale(PRINTER_DPI / 72, PRINTER_DPI / 72), mupdf.ColorSpace.DeviceGray, false);
      }
    } finally {
      mupdf.setLog(null);
    }
    expect(warnings).toEqual([]);
    // The standard Helvetica these labels used could not encode them at all.
    const helvetica = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
    expect(() => helvetica.encodeText('Nguyễn')).toThrow(/WinAnsi cannot encode/);
    expect(Buffer.from(await raster('Nguyễn Thị Hằng')).equals(Buffer.from(await raster('Nguyen Thi Hang')))).toBe(false);
    expect(Buffer.from(await raster('Nguyen Thi Hang')).equals(Buffer.from(await raster('Nguyen Thi Hang')))).toBe(true);
  });

  it('a letter first drawn inside a composed one still reads as itself in the next label', async () => {
    // The parsed font is shared between documents, and a subset reaches a composed letter's parts
    // without their code points: "ĵ" is drawn as a dotless "ȷ" and a circumflex. (A letter no other
    // test draws, so the font meets it here first.)
    await renderLabelPdf(label({ recipient: { ...label().recipient, name: 'Kĵ' } }));
    expect(await textOf(await renderLabelPdf(label({ recipient: { ...label().recipient, name: 'Kȷ' } })))).toContain('Kȷ');
  });

  it('embeds Noto Sans as a subset: a label stays a few kilobytes', async () => {
    const pdf = await renderLabelPdf(label({ recipient: { ...label().recipient, name: 'Nguyễn Thị Hằng' } }));
    const raw = Buffer.from(pdf).toString('latin1');
    expect(raw).toMatch(/\/BaseFont \/NotoSans-Regular\b/);
    expect(raw).toMatch(/\/BaseFont \/NotoSans-Bold\b/);
    expect(raw).not.toContain('/Helvetica');
    expect(pdf.length).toBeLessThan(40_000);
  });

  it('every printable Latin-1 and WinAnsi character draws, and control characters do not break a line', async () => {
    let all = '';
    for (let c = 0x20; c <= 0xff; c++) all += String.fromCharCode(c);
    all += '€‚ƒ„…†‡ˆ‰‹Œ‘’“”•–—˜™›œŸ\u0000\u0007\u200b\ufeff';
    const pdf = await renderLabelPdf(label({ recipient: { ...label().recipient, name: all, address1: all } }));
    expect(pageSizes(pdf)).toEqual([[288, 432]]);
    expect(pdfText('Œuvre — “ok” € ½\u0007')).toBe('Œuvre — “ok” € ½?');
  });

  it('a line too long for the label is shrunk then cut, and the page stays one page', async () => {
    const longName = `Very ${'Long '.repeat(60)}Name`;
    const pdf = await renderLabelPdf(label({ recipient: { ...label().recipient, name: longName } }));
    expect(pageSizes(pdf)).toHaveLength(1);
    const text = await textOf(pdf);
    expect(text).toContain('Very Long Long');
    expect(text).toContain('...');
    expect(text).not.toContain('Long Name');
  });

  it('empty optional fields are skipped', async () => {
    const bare = await textOf(await renderLabelPdf(label({ sender: { ...label().sender, phone: '', company: '  ' } })));
    expect(bare).not.toContain('Tel');
    const withPhone = await textOf(await renderLabelPdf(label({ recipient: { ...label().recipient, phone: '+1 212 555 0199' } })));
    expect(withPhone).toContain('Tel +1 212 555 0199');
  });
});

describe('renderLabelsPdf and mergePdfs', () => {
  it('renders many labels, one page each and in order, with the fonts embedded once', async () => {
    const numbers = ['9400111899223197428490', '9400111899223197428491', '1Z999AA10123456784'];
    const pdf = await renderLabelsPdf(numbers.map((trackingNumber) => label({ trackingNumber })));
    expect(pageSizes(pdf)).toEqual([[288, 432], [288, 432], [288, 432]]);
    // Each page scans as its own number (so the decoding is not reading something else).
    for (const [i, n] of numbers.entries()) expect(await decodePage(pdf, i)).toEqual([n]);
    const doc = await PDFDocument.load(pdf);
    // A composite font each (Type0 over its CID font): regular and bold, once for all the pages.
    const fonts = doc.context.enumerateIndirectObjects().filter(([, o]) => o instanceof PDFDict && o.get(PDFName.of('Type')) === PDFName.of('Font') && o.get(PDFName.of('Subtype')) === PDFName.of('Type0'));
    expect(fonts).toHaveLength(2);
  });

  it('an empty batch is refused rather than a PDF without labels', async () => {
    await expect(renderLabelsPdf([])).rejects.toThrow(RangeError);
    await expect(mergePdfs([])).rejects.toThrow(RangeError);
  });

  it('merges stored label files into one document', async () => {
    const a = await renderLabelPdf(label({ trackingNumber: '420000000001' }));
    const b = await renderLabelPdf(label({ exOrderId: 'EX-B-2' }), 'barcode');
    const merged = await mergePdfs([a, b]);
    expect(pageSizes(merged)).toEqual([[288, 432], [288, 432]]);
    expect(await decodePage(merged, 0)).toEqual(['420000000001']);
    expect(await decodePage(merged, 1)).toEqual(['EX-B-2']);
  });
});

/** The text of each ^FH field, with ZPL's _XX hex escapes undone. */
const zplFields = (zpl: string) => [...zpl.matchAll(/\^FH\^FD(.*?)\^FS/g)].map((m) => m[1]!.replace(/_([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))));

describe('renderLabelZpl', () => {
  it('is one ^XA … ^XZ format with a Code 128 of the tracking number', () => {
    const zpl = renderLabelZpl(label());
    expect(zpl.startsWith('^XA')).toBe(true);
    expect(zpl.trimEnd().endsWith('^XZ')).toBe(true);
    expect(zpl.match(/\^XA/g)).toHaveLength(1);
    expect(zpl.match(/\^XZ/g)).toHaveLength(1);
    // ^BC's own field holds the tracking number.
    expect(zpl).toMatch(/\^BCN,\d+,N,N,N,A\^FH\^FD9400111899223197428490\^FS/);
    expect(zplFields(zpl)).toEqual(expect.arrayContaining(['Jane Roe', 'PRIORITY MAIL', 'Order: Shopify #10452', 'Ref: EX2611240001']));
    // 4x6 in at 203 dpi, and every field starts on the label, whatever the variant and text.
    expect(zpl).toContain('^PW812');
    expect(zpl).toContain('^LL1218');
    const crowded = label({ signature: true, recipient: { ...label().recipient, company: 'C'.repeat(80), address2: 'Floor 2', phone: '+1 212 555 0199' } });
    for (const variant of ['shipping', 'us', 'barcode'] as const) {
      const origins = [...renderLabelZpl(crowded, variant).matchAll(/\^FO(\d+),(\d+)/g)].map((m) => [Number(m[1]), Number(m[2])] as const);
      expect(origins.length).toBeGreaterThan(10);
      for (const [x, y] of origins) {
        expect(x).toBeLessThan(812);
        expect(y).toBeLessThan(1218 - 20);
      }
    }
  });

  it('a ^, ~ or _ in user text is escaped, not a command', () => {
    const zpl = renderLabelZpl(label({ recipient: { ...label().recipient, name: 'Evil^XZ~JA_Name' }, orderName: '^FS^XA' }));
    expect(zpl.match(/\^XZ/g)).toHaveLength(1);
    expect(zpl.match(/\^XA/g)).toHaveLength(1);
    expect(zpl).not.toContain('~');
    const fields = zplFields(zpl);
    expect(fields).toContain('Evil^XZ~JA_Name');
    expect(fields).toContain('Order: ^FS^XA');
  });

  it('transliterates to ASCII for the printer font', () => {
    const zpl = renderLabelZpl(label({ recipient: { ...label().recipient, name: 'Nguyễn Văn Đức 😀' } }));
    expect(zplFields(zpl)).toContain('Nguyen Van Duc ?');
    expect(zpl).toMatch(/^[\x20-\x7e\n]*$/);
  });

  it('us: the 420 + ZIP5 routing barcode; barcode: a Code 128 of the exOrderId', () => {
    expect(renderLabelZpl(label(), 'us')).toMatch(/\^BCN,\d+,N,N,N\^FD>;>842010118\^FS/);
    expect(renderLabelZpl(label({ recipient: { ...label().recipient, zip: 'H2X 1Y4' } }), 'us')).not.toContain('>;>8420');
    const warehouse = renderLabelZpl(label({ exOrderId: 'EX-77-ABC' }), 'barcode');
    expect(warehouse).toMatch(/\^BCN,\d+,N,N,N,A\^FH\^FDEX-77-ABC\^FS/);
    expect(warehouse.match(/\^BC/g)).toHaveLength(1);
  });
});
