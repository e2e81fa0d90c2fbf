import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FontKey, Theme } from '@leisure/contract/operator';
import { resolveWireTheme, themeCssVariables } from '@leisure/contract/theme-css';
import type { SiteName } from '../../lib/public-urls';
import type { ThemeReader } from './theme.service';

/**
 * Each sub-site's HTML as the API server sends it (docs/decisions/020-phones-first-paint.md): the
 * built index.html with the operator's (or the selected venue's) theme written in, so a phone's
 * first paint has the right colours and fonts without waiting for a script:
 *
 * - the theme's custom properties on :root in a <style>, and its secondary-button class on <html>;
 * - the theme's fonts as @font-face rules (font-display: swap) with preloads of their files, in
 *   place of the build's preloads of the default fonts;
 * - modulepreload (and style preload) of the chunk of the screen the path opens, so it downloads
 *   beside the entry script instead of after it;
 * - a preload of the logo the header shows;
 * - preloads of the calls the screen makes first (and of the user's when a session is held), and of
 *   the selected venue's theme instead of the operator's;
 * - the page's own title, as its first view set it (decision 051).
 *
 * The page still calls api/client and api/frontend/theme (the HTML preloads both), so their
 * failures keep their meaning (the maintenance page on 503). Finished pages are kept per sub-site,
 * screen and theme answer (its ETag), with their gzip and brotli encodings once asked for, so a
 * request costs the cached theme lookup and no rendering. The build's files are read again when index.html changes.
 */

const siteHtmlFiles: Record<SiteName, string> = {
  bookings: 'index.html',
  account: 'account/index.html',
  joining: 'join/index.html',
};

/** Which sub-site a browser path belongs to. */
export function siteOfPath(url: string): SiteName {
  if (url === '/account' || url.startsWith('/account/')) return 'account';
  if (url === '/join' || url.startsWith('/join/')) return 'joining';
  return 'bookings';
}

const screens = 'src/sites';
const venuesCall = '/api/activities/venues';
const venueCalls = (venue: string) => `/api/activities/venue/${venue}`;

/**
 * The lazy screen (source module, as the build manifest names it) each path opens first, and the
 * anonymous API calls it makes first (exactly as the web app writes them, so the browser reuses the
 * preloaded answers); a path's slugs are used only when they are plain slugs.
 */
const routeScreens: {
  site: SiteName;
  pattern: RegExp;
  modules: string[];
  calls?: (match: RegExpExecArray) => string[];
  /** Calls it makes first for a signed-in user. */
  userCalls?: string[];
}[] = [
  {
    site: 'bookings',
    pattern: /^\/$/,
    modules: [`${screens}/bookings/screens/home-page.tsx`],
    calls: () => [venuesCall],
  },
  {
    site: 'bookings',
    pattern: /^\/location\/([a-z0-9-]+)\/?$/,
    modules: [`${screens}/bookings/screens/venue-page.tsx`],
    calls: ([, venue = '']) => [venuesCall, `${venueCalls(venue)}/categories`],
  },
  {
    site: 'bookings',
    pattern: /^\/location\/[^/]+\/[^/]+\/?$/,
    modules: [`${screens}/bookings/screens/category-page.tsx`],
  },
  {
    site: 'bookings',
    pattern: /^\/location\/([a-z0-9-]+)\/([a-z0-9-]+)\/\d{4}-\d{2}-\d{2}\/by-time(\/.*)?$/,
    modules: [`${screens}/bookings/screens/by-time-page.tsx`],
    calls: ([, venue = '', activity = '']) => [
      venuesCall,
      `${venueCalls(venue)}/categories/${activity}`,
      `${venueCalls(venue)}/activity-category/${activity}/dates`,
    ],
  },
  {
    site: 'bookings',
    pattern: /^\/location\/[^/]+\/[^/]+\/[^/]+\/by-time(\/.*)?$/,
    modules: [`${screens}/bookings/screens/by-time-page.tsx`],
  },
  { site: 'bookings', pattern: /^\/basket\/?$/, modules: [`${screens}/bookings/screens/basket-page.tsx`] },
  {
    site: 'bookings',
    pattern: /^\/basket\/checkout\/?$/,
    modules: [`${screens}/bookings/screens/checkout-page.tsx`],
  },
  {
    site: 'account',
    pattern: /^\/account\/login\/?$/,
    modules: [`${screens}/account/screens/login-screen.tsx`],
  },
  {
    site: 'account',
    pattern: /^\/account\/register\/?$/,
    modules: [`${screens}/account/screens/register-screen.tsx`],
  },
  {
    site: 'account',
    pattern: /^\/account\/?$/,
    modules: [`${screens}/account/account-layout.tsx`, `${screens}/account/screens/dashboard-screen.tsx`],
    userCalls: ['/api/my-account/bookings?filter=future'],
  },
  {
    site: 'joining',
    pattern: /^\/join(\/|\/centre\/.*)?$/,
    modules: [`${screens}/joining/screens/joining-page.tsx`],
  },
];

