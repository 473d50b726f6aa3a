import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderRoutes } from '../../test/render';
import { routes } from '../../app/router';

// Issue 8 finding 21: a second click on a used link of a verified account is not an error page.
const reply = (status: number, body: unknown) => async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('verify account page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says "already verified, sign in" for an account verified by an earlier click', async () => {
    vi.stubGlobal('fetch', vi.fn(reply(409, { success: false, code: 'ACCOUNT_ALREADY_VERIFIED', message: 'This account is already verified. Sign in to continue.' })));
    renderRoutes(routes, '/app/account/verify/used-token');
    expect(await screen.findByText('Already verified', undefined, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('This account is already verified. Sign in to continue.')).toBeTruthy();
    expect(screen.queryByText('Verification failed')).toBeNull();
    expect(screen.getByRole('button', { name: 'Go to sign in' })).toBeTruthy();
  });

  it('still says the link is invalid when it is', async () => {
    vi.stubGlobal('fetch', vi.fn(reply(400, { success: false, code: 'VERIFY_LINK_INVALID', message: 'The verification link is invalid or has expired.' })));
    renderRoutes(routes, '/app/account/verify/bad-token');
    expect(await screen.findByText('Verification failed', undefined, { timeout: 10_000 })).toBeTruthy();
  });
});
