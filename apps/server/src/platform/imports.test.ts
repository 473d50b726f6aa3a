import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ADMIN, SELLER, eventually, startTestApp, type TestApp } from '../test/harness';
import { multipartFile, readXlsx, xlsxOf } from '../test/files';
import { AppError } from './errors';
import { ImportRunner, defineImport, type ImportActor } from './imports';
import { LocalDiskStorage } from './storage';
import { checkXlsxFile, inReadOrder, readSheet, templateWorkbook, type ReadStats, type SheetTemplate } from './xlsx';

// ---------------------------------------------------------------------------------------------
// A 2,000,000-row workbook written directly as a zip (ExcelJS would take minutes to write it).

function zip(entries: [string, string | Buffer][]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of entries) {
    const data = Buffer.isBuffer(content) ? content : Buffer.from(content);
    const packed = zlib.deflateRawSync(data, { level: 1 });
    const nameBytes = Buffer.from(name);
    const crc = zlib.crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const cd = Buffer.alloc(46);
    cd.writeUInt32LE(0x02014b50, 0);
    cd.writeUInt16LE(20, 4);
    cd.writeUInt16LE(20, 6);
    cd.writeUInt16LE(8, 10);
    cd.writeUInt32LE(crc, 16);
    cd.writeUInt32LE(packed.length, 20);
    cd.writeUInt32LE(data.length, 24);
    cd.writeUInt16LE(nameBytes.length, 28);
    cd.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, packed);
    central.push(cd, nameBytes);
    offset += 30 + nameBytes.length + packed.length;
  }
  const cdBytes = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cdBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cdBytes, end]);
}

function hugeWorkbook(dataRows: number): Buffer {
  const parts: string[] = ['<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>'];
  parts.push('<row r="1"><c r="A1" t="inlineStr"><is><t>Code</t></is></c></row>');
  for (let r = 2; r <= dataRows + 1; r++) parts.push(`<row r="${r}"><c r="A1"><v>7</v></c></row>`);
  parts.push('</sheetData></worksheet>');
  const sheet = Buffer.from(parts.join(''));
  return zip([
    ['[Content_Types].xml', '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>'],
    ['_rels/.rels', '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>'],
    ['xl/workbook.xml', '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Data" sheetId="1" r:id="rId1"/></sheets></workbook>'],
    ['xl/_rels/workbook.xml.rels', '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>'],
    ['xl/sharedStrings.xml', '<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="0" uniqueCount="0"/>'],
    ['xl/worksheets/sheet1.xml', sheet],
  ]);
}