/** The font families the theme's font keys are served as (docs/decisions/004-fonts.md). */
const fontFamilies: Record<FontKey, string> = {
  garage_gothic: 'Oswald',
  lato: 'Lato',
  open_sans: 'Open Sans',
  roboto: 'Roboto',
};

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

/** What the build left in dist that the pages refer to, read once. */
interface BuiltSite {
  templates: Partial<Record<SiteName, string>>;
  manifest: Record<string, ManifestChunk>;
  /** Per font family: its @font-face rules (weights 400 and 700) and the woff2 files they name. */
  fonts: Map<string, { css: string; files: string[] }>;
}

function readBuiltSite(webRoot: string): BuiltSite {
  const templates: BuiltSite['templates'] = {};
  for (const [site, file] of Object.entries(siteHtmlFiles) as [SiteName, string][]) {
    const full = path.join(webRoot, file);
    if (existsSync(full)) templates[site] = readFileSync(full, 'utf8');
  }
  const manifestFile = path.join(webRoot, '.vite/manifest.json');
  const manifest = existsSync(manifestFile)
    ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as BuiltSite['manifest'])
    : {};
  const fonts: BuiltSite['fonts'] = new Map();
  const assets = path.join(webRoot, 'assets');
  const fontCss = existsSync(assets)
    ? readdirSync(assets).filter((name) => /^latin-(400|700)-[\w-]+\.css$/.test(name))
    : [];
  for (const name of fontCss) {
    const css = readFileSync(path.join(assets, name), 'utf8');
    const family = /font-family:\s*['"]?([^;'"}]+)['"]?\s*;/.exec(css)?.[1]?.trim();
    if (!family) continue;
    const entry = fonts.get(family) ?? { css: '', files: [] };
    entry.css += css.trim();
    for (const [, url] of css.matchAll(/url\((\/assets\/[\w.-]+\.woff2)\)/g)) if (url) entry.files.push(url);
    fonts.set(family, entry);
  }
  return { templates, manifest, fonts };
}

