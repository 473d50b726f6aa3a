import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { session } from '../api/session';
import { makeProfile, renderRoutes, stubApi } from '../test/render';
import { SCREENS } from '@exship/contracts';
import { MARKETPLACE_SCREENS, routes, SCREEN_COMPONENTS } from './router';

// The real route table: guards, lazy screens and all.
describe('route guards', () => {
  beforeEach(() => {
    session.clear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    session.clear();
  });

  it('a protected route without a token goes to the login page', async () => {
    const { router } = renderRoutes(routes, '/app/dashboard');
    expect(await screen.findByRole('heading', { name: 'Sign in' }, { timeout: 10_000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/app/login');
  });

  it('a screen without its permission key lands on the 403 page', async () => {
    const profile = makeProfile({ permissions: ['EX-ORDER-LIST'] });
    vi.stubGlobal('fetch', vi.fn(stubApi(profile)));
    session.signIn('token-1', profile);
    const { router } = renderRoutes(routes, '/app/carrier/warehouse');
    expect(await screen.findByText('Sorry, you are not authorized to access this page.', undefined, { timeout: 10_000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/app/403');
  });

  it('a screen the user may open renders, with its document title', async () => {
    const profile = makeProfile({ permissions: ['EX-ORDER-LIST'] });
    vi.stubGlobal('fetch', vi.fn(stubApi(profile)));
    session.signIn('token-1', profile);
    renderRoutes(routes, '/app/dashboard');
    expect(await screen.findByText('Hello, Sam Seller', undefined, { timeout: 10_000 })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Dashboard | ExShip'));
  });

  it('the reports group is in the menu for a holder of a report permission', async () => {
    const profile = makeProfile({ permissions: ['EX-REPORT-REVENUE', 'EX-PRODUCT-LIST'] });
    vi.stubGlobal('fetch', vi.fn(stubApi(profile)));
    session.signIn('token-1', profile);
    renderRoutes(routes, '/app/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(nav.textContent).toContain('Products');
    expect(nav.textContent).toContain('Reports');
  });

  it('every available screen has its component, and every component is a known screen', () => {
    // A capability's screens may land before its contract flips their `available` flag on.
    const all = [...SCREENS, ...MARKETPLACE_SCREENS];
    const ids = new Set(all.map((s) => s.id));
    for (const s of all.filter((x) => x.available)) expect(SCREEN_COMPONENTS[s.id], s.id).toBeDefined();
    expect(Object.keys(SCREEN_COMPONENTS).filter((id) => !ids.has(id))).toEqual([]);
  });

  it('an unknown path under /app shows the 404 page', async () => {
    const profile = makeProfile();
    vi.stubGlobal('fetch', vi.fn(stubApi(profile)));
    session.signIn('token-1', profile);
    renderRoutes(routes, '/app/this-does-not-exist');
    expect(await screen.findByText('Sorry, the page you visited does not exist.', undefined, { timeout: 10_000 })).toBeTruthy();
  });

  it('any other unknown path removes the stored login and goes to the login page', async () => {
    session.signIn('token-1', makeProfile());
    const { router } = renderRoutes(routes, '/nowhere');
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/login'));
    expect(session.get().token).toBeNull();
    expect(localStorage.getItem('exship.token')).toBeNull();
  });

  it('public pages do not sign anyone out', async () => {
    session.signIn('token-1', makeProfile());
    const { router } = renderRoutes(routes, '/policy');
    expect(await screen.findByRole('heading', { name: 'Refund and cancellation policy' }, { timeout: 10_000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/policy');
    expect(session.get().token).toBe('token-1');
  });

  it('the login page sends an active signed-in user to the dashboard', async () => {
    const profile = makeProfile();
    vi.stubGlobal('fetch', vi.fn(stubApi(profile)));
    session.signIn('token-1', profile);
    const { router } = renderRoutes(routes, '/app/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/dashboard'));
    expect(await screen.findByText('Hello, Sam Seller', undefined, { timeout: 10_000 })).toBeTruthy();
  });

  it('a user who must change the password is sent to the change-password tab with a message', async () => {
    const profile = makeProfile({ mustChangePassword: true });
    vi.stubGlobal('fetch', vi.fn(stubApi(profile)));
    session.signIn('token-1', profile);
    const { router } = renderRoutes(routes, '/app/login');
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe('/app/profile?t=change-password'));
    expect(await screen.findByText(/Choose a new password before you continue/, undefined, { timeout: 10_000 })).toBeTruthy();
  });

  // A fresh page load: the token is in storage, the profile (memory only) is not loaded yet.
  const freshLoadWithToken = (token: string) => {
    localStorage.setItem('exship.token', token);
    session.reload();
    expect(session.get().profile).toBeNull();
  };

  for (const path of ['/app/login', '/app/signup', '/app/forgot-password']) {
    it(`${path} on a fresh load with a stored token waits for the profile, then goes to the dashboard`, async () => {
      const profile = makeProfile();
      vi.stubGlobal('fetch', vi.fn(stubApi(profile)));
      freshLoadWithToken('token-1');
      const { router } = renderRoutes(routes, path);
      await waitFor(() => expect(router.state.location.pathname).toBe('/app/dashboard'), { timeout: 10_000 });
      expect(await screen.findByText('Hello, Sam Seller', undefined, { timeout: 10_000 })).toBeTruthy();
    });
  }

  it('a stored token that turns out invalid shows the sign-in form and is removed', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ success: false, code: 'UNAUTHORIZED', message: 'Please sign in.' }), { status: 401, headers: { 'Content-Type': 'application/json' } })),
    );
    freshLoadWithToken('stale-token');
    const { router } = renderRoutes(routes, '/app/login');
    expect(await screen.findByRole('heading', { name: 'Sign in' }, { timeout: 10_000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/app/login');
    expect(session.get().token).toBeNull();
  });
});
