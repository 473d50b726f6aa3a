import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderRoutes } from '../../test/render';
import HomePage from './home-page';

// Issue 8 #24: the home page claims only what works today and marks the rest as coming.
describe('home page', () => {
  it('lists what exists today and shows the rest as coming', async () => {
    renderRoutes([{ path: '/', element: <HomePage /> }], '/');
    const today = await screen.findByRole('region', { name: 'Available today' });
    for (const name of ['Instant quotes', 'Shipping network and prices', 'Product catalogue', 'Notifications', 'Your account']) {
      expect(within(today).getByRole('heading', { name, level: 3 })).toBeTruthy();
    }
    expect(today.textContent).not.toMatch(/Walmart|wallet|label|tracking/i);

    const coming = screen.getByRole('region', { name: 'Coming next' });
    for (const name of ['Orders and labels', 'Wallet and credit', 'Warehouse and tracking', 'Walmart and API']) {
      expect(within(coming).getByRole('heading', { name, level: 3 })).toBeTruthy();
    }
    expect(within(coming).getAllByText('Coming')).toHaveLength(4);
    // No promise of features that are not there, anywhere on the page outside "Coming next".
    expect(screen.queryByText('Walmart integration')).toBeNull();
    expect(screen.queryByText('Automatic labels')).toBeNull();
  });
});
