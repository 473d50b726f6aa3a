import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
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
