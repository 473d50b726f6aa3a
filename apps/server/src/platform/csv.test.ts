import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv';

describe('parseCsv', () => {
  it('reads plain and quoted fields, doubled quotes, CRLF and a byte order mark', () => {
    expect(parseCsv('\ufeffCode,Weight_gr\r\n1Z999,800\r\n"EX, quoted","say ""hi"""\n')).toEqual([
      ['Code', 'Weight_gr'],
      ['1Z999', '800'],
      ['EX, quoted', 'say "hi"'],
    ]);
  });

  it('keeps a line break inside quotes, empty fields, and a last line without a break', () => {
    expect(parseCsv('a,"b\nc",\n,,x')).toEqual([
      ['a', 'b\nc', ''],
      ['', '', 'x'],
    ]);
  });

  it('reads a semicolon file (Excel in some locales)', () => {
    expect(parseCsv('Code;Weight_gr\n1Z9;1,5\n')).toEqual([
      ['Code', 'Weight_gr'],
      ['1Z9', '1,5'],
    ]);
  });

  it('an empty text has no records', () => {
    expect(parseCsv('')).toEqual([]);
  });
});
