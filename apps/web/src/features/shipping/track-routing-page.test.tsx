import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Parcel } from '@exship/contracts';
import { session } from '../../api/session';
import { envelope, fakeApi } from '../../test/fake-api';
import { makeProfile, renderRoutes } from '../../test/render';
import TrackRoutingPage from './track-routing-page';

// SPEC §2 track routing: a look-up renders one card per parcel with its timeline (newest first,
// DD-MM-YYYY HH:mm:ss), its §4 status text, and the references that matched nothing.

const T = { timeout: 15_000 };

const parcel: Parcel = {
  orderId: '11111111-1111-4111-8111-111111111111',
  exOrderId: 'EX0000000001',
  orderName: 'ORDER-1',
  status: 'shipped',
  routingStatus: 'in-transit',
  trackingNumber: '1Z999AA10123456784',
  carrierCode: 'SBX',
  carrierName: 'Sandbox Express',
  serviceName: 'Standard',
  labeledAt: '2026-03-01T03:00:00.000Z',
  lastEventAt: '2026-03-02T05:00:00.000Z',
  lostAt: null,
  lateAt: null,
  publicPath: '/track/ABCDEF0123456789',
  destination: { city: 'Los Angeles', state: 'CA', country: 'US' },
  events: [
    { at: '2026-03-01T03:00:00.000Z', status: 'pre-shipment', code: 'LC', description: 'Label created', city: 'Ho Chi Minh', state: '', country: 'VN' },
    { at: '2026-03-02T05:00:00.000Z', status: 'in-transit', code: 'IT', description: 'Arrived at the sort facility', city: 'Ontario', state: 'CA', country: 'US' },
  ],
};

function stub() {
  const calls = fakeApi(({ url, body, search }) => {
    if (url.includes('/tracking/lookup')) {
      const { refs } = body as { refs: string[] };
      // EX0000000002 is an order of the caller's without a label.
      const own = { ref: 'EX0000000002', orderId: 'order-2', exOrderId: 'EX0000000002', status: 'paid' };
      return envelope({
        parcels: refs.includes(parcel.trackingNumber) ? [parcel] : [],
        noLabel: refs.includes(own.ref) ? [own] : [],
        notFound: refs.filter((r) => r !== parcel.trackingNumber && r !== own.ref),
      });
    }
    if (url.includes('/tracking/flagged')) {
      const flagged = { ...parcel, lostAt: '2026-03-01T00:00:00.000Z' };
      return envelope({ items: search.get('flag') === 'lost-late' ? [flagged] : [], total: search.get('flag') === 'lost-late' ? 1 : 0, page: 1, pageSize: 10, counts: { lost: 1, late: 0, lostLate: 1 } });
    }
    return envelope(null);
  });
  /** The look-ups sent so far. */
  const lookups = () => calls.filter((c) => c.url.includes('/tracking/lookup'));
  return Object.assign(lookups, { flagged: () => calls.filter((c) => c.url.includes('/tracking/flagged')) });
}

const render = (path: string) => {
  session.signIn('token-1', makeProfile({ permissions: ['EX-TRACK-ROUTING', 'EX-ORDER-DETAIL'], timeZone: '+07:00' }));
  return renderRoutes([{ path: '/app/track-routing', element: <TrackRoutingPage /> }], path);
};

describe('track routing', { timeout: 60_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    session.clear();
  });

  it('a pasted look-up renders the parcel card with its timeline, newest first, and keeps the refs in the URL', async () => {
    const sent = stub();
    const { router } = render('/app/track-routing');
    const box = await screen.findByLabelText('Tracking numbers, order IDs or order names', undefined, T);
    fireEvent.change(box, { target: { value: `${parcel.trackingNumber}, NOPE-1\nNOPE-1` } });
    fireEvent.click(screen.getByRole('button', { name: /Track/ }));
    const card = await screen.findByRole('article', { name: `Parcel ${parcel.trackingNumber}` }, T);
    // Repeats are sent once.
    expect(sent()[0]!.body).toEqual({ refs: [parcel.trackingNumber, 'NOPE-1'] });
    expect(router.state.location.search).toBe(`?refs=${encodeURIComponent(`${parcel.trackingNumber},NOPE-1`)}`);
    expect(within(card).getByRole('link', { name: 'EX0000000001' }).getAttribute('href')).toBe(`/app/orders/order-detail/${parcel.orderId}`);
    // SPEC §4: in-transit reads "Lastmile In-transit".
    expect(within(card).getByText('Lastmile In-transit')).toBeTruthy();
    expect(within(card).getByText('Sandbox Express · Standard')).toBeTruthy();
    expect(within(card).getByText('Los Angeles, CA, US')).toBeTruthy();
    const items = [...card.querySelectorAll('.ant-timeline-item')].map((li) => li.textContent);
    expect(items).toEqual(['Arrived at the sort facility02-03-2026 12:00:00 · Ontario, CA, US', 'Label created01-03-2026 10:00:00 · Ho Chi Minh, VN']);
    // The reference that matched nothing is listed.
    const missing = screen.getByRole('list', { name: 'Not found' });
    expect(within(missing).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['NOPE-1']);
  });

  it('a link with refs looks them up at once; nothing found shows only the not-found list', async () => {
    const sent = stub();
    render('/app/track-routing?refs=EX0000009999');
    const missing = await screen.findByRole('list', { name: 'Not found' }, T);
    expect(missing.textContent).toBe('EX0000009999');
    expect(screen.getByText('Parcels found: 0')).toBeTruthy();
    expect(screen.queryByRole('article')).toBeNull();
    expect(sent()).toHaveLength(1);
  });

  it("an own order without a label is listed as having no tracking yet, with a link to it, not as not found", async () => {
    stub();
    render('/app/track-routing?refs=EX0000000002,NOPE-3');
    const pending = await screen.findByRole('list', { name: 'Orders without a label' }, T);
    expect(within(pending).getByRole('link', { name: 'EX0000000002' }).getAttribute('href')).toBe('/app/orders/order-detail/order-2');
    expect(screen.getByText('1 order has no label yet')).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Not found' }).textContent).toBe('NOPE-3');
  });

  it('the flagged tab reads its flag from the URL (the dashboard opens ?tab=flagged&flag=lost-late) and writes a change back', async () => {
    const sent = stub();
    const { router } = render('/app/track-routing?tab=flagged&flag=lost-late');
    expect(await screen.findByRole('link', { name: parcel.exOrderId }, T)).toBeTruthy();
    expect(sent.flagged().at(-1)!.search.get('flag')).toBe('lost-late');
    expect(screen.getByText('Still tracked and not delivered, flagged lost or late.')).toBeTruthy();
    fireEvent.click(screen.getByText('Late (0)'));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('flag')).toBe('late'));
    await waitFor(() => expect(sent.flagged().at(-1)!.search.get('flag')).toBe('late'));
    fireEvent.click(screen.getByText('Open, lost or late (1)'));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('flag')).toBe('lost-late'));
  });

  it('more than 50 references are refused before any call', async () => {
    const sent = stub();
    render('/app/track-routing');
    const box = await screen.findByLabelText('Tracking numbers, order IDs or order names', undefined, T);
    fireEvent.change(box, { target: { value: Array.from({ length: 51 }, (_, i) => `REF${i}`).join(' ') } });
    fireEvent.click(screen.getByRole('button', { name: /Track/ }));
    expect(await screen.findByText('At most 50 at a time.', undefined, T)).toBeTruthy();
    await waitFor(() => expect(sent()).toHaveLength(0));
  });
});
