import './app/no-eval';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import i18n, { loadLanguage } from './app/i18n';
import { Providers } from './app/providers';
import { createAppRouter } from './app/router';
import { AppErrorBoundary } from './features/errors/error-boundary';

const router = createAppRouter();

const render = () =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Providers>
        <AppErrorBoundary>
          <RouterProvider router={router} />
        </AppErrorBoundary>
      </Providers>
    </StrictMode>,
  );

// A page in Vietnamese waits for its strings (one small chunk) rather than flash English first; if
// that chunk cannot load, the page comes up in English.
void loadLanguage(i18n.language).catch(() => undefined).finally(render);
