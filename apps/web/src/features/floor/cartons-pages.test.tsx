import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Carton, CartonDetail } from '@exship/contracts';
import { session } from '../../api/session';
import { envelope, failure, fakeApi, type ApiCall } from '../../test/fake-api';
import { makeProfile, renderRoutes } from '../../test/render';
import ListingBoxPage from './listing-box-page';
import PackagedScannerPage from './packaged-scanner-page';

// The packaged scanner: a carton id scanned is the carton worked on, parcels scanned go into it, Alt+C
// and the measures close it; the box listing: filters from the URL to the server, tabs with counts.

const T = { timeout: 15_000 };
const ID = 'CTAB12CD34';
const carton = (over: Partial<CartonDetail> = {}): CartonDetail => ({
  _id: ID,
  name: 'Morning LAX',
  status: 'open',
  carrierId: '11111111-1111-4111-8111-111111111111',
  carrierCode: 'SBX',
  warehouseCode: 'LAX1',
  serviceId: '22222222-2222-4222-8222-222222222222',
  serviceCode: 'STD',
  originWarehouseCode: 'HCM',
  quantity: 0,
  parcelsWeightGr: 0,
  weightGr: null,
  lengthCm: null,
  widthCm: null,
  heightCm: null,
  trackingNumber: null,
  description: '',
  location: '',
  freightId: null,
  createdAt: '2026-03-05T02:00:00.000Z',
  createdBy: 'Sam Scanner',
  packagedAt: null,
  packagedBy: null,
  checkedAt: null,
  checkedBy: null,
  acceptedAt: null,
  acceptedBy: null,
  updatedAt: '2026-03-05T02:00:00.000Z',
  parcels: [],
  history: [],
  ...over,
});
const PARCEL = { orderId: '33333333-3333-4333-8333-333333333333', exOrderId: 'EX0000000001', orderName: 'ORDER-1', trackingNumber: '1Z999AA10123456784', customerEmail: 'seller@example.com', weightGr: 520, addedAt: '2026-03-05T02:01:00.000Z' };

const scanInput = () => screen.getByRole('textbox', { name: /Scan a/ }) as HTMLInputElement;
const typeEnter = (el: Element, value: string) => {
  fireEvent.change(el, { target: { value } });
  fireEvent.keyDown(el, { key: 'Enter', code: 'Enter', keyCode: 13 });
  fireEvent.keyUp(el, { key: 'Enter', code: 'Enter', keyCode: 13 });
};
const staff = (permissions: string[]) => session.signIn('token-1', makeProfile({ role: { name: 'Scanner', code: 'EXR-SCANNER', kind: 'staff' }, permissions }));

