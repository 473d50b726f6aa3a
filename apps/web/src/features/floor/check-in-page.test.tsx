import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { CheckIn, FloorParcel } from '@exship/contracts';
import { session } from '../../api/session';
import { envelope, failure, fakeApi, type ApiCall } from '../../test/fake-api';
import { makeProfile, renderRoutes } from '../../test/render';
import CheckInPage from './check-in-page';

// SPEC §2 check-in: scan → the parcel's card → weight and sides typed with Enter between them →
// the check-in, whose outcome is the banner (beyond the tolerance: both prices); a parcel that cannot
// be received is refused at the scan, with the server's reason.

const T = { timeout: 15_000 };
const PARCEL: FloorParcel = {
  orderId: '11111111-1111-4111-8111-111111111111',
  exOrderId: 'EX0000000001',
  orderName: 'ORDER-1',
  trackingNumber: '1Z999AA10123456784',
  status: 'labeled',
  checkInStatus: null,
  customerEmail: 'seller@example.com',
  serviceCode: 'STD',
  serviceName: 'Standard',
  carrierCode: 'SBX',
  warehouseCode: 'LAX',
  declared: { weightGr: 500, lengthCm: 20, widthCm: 15, heightCm: 5 },
  measured: null,
  cartonId: null,
};
const checkIn = (over: Partial<CheckIn> = {}): CheckIn => ({
  orderId: PARCEL.orderId,
  exOrderId: PARCEL.exOrderId,
  outcome: 'error-dimension',
  warehouseCode: 'HCM',
  declared: PARCEL.declared,
  measured: { weightGr: 900, lengthCm: 20, widthCm: 15, heightCm: 5 },
  restricted: [],
  declaredPrice: 12,
  measuredPrice: 14.5,
  difference: 2.5,
  confirmBy: '2026-03-15T02:00:00.000Z',
  checkedInAt: '2026-03-05T02:00:00.000Z',
  checkedInBy: 'Sam Scanner',
  repeated: false,
  scan: null,
  ...over,
});

const scanInput = () => screen.getByLabelText(/Scan a parcel/) as HTMLInputElement;
const enter = (el: Element) => {
  fireEvent.keyDown(el, { key: 'Enter', code: 'Enter', keyCode: 13 });
  fireEvent.keyUp(el, { key: 'Enter', code: 'Enter', keyCode: 13 });
};
/** Types into the focused field and presses Enter, as a scanner or a scale does. */
const typeEnter = (value: string) => {
  const el = document.activeElement as HTMLInputElement;
  fireEvent.change(el, { target: { value } });
  enter(el);
};

function render() {
  session.signIn('token-1', makeProfile({ role: { name: 'Scanner', code: 'EXR-SCANNER', kind: 'staff' }, permissions: ['EX-CHECKIN'] }));
  return renderRoutes([{ path: '/app/pick-up/check-in', element: <CheckInPage /> }], '/app/pick-up/check-in');
}

