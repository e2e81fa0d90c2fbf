import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { type SitePageFacts, sitePagesManifestFile } from '@leisure/contract/site-pages';
import type { Manifest } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assembleSitePages,
  compileBeforeStart,
  readFontFaces,
  siteHtml,
} from '../../../../web/build/site-pages';
import { startTestApp, type TestApp } from '../../test/harness';
import { createClient, createVenue } from '../operator/operator.service';
import { saveTheme } from '../operator/theme.service';
import { cookieNames } from '../session/session';

/**
 * A built web app in miniature: the three sub-sites' HTML and the fonts' CSS, and the page manifest
 * written as the web build writes it (apps/web/build/site-pages.ts), from the web app's real route
 * definitions and its real before-start script; only the chunks are made up (one a screen, named
 * after its module). A route, a screen or a first call that moves in the web app moves here too.
 */
async function fakeWebDist(): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'leisure-web-'));
  const html = (entry: string) => `<!doctype html>
<html lang="en">
  <head>
    <link rel="preload" href="/api/frontend/theme" as="fetch" crossorigin="use-credentials" />
    <title>Book an activity</title>
    <script type="module" crossorigin src="/assets/${entry}.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/mount-site-1.js">
    <link rel="preload" href="/assets/oswald-latin-400-normal-default.woff2" as="font" type="font/woff2" crossorigin="">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;
  for (const dirName of ['account', 'join', 'assets']) mkdirSync(path.join(dir, dirName));
  const templates = { bookings: html('bookings-1'), account: html('account-1'), joining: html('joining-1') };
  writeFileSync(path.join(dir, 'index.html'), templates.bookings);
  writeFileSync(path.join(dir, 'account/index.html'), templates.account);
  writeFileSync(path.join(dir, 'join/index.html'), templates.joining);
  const face = (family: string, file: string, weight: number) =>
    `@font-face{font-family:${family};font-style:normal;font-display:swap;font-weight:${weight};src:url(/assets/${file}.woff2)format("woff2")}`;
  writeFileSync(path.join(dir, 'assets/latin-400-a.css'), face('Oswald', 'oswald-latin-400-normal-o4', 400));
  writeFileSync(path.join(dir, 'assets/latin-700-a.css'), face('Oswald', 'oswald-latin-700-normal-o7', 700));
  writeFileSync(path.join(dir, 'assets/latin-400-b.css'), face('Roboto', 'roboto-latin-400-normal-r4', 400));
  writeFileSync(path.join(dir, 'assets/latin-400-c.css'), face("'Lato'", 'lato-latin-400-normal-l4', 400));

  // Loaded by its path (the API's TypeScript does not check the web app's JSX).
  const { sitePageFacts } = (await import(path.join(webApp, 'src/sites/page-facts.ts'))) as {
    sitePageFacts(): SitePageFacts;
  };
  const facts = sitePageFacts();
  const chunkOf = (module: string) => `assets/${path.basename(module).replace(/\.tsx?$/, '')}-1.js`;
  const viteManifest: Manifest = {
    'src/features/venue-map/live-map.tsx': {
      file: 'assets/live-map-1.js',
      src: 'src/features/venue-map/live-map.tsx',
      css: ['assets/live-map-1.css'],
    },
    '_venue-activities.js': { file: 'assets/venue-activities-1.js' },
    'src/shared/app/mount-site.tsx': { file: 'assets/mount-site-1.js' },
  };
  const styles: Record<string, string[]> = {
    'venue-page': ['assets/activities-1.css'],
    'login-screen': ['assets/forms-1.css'],
  };
  for (const [site, file] of Object.entries(siteHtml)) {
    const screens = facts.routes.filter((route) => route.site === site).flatMap((route) => route.screens);
    viteManifest[file] = {
      file: `assets/${site}-1.js`,
      isEntry: true,
      dynamicImports: [...new Set(screens), 'src/features/venue-map/live-map.tsx'],
    };
    for (const screen of screens) {
      const name = path.basename(screen).replace(/\.tsx?$/, '');
      viteManifest[screen] = {
        file: chunkOf(screen),
        src: screen,
        imports: ['_venue-activities.js', 'src/shared/app/mount-site.tsx'].slice(
          name === 'venue-page' ? 0 : 1,
        ),
        css: styles[name] ?? [],
      };
    }
  }
  const manifest = assembleSitePages({
    facts,
    viteManifest,
    templates,
    fonts: readFontFaces(dir),
    beforeStart: await compileBeforeStart(webApp),
  });
  writeFileSync(path.join(dir, sitePagesManifestFile), JSON.stringify(manifest));
  const script = `export const screen = '${'venue page '.repeat(200)}';\n`;
  writeFileSync(path.join(dir, 'assets/venue-page-1.js'), script);
  writeFileSync(path.join(dir, 'assets/venue-page-1.js.br'), brotliCompressSync(script));
  return dir;
}

const webApp = path.resolve(import.meta.dirname, '../../../../web');

const themeVars = (html: string) => /<style id="theme-vars">:root\{([^}]*)\}<\/style>/.exec(html)?.[1] ?? '';

describe("the sub-sites' HTML carries the theme and the screen's chunks (decision 020)", () => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = await fakeWebDist();
    t = await startTestApp({ WEB_DIST_DIR: webDist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('with no operator yet, the page is the built HTML, and its own theme call decides what shows', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<script type="module" crossorigin src="/assets/bookings-1.js"></script>');
    expect(res.body).not.toContain('theme-vars');
  });

  describe('with an operator and a venue with its own theme', () => {
    beforeAll(async () => {
      const client = await createClient(t.db, {
        slug: 'test-operator',
        name: 'Test Operator Ltd',
        appName: 'Test Leisure',
        supportEmail: 'help@test.example',
      });
      if (!client) throw new Error('client not created');
      await saveTheme(t.db, client.id, null, {
        // Operator-controlled text that must not end the attribute it is written into.
        appLogo: '/uploads/logo.png"><script>alert(1)</script>',
        primaryColour: '#112233',
        headingFontStyle: 'garage_gothic',
        bodyFontStyle: 'roboto',
        secondaryButtonStyle: 'solid',
      });
      const teal = await createVenue(t.db, client.id, {
        slug: 'teal-venue',
        name: 'Teal Venue',
        address1: '1 Test Street',
        town: 'Leeds',
        postcode: 'LS1 1AA',
        lat: 53.8,
        lng: -1.55,
      });
      await saveTheme(t.db, client.id, teal.id, {
        appLogo: 'javascript:alert(1)',
        primaryColour: '#0B7A75',
        bodyFontStyle: 'lato',
        secondaryButtonStyle: 'outline',
      });
    });

    it("writes the operator's colours as custom properties, its fonts and its logo into each sub-site", async () => {
      for (const url of ['/', '/account/', '/join/', '/account/login', '/join/centre/no-such-venue']) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect(themeVars(res.body), url).toContain('--colour-primary:#112233');
        expect(themeVars(res.body)).toContain("--font-heading:'Oswald'");
        expect(res.body).toContain('<html lang="en" class="secondary-solid">');
        // The theme's fonts replace the build's preloads of the default ones.
        expect(res.body).not.toContain('oswald-latin-400-normal-default');
        expect(res.body).toContain(
          '<link rel="preload" href="/assets/oswald-latin-700-normal-o7.woff2" as="font"',
        );
        expect(res.body).toContain(
          '<link rel="preload" href="/assets/roboto-latin-400-normal-r4.woff2" as="font"',
        );
        expect(res.body).toContain('@font-face{font-family:Roboto;');
        expect(res.body).not.toContain('lato-latin');
        // The logo's address is escaped: no markup of the operator's reaches the page.
        expect(res.body).toContain(
          '<link rel="preload" href="/uploads/logo.png&#34;&#62;&#60;script&#62;alert(1)&#60;/script&#62;" as="image">',
        );
        expect(res.body).not.toContain('<script>alert(1)</script>');
      }
    });

    it("a selected venue's pages carry that venue's theme (the cookie, ?venue= on bookings pages, a venue's address)", async () => {
      const byCookie = await t.app.inject({
        method: 'GET',
        url: '/basket',
        cookies: { selected_venue: 'teal-venue' },
      });
      const byQuery = await t.app.inject({ method: 'GET', url: '/?venue=teal-venue' });
      const byPath = await t.app.inject({ method: 'GET', url: '/location/teal-venue/swimming' });
      const byCentre = await t.app.inject({
        method: 'GET',
        url: '/join/centre/teal-venue',
        cookies: { selected_venue: 'other-venue' },
      });
      for (const res of [byCookie, byQuery, byPath, byCentre]) {
        expect(themeVars(res.body)).toContain('--colour-primary:#0b7a75');
        expect(themeVars(res.body)).toContain("--font-body:'Lato'");
        expect(res.body).toContain('class="secondary-outline"');
        expect(res.body).toContain(
          '<link rel="preload" href="/assets/lato-latin-400-normal-l4.woff2" as="font"',
        );
        // A logo that is not a web address is not preloaded.
        expect(res.body).not.toContain('javascript:');
      }
      // The address selects its venue as the app does once started, so that a link followed before
      // then finds it selected; a page that only reads the cookie leaves it.
      for (const res of [byQuery, byPath, byCentre]) {
        expect(res.cookies.find((cookie) => cookie.name === 'selected_venue')).toMatchObject({
          value: 'teal-venue',
          path: '/',
          sameSite: 'Lax',
          maxAge: 365 * 24 * 60 * 60,
        });
      }
      expect(byCookie.cookies).toEqual([]);
      // My-account pages take the venue from the cookie only; an unknown venue falls back to the operator.
      const account = await t.app.inject({ method: 'GET', url: '/account/?venue=teal-venue' });
      expect(themeVars(account.body)).toContain('--colour-primary:#112233');
      const unknown = await t.app.inject({
        method: 'GET',
        url: '/',
        cookies: { selected_venue: 'no-such-venue' },
      });
      expect(themeVars(unknown.body)).toContain('--colour-primary:#112233');
    });

    it("preloads the chunks of the screen a path opens, and applies every stylesheet of the sub-site's chunks", async () => {
      const venuePage = await t.app.inject({ method: 'GET', url: '/location/teal-venue' });
      expect(venuePage.body).toContain(
        '<link rel="modulepreload" crossorigin href="/assets/venue-page-1.js">',
      );
      expect(venuePage.body).toContain(
        '<link rel="modulepreload" crossorigin href="/assets/venue-activities-1.js">',
      );
      // Server-rendered screens show before their chunks load: their styles apply from the first
      // paint (lazy chunks' too), all but the live joining map's, which is never rendered on the server.
      expect(venuePage.body).toContain('<link rel="stylesheet" crossorigin href="/assets/activities-1.css">');
      expect(venuePage.body).not.toContain('live-map-1.css');
      expect(venuePage.body.match(/mount-site-1\.js/g)).toHaveLength(1);
      const login = await t.app.inject({ method: 'GET', url: '/account/login' });
      expect(login.body).toContain('<link rel="modulepreload" crossorigin href="/assets/login-screen-1.js">');
      expect(login.body).toContain('<link rel="stylesheet" crossorigin href="/assets/forms-1.css">');
      expect(login.body).not.toContain('venue-page-1.js');
      expect(login.body).not.toContain('activities-1.css');
    });

    it("every first call the web app's routes declare is a route of this API", async () => {
      const manifest = JSON.parse(readFileSync(path.join(webDist, sitePagesManifestFile), 'utf8')) as {
        routes: { calls: string[]; userCalls: string[] }[];
        userCalls: string[];
      };
      const calls = [
        ...manifest.userCalls,
        ...manifest.routes.flatMap((route) => [...route.calls, ...route.userCalls]),
      ].map((call) => (call.split('?')[0] ?? '').replace(/:\w+/g, 'a-slug'));
      expect(calls.length).toBeGreaterThan(5);
      // The static files' wildcard route answers any path: a call it would answer is not an API route.
      const unrouted = calls.filter((url) => {
        const route = t.app.findRoute({ method: 'GET', url });
        return !route || '*' in (route.params as Record<string, string>);
      });
      expect(unrouted).toEqual([]);
    });

    it("preloads the screens every route of the web app's definitions opens", async () => {
      const preloads = async (url: string) => {
        const res = await t.app.inject({ method: 'GET', url });
        // Beside the template's own (the shared start chunk's).
        return [
          ...res.body.matchAll(/<link rel="modulepreload" crossorigin href="\/assets\/([^"]+)-1\.js">/g),
        ]
          .map((match) => match[1])
          .filter((name) => name !== 'mount-site');
      };
      expect(await preloads('/')).toEqual(['home-page']);
      expect(await preloads('/location/teal-venue/swimming')).toEqual(['category-page']);
      expect(await preloads('/location/teal-venue/swimming/2026-12-01/by-time/class/7')).toEqual([
        'by-time-page',
        'booking-modal-pages',
      ]);
      expect(await preloads('/basket/checkout')).toEqual(['checkout-page']);
      expect(await preloads('/account/')).toEqual(['account-layout', 'dashboard-screen']);
      expect(await preloads('/account/memberships')).toEqual(['account-layout', 'memberships-screen']);
      expect(await preloads('/account/login')).toEqual(['login-screen']);
      expect(await preloads('/join/centre/teal-venue/membership/gym')).toEqual(['joining-page']);
      // A path no route has (the app's not-found page) preloads no screen.
      expect(await preloads('/no-such-page/here')).toEqual([]);
    });

    it("preloads the calls the screen makes first, the selected venue's theme and, with a session, the user", async () => {
      const preload = (href: string) =>
        `<link rel="preload" href="${href}" as="fetch" crossorigin="use-credentials">`;
      const anonymous = await t.app.inject({ method: 'GET', url: '/location/teal-venue' });
      expect(anonymous.body).toContain(preload('/api/activities/venues'));
      expect(anonymous.body).toContain(preload('/api/activities/venue/teal-venue/categories'));
      // The venue's address selects it: the page asks for its theme.
      expect(anonymous.body).toContain(
        '<link rel="preload" href="/api/frontend/theme?venue=teal-venue" as="fetch"',
      );
      expect(anonymous.body).not.toContain('/api/auth/user');

      const byTime = await t.app.inject({
        method: 'GET',
        url: '/location/teal-venue/badminton-40min/2026-12-01/by-time',
        cookies: { selected_venue: 'teal-venue', [cookieNames(t.config).csrf]: 'a-csrf-token' },
      });
      expect(byTime.body).toContain(preload('/api/activities/venue/teal-venue/categories/badminton-40min'));
      expect(byTime.body).toContain(
        preload('/api/activities/venue/teal-venue/activity-category/badminton-40min/dates'),
      );
      expect(byTime.body).toContain(
        '<link rel="preload" href="/api/frontend/theme?venue=teal-venue" as="fetch"',
      );
      expect(byTime.body).toContain(preload('/api/auth/user'));

      const dashboard = await t.app.inject({
        method: 'GET',
        url: '/account/',
        cookies: { [cookieNames(t.config).csrf]: 'a-csrf-token' },
      });
      expect(dashboard.body).toContain(preload('/api/my-account/bookings?filter=future'));
      const signedOut = await t.app.inject({ method: 'GET', url: '/account/' });
      expect(signedOut.body).not.toContain('/api/my-account/bookings');
      // A path's text that is not a plain slug is never written into a preload.
      const odd = await t.app.inject({ method: 'GET', url: '/location/%22%3E%3Cscript%3E' });
      expect(odd.statusCode).toBe(200);
      expect(odd.body).not.toContain('/api/activities/venue/');
      expect(odd.body).not.toMatch(/<script>/i);
    });

    it('sends the page and the built files compressed to browsers that accept it', async () => {
      const plain = await t.app.inject({ method: 'GET', url: '/join/' });
      const br = await t.app.inject({
        method: 'GET',
        url: '/join/',
        headers: { 'accept-encoding': 'gzip, br' },
      });
      expect(br.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
      const gzip = await t.app.inject({
        method: 'GET',
        url: '/join/',
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
      expect(String(br.headers.vary)).toContain('accept-encoding');
      const again = await t.app.inject({
        method: 'GET',
        url: '/join/',
        headers: { 'if-none-match': String(plain.headers.etag) },
      });
      expect(again.statusCode).toBe(304);

      const chunk = await t.app.inject({
        method: 'GET',
        url: '/assets/venue-page-1.js',
        headers: { 'accept-encoding': 'br' },
      });
      expect(chunk.statusCode).toBe(200);
      expect(chunk.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(chunk.rawPayload).toString()).toContain('venue page');
    });

    it('a new build under a running server is served from its own HTML', async () => {
      const before = await t.app.inject({ method: 'GET', url: '/' });
      expect(before.body).toContain('/assets/bookings-1.js');
      const file = path.join(webDist, 'index.html');
      writeFileSync(file, readFileSync(file, 'utf8').replace('bookings-1.js', 'bookings-2.js'));
      // The build writes its page manifest last.
      utimesSync(path.join(webDist, sitePagesManifestFile), new Date(), new Date(Date.now() + 60_000));
      const after = await t.app.inject({ method: 'GET', url: '/' });
      expect(after.body).toContain('/assets/bookings-2.js');
      expect(themeVars(after.body)).toContain('--colour-primary:#112233');
    });
  });
});