describe('packaged scanner', { timeout: 60_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    session.clear();
  });

  it('a scanned carton id is worked on; parcels go into it; Alt+C and the measures close it', async () => {
    let current = carton();
    const calls = fakeApi(({ method, path, body }) => {
      if (path === '/floor/scans') return envelope([]);
      if (method === 'GET' && path === `/floor/cartons/${ID}`) return envelope(current);
      if (method === 'POST' && path === `/floor/cartons/${ID}/parcels`) {
        if ((body as { code: string }).code !== PARCEL.trackingNumber) return failure(409, 'PARCEL_NOT_CHECKED_IN', 'EX0000000002 is not checked in: check it in first.');
        current = carton({ quantity: 1, parcelsWeightGr: 520, parcels: [PARCEL] });
        return envelope({ carton: current, exOrderId: PARCEL.exOrderId, repeated: false, scan: null });
      }
      if (method === 'POST' && path === `/floor/cartons/${ID}/close`) {
        current = carton({ ...current, status: 'packaged', weightGr: 600, lengthCm: 40, widthCm: 30, heightCm: 20, packagedAt: '2026-03-05T02:05:00.000Z', packagedBy: 'Sam Scanner' });
        return envelope(current);
      }
      return undefined;
    });
    staff(['EX-SCANNER', 'EX-BOX-LIST']);
    renderRoutes([{ path: '/app/pick-up/packaged-scanner', element: <PackagedScannerPage /> }], '/app/pick-up/packaged-scanner');
    await waitFor(() => expect(document.activeElement).toBe(scanInput()), T);
    typeEnter(scanInput(), ID.toLowerCase());
    await screen.findByText('Morning LAX', undefined, T);
    await waitFor(() => expect(screen.getByTestId('scan-banner').textContent).toContain(`Carton ${ID} (Open): scan its parcels.`), T);

    typeEnter(scanInput(), 'EX0000000002');
    await waitFor(() => expect(screen.getByTestId('scan-banner').textContent).toContain('EX0000000002 is not checked in'), T);
    typeEnter(scanInput(), PARCEL.trackingNumber);
    await waitFor(() => expect(screen.getByTestId('scan-banner').textContent).toContain(`EX0000000001: packed into ${ID}`), T);
    expect(screen.getByTestId('carton-quantity').textContent).toBe('1');
    expect(screen.getByText('Parcels: 520 g (1)')).toBeTruthy();

    fireEvent.keyDown(scanInput(), { key: 'c', code: 'KeyC', altKey: true });
    await waitFor(() => expect(document.activeElement?.id).toBe('carton-close-weightGr'), T);
    for (const v of ['600', '40', '30', '20']) typeEnter(document.activeElement!, v);
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/close'))).toBe(true), T);
    expect(calls.find((c) => c.path.endsWith('/close'))!.body).toEqual({ weightGr: 600, lengthCm: 40, widthCm: 30, heightCm: 20 });
    await waitFor(() => expect(screen.getByTestId('scan-banner').textContent).toContain(`Carton ${ID} closed with 1 parcel(s)`), T);
    expect(screen.getByRole('button', { name: /Print label/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Reopen/ })).toBeTruthy();
  });

  it('a scanner without the catalog list permissions gets the destinations from the floor\'s own pick lists', async () => {
    const opt = (id: string, code: string, name: string) => ({ id, code, name });
    const calls = fakeApi(({ path }) => {
      if (path === '/floor/scans') return envelope([]);
      if (path === '/floor/carton-options') return envelope({ carriers: [opt('c1', 'UPX', 'Upex')], warehouses: [opt('w1', 'LAX1', 'Los Angeles')], services: [opt('s1', 'STD', 'Standard')] });
      return undefined;
    });
    staff(['EX-SCANNER']);
    renderRoutes([{ path: '/app/pick-up/packaged-scanner', element: <PackagedScannerPage /> }], '/app/pick-up/packaged-scanner');
    await waitFor(() => expect(calls.some((c) => c.path === '/floor/carton-options')).toBe(true), T);
    fireEvent.mouseDown(await screen.findByLabelText(/Carrier/, undefined, T));
    expect(await screen.findByText('UPX — Upex', undefined, T)).toBeTruthy();
    expect(calls.some((c) => ['/carriers', '/services', '/warehouses'].includes(c.path))).toBe(false);
  });

  it('a parcel scanned with no open carton is refused without a call', async () => {
    const calls = fakeApi(({ path }) => (path === '/floor/scans' ? envelope([]) : undefined));
    staff(['EX-SCANNER', 'EX-BOX-LIST']);
    renderRoutes([{ path: '/app/pick-up/packaged-scanner', element: <PackagedScannerPage /> }], '/app/pick-up/packaged-scanner');
    await waitFor(() => expect(document.activeElement).toBe(scanInput()), T);
    typeEnter(scanInput(), 'EX0000000001');
    await waitFor(() => expect(screen.getByTestId('scan-banner').textContent).toContain('EX0000000001: no open carton'), T);
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });
});

describe('box listing', { timeout: 60_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    session.clear();
  });

  it('sends the URL filters, shows the tabs with their counts, and opens a box with its parcels', async () => {
    const row: Carton = { ...carton({ status: 'checked', quantity: 1 }) } as Carton;
    const lists: ApiCall[] = [];
    fakeApi((call) => {
      if (call.path === '/floor/cartons') {
        lists.push(call);
        return envelope({ rows: [row], totalCount: 1, counts: { all: 3, open: 1, packaged: 1, checked: 1, 'confirmed-weight': 0, shipped: 0, received: 0, 'in-transit': 0, delivered: 0, exception: 0 } });
      }
      if (call.path === `/floor/cartons/${ID}`) return envelope(carton({ status: 'checked', quantity: 1, parcels: [PARCEL], history: [{ at: '2026-03-05T02:00:00.000Z', action: 'open', fromStatus: null, toStatus: 'open', by: 'Sam Scanner', note: '' }] }));
      return envelope({ items: [], total: 0, page: 1, pageSize: 100 });
    });
    staff(['EX-BOX-LIST']);
    renderRoutes([{ path: '/app/pickup/listing-box', element: <ListingBoxPage /> }], '/app/pickup/listing-box?status=checked&keyword=CTAB&startDate=2026-03-01&endDate=2026-03-31');
    await screen.findByRole('button', { name: `Open box ${ID}` }, T);
    expect(Object.fromEntries(lists.at(-1)!.search)).toEqual({ status: 'checked', keyword: 'CTAB', startDate: '2026-03-01', endDate: '2026-03-31', page: '1', pageSize: '20' });
    const tab = screen.getByRole('tab', { name: /Checked/, selected: true });
    expect(tab.textContent).toContain('1');
    // The partner's later states have no tab while no box is in them.
    expect(screen.queryByRole('tab', { name: /Shipped/ })).toBeNull();
    // No Import button without EX-BOX-MANAGE.
    expect(screen.queryByRole('button', { name: /Import boxes/ })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: `Open box ${ID}` }));
    const drawer = await screen.findByRole('dialog', undefined, T);
    expect(await within(drawer).findByText('seller@example.com', undefined, T)).toBeTruthy();
    expect(within(drawer).getByText('Opened')).toBeTruthy();
  });
});
