import type { QueryClient } from '@tanstack/react-query';
import { type ComponentType, type ReactNode, StrictMode } from 'react';
import type { RouteObject } from 'react-router';
import type { SiteName } from '../links/links';
import type { Modes } from '../modes/modes';
import type { LoginModalProps } from '../session/login-modal-slot';
import { AppProviders } from './providers';
import { ServerRenderedProvider } from './server-rendered';
import { ShellGate } from './shell-gate';

export interface SiteDefinition {
  site: SiteName;
  /** Where the sub-site is mounted: '/', '/account', '/join'. */
  basename: string;
  routes: RouteObject[];
  /** The login modal the header and 'Book now' open (features/auth's; shared code cannot import it). */
  loginModal: ComponentType<LoginModalProps>;
}

export interface SiteTreeProps {
  definition: SiteDefinition;
  queryClient: QueryClient;
  modes: Modes;
  /** True on the server and while the browser hydrates the server's HTML. */
  serverRendered: boolean;
  /** The router: the browser's RouterProvider, or the server's StaticRouterProvider. */
  router: ReactNode;
}

/**
 * A sub-site's whole tree: the shared providers, the shell gate (client, theme, fonts) and the
 * router. The browser and the server render this one tree, so a hydrated page matches the server's.
 */
export function SiteTree({ definition, queryClient, modes, serverRendered, router }: SiteTreeProps) {
  const { site, basename, loginModal } = definition;
  return (
    <StrictMode>
      <ServerRenderedProvider value={serverRendered}>
        <AppProviders
          queryClient={queryClient}
          site={{ site, basename }}
          modes={modes}
          loginModal={loginModal}
        >
          <ShellGate>{router}</ShellGate>
        </AppProviders>
      </ServerRenderedProvider>
    </StrictMode>
  );
}
