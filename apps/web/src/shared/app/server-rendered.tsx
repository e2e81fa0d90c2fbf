import type { DehydratedState } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext } from 'react';
import { Navigate, useHref } from 'react-router';

/**
 * Server rendering (docs/decisions/027-server-rendered-first-view.md): the API server renders a
 * page's first view with the answers of its first calls, and writes those answers into the page
 * as JSON; the browser then hydrates the same tree instead of rendering it from a blank page.
 */

/** The id of the page's JSON script with the server's query answers. */
const pageStateId = 'page-state';

/** What the server wrote into the page beside the rendered view. */
export interface PageState {
  queries: DehydratedState;
  /** The translations (English, every namespace): the page starts without fetching them. */
  translations?: Record<string, Record<string, unknown>>;
}

/**
 * True while the tree renders on the server, and in the browser when it hydrates a server-rendered
 * page: the first render must then match the server's (no spinner for what the HTML already shows).
 */
const ServerRenderedContext = createContext(false);

export function ServerRenderedProvider({ value, children }: { value: boolean; children: ReactNode }) {
  return <ServerRenderedContext.Provider value={value}>{children}</ServerRenderedContext.Provider>;
}

export function useServerRendered(): boolean {
  return useContext(ServerRenderedContext);
}

/** On the server: where the page sends the browser instead (its first redirect), for an HTTP redirect. */
const ServerRedirectContext = createContext<((href: string) => void) | null>(null);

export function ServerRedirectProvider({
  onRedirect,
  children,
}: {
  onRedirect: (href: string) => void;
  children: ReactNode;
}) {
  return <ServerRedirectContext.Provider value={onRedirect}>{children}</ServerRedirectContext.Provider>;
}

/**
 * Sends the browser elsewhere (replacing this entry), as React Router's `<Navigate replace>`; on the
 * server, the page's answer becomes an HTTP redirect there (a link opened signed out goes straight to
 * the login page, before any script has run).
 */
export function Redirect({ to }: { to: string }) {
  const onServerRedirect = useContext(ServerRedirectContext);
  const href = useHref(to);
  if (onServerRedirect) {
    onServerRedirect(href);
    return null;
  }
  return <Navigate to={to} replace />;
}

/** JSON as a script element's text: no '<' can end the element early. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/**
 * The page's JSON script. The translations are the same on every page: given as their scriptJson,
 * made once, instead of serialised again per page (they are most of its bytes).
 */
export function pageStateScript(queries: DehydratedState, translationsJson?: string): string {
  const translations = translationsJson === undefined ? '' : `,"translations":${translationsJson}`;
  return `<script id="${pageStateId}" type="application/json">{"queries":${scriptJson(queries)}${translations}}</script>`;
}

/** The server's answers in this page, or undefined when the page was not rendered on the server. */
export function readPageState(doc: Document = document): PageState | undefined {
  const element = doc.getElementById(pageStateId);
  if (!element?.textContent) return undefined;
  try {
    const state = JSON.parse(element.textContent) as Partial<PageState>;
    return state.queries ? (state as PageState) : undefined;
  } catch {
    return undefined;
  }
}
