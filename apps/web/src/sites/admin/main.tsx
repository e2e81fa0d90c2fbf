import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { createQueryClient } from '../../shared/api/query-client';
import { loadMockWorker } from '../../shared/settings';
import '../../shared/theme/global.css';
import './admin.css';
import { consoleI18n } from './i18n';
import { adminRoutes } from './routes';

/**
 * The operator console at /admin/ (docs/decisions/072-console-sub-site.md): staff only, so no server
 * rendering, no theme and no customer session; its screens load lazily, each with its route.
 */
async function start(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) return;
  if (loadMockWorker) {
    const { startMockWorker } = await loadMockWorker();
    await startMockWorker();
  }
  const router = createBrowserRouter(adminRoutes, { basename: '/admin' });
  createRoot(container).render(
    <StrictMode>
      <I18nextProvider i18n={consoleI18n}>
        <QueryClientProvider client={createQueryClient()}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </I18nextProvider>
    </StrictMode>,
  );
}

void start();
