// CSV (RFC 4180) for the import pipeline (platform/xlsx.ts readSheet): a partner's scale or sorter
// writes comma-separated text. Fields may be quoted ("a, b", "say ""hi"""), quoted fields may span
// lines, lines end with LF or CRLF; a UTF-8 byte order mark is dropped. A semicolon file (Excel in
// some locales) is read when its first line has semicolons and no commas.

/** The records of a CSV text, each a list of its fields as written (no trimming). */
export function parseCsv(text: string): string[][] {
  const src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const firstLine = src.slice(0, src.search(/\r?\n|$/));
  const sep = !firstLine.includes(',') && firstLine.includes(';') ? ';' : ',';
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  const endField = () => {
    record.push(field);
    field = '';
  };
  const endRecord = () => {
    endField();
    records.push(record);
    record = [];
  };
  while (i < src.length) {
    const c = src[i]!;
    if (quoted) {
      if (c === '"') {
        if (src[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i++;
        continue;
      }
      field += c;
      i++;
      continue;
    }
    if (c === '"' && field === '') {
      quoted = true;
      i++;
    } else if (c === sep) {
      endField();
      i++;
    } else if (c === '\n' || c === '\r') {
      endRecord();
      i += c === '\r' && src[i + 1] === '\n' ? 2 : 1;
    } else {
      field += c;
      i++;
    }
  }
  if (field !== '' || record.length > 0 || quoted) endRecord();
  return records;
}