describe('check-in screen', { timeout: 60_000 }, () => {
  beforeEach(() => localStorage.setItem('exship.floor.originWarehouse', 'HCM'));
  afterEach(() => {
    vi.unstubAllGlobals();
    session.clear();
    localStorage.clear();
  });

  /** Scans PARCEL, types weight and sides by keyboard, checks the posted body and banner; returns the prices line. */
  async function checkInByKeyboard(result: CheckIn) {
    let posted: ApiCall | undefined;
    fakeApi((call) => {
      if (call.path === '/floor/scans') return envelope([]);
      if (call.path === '/floor/parcels') return call.search.get('code') === PARCEL.trackingNumber ? envelope(PARCEL) : failure(404, 'PARCEL_NOT_FOUND', 'No parcel.');
      if (call.path === '/floor/check-ins' && call.method === 'POST') {
        posted = call;
        return envelope(result, { message: 'Checked in.' });
      }
      return undefined;
    });
    render();
    await waitFor(() => expect(document.activeElement).toBe(scanInput()), T);
    typeEnter(PARCEL.trackingNumber!);
    expect(await screen.findByText('seller@example.com', undefined, T)).toBeTruthy();
    expect(screen.getByText('STD — Standard')).toBeTruthy();
    // The weight takes the focus; Enter moves on through the sides, and the last Enter checks in.
    await waitFor(() => expect(document.activeElement?.id).toBe('check-in-weightGr'), T);
    typeEnter('900');
    await waitFor(() => expect(document.activeElement?.id).toBe('check-in-lengthCm'), T);
    typeEnter('20');
    await waitFor(() => expect(document.activeElement?.id).toBe('check-in-widthCm'), T);
    typeEnter('15');
    await waitFor(() => expect(document.activeElement?.id).toBe('check-in-heightCm'), T);
    typeEnter('5');
    await waitFor(() => expect(posted).toBeDefined(), T);
    expect(posted!.body).toEqual({ code: PARCEL.trackingNumber, warehouseCode: 'HCM', weightGr: 900, lengthCm: 20, widthCm: 15, heightCm: 5, manualWeighing: false, restricted: [], note: '' });
    await waitFor(() => expect(screen.getByTestId('scan-banner').textContent).toContain('EX0000000001: beyond the tolerance'), T);
    const prices = screen.getByTestId('check-in-prices').textContent;
    // Back to the scan box for the next parcel.
    await waitFor(() => expect(document.activeElement).toBe(scanInput()), T);
    return prices;
  }

  it('scan, weigh and measure by keyboard, check in: the banner names the outcome with both prices', async () => {
    expect(await checkInByKeyboard(checkIn())).toContain('Declared price $12.00, price at the measured values $14.50 (difference $2.50)');
  });

  it('a flat price bracket: the banner says there is no extra charge, not a $0.00 difference', async () => {
    expect(await checkInByKeyboard(checkIn({ measuredPrice: 12, difference: 0 }))).toContain('Declared price $12.00, price at the measured values $12.00 (no extra charge)');
  });

  it('manual weighing sends no measures; restricted goods are sent as found', async () => {
    let posted: ApiCall | undefined;
    fakeApi((call) => {
      if (call.path === '/floor/scans') return envelope([]);
      if (call.path === '/floor/parcels') return envelope(PARCEL);
      if (call.path === '/floor/check-ins') {
        posted = call;
        return envelope(checkIn({ outcome: 'manual weighing', measured: null, measuredPrice: null, difference: null, confirmBy: null }));
      }
      return undefined;
    });
    render();
    await waitFor(() => expect(document.activeElement).toBe(scanInput()), T);
    typeEnter('EX0000000001');
    await screen.findByText('seller@example.com', undefined, T);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Wet' }));
    fireEvent.click(screen.getByRole('switch', { name: 'Manual weighing' }));
    await waitFor(() => expect(document.activeElement?.id).toBe('check-in-submit'), T);
    fireEvent.click(screen.getByRole('button', { name: /Check in/ }));
    await waitFor(() => expect(posted).toBeDefined(), T);
    expect(posted!.body).toMatchObject({ code: PARCEL.trackingNumber, manualWeighing: true, restricted: ['wet'] });
    expect(posted!.body).not.toHaveProperty('weightGr');
    await waitFor(() => expect(screen.getByTestId('scan-banner').textContent).toContain('EX0000000001: waiting for manual weighing.'), T);
  });

  it('an unpaid parcel is refused at the scan with the server reason, nothing to weigh', async () => {
    fakeApi((call) => {
      if (call.path === '/floor/scans') return envelope([]);
      if (call.path === '/floor/parcels') return envelope({ ...PARCEL, status: 'unpaid', trackingNumber: null });
      if (call.path === '/floor/check-ins') return failure(409, 'PARCEL_UNPAID', 'EX0000000001 is not paid: it cannot be received.');
      return undefined;
    });
    render();
    await waitFor(() => expect(document.activeElement).toBe(scanInput()), T);
    typeEnter('EX0000000001');
    await waitFor(() => expect(screen.getByTestId('scan-banner').textContent).toContain('EX0000000001 is not paid'), T);
    expect(screen.queryByLabelText('Weight (g)')).toBeNull();
  });

  it('an unknown code is a red banner naming it', async () => {
    fakeApi((call) => {
      if (call.path === '/floor/scans') return envelope([]);
      if (call.path === '/floor/parcels') return failure(404, 'PARCEL_NOT_FOUND', 'No parcel has the code NOPE-1.');
      return undefined;
    });
    render();
    await waitFor(() => expect(document.activeElement).toBe(scanInput()), T);
    typeEnter('NOPE-1');
    await waitFor(() => expect(screen.getByTestId('scan-banner').textContent).toContain('No parcel has the code NOPE-1.'), T);
    expect(screen.getByTestId('scan-banner').className).toContain('ant-alert-error');
  });
});
