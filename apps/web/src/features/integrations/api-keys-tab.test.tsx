import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ApiKey } from '@exship/contracts';
import { session } from '../../api/session';
import i18n from '../../app/i18n';
import { envelope, failure, fakeApi, type ApiCall } from '../../test/fake-api';
import { makeProfile, renderRoutes, renderWithProviders } from '../../test/render';
import './locales';
import ApiKeysTab from './api-keys-tab';
import IntegrationsPage from './integrations-page';

// Integrations → API keys: the list (loading, empty, rows), a new key shown once with a copy
// button and a warning, revoke behind a confirmation, the server's messages on success and failure.

const KEY = `exs_live_${'A1b2'.repeat(10)}xyz`;
const GROUPS = [
  { resource: 'RS-ORDER', name: 'Orders', codes: ['EX-ORDER-LIST', 'EX-ORDER-CREATE'] },
  { resource: 'RS-PRODUCT', name: 'Products', codes: ['EX-PRODUCT-LIST'] },
];
const listed = (over: Partial<ApiKey> = {}): ApiKey => ({
  _id: 'k1',
  name: 'Shop sync',
  prefix: 'exs_live_Q7xZ',
  scope: { kind: 'groups', groups: [{ resource: 'RS-ORDER', access: 'read' }] },
  createdBy: { _id: 'u1', fullName: 'Sam Seller', email: 'sam@example.com' },
  createdAt: '2026-03-01T02:00:00.000Z',
  expiresAt: null,
  lastUsedAt: null,
  status: 'active',
  ...over,
});

let keys: ApiKey[];
let calls: ApiCall[];
let onCreate: (call: ApiCall) => Response;

