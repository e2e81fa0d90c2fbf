import type { ComponentType } from 'react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, type RouteObject, RouterProvider } from 'react-router';
import { createQueryClient } from '../api/query-client';
import { initI18n } from '../i18n/i18n';
import type { SiteName } from '../links/links';
import type { LoginModalProps } from '../session/login-modal-slot';
import { loadMockWorker } from '../settings';
import '../theme/global.css';
import { AppProviders } from './providers';
import { ShellGate } from './shell-gate';
import { siteRoutes } from './site-routes';
import { startUp } from './start-up';

export type { SiteName } from '../links/links';

export interface SiteDefinition {
  site: SiteName;
  /** Where the sub-site is mounted: '/', '/account', '/join'. */
  basename: string;
  routes: RouteObject[];
  /** The login modal the header and 'Book now' open (features/auth's; shared code cannot import it). */
  loginModal: ComponentType<LoginModalProps>;
}

/** The mock-API mode (MSW): only in builds made with VITE_MOCK_API=true; otherwise no mock code ships. */
async function startMockApi(): Promise<void> {
  if (loadMockWorker) {
    const { startMockWorker } = await loadMockWorker();
    await startMockWorker();
  }
}

/**
 * Starts one sub-site: the mock API when on, modes, venue and token hand-over from the URL, the
 * translations; then renders the routes inside the root layout, the shell gate (client, theme,
 * fonts) and the providers every sub-site shares.
 */
export async function mountSite({ site, basename, routes, loginModal }: SiteDefinition): Promise<void> {
  const container = document.getElementById('root');
  if (!container) return;
  await startMockApi();
  const [{ modes }] = await Promise.all([startUp(site), initI18n()]);
  const queryClient = createQueryClient();
  const router = createBrowserRouter(siteRoutes(routes), { basename });
  createRoot(container).render(
    <StrictMode>
      <AppProviders queryClient={queryClient} site={{ site, basename }} modes={modes} loginModal={loginModal}>
        <ShellGate>
          <RouterProvider router={router} />
        </ShellGate>
      </AppProviders>
    </StrictMode>,
  );
}
