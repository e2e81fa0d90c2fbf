import { hydrate } from '@tanstack/react-query';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { createQueryClient } from '../api/query-client';
import { initI18n } from '../i18n/i18n';
import { loadMockWorker } from '../settings';
import '../theme/global.css';
import { readPageState } from './server-rendered';
import { siteRoutes } from './site-routes';
import { type SiteDefinition, SiteTree } from './site-tree';
import { startUp } from './start-up';

export type { SiteName } from '../links/links';
export type { SiteDefinition } from './site-tree';

/**
 * Lets the browser run what waits (a tap, a paint, a script's arrival) before going on: the start
 * is then a few short tasks, not one long one that a tap waits behind. scheduler.yield goes on
 * ahead of other tasks where the browser has it (Chromium 129+), a timer elsewhere.
 */
function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
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
 *
 * A page the server rendered (docs/decisions/027) is hydrated with the server's answers, unless the
 * tab is not what the server rendered for: a kiosk or embedded tab (modes live in sessionStorage),
 * or a session handed over in the URL. Those render afresh over the server's HTML.
 */
export async function mountSite(definition: SiteDefinition): Promise<void> {
  const container = document.getElementById('root');
  if (!container) return;
  // The site's modules have just been evaluated, in this task: the start goes on in the next ones
  // (on /join/ at 4x CPU, the evaluation and the start together were one task of 150 ms; issue 16).
  await yieldToBrowser();
  await startMockApi();
  const pageState = readPageState();
  const [{ modes, handedOver }] = await Promise.all([
    startUp(),
    initI18n(undefined, pageState?.translations),
  ]);
  await yieldToBrowser();
  const queryClient = createQueryClient();
  const hydrating =
    pageState !== undefined && container.hasChildNodes() && !modes.kiosk && !modes.embedded && !handedOver;
  if (hydrating) {
    hydrate(queryClient, pageState.queries);
    // The answers are in; the router and React's start are a task of their own (on /join/ at 4x
    // CPU, the two together were a task of 60 ms; issue 16).
    await yieldToBrowser();
  }
  const router = createBrowserRouter(siteRoutes(definition.routes), { basename: definition.basename });
  const tree = (
    <SiteTree
      definition={definition}
      queryClient={queryClient}
      modes={modes}
      serverRendered={hydrating}
      router={<RouterProvider router={router} />}
    />
  );
  if (hydrating) {
    // As a transition, React hydrates in slices of a few milliseconds, not one long task (027).
    startTransition(() => {
      hydrateRoot(container, tree, {
        // React renders afresh what did not match; said in the console so that tests see it.
        onRecoverableError: (error, info) =>
          console.error('The page was rendered again in the browser:', error, info.componentStack),
      });
    });
    return;
  }
  container.replaceChildren();
  createRoot(container).render(tree);
}
