import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as mupdf from 'mupdf';
import { extractText } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { renderCartonLabelPdf, type CartonLabelData } from './floor.carton-label';

// The carton label read back by independent parsers: MuPDF for the page size and a 203 dpi raster (a
// thermal printer), ZXing for the carton id's barcode, unpdf (pdf.js) for the text.

beforeAll(async () => {
  const wasm = readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm'));
  await prepareZXingModule({ overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer }, fireImmediately: true });
});

const data = (over: Partial<CartonLabelData> = {}): CartonLabelData => ({
  cartonId: 'CT7K2M9QXA',
  name: 'Pallet 3 — Nguyễn',
  carrierCode: 'SBT',
  serviceCode: 'STD',
  warehouseCode: 'LAX1',
  originWarehouseCode: 'SGN1',
  quantity: 27,
  weightGr: 12_500,
  lengthCm: 60,
  widthCm: 40,
  heightCm: 40.5,
  packagedAt: new Date('2026-11-24T03:15:00Z'),
  offset: '+07:00',
  ...over,
});

const open = (pdf: Uint8Array) => mupdf.Document.openDocument(pdf, 'application/pdf');

describe('renderCartonLabelPdf', () => {
  it('is one 4x6 in page whose barcode reads back as the carton id, with its destination, parcel count, weight and size', async () => {
    const pdf = await renderCartonLabelPdf(data());
    const doc = open(pdf);
    expect(doc.countPages()).toBe(1);
    const [x0, y0, x1, y1] = doc.loadPage(0).getBounds();
    expect([x1 - x0, y1 - y0]).toEqual([288, 432]);
    const png = doc.loadPage(0).toPixmap(mupdf.Matrix.scale(203 / 72, 203 / 72), mupdf.ColorSpace.DeviceGray, false).asPNG();
    const codes = (await readBarcodes(png, { formats: ['Code128'], maxNumberOfSymbols: 2, tryHarder: true })).filter((r) => r.isValid).map((r) => r.text);
    expect(codes).toEqual(['CT7K2M9QXA']);
    const { text } = await extractText(new Uint8Array(pdf), { mergePages: true });
    for (const part of ['CT7K2M9QXA', 'LAX1', 'SBT / STD', 'PARCELS', '27', '12.50 kg', '60 x 40 x 40.5 cm', 'SGN1', '24-11-2026 10:15:00', 'Pallet 3']) expect(text).toContain(part);
    // Noto Sans draws Vietnamese with its accents.
    expect(text).toContain('Pallet 3 — Nguyễn');
  });

  it('an open carton\'s facts not typed yet are dashes, never "null"', async () => {
    const pdf = await renderCartonLabelPdf(data({ name: '', weightGr: null, lengthCm: null, widthCm: null, heightCm: null, originWarehouseCode: null, packagedAt: null, quantity: 0 }));
    const { text } = await extractText(new Uint8Array(pdf), { mergePages: true });
    expect(text).not.toMatch(/null|NaN|undefined/);
    expect(text).toContain('CT7K2M9QXA');
  });
});