describe('readSheet stops at the row limit', () => {
  it('refuses a 2,000,000-row file after reading no more than the limit + 1 data rows', async () => {
    const tpl: SheetTemplate<'Code'> = { sheetName: 'Data', maxRows: 10_000, maxBytes: 20 * 1024 * 1024, columns: [{ header: 'Code', kind: 'number', required: true }] };
    const file = hugeWorkbook(2_000_000);
    const stats: ReadStats = { rowsRead: 0 };
    const err = await readSheet({ fileName: 'huge.xlsx', data: file }, tpl, stats).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe('IMPORT_TOO_MANY_ROWS');
    // The header and 10,001 data rows, not two million.
    expect(stats.rowsRead).toBeLessThanOrEqual(10_002);
    expect(stats.rowsRead).toBeGreaterThan(10_000);
    console.info(`2,000,000-row file (${(file.length / 1024 / 1024).toFixed(1)} MB): refused after reading ${stats.rowsRead} rows`);
  }, 60_000);

  it('moves the workbook, its relations and shared strings before the worksheets, copying records unchanged', async () => {
    // ExcelJS writes the worksheet before sharedStrings.xml and workbook.xml; its streaming reader
    // then spools the sheet to a temporary file and now and then loses the header row.
    const data = await xlsxOf(['Code'], [['QQ'], ['RR']]);
    const entries = await checkXlsxFile({ fileName: 'a.xlsx', data }, 1024 * 1024);
    const length = new Map(entries.map((e) => [e.name, e.localEnd - e.localOffset]));
    // The entry names in the order of the records in the file.
    const names = (buf: Buffer) => {
      const out: string[] = [];
      for (let p = 0; p < buf.length && buf.readUInt32LE(p) === 0x04034b50; p += length.get(out.at(-1)!)!) out.push(buf.toString('utf8', p + 30, p + 30 + buf.readUInt16LE(p + 26)));
      return out;
    };
    expect(names(data).indexOf('xl/worksheets/sheet1.xml')).toBeLessThan(names(data).indexOf('xl/workbook.xml'));
    const ordered = inReadOrder(data, entries);
    expect(ordered.length).toBe(data.length);
    const after = names(ordered);
    expect(after.slice(0, 4)).toEqual(['[Content_Types].xml', '_rels/.rels', 'xl/workbook.xml', 'xl/_rels/workbook.xml.rels']);
    expect(after.at(-1)).toBe('xl/worksheets/sheet1.xml');
    expect(after.indexOf('xl/sharedStrings.xml')).toBeLessThan(after.indexOf('xl/worksheets/sheet1.xml'));
    // Still a valid workbook with the same cells, and already-ordered files are left as they are.
    expect(await readXlsx(ordered)).toEqual([['Code'], ['QQ'], ['RR']]);
    expect(inReadOrder(ordered, await checkXlsxFile({ fileName: 'a.xlsx', data: ordered }, 1024 * 1024))).toBe(ordered);
  });

  it('reads a text cell as it was before the export escape: an apostrophe written before +, -, @ is not part of the value; an escaped = is still a formula', async () => {
    type H = 'Phone' | 'Note';
    const tpl: SheetTemplate<H> = { sheetName: 'Data', maxRows: 10, maxBytes: 1024 * 1024, columns: [{ header: 'Phone', kind: 'text', required: true }, { header: 'Note', kind: 'text' }] };
    // The template writer escapes what it writes (safeCell): '+13105550100, '-5, '@home, '=1+1.
    const data = await templateWorkbook(tpl, [['+13105550100', '-5 cm'], ['@home', "'quoted' on purpose"], ['=1+1', null]]);
    const rows = await readSheet({ fileName: 'escaped.xlsx', data }, tpl);
    expect(rows.map((r) => r.values)).toEqual([
      { Phone: '+13105550100', Note: '-5 cm' },
      { Phone: '@home', Note: "'quoted' on purpose" },
      { Phone: null, Note: null },
    ]);
    expect(rows[2]!.errors).toEqual([{ field: 'rows.4.Phone', message: 'import.cell.formula' }]);
  });

  it('reads every row of a file within the limit', async () => {
    const tpl: SheetTemplate<'Code'> = { sheetName: 'Data', maxRows: 10_000, maxBytes: 20 * 1024 * 1024, columns: [{ header: 'Code', kind: 'number', required: true }] };
    const stats: ReadStats = { rowsRead: 0 };
    const rows = await readSheet({ fileName: 'ok.xlsx', data: hugeWorkbook(10_000) }, tpl, stats);
    expect(rows).toHaveLength(10_000);
    expect(stats.rowsRead).toBe(10_001);
  }, 60_000);
});

// ---------------------------------------------------------------------------------------------
// The runner, with jobs run when the test says (a captured send, then runJob).

let t: TestApp;
let dir: string;
let runner: ImportRunner;
const sent: { name: string; data: unknown; id: string }[] = [];
const cancelled: { name: string; ids: string[] }[] = [];
const actor = (userId: string): ImportActor => ({ userId, accountId: userId, roleKind: 'staff', permissions: new Set(), timeZone: '+07:00' });
const ACTOR = actor('00000000-0000-4000-8000-000000000001');

