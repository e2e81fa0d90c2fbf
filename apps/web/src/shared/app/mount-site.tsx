import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, type RouteObject, RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { createQueryClient } from '../api/query-client';
import { SessionProvider } from '../session/session';

export type SiteName = 'bookings' | 'account' | 'joining';

export interface SiteDefinition {
  site: SiteName;
  /** Where the sub-site is mounted: '/', '/account', '/join'. */
  basename: string;
  routes: RouteObject[];
}

/** Renders one sub-site with the providers every sub-site shares. */
export function mountSite({ basename, routes }: SiteDefinition): void {
  const container = document.getElementById('root');
  if (!container) return;
  const queryClient = createQueryClient();
  const router = createBrowserRouter(routes, { basename });
  createRoot(container).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <SessionProvider>
          <RouterProvider router={router} />
          <Toaster position="top-right" closeButton />
        </SessionProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
}
