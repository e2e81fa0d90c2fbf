/**
 * The sub-sites' first view rendered on the server (docs/decisions/027-server-rendered-first-view.md).
 * Built by `vite build --ssr` into dist-ssr/ and loaded by the API server, which calls `render` for
 * a page's path with the request's cookies and a fetch that reaches its own routes in process.
 *
 * The tree is the browser's (shared/app/site-tree.tsx). Its queries are found by rendering: each
 * pass fetches the queries the last one asked for and did not have (the client, the theme, the user,
 * then the screen's), until none is new; the last pass's HTML is sent with the answers, and the
 * browser hydrates with exactly those answers. A query that fails is left out, so both render it as
 * loading and the browser asks again.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { dehydrate, hashKey, type Query, type QueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { JSDOM } from 'jsdom';
import type { ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { initReactI18next } from 'react-i18next';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { configureApi } from '../shared/api/client';
import { createQueryClient } from '../shared/api/query-client';
import { operatorKeys } from '../shared/api/query-keys';
import { pageStateScript, ServerRedirectProvider, scriptJson } from '../shared/app/server-rendered';
import { siteRoutes } from '../shared/app/site-routes';
import type { SiteDefinition } from '../shared/app/site-tree';
import { SiteTree } from '../shared/app/site-tree';
import { namespaces } from '../shared/i18n/i18n';
import { footerQueryOptions } from '../shared/layout/footer';
import { PageTitleReporter } from '../shared/layout/page-title';
import { sanitizeWithWindow } from '../shared/layout/sanitize-html';
import type { SiteName } from '../shared/links/links';
import { noModes } from '../shared/modes/modes';
import { clientQueryOptions } from '../shared/operator/use-client';
import { userQueryOptions } from '../shared/session/session';
import { themeQueryOptions } from '../shared/theme/use-theme';
import { isVenueSlug, readSelectedVenue, selectedVenueCookie } from '../shared/venue/selected-venue';
import { accountSite } from './account/site';
import { bookingsSite } from './bookings/site';
import { joiningSite } from './joining/site';

/** The routes' facts for the page manifest, which the web build asks the built renderer for. */
export { sitePageFacts } from './page-facts';

export interface ServerRenderRequest {
  site: SiteName;
  /** The browser's path and query, e.g. '/location/leeds?venue=leeds'. */
  url: string;
  /** The selected venue as the page opens: its address may have just selected it (the API decides). */
  venue: string | null;
  /** The request's Cookie header: the session's cookies and the selected venue. */
  cookieHeader: string | undefined;
  /** Reaches the API's own routes in process with the request's cookies (GET only). */
  fetch: typeof fetch;
}

export type ServerRenderedPage =
  | {
      /** The first view: the content of the page's root element. */
      html: string;
      /** The script element with the answers the view was rendered with. */
      stateScript: string;
      /** The document title the page sets ('{app} | {title}'), when it sets one. */
      title?: string;
    }
  /** The page sends the browser elsewhere (a guard's redirect): a same-site path, with its basename. */
  | { redirect: string };

export interface ServerRenderer {
  /** The page's first view, or undefined when it is the browser's to render (a redirect, the shell's failure). */
  render(request: ServerRenderRequest): Promise<ServerRenderedPage | undefined>;
}

/** Enough for a screen and the queries it depends on (client -> theme -> user -> screen -> detail). */
const maxPasses = 5;

const sites: Record<SiteName, SiteDefinition> = {
  bookings: bookingsSite,
  account: accountSite,
  joining: joiningSite,
};

interface RequestScope {
  cookies: Record<string, string>;
  fetch: typeof fetch;
}

const scope = new AsyncLocalStorage<RequestScope>();

function parseCookies(header: string | undefined): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at <= 0) continue;
    const name = part.slice(0, at).trim();
    try {
      cookies[name] = decodeURIComponent(part.slice(at + 1).trim());
    } catch {
      // A value that is not percent-encoded text is not one of ours.
    }
  }
  return cookies;
}

function enabled(query: Query): boolean {
  const option = (query.options as { enabled?: boolean | ((query: Query) => boolean) }).enabled;
  return typeof option === 'function' ? option(query) : option !== false;
}

async function renderToString(tree: ReactNode, onError: (error: unknown) => void): Promise<string> {
  const { prelude } = await prerenderToNodeStream(tree, {
    // An error inside a Suspense boundary leaves its fallback for the browser to fill; said, not fatal.
    onError,
    // Every boundary inline, in place: a large one is otherwise sent apart with an inline script to
    // move it, which the pages' Content-Security-Policy (script-src 'self') refuses to run.
    progressiveChunkSize: Number.POSITIVE_INFINITY,
  });
  const chunks: Buffer[] = [];
  await new Promise<void>((resolve, reject) => {
    prelude
      .pipe(
        new Writable({
          write(chunk: Buffer, _encoding, done) {
            chunks.push(chunk);
            done();
          },
        }),
      )
      .on('finish', resolve)
      .on('error', reject);
  });
  return Buffer.concat(chunks).toString('utf8');
}

function serverQueryClient(): QueryClient {
  const client = createQueryClient();
  const defaults = client.getDefaultOptions();
  client.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retry: false } });
  return client;
}