const codes = defineImport({
  name: 'test.codes',
  template: { sheetName: 'Codes', maxRows: 100, maxBytes: 1024 * 1024, columns: [{ header: 'Code', kind: 'text', required: true }] } as SheetTemplate<'Code'>,
  rowSchema: z.object({ Code: z.string().regex(/^[A-Z]+$/, 'validation.invalid') }),
  async batchChecks(rows, tx) {
    // One query for the whole set of codes.
    const wanted = rows.flatMap((r) => (r.data ? [r.data.Code] : []));
    if (wanted.length === 0) return 0;
    const res = (await tx.execute(sql`select code from import_probe where code in (${sql.join(wanted.map((c) => sql`${c}`), sql`, `)})`)) as unknown as { rows: { code: string }[] };
    const taken = new Set(res.rows.map((r) => r.code));
    for (const r of rows) if (r.data && taken.has(r.data.Code)) r.errors.push({ field: `rows.${r.row}.Code`, message: 'validation.sku.duplicateInSystem' });
    return rows.length;
  },
  async commit(rows, tx) {
    for (const r of rows) await tx.execute(sql`insert into import_probe (code) values (${r.data!.Code})`);
    return rows.length;
  },
  summary: ({ rows, committed }) => ({ rows: rows.length, written: committed ?? 0 }),
});
const big = { ...codes, name: 'test.codes.big', inlineMaxBytes: 0 };

const probeCount = async () => Number(((await t.db.execute(sql`select count(*)::int as n from import_probe`)) as unknown as { rows: { n: number }[] }).rows[0]!.n);
const file = (codesList: string[]) => xlsxOf(['Code'], codesList.map((c) => [c]));

