import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CarrierConnection, CarrierPluginInfo } from '@exship/contracts';
import { session } from '../../api/session';
import { envelope, failure, fakeApi, type ApiCall } from '../../test/fake-api';
import { makeProfile, renderRoutes } from '../../test/render';
import { CarrierConnectionModal } from './carrier-connection';
import './locales';

// The carrier connection form is drawn from the plugins the server lists: each plugin's fields
// with their labels and rules, a stored secret shown only as set (with its hint) and sent only
// when typed, the server's field errors placed under their fields.

const CARRIER = { id: '11111111-1111-4111-8111-111111111111', code: 'SWF', name: 'Swift' };
const caps = { void: true, trackingCancel: { normal: true, force: true }, manifest: false, batchTracking: true };
const field = (name: string, kind: 'text' | 'url' | 'secret' | 'number', extra: Partial<CarrierPluginInfo['fields'][number]> = {}) => ({
  name, kind, labelKey: `net.connection.field.${name}`, helpKey: null, required: true, min: null, max: null, maxLength: kind === 'number' ? null : 500, unit: null, ...extra,
});
const PLUGINS: CarrierPluginInfo[] = [
  { id: 'sandbox', name: 'Sandbox', labelKey: 'net.connection.plugin.sandbox', helpKey: 'net.connection.pluginHelp.sandbox', fields: [], capabilities: caps },
  {
    id: 'http', name: 'HTTP API', labelKey: 'net.connection.plugin.http', helpKey: 'net.connection.pluginHelp.http', capabilities: caps,
    fields: [field('baseUrl', 'url'), field('apiKey', 'secret'), field('timeoutMs', 'number', { min: 1000, max: 60_000, default: 10_000, unit: 'ms' })],
  },
  // A plugin the web has no texts for: its own name and field names are shown.
  { id: 'acme-post', name: 'Acme Post', labelKey: 'net.connection.plugin.acme-post', helpKey: null, capabilities: caps, fields: [field('accountNumber', 'text', { required: false, maxLength: 20 })] },
];
const stored: CarrierConnection = {
  carrierId: CARRIER.id, carrierCode: 'SWF', plugin: 'http', settings: { baseUrl: 'https://api.swift.example', timeoutMs: 5000 },
  secrets: { apiKey: { set: true, hint: '••••1234' } }, cancelByApi: false, updatedAt: '2026-11-02T10:00:00.000Z',
};

function renderModal(connection: CarrierConnection | undefined, onPut: (call: ApiCall) => Response = (c) => envelope({ ...stored, ...c.body }, { message: 'Carrier connection saved.' })) {
  const calls = fakeApi((call) => {
    if (call.path === '/carrier-plugins') return envelope(PLUGINS);
    if (call.path === '/carrier-connections' && call.method === 'GET') return envelope(connection ? [connection] : []);
    if (call.method === 'PUT') return onPut(call);
    return undefined;
  });
  session.signIn('token-1', makeProfile({ permissions: ['EX-CARRIER-LIST', 'EX-CARRIER-MANAGE'] }));
  renderRoutes([{ path: '/app/carrier/list-carrier', element: <CarrierConnectionModal carrier={CARRIER} onClose={() => {}} /> }], '/app/carrier/list-carrier');
  return calls;
}
const dialog = () => screen.findByRole('dialog', {}, { timeout: 10_000 });
const puts = (calls: ApiCall[]) => calls.filter((c) => c.method === 'PUT');

describe('carrier connection form', { timeout: 60_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    session.clear();
  });

  it('draws the stored plugin\'s fields; the stored key shows as set and is not sent when left empty', async () => {
    const calls = renderModal(stored);
    const modal = await dialog();
    const url = (await within(modal).findByLabelText('Base URL', undefined, { timeout: 10_000 })) as HTMLInputElement;
    expect(url.value).toBe('https://api.swift.example');
    const key = within(modal).getByLabelText('API key') as HTMLInputElement;
    expect(key.value).toBe('');
    expect(key.placeholder).toBe('••••1234');
    expect(within(modal).getByText('A value is stored (••••1234). Leave empty to keep it.')).toBeTruthy();
    fireEvent.click(within(modal).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]!.body).toEqual({ plugin: 'http', settings: { baseUrl: 'https://api.swift.example', timeoutMs: 5000 } });
  });

  it('sends a typed secret; with none stored an empty one is required', async () => {
    const calls = renderModal(undefined);
    const modal = await dialog();
    fireEvent.click(await within(modal).findByText('HTTP API', undefined, { timeout: 10_000 }));
    fireEvent.change(await within(modal).findByLabelText('Base URL', undefined, { timeout: 10_000 }), { target: { value: 'https://api.new.example' } });
    fireEvent.click(within(modal).getByRole('button', { name: 'Save' }));
    expect(await within(modal).findByText('API key is required.', undefined, { timeout: 10_000 })).toBeTruthy();
    expect(puts(calls)).toHaveLength(0);
    fireEvent.change(within(modal).getByLabelText('API key'), { target: { value: 'new-secret-key-5678' } });
    fireEvent.click(within(modal).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]!.body).toEqual({ plugin: 'http', settings: { baseUrl: 'https://api.new.example', apiKey: 'new-secret-key-5678', timeoutMs: 10_000 } });
  });

  it('shows a plugin without texts by its own names, and the server\'s field error under its field', async () => {
    const calls = renderModal(stored, () => failure(400, 'VALIDATION_FAILED', 'Check the fields.', { errors: [{ field: 'settings.accountNumber', message: 'Account unknown to Acme.' }] }));
    const modal = await dialog();
    fireEvent.click(await within(modal).findByText('Acme Post', undefined, { timeout: 10_000 }));
    fireEvent.change(await within(modal).findByLabelText('accountNumber', undefined, { timeout: 10_000 }), { target: { value: 'ACME-1' } });
    fireEvent.click(within(modal).getByRole('button', { name: 'Save' }));
    expect(await within(modal).findByText('Account unknown to Acme.', undefined, { timeout: 10_000 })).toBeTruthy();
    expect(puts(calls)[0]!.body).toEqual({ plugin: 'acme-post', settings: { accountNumber: 'ACME-1' } });
  });
});
