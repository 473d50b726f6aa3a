import { PassThrough, Readable } from 'node:stream';
import zlib from 'node:zlib';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { isMessageKey, translate, type FieldError, type Language } from '@exship/contracts';
import { offsetMinutes } from '@exship/domain';
import { parseCsv } from './csv';
import { AppError } from './errors';
import { formatBytes, type Upload } from './storage';

// Reusable xlsx imports and templates (SPEC §5 "Imports", §8 error workbook). Every import goes:
// upload → checkFile (type, size, zip-bomb guard) → readSheet (exact header, typed cells, per-row
// errors, row limit); platform/imports.ts runs the rest of the pipeline (rules, error workbook, commit).

export interface SheetColumn<H extends string = string> {
  /** The exact header text in row 1. */
  header: H;
  kind: 'text' | 'number';
  required?: boolean;
  width?: number;
  /** Dropdown values offered by the template (bounded to the template's row range). */
  list?: readonly string[];
}

export interface SheetTemplate<H extends string = string> {
  sheetName: string;
  columns: readonly SheetColumn<H>[];
  /** Data rows accepted (SPEC §9: 1000, 3000 or 10,000 depending on the import). */
  maxRows: number;
  /** File size accepted (SPEC §5: xlsx 10 MB). */
  maxBytes: number;
  /** The files the import reads (default xlsx only); a .csv is read by readCsvSheet. */
  formats?: readonly ('xlsx' | 'csv')[];
}

export type CellValue = string | number | null;

export interface SheetRow<H extends string = string> {
  /** The Excel row number, as the user sees it (the header is row 1). */
  row: number;
  values: Record<H, CellValue>;
  /** The row's cells as read, for the error workbook. */
  raw: CellValue[];
  /** Message keys with the field `rows.<row>.<header>`; modules add their own rule errors here. */
  errors: FieldError[];
}

/** The field name of a row error: `rows.7.SKU`, or `rows.7` for the row as a whole. */
export const rowField = (row: number, header?: string) => (header ? `rows.${row}.${header}` : `rows.${row}`);

/** Headers the error workbook adds; a re-uploaded error workbook is accepted with it. */
const ERRORS_HEADERS = new Set(['Errors', 'Lỗi']);

// ---------------------------------------------------------------------------------------------
// The file: extension, size, and the zip container (an xlsx is a zip).

export const ZIP_LIMITS = {
  maxEntries: 500,
  /** A legitimate 10 MB workbook unpacks to well under this; a zip bomb does not. */
  maxUncompressedBytes: 100 * 1024 * 1024,
};

const notXlsx = () => new AppError('IMPORT_NOT_XLSX', 400);
const unpackedTooLarge = () => new AppError('IMPORT_UNPACKED_TOO_LARGE', 400);

/**
 * SPEC §5: only .xlsx (case-insensitive), under the size limit; money-and-security.md: check the
 * entry count and the uncompressed size before parsing. The central directory's sizes are not
 * trusted: every entry is inflated (counting, not keeping) up to the remaining budget, and the
 * entries must tile the file exactly, so no local entry hides outside the central directory
 * (a streaming reader would parse it).
 */
export async function checkXlsxFile(upload: Upload, maxBytes: number, limits = ZIP_LIMITS): Promise<ZipEntry[]> {
  if (!/\.xlsx$/i.test(upload.fileName)) throw notXlsx();
  if (upload.data.length > maxBytes) throw new AppError('FILE_TOO_LARGE', 413, { vars: { max: formatBytes(maxBytes) } });
  const entries = await scanZip(upload.data, limits);
  const names = entries.map((e) => e.name);
  if (!names.includes('[Content_Types].xml') || !names.includes('xl/workbook.xml')) throw notXlsx();
  return entries;
}

interface ZipEntry {
  name: string;
  flags: number;
  method: number;
  compressedSize: number;
  size: number;
  localOffset: number;
  /** Where the entry's local record ends (data descriptor included). */
  localEnd: number;
  /** Where the entry's central directory record starts. */
  centralOffset: number;
}

/** Validates a zip container and returns its entry names; AppError when it is not one or is a bomb. */
export async function checkZip(data: Buffer, limits = ZIP_LIMITS): Promise<string[]> {
  return (await scanZip(data, limits)).map((e) => e.name);
}

