import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { MemoryRouter } from 'react-router';
import { renderWithProviders, makeProfile } from '../../test/render';
import { session } from '../../api/session';
import ApiDocTab from './api-doc-tab';
import IntegrationsPage from './integrations-page';

describe('API document tab', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('groups the calls by task, with curl snippets against https://<host>/api/v1 and the placeholder key', async () => {
    renderWithProviders(<ApiDocTab />);
    for (const title of ['Get a quote', 'Create an order', 'Pay', 'Get the label', 'Track parcels', 'Webhooks', 'Errors']) {
      expect(screen.getByRole('heading', { name: title })).toBeTruthy();
    }
    fireEvent.click(screen.getByText('/api/v1/quote'));
    const curl = await screen.findByText((_, el) => el?.tagName === 'CODE' && el.textContent!.startsWith("curl -X POST 'https://<host>/api/v1/quote'"));
    expect(curl.textContent).toContain("-H 'Authorization: Bearer exs_live_…'");
    expect(curl.textContent).toContain('"serviceCode":"US_EXPRESS"');
    expect(screen.getByRole('link', { name: 'Open the API reference' }).getAttribute('href')).toBe('/api/docs');
    expect(screen.getByRole('link', { name: 'Download openapi.json' }).getAttribute('href')).toBe('/api/docs/json');
  });

  it('shows a file reply as a download, with the example path parameter filled in', async () => {
    renderWithProviders(<ApiDocTab keyPrefix="exs_live_ab12" />);
    fireEvent.click(screen.getByText('/api/v1/orders/:orderId/label'));
    const curl = await screen.findByText((_, el) => el?.tagName === 'CODE' && el.textContent!.includes('/label?format=pdf'));
    expect(curl.textContent).toMatch(/\/api\/v1\/orders\/[0-9a-f-]{36}\/label\?format=pdf/);
    expect(curl.textContent).toContain('Bearer exs_live_ab12…');
    expect(curl.textContent).toContain('-o label.pdf');
  });

  it('copies a snippet, and gives the webhook recipe in TypeScript and Python', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderWithProviders(<ApiDocTab />);
    const webhooks = screen.getByRole('heading', { name: 'Webhooks' }).closest('section')!;
    expect(within(webhooks).getByText(/createHmac\('sha256', key\)/)).toBeTruthy();
    fireEvent.click(within(webhooks).getByRole('button', { name: /Copy: TypeScript/ }));
    await waitFor(() => expect(writeText).toHaveBeenCalledTimes(1));
    expect((writeText.mock.calls[0] as unknown as [string])[0]).toContain('timingSafeEqual');
    fireEvent.click(within(webhooks).getByText('Python'));
    expect(await within(webhooks).findByText(/hmac\.compare_digest/)).toBeTruthy();
  });

  it('speaks Vietnamese', async () => {
    session.setLanguage('vi');
    renderWithProviders(<ApiDocTab />);
    expect(await screen.findByRole('heading', { name: 'Tạo đơn hàng' })).toBeTruthy();
  });

  it('is a tab of the integrations screen for holders of the integrations permission', async () => {
    session.signIn('tok', makeProfile({ permissions: ['EX-INTEGRATION'] }));
    renderWithProviders(
      <MemoryRouter initialEntries={['/app/integrations']}>
        <Routes>
          <Route path="/app/integrations" element={<IntegrationsPage />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByRole('tab', { name: 'API document' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Get a quote' }, { timeout: 10_000 })).toBeTruthy();
  });

  it('is not shown without it', () => {
    session.signIn('tok', makeProfile({ permissions: ['EX-ORDER-LIST'] }));
    renderWithProviders(
      <MemoryRouter initialEntries={['/app/integrations']}>
        <Routes>
          <Route path="/app/integrations" element={<IntegrationsPage />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.queryByRole('tab', { name: 'API document' })).toBeNull();
    expect(screen.getByText('Nothing to connect yet.')).toBeTruthy();
  });
});
