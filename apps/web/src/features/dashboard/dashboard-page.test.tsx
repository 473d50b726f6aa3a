import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { session } from '../../api/session';
import { envelope, failure, fakeApi } from '../../test/fake-api';
import { makeProfile, renderRoutes, stubApi } from '../../test/render';
import DashboardPage from './dashboard-page';

// The chart library draws on a canvas jsdom does not have: the test sees the points it is given.
vi.mock('@ant-design/plots', () => ({
  Column: ({ data }: { data: { status: string; count: number }[] }) => <ol aria-label="status chart">{data.map((d) => <li key={d.status}>{`${d.status} ${d.count}`}</li>)}</ol>,
  Tiny: { Line: ({ data }: { data: number[] }) => <span data-testid="sparkline">{data.join(',')}</span> },
}));

const T = { timeout: 10_000 };
const orders = (query: Record<string, string>) => ({ path: '/app/orders', query });
const SELLER_DASHBOARD = {
  timeZone: '+07:00',
  wallet: { balance: 120.5, unpaid: 15, creditLimit: 500, creditLeft: 500, creditBlocked: false },
  weekByStatus: [
    { status: 'paid', count: 3 },
    { status: 'label error', count: 1 },
  ],
  needsAction: [
    { key: 'error-dimension', count: 2, link: orders({ status: 'error-dimension' }) },
    { key: 'label-error', count: 1, link: orders({ status: 'label error' }) },
    { key: 'surcharge-unpaid', count: 0, link: orders({ paymentStatus: 'surcharge-unpaid' }) },
  ],
  inTransit: { count: 7, link: orders({ status: 'shipped' }) },
  exceptions: { count: 1, link: { path: '/app/track-routing', query: {} } },
  recentOrders: [{ _id: '00000000-0000-4000-8000-0000000000o1', exOrderId: 'EX123', orderName: 'Blue mug', status: 'paid', total: 12.3, createdAt: '2026-01-31T18:30:00.000Z' }],
};
const kpi = (today: number, avg: number) => ({ today, last7DaysAverage: avg, sparkline: Array.from({ length: 14 }, (_, i) => ({ day: `2026-01-${String(i + 1).padStart(2, '0')}`, value: i })) });
const STAFF_DASHBOARD = {
  timeZone: '+07:00',
  queues: [
    { key: 'top-ups', count: 4, link: { path: '/app/billing', query: { tab: 'top-ups', status: 'pending' } } },
    { key: 'label-errors', count: 9, link: orders({ status: 'label error' }) },
  ],
  kpis: { orders: kpi(12, 10), revenue: kpi(300, 400), margin: null, onTimeRate: kpi(0.9, 0.8) },
};
const ADMIN = makeProfile({ fullName: 'Ann Admin', role: { name: 'Admin', code: 'EXR-ADMIN', kind: 'staff' }, permissions: ['EX-ACT-FOR-CUSTOMER', 'EX-ORDER-LIST', 'EX-TOPUP-LIST', 'EX-REPORT-REVENUE'] });

function stubDashboards(profile: ReturnType<typeof makeProfile>, answer: (path: string) => Response | undefined) {
  const base = stubApi(profile);
  return fakeApi(({ url, path }) => answer(path) ?? base(url));
}

function stubWithProducts(profile: ReturnType<typeof makeProfile>, totalWaitingApproval: number) {
  const base = stubApi(profile);
  const calls = fakeApi(({ url }) => {
    if (url.includes('/products?')) return envelope({ items: [], total: 40, totalWaitingApproval, totalCount: totalWaitingApproval, page: 1, pageSize: 1 });
    return base(url);
  });
  /** The URLs asked for so far. */
  return () => calls.map((c) => c.url);
}

const render = () => renderRoutes([{ path: '/app/dashboard', element: <DashboardPage /> }], '/app/dashboard');

