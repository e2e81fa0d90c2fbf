import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Theme } from '@leisure/contract/operator';
import {
  matchRoutePath,
  routeRank,
  type SitePageRoute,
  type SitePagesManifest,
  sitePagesManifestFile,
  zSitePagesManifest,
} from '@leisure/contract/site-pages';
import { type SiteName, siteNames, siteOfPath } from '@leisure/contract/sites';
import { resolveWireTheme, themeCssVariables } from '@leisure/contract/theme-css';
import type { ThemeReader } from '../operator/theme.service';

/**
 * Each sub-site's HTML as the API server sends it (docs/decisions/020-phones-first-paint.md): the
 * built index.html with the operator's (or the selected venue's) theme written in, so a phone's
 * first paint has the right colours and fonts without waiting for a script:
 *
 * - the theme's custom properties on :root in a <style>, and its secondary-button class on <html>;
 * - the theme's fonts as @font-face rules (font-display: swap) with preloads of their files, in
 *   place of the build's preloads of the default fonts;
 * - modulepreload of the chunks of the screen the path opens, so they download beside the entry
 *   script instead of after it, and every stylesheet of the sub-site's chunks;
 * - a preload of the logo the header shows;
 * - preloads of the calls the screen makes first (and of the user's when a session is held), and of
 *   the selected venue's theme instead of the operator's;
 * - the page's own title, as its first view set it (decision 051).
 *
 * The page still calls api/client and api/frontend/theme (the HTML preloads both), so their
 * failures keep their meaning (the maintenance page on 503). Finished pages are kept per sub-site,
 * screen and theme answer (its ETag), with their gzip and brotli encodings once asked for, so a
 * request costs the cached theme lookup and no rendering.
 *
 * What each path opens (its chunks, its first calls), the stylesheets, the theme fonts' faces and
 * the before-start script come from the page manifest the web build writes from its own route
 * definitions (docs/decisions/059): nothing here restates the web app's routes or calls. The
 * manifest is read again when a new build rewrites it.
 */

/** What the build left in dist that the pages refer to, read once per build. */
interface BuiltSite {
  manifest: SitePagesManifest;
  templates: Record<SiteName, string>;
  /** The manifest's routes, most specific first (as React Router ranks them). */
  routes: SitePageRoute[];
  /** The page's before-start script and its hash for the pages' Content-Security-Policy. */
  beforeStartHash: string;
}

/**
 * The build's page manifest (written by the web build: apps/web/build/site-pages.ts) and the
 * sub-sites' HTML; undefined when there is no manifest (no web build, or one from before it).
 */
function readBuiltSite(webRoot: string): BuiltSite | undefined {
  const file = path.join(webRoot, sitePagesManifestFile);
  if (!existsSync(file)) return undefined;
  const manifest = zSitePagesManifest.parse(JSON.parse(readFileSync(file, 'utf8')));
  const templates = {} as Record<SiteName, string>;
  for (const site of siteNames)
    templates[site] = readFileSync(path.join(webRoot, manifest.sites[site].html), 'utf8');
  return {
    manifest,
    templates,
    routes: [...manifest.routes].sort((a, b) => routeRank(b.path) - routeRank(a.path)),
    beforeStartHash: `'sha256-${createHash('sha256').update(manifest.beforeStart).digest('base64')}'`,
  };
}

/** A path's slugs are written into a call only when they are plain slugs (no markup, no other path). */
const plainParam = /^[a-z0-9-]+$/;

/** The route a path opens and the calls its screens make first, their parameters filled in. */
function routeOf(built: BuiltSite, site: SiteName, url: string, signedIn: boolean) {
  for (const route of built.routes) {
    if (route.site !== site) continue;
    const params = matchRoutePath(route.path, url);
    if (!params) continue;
    const fill = (call: string) =>
      call.replace(/:(\w+)/g, (_, name: string) => {
        const value = params[name] ?? '';
        return plainParam.test(value) ? value : '\u0000';
      });
    const calls = [...route.calls, ...(signedIn ? route.userCalls : [])]
      .map(fill)
      .filter((call) => !call.includes('\u0000'));
    return { chunks: route.chunks, calls };
  }
  return { chunks: [], calls: [] };
}

