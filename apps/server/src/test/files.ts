import ExcelJS from 'exceljs';

/** A multipart/form-data body with one file, for app.inject(). */
export function multipartFile(fileName: string, data: Buffer, contentType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet') {
  const boundary = `----exship${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, data, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** An xlsx with a header row and data rows; a cell given as { formula } becomes a real formula. */
export async function xlsxOf(headers: string[], rows: (string | number | null | { formula: string })[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Sheet1');
  ws.addRow(headers);
  for (const r of rows) ws.addRow(r as ExcelJS.CellValue[]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Reads the first sheet of an xlsx (e.g. an error workbook) back into arrays. */
export async function readXlsx(data: Buffer): Promise<(string | number | null)[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(data as unknown as ArrayBuffer);
  const out: (string | number | null)[][] = [];
  wb.worksheets[0]!.eachRow((row) => out.push((row.values as (string | number | null)[]).slice(1)));
  return out;
}

/** A multipart/form-data body with text fields and optional files, for app.inject(). */
export function multipartForm(fields: Record<string, string>, files: { field: string; fileName: string; data: Buffer; contentType?: string }[] = []) {
  const boundary = `----exship${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  for (const f of files) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.fileName}"\r\nContent-Type: ${f.contentType ?? 'application/octet-stream'}\r\n\r\n`), f.data, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