describe('dashboard', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    session.clear();
  });

  it('shows reviewers how many products wait for approval, linking to that list', async () => {
    const profile = makeProfile({ role: { name: 'Admin', code: 'EXR-ADMIN', kind: 'staff' }, permissions: ['EX-PRODUCT-LIST', 'EX-PRODUCT-APPROVE'] });
    const urls = stubWithProducts(profile, 7);
    session.signIn('token-1', profile);
    render();
    const tile = await screen.findByRole('link', { name: /^Products waiting for approval\s*7\b/ }, { timeout: 10_000 });
    expect(tile.getAttribute('href')).toBe('/app/products?approvalStatus=waiting_approval');
    expect(urls().some((u) => u.includes('/products?') && u.includes('approvalStatus=waiting_approval'))).toBe(true);
  });

  it('a seller, who cannot review, gets no such tile', async () => {
    const profile = makeProfile({ permissions: ['EX-PRODUCT-LIST', 'EX-WALLET-VIEW'] });
    const urls = stubWithProducts(profile, 7);
    session.signIn('token-1', profile);
    render();
    expect(await screen.findByText('Hello, Sam Seller', undefined, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByText('Products waiting for approval')).toBeNull();
    expect(urls().some((u) => u.includes('/products?'))).toBe(false);
  });

  it('a seller sees the wallet, this week by status, the counts needing action linking to the filtered orders, and recent orders', async () => {
    const profile = makeProfile({ permissions: ['EX-ORDER-LIST', 'EX-WALLET-VIEW'] });
    stubDashboards(profile, (path) => (path === '/dashboard/seller' ? envelope(SELLER_DASHBOARD) : undefined));
    session.signIn('token-1', profile);
    render();
    const labelErrors = await screen.findByRole('link', { name: /^Label errors\s*1$/ }, T);
    expect(labelErrors.getAttribute('href')).toBe('/app/orders?status=label+error');
    expect(screen.getByRole('link', { name: 'Dimension errors to confirm 2' }).getAttribute('href')).toBe('/app/orders?status=error-dimension');
    expect(screen.getByRole('link', { name: 'Unpaid surcharges 0' }).getAttribute('href')).toBe('/app/orders?paymentStatus=surcharge-unpaid');
    expect(screen.getByRole('link', { name: 'In transit 7' }).getAttribute('href')).toBe('/app/orders?status=shipped');
    expect(screen.getByRole('link', { name: 'Delivery exceptions 1' }).getAttribute('href')).toBe('/app/track-routing');
    expect(screen.getByText('$120.50')).toBeTruthy();
    expect(screen.getByText('$15.00')).toBeTruthy();
    expect(screen.getByText('Credit remaining (limit $500.00)')).toBeTruthy();
    expect(screen.getByText('Orders this week (4)')).toBeTruthy();
    const chart = await screen.findByRole('list', { name: 'status chart' }, T);
    expect(within(chart).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Paid 3', 'Label error 1']);
    const order = screen.getByRole('link', { name: 'EX123' });
    expect(order.getAttribute('href')).toBe('/app/orders/order-detail/00000000-0000-4000-8000-0000000000o1');
    // 18:30 UTC on 31 Jan is 1 Feb 01:30 at the seller's +07:00.
    expect(screen.getByText(/01-02-2026 01:30/)).toBeTruthy();
  });

  it('staff see their work queues with counts linking to the filtered lists, and the KPIs with sparklines', async () => {
    const calls = stubDashboards(ADMIN, (path) => (path === '/dashboard/staff' ? envelope(STAFF_DASHBOARD) : undefined));
    session.signIn('token-1', ADMIN);
    render();
    const labelErrors = await screen.findByRole('link', { name: /^Label errors\s*9$/ }, T);
    expect(labelErrors.getAttribute('href')).toBe('/app/orders?status=label+error');
    expect(screen.getByRole('link', { name: 'Top-ups waiting 4' }).getAttribute('href')).toBe('/app/billing?tab=top-ups&status=pending');
    expect(screen.getByText('Orders today')).toBeTruthy();
    expect(screen.getByText('$300.00')).toBeTruthy();
    expect(screen.getByText('7-day average $400.00')).toBeTruthy();
    expect(screen.getByText('90.0%')).toBeTruthy();
    // No margin without the purchase report.
    expect(screen.queryByText('Margin today')).toBeNull();
    expect(await screen.findAllByTestId('sparkline')).toHaveLength(3);
    expect(calls.some((c) => c.path === '/dashboard/seller')).toBe(false);
  });

  it('a dashboard that fails to load says so and asks again on Retry', async () => {
    let fail = true;
    const calls = stubDashboards(ADMIN, (path) => (path === '/dashboard/staff' ? (fail ? failure(500, 'INTERNAL', 'Server error') : envelope(STAFF_DASHBOARD)) : undefined));
    session.signIn('token-1', ADMIN);
    render();
    expect(await screen.findByText('The dashboard could not be loaded.', undefined, T)).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: /Retry/ }));
    expect(await screen.findByRole('link', { name: /^Label errors\s*9$/ }, T)).toBeTruthy();
    expect(calls.filter((c) => c.path === '/dashboard/staff').length).toBeGreaterThanOrEqual(2);
  });

  it('has one h1 and no skipped heading level (WCAG)', async () => {
    const profile = makeProfile({ role: { name: 'Admin', code: 'EXR-ADMIN', kind: 'staff' }, permissions: ['EX-PRODUCT-LIST', 'EX-PRODUCT-APPROVE', 'EX-WALLET-VIEW'] });
    stubWithProducts(profile, 0);
    session.signIn('token-1', profile);
    render();
    await screen.findByRole('link', { name: /^Products waiting for approval\s*0\b/ }, { timeout: 10_000 });
    await waitFor(() => expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1));
    const levels = screen.getAllByRole('heading').map((h) => Number(h.tagName.slice(1)));
    levels.forEach((level, i) => expect(level - (levels[i - 1] ?? 0), `heading ${i}`).toBeLessThanOrEqual(1));
  });
});
