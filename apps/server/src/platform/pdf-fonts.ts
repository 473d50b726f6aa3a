import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';

// The fonts every PDF we draw (labels, SCAN forms, invoices, carton labels) writes its text in:
// Noto Sans regular and bold, embedded through fontkit. pdf-lib's standard Helvetica speaks WinAnsi
// only, so names and addresses in Vietnamese (Nguyễn Thị Hằng, Đường Lê Lợi) lost their accents;
// Noto Sans covers Latin with Vietnamese, Greek and Cyrillic. Each document embeds a subset (only the
// glyphs it draws), so a 4x6 label grows by a few kilobytes, not by the 600 KB font file.

type Fontkit = Parameters<PDFDocument['registerFontkit']>[0];
type FontkitFont = ReturnType<Fontkit['create']>;

const require = createRequire(import.meta.url);
const FILES = {
  regular: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
} as const;

interface LoadedFont {
  bytes: Uint8Array;
  parsed: FontkitFont;
}

/** The parts of fontkit's TrueType subset (`TTFSubset`) that the patches below touch. */
interface TtfSubset {
  glyf: Uint8Array[];
  offset: number;
  loca: { offsets: number[] };
  hmtx: { metrics: { advance: number; bearing: number }[] };
  includeGlyph(gid: number): number;
  _addGlyph(gid: number): number;
  encode(stream: unknown): void;
  encodeStream(): unknown;
}

/** The parts of fontkit's TrueType font that reading a glyph's bytes touches. */
interface TtfFont {
  loca: { offsets: number[] };
  _variationProcessor?: unknown;
  _getTableStream(tag: string): { pos: number; readBuffer(length: number): Uint8Array };
  getGlyph(gid: number): { advanceWidth: number; _getMetrics(): { leftBearing: number }; _decode(): { numberOfContours: number; components?: { glyphID: number; pos: number }[] } | null };
}

/** A glyph as a subset copies it: its bytes (even length), its parts if composed, its metrics. */
interface GlyphRecord {
  bytes: Uint8Array;
  components: { glyphID: number; pos: number }[] | null;
  advance: number;
  bearing: number;
}

interface ChunkStream {
  push(chunk: Uint8Array | null): boolean;
  end(): void;
}

/**
 * Three changes to the subsets that @pdf-lib/fontkit 1.1 makes, checked by rendering the PDFs with
 * MuPDF (FreeType) in the tests:
 * - Noto Sans's glyphs are not padded to an even length, and a subset small enough for 16-bit
 *   `loca` offsets (which count 2-byte words) loses the last byte of every odd-length glyph:
 *   FreeType rejects the outline and prints nothing. Each glyph is padded to an even length.
 * - A glyph's bytes are read and decoded once per process, not once per document (~1 ms a label).
 * - Its `encodeStream` passes the bytes through a browser stream shim whose every tick is a
 *   `setTimeout`: ~4 ms of waiting a document. The subset is encoded at once instead, and the
 *   chunks handed to pdf-lib's listeners on the next microtask.
 * `_addGlyph` is fontkit's own, less the variable-font branch (these files are static instances).
 */
function patchSubsets(font: FontkitFont): void {
  const ttf = font as unknown as TtfFont;
  if (ttf._variationProcessor) throw new Error('pdf-fonts: a variable font needs fontkit\'s own subsetting');
  const createSubset = font.createSubset.bind(font);
  // The stream class fontkit encodes into, from a throwaway subset (its own encode runs once, later, unheard).
  const EncodeStream = (createSubset() as unknown as TtfSubset).encodeStream()!.constructor as new () => ChunkStream;
  const records = new Map<number, GlyphRecord>();
  const record = (gid: number): GlyphRecord => {
    let r = records.get(gid);
    if (!r) {
      const glyph = ttf.getGlyph(gid);
      const decoded = glyph._decode();
      const start = ttf.loca.offsets[gid]!;
      const length = ttf.loca.offsets[gid + 1]! - start;
      const stream = ttf._getTableStream('glyf');
      stream.pos += start;
      const bytes = new Uint8Array(length + (length % 2));
      bytes.set(stream.readBuffer(length));
      const components = decoded && decoded.numberOfContours < 0 ? (decoded.components ?? []).map((c) => ({ glyphID: c.glyphID, pos: c.pos })) : null;
      r = { bytes, components, advance: glyph.advanceWidth, bearing: glyph._getMetrics().leftBearing };
      records.set(gid, r);
    }
    return r;
  };
  font.createSubset = () => {
    const made = createSubset();
    const subset = made as unknown as TtfSubset;
    subset._addGlyph = (gid) => {
      const r = record(gid);
      let bytes = r.bytes;
      if (r.components) {
        // A composed glyph names its parts by glyph id: renumber them to the subset's ids.
        bytes = r.bytes.slice();
        const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
        for (const c of r.components) view.setUint16(c.pos, subset.includeGlyph(c.glyphID));
      }
      subset.glyf.push(bytes);
      subset.loca.offsets.push(subset.offset);
      subset.hmtx.metrics.push({ advance: r.advance, bearing: r.bearing });
      subset.offset += bytes.length;
      return subset.glyf.length - 1;
    };
    subset.encodeStream = () => {
      const listeners: Record<string, ((arg?: unknown) => void)[]> = {};
      const emitter = {
        on(event: string, listener: (arg?: unknown) => void) {
          (listeners[event] ??= []).push(listener);
          return emitter;
        },
      };
      queueMicrotask(() => {
        const chunks: Uint8Array[] = [];
        const stream = new EncodeStream();
        stream.push = (chunk) => {
          if (chunk) chunks.push(chunk);
          return true;
        };
        try {
          subset.encode(stream);
          stream.end();
        } catch (err) {
          for (const l of listeners.error ?? []) l(err);
          return;
        }
        for (const chunk of chunks) for (const l of listeners.data ?? []) l(chunk);
        for (const l of listeners.end ?? []) l();
      });
      return emitter;
    };
    return made;
  };
}

