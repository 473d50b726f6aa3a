import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { WalmartStore } from '@exship/contracts';
import { session } from '../../api/session';
import { envelope, failure, fakeApi, type ApiCall } from '../../test/fake-api';
import { makeProfile, renderRoutes } from '../../test/render';
import WalmartCallbackPage from './walmart-callback-page';
import WalmartConnectPage from './walmart-connect-page';
import WalmartStoresPage from './walmart-stores-page';

// SPEC §2 /connect/walmart and /callback/walmart: the callback URI checked by the server (a refused one
// shown, nothing connected), the credentials sent with the connect id, the browser sent where the
// server says; a spent connect id is a dead end. The store settings: new credentials only together.

const T = { timeout: 15_000 };
const counts = { Created: 0, Acknowledged: 0, Shipped: 0, Delivered: 0, Cancelled: 0, Refund: 0 };
const store = (over: Partial<WalmartStore> = {}): WalmartStore => ({
  id: 'st1', accountId: 'a1', name: 'Main store', state: 'connected', clientIdLast4: 'AB12', ackMode: 'on-sync', autoPay: false,
  defaultCancelReason: 'CUSTOMER_REQUESTED_SELLER_TO_CANCEL', demo: false, lastSyncAt: null, lastSyncCount: null, lastError: null,
  tokenFailingSince: null, backfill: null, counts: { total: 0, byStatus: counts, unmappedSkus: 0, pushFailed: 0, ackOverdue: 0 },
  connectedAt: '2026-11-01T00:00:00Z', pausedAt: null, disconnectedAt: null, ...over,
});

function signIn(permissions = ['EX-INTEGRATION', 'EX-WALMART-CONNECT', 'EX-WALMART-DISCONNECT']) {
  session.signIn('token-1', makeProfile({ permissions }));
}

const routes = [
  { path: '/connect/walmart', element: <WalmartConnectPage /> },
  { path: '/callback/walmart', element: <WalmartCallbackPage /> },
  { path: '/integrations/walmart', element: <div>Stores screen</div> },
  { path: '/app/403', element: <div>Forbidden screen</div> },
];

describe('Walmart connect flow', { timeout: 60_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    session.clear();
  });

  it('connect page: sends the callback URI, names the partner it returns to, and continues with the connect id', async () => {
    const sent: ApiCall[] = [];
    fakeApi((call) => {
      if (call.path === '/integrations/walmart/connect') {
        sent.push(call);
        return envelope({ connectId: 'c-1', callbackUri: 'https://partner.example/back', expiresAt: '2026-11-28T01:00:00Z' }, { status: 201 });
      }
      return undefined;
    });
    signIn();
    const { router } = renderRoutes(routes, '/connect/walmart?callback-uri=https%3A%2F%2Fpartner.example%2Fback');
    await screen.findByText('Once connected, you go back to partner.example.', undefined, T);
    expect(sent[0]!.body).toEqual({ callbackUri: 'https://partner.example/back' });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe('/callback/walmart?connect-id=c-1'), T);
  });

  it('connect page: a callback URI outside the allow-list is refused and nothing goes on', async () => {
    fakeApi((call) => (call.path === '/integrations/walmart/connect' ? failure(400, 'WALMART_CALLBACK_NOT_ALLOWED', 'This return address is not allowed.') : undefined));
    signIn();
    renderRoutes(routes, '/connect/walmart?callback-uri=https%3A%2F%2Fevil.example%2F');
    await screen.findByText('This return address is not allowed.', undefined, T);
    expect(screen.getByText(/Refused address: https:\/\/evil\.example\//)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
  });

  it('connect page: without the connect permission it is forbidden', async () => {
    fakeApi(() => undefined);
    signIn(['EX-INTEGRATION']);
    renderRoutes(routes, '/connect/walmart');
    await screen.findByText('Forbidden screen', undefined, T);
  });

  it('callback page: sends the credentials with the connect id and goes where the server says', async () => {
    const sent: ApiCall[] = [];
    fakeApi((call) => {
      if (call.path === '/integrations/walmart/callback') {
        sent.push(call);
        if (sent.length === 1) return failure(422, 'WALMART_CREDENTIALS_INVALID', 'Walmart refused the client id and secret.');
        return envelope({ store: store({ name: call.body.name }), redirectTo: '/integrations/walmart?storeId=st1&status=connected' }, { status: 201, message: 'Walmart store connected.' });
      }
      return undefined;
    });
    signIn();
    const { router } = renderRoutes(routes, '/callback/walmart?connect-id=c-1');
    fireEvent.change(await screen.findByLabelText('Store name', undefined, T), { target: { value: '  Shop A ' } });
    fireEvent.change(screen.getByLabelText('Client id'), { target: { value: 'client-1' } });
    fireEvent.change(screen.getByLabelText('Client secret'), { target: { value: 's3cret' } });
    fireEvent.click(screen.getByRole('radio', { name: 'When I review them' }));
    fireEvent.click(screen.getByRole('button', { name: 'Connect' }));
    await screen.findByText('Walmart refused the client id and secret.', undefined, T);
    expect(sent[0]!.body).toEqual({ connectId: 'c-1', name: 'Shop A', clientId: 'client-1', clientSecret: 's3cret', ackMode: 'on-review', autoPay: false });
    // Walmart's refusal is not a dead end: the form stays to try again.
    fireEvent.click(screen.getByRole('button', { name: 'Connect' }));
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe('/integrations/walmart?storeId=st1&status=connected'), T);
    await screen.findByText('Stores screen', undefined, T);
  });

  it('callback page: a spent connect id, or none, is a dead end that leads back to the stores', async () => {
    fakeApi((call) => (call.path === '/integrations/walmart/callback' ? failure(404, 'WALMART_CONNECT_NOT_FOUND', 'This connect link is invalid or expired. Start connecting again.') : undefined));
    signIn();
    const first = renderRoutes(routes, '/callback/walmart');
    await screen.findByText('This page needs a connect link. Start connecting again.', undefined, T);
    first.unmount();

    renderRoutes(routes, '/callback/walmart?connect-id=old');
    fireEvent.change(await screen.findByLabelText('Store name', undefined, T), { target: { value: 'Shop A' } });
    fireEvent.change(screen.getByLabelText('Client id'), { target: { value: 'client-1' } });
    fireEvent.change(screen.getByLabelText('Client secret'), { target: { value: 's3cret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Connect' }));
    await waitFor(() => expect(screen.queryByLabelText('Client secret')).toBeNull(), T);
    expect(screen.getAllByText('This connect link is invalid or expired. Start connecting again.').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Go to Walmart stores' })).toBeTruthy();
  });
});