/** Validates a zip container (contiguous records, sizes that inflate as declared) and returns its entries. */
async function scanZip(data: Buffer, limits: typeof ZIP_LIMITS): Promise<ZipEntry[]> {
  if (data.length < 22 || data.readUInt32LE(0) !== 0x04034b50) throw notXlsx();
  let eocd = -1;
  for (let i = data.length - 22, min = Math.max(0, data.length - 22 - 0xffff); i >= min; i--) {
    if (data.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw notXlsx();
  const diskEntries = data.readUInt16LE(eocd + 8);
  const total = data.readUInt16LE(eocd + 10);
  const cdSize = data.readUInt32LE(eocd + 12);
  const cdOffset = data.readUInt32LE(eocd + 16);
  // Zip64 and multi-disk archives are never needed for a 10 MB workbook.
  if (total === 0xffff || cdOffset === 0xffffffff || diskEntries !== total || cdOffset + cdSize > eocd) throw notXlsx();
  if (total > limits.maxEntries) throw unpackedTooLarge();

  const entries: ZipEntry[] = [];
  let declared = 0;
  for (let i = 0, p = cdOffset; i < total; i++) {
    if (p + 46 > eocd || data.readUInt32LE(p) !== 0x02014b50) throw notXlsx();
    const e: ZipEntry = {
      flags: data.readUInt16LE(p + 8),
      method: data.readUInt16LE(p + 10),
      compressedSize: data.readUInt32LE(p + 20),
      size: data.readUInt32LE(p + 24),
      localOffset: data.readUInt32LE(p + 42),
      localEnd: 0,
      centralOffset: p,
      name: data.toString('utf8', p + 46, p + 46 + data.readUInt16LE(p + 28)),
    };
    if (e.flags & 1 || (e.method !== 0 && e.method !== 8)) throw notXlsx(); // encrypted or exotic compression
    declared += e.size;
    if (declared > limits.maxUncompressedBytes) throw unpackedTooLarge();
    entries.push(e);
    p += 46 + data.readUInt16LE(p + 28) + data.readUInt16LE(p + 30) + data.readUInt16LE(p + 32);
  }

  let expected = 0;
  let inflated = 0;
  for (const e of [...entries].sort((a, b) => a.localOffset - b.localOffset)) {
    if (e.localOffset !== expected || e.localOffset + 30 > cdOffset || data.readUInt32LE(e.localOffset) !== 0x04034b50) throw notXlsx();
    const start = e.localOffset + 30 + data.readUInt16LE(e.localOffset + 26) + data.readUInt16LE(e.localOffset + 28);
    const end = start + e.compressedSize;
    if (end > cdOffset) throw notXlsx();
    const budget = limits.maxUncompressedBytes - inflated;
    const actual = e.method === 0 ? e.compressedSize : await inflatedSize(data.subarray(start, end), budget);
    if (actual > budget) throw unpackedTooLarge();
    if (actual !== e.size) throw notXlsx();
    inflated += actual;
    expected = end;
    if (e.flags & 8) expected += end + 4 <= cdOffset && data.readUInt32LE(end) === 0x08074b50 ? 16 : 12; // data descriptor
    e.localEnd = expected;
  }
  if (expected !== cdOffset) throw notXlsx();
  return entries;
}

// The parts a streaming reader needs before any worksheet, in this order.
const READ_FIRST = ['[Content_Types].xml', '_rels/.rels', 'xl/workbook.xml', 'xl/_rels/workbook.xml.rels', 'xl/sharedStrings.xml', 'xl/styles.xml'];
const WORKSHEET = /^xl\/worksheets\/sheet\d+\.xml$/;

/**
 * The same workbook with its zip records reordered so that the workbook, its relations and the
 * shared strings come before the worksheets. Writers (ExcelJS among them) put worksheets first;
 * ExcelJS's streaming reader then spools each worksheet to a temporary file and, now and then,
 * loses its first rows doing so. Moving records copies bytes only: nothing is inflated again, the
 * records section keeps its length, and only the central directory's offsets change.
 */
export function inReadOrder(data: Buffer, entries: readonly ZipEntry[]): Buffer {
  const rank = (e: ZipEntry) => {
    const first = READ_FIRST.indexOf(e.name);
    return first >= 0 ? first : WORKSHEET.test(e.name) ? READ_FIRST.length + 1 : READ_FIRST.length;
  };
  const byOffset = [...entries].sort((a, b) => a.localOffset - b.localOffset);
  const ordered = [...byOffset].sort((a, b) => rank(a) - rank(b) || a.localOffset - b.localOffset);
  if (ordered.every((e, i) => e === byOffset[i])) return data;
  const out = Buffer.from(data);
  let at = 0;
  for (const e of ordered) {
    data.copy(out, at, e.localOffset, e.localEnd);
    out.writeUInt32LE(at, e.centralOffset + 42);
    at += e.localEnd - e.localOffset;
  }
  return out;
}

/** Inflates raw deflate data, counting bytes and stopping once past `limit`; rejects on corrupt data. */
function inflatedSize(chunk: Buffer, limit: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const inflate = zlib.createInflateRaw();
    let n = 0;
    inflate.on('data', (d: Buffer) => {
      n += d.length;
      if (n > limit) {
        inflate.destroy();
        resolve(n);
      }
    });
    inflate.on('end', () => resolve(n));
    inflate.on('error', () => reject(notXlsx()));
    inflate.end(chunk);
  });
}

