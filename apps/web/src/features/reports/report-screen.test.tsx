import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { presetRange } from '@exship/contracts';
import { session } from '../../api/session';
import { download, envelope, failure, fakeApi, type ApiCall } from '../../test/fake-api';
import { makeProfile, renderRoutes } from '../../test/render';
import PurchaseReportPage from './purchase-page';
import RevenueReportPage from './revenue-page';
import { resolveRange } from './report-screen';

// The chart library draws on a canvas jsdom does not have: the test sees the points it is given.
vi.mock('@ant-design/plots', () => {
  const chart =
    (name: string) =>
    ({ data }: { data: { period: string; series: string; value: number }[] }) => (
      <ol aria-label={`${name} chart`}>
        {data.map((d) => (
          <li key={`${d.period}-${d.series}`}>{`${d.period} ${d.series} ${d.value}`}</li>
        ))}
      </ol>
    );
  return { Line: chart('line'), Column: chart('column') };
});

const T = { timeout: 10_000 };
const STAFF = makeProfile({
  fullName: 'Ann Admin',
  role: { name: 'Admin', code: 'EXR-ADMIN', kind: 'staff' },
  permissions: ['EX-REPORT-REVENUE', 'EX-REPORT-PURCHASE', 'EX-USER-LIST'],
  timeZone: '+07:00',
});

const revenueRow = (period: string, net: number) => ({ period, orders: 2, shipping: net, fees: 0, surcharges: 0, tax: 0, discounts: 0, refunds: 0, net });
const revenueReply = (over: Partial<{ rows: unknown[]; series: unknown[] }> = {}) => ({
  range: { startDate: '2026-01-01', endDate: '2026-01-02', timeZone: '+07:00', groupBy: 'day' },
  series: [
    { period: '2026-01-01', key: 'net', value: 10.5 },
    { period: '2026-01-02', key: 'net', value: 20 },
  ],
  rows: [revenueRow('2026-01-01', 10.5), revenueRow('2026-01-02', 20)],
  totals: { orders: 4, shipping: 30.5, fees: 0, surcharges: 0, tax: 0, discounts: 0, refunds: 0, net: 30.5 },
  ...over,
});

function stub(answer: (call: ApiCall) => Response | undefined) {
  return fakeApi((call) => {
    if (call.url.endsWith('/me')) return envelope(STAFF);
    if (call.path.startsWith('/reports/')) return answer(call);
    if (call.path.includes('customers')) return envelope([]);
    return envelope({ items: [], total: 0, page: 1, pageSize: 100 });
  });
}

const reportCalls = (calls: ApiCall[], path: string) => calls.filter((c) => c.path === path);
const render = (entry: string, page = <RevenueReportPage />, path = '/app/report/revenue') => renderRoutes([{ path, element: page }], entry);

