import { z } from 'zod';

/**
 * The page manifest the web build writes beside its files (`dist/.site-pages.json`; the web's
 * build/site-pages.ts) and the API server reads to send each sub-site's pages (docs/decisions/059):
 * what each route opens first, from the web app's own route definitions, so the server holds no
 * copy of the web's routes, chunks or calls.
 */
export const sitePagesManifestFile = '.site-pages.json';

const zFontFaces = z.object({
  /** The @font-face rules of the family's weights 400 and 700. */
  css: z.string(),
  /** The woff2 files they name ('/assets/...'). */
  files: z.array(z.string()),
});

export const zSitePagesManifest = z.object({
  version: z.literal(1),
  /** Per sub-site: its HTML (from dist/) and every stylesheet its chunks use, lazy ones included. */
  sites: z.object({
    bookings: z.object({ html: z.string(), styles: z.array(z.string()) }),
    account: z.object({ html: z.string(), styles: z.array(z.string()) }),
    joining: z.object({ html: z.string(), styles: z.array(z.string()) }),
  }),
  /** Every route of the sub-sites, as React Router matches them. */
  routes: z.array(
    z.object({
      site: z.enum(['bookings', 'account', 'joining']),
      /** React Router's pattern from the origin: '/location/:venue', '/join/centre/:centreSlug/membership?'. */
      path: z.string(),
      /** The scripts of its lazy screens beyond what the sub-site's HTML loads ('/assets/...js'). */
      chunks: z.array(z.string()),
      /** Its first calls, parameters written ':name' ('/api/activities/venue/:venue/categories'). */
      calls: z.array(z.string()),
      /** Its first calls for a signed-in user. */
      userCalls: z.array(z.string()),
    }),
  ),
  /** Calls every page makes first for a signed-in user (the user). */
  userCalls: z.array(z.string()),
  /**
   * The theme's call as the sub-sites' HTML preloads it (the operator's), and as the page makes it
   * when a venue is selected ('/api/frontend/theme?venue=:venue').
   */
  themeCalls: z.object({ operator: z.string(), venue: z.string() }),
  /** The theme fonts' faces, by the theme's font key ('garage_gothic'). */
  fonts: z.record(z.string(), zFontFaces),
  /**
   * The script inlined before a server-rendered page's root (the web's shared/app/before-start.ts,
   * compiled): what it covers until the app has started.
   */
  beforeStart: z.string(),
});

export type SitePagesManifest = z.infer<typeof zSitePagesManifest>;

/** One route of a sub-site as the web app's route definitions give it (its shared/app/page-routes.ts). */
export interface PageRoute {
  site: 'bookings' | 'account' | 'joining';
  /** React Router's pattern from the origin. */
  path: string;
  /** The source modules of the lazy screens the route renders, outermost first. */
  screens: string[];
  /** Its first calls, parameters written ':name'. */
  calls: string[];
  /** Its first calls for a signed-in user. */
  userCalls: string[];
}

/** What the web build writes the manifest from: the routes, and what every page calls first signed in. */
export interface SitePageFacts {
  routes: PageRoute[];
  userCalls: string[];
  themeCalls: SitePagesManifest['themeCalls'];
  /** The family each theme font key is served as ('garage_gothic' -> 'Oswald'). */
  fontFamilies: Record<string, string>;
}
export type SitePageRoute = SitePagesManifest['routes'][number];

/**
 * The parameters of a path matched by a React Router pattern (`:name`, `:name?` an optional
 * segment, a trailing `*` the rest), or undefined when it does not match. A trailing slash is
 * ignored, as the router ignores it.
 */
export function matchRoutePath(pattern: string, path: string): Record<string, string> | undefined {
  const split = (value: string) => value.split('/').filter(Boolean);
  const match = (
    segments: string[],
    parts: string[],
    params: Record<string, string>,
  ): Record<string, string> | undefined => {
    const [segment, ...rest] = segments;
    if (segment === undefined) return parts.length === 0 ? params : undefined;
    if (segment === '*') return { ...params, '*': parts.join('/') };
    const optional = segment.endsWith('?');
    const name = optional ? segment.slice(0, -1) : segment;
    const [part, ...after] = parts;
    const taken =
      part === undefined
        ? undefined
        : name.startsWith(':')
          ? match(rest, after, { ...params, [name.slice(1)]: part })
          : name === part
            ? match(rest, after, params)
            : undefined;
    return taken ?? (optional ? match(rest, parts, params) : undefined);
  };
  return match(split(pattern), split(path), {});
}

/**
 * How specific a pattern is, as React Router ranks the routes that match one path: a static
 * segment outranks a parameter, which outranks the rest (`*`).
 */
export function routeRank(pattern: string): number {
  return pattern
    .split('/')
    .filter(Boolean)
    .reduce((rank, segment) => rank + (segment === '*' ? -2 : segment.startsWith(':') ? 3 : 10), 0);
}
