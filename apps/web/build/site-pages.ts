/**
 * The page manifest (docs/decisions/059): what the API server needs to send each sub-site's pages,
 * written by the web build from the web app's own route definitions into `dist/.site-pages.json`
 * (a dot file: never served). The server holds no copy of the web's routes, chunks or calls.
 *
 * - `screenSources` (SSR build, and the tests that read the routes) names on each lazy screen of a
 *   route definition the module it loads (`lazyWithTimeout`'s loader gets a `source`).
 * - `sitePagesManifest` (SSR build, after it has written dist-ssr/) loads the built renderer, asks
 *   it for the routes (`sitePageFacts`: each route's pattern, lazy screens and declared first
 *   calls), finds their chunks in Vite's manifest of the browser build, compiles the before-start
 *   script (src/sites/before-start.ts) into one classic script, and writes the manifest.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Manifest, type Plugin } from 'vite';
// By path, not by package name: Vite loads its config (and this file) with Node, which loads a
// package from node_modules as it is, and the contract's package is TypeScript.
import {
  type SitePageFacts,
  type SitePagesManifest,
  sitePagesManifestFile,
  zSitePagesManifest,
} from '../../../packages/contract/src/site-pages';
import type { SiteName } from '../../../packages/contract/src/sites';

/** Each sub-site's HTML in dist/, which is also its entry's key in Vite's manifest. */
export const siteHtml: Record<SiteName, string> = {
  bookings: 'index.html',
  account: 'account/index.html',
  joining: 'join/index.html',
};

