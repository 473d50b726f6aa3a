import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { OrderSummary } from '@exship/contracts';
import { session } from '../../api/session';
import { envelope, failure, fakeApi, type ApiCall } from '../../test/fake-api';
import { makeProfile, renderRoutes } from '../../test/render';
import { Providers } from '../../app/providers';
import { createQueryClient } from '../../app/query-client';
import { columnsStorageKey } from './order-columns';
import OrderListPage from './order-list-page';

// SPEC §2 /app/orders: tabs with counts, filters and page kept in the URL (a reload reproduces the
// view), the §3 default columns with a chooser remembered per user, the §4 display rule, selection.

const SELLER = ['EX-ORDER-LIST', 'EX-ORDER-DETAIL', 'EX-ORDER-CREATE', 'EX-ORDER-EXPORT', 'EX-ORDER-HOLD', 'EX-PRICING-VIEW'];

const order = (over: Partial<OrderSummary>): OrderSummary => ({
  id: '11111111-1111-4111-8111-111111111111',
  exOrderId: 'EX0000000001',
  orderName: 'ORDER-1',
  customer: { id: '22222222-2222-4222-8222-222222222222', email: 'buyer@example.com', fullName: 'Bea Buyer' },
  status: 'unpaid',
  preStatus: null,
  paymentStatus: 'unpaid',
  routingStatus: null,
  checkInStatus: null,
  scheduleStatus: null,
  quantity: 2,
  lengthCm: 20,
  widthCm: 15,
  heightCm: 5,
  weightGr: 1250,
  serviceCode: 'STD',
  carrierCode: null,
  trackingNumber: null,
  totalPrice: 12.34,
  surcharge: 0,
  unpaidSurcharge: 0,
  country: 'US',
  shipTo: { name: 'Bea Recipient', city: 'Los Angeles', state: 'CA', country: 'US' },
  labelUs: false,
  createdAt: '2026-03-01T03:00:00.000Z',
  ...over,
});

const ITEMS = [
  order({}),
  order({
    id: '33333333-3333-4333-8333-333333333333',
    exOrderId: 'EX0000000002',
    orderName: 'ORDER-2',
    status: 'shipped',
    paymentStatus: 'paid',
    routingStatus: 'in-transit',
    trackingNumber: '9400111899223',
    checkInStatus: 'checked-in',
    labelUs: true,
  }),
];

function stubOrders(pay?: (call: ApiCall) => Promise<Response>) {
  const calls = fakeApi((call) => {
    if (call.path === '/orders/pay' && pay) return pay(call);
    if (call.path === '/orders') return envelope({ items: ITEMS, total: 2, page: 1, pageSize: 10, counts: { unpaid: 1, shipped: 1 } });
    if (call.path === '/pricing/sell-prices') return envelope([{ service: { id: 's1', code: 'STD', name: 'Standard', signatureFee: 2.5 }, brackets: [] }]);
    if (call.path === '/user/get-customers') return envelope([]);
    return envelope({ items: [], total: 0, page: 1, pageSize: 10 });
  });
  const listCalls = () => calls.filter((c) => c.url.startsWith('/api/v1/orders') && c.path === '/orders');
  return { listCalls };
}

function renderList(path: string, permissions = SELLER, id = '00000000-0000-4000-8000-000000000001') {
  session.signIn('token-1', makeProfile({ id, permissions }));
  return renderRoutes([{ path: '/app/orders', element: <OrderListPage /> }], path);
}

const T = { timeout: 10_000 };

