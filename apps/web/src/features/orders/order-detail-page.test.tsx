import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { session } from '../../api/session';
import { envelope, fakeApi, type ApiCall } from '../../test/fake-api';
import { orderDetail } from '../../test/order-fixtures';
import { makeProfile, renderRoutes } from '../../test/render';
import OrderDetailPage from './order-detail-page';

// SPEC §4 actions on the detail: the buttons are the order's allowedActions, each behind its own
// permission; `pay` has no call yet; hold asks first, cancel asks with an optional reason.

const ID = '11111111-1111-4111-8111-111111111111';
const T = { timeout: 15_000 };

const detail = orderDetail;

const NO_SHIPPING = { trackingNumber: null, hasLabel: false, publicPath: null, lostAt: null, lateAt: null, purchases: [], events: [] };

/** The POSTs sent so far, as { path (with /api/v1), body }. */
const postsOf = (calls: ApiCall[]) => calls.filter((c) => c.method === 'POST').map((c) => ({ path: new URL(c.url, 'http://localhost').pathname, body: c.body ?? {} }));

function stubApi() {
  const calls = fakeApi(({ method, path, body }) => {
    if (method === 'POST') {
      if (path === '/orders/pay') return envelope({ paid: 1, amount: 9.75, balanceAfter: 490.25, transactionIds: ['t1'] }, { message: 'Payment done.' });
      if (path.endsWith('/hold')) return envelope(detail({ status: 'on-hold', preStatus: 'unpaid', allowedActions: ['unhold', 'cancel'] }), { message: 'Done.' });
      if (path.endsWith('/cancel')) return envelope(detail({ status: 'canceled', allowedActions: [], editScope: 'none', history: [...detail().history, { at: '2026-03-02T03:00:00.000Z', action: 'cancel', from: 'unpaid', to: 'canceled', paymentFrom: 'unpaid', paymentTo: 'unpaid', by: { id: 'u1', fullName: 'Sam Seller' }, reason: (body as { reason?: string }).reason ?? '', reasonKey: null, reasonVars: null }] }), { message: 'Done.' });
    }
    if (path.endsWith('/shipping')) return envelope(NO_SHIPPING);
    return envelope(detail());
  });
  return { posts: () => postsOf(calls) };
}

function renderDetail(permissions: string[]) {
  session.signIn('token-1', makeProfile({ permissions }));
  return renderRoutes([{ path: '/app/orders/order-detail/:orderId', element: <OrderDetailPage /> }], `/app/orders/order-detail/${ID}`);
}

const SELLER = ['EX-ORDER-LIST', 'EX-ORDER-DETAIL', 'EX-ORDER-UPDATE', 'EX-ORDER-HOLD', 'EX-ORDER-UNHOLD', 'EX-ORDER-CANCEL', 'EX-ORDER-PAY', 'EX-ORDER-DUPLICATE'];