const lazyImport = /lazyWithTimeout\(\s*\(\)\s*=>\s*import\((['"])([^'"]+)\1\)/g;

/** Gives each lazy screen's loader in src/sites/ the module it loads, as Vite's manifest names it. */
export function screenSources(root: string): Plugin {
  return {
    name: 'screen-sources',
    enforce: 'pre',
    async transform(code, id) {
      if (!id.includes('/src/sites/') || !/\.tsx?$/.test(id) || !code.includes('lazyWithTimeout(')) return;
      let out = '';
      let at = 0;
      for (const match of code.matchAll(lazyImport)) {
        const [whole, , specifier] = match;
        const resolved = await this.resolve(specifier ?? '', id);
        if (!resolved) continue;
        const source = path
          .relative(root, resolved.id.split('?')[0] ?? '')
          .split(path.sep)
          .join('/');
        const loader = whole.slice('lazyWithTimeout('.length);
        out += `${code.slice(at, match.index)}lazyWithTimeout(Object.assign(${loader}, { source: ${JSON.stringify(source)} })`;
        at = match.index + whole.length;
      }
      // Text is only inserted within lines: the build's source maps stay right but for those columns.
      return at === 0 ? undefined : { code: out + code.slice(at), map: null };
    },
  };
}

/** The live joining map's modules (features/venue-map/load-live-map.ts): loaded on demand only. */
const liveMapModules = /\/venue-map\/(live-map|leaflet-global)\.tsx?$/;

/** The manifest's chunks reachable from `keys` by static imports (and dynamic ones with `lazy`), but those `skip` names. */
function reachable(manifest: Manifest, keys: string[], lazy = false, skip?: RegExp) {
  const seen = new Set<string>();
  const chunks: Manifest[string][] = [];
  const visit = (key: string) => {
    if (seen.has(key) || skip?.test(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    chunks.push(chunk);
    for (const next of [...(chunk.imports ?? []), ...(lazy ? (chunk.dynamicImports ?? []) : [])]) visit(next);
  };
  for (const key of keys) visit(key);
  return chunks;
}

const unique = (files: string[]) => [...new Set(files)];

/** Per font family: its @font-face rules (weights 400 and 700, fontsource's latin files) and their woff2 files. */
export function readFontFaces(dist: string): Record<string, { css: string; files: string[] }> {
  const fonts: Record<string, { css: string; files: string[] }> = {};
  const assets = path.join(dist, 'assets');
  const files = existsSync(assets)
    ? readdirSync(assets).filter((name) => /^latin-(400|700)-[\w-]+\.css$/.test(name))
    : [];
  for (const name of files.sort()) {
    const css = readFileSync(path.join(assets, name), 'utf8');
    const family = /font-family:\s*['"]?([^;'"}]+)['"]?\s*;/.exec(css)?.[1]?.trim();
    if (!family) continue;
    const entry = fonts[family] ?? { css: '', files: [] };
    fonts[family] = entry;
    entry.css += css.trim();
    for (const [, url] of css.matchAll(/url\((\/assets\/[\w.-]+\.woff2)\)/g)) if (url) entry.files.push(url);
  }
  return fonts;
}

/** The manifest from the routes' facts and what the browser build wrote. */
export function assembleSitePages(input: {
  facts: SitePageFacts;
  viteManifest: Manifest;
  templates: Record<SiteName, string>;
  /** The fonts' faces by family (readFontFaces). */
  fonts: Record<string, { css: string; files: string[] }>;
  beforeStart: string;
}): SitePagesManifest {
  const { facts, viteManifest, templates } = input;
  const files = (chunks: Manifest[string][]) => unique(chunks.map((chunk) => `/${chunk.file}`));
  const sites = Object.fromEntries(
    (Object.keys(siteHtml) as SiteName[]).map((site) => {
      // Every stylesheet of the sub-site's chunks, lazy ones included: a server-rendered screen
      // shows before its chunk loads. Not the theme fonts' (the theme writes its own) nor the live
      // map's (Leaflet's, loaded when the visitor reaches for the map).
      const chunks = reachable(viteManifest, [siteHtml[site]], true, liveMapModules);
      const styles = unique(
        chunks.flatMap((chunk) => chunk.css ?? []).filter((css) => !/(^|\/)latin-\d+-/.test(css)),
      );
      return [
        site,
        {
          html: siteHtml[site],
          styles: styles.map((css) => `/${css}`).filter((css) => !templates[site].includes(css)),
        },
      ];
    }),
  ) as SitePagesManifest['sites'];
  const routes = facts.routes.map((route) => {
    const missing = route.screens.filter((screen) => !viteManifest[screen]);
    if (missing.length > 0)
      throw new Error(`${route.path}: the build has no chunk for ${missing.join(', ')}`);
    return {
      site: route.site,
      path: route.path,
      chunks: files(reachable(viteManifest, route.screens)).filter(
        (file) => !templates[route.site].includes(file),
      ),
      calls: route.calls,
      userCalls: route.userCalls,
    };
  });
  return zSitePagesManifest.parse({
    version: 1,
    sites,
    routes,
    userCalls: facts.userCalls,
    themeCalls: facts.themeCalls,
    // By the theme's font key, as the server finds a theme's fonts.
    fonts: Object.fromEntries(
      Object.entries(facts.fontFamilies).flatMap(([key, family]) => {
        const faces = input.fonts[family];
        return faces ? [[key, faces]] : [];
      }),
    ),
    beforeStart: input.beforeStart,
  });
}

/** src/sites/before-start.ts as one minified classic script (it runs inline, before any module). */
export async function compileBeforeStart(root: string): Promise<string> {
  const output = await build({
    configFile: false,
    root,
    logLevel: 'warn',
    build: {
      write: false,
      minify: true,
      emptyOutDir: false,
      lib: {
        entry: path.join(root, 'src/sites/before-start.ts'),
        formats: ['iife'],
        name: 'leisureBeforeStart',
      },
    },
  });
  const results = Array.isArray(output) ? output : [output];
  const chunk = results
    .flatMap((result) => ('output' in result ? result.output : []))
    .find((file) => file.type === 'chunk');
  if (chunk?.type !== 'chunk') throw new Error('The before-start script did not compile');
  return chunk.code.trim();
}

/** Writes dist/.site-pages.json once the SSR build has written dist-ssr/ (the browser build is done by then). */
export function sitePagesManifest(root: string): Plugin {
  return {
    name: 'site-pages-manifest',
    apply: 'build',
    async closeBundle() {
      const dist = path.join(root, 'dist');
      const renderer = path.join(root, 'dist-ssr/render-on-server.js');
      const { sitePageFacts } = (await import(pathToFileURL(renderer).href)) as {
        sitePageFacts(): SitePageFacts;
      };
      const viteManifest = JSON.parse(
        readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'),
      ) as Manifest;
      const templates = Object.fromEntries(
        Object.entries(siteHtml).map(([site, file]) => [site, readFileSync(path.join(dist, file), 'utf8')]),
      ) as Record<SiteName, string>;
      const manifest = assembleSitePages({
        facts: sitePageFacts(),
        viteManifest,
        templates,
        fonts: readFontFaces(dist),
        beforeStart: await compileBeforeStart(root),
      });
      writeFileSync(path.join(dist, sitePagesManifestFile), `${JSON.stringify(manifest, null, 1)}\n`);
    },
  };
}