// ---------------------------------------------------------------------------------------------
// Reading rows.

type Cell = { value: CellValue; formula?: boolean; invalid?: boolean };

function readCell(v: unknown): Cell {
  if (v === null || v === undefined) return { value: null };
  if (typeof v === 'string') {
    // The apostrophe safeCell writes before =, +, -, @ (templates, error workbooks, exports) is not
    // part of the value: a template's '+13105550100 is the phone +13105550100 when read back.
    const s = unescapeCell(v.trim());
    // A formula typed as text is refused too: it would run when someone opens an export.
    return s === '' ? { value: null } : { value: s, formula: s.startsWith('=') };
  }
  if (typeof v === 'number') return Number.isFinite(v) ? { value: v } : { value: String(v), invalid: true };
  if (typeof v === 'boolean') return { value: v ? 'TRUE' : 'FALSE' };
  if (v instanceof Date) return { value: v.toISOString() };
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    if ('formula' in o || 'sharedFormula' in o) return { value: `=${String(o.formula ?? o.sharedFormula ?? '')}`, formula: true };
    if (Array.isArray(o.richText)) return readCell((o.richText as { text?: string }[]).map((r) => r.text ?? '').join(''));
    if ('text' in o) return readCell(o.text);
    if ('error' in o) return { value: String(o.error), invalid: true };
  }
  return { value: String(v), invalid: true };
}

const NUMBER_TEXT = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/**
 * Reads the first worksheet of a checked xlsx: the header row must equal the template's headers
 * exactly (IMPORT_TEMPLATE_CHANGED), blank rows are skipped, more than `maxRows` data rows is
 * IMPORT_TOO_MANY_ROWS, none is IMPORT_NO_DATA. Each data row carries its typed values and the
 * cell-level errors: required blank, formula, text in a number column.
 */
export interface ReadStats {
  /** Worksheet rows parsed (header and blank rows included); reading stops at the first row past the limit. */
  rowsRead: number;
}

