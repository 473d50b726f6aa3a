import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEFAULT_SLA_TARGETS, type Ticket, type TicketDetail } from '@exship/contracts';
import { session } from '../../api/session';
import { loadLanguage } from '../../app/i18n';
import { envelope, failure, fakeApi, type ApiHandler } from '../../test/fake-api';
import { makeProfile, renderRoutes } from '../../test/render';
import TicketPage from './ticket-page';

// SPEC §2 /app/ticket (docs/tickets-and-claims.md): the list with its tabs, a claim prefilled from
// the order page with the refusal naming its date in the user's zone, the order picker, the thread
// with the rating, and the staff's service-level settings.

const T = { timeout: 10_000 };
const SELLER_ID = '00000000-0000-4000-8000-000000000001';
const ORDER_ID = '00000000-0000-4000-8000-0000000000a1';
const TICKET_ID = '00000000-0000-4000-8000-0000000000b1';

const ticket = (over: Partial<Ticket> = {}): Ticket => ({
  id: TICKET_ID,
  code: 'TK-000042',
  accountId: SELLER_ID,
  customerEmail: 'sam@example.com',
  type: 'claim',
  supportFor: 'order',
  orderId: ORDER_ID,
  exOrderId: 'EX0000000AB1',
  topUpId: null,
  subject: 'Parcel lost',
  content: 'No update for weeks.',
  status: 'resolved',
  assigneeId: null,
  assigneeEmail: null,
  rating: null,
  ratingReason: null,
  unread: 1,
  sla: { firstResponseDueAt: null, resolutionDueAt: null, msLeft: null, paused: false, breached: false },
  claim: {
    id: '00000000-0000-4000-8000-0000000000c1',
    orderId: ORDER_ID,
    exOrderId: 'EX0000000AB1',
    reason: 'lost',
    status: 'partial',
    proposedAmount: 24.38,
    capAmount: 19.5,
    approvedAmount: 12.5,
    decisionReason: 'Part recovered',
    transactionId: '00000000-0000-4000-8000-0000000000d1',
    decidedAt: '2026-12-10T03:00:00.000Z',
    noticeDeadline: '2026-12-29T23:59:59.999Z',
  },
  createdAt: '2026-12-08T01:00:00.000Z',
  updatedAt: '2026-12-10T03:00:00.000Z',
  ...over,
});
const detail = (over: Partial<TicketDetail> = {}): TicketDetail => ({
  ...ticket(),
  attachments: [],
  messages: [
    { id: 'm1', authorId: 'staff-1', authorEmail: 'support@exship.local', side: 'staff', content: 'We are looking for it.', attachments: [], createdAt: '2026-12-09T02:00:00.000Z' },
    { id: 'm2', authorId: null, authorEmail: null, side: 'system', content: 'Claim partly approved: $12.50 paid to the wallet.', attachments: [], createdAt: '2026-12-10T03:00:00.000Z' },
  ],
  ...over,
});
const orderSummary = (id: string, exOrderId: string, orderName: string) => ({ id, exOrderId, orderName });
const list = (items: Ticket[]) => envelope({ items, total: items.length, pageIndex: 1, pageSize: 10, counts: { all: items.length, resolved: items.length } });

function signIn(permissions: string[], over: Parameters<typeof makeProfile>[0] = {}) {
  session.signIn('token-1', makeProfile({ permissions, ...over }));
}
const render = (url: string) => renderRoutes([{ path: '/app/ticket', element: <TicketPage /> }], url);
const api = (handler: ApiHandler) => fakeApi(async (c) => (await handler(c)) ?? (c.path === '/tickets' && c.method === 'GET' ? list([]) : undefined));

afterEach(() => {
  vi.unstubAllGlobals();
  session.clear();
});

