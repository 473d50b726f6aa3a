import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { session } from '../../api/session';
import { envelope, fakeApi } from '../../test/fake-api';
import { makeProfile, renderRoutes } from '../../test/render';
import ImportOrdersPage from './import-orders-page';

// SPEC §2 /app/orders/import-order: the shared wizard on a screen of its own. A seller imports into
// their own account; staff choose the seller first, and the import names them (customerId).

const result = (onlyValidate: boolean) => ({
  onlyValidate,
  totalRows: 3,
  orders: 2,
  totalPrice: 1234.5,
  rows: [
    { row: 2, orderName: 'A-1', productId: 'p', quantity: 1 },
    { row: 3, orderName: 'A-1', productId: 'p', quantity: 2 },
    { row: 4, orderName: 'B-1', productId: 'p', quantity: 1 },
  ],
  ...(onlyValidate ? {} : { created: [{ _id: '1', exOrderId: 'EX0000000001', orderName: 'A-1', totalPrice: 1000 }, { _id: '2', exOrderId: 'EX0000000002', orderName: 'B-1', totalPrice: 234.5 }] }),
});
const render = () =>
  renderRoutes(
    [
      { path: '/app/orders/import-order', element: <ImportOrdersPage /> },
      { path: '/app/orders', element: <p>Orders list</p> },
    ],
    '/app/orders/import-order',
  );

describe('ImportOrdersPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    session.clear();
  });

  it('a seller checks the file, reviews the rows and imports them into their own account', async () => {
    session.signIn('token-1', makeProfile({ permissions: ['EX-ORDER-IMPORT'] }));
    const calls = fakeApi(({ search }) => {
      const onlyValidate = search.has('onlyValidate');
      return envelope(result(onlyValidate), { message: onlyValidate ? 'The file is valid.' : 'Orders imported.' });
    });
    render();
    expect(screen.getByRole('heading', { name: 'Import orders' })).toBeTruthy();
    expect(screen.queryByLabelText('Seller')).toBeNull();
    fireEvent.change(document.querySelector('input[type=file]') as HTMLInputElement, { target: { files: [new File([new Uint8Array([80, 75, 3, 4])], 'orders.xlsx')] } });
    fireEvent.click(await screen.findByRole('button', { name: 'Check file' }));
    expect(await screen.findByText("2 order(s), $1,234.50 at today's prices.")).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Import 3 row(s)' }));
    expect(await screen.findByText('2 order(s) created, $1,234.50 in total. They stay unpaid until they are paid.')).toBeTruthy();
    expect(calls.map((c) => c.url)).toEqual(['/api/v1/orders/import?onlyValidate=true', '/api/v1/orders/import']);
  }, 60_000);

  it('staff choose the seller before the wizard appears', () => {
    session.signIn('token-1', makeProfile({ permissions: ['EX-ORDER-IMPORT', 'EX-ACT-FOR-CUSTOMER'], role: { name: 'Admin', code: 'EXR-ADMIN', kind: 'staff' } }));
    fakeApi(() => envelope([], { message: '' }));
    render();
    expect(screen.getByLabelText('Seller')).toBeTruthy();
    expect(screen.getByText('Choose the seller first: the orders, and the products they ship, belong to that seller.')).toBeTruthy();
    expect(document.querySelector('input[type=file]')).toBeNull();
  });
});
