// Label rendering on one core: 1,000 different 4x6 labels as 1,000 single-label PDFs, as one
// 1,000-page PDF, and as 1,000 ZPL strings, sequentially in one process. Each PDF figure is also a
// ratio to a baseline measured in the same run: the same pages and text drawn by bare pdf-lib, with
// no barcode and no layout helpers. Goal: 1,000 labels in ≤ 4 s on one core.
//
// Usage: npm run bench:labels [-- labels]     (BENCH_RUNS rounds, median reported; default 3)
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { renderLabelPdf, renderLabelsPdf, renderLabelZpl, type LabelData, type LabelVariant } from '../apps/server/src/modules/shipping/shipping.label';

const LABELS = Number(process.argv[2] ?? process.env.BENCH_LABELS ?? 1000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const GOAL_SECONDS = 4;
const VARIANT = (process.env.BENCH_VARIANT ?? 'shipping') as LabelVariant;

const FIRST = ['Jane', 'Nguyễn Văn', 'Trần Thị', 'Carlos', 'Zoë', 'Ahmed', 'Li', 'Đặng Quốc'];
const LAST = ['Roe', 'Đức', 'Ánh', 'García', 'Müller', 'Hassan', 'Wei', 'Bảo'];
const CITIES: [string, string, string][] = [['New York', 'NY', '10118'], ['Austin', 'TX', '73301'], ['Seattle', 'WA', '98101'], ['Miami', 'FL', '33101'], ['Denver', 'CO', '80202']];

function makeLabel(i: number): LabelData {
  const [city, state, zip] = CITIES[i % CITIES.length]!;
  return {
    // Alternating all-digit (USPS-like) and alphanumeric (UPS-like) tracking numbers.
    trackingNumber: i % 2 === 0 ? `94001118992231${String(i).padStart(8, '0')}` : `1Z999AA1${String(i).padStart(10, '0')}`,
    carrierCode: i % 2 === 0 ? 'USPS' : 'UPS',
    carrierName: i % 2 === 0 ? 'USPS' : 'UPS',
    serviceCode: i % 3 === 0 ? 'GA' : 'PRI',
    serviceName: i % 3 === 0 ? 'Ground Advantage' : 'Priority Mail',
    exOrderId: `EX2611${String(i).padStart(6, '0')}`,
    orderName: `Shopify #${10000 + i}`,
    weightGr: 100 + ((i * 37) % 9000),
    lengthCm: 10 + (i % 40),
    widthCm: 10 + (i % 25),
    heightCm: 5 + (i % 15),
    shipDate: new Date(Date.UTC(2026, 10, 24 + (i % 5))),
    sender: { name: 'ExShip Fulfilment LAX1', company: 'ExShip LLC', phone: '+1 310 555 0100', address1: '1200 Harbor Blvd', address2: 'Dock 4', city: 'Los Angeles', state: 'CA', zip: '90001', country: 'US' },
    recipient: {
      name: `${FIRST[i % FIRST.length]} ${LAST[(i * 3) % LAST.length]} ${i}`,
      company: i % 4 === 0 ? `Company ${i} Holdings` : undefined,
      phone: i % 2 === 0 ? `+1 212 555 ${String(i % 10000).padStart(4, '0')}` : undefined,
      address1: `${100 + i} Main Street`,
      address2: i % 3 === 0 ? `Apt ${i % 97}` : undefined,
      city,
      state,
      zip,
      country: 'US',
    },
    signature: i % 5 === 0,
  };
}

/** The same pages and text with bare pdf-lib: fonts, a frame and ~20 lines, no barcode. */
function drawBaselinePage(doc: PDFDocument, fonts: { regular: import('pdf-lib').PDFFont; bold: import('pdf-lib').PDFFont }, d: LabelData) {
  const page = doc.addPage([288, 432]);
  const ascii = (s: string) => s.normalize('NFD').replace(/[^\x20-\x7e]/g, '');
  page.drawRectangle({ x: 5, y: 5, width: 278, height: 422, borderWidth: 1.5 });
  const lines = [
    d.sender.name, d.sender.company ?? '', d.sender.address1, d.sender.address2 ?? '', `${d.sender.city}, ${d.sender.state} ${d.sender.zip}`, d.carrierName, d.serviceName,
    d.recipient.name, d.recipient.company ?? '', d.recipient.address1, d.recipient.address2 ?? '', `${d.recipient.city}, ${d.recipient.state} ${d.recipient.zip}`, d.recipient.country,
    d.trackingNumber, `Order: ${d.orderName}`, `Ref: ${d.exOrderId}`, `${d.weightGr} g`, d.shipDate.toISOString().slice(0, 10),
  ];
  lines.forEach((l, i) => page.drawText(ascii(l), { x: 12, y: 410 - i * 20, size: 10, font: i % 3 === 0 ? fonts.bold : fonts.regular }));
}

async function baselineSingle(d: LabelData): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  drawBaselinePage(doc, { regular: await doc.embedFont(StandardFonts.Helvetica), bold: await doc.embedFont(StandardFonts.HelveticaBold) }, d);
  return doc.save({ useObjectStreams: false }); // as the labels are saved
}

