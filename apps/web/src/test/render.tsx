import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { QueryClient } from '@tanstack/react-query';
import type { Profile } from '@exship/contracts';
import { PERMISSION_CODES } from '@exship/contracts';
import '../app/i18n';
// The signed-in layout's strings and the features' server messages, as once signed in.
import '../app/layout/locales';
import { Providers } from '../app/providers';

export function testQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

/** Renders routes in a memory router inside the app's providers. */
export function renderRoutes(routes: RouteObject[], initialEntry: string) {
  const router = createMemoryRouter(routes, { initialEntries: [initialEntry] });
  const utils = render(
    <Providers queryClient={testQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { router, ...utils };
}

export function renderWithProviders(ui: ReactElement) {
  return render(<Providers queryClient={testQueryClient()}>{ui}</Providers>);
}

export function makeProfile(overrides: Partial<Profile> = {}): Profile {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    fullName: 'Sam Seller',
    email: 'sam@example.com',
    phone: null,
    avatar: null,
    gender: null,
    dateOfBirth: null,
    status: 'active',
    role: { name: 'Customer', code: 'EXR-CUSTOMER', kind: 'customer' },
    permissions: ['EX-ORDER-LIST', 'EX-WALLET-VIEW'],
    timeZone: '+07:00',
    language: 'en',
    labelPurchaseDelayHours: 0,
    shipFrom: null,
    returnAddress: null,
    mustChangePassword: false,
    // The integrations banner is dismissed unless a test asks for it, so it covers no other screen.
    dismissedNotices: ['integrations-banner'],
    wallet: { balance: 12.5, unPaid: 0, autoPay: false, credit: null },
    createdAt: '2026-01-02T03:04:05.000Z',
    ...overrides,
  };
}

export const ALL_PERMISSIONS: string[] = [...PERMISSION_CODES];

/** A fetch stub answering the calls the app layout makes (/me, wallet, logout). */
export function stubApi(profile: Profile) {
  return async (input: RequestInfo | URL): Promise<Response> => {
    const url = String(input);
    const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    if (url.endsWith('/me')) return json(200, { success: true, message: 'OK', data: profile });
    if (url.includes('/wallet/')) return json(200, { success: true, message: 'OK', data: { balance: 12.5, unpaid: 0, credit: null, autoPay: false } });
    return json(200, { success: true, message: 'OK', data: null });
  };
}
