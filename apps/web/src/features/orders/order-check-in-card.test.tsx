import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CheckIn } from '@exship/contracts';
import { session } from '../../api/session';
import { envelope, failure, fakeApi, type ApiCall } from '../../test/fake-api';
import { orderDetail } from '../../test/order-fixtures';
import { makeProfile, renderRoutes } from '../../test/render';
import OrderDetailPage from './order-detail-page';

// The seller's view of the check-in: measured against declared, both prices, the confirm-by date;
// confirming a dimension error asks first, naming the new price and the refund after 7 working days,
// and the new order that replaces this one is opened.

const ID = '11111111-1111-4111-8111-111111111111';
const NEW_ID = '44444444-4444-4444-8444-444444444444';
const T = { timeout: 15_000 };
const NO_SHIPPING = { trackingNumber: null, hasLabel: true, publicPath: null, lostAt: null, lateAt: null, purchases: [], events: [] };
const CHECK_IN: CheckIn = {
  orderId: ID,
  exOrderId: 'EX0000000001',
  outcome: 'error-dimension',
  warehouseCode: 'HCM',
  declared: { weightGr: 500, lengthCm: 20, widthCm: 15, heightCm: 5 },
  measured: { weightGr: 900, lengthCm: 22, widthCm: 15, heightCm: 5 },
  restricted: [],
  declaredPrice: 9.75,
  measuredPrice: 14.5,
  difference: 4.75,
  confirmBy: '2026-03-15T02:00:00.000Z',
  checkedInAt: '2026-03-05T02:00:00.000Z',
  checkedInBy: 'Sam Scanner',
  repeated: false,
  scan: null,
};
const labeled = { status: 'paid' as const, paymentStatus: 'paid' as const, labeledAt: '2026-03-02T03:00:00.000Z', trackingNumber: '1Z999AA10123456784', allowedActions: [] as never[] };

function stub(order: ReturnType<typeof orderDetail>, checkIn: 'none' | CheckIn) {
  return fakeApi(({ method, path }) => {
    if (method === 'POST' && path === `/orders/${ID}/confirm-dimension`) return envelope(orderDetail({ ...order, status: 'canceled', allowedActions: [], replacedBy: NEW_ID }), { message: 'Done.' });
    if (path.endsWith('/check-in')) return checkIn === 'none' ? failure(404, 'CHECK_IN_NOT_FOUND', 'This parcel has not reached the warehouse yet.') : envelope(checkIn);
    if (path.endsWith('/shipping')) return envelope(NO_SHIPPING);
    if (path === `/orders/${NEW_ID}`) return envelope(orderDetail({ id: NEW_ID, exOrderId: 'EX0000000002', ...labeled }));
    return envelope(order);
  });
}

function render(permissions = ['EX-ORDER-LIST', 'EX-ORDER-DETAIL', 'EX-ORDER-UPDATE']) {
  session.signIn('token-1', makeProfile({ permissions }));
  return renderRoutes([{ path: '/app/orders/order-detail/:orderId', element: <OrderDetailPage /> }], `/app/orders/order-detail/${ID}`);
}

const card = () => screen.getByText('Check-in', { selector: '.ant-card-head-title' }).closest('.ant-card') as HTMLElement;

describe('order check-in card', { timeout: 60_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    session.clear();
  });

  it('before the warehouse: says the parcel has not arrived', async () => {
    stub(orderDetail(labeled), 'none');
    render();
    expect(await screen.findByText('The parcel has not reached the origin warehouse yet.', undefined, T)).toBeTruthy();
  });

  it('a dimension error shows both values and prices; confirming asks first and opens the new order', async () => {
    const order = orderDetail({ ...labeled, status: 'error-dimension', checkInStatus: 'checked-in', allowedActions: ['cancel', 'confirmDimension'] });
    const calls: ApiCall[] = stub(order, CHECK_IN);
    render();
    await screen.findByText('$14.50', undefined, T);
    const c = within(card());
    expect(c.getByText('Dimension error')).toBeTruthy();
    expect(c.getByText('$9.75')).toBeTruthy();
    expect(c.getByText('$14.50')).toBeTruthy();
    expect(c.getByText('$4.75')).toBeTruthy();
    expect(c.getByText('+400 g')).toBeTruthy();
    expect(c.getByText('+2 cm')).toBeTruthy();
    expect(c.getByText(/Confirm the measured size by 15-03-2026 09:00:00/)).toBeTruthy();
    // The action is on the card, not twice in the header.
    expect(screen.getAllByRole('button', { name: /Confirm dimensions/ })).toHaveLength(1);

    fireEvent.click(c.getByRole('button', { name: /Confirm dimensions/ }));
    const dialog = await screen.findByRole('dialog', undefined, T);
    expect(dialog.textContent).toContain('A new order at the new price of $14.50 ($4.75 more) replaces this one. The parcel stays checked in at the warehouse: pay the new order to ship it.');
    expect(dialog.textContent).toContain('This order is cancelled and its $9.75 is refunded to your wallet after 7 working days.');
    expect(calls.some((x) => x.method === 'POST')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm dimensions' }));
    await waitFor(() => expect(calls.some((x) => x.method === 'POST' && x.path === `/orders/${ID}/confirm-dimension`)).toBe(true), T);
    expect((await screen.findAllByText('A new order replaced this one', undefined, T)).length).toBeGreaterThan(0);
    await screen.findByRole('heading', { name: /EX0000000002/ }, T);
  });

  it('a flat price bracket: the confirmation says there is no extra charge, not "$0.00 more"', async () => {
    const order = orderDetail({ ...labeled, status: 'error-dimension', checkInStatus: 'checked-in', allowedActions: ['cancel', 'confirmDimension'] });
    stub(order, { ...CHECK_IN, measuredPrice: 9.75, difference: 0 });
    render();
    await screen.findByText(/Confirm the measured size by/, undefined, T);
    fireEvent.click(within(card()).getByRole('button', { name: /Confirm dimensions/ }));
    const dialog = await screen.findByRole('dialog', undefined, T);
    expect(dialog.textContent).toContain('A new order at the same price of $9.75 (no extra charge) replaces this one.');
    expect(dialog.textContent).not.toContain('more');
  });

  it('without the update permission the seller sees the prices but no confirm button', async () => {
    stub(orderDetail({ ...labeled, status: 'error-dimension', allowedActions: ['confirmDimension'] }), CHECK_IN);
    render(['EX-ORDER-LIST', 'EX-ORDER-DETAIL']);
    await screen.findByText('$14.50', undefined, T);
    expect(screen.queryByRole('button', { name: /Confirm dimensions/ })).toBeNull();
  });
});