describe('order list', { timeout: 120_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    session.clear();
  });

  it('a failed load shows the server message at once (not a spinner while it retries), and Retry loads the list', async () => {
    let failing = true;
    const calls = fakeApi((call) => {
      if (call.path === '/orders') {
        return failing ? failure(500, 'INTERNAL', 'The order store is not answering.') : envelope({ items: ITEMS, total: 2, page: 1, pageSize: 10, counts: { unpaid: 1, shipped: 1 } });
      }
      if (call.path === '/pricing/sell-prices') return envelope([]);
      if (call.path === '/user/get-customers') return envelope([]);
      return envelope({ items: [], total: 0, page: 1, pageSize: 10 });
    });
    session.signIn('token-1', makeProfile({ permissions: SELLER }));
    // The app's own query client: a 5xx is retried in the background every 5 seconds.
    const router = createMemoryRouter([{ path: '/app/orders', element: <OrderListPage /> }], { initialEntries: ['/app/orders'] });
    render(
      <Providers queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </Providers>,
    );
    const alert = await screen.findByRole('alert', undefined, { timeout: 4_000 });
    expect(alert.textContent).toContain('The order store is not answering.');
    // No counts from a list that never loaded.
    expect(screen.getByRole('tab', { name: 'All' })).toBeTruthy();
    expect(screen.queryByText('No orders yet')).toBeNull();

    failing = false;
    const before = calls.filter((c) => c.path === '/orders').length;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('EX0000000001', undefined, T)).toBeTruthy();
    expect(calls.filter((c) => c.path === '/orders').length).toBe(before + 1);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('reads its filters from the URL and sends them to the server', async () => {
    const api = stubOrders();
    renderList('/app/orders?status=unpaid&keyword=ABC&paymentStatus=unpaid&checkInStatus=manual+weighing&dateFrom=2026-03-01&dateTo=2026-03-31&page=2');
    await screen.findByText('EX0000000001', undefined, T);
    const q = api.listCalls().at(-1)!.search;
    // The picked days are the user's (their profile's offset, +07:00 here), from the first to the last moment.
    expect(Object.fromEntries(q)).toEqual({ status: 'unpaid', keyword: 'ABC', paymentStatus: 'unpaid', checkInStatus: 'manual weighing', dateFrom: '2026-03-01T00:00:00+07:00', dateTo: '2026-03-31T23:59:59.999+07:00', page: '2', pageSize: '10' });
    // The widgets show what the URL says.
    expect((screen.getByRole('searchbox', { name: 'Name, order ID or tracking number' }) as HTMLInputElement).value).toBe('ABC');
    expect(screen.getByRole('tab', { name: /Unpaid/, selected: true })).toBeTruthy();
    expect(screen.getByDisplayValue('01-03-2026')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Check-in status' }).closest('.ant-select')?.textContent).toContain('Manual weighing');
  });

  it('a tab, a keyword and a payment status go into the URL and back to page 1', async () => {
    const api = stubOrders();
    const { router } = renderList('/app/orders?page=3');
    await screen.findByText('EX0000000001', undefined, T);
    // Tabs carry the counts of the reply.
    const shippedTab = screen.getByRole('tab', { name: /Shipped/ });
    expect(shippedTab.textContent).toContain('1');

    fireEvent.click(shippedTab);
    await waitFor(() => expect(router.state.location.search).toBe('?status=shipped'));

    const search = screen.getByRole('searchbox', { name: 'Name, order ID or tracking number' });
    fireEvent.change(search, { target: { value: '  EX0000000002 ' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('keyword')).toBe('EX0000000002'));

    const payment = screen.getByRole('combobox', { name: 'Payment status' });
    fireEvent.mouseDown(payment);
    fireEvent.click(await screen.findByTitle('Surcharge unpaid', undefined, T));
    await waitFor(() => expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({ status: 'shipped', keyword: 'EX0000000002', paymentStatus: 'surcharge-unpaid' }));
    await waitFor(() => expect(api.listCalls().at(-1)!.search.get('paymentStatus')).toBe('surcharge-unpaid'));
    expect(api.listCalls().at(-1)!.search.get('page')).toBe('1');

    fireEvent.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]!);
    await waitFor(() => expect(router.state.location.search).toBe('?status=shipped'));
  });

  it('shows the SPEC default columns, the routing status of a shipped order and its tracking number', async () => {
    stubOrders();
    renderList('/app/orders');
    await screen.findByText('EX0000000001', undefined, T);
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    for (const h of ['Qty', 'L×W×H (cm)', 'Weight (g)', 'Price', 'Surcharge', 'Status', 'Payment', 'Tracking', 'Check-in', 'Label US']) expect(headers).toContain(h);
    // Sellers see their own orders: no customer column.
    expect(headers).not.toContain('Customer email');
    const shipped = screen.getByText('EX0000000002').closest('tr')!;
    expect(within(shipped).getByText('Lastmile In-transit')).toBeTruthy();
    expect(within(shipped).getAllByText('9400111899223').length).toBeGreaterThan(0);
    expect(within(shipped).queryByText('Shipped')).toBeNull();
    expect(within(screen.getByText('EX0000000001').closest('tr')!).getByText('$12.34')).toBeTruthy();
  });

  it('staff see the customer email; the column choice is remembered per user', async () => {
    stubOrders();
    const staffId = '00000000-0000-4000-8000-000000000009';
    const { unmount } = renderList('/app/orders', [...SELLER, 'EX-ACT-FOR-CUSTOMER'], staffId);
    await screen.findByText('EX0000000001', undefined, T);
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toContain('Customer email');
    expect(screen.getAllByText('buyer@example.com')).toHaveLength(2);

    fireEvent.click(screen.getByRole('button', { name: /Columns/ }));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Label US' }, T));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Service' }));
    await waitFor(() => expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).not.toContain('Label US'));
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toContain('Service');
    const stored = JSON.parse(localStorage.getItem(columnsStorageKey(staffId)) ?? '[]') as string[];
    expect(stored).toContain('service');
    expect(stored).not.toContain('label_us');
    unmount();

    // Another user on the same browser keeps the defaults.
    renderList('/app/orders', SELLER, '00000000-0000-4000-8000-000000000002');
    await screen.findByText('EX0000000001', undefined, T);
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toContain('Label US');
    expect(headers).toContain('Recipient');
    expect(headers).not.toContain('Service');
  });

  it('the recipient column names where each order ships: name, city, state and country', async () => {
    stubOrders();
    renderList('/app/orders', SELLER, '00000000-0000-4000-8000-000000000003');
    await screen.findByText('EX0000000001', undefined, T);
    fireEvent.click(screen.getByRole('button', { name: /Columns/ }));
    const recipient = await screen.findByRole('checkbox', { name: 'Recipient' }, T);
    if (!(recipient as HTMLInputElement).checked) fireEvent.click(recipient);
    await waitFor(() => expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toContain('Recipient'));
    const row = screen.getByText('EX0000000001').closest('tr')!;
    expect(within(row).getByText('Bea Recipient')).toBeTruthy();
    expect(within(row).getByText('Los Angeles, CA, US')).toBeTruthy();
    // The SPEC default columns are all still there.
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    for (const h of ['Qty', 'L×W×H (cm)', 'Weight (g)', 'Price', 'Surcharge', 'Status', 'Payment', 'Tracking', 'Check-in', 'Label US']) expect(headers).toContain(h);
  });

  it('a status tab whose count falls to 0 stays, greyed with its 0, and can still be opened', async () => {
    let counts: Record<string, number> = { unpaid: 1, shipped: 1 };
    fakeApi((call) => {
      if (call.path === '/orders') return envelope({ items: ITEMS, total: 2, page: 1, pageSize: 10, counts });
      if (call.path === '/pricing/sell-prices') return envelope([]);
      return envelope({ items: [], total: 0, page: 1, pageSize: 10 });
    });
    const { router } = renderList('/app/orders');
    await screen.findByText('EX0000000001', undefined, T);
    expect(screen.getByRole('tab', { name: /Unpaid/ }).querySelector('.ant-typography-secondary')).toBeNull();
    // The unpaid order is paid: the next list has no unpaid order.
    counts = { paid: 1, shipped: 1 };
    fireEvent.click(screen.getByRole('tab', { name: /Shipped/ }));
    await waitFor(() => expect(screen.getByRole('tab', { name: /Paid/ })).toBeTruthy(), T);
    const unpaid = screen.getByRole('tab', { name: /Unpaid/ });
    expect(unpaid.textContent).toContain('0');
    expect(unpaid.querySelector('.ant-typography-secondary')).toBeTruthy();
    fireEvent.click(unpaid);
    await waitFor(() => expect(router.state.location.search).toBe('?status=unpaid'));
  });

  it('selecting rows shows the selection bar with the count; paying several needs EX-ORDER-MULTIPLE-PAY', async () => {
    stubOrders();
    renderList('/app/orders', [...SELLER, 'EX-ORDER-PAY']);
    await screen.findByText('EX0000000001', undefined, T);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select EX0000000001' }));
    expect(await screen.findByText('1 selected', undefined, T)).toBeTruthy();
    expect(screen.getByRole('button', { name: /Pay selected/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select EX0000000002' }));
    expect(await screen.findByText('2 selected', undefined, T)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Pay selected/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Clear selection' }));
    await waitFor(() => expect(screen.queryByText('2 selected')).toBeNull());
  });

  it('paying the selected orders shows the progress, then the paid count, amount and balance after', async () => {
    let answer!: (r: Response) => void;
    const sent: ApiCall[] = [];
    stubOrders((call) => {
      sent.push(call);
      return new Promise<Response>((resolve) => (answer = resolve));
    });
    renderList('/app/orders', [...SELLER, 'EX-ORDER-PAY', 'EX-ORDER-MULTIPLE-PAY']);
    await screen.findByText('EX0000000001', undefined, T);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select EX0000000001' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select EX0000000002' }));
    fireEvent.click(await screen.findByRole('button', { name: /Pay selected/ }, T));
    fireEvent.click(await screen.findByRole('button', { name: 'Pay' }, T));
    expect(await screen.findByText('Paying 2 order(s)… Keep this page open.', undefined, T)).toBeTruthy();
    expect(screen.getByRole('progressbar')).toBeTruthy();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.headers.get('Idempotency-Key')).toBeTruthy();
    answer(envelope({ paid: 2, amount: 31.5, balanceAfter: 68.5, transactionIds: ['t1'] }, { message: 'Paid.' }));
    expect(await screen.findByText('Orders paid', undefined, T)).toBeTruthy();
    expect(screen.getByText('$31.50')).toBeTruthy();
    expect(screen.getByText('$68.50')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('2 selected')).toBeNull());
  });

  it('the bulk pay confirmation names the total to pay and the balance after', async () => {
    const items = [
      order({ totalPrice: 1000.1 }),
      order({ id: '33333333-3333-4333-8333-333333333333', exOrderId: 'EX0000000002', orderName: 'ORDER-2', totalPrice: 234.46 }),
      // Owes only its new surcharge ($5; an earlier $3 one was paid): that is what paying it takes, as the server takes it.
      order({ id: '44444444-4444-4444-8444-444444444444', exOrderId: 'EX0000000003', orderName: 'ORDER-3', status: 'paid', paymentStatus: 'surcharge-unpaid', totalPrice: 58, surcharge: 8, unpaidSurcharge: 5 }),
    ];
    fakeApi((call) => {
      if (call.path === '/orders') return envelope({ items, total: 3, page: 1, pageSize: 10, counts: { unpaid: 2, paid: 1 } });
      if (call.path === '/wallet/imformation-wallet') return envelope({ balance: 2000, unpaid: 0, credit: null, autoPay: false });
      if (call.path === '/pricing/sell-prices') return envelope([]);
      return envelope({ items: [], total: 0, page: 1, pageSize: 10 });
    });
    renderList('/app/orders', [...SELLER, 'EX-ORDER-PAY', 'EX-ORDER-MULTIPLE-PAY', 'EX-WALLET-VIEW']);
    await screen.findByText('EX0000000001', undefined, T);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select EX0000000001' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select EX0000000002' }));
    fireEvent.click(await screen.findByRole('button', { name: /Pay selected/ }, T));
    expect(await screen.findByText('Pay 2 order(s) for $1,234.56?', undefined, T)).toBeTruthy();
    expect(await screen.findByText('Balance after: $765.44.', undefined, T)).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select EX0000000003' }));
    expect(await screen.findByText('Pay 3 order(s) for $1,239.56?', undefined, T)).toBeTruthy();
    expect(await screen.findByText('Balance after: $760.44.', undefined, T)).toBeTruthy();
  });

  it('a refused bulk pay shows the server message naming the orders, and keeps the selection', async () => {
    stubOrders(async () => failure(409, 'ACTION_NOT_ALLOWED_FOR_STATUS', 'EX0000000002 cannot be paid in its status.'));
    renderList('/app/orders', [...SELLER, 'EX-ORDER-PAY', 'EX-ORDER-MULTIPLE-PAY']);
    await screen.findByText('EX0000000001', undefined, T);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select EX0000000001' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select EX0000000002' }));
    fireEvent.click(await screen.findByRole('button', { name: /Pay selected/ }, T));
    fireEvent.click(await screen.findByRole('button', { name: 'Pay' }, T));
    expect(await screen.findByText('EX0000000002 cannot be paid in its status.', undefined, T)).toBeTruthy();
    expect(screen.getByText('Nothing was paid')).toBeTruthy();
    expect(screen.getByText('2 selected')).toBeTruthy();
  });

  it('Export and Create order follow their permissions', async () => {
    stubOrders();
    renderList('/app/orders', ['EX-ORDER-LIST']);
    await screen.findByText('EX0000000001', undefined, T);
    expect(screen.queryByRole('button', { name: /Export/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Create order/ })).toBeNull();
  });
});
