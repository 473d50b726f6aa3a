import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { envelope, fakeApi } from '../test/fake-api';
import { renderWithProviders } from '../test/render';
import { HandoverPointList, OrderHandover } from './handover';

// Where and how a seller hands a parcel over: the order's warehouse's hand-over point with its address
// and opening hours, and the guide's list of every point.

const POINTS = [
  { code: 'LAX1', name: 'Los Angeles', address: '285 Cach Mang Thang Tam, Ward 12, District 10', city: 'Ho Chi Minh City', state: '', zipcode: '', country: 'VN', hours: 'Mon–Sat 08:00–18:00', phone: '+13105550100' },
  { code: 'EWR1', name: 'Newark', address: '25 Port Street', city: 'Newark', state: 'NJ', zipcode: '07102', country: 'US', hours: null, phone: null },
];
const T = { timeout: 10_000 };

describe('hand-over points', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('the order shows its warehouse\'s hand-over address and hours, and how to hand over', async () => {
    const calls = fakeApi(({ url }) => (url.includes('/public/handover-points') ? envelope(POINTS) : envelope(null)));
    renderWithProviders(<OrderHandover warehouseCode="LAX1" />);
    expect(await screen.findByText('285 Cach Mang Thang Tam, Ward 12, District 10, Ho Chi Minh City, Vietnam', undefined, T)).toBeTruthy();
    expect(screen.getByText('Mon–Sat 08:00–18:00')).toBeTruthy();
    expect(screen.getByText('Los Angeles (LAX1)')).toBeTruthy();
    expect(screen.getByText(/stick it flat on the largest side/)).toBeTruthy();
    expect(screen.queryByText('25 Port Street', { exact: false })).toBeNull();
    expect(calls.some((c) => c.url.endsWith('/api/v1/public/handover-points'))).toBe(true);
  });

  it('an order not routed yet says so', async () => {
    fakeApi(() => envelope(POINTS));
    renderWithProviders(<OrderHandover warehouseCode={null} />);
    expect(await screen.findByText(/no warehouse yet/, undefined, T)).toBeTruthy();
  });

  it('the guide lists every point; one without hours says to call first', async () => {
    fakeApi(() => envelope(POINTS));
    renderWithProviders(<HandoverPointList />);
    const newark = await screen.findByRole('article', { name: 'Newark (EWR1)' }, T);
    expect(within(newark).getByText('25 Port Street, Newark, NJ 07102, United States')).toBeTruthy();
    expect(within(newark).getByText('Call before you come')).toBeTruthy();
    expect(within(screen.getByRole('article', { name: 'Los Angeles (LAX1)' })).getByText('Mon–Sat 08:00–18:00')).toBeTruthy();
  });
});
