import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { OrderDetail } from '@exship/contracts';
import { session } from '../../api/session';
import { envelope, fakeApi } from '../../test/fake-api';
import { orderDetail } from '../../test/order-fixtures';
import { makeProfile, renderRoutes } from '../../test/render';
import './locales';
import { OrderActions } from './order-actions';

// SPEC §4 cancellation rules: the cancel dialog says what cancelling this order does. Without a
// label it is cancelled at once (a paid one refunded in full, an unpaid one has nothing to
// refund); a labeled one waits for the carrier and is refunded per the 14-day rule.

const T = { timeout: 15_000 };

async function openCancel(order: OrderDetail) {
  fakeApi(() => envelope(null));
  session.signIn('token-1', makeProfile({ permissions: ['EX-ORDER-DETAIL', 'EX-ORDER-CANCEL'] }));
  renderRoutes([{ path: '/app/orders/order-detail/:orderId', element: <OrderActions order={order} /> }], `/app/orders/order-detail/${order.id}`);
  fireEvent.click(await screen.findByRole('button', { name: 'Cancel order' }, T));
  const dialog = await screen.findByRole('dialog', undefined, T);
  return within(dialog).getByText(/cancelled/).textContent;
}

describe('cancel order dialog', { timeout: 60_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    session.clear();
  });

  it('an unpaid order without a label is cancelled at once, with nothing to refund', async () => {
    const text = await openCancel(orderDetail({ status: 'unpaid', paymentStatus: 'unpaid', labeledAt: null }));
    expect(text).toBe('This order has no label and is not paid: it is cancelled at once, and there is nothing to refund.');
    expect(text).not.toMatch(/carrier|14 days|7 working days/);
  });

  it('a paid order without a label is cancelled at once and refunded in full', async () => {
    const text = await openCancel(orderDetail({ status: 'paid', paymentStatus: 'paid', labeledAt: null }));
    expect(text).toMatch(/no label yet: it is cancelled at once, and everything paid for it is refunded to the wallet in full/);
  });

  it('a labeled order waits for the carrier to void its label; the 14-day refund rule applies', async () => {
    const text = await openCancel(orderDetail({ status: 'labeled', paymentStatus: 'paid', labeledAt: '2026-03-01T04:00:00.000Z', allowedActions: ['cancel'] }));
    expect(text).toBe('A labeled order is cancelled once the carrier voids its label; within 14 days of the label the shipping fee is refunded after 7 working days.');
  });
});

describe('re-distribute', { timeout: 60_000 }, () => {
  afterEach(() => session.clear());
  const order = orderDetail({ status: 'labeled', paymentStatus: 'paid', labeledAt: '2026-03-01T04:00:00.000Z', allowedActions: ['redistribute'] });
  const render = (carriers: { carrierId: string; carrierCode: string; carrierName: string }[]) => {
    const calls = fakeApi(({ path }) => (path.endsWith('/redistribute-options') ? envelope({ serviceName: 'Standard', carriers }) : envelope(order)));
    session.signIn('token-1', makeProfile({ permissions: ['EX-ORDER-DETAIL', 'EX-ORDER-REDISTRIBUTE'] }));
    renderRoutes([{ path: '/app/orders/order-detail/:orderId', element: <OrderActions order={order} /> }], `/app/orders/order-detail/${order.id}`);
    return calls;
  };

  it('the confirmation names the carrier the order goes to', async () => {
    render([{ carrierId: 'c2', carrierCode: 'SWF', carrierName: 'Swift Freight' }]);
    const button = await screen.findByRole('button', { name: 'Re-distribute' }, T);
    fireEvent.click(button);
    expect(await screen.findByText('It goes to Swift Freight (SWF); its current label is voided and a new one bought.', undefined, T)).toBeTruthy();
  });

  it('no other carrier: the action is disabled with the reason', async () => {
    const calls = render([]);
    const reason = 'No other active carrier serves Standard for this order: it cannot be re-distributed.';
    await screen.findByText(reason, undefined, T);
    const button = screen.getByRole('button', { name: /Re-distribute/ });
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(button.getAttribute('title')).toBe(reason);
    expect(calls.some((x) => x.method === 'POST')).toBe(false);
  });
});

describe('release hold and confirm address ask first', { timeout: 60_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    session.clear();
  });

  it.each([
    ['unhold', 'on-hold', 'EX-ORDER-UNHOLD', 'Release hold', 'Release the hold?', 'The order goes back to where it was when it was held and carries on from there.'],
    ['confirmAddress', 'not-verified', 'EX-ORDER-CONFIRM-ADDRESS', 'Confirm address', 'Ship to this address as it is?', 'The address check found this address invalid. Confirming sends the parcel to it unchanged; a wrong address can mean a return or a surcharge.'],
  ] as const)('%s: the button opens a confirmation; only its OK sends the action', async (action, status, permission, label, title, body) => {
    const order = orderDetail({ status, paymentStatus: 'paid', allowedActions: [action] });
    const calls = fakeApi(() => envelope(order));
    session.signIn('token-1', makeProfile({ permissions: ['EX-ORDER-DETAIL', permission] }));
    renderRoutes([{ path: '/app/orders/order-detail/:orderId', element: <OrderActions order={order} /> }], `/app/orders/order-detail/${order.id}`);
    fireEvent.click(await screen.findByRole('button', { name: label }, T));
    const confirm = await screen.findByRole('tooltip', undefined, T);
    expect(within(confirm).getByText(title)).toBeTruthy();
    expect(within(confirm).getByText(body)).toBeTruthy();
    expect(calls.some((x) => x.method === 'POST')).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: label }));
    await waitFor(() => expect(calls.filter((x) => x.method === 'POST')).toHaveLength(1));
  });
});
