import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { session } from '../../api/session';
import { envelope, fakeApi } from '../../test/fake-api';
import { makeProfile, renderRoutes } from '../../test/render';
import ProfilePage from './profile-page';

// Profile → Settings: the time zone is the user's own; auto pay and the label purchase delay are the
// account's, shown only to whoever may pay the account's orders (the server refuses the others).

const render = () => renderRoutes([{ path: '/app/profile', element: <ProfilePage /> }], '/app/profile?t=setting');

describe('settings tab', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    session.clear();
  });

  it('a member without the right to pay sees its own settings only', async () => {
    fakeApi(() => envelope(null));
    session.signIn('token-1', makeProfile({ permissions: ['EX-ORDER-LIST', 'EX-WALLET-VIEW'] }));
    render();
    expect(await screen.findByText('My settings', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('Time zone')).toBeTruthy();
    expect(screen.queryByText('Account settings')).toBeNull();
    expect(screen.queryByText('Label purchase timing')).toBeNull();
    expect(screen.queryByRole('switch', { name: 'Auto pay' })).toBeNull();
  });

  it('one who may pay also sees the account settings', async () => {
    fakeApi(() => envelope(null));
    session.signIn('token-1', makeProfile({ permissions: ['EX-ORDER-LIST', 'EX-ORDER-PAY', 'EX-WALLET-VIEW'] }));
    render();
    expect(await screen.findByText('Account settings', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('Label purchase timing')).toBeTruthy();
    expect(screen.getByRole('switch', { name: 'Auto pay' })).toBeTruthy();
  });
});

// The account's sender, the label's FROM: company and ship-from address, and a US return address.
describe('sender address tab', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    session.clear();
  });

  it('the seller turns on the ship-from and return address, fills them and saves one PUT /profile/sender', async () => {
    const calls = fakeApi(({ url }) => (url.includes('/profile/sender') ? envelope(makeProfile(), { message: 'Sender address saved.' }) : envelope(null)));
    session.signIn('token-1', makeProfile({ permissions: ['EX-ORDER-LIST', 'EX-ORDER-PAY'] }));
    renderRoutes([{ path: '/app/profile', element: <ProfilePage /> }], '/app/profile?t=sender');
    const T = { timeout: 10_000 };
    fireEvent.click(await screen.findByRole('switch', { name: 'Print my company and ship-from address' }, T));
    fireEvent.change(await screen.findByLabelText('Company', undefined, T), { target: { value: 'Lotus Crafts Co' } });
    fireEvent.change(screen.getByLabelText('Sender name'), { target: { value: 'Mai Tran' } });
    fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '+84912345678' } });
    fireEvent.change(screen.getAllByLabelText('Address 1')[0]!, { target: { value: '12 Nguyen Hue' } });
    fireEvent.change(screen.getAllByLabelText('City')[0]!, { target: { value: 'Ho Chi Minh City' } });
    fireEvent.change(screen.getByLabelText('Postal code'), { target: { value: '700000' } });
    fireEvent.click(screen.getByRole('switch', { name: 'Print a US return address' }));
    await waitFor(() => expect(screen.getAllByLabelText('Address 1')).toHaveLength(2), T);
    fireEvent.change(screen.getAllByLabelText('Address 1')[1]!, { target: { value: '4500 Wilshire Blvd' } });
    fireEvent.change(screen.getAllByLabelText('City')[1]!, { target: { value: 'Los Angeles' } });
    fireEvent.change(screen.getByLabelText('State (2 letters)'), { target: { value: 'ca' } });
    fireEvent.change(screen.getByLabelText('ZIP code'), { target: { value: '9001' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    // A 4-digit ZIP is refused on screen, nothing sent.
    expect(await screen.findByText('Enter a US ZIP code: 5 digits, or ZIP+4 (12345-6789).', undefined, T)).toBeTruthy();
    expect(calls.filter((c) => c.url.includes('/profile/sender'))).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('ZIP code'), { target: { value: '90010' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.filter((c) => c.url.includes('/profile/sender'))).toHaveLength(1), T);
    const put = calls.find((c) => c.url.includes('/profile/sender'))!;
    expect(put.method).toBe('PUT');
    expect(put.body).toMatchObject({
      shipFrom: { company: 'Lotus Crafts Co', name: 'Mai Tran', phone: '+84912345678', address1: '12 Nguyen Hue', city: 'Ho Chi Minh City', zip: '700000', country: 'VN' },
      returnAddress: { address1: '4500 Wilshire Blvd', city: 'Los Angeles', state: 'CA', zip: '90010' },
    });
    expect(await screen.findByText('Sender address saved.', undefined, T)).toBeTruthy();
  });

  it('a member who may not pay reads it without changing it; staff have no sender tab', async () => {
    fakeApi(() => envelope(null));
    session.signIn('token-1', makeProfile({ permissions: ['EX-ORDER-LIST'], shipFrom: { company: 'Lotus Crafts Co', name: 'Mai Tran', phone: '+84912345678', address1: '12 Nguyen Hue', address2: '', city: 'Ho Chi Minh City', state: '', zip: '700000', country: 'VN' } }));
    const view = renderRoutes([{ path: '/app/profile', element: <ProfilePage /> }], '/app/profile?t=sender');
    expect(await screen.findByText('Only the account owner, or a member who may pay orders, can change the sender address.', undefined, { timeout: 10_000 })).toBeTruthy();
    expect((screen.getByLabelText('Company') as HTMLInputElement).value).toBe('Lotus Crafts Co');
    expect((screen.getByLabelText('Company') as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    view.unmount();
    session.clear();
    session.signIn('token-2', makeProfile({ permissions: ['EX-ORDER-LIST', 'EX-ACT-FOR-CUSTOMER'] }));
    renderRoutes([{ path: '/app/profile', element: <ProfilePage /> }], '/app/profile');
    expect(await screen.findByRole('tab', { name: 'Account info' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Sender address' })).toBeNull();
  });
});
