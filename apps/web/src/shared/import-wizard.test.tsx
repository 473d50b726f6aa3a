import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Envelope } from '../api/client';
import { session } from '../api/session';
import { envelope, fakeApi } from '../test/fake-api';
import { makeProfile, renderWithProviders } from '../test/render';
import { ImportWizard, IMPORT_WIZARD_BUNDLES, type ImportQueued } from './import-wizard';

// The shared SPEC §4 wizard: rows deleted in the review are left out of the import; a queued
// (large) import is followed at GET /imports/:id; the error workbook is fetched from its link.

const xlsx = (name = 'codes.xlsx') => new File([new Uint8Array([80, 75, 3, 4])], name);
const choose = (file: File) => fireEvent.change(document.querySelector('input[type=file]') as HTMLInputElement, { target: { files: [file] } });
const progress = () => Number(screen.getByRole('progressbar').getAttribute('aria-valuenow'));
type Result = { rows: { row: number; Code: string }[] };

describe('shared ImportWizard', () => {
  beforeEach(() => session.signIn('token-1', makeProfile({ permissions: [] })));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
    session.clear();
  });

  it('keeps en and vi keys in step', () => {
    expect(Object.keys(IMPORT_WIZARD_BUNDLES.vi).sort()).toEqual(Object.keys(IMPORT_WIZARD_BUNDLES.en).sort());
  });

  it('leaves deleted review rows out, follows a queued import to the end, and reports it', async () => {
    const rows = [
      { row: 2, Code: 'AA' },
      { row: 3, Code: 'BB' },
      { row: 4, Code: 'CC' },
    ];
    const calls: { onlyValidate: boolean; skipRows: number[] }[] = [];
    const upload = vi.fn(async (_kind: string, _file: File, opts: { onlyValidate: boolean; skipRows: number[] }): Promise<Envelope<Result | ImportQueued>> => {
      calls.push(opts);
      return opts.onlyValidate
        ? { success: true, message: 'Valid.', data: { rows } }
        : { success: true, message: 'Queued.', data: { importId: 'run-1', status: 'queued', progress: 0 } };
    });
    const runs = [
      { id: 'run-1', name: 'codes', fileName: 'codes.xlsx', onlyValidate: false, status: 'running', progress: 50, result: null, error: null },
      { id: 'run-1', name: 'codes', fileName: 'codes.xlsx', onlyValidate: false, status: 'succeeded', progress: 100, result: { rows: rows.slice(0, 2) }, error: null },
    ];
    const polls = fakeApi(() => envelope(runs.shift(), { message: '' }));
    const imported = vi.fn();
    renderWithProviders(
      <ImportWizard<'codes', Result>
        open
        title="Import codes"
        onClose={() => {}}
        kinds={[{ value: 'codes', label: 'Codes' }]}
        upload={upload}
        reviewRows={(r) => r.rows}
        describe={(r, stage) => (stage === 'imported' ? `${r.rows.length} imported` : null)}
        onImported={imported}
      />,
    );
    choose(xlsx());
    fireEvent.click(await screen.findByRole('button', { name: 'Check file' }));
    expect(await screen.findByRole('cell', { name: 'CC' })).toBeTruthy();
    expect(progress()).toBe(60);
    fireEvent.click(screen.getByRole('button', { name: 'Delete row 4' }));
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'CC' })).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Import 2 row(s)' }));
    expect(await screen.findByText('Import success', {}, { timeout: 5000 })).toBeTruthy();
    expect(calls).toEqual([
      { onlyValidate: true, skipRows: [] },
      { onlyValidate: false, skipRows: [4] },
    ]);
    expect(polls.map((c) => c.url)).toEqual(['/api/v1/imports/run-1', '/api/v1/imports/run-1']);
    expect(imported).toHaveBeenCalledWith({ rows: rows.slice(0, 2) }, 'codes');
    expect(screen.getByText('2 imported')).toBeTruthy();
    expect(progress()).toBe(100);
  }, 60_000);

  it('a failed queued validation shows its errors at 0 % and downloads the error workbook from its link', async () => {
    const failedRun = {
      id: 'run-2',
      name: 'codes',
      fileName: 'codes.xlsx',
      onlyValidate: true,
      status: 'failed',
      progress: 90,
      result: null,
      error: { code: 'IMPORT_ROWS_INVALID', message: 'Some rows are not valid.', errors: [{ field: 'rows.3.Code', message: 'Invalid.' }], details: { invalidRows: 1, errorWorkbook: { fileName: 'codes_Errors_01022026_101112.xlsx', url: '/api/v1/imports/run-2/errors.xlsx' } } },
    };
    const calls = fakeApi(({ url }) => (url.endsWith('/errors.xlsx') ? new Response(new Uint8Array([80, 75, 3, 4]), { status: 200 }) : envelope(failedRun, { message: '' })));
    const createObjectURL = vi.fn(() => 'blob:x');
    // A subclass, so that unstubbing gives back the untouched URL (other files share this worker).
    vi.stubGlobal('URL', Object.assign(class extends URL {}, { createObjectURL, revokeObjectURL: vi.fn() }));
    renderWithProviders(
      <ImportWizard<'codes', Result>
        open
        title="Import codes"
        onClose={() => {}}
        kinds={[{ value: 'codes', label: 'Codes' }]}
        upload={async () => ({ success: true, message: '', data: { importId: 'run-2', status: 'queued', progress: 0 } })}
      />,
    );
    choose(xlsx());
    fireEvent.click(await screen.findByRole('button', { name: 'Check file' }));
    expect(await screen.findByText('Row 3, Code: Invalid.', {}, { timeout: 5000 })).toBeTruthy();
    expect(progress()).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: /Download error file/ }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    expect(calls.map((c) => c.url)).toEqual(['/api/v1/imports/run-2', '/api/v1/imports/run-2/errors.xlsx']);
  }, 60_000);
});
