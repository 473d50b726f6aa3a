import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { session } from '../../api/session';
import { download, envelope, failure, fakeApi } from '../../test/fake-api';
import { makeProfile, renderRoutes } from '../../test/render';
import BillingPage from './BillingPage';
import { openCheckout } from './topups/online-top-up';

// The chart library draws on a canvas jsdom does not have: the test sees the points it is given.
vi.mock('@ant-design/plots', () => ({
  Line: ({ data }: { data: { at: string; balance: number }[] }) => <ol aria-label="balance line">{data.map((d) => <li key={d.at}>{`${d.at} ${d.balance}`}</li>)}</ol>,
}));

const ok = (data: unknown, message = 'OK') => envelope(data, { message });
const pendingItem = {
  id: '00000000-0000-4000-8000-0000000000aa',
  customerId: '00000000-0000-4000-8000-000000000001',
  customerEmail: 'sam@example.com',
  amount: 120.5,
  gateway: 'bank',
  note: 'Ref 42',
  status: 'pending',
  declineReason: null,
  reviewedBy: null,
  reviewedAt: null,
  transactionId: null,
  proofUrl: '/api/v1/wallet/top-up-requests/x/proof',
  createdAt: '2026-01-02T03:04:05.000Z',
};

const TRANSACTIONS = [
  { id: 't2', customerId: 'c', type: 'payment', result: 'success', amount: -20, balanceAfter: 12.5, gateway: null, note: '', noteKey: null, noteVars: null, orders: [], createdAt: '2026-01-03T00:00:00.000Z' },
  { id: 't1', customerId: 'c', type: 'top_up', result: 'success', amount: 32.5, balanceAfter: 32.5, gateway: 'bank', note: '', noteKey: null, noteVars: null, orders: [], createdAt: '2026-01-02T00:00:00.000Z' },
];

function stub(opts: { transactions?: unknown[]; online?: boolean } = {}) {
  return fakeApi(({ method, url }) => {
    if (url.includes('/proof')) return download(new Uint8Array([0x89, 0x50]), 'image/png');
    if (url.includes('/transaction/all-transaction')) return ok({ items: opts.transactions ?? TRANSACTIONS, total: (opts.transactions ?? TRANSACTIONS).length, page: 1, pageSize: 100 });
    if (url.includes('/wallet/online-top-up')) return ok({ available: opts.online ?? false });
    if (url.includes('/wallet/bank-transfer')) return ok({ available: true, bankName: 'Example Bank', accountName: 'EXSHIP LLC', accountNumber: '1234 5678 9012', details: '', reference: 'seller@example.com' });
    if (url.includes('/wallet/checkout-sessions')) return ok({ sessionId: 'cs_1', url: 'https://pay.example.com/checkout/cs_1' }, 'Checkout opened.');
    if (url.includes('/profile/update-setting')) return ok({ ...makeProfile({ permissions: ['EX-BILLING', 'EX-WALLET-VIEW', 'EX-TOPUP-CREATE', 'EX-ORDER-PAY'] }), wallet: { balance: 12.5, unPaid: 0, autoPay: true, credit: null } }, 'Settings saved.');
    if (url.includes('/wallet/imformation-wallet')) return ok({ balance: 12.5, unpaid: 0, credit: null, autoPay: false });
    if (url.includes('/wallet/top-up-requests') && method === 'POST' && url.endsWith('/accept')) return ok({ ...pendingItem, status: 'accepted', balanceAfter: 133 }, 'Top-up accepted. The wallet was credited.');
    if (url.includes('/wallet/top-up-requests') && method === 'POST') return failure(400, 'VALIDATION_FAILED', 'Check the fields.', { errors: [{ field: 'amount', message: 'validation.topUp.amountMin' }] });
    if (url.includes('/wallet/top-up-requests')) return ok({ items: [pendingItem], total: 1, page: 1, pageSize: 10, pending: 1 });
    return ok(null);
  });
}

const render = (path = '/app/billing') => renderRoutes([{ path: '/app/billing', element: <BillingPage /> }], path);