export async function readSheet<H extends string>(upload: Upload, tpl: SheetTemplate<H>, stats: ReadStats = { rowsRead: 0 }): Promise<SheetRow<H>[]> {
  const formats = tpl.formats ?? ['xlsx'];
  if (formats.includes('csv') && /\.csv$/i.test(upload.fileName)) return readCsvSheet(upload, tpl, stats);
  if (!formats.includes('xlsx')) throw new AppError('IMPORT_NOT_CSV', 400);
  if (formats.includes('csv') && !/\.xlsx$/i.test(upload.fileName)) throw new AppError('IMPORT_NOT_XLSX_OR_CSV', 400);
  const entries = await checkXlsxFile(upload, tpl.maxBytes);
  const data = inReadOrder(upload.data, entries);
  const headers = tpl.columns.map((c) => c.header);
  const rows: SheetRow<H>[] = [];
  let headerOk = false;
  let dataRows = 0;
  let templateChanged = false;
  // Set when reading stops on purpose: closing the reader early can fail (the unzip stream is cut
  // mid-entry), and that failure says nothing about the file.
  let stoppedEarly = false;
  try {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(data), {
      sharedStrings: 'cache',
      hyperlinks: 'ignore',
      styles: 'ignore',
      worksheets: 'emit',
      entries: 'ignore',
    });
    // With the parts in read order every worksheet streams straight through; a workbook without
    // shared strings (numbers and inline strings only) needs none to wait for.
    if (!entries.some((e) => e.name === 'xl/sharedStrings.xml')) (reader as unknown as { sharedStrings?: unknown[] }).sharedStrings = [];
    // Only the first sheet is data: reading stops after it, at a changed header, or at the first
    // data row past the limit (a 2,000,000-row file is never read to its end).
    sheets: for await (const ws of reader) {
      for await (const row of ws) {
        stats.rowsRead++;
        const values = (row.values as unknown[]) ?? [];
        if (!headerOk) {
          const found = values.slice(1).map((v) => readCell(v).value);
          while (found.length > 0 && (found.at(-1) === null || ERRORS_HEADERS.has(String(found.at(-1))))) found.pop();
          if (row.number !== 1 || found.length !== headers.length || headers.some((h, i) => String(found[i] ?? '') !== h)) templateChanged = true;
          headerOk = true;
          if (templateChanged) {
            stoppedEarly = true;
            break sheets;
          }
          continue;
        }
        const cells = headers.map((_, i) => readCell(values[i + 1]));
        if (cells.every((c) => c.value === null)) continue;
        dataRows++;
        if (dataRows > tpl.maxRows) {
          stoppedEarly = true;
          break sheets;
        }
        rows.push(toRow(row.number, cells, tpl));
      }
      stoppedEarly = true;
      break;
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (!stoppedEarly) throw notXlsx(); // well-formed zip, broken workbook XML
  }
  if (templateChanged) throw new AppError('IMPORT_TEMPLATE_CHANGED', 400, { details: { expectedHeaders: headers } });
  if (dataRows === 0) throw new AppError('IMPORT_NO_DATA', 400);
  if (dataRows > tpl.maxRows) throw new AppError('IMPORT_TOO_MANY_ROWS', 400, { vars: { max: tpl.maxRows.toLocaleString('en-US') }, details: { maxRows: tpl.maxRows } });
  return rows;
}

/**
 * readSheet for a .csv (SPEC §5: the check-in import): the same rules — size, exact header, blank
 * lines skipped, the row limit, typed cells with their errors — over comma-separated UTF-8 text.
 */
function readCsvSheet<H extends string>(upload: Upload, tpl: SheetTemplate<H>, stats: ReadStats): SheetRow<H>[] {
  if (upload.data.length > tpl.maxBytes) throw new AppError('FILE_TOO_LARGE', 413, { vars: { max: formatBytes(tpl.maxBytes) } });
  const text = upload.data.toString('utf8');
  if (text.includes('\u0000')) throw new AppError('IMPORT_NOT_CSV', 400);
  const records = parseCsv(text);
  const headers = tpl.columns.map((c) => c.header);
  const found = (records[0] ?? []).map((h) => h.trim());
  while (found.length > 0 && (found.at(-1) === '' || ERRORS_HEADERS.has(found.at(-1)!))) found.pop();
  if (records.length === 0 || found.length !== headers.length || headers.some((h, i) => found[i] !== h)) {
    throw new AppError('IMPORT_TEMPLATE_CHANGED', 400, { details: { expectedHeaders: headers } });
  }
  const rows: SheetRow<H>[] = [];
  for (let r = 1; r < records.length; r++) {
    stats.rowsRead++;
    const cells = headers.map((_, i) => readCell(records[r]![i]));
    if (cells.every((c) => c.value === null)) continue;
    if (rows.length >= tpl.maxRows) throw new AppError('IMPORT_TOO_MANY_ROWS', 400, { vars: { max: tpl.maxRows.toLocaleString('en-US') }, details: { maxRows: tpl.maxRows } });
    rows.push(toRow(r + 1, cells, tpl));
  }
  if (rows.length === 0) throw new AppError('IMPORT_NO_DATA', 400);
  return rows;
}

