import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderRoutes } from '../../test/render';
import NotFoundPage from './not-found-page';
import ServerErrorPage from './server-error-page';

describe('error pages', () => {
  it('404 says the page does not exist and Back Home goes to the dashboard', async () => {
    const { router } = renderRoutes(
      [
        { path: '/app/dashboard', element: <p>dashboard screen</p> },
        { path: '*', element: <NotFoundPage /> },
      ],
      '/app/missing',
    );
    expect(screen.getByText('Sorry, the page you visited does not exist.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back Home' }));
    expect(await screen.findByText('dashboard screen')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/app/dashboard');
  });

  it('500 says something went wrong and links home', () => {
    renderRoutes([{ path: '*', element: <ServerErrorPage /> }], '/');
    expect(screen.getByText('Sorry, something went wrong.')).toBeTruthy();
    expect(screen.getByRole('link', { name: /home page/i }).getAttribute('href')).toBe('/');
  });
});