describe('billing screen', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    session.clear();
  });

  it('a seller gets the wallet tab only: balance, its requests, no review actions', async () => {
    stub();
    const profile = makeProfile({ permissions: ['EX-BILLING', 'EX-WALLET-VIEW', 'EX-TOPUP-CREATE'] });
    session.signIn('token-1', profile);
    render();
    expect(await screen.findByRole('tab', { name: 'Wallet' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Top-up requests' })).toBeNull();
    expect(await screen.findByText('$12.50')).toBeTruthy();
    expect(await screen.findByText('Ref 42')).toBeTruthy();
    // Where to transfer: the bank account and the description to write.
    expect(await screen.findByText('1234 5678 9012')).toBeTruthy();
    expect(screen.getByText('EXSHIP LLC')).toBeTruthy();
    expect(screen.getByText('seller@example.com')).toBeTruthy();
    // No accept or decline for a seller.
    expect(screen.queryByRole('button', { name: /Accept/ })).toBeNull();
    // Auto pay is the account's: without the right to pay orders, no switch.
    expect(screen.queryByRole('switch', { name: 'Auto pay' })).toBeNull();
  });

  it('staff see the requests to review, and Accept asks first, then sends one keyed accept', async () => {
    const sent = stub();
    const profile = makeProfile({ role: { name: 'Accounting', code: 'EXR-ACCOUNTING', kind: 'staff' }, permissions: ['EX-BILLING', 'EX-TOPUP-LIST', 'EX-TOPUP-APPROVE', 'EX-ACT-FOR-CUSTOMER'] });
    session.signIn('token-1', profile);
    render();
    expect(await screen.findByRole('tab', { name: 'Top-up requests' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Wallet' })).toBeNull();
    const accept = await screen.findByRole('button', { name: /Accept/ });
    fireEvent.click(accept);
    expect(await screen.findByText('Credit $120.50 to sam@example.com?')).toBeTruthy();
    expect(sent.some((s) => s.url.endsWith('/accept'))).toBe(false);
    const confirm = screen.getAllByRole('button', { name: /Accept/ }).at(-1)!;
    fireEvent.click(confirm);
    await waitFor(() => expect(sent.filter((s) => s.url.endsWith('/accept'))).toHaveLength(1));
    const call = sent.find((s) => s.url.endsWith('/accept'))!;
    expect(call.headers.get('Idempotency-Key')).toBe(`accept-${pendingItem.id}`);
    expect(await screen.findByText('Top-up accepted. The wallet was credited.')).toBeTruthy();
  });

  it('staff see how long each pending request has waited, in the page language; a reviewed one has no age', async () => {
    const threeHoursAgo = new Date(Date.now() - 3 * 3_600_000 - 5 * 60_000).toISOString();
    const twoDaysAgo = new Date(Date.now() - 50 * 3_600_000).toISOString();
    fakeApi(({ url }) => {
      if (url.includes('/proof')) return download(new Uint8Array([0x89, 0x50]), 'image/png');
      if (url.includes('/wallet/top-up-requests'))
        return ok({
          items: [
            { ...pendingItem, createdAt: threeHoursAgo },
            { ...pendingItem, id: '00000000-0000-4000-8000-0000000000ab', note: 'Old', createdAt: twoDaysAgo },
            { ...pendingItem, id: '00000000-0000-4000-8000-0000000000ac', note: 'Done', status: 'accepted', reviewedAt: threeHoursAgo, transactionId: 't', createdAt: twoDaysAgo },
          ],
          total: 3,
          page: 1,
          pageSize: 10,
          pending: 2,
        });
      return ok(null);
    });
    session.signIn('token-1', makeProfile({ role: { name: 'Accounting', code: 'EXR-ACCOUNTING', kind: 'staff' }, permissions: ['EX-BILLING', 'EX-TOPUP-LIST', 'EX-TOPUP-APPROVE'] }));
    render();
    expect(await screen.findByText('Waiting 3 h', undefined, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('Waiting 2 days')).toBeTruthy();
    expect(screen.getAllByText(/^Waiting/)).toHaveLength(2);
    session.setLanguage('vi');
    expect(await screen.findByText('Đã chờ 3 giờ')).toBeTruthy();
    expect(screen.getByText('Đã chờ 2 ngày')).toBeTruthy();
    session.setLanguage('en');
  });

  it('transaction notes the platform wrote read in the page language; a person\'s note as written', async () => {
    const items = [
      { ...TRANSACTIONS[0], id: 'n1', note: 'Payment of 8 orders', noteKey: 'payOrders', noteVars: { count: '8' } },
      { ...TRANSACTIONS[0], id: 'n2', type: 'refund', note: 'Refund of EX8F0V57GBPV', noteKey: 'refundOrder', noteVars: { order: 'EX8F0V57GBPV' } },
      { ...TRANSACTIONS[0], id: 'n3', type: 'sent', note: 'For the March boxes', noteKey: null, noteVars: null },
    ];
    stub({ transactions: items });
    session.signIn('token-1', makeProfile({ permissions: ['EX-BILLING', 'EX-TRANSACTION-LIST'] }));
    session.setLanguage('vi');
    try {
      render('/app/billing?tab=transactions');
      expect(await screen.findByText('Thanh toán 8 đơn hàng', undefined, { timeout: 10_000 })).toBeTruthy();
      expect(screen.getByText('Hoàn tiền đơn EX8F0V57GBPV')).toBeTruthy();
      expect(screen.getByText('For the March boxes')).toBeTruthy();
      expect(screen.queryByText('Payment of 8 orders')).toBeNull();
    } finally {
      session.setLanguage('en');
    }
  });

  it('the wallet tab draws the balance after each transaction, oldest first, and switches auto pay at once', async () => {
    const sent = stub();
    session.signIn('token-1', makeProfile({ permissions: ['EX-BILLING', 'EX-WALLET-VIEW', 'EX-TOPUP-CREATE', 'EX-TRANSACTION-LIST', 'EX-ORDER-PAY'] }));
    render();
    const line = await screen.findByRole('list', { name: 'balance line' }, { timeout: 10_000 });
    const points = [...line.querySelectorAll('li')].map((li) => li.textContent);
    expect(points.slice(0, 2)).toEqual(['2026-01-02T00:00:00.000Z 32.5', '2026-01-03T00:00:00.000Z 12.5']);
    // The last balance holds until now.
    expect(points).toHaveLength(3);
    expect(points[2]).toMatch(/ 12\.5$/);
    const history = sent.find((s) => s.url.includes('/transaction/all-transaction'))!;
    expect(history.body).toMatchObject({ page: 1, pageSize: 100, type: 'all' });
    expect(screen.getByText('New orders and surcharges are paid at once when the wallet covers them.')).toBeTruthy();
    fireEvent.click(screen.getByRole('switch', { name: 'Auto pay' }));
    await waitFor(() => expect(sent.filter((s) => s.url.includes('/profile/update-setting'))).toHaveLength(1));
    const patch = sent.find((s) => s.url.includes('/profile/update-setting'))!;
    expect(patch.method).toBe('PATCH');
    expect(patch.body).toEqual({ autoPay: true });
    expect(await screen.findByText('Settings saved.')).toBeTruthy();
    // No provider configured: no online top-up.
    expect(screen.queryByRole('button', { name: /Top up online/ })).toBeNull();
  });

  it('no transactions in the period: an empty state; with a provider, Top up online opens the checkout', async () => {
    const sent = stub({ transactions: [], online: true });
    const go = vi.spyOn(openCheckout, 'go').mockImplementation(() => undefined);
    session.signIn('token-1', makeProfile({ permissions: ['EX-BILLING', 'EX-WALLET-VIEW', 'EX-TOPUP-CREATE', 'EX-TRANSACTION-LIST'] }));
    render();
    expect(await screen.findByText('No wallet transactions in the last 30 days.', undefined, { timeout: 10_000 })).toBeTruthy();
    const button = await screen.findByRole('button', { name: /Top up online/ });
    fireEvent.change(screen.getByLabelText('Amount (USD)'), { target: { value: '75' } });
    fireEvent.click(button);
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://pay.example.com/checkout/cs_1'));
    const checkout = sent.find((s) => s.url.includes('/wallet/checkout-sessions'))!;
    expect(checkout.body).toMatchObject({ amount: 75 });
    expect(checkout.headers.get('Idempotency-Key')).toBeTruthy();
    go.mockRestore();
  });

  it('an invoice shows every fee line: each line adds up to its amount, the discount taken off', async () => {
    const summary = { id: 'inv1', number: 'INV-202610-ABC123', customerId: 'c', customerEmail: null, periodStart: '2026-10-01', periodEnd: '2026-11-01', issuedAt: '2026-11-01T02:00:00.000Z', taxDueAt: '2026-11-10T02:00:00.000Z', orderCount: 1, total: 40.68, gateways: ['wallet'] };
    const fees = { shipping: 18.9, discount: 1.89, tax: 2.12, seasonal: 0.8, overLength: 15, signature: 2.5, surcharge: 3.25, total: 40.68 };
    const lines = [
      { orderId: 'o1', exOrderId: 'EX0000000001', orderName: 'FULL', kind: 'order', gateway: 'wallet', amount: 37.43, paidAt: '2026-10-05T00:00:00.000Z', fees },
      { orderId: 'o1', exOrderId: 'EX0000000001', orderName: 'FULL', kind: 'surcharge', gateway: 'wallet', amount: 3.25, paidAt: '2026-10-06T00:00:00.000Z', fees },
    ];
    fakeApi(({ url }) => {
      if (url.includes('/invoices/list')) return ok({ items: [summary], total: 1, page: 1, pageSize: 10 });
      if (url.includes('/invoices/inv1')) return ok({ ...summary, lines });
      return ok(null);
    });
    session.signIn('token-1', makeProfile({ permissions: ['EX-BILLING'] }));
    render('/app/billing?tab=invoices');
    fireEvent.click(await screen.findByRole('button', { name: 'View INV-202610-ABC123' }, { timeout: 10_000 }));
    const drawer = await screen.findByRole('dialog', undefined, { timeout: 10_000 });
    const linesTable = () => [...drawer.querySelectorAll('table')].find((t) => t.textContent?.includes('EX0000000001'));
    await waitFor(() => expect(linesTable()).toBeTruthy(), { timeout: 10_000 });
    const table = linesTable()!;
    const headers = [...table.querySelectorAll('th')].map((h) => h.textContent);
    for (const h of ['Shipping', 'Seasonal', 'Signature', 'Over-length', 'Discount', 'Tax', 'Surcharge', 'Amount']) expect(headers).toContain(h);
    const cells = (row: Element) => [...row.querySelectorAll('td')].map((c) => c.textContent);
    const [orderRow, surchargeRow] = [...table.querySelectorAll('tbody tr')].filter((r) => r.textContent?.includes('EX0000000001'));
    expect(cells(orderRow!)).toEqual(expect.arrayContaining(['$18.90', '$0.80', '$2.50', '$15.00', '−$1.89', '$2.12', '$37.43']));
    expect(cells(surchargeRow!)).toEqual(expect.arrayContaining(['$3.25']));
  });

  it('the credit tab reads "past due" from the URL (the dashboard opens ?tab=credit&overdue=true) and writes it back', async () => {
    const sent = fakeApi(({ path }) => {
      if (path === '/credit-customers') return ok({ items: [], total: 0, page: 1, pageSize: 10 });
      return ok(null);
    });
    session.signIn('token-1', makeProfile({ role: { name: 'Accounting', code: 'EXR-ACCOUNTING', kind: 'staff' }, permissions: ['EX-CREDIT-LIST', 'EX-ACT-FOR-CUSTOMER'] }));
    const { router } = render('/app/billing?tab=credit&overdue=true');
    const box = await screen.findByRole('checkbox', { name: 'Past due only' }, { timeout: 10_000 });
    expect((box as HTMLInputElement).checked).toBe(true);
    await waitFor(() => expect(sent.filter((c) => c.path === '/credit-customers').at(-1)?.search.get('overdue')).toBe('true'));
    fireEvent.click(box);
    await waitFor(() => expect(router.state.location.search).toBe('?tab=credit'));
    await waitFor(() => expect(sent.filter((c) => c.path === '/credit-customers').at(-1)?.search.get('overdue')).toBeNull());
    fireEvent.click(box);
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('overdue')).toBe('true'));
  });

  it('someone without any billing tab is told so', async () => {
    stub();
    // The screen's menu entry without any tab's permission (a role edited by hand).
    session.signIn('token-1', makeProfile({ permissions: ['EX-WALLET-VIEW'] }));
    render();
    expect(await screen.findByText('Nothing on this screen for your role yet.', undefined, { timeout: 10_000 })).toBeTruthy();
  });
});