function toRow<H extends string>(rowNumber: number, cells: Cell[], tpl: SheetTemplate<H>): SheetRow<H> {
  const values = {} as Record<H, CellValue>;
  const errors: FieldError[] = [];
  tpl.columns.forEach((col, i) => {
    const cell = cells[i]!;
    // The field name is built only for an error (not for each of 230,000 cells of a 10,000-row file).
    let value = cell.value;
    if (cell.formula) {
      errors.push({ field: rowField(rowNumber, col.header), message: 'import.cell.formula' });
      value = null;
    } else if (cell.invalid) {
      errors.push({ field: rowField(rowNumber, col.header), message: 'validation.invalid' });
      value = null;
    } else if (value === null) {
      if (col.required) errors.push({ field: rowField(rowNumber, col.header), message: 'validation.required' });
    } else if (col.kind === 'number' && typeof value === 'string') {
      if (NUMBER_TEXT.test(value)) value = Number(value);
      else {
        errors.push({ field: rowField(rowNumber, col.header), message: 'validation.number' });
        value = null;
      }
    } else if (col.kind === 'text' && typeof value === 'number') {
      value = String(value);
    }
    values[col.header] = value;
  });
  return { row: rowNumber, values, raw: cells.map((c) => c.value), errors };
}

// ---------------------------------------------------------------------------------------------
// Writing: templates, error workbooks, exports.

const ESCAPED = /^[=+\-@\t\r\0]/;

/** money-and-security.md: a text cell starting with =, +, -, @, tab, CR or NUL is prefixed with '. */
export function safeCell(v: CellValue): CellValue {
  return typeof v === 'string' && ESCAPED.test(v) ? `'${v}` : v;
}

/** The reverse of safeCell, for cells read back from a workbook this server wrote. */
const unescapeCell = (s: string): string => (s.charCodeAt(0) === 39 && ESCAPED.test(s.slice(1, 2)) ? s.slice(1) : s);

/**
 * A value's label in the reader's language (`prefix` + value, e.g. `export.txType.` + `top_up`), or
 * the value itself when there is no message for it (a gateway added later), so a file never shows a key.
 */
export function labelOf(lang: Language, prefix: string, value: string | null | undefined): string | null {
  if (value === null || value === undefined || value === '') return null;
  return isMessageKey(prefix + value) ? translate(lang, prefix + value) : value;
}

/** One sheet of a report: a bold, frozen header row and the rows, every cell neutralised — streamed (streamWorkbook). */
export function reportWorkbook(sheetName: string, headers: readonly string[], rows: Iterable<readonly CellValue[]> | AsyncIterable<readonly CellValue[]>): Readable {
  return streamWorkbook([{ name: sheetName, headers, rows }]);
}

const columnLetter = (n: number): string => (n <= 26 ? String.fromCharCode(64 + n) : columnLetter(Math.floor((n - 1) / 26)) + String.fromCharCode(65 + ((n - 1) % 26)));

function addSheet(wb: ExcelJS.Workbook, tpl: SheetTemplate, extraHeaders: string[] = []): ExcelJS.Worksheet {
  const ws = wb.addWorksheet(tpl.sheetName);
  ws.columns = [
    ...tpl.columns.map((c) => ({ header: c.header, key: c.header, width: c.width ?? Math.max(14, c.header.length + 4) })),
    ...extraHeaders.map((h) => ({ header: h, key: h, width: 60 })),
  ];
  const head = ws.getRow(1);
  head.font = { bold: true };
  tpl.columns.forEach((c, i) => {
    if (c.required) head.getCell(i + 1).font = { bold: true, color: { argb: 'FFC00000' } };
  });
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  return ws;
}

/** A template: the exact header row, text columns formatted as text, dropdowns on a bounded range. */
export async function templateWorkbook(tpl: SheetTemplate, exampleRows: CellValue[][] = []): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = addSheet(wb, tpl);
  const lastRow = tpl.maxRows + 1;
  tpl.columns.forEach((c, i) => {
    const col = columnLetter(i + 1);
    if (c.kind === 'text') ws.getColumn(i + 1).numFmt = '@'; // keeps leading zeros in codes
    if (c.list) {
      // docs/engineering.md "Toolchain facts": dataValidations is missing from ExcelJS's types; bounded range only.
      (ws as unknown as { dataValidations: { add(range: string, v: unknown): void } }).dataValidations.add(`${col}2:${col}${lastRow}`, {
        type: 'list',
        allowBlank: !c.required,
        formulae: [`"${c.list.join(',')}"`],
        showErrorMessage: true,
        errorStyle: 'error',
        errorTitle: 'Invalid Selection',
        error: 'Please select a value from the dropdown list',
      });
    }
  });
  for (const r of exampleRows) ws.addRow(r.map(safeCell));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** SPEC §8: the original rows with an extra Errors column listing each row's messages. */