beforeAll(async () => {
  t = await startTestApp();
  await t.db.execute(sql`create table import_probe (code text primary key)`);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'exship-imports-'));
  runner = new ImportRunner(t.db, new LocalDiskStorage(dir));
  runner.registerJobs({
    register: () => {},
    send: async (name, data) => {
      const id = crypto.randomUUID();
      sent.push({ name: typeof name === 'string' ? name : name.name, data, id });
      return id;
    },
    cancel: async (name, ids) => void cancelled.push({ name, ids }),
  });
});
afterAll(async () => {
  await t?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('ImportRunner', () => {
  it('validates without writing, then commits the whole file', async () => {
    const only = await runner.start(codes, ACTOR, { fileName: 'a.xlsx', data: await file(['AA', 'BB']) }, { onlyValidate: true, lang: 'en' });
    expect(only).toMatchObject({ status: 'done', result: { rows: 2, written: 0 } });
    expect(await probeCount()).toBe(0);
    const done = await runner.start(codes, ACTOR, { fileName: 'a.xlsx', data: await file(['AA', 'BB']) }, { onlyValidate: false, lang: 'en' });
    expect(done).toMatchObject({ status: 'done', result: { rows: 2, written: 2 } });
    expect(await probeCount()).toBe(2);
  });

  it('a bad row: 400 with a link to the stored error workbook (SPEC §8 name, Errors column); nothing written', async () => {
    const before = await probeCount();
    const err = (await runner.start(codes, ACTOR, { fileName: 'My codes.xlsx', data: await file(['CC', 'bad1', 'AA']) }, { onlyValidate: false, lang: 'en' }).catch((e: unknown) => e)) as AppError;
    expect(err.code).toBe('IMPORT_ROWS_INVALID');
    expect(err.opts.errors).toEqual([
      { field: 'rows.3.Code', message: 'validation.invalid' },
      { field: 'rows.4.Code', message: 'validation.sku.duplicateInSystem' },
    ]);
    const link = err.opts.details!.errorWorkbook as { fileName: string; url: string };
    expect(link.fileName).toMatch(/^My codes_Errors_\d{8}_\d{6}\.xlsx$/);
    expect(link.url).toBe(`/api/v1/imports/${err.opts.details!.importId}/errors.xlsx`);
    expect(JSON.stringify(err.opts.details)).not.toContain('base64');
    const key = fs.readdirSync(path.join(dir, 'imports', ACTOR.accountId)).find((f) => f.startsWith(String(err.opts.details!.importId)))!;
    const sheet = await readXlsx(fs.readFileSync(path.join(dir, 'imports', ACTOR.accountId, key)));
    expect(sheet[0]).toEqual(['Code', 'Errors']);
    expect(sheet[2]![0]).toBe('bad1');
    expect(String(sheet[2]![1])).toMatch(/^Code: /);
    expect(sheet[1]).toEqual(['CC']);
    expect(await probeCount()).toBe(before);
  });

  it('rows deleted in the review step (skipRows) are neither checked nor written', async () => {
    const before = await probeCount();
    const done = await runner.start(codes, ACTOR, { fileName: 'k.xlsx', data: await file(['KK', 'bad1', 'LL']) }, { onlyValidate: false, lang: 'en', skipRows: [3] });
    expect(done).toMatchObject({ status: 'done', result: { rows: 2, written: 2 } });
    expect(await probeCount()).toBe(before + 2);
    await expect(runner.start(codes, ACTOR, { fileName: 'k.xlsx', data: await file(['MM']) }, { onlyValidate: true, lang: 'en', skipRows: [2] })).rejects.toMatchObject({ code: 'IMPORT_NO_DATA' });
  });

  it('all or nothing: a commit that fails half-way leaves nothing written', async () => {
    const failing = defineImport({
      ...codes,
      name: 'test.codes.failing',
      async commit(rows, tx) {
        for (const r of rows) await tx.execute(sql`insert into import_probe (code) values (${r.data!.Code})`);
        throw new AppError('VALIDATION_FAILED', 400);
      },
    });
    const before = await probeCount();
    await expect(runner.start(failing, ACTOR, { fileName: 'f.xlsx', data: await file(['XX', 'YY']) }, { onlyValidate: false, lang: 'en' })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(await probeCount()).toBe(before);
  });

  it('a large file is queued as a job with progress; a second import of the same user meanwhile gets 409', async () => {
    const user = actor('00000000-0000-4000-8000-000000000002');
    const started = await runner.start(big, user, { fileName: 'big.xlsx', data: await file(['QQ', 'RR', 'SS']) }, { onlyValidate: false, lang: 'en' });
    expect(started.status).toBe('queued');
    if (started.status !== 'queued') return;
    expect(started.run).toMatchObject({ status: 'queued', progress: 0, name: 'test.codes.big' });
    expect(sent.at(-1)).toMatchObject({ name: 'imports.run', data: { runId: started.importId } });

    const second = await runner.start(codes, user, { fileName: 'small.xlsx', data: await file(['TT']) }, { onlyValidate: false, lang: 'en' }).catch((e: unknown) => e);
    expect(second).toMatchObject({ code: 'IMPORT_ALREADY_RUNNING', status: 409 });
    // Another user is not blocked.
    expect((await runner.start(codes, actor('00000000-0000-4000-8000-000000000003'), { fileName: 's.xlsx', data: await file(['UU']) }, { onlyValidate: true, lang: 'en' })).status).toBe('done');

    const before = await probeCount();
    await runner.runJob(sent.at(-1)!.data as Parameters<ImportRunner['runJob']>[0]);
    expect(await runner.view(started.importId, 'en', user.userId)).toMatchObject({ status: 'succeeded', progress: 100, result: { rows: 3, written: 3 }, error: null });
    expect(await probeCount()).toBe(before + 3);
    // A redelivered job does nothing twice.
    await runner.runJob(sent.at(-1)!.data as Parameters<ImportRunner['runJob']>[0]);
    expect(await probeCount()).toBe(before + 3);
    // Another user's run is not visible; the uploaded file is gone once the job ended.
    expect(await runner.view(started.importId, 'en', ACTOR.userId)).toBeNull();
    expect(fs.existsSync(path.join(dir, 'imports', user.accountId, `${started.importId}_upload.xlsx`))).toBe(false);
    // Free again.
    expect((await runner.start(codes, user, { fileName: 'small.xlsx', data: await file(['TT']) }, { onlyValidate: true, lang: 'en' })).status).toBe('done');
  });

  it('a queued job with bad rows ends failed, with the translated errors and the workbook link', async () => {
    const user = actor('00000000-0000-4000-8000-000000000004');
    const started = await runner.start(big, user, { fileName: 'bad.xlsx', data: await file(['ok', 'GOOD']) }, { onlyValidate: false, lang: 'vi' });
    await runner.runJob(sent.at(-1)!.data as Parameters<ImportRunner['runJob']>[0]);
    const view = await runner.view(started.importId, 'vi', user.userId);
    expect(view).toMatchObject({ status: 'failed', error: { code: 'IMPORT_ROWS_INVALID', errors: [{ field: 'rows.2.Code' }] } });
    expect((view!.error!.details!.errorWorkbook as { url: string }).url).toBe(`/api/v1/imports/${started.importId}/errors.xlsx`);
    expect(view!.error!.message).not.toBe('error.IMPORT_ROWS_INVALID');
  });
});

describe('a run whose process died (lease run out)', () => {
  const activeRun = async (userId: string, status: 'queued' | 'running', lease: 'expired' | 'fresh', extra: { jobId?: string; uploadKey?: string } = {}) => {
    const id = crypto.randomUUID();
    // updated_at is recent on purpose: the lease alone says the run is dead, not its age.
    await t.db.execute(sql`insert into import_runs (id, user_id, account_id, name, file_name, only_validate, status, progress, lease_until, job_id, upload_key)
      values (${id}, ${userId}, ${userId}, 'test.codes.big', 'big.xlsx', false, ${status}, 40,
              now() + ${lease === 'expired' ? sql`interval '-1 minute'` : sql`interval '1 minute'`}, ${extra.jobId ?? null}, ${extra.uploadKey ?? null})`);
    return id;
  };

  it('the next import of its user is accepted, and the old run reads failed as interrupted', async () => {
    const user = actor('00000000-0000-4000-8000-000000000011');
    const dead = await activeRun(user.userId, 'running', 'expired');
    const next = await runner.start(codes, user, { fileName: 'again.xlsx', data: await file(['AB']) }, { onlyValidate: true, lang: 'en' });
    expect(next.status).toBe('done');
    expect(await runner.view(dead, 'en', user.userId)).toMatchObject({
      status: 'failed',
      error: { code: 'IMPORT_INTERRUPTED', message: 'The import stopped unexpectedly; please upload the file again.' },
    });
  });

  it('a run whose lease is still renewed keeps its user waiting (409)', async () => {
    const user = actor('00000000-0000-4000-8000-000000000012');
    const alive = await activeRun(user.userId, 'running', 'fresh');
    await expect(runner.start(codes, user, { fileName: 'b.xlsx', data: await file(['AB']) }, { onlyValidate: true, lang: 'en' })).rejects.toMatchObject({ code: 'IMPORT_ALREADY_RUNNING' });
    expect(await runner.view(alive, 'en', user.userId)).toMatchObject({ status: 'running' });
  });

  it('the seller polling the run reads it failed as soon as its lease ran out', async () => {
    const user = actor('00000000-0000-4000-8000-000000000013');
    const dead = await activeRun(user.userId, 'queued', 'expired');
    expect(await runner.view(dead, 'vi', user.userId)).toMatchObject({ status: 'failed', error: { code: 'IMPORT_INTERRUPTED' } });
  });

  it('the sweep fails every expired run, removes its upload and settles its job, so nothing shows among dead jobs', async () => {
    const a = actor('00000000-0000-4000-8000-000000000014');
    const b = actor('00000000-0000-4000-8000-000000000015');
    const uploadKey = `imports/${a.accountId}/x_upload.xlsx`;
    await runner['storage'].put(uploadKey, Buffer.from('x'));
    const jobId = crypto.randomUUID();
    const dead = await activeRun(a.userId, 'running', 'expired', { jobId, uploadKey });
    const alive = await activeRun(b.userId, 'running', 'fresh');
    expect(await runner.recover()).toBe(1);
    const [row] = ((await t.db.execute(sql`select status, error, upload_key from import_runs where id = ${dead}`)) as unknown as { rows: { status: string; error: { code: string }; upload_key: string | null }[] }).rows;
    expect(row).toMatchObject({ status: 'failed', error: { code: 'IMPORT_INTERRUPTED' }, upload_key: null });
    expect(await runner['storage'].get(uploadKey)).toBeNull();
    expect(await runner.view(alive, 'en', b.userId)).toMatchObject({ status: 'running' });
    // Once the run has been over for a lease, its job (still "active" in the engine after a crash) is cancelled.
    await t.db.execute(sql`update import_runs set updated_at = now() - interval '5 minutes' where id = ${dead}`);
    await runner.recover();
    expect(cancelled).toContainEqual({ name: 'imports.run', ids: expect.arrayContaining([jobId]) });
    const [after] = ((await t.db.execute(sql`select job_id from import_runs where id = ${dead}`)) as unknown as { rows: { job_id: string | null }[] }).rows;
    expect(after!.job_id).toBeNull();
  });
});

describe('GET /imports/:id and the error workbook download (HTTP)', () => {
  it('the owner gets the run and the workbook; another user gets 404', async () => {
    const seller = await t.login(SELLER.email, SELLER.password);
    const admin = await t.login(ADMIN.email, ADMIN.password);
    const res = await t.call({ method: 'POST', url: '/api/v1/products/import-variants', token: seller, ...multipartFile('v.xlsx', await xlsxOf(['Product_ID', 'HScode_product', 'SKU', 'Shape', 'Width_cm', 'Height_cm', 'Length_cm', 'Weight_gr', 'Product_price'], [['x', 'h', 'S1', null, 1, 1, 1, 10, 1]])) });
    expect(res.status).toBe(400);
    const { importId, errorWorkbook } = res.body.details;
    const run = await t.call({ method: 'GET', url: `/api/v1/imports/${importId}`, token: seller });
    expect(run.status).toBe(200);
    expect(run.body.data).toMatchObject({ id: importId, status: 'failed', name: 'products.variants', error: { code: 'IMPORT_ROWS_INVALID' } });
    const download = await t.app.inject({ method: 'GET', url: errorWorkbook.url, headers: { authorization: `Bearer ${seller}` } });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toContain(`filename="${errorWorkbook.fileName}"`);
    expect((await readXlsx(download.rawPayload))[0]!.at(-1)).toBe('Errors');
    expect((await t.call({ method: 'GET', url: `/api/v1/imports/${importId}`, token: admin })).status).toBe(404);
    expect((await t.call({ method: 'GET', url: errorWorkbook.url, token: admin })).status).toBe(404);
  });

  it('a file over 1 MB answers 202 and runs as a job; GET /imports/:id follows it to its end', async () => {
    const admin = await t.login(ADMIN.email, ADMIN.password);
    const rand = (n: number) => Array.from({ length: n }, () => Math.random().toString(36).slice(2, 12)).join('').slice(0, n);
    const rows = Array.from({ length: 6500 }, () => [`${rand(60)}@example.com`, rand(90), rand(95)]);
    const data = await xlsxOf(['Customer_email', 'SKU', 'Partner_product_id'], rows);
    expect(data.length).toBeGreaterThan(1024 * 1024);
    const res = await t.call({ method: 'POST', url: '/api/v1/products/import-partner-ids', token: admin, ...multipartFile('partners.xlsx', data) });
    expect(res.status).toBe(202);
    expect(res.body.data).toMatchObject({ importId: expect.any(String), status: 'queued', progress: 0 });
    const run = await eventually(async () => {
      await t.runJobs();
      const r = await t.call({ method: 'GET', url: `/api/v1/imports/${res.body.data.importId}`, token: admin });
      return ['succeeded', 'failed'].includes(r.body.data.status) ? r.body.data : null;
    }, 60_000, 250);
    // No such customers: the job ends with the row errors and the stored workbook, nothing written.
    expect(run).toMatchObject({ status: 'failed', progress: 90, error: { code: 'IMPORT_ROWS_INVALID', errors: expect.arrayContaining([{ field: 'rows.2.Customer_email', message: 'Customer not found.' }]) } });
    const download = await t.app.inject({ method: 'GET', url: run.error.details.errorWorkbook.url, headers: { authorization: `Bearer ${admin}` } });
    expect(download.statusCode).toBe(200);
  }, 120_000);
});
