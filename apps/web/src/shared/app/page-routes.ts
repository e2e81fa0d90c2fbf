import type { PageRoute } from '@leisure/contract/site-pages';
import { isValidElement, type ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { type ApiCall, apiCallPath } from '../api/client';
import type { SiteName } from '../links/links';
import type { SiteDefinition } from './site-tree';

/**
 * What a route's screen asks the API for first, declared on the route itself (in its `handle`, by
 * `firstCalls`): the API server preloads these calls in the page it sends, so their answers arrive
 * beside the scripts (docs/decisions/020, 059). The calls are built by the features' own call
 * builders, so a preloaded answer is exactly the one the screen asks for. A route's declaration
 * holds for the routes inside it (the by-time list shows under its slot and class dialogs).
 */
export interface FirstCalls<P extends string = string> {
  /** The path parameters the calls use, the route's own or its parents'. */
  params: readonly P[];
  /** Calls every visitor's first view makes. */
  calls?: (params: Record<P, string>) => ApiCall[];
  /** Calls made first only for a signed-in user. */
  userCalls?: (params: Record<P, string>) => ApiCall[];
}

/** A route `handle` declaring its first calls: `handle: { crumb, ...firstCalls({ params: ['venue'], calls }) }`. */
export function firstCalls<const P extends string = never>(
  declaration: FirstCalls<P>,
): { firstCalls: FirstCalls<P> } {
  return { firstCalls: declaration };
}

const lazyType = Symbol.for('react.lazy');

/**
 * The lazy screens an element renders (lazyWithTimeout's components name their source module). A
 * lazy component that names none (made another way) is refused: its route's chunks would be missed.
 */
function screensOf(node: ReactNode): string[] {
  if (Array.isArray(node)) return node.flatMap(screensOf);
  if (!isValidElement(node)) return [];
  const type = node.type as { source?: unknown; $$typeof?: symbol };
  if (type.$$typeof === lazyType && typeof type.source !== 'string') {
    throw new Error(
      'A route renders a lazy screen whose module is not named: make it with lazyWithTimeout(() => import(...))',
    );
  }
  const own = typeof type.source === 'string' ? [type.source] : [];
  return [...own, ...screensOf((node.props as { children?: ReactNode }).children)];
}

function joinPath(base: string, path: string | undefined): string {
  if (!path) return base;
  const joined = `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`.replace(/\/+$/, '');
  return joined || '/';
}

const paramsOf = (path: string) => [...path.matchAll(/:(\w+)\??/g)].map((match) => match[1] ?? '');

/**
 * The calls of a declaration with the route's parameters as ':name'. A feature's call builder
 * encodes what it is given, so ':' comes back as '%3A' and is written back.
 */
function callTemplates(declaration: FirstCalls, pick: 'calls' | 'userCalls', path: string): string[] {
  const known = paramsOf(path);
  const missing = declaration.params.filter((name) => !known.includes(name));
  if (missing.length > 0) {
    throw new Error(
      `The first calls of ${path} use parameters the route does not have: ${missing.join(', ')}`,
    );
  }
  const params = Object.fromEntries(declaration.params.map((name) => [name, `:${name}`]));
  return (declaration[pick]?.(params) ?? []).map((call) =>
    apiCallPath(call).replace(/%3A(\w+)/g, (_, name: string) => `:${name}`),
  );
}

/**
 * Every route of the sub-sites as a page can open it: its pattern, the lazy screens it renders and
 * the calls they make first. A route with children is a page of its own only when none of them is
 * its index (otherwise the index stands for its path).
 */
export function pageRoutes(sites: readonly SiteDefinition[]): PageRoute[] {
  const pages: PageRoute[] = [];
  const walk = (
    site: SiteName,
    routes: RouteObject[],
    base: string,
    screens: string[],
    declarations: FirstCalls[],
  ) => {
    for (const route of routes) {
      const path = route.index ? base : joinPath(base, route.path);
      const ownScreens = [...screens, ...screensOf(route.element)];
      const declared = (route.handle as { firstCalls?: FirstCalls } | undefined)?.firstCalls;
      const ownDeclarations = declared ? [...declarations, declared] : declarations;
      const children = route.children ?? [];
      if (children.length > 0) walk(site, children, path, ownScreens, ownDeclarations);
      if (children.some((child) => child.index) || !route.element) continue;
      pages.push({
        site,
        path,
        screens: [...new Set(ownScreens)],
        calls: [...new Set(ownDeclarations.flatMap((d) => callTemplates(d, 'calls', path)))],
        userCalls: [...new Set(ownDeclarations.flatMap((d) => callTemplates(d, 'userCalls', path)))],
      });
    }
  };
  for (const site of sites) walk(site.site, site.routes, site.basename, [], []);
  return pages;
}