describe('TicketPage', () => {
  it('lists the tickets with the tab counts and opens one in its drawer', async () => {
    signIn(['EX-TICKET-LIST', 'EX-TICKET-CREATE']);
    api(({ path, method }) => {
      if (path === '/tickets' && method === 'GET') return list([ticket()]);
      if (path === `/tickets/${TICKET_ID}`) return envelope(detail());
      return undefined;
    });
    render('/app/ticket');
    const row = await screen.findByText('Parcel lost', undefined, T);
    expect(screen.getByRole('tab', { name: /All\s*1/ })).toBeTruthy();
    // The unread thread is marked on the code; dates in the user's zone (+07:00).
    expect(screen.getByText('TK-000042 •')).toBeTruthy();
    expect(screen.getByText('08-12-2026 08:00:00')).toBeTruthy();
    fireEvent.click(row);
    const drawer = await screen.findByRole('dialog', undefined, T);
    expect(await within(drawer).findByText('We are looking for it.', undefined, T)).toBeTruthy();
    expect(within(drawer).getByText('$12.50')).toBeTruthy();
    // The claim window ends on the 29th (UTC), the 30th at 06:59 in Vietnam.
    expect(within(drawer).getByText('30-12-2026 06:59:59')).toBeTruthy();
  });

  it('opens on the tab and type in the URL (the dashboard links ?tab=overdue&subject=claim) and writes a tab change back', async () => {
    signIn(['EX-TICKET-LIST', 'EX-TICKET-MANAGE'], { role: { name: 'Support', code: 'EXR-CS', kind: 'staff' } });
    const sent = fakeApi(({ path, method }) => (path === '/tickets' && method === 'GET' ? envelope({ items: [ticket({ status: 'overdue' })], total: 1, pageIndex: 1, pageSize: 10, counts: { all: 3, overdue: 1 } }) : envelope([])));
    const { router } = render('/app/ticket?tab=overdue&subject=claim');
    await screen.findByText('Parcel lost', undefined, T);
    const lists = () => sent.filter((c) => c.path === '/tickets' && c.method === 'GET');
    expect(lists().at(-1)!.search.get('tab')).toBe('overdue');
    expect(lists().at(-1)!.search.get('subject')).toBe('claim');
    expect(screen.getByRole('tab', { name: /Overdue\s*1/ }).getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByRole('tab', { name: /All\s*3/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?subject=claim'));
    await waitFor(() => expect(lists().at(-1)!.search.get('tab') ?? 'all').toBe('all'));
  }, 60_000);

  it('a claim prefilled from the order page names the order and, refused, the date it may be filed from in DD-MM-YYYY', async () => {
    signIn(['EX-TICKET-LIST', 'EX-TICKET-CREATE', 'EX-ORDER-LIST', 'EX-ORDER-DETAIL']);
    const calls = api(({ path }) => {
      if (path === `/orders/${ORDER_ID}`) return envelope(orderSummary(ORDER_ID, 'EX0000000AB1', 'Blue mug'));
      if (path === '/orders') return envelope({ items: [], total: 0, page: 1, pageSize: 20, counts: {} });
      if (path === '/tickets/claims/eligibility') {
        return envelope({ eligible: false, message: 'claim.notLostYet', vars: { from: '2026-12-07T20:00:00.000Z' }, deadline: null, proposedAmount: 24.38, capAmount: 19.5 });
      }
      return undefined;
    });
    render(`/app/ticket?claimOrder=${ORDER_ID}&claimReason=lost`);
    const modal = await screen.findByRole('dialog', undefined, T);
    expect(within(modal).getByText('Open a claim')).toBeTruthy();
    expect(await within(modal).findByText('EX0000000AB1 · Blue mug', undefined, T)).toBeTruthy();
    // 20:00 UTC on the 7th is the 8th in the user's zone (+07:00).
    expect(await within(modal).findByText(/can be filed from 08-12-2026 \(15 business days/, undefined, T)).toBeTruthy();
    expect(calls.find((c) => c.path === '/tickets/claims/eligibility')?.search.get('orderId')).toBe(ORDER_ID);
  });

  it('the same refusal in Vietnamese and at another offset', async () => {
    signIn(['EX-TICKET-LIST', 'EX-TICKET-CREATE', 'EX-ORDER-LIST', 'EX-ORDER-DETAIL'], { timeZone: '-05:00', language: 'vi' });
    const { default: i18n } = await import('i18next');
    // As the app does: the Vietnamese strings are loaded first, then the language is switched (a
    // switch before they arrive shows English until they do).
    await loadLanguage('vi');
    await i18n.changeLanguage('vi');
    try {
      api(({ path }) => {
        if (path === `/orders/${ORDER_ID}`) return envelope(orderSummary(ORDER_ID, 'EX0000000AB1', 'Blue mug'));
        if (path === '/orders') return envelope({ items: [], total: 0, page: 1, pageSize: 20, counts: {} });
        if (path === '/tickets/claims/eligibility') return envelope({ eligible: false, message: 'claim.windowClosed', vars: { deadline: '2026-12-29T23:59:59.999Z' }, deadline: '2026-12-29T23:59:59.999Z', proposedAmount: 1, capAmount: 1 });
        return undefined;
      });
      render(`/app/ticket?claimOrder=${ORDER_ID}&claimReason=lost`);
      expect(await screen.findByText(/Thời hạn khiếu nại đã hết vào 29-12-2026/, undefined, { timeout: 30_000 })).toBeTruthy();
    } finally {
      await i18n.changeLanguage('en');
    }
  }, 60_000);

  it('a seller picks the order by its code and sends the ticket', async () => {
    signIn(['EX-TICKET-LIST', 'EX-TICKET-CREATE', 'EX-ORDER-LIST', 'EX-ORDER-DETAIL']);
    const calls = api(({ path, method, search }) => {
      if (path === '/orders') {
        const k = search.get('keyword') ?? '';
        const all = [orderSummary(ORDER_ID, 'EX0000000AB1', 'Blue mug'), orderSummary('00000000-0000-4000-8000-0000000000a2', 'EX0000000CD2', 'Red cup')];
        const items = all.filter((o) => o.exOrderId.includes(k.toUpperCase()));
        return envelope({ items, total: items.length, page: 1, pageSize: 20, counts: {} });
      }
      if (path === '/tickets' && method === 'POST') return envelope(detail({ type: 'order', status: 'open', claim: null }), { status: 201, message: 'Ticket opened. Our team will answer here.' });
      if (path === `/tickets/${TICKET_ID}`) return envelope(detail({ type: 'order', status: 'open', claim: null }));
      return undefined;
    });
    render('/app/ticket');
    fireEvent.click(await screen.findByRole('button', { name: /New ticket/ }, T));
    const modal = await screen.findByRole('dialog', undefined, T);
    expect(within(modal).getByText('New ticket')).toBeTruthy();
    fireEvent.mouseDown(within(modal).getByRole('combobox', { name: 'Type' }));
    fireEvent.click(await screen.findByTitle('Order problem', undefined, T));
    const picker = await within(modal).findByRole('combobox', { name: 'Order' }, T);
    fireEvent.mouseDown(picker);
    fireEvent.change(picker, { target: { value: 'cd2' } });
    await waitFor(() => expect(calls.some((c) => c.path === '/orders' && c.search.get('keyword') === 'cd2')).toBe(true), T);
    fireEvent.click(await screen.findByTitle('EX0000000CD2 · Red cup', undefined, T));
    fireEvent.change(within(modal).getByLabelText('Subject'), { target: { value: 'Wrong address' } });
    fireEvent.change(within(modal).getByLabelText('Content'), { target: { value: 'Please fix the street.' } });
    fireEvent.click(within(modal).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(calls.find((c) => c.path === '/tickets' && c.method === 'POST')?.body).toMatchObject({ type: 'order', orderId: '00000000-0000-4000-8000-0000000000a2', subject: 'Wrong address' }), T);
    expect(calls.find((c) => c.path === '/tickets' && c.method === 'POST')?.body.customerId).toBeUndefined();
    expect(await screen.findByText('Ticket opened. Our team will answer here.', undefined, T)).toBeTruthy();
  });

  it('a seller rates a resolved ticket once', async () => {
    signIn(['EX-TICKET-LIST', 'EX-TICKET-CREATE']);
    let rated = false;
    const calls = api(({ path, method }) => {
      if (path === '/tickets' && method === 'GET') return list([ticket()]);
      if (path === `/tickets/${TICKET_ID}/rating`) {
        rated = true;
        return envelope(detail({ rating: 4, ratingReason: 'Quick' }), { message: 'Thank you for your rating.' });
      }
      if (path === `/tickets/${TICKET_ID}`) return envelope(rated ? detail({ rating: 4, ratingReason: 'Quick' }) : detail());
      return undefined;
    });
    render(`/app/ticket?ticket=${TICKET_ID}`);
    const drawer = await screen.findByRole('dialog', undefined, T);
    expect(await within(drawer).findByText('Rate this ticket', undefined, T)).toBeTruthy();
    const send = within(drawer).getByRole('button', { name: 'Send rating' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    fireEvent.click(drawer.querySelectorAll('.ant-rate-star div[role="radio"]')[3]!);
    fireEvent.change(within(drawer).getByLabelText('Why (optional)'), { target: { value: 'Quick' } });
    fireEvent.click(send);
    await waitFor(() => expect(calls.find((c) => c.path.endsWith('/rating'))?.body).toEqual({ rating: 4, reason: 'Quick' }), T);
    expect(await screen.findByText('Thank you for your rating.', undefined, T)).toBeTruthy();
    expect(await within(drawer).findByText('Your rating', undefined, T)).toBeTruthy();
  });

  it('staff change a service level; a refused one shows the server message', async () => {
    signIn(['EX-TICKET-LIST', 'EX-TICKET-MANAGE', 'EX-ACT-FOR-CUSTOMER'], { role: { name: 'Customer service', code: 'EXR-CUSTOMER-SERVICE', kind: 'staff' } });
    let fail = true;
    const calls = api(({ path, method, body }) => {
      if (path === '/tickets/sla-targets' && method === 'GET') return envelope(DEFAULT_SLA_TARGETS);
      if (path === '/tickets/sla-report') return envelope([{ type: 'claim', tickets: 3, firstResponseBreaches: 1, resolutionBreaches: 0 }]);
      if (path === '/tickets/sla-targets' && method === 'PUT') {
        if (fail) {
          fail = false;
          return failure(409, 'CONFLICT', 'Try again.');
        }
        return envelope(body.targets, { message: 'Service levels saved.' });
      }
      return undefined;
    });
    render('/app/ticket');
    fireEvent.click(await screen.findByRole('button', { name: /Service levels/ }, T));
    const drawer = await screen.findByRole('dialog', undefined, T);
    expect(within(drawer).getByText('Service levels per ticket type')).toBeTruthy();
    const claimResolution = await within(drawer).findByLabelText('Claim: Resolved within (days)', undefined, T);
    expect((claimResolution as HTMLInputElement).value).toBe('15');
    // The breach report of the last 30 days.
    expect(within(drawer).getByText('3')).toBeTruthy();
    fireEvent.change(claimResolution, { target: { value: '10' } });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Save service levels' }));
    expect(await screen.findByText('Try again.', undefined, T)).toBeTruthy();
    fireEvent.click(within(drawer).getByRole('button', { name: 'Save service levels' }));
    expect(await screen.findByText('Service levels saved.', undefined, T)).toBeTruthy();
    const put = calls.filter((c) => c.method === 'PUT').at(-1)!;
    expect(put.body.targets).toHaveLength(DEFAULT_SLA_TARGETS.length);
    expect(put.body.targets.find((x: { type: string }) => x.type === 'claim')).toEqual({ type: 'claim', firstResponseWorkingDays: 1, resolutionDays: 10, resolutionUnit: 'calendar' });
    // A drawer of 16 inputs saved twice: on a busy machine longer than the suite's 20 s.
  }, 60_000);

  it('a seller sees no service-level settings', async () => {
    signIn(['EX-TICKET-LIST', 'EX-TICKET-CREATE']);
    api(() => undefined);
    render('/app/ticket');
    expect(await screen.findByText('No tickets in this view.', undefined, T)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Service levels/ })).toBeNull();
  });
});
