import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { screenSources, sitePagesManifest } from './build/site-pages';

/** The dev server's deep links: /account/..., /join/... and /admin/... get their sub-site's HTML, like the API does. */
function subSiteFallback(): Plugin {
  return {
    name: 'sub-site-fallback',
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        const url = request.url ?? '/';
        const path = url.split('?')[0] ?? '/';
        const wantsHtml = request.headers.accept?.includes('text/html');
        if (wantsHtml && !path.includes('.') && !path.startsWith('/api/')) {
          if (path === '/account' || path.startsWith('/account/')) request.url = '/account/index.html';
          else if (path === '/join' || path.startsWith('/join/')) request.url = '/join/index.html';
          else if (path === '/admin' || path.startsWith('/admin/')) request.url = '/admin/index.html';
        }
        next();
      });
    },
  };
}

/**
 * The spec's default fonts (garage gothic -> Oswald, and Roboto; shell-session-basket.md 3) start
 * downloading with the HTML. The page waits for the theme's fonts before it shows (the spinner),
 * so without this they only start after the JS, the theme call and the font CSS.
 */
function preloadDefaultFonts(): Plugin {
  const defaultFont = /^assets\/(oswald|roboto)-latin-(400|700)-normal-[\w-]+\.woff2$/;
  return {
    name: 'preload-default-fonts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        // The console (admin/) is not themed: it uses the system's fonts.
        if (/[/\\]admin[/\\]index\.html$/.test(context.filename)) return [];
        const files = Object.keys(context.bundle ?? {}).filter((file) => defaultFont.test(file));
        return files.map((file) => ({
          tag: 'link',
          attrs: { rel: 'preload', href: `/${file}`, as: 'font', type: 'font/woff2', crossorigin: '' },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

/**
 * In mock-API mode no API server answers: the service worker does, but only once it has started,
 * so the HTML's preloads of API calls would fetch (and fail) before it, and the app would reuse the
 * failed answers. Mock mode drops them.
 */
function mockApiHtml(): Plugin {
  return {
    name: 'mock-api-html',
    transformIndexHtml(html) {
      if (process.env.VITE_MOCK_API !== 'true') return html;
      return html.replace(/^\s*<link rel="preload" href="\/api\/[^"]*"[^>]*>\n/gm, '');
    },
  };
}

/**
 * The mock API's service worker (MSW) is served by the dev server only, from `mock-api/`: kept out
 * of `public/`, a build never copies it, so a served build holds no mock code (issue 44).
 */
function mockServiceWorker(): Plugin {
  const file = resolve(import.meta.dirname, 'mock-api/mockServiceWorker.js');
  return {
    name: 'mock-service-worker',
    apply: 'serve',
    configureServer(server) {
      if (process.env.VITE_MOCK_API !== 'true') return;
      server.middlewares.use((request, response, next) => {
        if (request.url?.split('?')[0] !== '/mockServiceWorker.js') return next();
        response.setHeader('content-type', 'text/javascript; charset=utf-8');
        response.setHeader('cache-control', 'no-cache');
        response.end(readFileSync(file));
      });
    },
  };
}

/**
 * Phones on slow networks (issue 16): every text file of the build gets a brotli (.br) and a gzip
 * (.gz) copy beside it, which the API server's static handler sends to browsers that accept them
 * (`preCompressed`). Compressing once at build time costs no CPU per request.
 */
function precompress(): Plugin {
  const compressible = /\.(js|css|html|json|svg|txt|webmanifest)$/;
  let outDir = 'dist';
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const file = join(dir, name);
      return statSync(file).isDirectory() ? walk(file) : [file];
    });
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of walk(outDir)) {
        if (!compressible.test(file) || statSync(file).size < 1024) continue;
        const source = readFileSync(file);
        writeFileSync(`${file}.gz`, gzipSync(source, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

/**
 * The modules every sub-site's first view runs (React, the router, the query cache, i18next, the
 * shell), found once the module graph is built: each is statically imported by all three entries.
 * Left to the automatic splitting they were 15 chunks of 0.3 to 255 KB, split by which lazy screens
 * also import them, so each page started with 15 requests, 15 module compiles and 15 preload tasks
 * for code it always loads together (issue 16). In one chunk ('start') they come as one.
 */
function sharedStart(): { plugin: Plugin; has: (id: string) => boolean } {
  let shared = new Set<string>();
  const plugin: Plugin = {
    name: 'shared-start',
    apply: 'build',
    buildEnd() {
      const reached = (entry: string) => {
        const seen = new Set<string>();
        const queue = [entry];
        for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
          if (seen.has(id)) continue;
          seen.add(id);
          queue.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
        return seen;
      };
      // The customer sites' entries: the console (admin/) starts on its own and must not narrow what
      // the customer sites share; it loads the 'start' chunk for the modules it has in common with them.
      const entries = [...this.getModuleIds()].filter(
        (id) =>
          this.getModuleInfo(id)?.isEntry &&
          !/[/\\]admin[/\\]index\.html$/.test(id) &&
          !id.includes('/src/sites/admin/'),
      );
      const [first, ...rest] = entries.map(reached);
      shared = new Set([...(first ?? [])].filter((id) => rest.every((graph) => graph.has(id))));
      for (const entry of entries) shared.delete(entry);
    },
  };
  return { plugin, has: (id) => shared.has(id) };
}

const start = sharedStart();

/**
 * React Router's package sends bundlers to its development build whatever the mode (its exports have
 * no production condition: remix-run/react-router#14753), which checks and warns as it routes. The
 * browser's build takes the production build the package ships beside it.
 */
const reactRouterProduction = join(
  dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

// One multi-page build, four sub-sites: bookings at /, my-account at /account/, joining at /join/,
// and the operator console at /admin/ (decision 072: no server rendering, no theme).
// `vite build --ssr` builds the server's renderer of their first views into dist-ssr/ (decision 027),
// outside dist/ so the static handler never serves it, then writes the page manifest the API server
// sends the pages from (dist/.site-pages.json; build/site-pages.ts, decision 059).
export default defineConfig(({ isSsrBuild, command }) =>
  isSsrBuild
    ? {
        plugins: [react(), screenSources(import.meta.dirname), sitePagesManifest(import.meta.dirname)],
        // Bundled, not loaded from node_modules: a CommonJS package that throws as it loads (Leaflet
        // reads `window`) would end the server's process on Node 20; bundled, its chunk's import
        // only fails. The map is never rendered on the server (centre-step.tsx) in any case.
        ssr: { noExternal: ['leaflet', 'leaflet.markercluster', 'react-leaflet', '@react-leaflet/core'] },
        build: {
          outDir: 'dist-ssr',
          emptyOutDir: true,
          sourcemap: true,
        },
      }
    : {
        plugins: [
          react(),
          subSiteFallback(),
          preloadDefaultFonts(),
          mockApiHtml(),
          mockServiceWorker(),
          precompress(),
          start.plugin,
        ],
        resolve: {
          alias: command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
        },
        build: {
          outDir: 'dist',
          emptyOutDir: true,
          // No source maps in what browsers are served (issue 44): the server's renderer keeps its own
          // (dist-ssr/, never served) for its stack traces.
          sourcemap: false,
          // The page manifest is written from it (build/site-pages.ts); never served (app.ts).
          manifest: true,
          rolldownOptions: {
            input: {
              bookings: resolve(import.meta.dirname, 'index.html'),
              account: resolve(import.meta.dirname, 'account/index.html'),
              joining: resolve(import.meta.dirname, 'join/index.html'),
              admin: resolve(import.meta.dirname, 'admin/index.html'),
            },
            output: {
              codeSplitting: { groups: [{ name: (id) => (start.has(id) ? 'start' : null) }] },
            },
          },
        },
        server: {
          port: 5173,
          proxy: { '/api': 'http://localhost:3000', '/dev': 'http://localhost:3000' },
        },
      },
);