export interface ServerRendererOptions {
  /** The built translations (dist/translations). */
  translationsDir: string;
  /** Told of a part of a view that failed to render (the browser renders that part itself). */
  onError?: (error: unknown, url: string) => void;
}

export function createServerRenderer({ translationsDir, onError }: ServerRendererOptions): ServerRenderer {
  // Operator HTML (footer, membership descriptions) is sanitised by the browser's purifier, on a DOM.
  sanitizeWithWindow(new JSDOM('').window as unknown as Parameters<typeof sanitizeWithWindow>[0]);
  const readNamespace = (name: string): Record<string, unknown> =>
    JSON.parse(readFileSync(path.join(translationsDir, 'en', `${name}.json`), 'utf8'));
  const resources = { en: Object.fromEntries(namespaces.map((name) => [name, readNamespace(name)])) };
  const translationsJson = scriptJson(resources.en);
  void i18next.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    supportedLngs: ['en'],
    ns: [...namespaces],
    defaultNS: 'common',
    resources,
    initAsync: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  configureApi({
    serverFetch: (input, init) => {
      const current = scope.getStore();
      if (!current) throw new Error('A server render called the API outside its request');
      return current.fetch(input, init);
    },
    serverCookies: () => scope.getStore()?.cookies,
  });
  const routes = Object.fromEntries(
    Object.entries(sites).map(([name, site]) => [name, siteRoutes(site.routes)]),
  ) as Record<SiteName, ReturnType<typeof siteRoutes>>;

  async function render(request: ServerRenderRequest): Promise<ServerRenderedPage | undefined> {
    const definition = sites[request.site];
    const handler = createStaticHandler(routes[request.site], { basename: definition.basename });
    const context = await handler.query(new Request(new URL(request.url, 'http://localhost')));
    if (context instanceof Response) return undefined;
    const router = createStaticRouter(handler.dataRoutes, context);
    const queryClient = serverQueryClient();
    const cache = queryClient.getQueryCache();
    const tried = new Set<string>();
    const settle = async (fetches: Promise<unknown>[], hashes: string[]) => {
      for (const hash of hashes) tried.add(hash);
      await Promise.all(fetches.map((fetching) => fetching.catch(() => undefined)));
      // A failed query is rendered as the browser will first render it: loading, then asked again.
      for (const query of cache.findAll({ type: 'all' }))
        if (query.state.status === 'error') cache.remove(query);
    };
    // Every page's first pass asks for the shell's client and theme, and renders nothing else:
    // asked before it, they save that pass. So do the user (null without a session cookie, with no
    // call: a screen that waits for the viewer, as the by-time list does, then asks its calls in the
    // first pass) and the footer of the venue the page selects, which the shell shows.
    const theme = themeQueryOptions(request.venue);
    const footer = footerQueryOptions(readSelectedVenue());
    await settle(
      [
        queryClient.prefetchQuery(clientQueryOptions),
        queryClient.prefetchQuery(theme),
        queryClient.prefetchQuery(userQueryOptions),
        queryClient.prefetchQuery(footer),
      ],
      [clientQueryOptions, theme, userQueryOptions, footer].map((options) => hashKey(options.queryKey)),
    );
    let html = '';
    let redirect: string | undefined;
    let title: string | undefined;
    const onRedirect = (href: string) => {
      redirect ??= href;
    };
    // The first title a pass sets is the page's: a component renders before the ones inside it, and
    // as the browser hydrates, the outer one's effect runs last and its title stays.
    const onTitle = (set: string) => {
      title ??= set;
    };
    for (let pass = 0; pass < maxPasses; pass += 1) {
      redirect = undefined;
      title = undefined;
      html = await renderToString(
        <ServerRedirectProvider onRedirect={onRedirect}>
          <PageTitleReporter onTitle={onTitle}>
            <SiteTree
              definition={definition}
              queryClient={queryClient}
              modes={noModes}
              serverRendered
              router={<StaticRouterProvider router={router} context={context} hydrate={false} />}
            />
          </PageTitleReporter>
        </ServerRedirectProvider>,
        (error) => onError?.(error, request.url),
      );
      if (redirect) break;
      const asked = cache
        .findAll({ type: 'all' })
        .filter((query) => query.state.status === 'pending' && !tried.has(query.queryHash) && enabled(query));
      if (asked.length === 0) break;
      await settle(
        asked.map((query) => query.fetch()),
        asked.map((query) => query.queryHash),
      );
    }
    // Without the client and theme the page shows the shell's own states (not found, maintenance):
    // the browser's to decide, as it does today.
    const themed = cache
      .findAll({ queryKey: operatorKeys.theme(null).slice(0, 2) })
      .some((query) => query.state.status === 'success');
    if (!queryClient.getQueryData(operatorKeys.client) || !themed) return undefined;
    if (redirect) return { redirect };
    const queries = dehydrate(queryClient);
    queryClient.clear();
    return { html, stateScript: pageStateScript(queries, translationsJson), ...(title ? { title } : {}) };
  }

  return {
    render(request) {
      const cookies = parseCookies(request.cookieHeader);
      // The page's response sets the cookie when its address selects the venue: rendered as set.
      if (isVenueSlug(request.venue)) cookies[selectedVenueCookie] = request.venue;
      return scope.run({ cookies, fetch: request.fetch }, () => render(request));
    },
  };
}
