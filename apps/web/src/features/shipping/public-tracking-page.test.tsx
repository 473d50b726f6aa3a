import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { PublicParcel } from '@exship/contracts';
import { session } from '../../api/session';
import { envelope, fakeApi } from '../../test/fake-api';
import { renderRoutes } from '../../test/render';
import PublicTrackingPage, { progressOf } from './public-tracking-page';

// The buyer's page: the parcel's progress and timeline; a shipment the sender cancelled says so
// instead of looking live.

const T = { timeout: 15_000 };
const parcel = (over: Partial<PublicParcel> = {}): PublicParcel => ({
  trackingNumber: '1Z999AA10123456784',
  carrierName: 'Sandbox',
  serviceName: 'Standard',
  routingStatus: 'pre-shipment',
  delivered: false,
  cancelled: false,
  destination: { city: 'Los Angeles', state: 'CA', country: 'US' },
  events: [{ at: '2026-03-01T04:00:00.000Z', status: 'pre-shipment', code: 'PS', description: 'Label created', city: '', state: '', country: 'US' }],
  ...over,
});

function renderPage(p: PublicParcel) {
  fakeApi((c) => (c.path === '/public/tracking/abc' ? envelope(p) : undefined));
  return renderRoutes([{ path: '/track/:code', element: <PublicTrackingPage /> }], '/track/abc');
}

describe('public tracking page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('a live parcel shows its number and timeline, no cancellation notice', async () => {
    renderPage(parcel());
    expect(await screen.findByText('1Z999AA10123456784', {}, T)).toBeTruthy();
    expect(screen.queryByText('This shipment was cancelled by the sender')).toBeNull();
  });

  it('the events read in the page language; in English the carrier\'s own words', async () => {
    const events: PublicParcel['events'] = [
      { at: '2026-03-01T04:00:00.000Z', status: 'pre-shipment', code: 'LC', description: 'Label created, shipment information sent to the carrier', city: '', state: '', country: 'US' },
      { at: '2026-03-01T10:00:00.000Z', status: 'pick-up', code: 'PU', description: 'Picked up by the carrier', city: 'Los Angeles', state: 'CA', country: 'US' },
    ];
    session.setLanguage('vi');
    try {
      const { unmount } = renderPage(parcel({ routingStatus: 'pick-up', events }));
      expect(await screen.findByText('Hãng vận chuyển đã lấy hàng', {}, T)).toBeTruthy();
      expect(screen.getByText('Đã tạo nhãn, thông tin lô hàng đã gửi cho hãng vận chuyển')).toBeTruthy();
      expect(screen.queryByText('Picked up by the carrier')).toBeNull();
      // The carrier's words stay at hand, in the event's title.
      expect(screen.getByText('Hãng vận chuyển đã lấy hàng').closest('[title]')?.getAttribute('title')).toBe('Picked up by the carrier');
      unmount();
    } finally {
      session.setLanguage('en');
    }
    renderPage(parcel({ routingStatus: 'pick-up', events }));
    expect(await screen.findByText('Picked up by the carrier', {}, T)).toBeTruthy();
  });

  it('a cancelled shipment says so', async () => {
    renderPage(parcel({ cancelled: true }));
    expect(await screen.findByText('This shipment was cancelled by the sender', {}, T)).toBeTruthy();
  });

  it('progress: delivered is the last step; a trouble status after transit stays on transit', () => {
    expect(progressOf(parcel({ delivered: true }))).toEqual({ current: 3, trouble: false });
    expect(progressOf(parcel({ routingStatus: 'exception', events: [{ at: '2026-03-01T04:00:00.000Z', status: 'in-transit', code: 'IT', description: '', city: '', state: '', country: 'US' }] }))).toEqual({ current: 1, trouble: true });
  });
});