async function baselineBatch(items: readonly LabelData[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const fonts = { regular: await doc.embedFont(StandardFonts.Helvetica), bold: await doc.embedFont(StandardFonts.HelveticaBold) };
  for (const d of items) drawBaselinePage(doc, fonts, d);
  return doc.save({ useObjectStreams: false }); // as the labels are saved
}

async function timed(fn: () => Promise<number>): Promise<{ seconds: number; bytes: number }> {
  const t0 = performance.now();
  const bytes = await fn();
  return { seconds: (performance.now() - t0) / 1000, bytes };
}

async function main() {
  const labels = Array.from({ length: LABELS }, (_, i) => makeLabel(i));
  // Warm-up: JIT, bwip-js's encoders, pdf-lib's font metrics.
  for (const d of labels.slice(0, 50)) {
    await renderLabelPdf(d, VARIANT);
    await baselineSingle(d);
    renderLabelZpl(d, VARIANT);
  }
  await renderLabelsPdf(labels.slice(0, 50), VARIANT);

  const modes = {
    'baseline single PDFs': async () => {
      let n = 0;
      for (const d of labels) n += (await baselineSingle(d)).length;
      return n;
    },
    'label single PDFs': async () => {
      let n = 0;
      for (const d of labels) n += (await renderLabelPdf(d, VARIANT)).length;
      return n;
    },
    'baseline one PDF': async () => (await baselineBatch(labels)).length,
    'labels one PDF': async () => (await renderLabelsPdf(labels, VARIANT)).length,
    'ZPL strings': async () => {
      let n = 0;
      for (const d of labels) n += renderLabelZpl(d, VARIANT).length;
      return n;
    },
  };
  type Mode = keyof typeof modes;
  const results = new Map<Mode, { seconds: number; bytes: number }[]>();
  for (let r = 0; r < RUNS; r++) {
    for (const [name, fn] of Object.entries(modes) as [Mode, () => Promise<number>][]) {
      const res = await timed(fn);
      results.set(name, [...(results.get(name) ?? []), res]);
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const secondsOf = (m: Mode) => median(results.get(m)!.map((x) => x.seconds));

  console.log(`\n${LABELS} labels, variant '${VARIANT}', ${RUNS} rounds (median), one process, sequential (one core), Node ${process.version}\n`);
  console.log('mode'.padEnd(22), 'seconds'.padStart(8), 'labels/s'.padStart(10), 'ms/label'.padStart(9), 'output'.padStart(10));
  for (const m of Object.keys(modes) as Mode[]) {
    const s = secondsOf(m);
    const bytes = results.get(m)![0]!.bytes;
    console.log(m.padEnd(22), s.toFixed(2).padStart(8), (LABELS / s).toFixed(0).padStart(10), ((s * 1000) / LABELS).toFixed(2).padStart(9), `${(bytes / 1024 / 1024).toFixed(1)} MB`.padStart(10));
  }
  const single = secondsOf('label single PDFs');
  const batch = secondsOf('labels one PDF');
  console.log(`\nratio to the bare pdf-lib baseline: single PDFs ${(single / secondsOf('baseline single PDFs')).toFixed(2)}x, one PDF ${(batch / secondsOf('baseline one PDF')).toFixed(2)}x`);
  console.log(`goal: ${LABELS} labels in ≤ ${GOAL_SECONDS} s on one core — single PDFs ${single.toFixed(2)} s ${single <= GOAL_SECONDS ? 'OK' : 'MISSED'}, one PDF ${batch.toFixed(2)} s ${batch <= GOAL_SECONDS ? 'OK' : 'MISSED'}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
