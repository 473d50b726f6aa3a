import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { OrderShipping } from '@exship/contracts';
import { session } from '../../api/session';
import { download, envelope, failure, fakeApi } from '../../test/fake-api';
import { orderDetail } from '../../test/order-fixtures';
import { makeProfile, renderRoutes } from '../../test/render';
import OrderDetailPage from './order-detail-page';
import { pollInterval } from './order-shipping-card';

// The order detail's "Label and tracking" card: each label file behind its own permission, the
// purchases with the due time of a scheduled one, the routing timeline; staff tracking cancel asks first.

const T = { timeout: 15_000 };
const ID = '11111111-1111-4111-8111-111111111111';

const order = orderDetail({
  status: 'labeled',
  paymentStatus: 'paid',
  carrierCode: 'SBX',
  trackingNumber: '1Z999AA10123456784',
  history: [],
  allowedActions: [],
  editScope: 'none',
  labeledAt: '2026-03-01T04:00:00.000Z',
  updatedAt: '2026-03-01T04:00:00.000Z',
});

const labeled: OrderShipping = {
  trackingNumber: '1Z999AA10123456784',
  hasLabel: true,
  publicPath: '/track/ABCDEF0123456789',
  lostAt: null,
  lateAt: '2026-03-20T00:00:00.000Z',
  purchases: [{ _id: 'p1', status: 'purchased', carrierCode: 'SBX', trackingNumber: '1Z999AA10123456784', dueAt: '2026-03-01T03:30:00.000Z', tries: 1, error: null, createdAt: '2026-03-01T03:00:00.000Z', purchasedAt: '2026-03-01T04:00:00.000Z', voidStatus: null, voidError: null, voidedAt: null }],
  events: [{ at: '2026-03-02T05:00:00.000Z', status: 'in-transit', code: 'IT', description: 'Arrived at the sort facility', city: 'Ontario', state: 'CA', country: 'US' }],
};

function stub(shipping: OrderShipping) {
  return fakeApi(({ path }) => {
    if (path.endsWith('/shipping')) return envelope(shipping);
    if (path.includes('/label')) return download('%PDF-1.7 label', 'application/pdf', 'label.pdf');
    if (path.endsWith('/tracking-cancel')) return envelope({ status: 'canceled' }, { message: 'The order was cancelled.' });
    // The labeled parcel has not reached the warehouse (the detail's check-in card).
    if (path.endsWith('/check-in')) return failure(404, 'CHECK_IN_NOT_FOUND', 'This parcel has not reached the warehouse yet.');
    return envelope(order);
  });
}

function renderDetail(permissions: string[]) {
  session.signIn('token-1', makeProfile({ permissions }));
  return renderRoutes([{ path: '/app/orders/order-detail/:orderId', element: <OrderDetailPage /> }], `/app/orders/order-detail/${ID}`);
}

const card = () => screen.findByText('Label and tracking', undefined, T).then((title) => title.closest('.ant-card') as HTMLElement);

describe('order label and tracking card', { timeout: 60_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    session.clear();
  });

  it('a seller with the label permission gets PDF and ZPL, not the US or barcode labels; PDF downloads the order label', async () => {
    const calls = stub(labeled);
    vi.stubGlobal('URL', Object.assign(class extends URL {}, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }));
    renderDetail(['EX-ORDER-LIST', 'EX-ORDER-DETAIL', 'EX-ORDER-ROUTING-LABEL']);
    const c = await card();
    const files = await within(c).findByRole('group', { name: 'Label files' }, T);
    expect(within(files).getAllByRole('button').map((b) => b.textContent)).toEqual(['Label PDF', 'Label ZPL']);
    expect(within(c).getByText('Late since 20-03-2026 07:00:00')).toBeTruthy();
    expect(within(c).getByText('Bought')).toBeTruthy();
    expect(within(c).getByText('Arrived at the sort facility')).toBeTruthy();
    fireEvent.click(within(files).getByRole('button', { name: /Label PDF/ }));
    expect(await screen.findByText('Downloaded: label.pdf', undefined, T)).toBeTruthy();
    const label = calls.find((x) => x.path.endsWith('/label'))!;
    expect(label.url).toBe(`/api/v1/orders/${ID}/label?format=pdf`);
    // Not staff: no tracking cancel.
    expect(screen.queryByRole('button', { name: /Tracking cancel/ })).toBeNull();
  });

  it('the US and barcode labels show only with their permissions', async () => {
    stub(labeled);
    renderDetail(['EX-ORDER-LIST', 'EX-ORDER-DETAIL', 'EX-ORDER-PRINT-US-LABEL', 'EX-ORDER-PRINT-BARCODE']);
    const c = await card();
    const files = await within(c).findByRole('group', { name: 'Label files' }, T);
    expect(within(files).getAllByRole('button').map((b) => b.textContent)).toEqual(['US label', 'Barcode label']);
  });

  it('a scheduled purchase says when the label will be bought, and the file buttons wait for the label', async () => {
    stub({ ...labeled, trackingNumber: null, hasLabel: false, publicPath: null, lateAt: null, events: [], purchases: [{ ...labeled.purchases[0]!, status: 'scheduled', trackingNumber: null, purchasedAt: null, dueAt: '2030-01-01T01:00:00.000Z', tries: 0 }] });
    renderDetail(['EX-ORDER-LIST', 'EX-ORDER-DETAIL', 'EX-ORDER-ROUTING-LABEL']);
    const c = await card();
    expect(await within(c).findByText('Label will be bought at 01-01-2030 08:00:00.', undefined, T)).toBeTruthy();
    expect(within(c).getByRole('button', { name: /Label PDF/ }).hasAttribute('disabled')).toBe(true);
    expect(within(c).getByText('No label yet.')).toBeTruthy();
  });

  it('staff tracking cancel asks for the mode and a reason first, then sends them', async () => {
    const calls = stub(labeled);
    renderDetail(['EX-ORDER-LIST', 'EX-ORDER-DETAIL', 'EX-ORDER-CANCEL', 'EX-ACT-FOR-CUSTOMER']);
    fireEvent.click(await screen.findByRole('button', { name: /Tracking cancel/ }, T));
    const dialog = await screen.findByRole('dialog', undefined, T);
    // SBX has no cancel API: only force is offered.
    expect((within(dialog).getByLabelText(/Normal/) as HTMLInputElement).disabled).toBe(true);
    expect(calls.some((x) => x.path.endsWith('/tracking-cancel'))).toBe(false);
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Buyer cancelled' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel tracking' }));
    expect(await screen.findByText('The order was cancelled.', undefined, T)).toBeTruthy();
    await waitFor(() => expect(calls.find((x) => x.path.endsWith('/tracking-cancel'))?.body).toEqual({ mode: 'force', reason: 'Buyer cancelled' }));
  });
});