beforeEach(() => {
  session.signIn('token-1', makeProfile({ permissions: ['EX-API-KEY-GENERATE', 'EX-ORDER-LIST', 'EX-ORDER-CREATE', 'EX-PRODUCT-LIST'] }));
  keys = [];
  onCreate = (c) => {
    const created = { ...listed({ _id: 'k2', name: c.body.name, prefix: KEY.slice(0, 13), scope: c.body.scope }), key: KEY };
    keys = [created, ...keys];
    return envelope(created, { status: 201, message: 'API key created. Copy it now: it will not be shown again.' });
  };
  calls = fakeApi((c) => {
    if (c.method === 'GET' && c.path === '/api-keys') return envelope(keys.map(({ ...k }) => k));
    if (c.method === 'GET' && c.path === '/api-keys/groups') return envelope(GROUPS);
    if (c.method === 'POST' && c.path === '/api-keys') return onCreate(c);
    if (c.method === 'DELETE' && c.path === '/api-keys/k1') {
      keys = keys.filter((k) => k._id !== 'k1');
      return envelope({ _id: 'k1' }, { message: 'API key revoked.' });
    }
    return undefined;
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  session.clear();
  void i18n.changeLanguage('en');
});

describe('API keys tab', () => {
  it('shows the empty state once loaded', async () => {
    renderWithProviders(<ApiKeysTab />);
    expect(await screen.findByText('No API keys yet. Create one to connect your systems.')).toBeTruthy();
  });

  it('lists a key by its first characters, scope, creator, expiry and last use, never the key', async () => {
    keys = [listed()];
    renderWithProviders(<ApiKeysTab />);
    const row = (await screen.findByText('Shop sync')).closest('tr')!;
    expect(within(row).getByText('exs_live_Q7xZ…')).toBeTruthy();
    expect(await within(row).findByText('Orders: Read')).toBeTruthy();
    expect(within(row).getByText('Sam Seller')).toBeTruthy();
    expect(within(row).getByText('Never')).toBeTruthy();
    expect(within(row).getByText('Not used yet')).toBeTruthy();
    expect(within(row).getByText('Active')).toBeTruthy();
  });

  it('creates a key scoped to chosen groups and shows it once, with a copy button and a warning', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderWithProviders(<ApiKeysTab />);
    await screen.findByText('No API keys yet. Create one to connect your systems.');
    fireEvent.click(screen.getByRole('button', { name: /New key/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Warehouse bot' } });
    fireEvent.mouseDown(within(dialog).getByLabelText('Expires after'));
    fireEvent.click(await screen.findByTitle('1 month'));
    fireEvent.click(within(dialog).getByLabelText('Chosen groups'));
    const orders = await within(dialog).findByRole('radiogroup', { name: 'Orders' });
    fireEvent.click(within(orders).getByLabelText('Read'));
    const products = within(dialog).getByRole('radiogroup', { name: 'Products' });
    fireEvent.click(within(products).getByLabelText('Read/write'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));

    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true), { timeout: 8_000 });
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      name: 'Warehouse bot',
      expiry: '1m',
      scope: { kind: 'groups', groups: [{ resource: 'RS-ORDER', access: 'read' }, { resource: 'RS-PRODUCT', access: 'write' }] },
    });
    const shown = await screen.findByRole('dialog', { name: 'Your new key: Warehouse bot' });
    expect(within(shown).getByText(/It will not be shown again/)).toBeTruthy();
    expect((within(shown).getByLabelText('API key') as HTMLInputElement).value).toBe(KEY);
    expect(await screen.findByText('API key created. Copy it now: it will not be shown again.')).toBeTruthy();
    fireEvent.click(within(shown).getByRole('button', { name: /Copy/ }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(KEY));
    expect(await screen.findByText('Key copied.')).toBeTruthy();
    fireEvent.click(within(shown).getByRole('button', { name: 'I have copied it' }));
    // Once closed, the key is nowhere on the page; the list shows its first characters.
    await waitFor(() => expect(screen.queryByDisplayValue(KEY)).toBeNull());
    expect(await screen.findByText(`${KEY.slice(0, 13)}…`)).toBeTruthy();
    expect(document.body.textContent).not.toContain(KEY);
  }, 20_000);

  it('a new key needs a name, and a group when the scope is by group', async () => {
    renderWithProviders(<ApiKeysTab />);
    fireEvent.click(await screen.findByRole('button', { name: /New key/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByLabelText('Chosen groups'));
    await within(dialog).findByRole('radiogroup', { name: 'Orders' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(await within(dialog).findByText('Choose at least one group.', {}, { timeout: 8_000 })).toBeTruthy();
    expect(within(dialog).getByText(/required/i)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  }, 15_000);

  it('shows the server\'s message when a creation is refused', async () => {
    onCreate = () => failure(409, 'API_KEY_LIMIT_REACHED', 'Your account has 20 active API keys, the most it may hold. Revoke one first.');
    renderWithProviders(<ApiKeysTab />);
    fireEvent.click(await screen.findByRole('button', { name: /New key/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'One more' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(await screen.findByText('Your account has 20 active API keys, the most it may hold. Revoke one first.', {}, { timeout: 8_000 })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: /Your new key/ })).toBeNull();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ name: 'One more', expiry: '3m', scope: { kind: 'all' } });
  }, 15_000);

  it('revokes a key after a confirmation', async () => {
    keys = [listed()];
    renderWithProviders(<ApiKeysTab />);
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke Shop sync' }));
    expect(await screen.findByText('Revoke the key "Shop sync"?')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    const confirm = screen.getAllByRole('button', { name: 'Revoke' }).at(-1)!;
    fireEvent.click(confirm);
    expect(await screen.findByText('API key revoked.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api-keys/k1']);
    expect(await screen.findByText('No API keys yet. Create one to connect your systems.')).toBeTruthy();
  });

  it('speaks Vietnamese', async () => {
    session.setLanguage('vi');
    keys = [listed()];
    renderWithProviders(<ApiKeysTab />);
    expect(await screen.findByRole('button', { name: /Khóa mới/ })).toBeTruthy();
    expect(await screen.findByText('Đơn hàng: Đọc')).toBeTruthy();
  });
});

describe('integrations screen', () => {
  it('shows the API keys tab to a holder of the permission, and nothing to connect otherwise', async () => {
    renderRoutes([{ path: '/app/integrations', element: <IntegrationsPage /> }], '/app/integrations');
    expect(await screen.findByRole('tab', { name: 'API keys' })).toBeTruthy();
    expect(await screen.findByText('No API keys yet. Create one to connect your systems.')).toBeTruthy();
  });

  it('without the key permission: no API keys tab, the API document still there', async () => {
    session.signIn('token-1', makeProfile({ permissions: ['EX-INTEGRATION'] }));
    renderRoutes([{ path: '/app/integrations', element: <IntegrationsPage /> }], '/app/integrations');
    expect(await screen.findByRole('tab', { name: 'API document' })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'API keys' })).toBeNull();
  });

  it('with no integration permission: nothing to connect', async () => {
    session.signIn('token-1', makeProfile({ permissions: ['EX-ORDER-LIST'] }));
    renderRoutes([{ path: '/app/integrations', element: <IntegrationsPage /> }], '/app/integrations');
    expect(await screen.findByText('Nothing to connect yet.')).toBeTruthy();
    expect(screen.queryByRole('tab')).toBeNull();
  });
});
