import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { session } from '../../api/session';
import { envelope, failure, fakeApi, type ApiCall } from '../../test/fake-api';
import { freightDetail } from '../../test/freight-fixtures';
import { makeProfile, renderRoutes } from '../../test/render';
import PackageFreightPage from './package-freight-page';

// SPEC §2 package freight: a MAWB scanned picks its open freight; a carton id scanned goes onto it
// (the server's words in the banner, the freight's cartons updated); a refusal is a red banner with
// the server's reason; a carton scanned before any freight is picked is refused on the spot.

const T = { timeout: 15_000 };
const FREIGHT = freightDetail({ cartons: 0, parcels: 0, cartonList: [] });
const scanInput = () => screen.getByLabelText(/^Scan a /) as HTMLInputElement;
const typeEnter = (value: string) => {
  const el = scanInput();
  fireEvent.change(el, { target: { value } });
  fireEvent.keyDown(el, { key: 'Enter', code: 'Enter', keyCode: 13 });
  fireEvent.keyUp(el, { key: 'Enter', code: 'Enter', keyCode: 13 });
};
const bannerSays = (text: string) => waitFor(() => expect(screen.getByTestId('scan-banner').textContent).toContain(text), T);

function render() {
  session.signIn('token-1', makeProfile({ role: { name: 'Scanner', code: 'EXR-SCANNER', kind: 'staff' }, permissions: ['EX-FREIGHT-MANAGE', 'EX-FREIGHT-LIST'] }));
  return renderRoutes([{ path: '/app/freight/package-freight', element: <PackageFreightPage /> }], '/app/freight/package-freight');
}

describe('package freight screen', { timeout: 60_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    session.clear();
  });

  it('a MAWB picks the open freight, then checked-out cartons go onto it; a refusal names its reason', async () => {
    const added: ApiCall[] = [];
    fakeApi((call) => {
      if (call.path === '/floor/scans') return envelope([]);
      if (call.path === '/freights' && call.method === 'GET') return envelope({ rows: [FREIGHT], totalCount: 1, counts: {} });
      if (call.path === `/freights/${FREIGHT._id}` && call.method === 'GET') return envelope(FREIGHT);
      if (call.path === `/freights/${FREIGHT._id}/cartons` && call.method === 'POST') {
        added.push(call);
        if (call.body.code === 'CT0000000B') return failure(409, 'CARTON_NOT_CHECKED_OUT', 'Carton CT0000000B has not been checked out of the warehouse.');
        const freight = freightDetail({ cartons: 1, parcels: 3, chargeableWeightKg: 1.5 });
        return envelope({ freight, cartonId: 'CT0000000A', repeated: false, scan: { message: 'CT0000000A: added to freight 618-12345675.' } }, { message: 'Carton added to the freight.' });
      }
      return undefined;
    });
    render();
    await waitFor(() => expect(document.activeElement).toBe(scanInput()), T);
    expect(scanInput().getAttribute('id')).toBe('scan-freight');
    // A carton before any freight is picked: refused here, nothing sent.
    typeEnter('CT0000000A');
    await bannerSays('CT0000000A: pick an open freight first.');
    expect(added).toHaveLength(0);

    typeEnter('61812345675');
    await bannerSays('Freight 618-12345675 (SGN-LAX week 48): scan its cartons.');
    await screen.findByLabelText('Scan a checked-out carton into 618-12345675', undefined, T);
    await waitFor(() => expect(screen.getByTestId('freight-cartons').textContent).toBe('0'), T);

    typeEnter('CT0000000A');
    await bannerSays('CT0000000A: added to freight 618-12345675.');
    expect(added[0]!.body).toEqual({ code: 'CT0000000A' });
    await waitFor(() => expect(screen.getByTestId('freight-cartons').textContent).toBe('1'), T);
    expect(screen.getByTestId('scan-banner').textContent).toContain('The freight holds 1 carton(s), 3 parcel(s), 1.5 kg chargeable.');

    typeEnter('CT0000000B');
    await bannerSays('Carton CT0000000B has not been checked out of the warehouse.');
    expect(screen.getByTestId('scan-banner').className).toContain('ant-alert-error');
  });

  it('a MAWB of no open freight is refused and named', async () => {
    fakeApi((call) => {
      if (call.path === '/floor/scans') return envelope([]);
      if (call.path === '/freights') return envelope({ rows: [FREIGHT], totalCount: 1, counts: {} });
      return undefined;
    });
    render();
    await waitFor(() => expect(document.activeElement).toBe(scanInput()), T);
    typeEnter('160-12345675');
    await bannerSays('No open freight has MAWB 160-12345675.');
  });
});