/** Text for an HTML attribute value in double quotes. */
export function escapeAttribute(value: string): string {
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

/** The live joining map's modules (features/venue-map/load-live-map.ts): loaded on demand only. */
const liveMapModules = /\/venue-map\/(live-map|leaflet-global)\.tsx?$/;

/** The manifest's chunks reachable from `keys` by static imports (and dynamic ones with `lazy`), but those `skip` names. */
function reachableChunks(
  built: BuiltSite,
  keys: string[],
  { lazy = false, skip }: { lazy?: boolean; skip?: RegExp } = {},
): ManifestChunk[] {
  const seen = new Set<string>();
  const chunks: ManifestChunk[] = [];
  const visit = (key: string) => {
    if (seen.has(key) || skip?.test(key)) return;
    seen.add(key);
    const chunk = built.manifest[key];
    if (!chunk) return;
    chunks.push(chunk);
    for (const imported of [...(chunk.imports ?? []), ...(lazy ? (chunk.dynamicImports ?? []) : [])]) {
      visit(imported);
    }
  };
  for (const key of keys) visit(key);
  return chunks;
}

/** The scripts a screen needs beyond what the sub-site's HTML already loads. */
function screenScripts(built: BuiltSite, modules: string[], template: string): string[] {
  const files = reachableChunks(built, modules).map((chunk) => `/${chunk.file}`);
  return [...new Set(files)].filter((file) => !template.includes(file));
}

/**
 * Every stylesheet of a sub-site's chunks, the lazy ones included: a page rendered on the server
 * shows its screen, and whatever it opens first, before their scripts load, so their styles must
 * apply from the first paint (else the page shifts when a chunk's CSS arrives). The theme fonts'
 * CSS (written in by the theme) and the live joining map's (Leaflet's, which loads when the visitor
 * reaches for the map, over its server-rendered picture) are left out.
 */
function siteStyles(built: BuiltSite, site: SiteName, template: string): string[] {
  const chunks = reachableChunks(built, [siteHtmlFiles[site]], { lazy: true, skip: liveMapModules });
  const files = chunks.flatMap((chunk) => chunk.css ?? []).filter((css) => !/(^|\/)latin-\d+-/.test(css));
  return [...new Set(files.map((css) => `/${css}`))].filter((file) => !template.includes(file));
}

/** Text for an HTML element's content. */
function escapeText(value: string): string {
  return value.replace(/[&<>]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The page with its own document title (the spec's '{app} | {title}') in place of the template's,
 * so that the first view, a bookmark and a screen reader have it before any script runs (issue 45).
 */
export function withPageTitle(html: string, title: string | undefined): string {
  if (!title) return html;
  return html.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeText(title)}</title>`);
}

/** Builds the page: the theme's CSS, fonts and logo, and the screen's chunks, into the template. */
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

export function renderSitePage(
  built: BuiltSite,
  template: string,
  page: { site: SiteName; screenModules: string[]; calls: string[]; themeVenue: string | null },
  theme: Theme | undefined,
): string {
  const head: string[] = [];
  let html = template;
  // The theme call the page will make is the venue's when one is selected.
  if (page.themeVenue) {
    html = html.replace(
      '<link rel="preload" href="/api/frontend/theme"',
      `<link rel="preload" href="/api/frontend/theme?venue=${encodeURIComponent(page.themeVenue)}"`,
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
    const families = [...new Set([resolved.headingFont, resolved.bodyFont])].map((key) => fontFamilies[key]);
    const faces: string[] = [];
    for (const family of families) {
      const font = built.fonts.get(family);
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
  for (const file of screenScripts(built, page.screenModules, template))
    head.push(`<link rel="modulepreload" crossorigin href="${file}">`);
  for (const file of siteStyles(built, page.site, template)) {
    head.push(`<link rel="stylesheet" crossorigin href="${file}">`);
  }
  if (head.length === 0) return html;
  return html.replace('</head>', `    ${head.join('\n    ')}\n  </head>`);
}

export interface SitePage {
  /** The page sends the browser to this same-site path instead (a route guard's redirect). */
  redirect?: string;
  html: string;
  etag: string;
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

/**
 * A server-rendered page shows its buttons and forms before its script has made them work (on a
 * slow phone, for seconds). This script, inline so that it is in force at once (the CSP allows it
 * by its hash), covers that time:
 *
 * - No form of the app is ever sent by the browser (each is the app's, by its submit handler); one
 *   submitted before the app starts would be sent as a GET with its fields (a password) in the
 *   address. Every submit the app has not handled is refused.
 * - A button, checkbox or radio tapped before React has hydrated it would do nothing, or change
 *   the page without the app knowing (React drops a tap on a part it cannot hydrate yet, and one
 *   on a part hydrated but not yet committed: journeys' taps were lost both ways). The tap is held,
 *   and given again once the element works: once the app says its first view is committed
 *   (`leisureLive`, set by shared/app/app-started.tsx's effect) and React has hydrated the element
 *   (its props are on it), or, should that mark ever change, 3 s after; and once the page is idle
 *   (no hydration half done). One React stops at its root (a part it could not finish hydrating
 *   at once) is given again later; after 30 s it is dropped. A checkbox or radio shows its tap
 *   meanwhile. A select's choice is held the same way (the select shows its first value until
 *   then). What works already passes untouched.
 * - Text typed into a field stays in it, and a form reads it when sent; but React takes the field's
 *   text as its own first value when it hydrates, so an app that acts as the text changes (a live
 *   search) would never learn it. Once React works the field, it is told of the text as typed.
 * - The app's scripts (its element's `data-entry` and `data-modules`) start once the page has
 *   painted its content (first-contentful-paint), even when its load event comes first (a fast
 *   network): started before the first paint, they counted in Lighthouse's estimate of it (a
 *   joining centre's page: 86 instead of 98). A browser without paint timing, and a tab in the
 *   background (it paints nothing), start them at the load event. The preloads go on one a
 *   task, the entry after them.
 */
export const beforeStartScript = [
  "addEventListener('submit',function(e){e.preventDefault()});",
  '(function(){',
  // Whether React works an element: the page's first view is committed (live), and the element's
  // props are on it or the page has been live for 3 s.
  "var works=function(n){return window.leisureLive&&(Object.keys(n).some(function(k){return k.indexOf('__reactProps$')===0})",
  '||Date.now()-window.leisureLive>3000)};',
  // Gives an event again; false when it did not reach the element: React stops an event at the
  // root while the element's part is hydrated but not committed (it cannot finish it at once), so
  // it is given again later.
  'var give=function(n,type,act){var reached=false,mark=function(){reached=true};',
  'n.addEventListener(type,mark);try{act()}finally{n.removeEventListener(type,mark)}return reached};',
  // Once React works the element and the page is idle (React has no hydration in progress: one
  // half done takes an event without acting on it), the event is given again.
  'var idle=window.requestIdleCallback||function(f){return setTimeout(f,50)};',
  'var when=function(n,then){var until=Date.now()+30000;',
  '(function again(){if(!n.isConnected||Date.now()>until)return;if(!works(n))return requestAnimationFrame(again);',
  'idle(function(){if(n.isConnected&&then()===false)requestAnimationFrame(again)},{timeout:1000})})()};',
  "addEventListener('click',function(e){",
  "var b=e.target&&e.target.closest&&e.target.closest('button,[role=button],input[type=checkbox],input[type=radio]');",
  'if(!b||works(b))return;e.stopPropagation();',
  // A checkbox or radio shows the tap at once; once React works it, React's tracker is set back
  // to the state before the tap (through its own setter) and the tap given again.
  "if(b.type==='checkbox'||b.type==='radio'){if(!b.leisureTapped){b.leisureTapped=1;",
  "when(b,function(){var c=b.checked;b.checked=!c;return give(b,'click',function(){b.click()})})}return}",
  "e.preventDefault();when(b,function(){return give(b,'click',function(){b.click()})})},true);",
  // A file chosen stays on its input (its input event is not typed text, below): once React works
  // the input, the change is given again.
  "addEventListener('change',function(e){var s=e.target;if(!s||works(s))return;",
  "if(s.tagName==='INPUT'&&s.type==='file'){e.stopPropagation();",
  "when(s,function(){return give(s,'change',function(){s.dispatchEvent(new Event('change',{bubbles:true}))})});return}",
  "if(s.tagName!=='SELECT')return;",
  'e.stopPropagation();var v=s.value;',
  'for(var i=0;i<s.options.length;i++)s.options[i].selected=s.options[i].defaultSelected;',
  "when(s,function(){s.value=v;return give(s,'change',function(){s.dispatchEvent(new Event('change',{bubbles:true}))})})},true);",
  // Typed text: React's tracker is set back to the field's first value (through its own setter),
  // the text put back beside it (the prototype's setter), and an input event tells the app.
  "addEventListener('input',function(e){var f=e.target;",
  "if(!f||(f.tagName!=='INPUT'&&f.tagName!=='TEXTAREA')||f.type==='file'||f.leisureTyped||works(f))return;f.leisureTyped=1;",
  'when(f,function(){var v=f.value;f.value=f.defaultValue;',
  "Object.getOwnPropertyDescriptor(Object.getPrototypeOf(f),'value').set.call(f,v);",
  "return give(f,'input',function(){f.dispatchEvent(new Event('input',{bubbles:true}))})})},true)",
  '})();',
  '(function(s){var d=s&&s.dataset,started=false;if(!d||!d.entry)return;',
  // The preloads go on one a task: each starts a request (5-8 ms with Lighthouse's network
  // recording, 20-30 ms of a phone's CPU as it simulates one), and thirty at once were a task of
  // 40-60 ms right after the first paint (/join/); three a task were still 50-100 ms each.
  // The next task is a message to itself, not a timer (a journey's fake clock holds timers).
  'var start=function(){if(started)return;started=true;',
  "var hs=d.modules.split(' ').filter(Boolean),i=0,ch=window.MessageChannel&&new MessageChannel();",
  "var next=function(){if(i<hs.length){var l=document.createElement('link');",
  "l.rel='modulepreload';l.crossOrigin='';l.href=hs[i++];document.head.appendChild(l)}",
  'if(i<hs.length)return ch?ch.port2.postMessage(0):next();',
  "var e=document.createElement('script');e.type='module';e.crossOrigin='';e.src=d.entry;",
  'document.head.appendChild(e)};if(ch)ch.port1.onmessage=next;next()};',
  "var paints=false;try{new PerformanceObserver(function(l){if(l.getEntriesByName('first-contentful-paint').length)start()})",
  ".observe({type:'paint',buffered:true});paints=PerformanceObserver.supportedEntryTypes.indexOf('paint')>=0}catch(x){}",
  // A page that loads before its first paint (a fast network) still waits for it; a browser
  // without paint timing, and a tab in the background (it paints nothing), start at the load
  // event; 2 s after it, should a first paint never be reported.
  "addEventListener('load',function(){if(!paints||document.visibilityState==='hidden')start();else setTimeout(start,2000)})",
  '})(document.currentScript)',
].join('');
export const beforeStartScriptHash = `'sha256-${createHash('sha256').update(beforeStartScript).digest('base64')}'`;

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
      // them again. Its scripts start after its first paint (beforeStartScript), so that on a slow
      // network the first paint's styles and fonts do not share it with them.
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
            `${beforeStartScript}</script><div id="root">${view.html}</div>${view.stateScript}`,
        );
      if (!entry) return undefined;
      return sitePage(html);
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
  /** The build as it is now: a new build (index.html rewritten) is read again, and old pages dropped. */
  const currentBuild = (): BuiltSite => {
    const stamp = (() => {
      try {
        return statSync(path.join(webRoot, siteHtmlFiles.bookings)).mtimeMs;
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
      const site = siteOfPath(url);
      const template = build.templates[site];
      if (!template) return undefined;
      const screen = routeScreens.findIndex((route) => route.site === site && route.pattern.test(url));
      const route = routeScreens[screen];
      const match = route?.pattern.exec(url);
      const calls = [
        ...(signedIn ? ['/api/auth/user'] : []),
        ...(route?.calls && match ? route.calls(match) : []),
        ...(signedIn ? (route?.userCalls ?? []) : []),
      ];
      const theme = await readTheme(venue);
      const title = titles.get(url);
      const key = `${url}|${signedIn}|${theme?.venue ?? ''}|${theme?.etag ?? ''}|${title ?? ''}`;
      let page = pages.get(key);
      if (!page) {
        page = sitePage(
          withPageTitle(
            renderSitePage(
              build,
              template,
              { site, screenModules: route?.modules ?? [], calls, themeVenue: theme?.venue ?? null },
              theme?.data,
            ),
            title,
          ),
        );
        if (pages.size >= maxPages) pages.clear();
        pages.set(key, page);
      }
      // The first view holds the data of the moment (and the user's own): rendered for each request.
      return (firstView && (await withFirstView(page, site, url, venue, signedIn, firstView))) ?? page;
    },
  };
}
