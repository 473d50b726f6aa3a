import './app/no-eval';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import './app/i18n';
import { Providers } from './app/providers';
import { createAppRouter } from './app/router';
import { AppErrorBoundary } from './features/errors/error-boundary';

const router = createAppRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <AppErrorBoundary>
        <RouterProvider router={router} />
      </AppErrorBoundary>
    </Providers>
  </StrictMode>,
);