describe('replaced labels and their void', { timeout: 60_000 }, () => {
  afterEach(() => session.clear());
  const replaced = (id: string, tracking: string, voidStatus: 'requested' | 'voided' | 'failed', voidError: string | null = null) => ({
    ...labeled.purchases[0]!,
    _id: id,
    trackingNumber: tracking,
    voidStatus,
    voidError,
    voidedAt: voidStatus === 'voided' ? '2026-03-01T05:00:00.000Z' : null,
  });
  const withVoids: OrderShipping = {
    ...labeled,
    purchases: [labeled.purchases[0]!, replaced('p2', '1Z999AA10123456791', 'requested'), replaced('p3', '1Z999AA10123456802', 'voided'), replaced('p4', '1Z999AA10123456813', 'failed', 'refused: the carrier refused to void the label')],
  };
  const stubVoids = () =>
    fakeApi(({ path }) => {
      if (path.endsWith('/shipping')) return envelope(withVoids);
      if (path.endsWith('/void')) return envelope({ ...withVoids.purchases[3]!, voidStatus: 'requested', voidError: null }, { message: 'The carrier is asked again to void the label.' });
      if (path.endsWith('/check-in')) return failure(404, 'CHECK_IN_NOT_FOUND', 'This parcel has not reached the warehouse yet.');
      return envelope(order);
    });
  const rowOf = (c: HTMLElement, tracking: string) => [...c.querySelectorAll('tbody tr')].find((tr) => tr.textContent?.includes(tracking)) as HTMLElement;

  it('each bought label shows its void state with its colour; staff retry a failed void after confirming', async () => {
    const calls = stubVoids();
    renderDetail(['EX-ORDER-LIST', 'EX-ORDER-DETAIL', 'EX-ORDER-NEW-LABEL', 'EX-ACT-FOR-CUSTOMER']);
    const c = await card();
    await within(c).findByText('Void failed', undefined, T);
    expect(within(rowOf(c, '1Z999AA10123456784')).queryByText(/Void/)).toBeNull();
    expect(within(rowOf(c, '1Z999AA10123456791')).getByText('Void requested').closest('.ant-tag')!.className).toContain('gold');
    expect(within(rowOf(c, '1Z999AA10123456802')).getByText('Voided')).toBeTruthy();
    const failed = rowOf(c, '1Z999AA10123456813');
    expect(within(failed).getByText('Void failed').closest('.ant-tag')!.className).toContain('red');
    expect(within(failed).getByText('Void: refused: the carrier refused to void the label')).toBeTruthy();
    // Only the failed void has the button.
    expect(within(c).getAllByRole('button', { name: 'Retry void' })).toHaveLength(1);
    fireEvent.click(within(failed).getByRole('button', { name: 'Retry void' }));
    expect(await screen.findByText('Ask the carrier again to void this label?', undefined, T)).toBeTruthy();
    expect(calls.some((x) => x.path.endsWith('/void'))).toBe(false);
    fireEvent.click(screen.getAllByRole('button', { name: 'Retry void' }).at(-1)!);
    expect(await screen.findByText('The carrier is asked again to void the label.', undefined, T)).toBeTruthy();
    expect(calls.find((x) => x.path.endsWith('/void'))?.path).toBe(`/orders/${ID}/labels/p4/void`);
  });

  it('without the new-label right the states show, with no retry', async () => {
    stubVoids();
    renderDetail(['EX-ORDER-LIST', 'EX-ORDER-DETAIL']);
    const c = await card();
    await within(c).findByText('Void failed', undefined, T);
    expect(within(c).queryByRole('button', { name: 'Retry void' })).toBeNull();
  });
});

describe('pollInterval', () => {
  const now = Date.parse('2026-03-01T00:00:00.000Z');
  it('polls every 3 s while buying or due within a minute, every 30 s for a later one, not at all once settled', () => {
    expect(pollInterval([{ status: 'buying', dueAt: '2026-03-01T00:00:00.000Z' }], now)).toBe(3000);
    expect(pollInterval([{ status: 'scheduled', dueAt: '2026-03-01T00:00:30.000Z' }], now)).toBe(3000);
    expect(pollInterval([{ status: 'scheduled', dueAt: '2026-03-01T04:00:00.000Z' }], now)).toBe(30_000);
    expect(pollInterval([{ status: 'purchased', dueAt: '2026-03-01T00:00:00.000Z' }], now)).toBe(false);
    // A paid order whose purchase is not recorded yet.
    expect(pollInterval([], now, true)).toBe(3000);
    expect(pollInterval([], now, false)).toBe(false);
  });
});
