import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SurchargeImportRow } from '@exship/contracts';
import { session } from '../../api/session';
import { envelope, failure, fakeApi } from '../../test/fake-api';
import { makeProfile, renderRoutes, renderWithProviders } from '../../test/render';
import ImportSurchargePage, { SurchargeReviewTable } from './import-surcharge-page';

// SPEC §2 Import Surcharge screen: the review table (link in a new tab, $ amounts, detail reason
// clamped or N/A, Delete, the summary line, pagination hidden on one page) and the three steps.

const row = (n: number, over: Partial<SurchargeImportRow> = {}): SurchargeImportRow => ({
  row: n,
  orderId: `EX00000000${String(n).padStart(2, '0')}`,
  surcharge: 1,
  reason: 'FBA',
  detailReason: '',
  note: 'Surcharge import',
  reasonType: 'fba',
  errors: [],
  order: { id: `00000000-0000-4000-8000-0000000000${String(n).padStart(2, '0')}`, exOrderId: `EX00000000${String(n).padStart(2, '0')}`, orderName: `O-${n}` },
  ...over,
});

describe('SurchargeReviewTable', () => {
  it('shows N/A for an empty detail reason, $ amounts, the order link in a new tab, and the summary line with separators', () => {
    const onDelete = vi.fn();
    renderWithProviders(
      <SurchargeReviewTable
        rows={[row(2, { surcharge: 1000.25, reason: 'Other', reasonType: 'other', detailReason: 'Re-weighed at the hub: the parcel is 2 kg heavier' }), row(3, { surcharge: 234.25 }), row(4, { surcharge: 0.1, order: null, orderId: 'EX0000000004' })]}
        onDelete={onDelete}
      />,
    );
    expect(screen.getByRole('status').textContent).toBe('3 row(s) · Total surcharge $1,234.60');
    const table = screen.getByRole('table');
    expect(within(table).getByText('$1,000.25')).toBeTruthy();
    expect(within(table).getByText('$0.10')).toBeTruthy();
    expect(within(table).getAllByText('N/A')).toHaveLength(2);
    expect(within(table).getByText('Re-weighed at the hub: the parcel is 2 kg heavier')).toBeTruthy();

    const link = within(table).getByRole('link', { name: 'EX0000000002' });
    expect(link.getAttribute('href')).toBe('/app/orders/order-detail/00000000-0000-4000-8000-000000000002');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    // An order not found keeps the id as given.
    expect(within(table).getByRole('link', { name: 'EX0000000004' }).getAttribute('href')).toBe('/app/orders/order-detail/EX0000000004');

    // One page: no pagination.
    expect(document.querySelector('.ant-pagination')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Delete row 3' }));
    expect(onDelete).toHaveBeenCalledWith(3);
  });

  it('the reason from the file reads in the page language', async () => {
    session.setLanguage('vi');
    try {
      renderWithProviders(<SurchargeReviewTable rows={[row(2, { reason: 'Dimension Surcharge', reasonType: 'dimension-surcharge' }), row(3, { reason: 'Active tracking', reasonType: 'active-tracking' })]} onDelete={() => {}} />);
      const table = screen.getByRole('table');
      expect(await within(table).findByText('Phụ phí kích thước')).toBeTruthy();
      expect(within(table).getByText('Kích hoạt theo dõi')).toBeTruthy();
      expect(within(table).queryByText('Dimension Surcharge')).toBeNull();
    } finally {
      session.setLanguage('en');
    }
  });

  it('clamps the detail reason to two lines and paginates past 10 rows', () => {
    renderWithProviders(<SurchargeReviewTable rows={Array.from({ length: 11 }, (_, i) => row(i + 2, { detailReason: 'x '.repeat(200) }))} onDelete={() => {}} />);
    expect(screen.getByRole('status').textContent).toBe('11 row(s) · Total surcharge $11.00');
    const clamped = document.querySelector('.ant-typography-ellipsis') as HTMLElement | null;
    expect(clamped).not.toBeNull();
    expect(clamped!.className).toContain('ant-typography-ellipsis-multiple-line');
    expect(clamped!.getAttribute('style')).toContain('-webkit-line-clamp: 2');
    expect(document.querySelector('.ant-pagination')).not.toBeNull();
  });
});

describe('ImportSurchargePage', () => {
  beforeEach(() => session.signIn('token-1', makeProfile({ permissions: ['EX-ORDER-SURCHARGE-IMPORT'] })));
  afterEach(() => {
    vi.unstubAllGlobals();
    session.clear();
  });

  const choose = (file: File) => fireEvent.change(document.querySelector('input[type=file]') as HTMLInputElement, { target: { files: [file] } });
  const xlsx = (name = 'surcharges.xlsx') => new File([new Uint8Array([80, 75, 3, 4])], name);
  const step = (name: string) => screen.getByText(name).closest('.ant-steps-item') as HTMLElement;

  it('upload → review (only with rows) → import; deleted rows are left out; success goes back to the orders', async () => {
    const calls = fakeApi(({ path, body }) => {
      if (path === '/orders/import-surcharge/file') {
        return envelope({ totalRows: 2, rows: [{ row: 2, orderId: 'EX0000000002', surcharge: 5, reason: 'FBA', detailReason: '' }, { row: 3, orderId: 'EX0000000003', surcharge: 7.5, reason: 'Other', detailReason: 'Heavier' }] }, { message: '' });
      }
      const sent = body as { data: { row: number }[]; onlyValidateDoNotImport?: boolean };
      const rows = sent.data.map((d) => row(d.row, d as Partial<SurchargeImportRow>));
      return envelope(rows, { message: sent.onlyValidateDoNotImport ? 'The surcharges are valid.' : 'Surcharges imported.' });
    });
    const bodies = () => calls.filter((c) => c.path !== '/orders/import-surcharge/file').map((c) => c.body as unknown);
    const { router } = renderRoutes(
      [
        { path: '/app/orders/import-surcharge', element: <ImportSurchargePage /> },
        { path: '/app/orders', element: <p>Orders list</p> },
      ],
      '/app/orders/import-surcharge',
    );
    expect(step('Review surcharge').className).toContain('disabled');
    expect(step('Import').className).toContain('disabled');

    // Only .xlsx, in any case.
    choose(new File(['a,b'], 'surcharges.csv'));
    expect(await screen.findByText('Only .xlsx files can be imported.')).toBeTruthy();
    choose(xlsx('SURCHARGES.XLSX'));
    fireEvent.click(await screen.findByRole('button', { name: 'Check file' }));
    expect(await screen.findByRole('link', { name: 'EX0000000003' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('2 row(s) · Total surcharge $12.50');
    expect(step('Review surcharge').className).not.toContain('disabled');

    fireEvent.click(screen.getByRole('button', { name: 'Delete row 2' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('1 row(s) · Total surcharge $7.50'));
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('import success')).toBeTruthy();
    expect(bodies()).toEqual([
      {
        data: [
          { row: 2, orderId: 'EX0000000002', surcharge: 5, reason: 'FBA', detailReason: '' },
          { row: 3, orderId: 'EX0000000003', surcharge: 7.5, reason: 'Other', detailReason: 'Heavier' },
        ],
        onlyValidateDoNotImport: true,
      },
      { data: [{ row: 3, orderId: 'EX0000000003', surcharge: 7.5, reason: 'Other', detailReason: 'Heavier' }] },
    ]);
    expect(step('Review surcharge').className).toContain('disabled');
    fireEvent.click(screen.getByRole('button', { name: 'Back to orders' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/orders'));
  }, 60_000);

  it('a failed validation stays on upload with no rows, lists the first errors and resets when the file is removed', async () => {
    fakeApi(() =>
      failure(400, 'IMPORT_ROWS_INVALID', 'Some rows are not valid.', {
        errors: [{ field: 'rows.2.OrderID*', message: 'Order not found.' }],
        details: { invalidRows: 1, errorWorkbook: { fileName: 'surcharges_Errors_01022026_101112.xlsx', url: '/api/v1/imports/run-1/errors.xlsx' } },
      }),
    );
    renderRoutes([{ path: '/', element: <ImportSurchargePage /> }], '/');
    choose(xlsx());
    fireEvent.click(await screen.findByRole('button', { name: 'Check file' }));
    expect(await screen.findByText('Row 2, OrderID*: Order not found.')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Download error file/ })).toBeTruthy();
    expect(Number(screen.getByRole('progressbar').getAttribute('aria-valuenow'))).toBe(0);
    expect(step('Review surcharge').className).toContain('disabled');
    fireEvent.click(screen.getByRole('button', { name: 'Remove surcharges.xlsx' }));
    await waitFor(() => expect(screen.queryByText('Row 2, OrderID*: Order not found.')).toBeNull());
  }, 60_000);
});
