import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { failure, fakeApi } from '../../test/fake-api';
import { renderRoutes } from '../../test/render';
import { routes } from '../../app/router';

// A second click on a used link of a verified account is not an error page.
describe('verify account page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says "already verified, sign in" for an account verified by an earlier click', async () => {
    fakeApi(() => failure(409, 'ACCOUNT_ALREADY_VERIFIED', 'This account is already verified. Sign in to continue.'));
    renderRoutes(routes, '/app/account/verify/used-token');
    expect(await screen.findByText('Already verified', undefined, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('This account is already verified. Sign in to continue.')).toBeTruthy();
    expect(screen.queryByText('Verification failed')).toBeNull();
    expect(screen.getByRole('button', { name: 'Go to sign in' })).toBeTruthy();
  });

  it('still says the link is invalid when it is', async () => {
    fakeApi(() => failure(400, 'VERIFY_LINK_INVALID', 'The verification link is invalid or has expired.'));
    renderRoutes(routes, '/app/account/verify/bad-token');
    expect(await screen.findByText('Verification failed', undefined, { timeout: 10_000 })).toBeTruthy();
  });
});
