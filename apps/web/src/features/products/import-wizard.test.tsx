import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { session } from '../../api/session';
import { envelope, fakeApi, jsonResponse } from '../../test/fake-api';
import { makeProfile, renderWithProviders } from '../../test/render';
import { ImportWizard, parseRowField } from './import-wizard';

// SPEC §4 import wizard and §8 import messages, through the component with the API stubbed.

const xlsx = (name = 'variants.xlsx') => new File([new Uint8Array([80, 75, 3, 4])], name, { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });

const rowsInvalid = {
  success: false,
  code: 'IMPORT_ROWS_INVALID',
  message: 'Some rows are not valid.',
  errors: [
    { field: 'rows.2.SKU', message: 'Duplicate SKU in the file.' },
    { field: 'rows.3.HScode_product', message: 'This field is required.' },
    { field: 'rows.4.Weight_gr', message: 'Weight must be above 3 g.' },
    { field: 'rows.5.SKU', message: 'Duplicate SKU: it already exists in the system.' },
  ],
  details: { totalRows: 4, invalidRows: 4, errorWorkbook: { fileName: 'variants_Errors_01022026_101112.xlsx', url: '/api/v1/imports/6f1c0a52-5d8e-4c43-9a64-1f0c2d3e4b5a/errors.xlsx' } },
};

const progress = () => Number(screen.getByRole('progressbar').getAttribute('aria-valuenow'));
const choose = (file: File) => {
  const input = document.querySelector('input[type=file]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [file] } });
};

describe('ImportWizard', () => {
  beforeEach(() => session.signIn('token-1', makeProfile({ permissions: ['EX-PRODUCT-IMPORT'] })));
  afterEach(() => {
    vi.unstubAllGlobals();
    session.clear();
  });

  it('parses row fields of the error envelope', () => {
    expect(parseRowField('rows.7.Weight_gr')).toEqual({ row: 7, column: 'Weight_gr' });
    expect(parseRowField('file')).toEqual({ row: null, column: 'file' });
  });

  it('a failed validation lists the first 3 errors, offers the error workbook and resets when the file is removed', async () => {
    const calls = fakeApi(() => jsonResponse(rowsInvalid, 400));
    renderWithProviders(<ImportWizard open kinds={['variant']} onClose={() => {}} />);
    choose(xlsx());
    expect(await screen.findByText('variants.xlsx')).toBeTruthy();
    expect(progress()).toBe(1);
    // SPEC §4: the file input is disabled while a file is chosen.
    expect((document.querySelector('input[type=file]') as HTMLInputElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Check file' }));
    const list = await screen.findByRole('list', { name: 'First errors' });
    expect(calls[0]?.url).toBe('/api/v1/products/import-variants?onlyValidate=true');
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'Row 2, SKU: Duplicate SKU in the file.',
      'Row 3, HScode_product: This field is required.',
      'Row 4, Weight_gr: Weight must be above 3 g.',
    ]);
    expect(screen.getByRole('button', { name: /Download error file/ })).toBeTruthy();
    expect(progress()).toBe(0);
    // Still on the upload step.
    expect(screen.getByRole('button', { name: 'Check file' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Remove variants.xlsx' }));
    await waitFor(() => expect(screen.queryByRole('list', { name: 'First errors' })).toBeNull());
    expect(screen.queryByRole('button', { name: /Download error file/ })).toBeNull();
    expect(screen.queryByText('variants.xlsx')).toBeNull();
    expect(progress()).toBe(0);
    expect((document.querySelector('input[type=file]') as HTMLInputElement).disabled).toBe(false);
  });

  it('refuses a file that is not .xlsx without calling the server', async () => {
    const calls = fakeApi(() => envelope(null));
    renderWithProviders(<ImportWizard open kinds={['product']} onClose={() => {}} />);
    choose(new File(['a,b'], 'products.csv', { type: 'text/csv' }));
    expect(await screen.findByText('Only .xlsx files can be imported.')).toBeTruthy();
    expect(screen.queryByText('products.csv')).toBeNull();
    expect(calls).toEqual([]);
  });

  it('validates first, shows the rows for review, then imports and finishes at 100 %', async () => {
    const row = { row: 2, Product_name: 'Cotton T-shirt', SKU: 'TEE-M', Product_price: 12 };
    const calls = fakeApi(({ url }) =>
      url.includes('onlyValidate=true')
        ? envelope({ onlyValidate: true, totalRows: 1, rows: [row] }, { message: 'The file is valid.' })
        : envelope({ onlyValidate: false, totalRows: 1, rows: [row], created: { products: 1, variants: 1 } }, { message: 'Import finished.' }),
    );
    renderWithProviders(<ImportWizard open kinds={['product', 'variant', 'partnerId']} onClose={() => {}} />);
    choose(xlsx('products.xlsx'));
    fireEvent.click(await screen.findByRole('button', { name: 'Check file' }));
    expect(await screen.findByRole('cell', { name: 'TEE-M' })).toBeTruthy();
    expect(progress()).toBe(60);

    fireEvent.click(screen.getByRole('button', { name: 'Import 1 row(s)' }));
    expect(await screen.findByText('Import success')).toBeTruthy();
    expect(screen.getByText('1 product(s) and 1 variant(s) created.')).toBeTruthy();
    expect(progress()).toBe(100);
    expect(calls.map((c) => c.url)).toEqual(['/api/v1/products/import?onlyValidate=true', '/api/v1/products/import']);
  });
});