/** Text for an HTML attribute value in double quotes. */
function escapeAttribute(value: string): string {
  return value.replace(/[&"'<>]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A logo URL worth preloading: http(s) or same-origin; anything else is left to the page. */
function preloadableUrl(value: string | undefined): string | undefined {
  if (!value) return undefined;
  if (/^\/(?!\/)/.test(value)) return value;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** Text for an HTML element's content. */
function escapeText(value: string): string {
  return value.replace(/[&<>]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The page with its own document title (the spec's '{app} | {title}') in place of the template's,
 * so that the first view, a bookmark and a screen reader have it before any script runs (issue 45).
 */
function withPageTitle(html: string, title: string | undefined): string {
  if (!title) return html;
  return html.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeText(title)}</title>`);
}

/** What a page is built for. */
export interface PageRequest {
  /** The browser path, without the query. */
  url: string;
  /** The venue whose theme the page opens with (`?venue=` on bookings pages, else the cookie). */
  venue: string | null;
  /** The browser holds a session (its CSRF cookie): the page will ask for the user at once. */
  signedIn: boolean;
  /** For the first view rendered on the server; without it the page is the themed template. */
  firstView?: FirstViewRequest;
}

/** What the web app's server renderer (apps/web/src/sites/render-on-server.tsx) is given. */
export interface FirstViewRequest {
  /** The query string, with its '?', or ''. */
  search: string;
  cookieHeader: string | undefined;
  /** GETs the API's own routes in process, as the page's browser would (its cookies and host). */
  fetch: typeof fetch;
}

/** The web app's server renderer, as its build (apps/web/dist-ssr) exports it. */
export interface FirstViewRenderer {
  render(request: {
    site: SiteName;
    url: string;
    /** The selected venue as the page opens (the address may have just selected it). */
    venue: string | null;
    cookieHeader: string | undefined;
    fetch: typeof fetch;
  }): Promise<{ html: string; stateScript: string; title?: string } | { redirect: string } | undefined>;
}

/**
 * The server renderer beside the web build (`dist-ssr/` next to `dist/`), or undefined when it was
 * not built (pages are then the themed template, rendered in the browser as before).
 */
export async function loadFirstViewRenderer(
  webRoot: string,
  onError: (error: unknown, url: string) => void,
): Promise<FirstViewRenderer | undefined> {
  const entry = path.join(webRoot, '..', 'dist-ssr', 'render-on-server.js');
  if (!existsSync(entry)) return undefined;
  const module = (await import(pathToFileURL(entry).href)) as {
    createServerRenderer(options: {
      translationsDir: string;
      onError: (error: unknown, url: string) => void;
    }): FirstViewRenderer;
  };
  return module.createServerRenderer({ translationsDir: path.join(webRoot, 'translations'), onError });
}

/**
 * Query values that make the browser render the page afresh instead of hydrating it (a session
 * handed over, kiosk or embedded mode): the server does not render those pages.
 */
const renderedInBrowser = /[?&](token|kiosk|embedded)(=|&|$)/;

/** The longest a page waits for its first view; past it the themed template is sent. */
const firstViewTimeoutMs = 3_000;

/**
 * First views a process has in progress at once (each waits on its in-process calls between its
 * render passes); a page past that gets the themed template at once, which the browser renders as
 * before. It bounds the renders' memory and waiting on a database server; their CPU is bounded by
 * `FirstViews.busy` (on PGlite a render's calls never yield to the network, so renders run one
 * after another and this limit is rarely reached).
 */
export const maxConcurrentFirstViews = 4;

/** A call's preload, in the mode the web app's fetches use (cors, with credentials). */
const preloadCall = (href: string) =>
  `<link rel="preload" href="${escapeAttribute(href)}" as="fetch" crossorigin="use-credentials">`;

/** Builds the page: the theme's CSS, fonts and logo, the screen's chunks and calls, into its sub-site's HTML. */
function renderSitePage(
  built: BuiltSite,
  page: { site: SiteName; chunks: string[]; calls: string[]; themeVenue: string | null },
  theme: Theme | undefined,
): string {
  const template = built.templates[page.site];
  const head: string[] = [];
  let html = template;
  // The theme call the page will make is the venue's when one is selected.
  if (page.themeVenue) {
    const { operator, venue } = built.manifest.themeCalls;
    const venueCall = venue.replace(':venue', encodeURIComponent(page.themeVenue));
    html = html.replace(
      `<link rel="preload" href="${operator}"`,
      () => `<link rel="preload" href="${escapeAttribute(venueCall)}"`,
    );
  }
  if (theme) {
    const resolved = resolveWireTheme(theme);
    // Colours are normalised hex and fonts fixed stacks; '<' is still refused, so no value ends the <style>.
    const rules = Object.entries(themeCssVariables(resolved))
      .map(([name, value]) => `${name}:${value.replace(/[<>]/g, '')}`)
      .join(';');
    head.push(`<style id="theme-vars">:root{${rules}}</style>`);
    html = html.replace(/<html\b([^>]*)>/i, `<html$1 class="secondary-${resolved.secondaryButtonStyle}">`);
    // The theme's fonts replace the build's preloads of the default ones.
    html = html.replace(/^\s*<link rel="preload" href="[^"]*" as="font"[^>]*>\n?/gm, '');
    const faces: string[] = [];
    for (const key of new Set([resolved.headingFont, resolved.bodyFont])) {
      const font = built.manifest.fonts[key];
      if (!font) continue;
      faces.push(font.css);
      for (const file of font.files) {
        head.push(`<link rel="preload" href="${file}" as="font" type="font/woff2" crossorigin>`);
      }
    }
    if (faces.length > 0) head.push(`<style id="theme-fonts">${faces.join('').replace(/</g, '')}</style>`);
    const logo = preloadableUrl(resolved.logo ?? undefined);
    if (logo) head.push(`<link rel="preload" href="${escapeAttribute(logo)}" as="image">`);
  }
  for (const call of page.calls) if (!html.includes(`href="${call}"`)) head.push(preloadCall(call));
  for (const file of page.chunks)
    head.push(`<link rel="modulepreload" crossorigin href="${escapeAttribute(file)}">`);
  // A server-rendered screen shows before its chunk loads: its styles apply from the first paint.
  for (const file of built.manifest.sites[page.site].styles) {
    head.push(`<link rel="stylesheet" crossorigin href="${escapeAttribute(file)}">`);
  }
  if (head.length === 0) return html;
  return html.replace('</head>', `    ${head.join('\n    ')}\n  </head>`);
}

export interface SitePage {
  /** The page sends the browser to this same-site path instead (a route guard's redirect). */
  redirect?: string;
  html: string;
  etag: string;
  /** The hash of the inline script the page carries (its before-start script), for its CSP. */
  scriptHash?: string;
  /**
   * The page compressed as the request accepts it: made on the libuv pool (not the event loop) at
   * the first request that asks, and kept with the page. A first view is made for one request, so
   * it is compressed once, in the one encoding its browser takes.
   */
  encoded(encoding: PageEncoding): Promise<Buffer>;
}

export type PageEncoding = 'br' | 'gzip';

export interface SitePageRenderer {
  /** The page for a browser path, themed for a venue (or the operator); undefined with no build. */
  render(request: PageRequest): Promise<SitePage | undefined>;
}

const maxPages = 500;

const compressBrotli = promisify(brotliCompress);
const compressGzip = promisify(gzip);

function sitePage(html: string): SitePage {
  const encodings = new Map<PageEncoding, Promise<Buffer>>();
  return {
    html,
    etag: `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`,
    encoded(encoding) {
      let bytes = encodings.get(encoding);
      if (!bytes) {
        bytes =
          encoding === 'br'
            ? compressBrotli(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
            : compressGzip(html);
        encodings.set(encoding, bytes);
      }
      return bytes;
    },
  };
}

const rootElement = '<div id="root"></div>';

export interface FirstViews {
  renderer: FirstViewRenderer;
  /** Told of a first view that failed (the page then goes out without it). */
  onError(error: unknown): void;
  /**
   * Whether the process has no time to spare (lib/event-loop-load.ts). A first view costs CPU the
   * process's other requests wait for; when it is saturated (a release time's rush), pages go out
   * as the themed template, which the browser renders, until it is not.
   */
  busy(): boolean;
}

export function createSitePageRenderer(
  webRoot: string,
  themeReader: ThemeReader,
  firstViews?: FirstViews,
): SitePageRenderer {
  let rendering = 0;
  /**
   * The title each path's first view last set, rendered without a session (so no one's own data,
   * an order's reference, is in it): a page sent without its first view (the process busy, a kiosk
   * tab) still carries its title once the path has been rendered.
   */
  const titles = new Map<string, string>();
  /** The page with its first view in the root element; undefined when the browser renders it. */
  const withFirstView = async (
    built: BuiltSite,
    page: SitePage,
    site: SiteName,
    url: string,
    venue: string | null,
    signedIn: boolean,
    request: FirstViewRequest,
  ): Promise<SitePage | undefined> => {
    if (!firstViews || renderedInBrowser.test(request.search) || !page.html.includes(rootElement)) {
      return undefined;
    }
    if (rendering >= maxConcurrentFirstViews || firstViews.busy()) return undefined;
    rendering += 1;
    let timer: NodeJS.Timeout | undefined;
    try {
      const view = await Promise.race([
        firstViews.renderer.render({
          site,
          url: `${url}${request.search}`,
          venue,
          cookieHeader: request.cookieHeader,
          fetch: request.fetch,
        }),
        new Promise<undefined>((resolve) => {
          timer = setTimeout(() => resolve(undefined), firstViewTimeoutMs);
        }),
      ]);
      if (!view) return undefined;
      if ('redirect' in view) {
        // Only a path of this site (never an address elsewhere), in printable ASCII (as useHref encodes it).
        const sameSite = /^\/(?![/\\])[!-~]*$/.test(view.redirect);
        return sameSite ? { ...page, redirect: view.redirect } : undefined;
      }
      // The page holds the answers of its calls and the translations: their preloads would fetch
      // them again. Its scripts start after its first paint (the before-start script), so that on a
      // slow network the first paint's styles and fonts do not share it with them.
      let entry: string | undefined;
      const modules: string[] = [];
      if (view.title && !signedIn) {
        if (titles.size >= maxPages) titles.clear();
        titles.set(url, view.title);
      }
      const html = withPageTitle(page.html, view.title)
        .replace(/^\s*<link rel="preload" href="[^"]*" as="fetch"[^>]*>\n?/gm, '')
        .replace(/^\s*<script type="module" crossorigin src="([^"]+)"><\/script>\n?/m, (_, src: string) => {
          entry = src;
          return '';
        })
        .replace(/^\s*<link rel="modulepreload" crossorigin href="([^"]+)">\n?/gm, (_, href: string) => {
          modules.push(href);
          return '';
        })
        // A function replacement inserts the view's text as it is ('$' patterns are not expanded).
        .replace(
          rootElement,
          () =>
            `<script data-entry="${escapeAttribute(entry ?? '')}" data-modules="${escapeAttribute(modules.join(' '))}">` +
            `${built.manifest.beforeStart}</script><div id="root">${view.html}</div>${view.stateScript}`,
        );
      if (!entry) return undefined;
      return { ...sitePage(html), scriptHash: built.beforeStartHash };
    } catch (error) {
      firstViews.onError(error);
      return undefined;
    } finally {
      rendering -= 1;
      clearTimeout(timer);
    }
  };
  let built: BuiltSite | undefined;
  let builtAt = -1;
  const pages = new Map<string, SitePage>();
  /**
   * The build as it is now: a new build (its page manifest, written last, rewritten) is read again,
   * and old pages dropped.
   */
  const currentBuild = (): BuiltSite | undefined => {
    const stamp = (() => {
      try {
        return statSync(path.join(webRoot, sitePagesManifestFile)).mtimeMs;
      } catch {
        return 0;
      }
    })();
    if (!built || stamp !== builtAt) {
      built = readBuiltSite(webRoot);
      builtAt = stamp;
      pages.clear();
    }
    return built;
  };
  const readTheme = async (
    venue: string | null,
  ): Promise<{ data: Theme; etag: string; venue: string | null } | undefined> => {
    try {
      return { ...(await themeReader.readTheme(venue ?? undefined)), venue };
    } catch {
      // An unknown venue falls back to the operator's theme (as the page does); a failure leaves
      // the build's defaults and the page's own theme call decides (maintenance, error page).
      if (venue === null) return undefined;
      return readTheme(null);
    }
  };
  return {
    async render({ url, venue, signedIn, firstView }) {
      const build = currentBuild();
      if (!build) return undefined;
      const site = siteOfPath(url);
      const route = routeOf(build, site, url, signedIn);
      const calls = [...(signedIn ? build.manifest.userCalls : []), ...route.calls];
      const theme = await readTheme(venue);
      const title = titles.get(url);
      const key = `${url}|${signedIn}|${theme?.venue ?? ''}|${theme?.etag ?? ''}|${title ?? ''}`;
      let page = pages.get(key);
      if (!page) {
        page = sitePage(
          withPageTitle(
            renderSitePage(
              build,
              { site, chunks: route.chunks, calls, themeVenue: theme?.venue ?? null },
              theme?.data,
            ),
            title,
          ),
        );
        if (pages.size >= maxPages) pages.clear();
        pages.set(key, page);
      }
      // The first view holds the data of the moment (and the user's own): rendered for each request.
      return (firstView && (await withFirstView(build, page, site, url, venue, signedIn, firstView))) ?? page;
    },
  };
}
