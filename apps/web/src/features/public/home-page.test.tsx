import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderRoutes } from '../../test/render';
import HomePage from './home-page';

// The home page claims only what works today and marks the rest as coming.
describe('home page', () => {
  it('lists what exists today and shows the rest as coming', async () => {
    renderRoutes([{ path: '/', element: <HomePage /> }], '/');
    const today = await screen.findByRole('region', { name: 'Available today' });
    // Orders, labels, tracking and the wallet are live (their screens are switched on in SCREENS).
    for (const name of ['Instant quotes', 'Shipping network and prices', 'Product catalogue', 'Orders, labels and tracking', 'Warehouse and air freight', 'Wallet and credit', 'Notifications', 'Your account', 'API keys', 'Support tickets and claims']) {
      expect(within(today).getByRole('heading', { name, level: 3 })).toBeTruthy();
    }
    expect(today.textContent).not.toMatch(/Walmart|report/i);

    // Only what is not built yet: reports, the Walmart store (API keys and tickets are live).
    const coming = screen.getByRole('region', { name: 'Coming next' });
    for (const name of ['Reports', 'Walmart store sync']) {
      expect(within(coming).getByRole('heading', { name, level: 3 })).toBeTruthy();
    }
    expect(within(coming).getAllByText('Coming')).toHaveLength(2);
    expect(coming.textContent).not.toMatch(/tracking|label|wallet|API/);
    expect(screen.queryByText(/being built/)).toBeNull();
    // No promise of features that are not there, anywhere on the page outside "Coming next".
    expect(screen.queryByText('Walmart integration')).toBeNull();
    expect(screen.queryByText('Automatic labels')).toBeNull();
  });
});