describe('report screen', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    session.clear();
  });

  it('resolves the range of a preset in the viewer’s zone, and falls back to 7 days for an unfinished custom range', () => {
    // 18:30 UTC on 31 Jan is already 1 Feb at +07:00.
    const now = new Date('2026-01-31T18:30:00Z');
    expect(resolveRange({ preset: 'today', startDate: '', endDate: '' }, now, '+07:00')).toEqual({ preset: 'today', startDate: '2026-02-01', endDate: '2026-02-01' });
    expect(resolveRange({ preset: 'last-month', startDate: '', endDate: '' }, now, '+07:00')).toEqual({ preset: 'last-month', startDate: '2026-01-01', endDate: '2026-01-31' });
    expect(resolveRange({ preset: 'today', startDate: '', endDate: '' }, now, '-05:00').startDate).toBe('2026-01-31');
    expect(resolveRange({ preset: 'custom', startDate: '2026-01-05', endDate: '' }, now, '+07:00')).toEqual({ preset: '7d', startDate: '2026-01-26', endDate: '2026-02-01' });
    expect(resolveRange({ preset: 'custom', startDate: '2026-01-05', endDate: '2026-01-09' }, now, '+07:00')).toEqual({ preset: 'custom', startDate: '2026-01-05', endDate: '2026-01-09' });
  });

  it('asks for the last 7 days by day in the viewer’s zone, and shows the chart, the rows and the totals row', async () => {
    const calls = stub(() => envelope(revenueReply()));
    session.signIn('token-1', STAFF);
    render('/app/report/revenue');
    const chart = await screen.findByRole('list', { name: 'line chart' }, T);
    expect(within(chart).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['01-01-2026 Net revenue 10.5', '02-01-2026 Net revenue 20']);
    const q = reportCalls(calls, '/reports/revenue')[0]!.search;
    const expected = presetRange('7d', new Date(), '+07:00')!;
    expect(Object.fromEntries(q)).toEqual({ startDate: expected.startDate, endDate: expected.endDate, timeZone: '+07:00', groupBy: 'day' });
    const row = screen.getByText('02-01-2026').closest('tr')!;
    expect(within(row).getAllByText('$20.00').length).toBeGreaterThan(0);
    const total = screen.getByText('Total').closest('tr')!;
    expect(within(total).getAllByText('$30.50').length).toBe(2);
    expect(within(total).getByText('4')).toBeTruthy();
    // The chart's text alternative sums each series.
    expect(screen.getByRole('img', { name: /Net revenue: \$30\.50/ })).toBeTruthy();
  }, 30_000);

  it('keeps the range and the grouping in the URL and asks again when they change', async () => {
    const calls = stub(() => envelope(revenueReply()));
    session.signIn('token-1', STAFF);
    const { router } = render('/app/report/revenue?preset=custom&startDate=2026-01-01&endDate=2026-03-31&groupBy=month');
    await screen.findByRole('list', { name: 'line chart' }, T);
    expect(Object.fromEntries(reportCalls(calls, '/reports/revenue')[0]!.search)).toMatchObject({ startDate: '2026-01-01', endDate: '2026-03-31', groupBy: 'month' });
    // Months read MM-YYYY.
    expect(screen.getAllByText('01-2026').length).toBeGreaterThan(0);

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Group by' }));
    fireEvent.click(await screen.findByTitle('By week'));
    await waitFor(() => expect(router.state.location.search).toContain('groupBy=week'));
    await waitFor(() => expect(reportCalls(calls, '/reports/revenue').some((c) => c.search.get('groupBy') === 'week' && c.search.get('startDate') === '2026-01-01')).toBe(true));

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Period' }));
    fireEvent.click(await screen.findByTitle('Last month'));
    await waitFor(() => expect(router.state.location.search).toContain('preset=last-month'));
    expect(router.state.location.search).not.toContain('startDate');
    const last = presetRange('last-month', new Date(), '+07:00')!;
    await waitFor(() => expect(reportCalls(calls, '/reports/revenue').some((c) => c.search.get('startDate') === last.startDate && c.search.get('endDate') === last.endDate)).toBe(true));
  }, 30_000);

  it('exports the same query as xlsx, the button busy until the file is saved', async () => {
    let release: (r: Response) => void = () => {};
    const calls = stub((c) => (c.path.endsWith('/export') ? new Promise<Response>((r) => (release = r)) as never : envelope(revenueReply())));
    const createObjectURL = vi.fn(() => 'blob:x');
    vi.stubGlobal('URL', Object.assign(class extends URL {}, { createObjectURL, revokeObjectURL: vi.fn() }));
    session.signIn('token-1', STAFF);
    render('/app/report/revenue?groupBy=week');
    await screen.findByRole('list', { name: 'line chart' }, T);
    fireEvent.click(screen.getByRole('button', { name: /Export xlsx/ }));
    expect(await screen.findByRole('button', { name: /Preparing the file/ })).toBeTruthy();
    await waitFor(() => expect(reportCalls(calls, '/reports/revenue/export')).toHaveLength(1));
    const exportQuery = Object.fromEntries(reportCalls(calls, '/reports/revenue/export')[0]!.search);
    expect(exportQuery).toEqual(Object.fromEntries(reportCalls(calls, '/reports/revenue')[0]!.search));
    expect(exportQuery.groupBy).toBe('week');
    release(download(new Uint8Array([80, 75, 3, 4]), 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'revenue_2026-01-01_2026-01-07.xlsx'));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    expect(await screen.findByText('Saved revenue_2026-01-01_2026-01-07.xlsx.')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Export xlsx/ })).toBeTruthy();
  }, 30_000);

  it('an empty period says so, draws no chart and offers no export', async () => {
    stub(() => envelope(revenueReply({ rows: [], series: [{ period: '2026-01-01', key: 'net', value: 0 }] })));
    session.signIn('token-1', STAFF);
    render('/app/report/revenue');
    expect(await screen.findByText('Nothing in this period. Choose another range or clear the filters.', undefined, T)).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'line chart' })).toBeNull();
    expect(screen.queryByText('Total')).toBeNull();
    expect((screen.getByRole('button', { name: /Export xlsx/ }) as HTMLButtonElement).disabled).toBe(true);
  }, 30_000);

  it('a failed load shows the server’s message with Retry, which asks again', async () => {
    let fail = true;
    const calls = stub(() => (fail ? failure(400, 'VALIDATION_ERROR', 'A report covers at most 366 days: shorten the range.') : envelope(revenueReply())));
    session.signIn('token-1', STAFF);
    render('/app/report/revenue?preset=custom&startDate=2024-01-01&endDate=2026-01-01');
    expect(await screen.findByText(/A report covers at most 366 days/, undefined, T)).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: /Retry/ }));
    expect(await screen.findByRole('list', { name: 'line chart' }, T)).toBeTruthy();
    expect(reportCalls(calls, '/reports/revenue').length).toBeGreaterThanOrEqual(2);
  }, 30_000);

  it('the purchase report asks for its rows by carrier once chosen, and reads negative margins in red', async () => {
    const calls = stub(() =>
      envelope({
        range: { startDate: '2026-01-01', endDate: '2026-01-07', timeZone: '+07:00', groupBy: 'day' },
        series: [{ period: '2026-01-01', key: 'margin', value: -3 }],
        rows: [{ key: 'USPS', label: 'USPS', parcels: 3, revenue: 30, lastMileCost: 25, freightCost: 8, cost: 33, margin: -3, marginPerParcel: -1, marginRate: -0.1 }],
        totals: { parcels: 3, revenue: 30, lastMileCost: 25, freightCost: 8, cost: 33, margin: -3, marginPerParcel: -1, marginRate: -0.1 },
      }),
    );
    session.signIn('token-1', STAFF);
    const { router } = render('/app/report/purchase', <PurchaseReportPage />, '/app/report/purchase');
    await screen.findByRole('list', { name: 'line chart' }, T);
    expect(reportCalls(calls, '/reports/purchase')[0]!.search.get('by')).toBe('service');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Table rows' }));
    fireEvent.click(await screen.findByTitle('Per carrier'));
    await waitFor(() => expect(router.state.location.search).toContain('by=carrier'));
    await waitFor(() => expect(reportCalls(calls, '/reports/purchase').some((c) => c.search.get('by') === 'carrier')).toBe(true));
    const row = screen.getByText('USPS').closest('tr')!;
    const margin = within(row).getByText('-$3.00');
    expect(margin.getAttribute('style')).toContain('color');
    expect(within(row).getByText('-10.0%')).toBeTruthy();
    // Staff may narrow it to one customer.
    expect(screen.getByRole('combobox', { name: 'Customer' })).toBeTruthy();
  }, 30_000);

  it('a seller sees no customer filter (its report is its own account)', async () => {
    const seller = makeProfile({ permissions: ['EX-REPORT-REVENUE'] });
    fakeApi((call) => (call.url.endsWith('/me') ? envelope(seller) : call.path.startsWith('/reports/') ? envelope(revenueReply()) : envelope({ items: [], total: 0 })));
    session.signIn('token-1', seller);
    render('/app/report/revenue');
    await screen.findByRole('list', { name: 'line chart' }, T);
    expect(screen.queryByRole('combobox', { name: 'Customer' })).toBeNull();
  }, 30_000);
});