let loaded: { regular: LoadedFont; bold: LoadedFont } | undefined;

/** Read and parse both files once per process, on first use (labels are made in bulk). */
function fonts(): { regular: LoadedFont; bold: LoadedFont } {
  if (!loaded) {
    const load = (specifier: string): LoadedFont => {
      const bytes = new Uint8Array(readFileSync(require.resolve(specifier)));
      const parsed = fontkit.create(bytes);
      // pdf-lib reads only the glyphs of a layout (their ids and advance widths: it draws no GPOS
      // positions), and fontkit's full OpenType shaping costs ~1.5 ms a line. Its GSUB would also
      // decompose "ị" into "i" and a dot-below glyph with no code point, so the PDF's text would
      // read "i". The font's cmap alone gives one glyph a character, each with its code point.
      parsed.layout = (text: string) => {
        const glyphs = [];
        for (const ch of text) {
          const codePoint = ch.codePointAt(0)!;
          const glyph = parsed.glyphForCodePoint(codePoint);
          // fontkit caches a glyph with the code points of its first lookup, and a subset looks up the
          // parts of a composed letter (the "O" of "Ơ") with none: the PDF's text would lose the "O".
          if (glyph.codePoints.length === 0) glyph.codePoints = [codePoint];
          glyphs.push(glyph);
        }
        return { glyphs } as unknown as ReturnType<FontkitFont['layout']>;
      };
      patchSubsets(parsed);
      return { bytes, parsed };
    };
    loaded = { regular: load(FILES.regular), bold: load(FILES.bold) };
  }
  return loaded;
}

/**
 * pdf-lib parses the font file again on every `embedFont` (~10 ms for Noto Sans); handing it the
 * font parsed once keeps a label cheap. Sharing a parsed font between documents is safe: each
 * embed makes its own subset, and fontkit reads the shared font synchronously.
 */
const cachedFontkit: Fontkit = {
  create(bytes, postscriptName) {
    const { regular, bold } = fonts();
    if (bytes === regular.bytes) return regular.parsed;
    if (bytes === bold.bytes) return bold.parsed;
    return fontkit.create(bytes, postscriptName);
  },
};

export interface PdfFonts {
  regular: PDFFont;
  bold: PDFFont;
}

/** Noto Sans regular and bold in `doc`, subset to the glyphs drawn. */
export async function embedPdfFonts(doc: PDFDocument): Promise<PdfFonts> {
  const { regular, bold } = fonts();
  doc.registerFontkit(cachedFontkit);
  return {
    regular: await doc.embedFont(regular.bytes, { subset: true }),
    bold: await doc.embedFont(bold.bytes, { subset: true }),
  };
}

let coverage: Set<number> | undefined;

/**
 * Text the embedded fonts can draw on one line: composed (NFC, so "ễ" is one glyph rather than a
 * letter and marks pdf-lib would not position), whitespace runs as one space, and anything the
 * font has no glyph for (emoji, CJK, control characters) as '?', visible rather than blank.
 */
export function pdfText(s: string): string {
  coverage ??= new Set(fonts().regular.parsed.characterSet);
  let out = '';
  // for…of walks code points, so an emoji (a surrogate pair) becomes one '?'.
  for (const ch of s.normalize('NFC').replace(/\s+/g, ' ').trim()) {
    const cp = ch.codePointAt(0)!;
    out += cp >= 0x20 && !(cp >= 0x7f && cp < 0xa0) && coverage.has(cp) ? ch : '?';
  }
  return out;
}