describe('Walmart store settings', { timeout: 60_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    session.clear();
  });

  it('saves the settings; new credentials only both together', async () => {
    const patched: ApiCall[] = [];
    fakeApi((call) => {
      if (call.path === '/integrations/walmart/stores' && call.method === 'GET') return envelope([store()]);
      if (call.path === '/integrations/walmart/orders') return envelope({ items: [], total: 0, page: 1, pageSize: 10, counts: { ...counts, all: 0 } });
      if (call.path === '/integrations/walmart/stores/st1' && call.method === 'PATCH') {
        patched.push(call);
        return envelope(store({ name: call.body.name }), { message: 'Saved.' });
      }
      return undefined;
    });
    signIn();
    renderRoutes([{ path: '/integrations/walmart', element: <WalmartStoresPage /> }], '/integrations/walmart');
    fireEvent.click(await screen.findByRole('button', { name: 'More actions for Main store' }, T));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Settings' }, T));
    const dialog = await screen.findByRole('dialog', undefined, T);
    await within(dialog).findByText('Settings of Main store', undefined, T);
    expect((within(dialog).getByLabelText('Store name') as HTMLInputElement).value).toBe('Main store');
    // The secret is never shown back: both credential fields start empty.
    expect((within(dialog).getByLabelText('Client id') as HTMLInputElement).value).toBe('');
    expect((within(dialog).getByLabelText('Client secret') as HTMLInputElement).value).toBe('');

    fireEvent.change(within(dialog).getByLabelText('Store name'), { target: { value: 'Renamed' } });
    fireEvent.change(within(dialog).getByLabelText('Client id'), { target: { value: 'new-client' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /Save/ }));
    await within(dialog).findByText('Give the client id and the client secret together.', undefined, T);
    expect(patched).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Client secret'), { target: { value: 'new-secret' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /Save/ }));
    await waitFor(() => expect(patched).toHaveLength(1), T);
    expect(patched[0]!.body).toEqual({ name: 'Renamed', ackMode: 'on-sync', autoPay: false, defaultCancelReason: 'CUSTOMER_REQUESTED_SELLER_TO_CANCEL', clientId: 'new-client', clientSecret: 'new-secret' });
  });
});