describe('order detail actions', { timeout: 120_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    session.clear();
  });

  it('offers the allowed actions the user may take; hold asks first and the reply shows at once', async () => {
    const { posts } = stubApi();
    renderDetail(SELLER);
    await screen.findByRole('heading', { name: /EX0000000001/ }, T);
    expect(screen.getByRole('button', { name: /Edit/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Duplicate/ })).toBeTruthy();
    // addSurcharge is allowed by the status but not by this user's permissions.
    expect(screen.queryByRole('button', { name: /Add surcharge/ })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Hold' }));
    const confirm = await screen.findByRole('tooltip', undefined, T);
    expect(within(confirm).getByText('Hold this order?')).toBeTruthy();
    expect(posts()).toEqual([]);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Hold' }));
    expect(await screen.findByText('Order held.', undefined, T)).toBeTruthy();
    expect(posts()).toEqual([{ path: `/api/v1/orders/${ID}/hold`, body: { reason: '' } }]);
    expect(await screen.findByRole('button', { name: 'Release hold' }, T)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Hold' })).toBeNull();
  });

  it('pay asks first with the amount, then pays the order from the wallet', async () => {
    const { posts } = stubApi();
    renderDetail(SELLER);
    await screen.findByRole('heading', { name: /EX0000000001/ }, T);
    fireEvent.click(screen.getByRole('button', { name: /Pay/ }));
    const confirm = await screen.findByRole('tooltip', undefined, T);
    expect(within(confirm).getByText('$9.75 is taken from your wallet balance, then your credit line.')).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Pay' }));
    expect(await screen.findByText('Payment done.', undefined, T)).toBeTruthy();
    expect(posts()).toEqual([{ path: '/api/v1/orders/pay', body: { orderIds: [ID] } }]);
  });

  it('without EX-ORDER-PAY there is no Pay button', async () => {
    stubApi();
    renderDetail(SELLER.filter((p) => p !== 'EX-ORDER-PAY'));
    await screen.findByRole('heading', { name: /EX0000000001/ }, T);
    expect(screen.queryByRole('button', { name: /Pay/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Hold' })).toBeTruthy();
  });

  it('staff refund a cancelled order: the scheduled amount is offered, another amount is sent with an Idempotency-Key', async () => {
    const waiting = detail({ status: 'canceled', paymentStatus: 'waiting-refund', allowedActions: ['refund'], editScope: 'none', refundAmount: 9.75, refundDueAt: '2026-03-12T03:00:00.000Z' });
    const calls = fakeApi(({ method, path }) => {
      if (method === 'POST') return envelope({ ...waiting, paymentStatus: 'refund-custom', allowedActions: [], refundDueAt: null, refundAmount: 4.5 }, { message: 'Refund paid into the wallet.' });
      if (path.endsWith('/shipping')) return envelope(NO_SHIPPING);
      return envelope(waiting);
    });
    const posts = () => postsOf(calls).map((post, i) => ({ ...post, key: calls.filter((c) => c.method === 'POST')[i]!.headers.get('Idempotency-Key') }));
    renderDetail(['EX-ORDER-LIST', 'EX-ORDER-DETAIL', 'EX-ORDER-REFUND']);
    await screen.findByRole('heading', { name: /EX0000000001/ }, T);
    fireEvent.click(screen.getByRole('button', { name: /Refund/ }));
    const dialog = await screen.findByRole('dialog', undefined, T);
    const amount = within(dialog).getByLabelText('Refund amount (USD)') as HTMLInputElement;
    await waitFor(() => expect(amount.value).toBe('9.75'));
    // The waiting refund says how much and when.
    expect(screen.getByText(/^A refund of \$9\.75 is due on \d\d-03-2026/)).toBeTruthy();
    expect(posts()).toEqual([]);
    fireEvent.change(amount, { target: { value: '4.5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /Refund/ }));
    await waitFor(() => expect(posts()).toHaveLength(1), T);
    expect(posts()[0]).toMatchObject({ path: `/api/v1/orders/${ID}/refund`, body: { reason: '', amount: 4.5 } });
    expect(posts()[0]!.key).toBeTruthy();
  });

  it('cancelling a paid order without a label says how much was refunded, and the detail shows it with its date', async () => {
    const paid = detail({ status: 'paid', paymentStatus: 'paid', allowedActions: ['cancel'] });
    const entry = (action: string, paymentFrom: string, paymentTo: string) => ({ at: '2026-03-02T03:00:00.000Z', action, from: 'paid', to: 'canceled', paymentFrom, paymentTo, by: null, reason: '', reasonKey: null, reasonVars: null });
    const canceled = detail({
      status: 'canceled',
      paymentStatus: 'refund',
      allowedActions: [],
      editScope: 'none',
      refundAmount: 1234.56,
      refundDueAt: null,
      history: [...paid.history, entry('cancel', 'paid', 'waiting-refund'), entry('refundDue', 'waiting-refund', 'refund')],
    } as never);
    const calls = fakeApi(({ method, path }) => {
      if (method === 'POST' && path.endsWith('/cancel')) return envelope(canceled, { message: 'Done.' });
      if (path.endsWith('/shipping')) return envelope(NO_SHIPPING);
      return envelope(calls.some((c) => c.method === 'POST') ? canceled : paid);
    });
    renderDetail(SELLER);
    await screen.findByRole('heading', { name: /EX0000000001/ }, T);
    expect(screen.queryByText(/refund/i, { selector: '.ant-alert *' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('dialog', undefined, T);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByText('Order cancelled. $1,234.56 was refunded to your wallet.', undefined, T)).toBeTruthy();
    expect(await screen.findByText(/^\$1,234\.56 was refunded to the wallet on \d\d-03-2026/, undefined, T)).toBeTruthy();
  });

  it('cancel asks for an optional reason and sends it; the history shows who, from → to and why', async () => {
    const { posts } = stubApi();
    renderDetail(SELLER);
    await screen.findByRole('heading', { name: /EX0000000001/ }, T);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('dialog', undefined, T);
    fireEvent.change(within(dialog).getByLabelText('Reason (optional)'), { target: { value: 'Wrong address' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByText('Order cancelled.', undefined, T)).toBeTruthy();
    expect(posts()).toEqual([{ path: `/api/v1/orders/${ID}/cancel`, body: { reason: 'Wrong address' } }]);
    expect(await screen.findByText('Reason: Wrong address', undefined, T)).toBeTruthy();
    expect(screen.getByText('Unpaid → Canceled')).toBeTruthy();
    // Nothing is left to do but duplicate it.
    await waitFor(() => expect(screen.queryByRole('button', { name: /Edit/ })).toBeNull());
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
  });

  it('staff with the surcharge permission add one: amount and reason are required', async () => {
    stubApi();
    renderDetail([...SELLER, 'EX-ORDER-SURCHARGE-ADD', 'EX-ACT-FOR-CUSTOMER']);
    await screen.findByRole('heading', { name: /EX0000000001/ }, T);
    fireEvent.click(screen.getByRole('button', { name: /Add surcharge/ }));
    const dialog = await screen.findByRole('dialog', undefined, T);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add surcharge' }));
    await waitFor(() => expect(within(dialog).getAllByText('This field is required.').length).toBe(1), T);
    expect(within(dialog).getByText('Please select a value from the dropdown list.')).toBeTruthy();
  });
});