export async function errorWorkbook(tpl: SheetTemplate, rows: { raw: CellValue[]; messages: string[] }[], errorsHeader: string): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = addSheet(wb, tpl, [errorsHeader]);
  for (const r of rows) {
    const added = ws.addRow([...tpl.columns.map((_, i) => safeCell(r.raw[i] ?? null)), safeCell(r.messages.join('\n') || null)]);
    if (r.messages.length > 0) added.getCell(tpl.columns.length + 1).font = { color: { argb: 'FFC00000' } };
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The day in a download's name (`Orders_2026-03-01.xlsx`): today in the user's offset, not UTC's. */
export function fileDay(now: Date, offset = '+07:00'): string {
  return new Date(now.getTime() + offsetMinutes(offset) * 60_000).toISOString().slice(0, 10);
}

/** SPEC §8: original file name + `_Errors_` + DDMMYYYY_HHmmss (in the user's offset) + `.xlsx`. */
export function errorWorkbookFileName(original: string, now: Date, offset = '+07:00'): string {
  const base = original.replace(/\.xlsx$/i, '').replace(/[\\/:*?"<>|\r\n]/g, '_') || 'import';
  const d = new Date(now.getTime() + offsetMinutes(offset) * 60_000);
  const stamp = `${pad(d.getUTCDate())}${pad(d.getUTCMonth() + 1)}${d.getUTCFullYear()}_${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}`;
  return `${base}_Errors_${stamp}.xlsx`;
}

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Replies with a workbook as a download (money-and-security.md: Content-Disposition on downloads). */
export function sendXlsx(reply: FastifyReply, fileName: string, data: Buffer) {
  return reply.header('content-type', XLSX_CONTENT_TYPE).header('content-disposition', `attachment; filename="${fileName.replace(/["\\\r\n]/g, '_')}"`).send(data);
}
/** At most this many row errors travel in `errors`; the error workbook has them all. */
export const MAX_REPORTED_ERRORS = 200;

/** One sheet of a streamed workbook: a bold, frozen header row and rows produced one at a time. */
export interface StreamedSheet {
  name: string;
  headers: readonly string[];
  rows: Iterable<readonly CellValue[]> | AsyncIterable<readonly CellValue[]>;
  /** Column widths (default: the header's length, at least 12). */
  widths?: readonly number[];
  /** Columns kept in view while scrolling sideways (default none). */
  freezeColumns?: number;
}

/**
 * The one streaming export pipeline: sheets written row by row into the reply (ExcelJS's streaming
 * writer, each row committed as written), every cell neutralised (safeCell), so a large export never
 * holds the workbook in memory.
 */
export function streamWorkbook(sheets: readonly StreamedSheet[]): Readable {
  const out = new PassThrough();
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  void (async () => {
    for (const s of sheets) {
      const ws = wb.addWorksheet(s.name.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31), { views: [{ state: 'frozen', ySplit: 1, ...(s.freezeColumns ? { xSplit: s.freezeColumns } : {}) }] });
      ws.columns = s.headers.map((header, i) => ({ header, width: s.widths?.[i] ?? Math.max(12, header.length + 4) }));
      ws.getRow(1).font = { bold: true };
      ws.getRow(1).commit();
      for await (const r of s.rows) ws.addRow(r.map((v) => safeCell(v))).commit();
      ws.commit();
    }
    await wb.commit();
  })().catch((err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err))));
  return out;
}

/** Replies with a streamed workbook as a download. */
export function sendXlsxStream(reply: FastifyReply, fileName: string, stream: Readable) {
  return reply.header('content-type', XLSX_CONTENT_TYPE).header('content-disposition', `attachment; filename="${fileName.replace(/["\\\r\n]/g, '_')}"`).send(stream);
}
