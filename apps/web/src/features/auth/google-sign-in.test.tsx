import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { envelope, failure, fakeApi, jsonResponse } from '../../test/fake-api';
import { renderRoutes } from '../../test/render';
import { GuestOnly } from '../../app/guards';
import LoginPage from './login-page';
import { GOOGLE_SCRIPT } from './google-sign-in';

// Google sign-in: the sign-in page shows Google's button only when the server names a client
// id; the ID token Google hands back is sent to POST /login-social, and its refusal is shown like any other.

/** The server: the sign-in options name `google`; POST /login-social answers `social()`. */
function server(options: { google: { clientId: string } | null }, social: () => Response) {
  return fakeApi(({ path }) => {
    if (path === '/sign-in-options') return envelope(options);
    if (path === '/login-social') return social();
    return undefined;
  });
}

/** Google's script, as the page sees it once loaded: it keeps the callback and draws one button. */
function fakeGoogle() {
  const seen: { clientId?: string; locale?: string } = {};
  let callback: ((reply: { credential?: string }) => void) | undefined;
  window.google = {
    accounts: {
      id: {
        initialize: (o) => {
          seen.clientId = o.client_id;
          callback = o.callback;
        },
        renderButton: (parent, o) => {
          seen.locale = o.locale;
          const button = document.createElement('button');
          button.textContent = 'Continue with Google';
          button.onclick = () => callback?.({ credential: 'google-id-token-from-the-popup' });
          parent.appendChild(button);
        },
      },
    },
  };
  return seen;
}

const render = () => renderRoutes([{ path: '/app/login', element: <GuestOnly><LoginPage /></GuestOnly> }, { path: '/app/dashboard', element: <p>Dashboard</p> }], '/app/login');

/** Room for a slow machine: these wait on a script tag, a click and a reply. */
const T = { timeout: 10_000 };

describe('Google sign-in on the sign-in page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    delete window.google;
    document.head.querySelectorAll(`script[src="${GOOGLE_SCRIPT}"]`).forEach((s) => s.remove());
  });

  it('is absent, and Google\'s script never loaded, when the server has no client id', async () => {
    const calls = server({ google: null }, () => jsonResponse({}, 404));
    render();
    await screen.findByRole('button', { name: 'Sign in' }, T);
    await waitFor(() => expect(calls.some((c) => c.path === '/sign-in-options')).toBe(true), T);
    expect(screen.queryByRole('group', { name: 'Sign in with Google' })).toBeNull();
    expect(document.head.querySelector(`script[src="${GOOGLE_SCRIPT}"]`)).toBeNull();
  });

  it("draws Google's button with the server's client id, and Google's token signs the user in", async () => {
    const seen = fakeGoogle();
    const profile = { id: 'u1', email: 'gia@example.com', fullName: 'Gia Buyer', roleCode: 'EXR-CUSTOMER', permissions: [] };
    const calls = server({ google: { clientId: 'client-1.apps.googleusercontent.com' } }, () => envelope({ token: 't', expiresAt: new Date(Date.now() + 3600_000).toISOString(), mustChangePassword: false, profile }, { message: 'Signed in.' }));
    render();
    const group = await screen.findByRole('group', { name: 'Sign in with Google' }, { timeout: 10_000 });
    // The group is on the page before Google's script has drawn into it.
    await waitFor(() => expect(seen).toEqual({ clientId: 'client-1.apps.googleusercontent.com', locale: 'en' }), T);
    fireEvent.click(await waitFor(() => group.querySelector('button')!, T));
    await waitFor(() => expect(calls.find((c) => c.path === '/login-social')).toMatchObject({ method: 'POST', body: { provider: 'google', idToken: 'google-id-token-from-the-popup' } }), T);
    expect(await screen.findByText('Signed in.', {}, T)).toBeTruthy();
  });

  it("shows the server's refusal of a Google token", async () => {
    fakeGoogle();
    server({ google: { clientId: 'client-1.apps.googleusercontent.com' } }, () => failure(403, 'ACCOUNT_INACTIVE', 'This account is deactivated.'));
    render();
    const group = await screen.findByRole('group', { name: 'Sign in with Google' }, { timeout: 10_000 });
    fireEvent.click(await waitFor(() => group.querySelector('button')!, T));
    expect(await screen.findByText('This account is deactivated.', {}, T)).toBeTruthy();
  });

  it('says so when Google cannot be reached, and the password form still works', async () => {
    server({ google: { clientId: 'client-1.apps.googleusercontent.com' } }, () => jsonResponse({}, 404));
    render();
    // jsdom does not fetch scripts: the tag is there, and its failure is what the page sees.
    const script = await waitFor(() => {
      const tag = document.head.querySelector<HTMLScriptElement>(`script[src="${GOOGLE_SCRIPT}"]`);
      expect(tag).not.toBeNull();
      return tag!;
    }, T);
    script.dispatchEvent(new Event('error'));
    expect(await screen.findByText(/Google sign-in could not be loaded/, {}, T)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
  });
});
