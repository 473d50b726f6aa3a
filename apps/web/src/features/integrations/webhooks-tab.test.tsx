import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { WebhookDelivery, WebhookEndpoint } from '@exship/contracts';
import { session } from '../../api/session';
import i18n from '../../app/i18n';
import { envelope, failure, fakeApi, type ApiCall } from '../../test/fake-api';
import { makeProfile, renderRoutes, renderWithProviders } from '../../test/render';
import './locales';
import IntegrationsPage from './integrations-page';
import { WebhooksTab } from './webhooks-tab';

// Integrations → Webhooks: endpoints with their status, the add form's body, a test event's reply,
// the secret's rotation behind a confirmation, the delivery log with replay.

const endpoint = (id: string, url: string, status: WebhookEndpoint['status'], over: Partial<WebhookEndpoint> = {}): WebhookEndpoint => ({
  _id: id,
  url,
  description: '',
  method: 'POST',
  eventTypes: ['order.paid'],
  headerName: null,
  headerValueMasked: null,
  status,
  disabledReason: status === 'disabled' ? 'gone' : null,
  disabledAt: null,
  failingSince: null,
  previousSecretValidUntil: null,
  createdAt: '2026-03-01T02:00:00.000Z',
  updatedAt: '2026-03-01T02:00:00.000Z',
  ...over,
});
const TYPES = [
  { type: 'order.created', group: 'orders', version: 1, description: '' },
  { type: 'order.paid', group: 'orders', version: 1, description: '' },
  { type: 'tracking.updated', group: 'tracking', version: 1, description: '' },
  { type: 'webhook.test', group: 'test', version: 1, description: '' },
];
const delivery = (id: string, status: WebhookDelivery['status']): WebhookDelivery => ({
  _id: id,
  endpointId: 'e1',
  messageId: `msg_${id}`,
  eventType: 'order.paid',
  orderId: null,
  status,
  attempts: 2,
  lastHttpStatus: status === 'failed' ? 500 : 200,
  lastDurationMs: 12,
  lastError: null,
  lastAttemptAt: '2026-03-01T02:00:00.000Z',
  nextAttemptAt: null,
  createdAt: '2026-03-01T02:00:00.000Z',
});

let endpoints: WebhookEndpoint[];
let calls: ApiCall[];
const MANAGE = ['EX-INTEGRATION', 'EX-WEBHOOK-LIST', 'EX-WEBHOOK-MANAGE'];

function api(extra: (c: ApiCall) => Response | undefined = () => undefined) {
  calls = fakeApi((c) => {
    const answered = extra(c);
    if (answered) return answered;
    if (c.method === 'GET' && c.path === '/webhooks/endpoints') return envelope(endpoints);
    if (c.path === '/webhooks/event-types') return envelope(TYPES);
    return undefined;
  });
}

