import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as mupdf from 'mupdf';
import { extractText } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { renderScanFormPdf, type ScanFormPdfData } from './shipping.scan-form-pdf';

// The SCAN form read back by independent parsers: unpdf (pdf.js) for the text, MuPDF for the page
// sizes and a 150 dpi raster (an office scanner), ZXing for the form number's barcode.

beforeAll(async () => {
  const wasm = readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm'));
  await prepareZXingModule({ overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer }, fireImmediately: true });
});

const openPdf = (pdf: Uint8Array) => mupdf.Document.openDocument(pdf, 'application/pdf');

async function decodePage(pdf: Uint8Array, pageIndex = 0): Promise<string[]> {
  const png = openPdf(pdf).loadPage(pageIndex).toPixmap(mupdf.Matrix.scale(150 / 72, 150 / 72), mupdf.ColorSpace.DeviceGray, false).asPNG();
  return (await readBarcodes(png, { formats: ['Code128'], maxNumberOfSymbols: 4, tryHarder: true })).filter((r) => r.isValid).map((r) => r.text);
}

async function pagesText(pdf: Uint8Array): Promise<string[]> {
  const { text } = await extractText(new Uint8Array(pdf), { mergePages: false });
  return text;
}

const pageSizes = (pdf: Uint8Array) => {
  const doc = openPdf(pdf);
  return Array.from({ length: doc.countPages() }, (_, i) => {
    const [x0, y0, x1, y1] = doc.loadPage(i).getBounds();
    return [x1 - x0, y1 - y0];
  });
};

const rows = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ exOrderId: `EX26112${String(i).padStart(5, '0')}`, orderName: `Order ${i + 1}`, trackingNumber: `94001118992231${String(i).padStart(8, '0')}` }));

function form(over: Partial<ScanFormPdfData> = {}): ScanFormPdfData {
  return {
    number: 'SF-20261124-0007',
    shipDate: new Date('2026-11-24T00:00:00Z'),
    createdBy: 'ops@exship.test',
    createdAt: new Date('2026-11-24T08:15:00Z'),
    carrierName: 'USPS',
    rows: rows(3),
    ...over,
  };
}

describe('renderScanFormPdf', () => {
  it('is US Letter with the form number as a scannable barcode, the ship date, the count and the rows', async () => {
    const pdf = await renderScanFormPdf(form());
    expect(pageSizes(pdf)).toEqual([[612, 792]]);
    expect(await decodePage(pdf)).toEqual(['SF-20261124-0007']);
    const [text] = await pagesText(pdf);
    expect(text).toContain('SF-20261124-0007');
    expect(text).toContain('24-11-2026');
    expect(text).toMatch(/Parcels\s+3\b/);
    expect(text).toContain('ops@exship.test');
    expect(text).toContain('24-11-2026 08:15 UTC');
    for (const r of rows(3)) {
      expect(text).toContain(r.exOrderId);
      expect(text).toContain(r.trackingNumber);
    }
    expect(text).toContain('Page 1 of 1');
  });

  it("writes when it was made in its maker's offset", async () => {
    const [text] = await pagesText(await renderScanFormPdf(form({ createdAt: new Date('2026-11-24T20:15:00Z'), timeZone: '+07:00' })));
    expect(text).toContain('25-11-2026 03:15 (UTC+07:00)');
  });

  it('each form scans as its own number', async () => {
    expect(await decodePage(await renderScanFormPdf(form({ number: 'SF-20261124-0008' })))).toEqual(['SF-20261124-0008']);
    expect(await decodePage(await renderScanFormPdf(form({ number: '31415926' })))).toEqual(['31415926']);
  });

  it('a long form runs over numbered pages and keeps every row, in order, once', async () => {
    const many = rows(150);
    const pdf = await renderScanFormPdf(form({ rows: many }));
    const sizes = pageSizes(pdf);
    expect(sizes.length).toBeGreaterThan(3);
    expect(sizes.every(([w, h]) => w === 612 && h === 792)).toBe(true);
    const pages = await pagesText(pdf);
    pages.forEach((t, i) => expect(t).toContain(`Page ${i + 1} of ${pages.length}`));
    const all = pages.join('\n');
    expect(all).toMatch(/Parcels\s+150\b/);
    const found = [...all.matchAll(/94001118992231\d{8}/g)].map((m) => m[0]);
    expect(found).toEqual(many.map((r) => r.trackingNumber));
  });

  it('Vietnamese names keep their accents (what the font lacks prints as ?) and an empty form still renders', async () => {
    const pdf = await renderScanFormPdf(
      form({ createdBy: 'Nguyễn Thị Hằng 🌸', carrierName: 'Giao hàng Đường Lê Lợi', rows: [{ exOrderId: 'EX1', orderName: 'Đơn 12 Đường Lê Lợi, Quận 1 東京', trackingNumber: 'T1' }] }),
    );
    const [text] = await pagesText(pdf);
    expect(text).toContain('Nguyễn Thị Hằng ?');
    expect(text).toContain('Giao hàng Đường Lê Lợi');
    expect(text).toContain('Đơn 12 Đường Lê Lợi, Quận 1 ??');
    // Drawn, not only mapped: the page differs from the same form written without the accents.
    const raster = async (createdBy: string) => Buffer.from(openPdf(await renderScanFormPdf(form({ createdBy }))).loadPage(0).toPixmap(mupdf.Matrix.scale(1, 1), mupdf.ColorSpace.DeviceGray, false).asPNG());
    const warnings: string[] = []; // FreeType's complaints about a broken glyph (it prints nothing for one)
    mupdf.setLog((message) => warnings.push(message));
    try {
      expect((await raster('Nguyễn Thị Hằng')).equals(await raster('Nguyen Thi Hang'))).toBe(false);
    } finally {
      mupdf.setLog(null);
    }
    expect(warnings).toEqual([]);
    const empty = await renderScanFormPdf(form({ rows: [], carrierName: undefined }));
    expect(pageSizes(empty)).toHaveLength(1);
    expect((await pagesText(empty))[0]).toMatch(/Parcels\s+0\b/);
  });
});