describe('webhooks tab', () => {
  beforeEach(() => {
    session.signIn('token-1', makeProfile({ permissions: MANAGE }));
    endpoints = [endpoint('e1', 'https://hooks.example.com/a', 'active'), endpoint('e2', 'https://old.example.com/b', 'disabled')];
    api();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    session.clear();
    void i18n.changeLanguage('en');
  });

  it('is a tab of the integrations screen for a user holding EX-WEBHOOK-LIST', async () => {
    renderRoutes([{ path: '/app/integrations', element: <IntegrationsPage /> }], '/app/integrations?tab=webhooks');
    expect(await screen.findByRole('tab', { name: 'Webhooks' })).toBeTruthy();
    expect(await screen.findByText('https://hooks.example.com/a', {}, { timeout: 10_000 })).toBeTruthy();
  });

  it('lists endpoints with their status, and says so when there are none', async () => {
    renderWithProviders(<WebhooksTab />);
    expect(await screen.findByText('https://hooks.example.com/a')).toBeTruthy();
    expect(screen.getByText('Active')).toBeTruthy();
    expect(screen.getByText('Disabled')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Turn on' })).toBeTruthy();
  });

  it('shows the empty state and no manage buttons to a reader', async () => {
    session.signIn('token-1', makeProfile({ permissions: ['EX-INTEGRATION', 'EX-WEBHOOK-LIST'] }));
    endpoints = [];
    renderWithProviders(<WebhooksTab />);
    expect(await screen.findByText('No webhook endpoints yet. Add one to receive events.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add endpoint' })).toBeNull();
  });

  it('adds an endpoint with its events and header key, and shows the server\'s field error', async () => {
    let tries = 0;
    api((c) => {
      if (c.method !== 'POST' || c.path !== '/webhooks/endpoints') return undefined;
      if (tries++ === 0) return failure(400, 'VALIDATION_FAILED', 'Some fields are not valid.', { errors: [{ field: 'url', message: 'Must be a public http(s) address.' }] });
      return envelope(endpoint('e3', 'https://new.example.com/hook', 'active'), { status: 201, message: 'Endpoint added.' });
    });
    renderWithProviders(<WebhooksTab />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add endpoint' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Endpoint URL'), { target: { value: 'https://new.example.com/hook' } });
    const events = within(dialog).getByLabelText('Events');
    fireEvent.mouseDown(events);
    fireEvent.click(await screen.findByTitle('order.paid'));
    fireEvent.change(within(dialog).getByLabelText('Header name'), { target: { value: 'X-Api-Key' } });
    fireEvent.change(within(dialog).getByLabelText('Header value'), { target: { value: 'k-123456789' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Must be a public http(s) address.', {}, { timeout: 10_000 })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST' && c.path === '/webhooks/endpoints')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'POST').at(-1)!.body).toEqual({ url: 'https://new.example.com/hook', description: '', eventTypes: ['order.paid'], headerName: 'X-Api-Key', headerValue: 'k-123456789' });
    expect(await screen.findByText('Endpoint added.')).toBeTruthy();
  });

  it('sends a test event and shows the reply status and excerpt', async () => {
    api((c) => (c.path === '/webhooks/endpoints/e1/test' ? envelope({ deliveryId: 'd1', succeeded: false, httpStatus: 503, durationMs: 41, replyExcerpt: 'maintenance', error: null }) : undefined));
    renderWithProviders(<WebhooksTab />);
    const row = (await screen.findByText('https://hooks.example.com/a')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Send test event' }));
    expect(await screen.findByText('Your endpoint answered HTTP 503 in 41 ms.')).toBeTruthy();
    expect(screen.getByTestId('webhook-test-reply').textContent).toBe('maintenance');
  });

  it('shows the secret and rotates it only after confirming', async () => {
    api((c) => {
      if (c.path === '/webhooks/endpoints/e1/secret') return envelope({ secret: 'whsec_old', previousSecretValidUntil: null });
      if (c.path === '/webhooks/endpoints/e1/rotate-secret') return envelope({ secret: 'whsec_new', previousSecretValidUntil: '2026-03-02T02:00:00.000Z' }, { message: 'New secret made.' });
      return undefined;
    });
    renderWithProviders(<WebhooksTab />);
    const row = (await screen.findByText('https://hooks.example.com/a')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Secret' }));
    expect((await screen.findByTestId('webhook-secret')).textContent).toBe('whsec_old');
    fireEvent.click(screen.getByRole('button', { name: 'Rotate secret' }));
    expect(calls.some((c) => c.path.endsWith('/rotate-secret'))).toBe(false);
    expect(await screen.findByText('Make a new secret? The current one keeps signing for 24 hours.')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Rotate secret' }).at(-1)!);
    await waitFor(() => expect(screen.getByTestId('webhook-secret').textContent).toBe('whsec_new'));
    expect(screen.getByText(/The previous secret still signs until/)).toBeTruthy();
  });

  it('shows the delivery log with status tags and replays a delivery', async () => {
    api((c) => {
      if (c.path === '/webhooks/endpoints/e1/deliveries') return envelope({ items: [delivery('d1', 'failed'), delivery('d2', 'succeeded')], page: 1, pageSize: 20, total: 2 });
      if (c.path === '/webhooks/deliveries/d1/replay') return envelope({ ...delivery('d1', 'pending') }, { message: 'Delivery queued again.' });
      return undefined;
    });
    renderWithProviders(<WebhooksTab />);
    const row = (await screen.findByText('https://hooks.example.com/a')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Delivery log' }));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('Failed')).toBeTruthy();
    expect(within(drawer).getByText('Succeeded')).toBeTruthy();
    const failed = within(drawer).getByText('msg_d1').closest('tr')!;
    fireEvent.click(within(failed).getByRole('button', { name: 'Replay' }));
    fireEvent.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/webhooks/deliveries/d1/replay')).toBe(true));
    expect(await screen.findByText('Delivery queued again.')).toBeTruthy();
  });
});
