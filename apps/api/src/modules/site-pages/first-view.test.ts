import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { type SitePagesManifest, sitePagesManifestFile } from '@leisure/contract/site-pages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileBeforeStart } from '../../../../web/build/site-pages';
import { createFixture, createUser } from '../../test/factories/basket-fixtures';
import { startTestApp, type TestApp } from '../../test/harness';
import { cookieNames } from '../session/session';
import { maxConcurrentFirstViews } from './site-pages.service';

/**
 * A page's first view rendered on the server (decision 027), as the API serves it: the web build's
 * renderer (dist-ssr/ beside dist/) is given the path, the request's cookies and a fetch that
 * answers the API's own routes in process; its view goes into the page's root with its answers.
 * Here the renderer is a stand-in that shows what it was given and what its calls answered; the
 * real one is proved in the browser (e2e/tests/shell/server-rendered.spec.ts).
 */
const stubRenderer = `
export function createServerRenderer({ translationsDir }) {
  return {
    async render({ site, url, cookieHeader, fetch }) {
      if (url.startsWith('/declined')) return undefined;
      if (url.startsWith('/held')) await new Promise((resolve) => process.once('first-views-released', resolve));
      if (url.startsWith('/account/bookings')) return { redirect: '/account/login?redirect=%2Fbookings' };
      if (url.startsWith('/account/elsewhere')) return { redirect: '//evil.example/login' };
      if (url.startsWith('/broken')) throw new Error('the view failed');
      const client = await (await fetch('/api/client')).json();
      const user = await fetch('/api/auth/user');
      const who = user.ok ? (await user.json()).data.email : 'nobody (' + user.status + ')';
      let writes = 'refused';
      try { await fetch('/api/auth/logout', { method: 'POST' }); writes = 'allowed'; } catch {}
      const html = '<main>' + site + ' ' + url + ' for ' + client.data.app_name + ', signed in: ' + who +
        ', writes ' + writes + ', translations in ' + (translationsDir.endsWith('translations') ? 'dist' : '?') +
        ', $& kept</main>';
      const title = client.data.app_name + ' | ' + url.split('?')[0] + ' <&> ' + who;
      return { html, stateScript: '<script id="page-state" type="application/json">{"queries":{}}</script>', title };
    },
  };
}
`;

async function fakeBuild(): Promise<{ root: string; webDist: string }> {
  const root = mkdtempSync(path.join(tmpdir(), 'leisure-first-view-'));
  const webDist = path.join(root, 'dist');
  const html = (entry: string) => `<!doctype html>
<html lang="en">
  <head>
    <title>Book an activity</title>
    <link rel="preload" href="/api/client" as="fetch" crossorigin="use-credentials" />
    <link rel="preload" href="/translations/en/common.json" as="fetch" crossorigin="anonymous" />
    <script type="module" crossorigin src="/assets/${entry}.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-1.js">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;
  for (const dir of ['dist/account', 'dist/join', 'dist/assets', 'dist-ssr'])
    mkdirSync(path.join(root, dir), { recursive: true });
  writeFileSync(path.join(webDist, 'index.html'), html('bookings-1'));
  writeFileSync(path.join(webDist, 'account/index.html'), html('account-1'));
  writeFileSync(path.join(webDist, 'join/index.html'), html('joining-1'));
  writeFileSync(path.join(root, 'dist-ssr/render-on-server.js'), stubRenderer);
  // The page manifest, with the web app's real before-start script (the routes are the other test's).
  const site = (html: string) => ({ html, styles: [] });
  const manifest: SitePagesManifest = {
    version: 1,
    sites: {
      bookings: site('index.html'),
      account: site('account/index.html'),
      joining: site('join/index.html'),
    },
    routes: [],
    userCalls: ['/api/auth/user'],
    themeCalls: { operator: '/api/frontend/theme', venue: '/api/frontend/theme?venue=:venue' },
    fonts: {},
    beforeStart: await compileBeforeStart(path.resolve(import.meta.dirname, '../../../../web')),
  };
  writeFileSync(path.join(webDist, sitePagesManifestFile), JSON.stringify(manifest));
  return { root, webDist };
}

const rootOf = (html: string) => /<div id="root">([\s\S]*?)<\/div>/.exec(html)?.[1];
const titlesOf = (html: string) => [...html.matchAll(/<title>([^<]*)<\/title>/g)].map((match) => match[1]);

describe("a page's first view, rendered on the server (decision 027)", () => {
  /** The process's load as the app sees it (the real gauge is lib/event-loop-load.test.ts's). */
  let loopBusy = false;
  const loopLoad = { busy: () => loopBusy, stop: () => undefined };
  let t: TestApp;
  let build: { root: string; webDist: string };
  let session: { email: string; cookie: string };

  beforeAll(async () => {
    build = await fakeBuild();
    t = await startTestApp({ WEB_DIST_DIR: build.webDist }, { eventLoopLoad: loopLoad });
    const fixture = await createFixture(t.db);
    const customer = await createUser(t.db, fixture.clientId);
    const names = cookieNames(t.config);
    session = {
      email: customer.user.email ?? '',
      cookie: `${names.session}=${customer.token}; ${names.csrf}=a-csrf-token`,
    };
  });
  afterAll(async () => {
    await t?.close();
    if (build) rmSync(build.root, { recursive: true, force: true });
  });

  it("puts the view and its answers in the page's root, and drops the preloads of the calls it answered", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/location/cart-venue' });
    expect(res.statusCode).toBe(200);
    expect(rootOf(res.body)).toBe(
      '<main>bookings /location/cart-venue for Cart Leisure, signed in: nobody (401), writes refused, translations in dist, $& kept</main>',
    );
    expect(res.body).toContain(
      '</div><script id="page-state" type="application/json">{"queries":{}}</script>',
    );
    expect(res.body).not.toContain('href="/api/client"');
    expect(res.body).not.toContain('href="/translations/en/common.json"');
  });

  it("is sent with the title its view set (the spec's '{app} | {title}'), as text, in place of the template's", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/location/cart-venue?venue=cart-venue' });
    expect(titlesOf(res.body)).toEqual(['Cart Leisure | /location/cart-venue &#60;&#38;&#62; nobody (401)']);
  });

  it('a page sent without its view has the title its path was last rendered with signed out, never a signed-in one', async () => {
    // Not yet rendered: the template's title.
    const before = await t.app.inject({ method: 'GET', url: '/location/titled?kiosk=1' });
    expect(titlesOf(before.body)).toEqual(['Book an activity']);
    await t.app.inject({ method: 'GET', url: '/location/titled' });
    const title = 'Cart Leisure | /location/titled &#60;&#38;&#62; nobody (401)';
    const kiosk = await t.app.inject({ method: 'GET', url: '/location/titled?kiosk=1' });
    expect(rootOf(kiosk.body)).toBe('');
    expect(titlesOf(kiosk.body)).toEqual([title]);
    loopBusy = true;
    try {
      const busy = await t.app.inject({ method: 'GET', url: '/location/titled' });
      expect(rootOf(busy.body)).toBe('');
      expect(titlesOf(busy.body)).toEqual([title]);
    } finally {
      loopBusy = false;
    }

    // A signed-in view's title may hold the user's own data: sent to them, kept for no one.
    const signedIn = await t.app.inject({
      method: 'GET',
      url: '/account/titled',
      headers: { cookie: session.cookie },
    });
    expect(titlesOf(signedIn.body)).toEqual([
      `Cart Leisure | /account/titled &#60;&#38;&#62; ${session.email}`,
    ]);
    const embedded = await t.app.inject({ method: 'GET', url: '/account/titled?embedded=true' });
    expect(titlesOf(embedded.body)).toEqual(['Book an activity']);
    expect(embedded.body).not.toContain(session.email);
  });

  it('starts the scripts after the first paint: the entry and its modules are handed to the inline script', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.body).not.toContain('<script type="module"');
    expect(res.body).not.toContain('rel="modulepreload"');
    expect(res.body).toContain(
      '<script data-entry="/assets/bookings-1.js" data-modules="/assets/react-1.js">',
    );
  });

  it("renders with the visitor's own session, and keeps no page for the next visitor", async () => {
    const signedIn = await t.app.inject({
      method: 'GET',
      url: '/account/?from=email',
      headers: { cookie: session.cookie },
    });
    expect(rootOf(signedIn.body)).toContain(
      `account /account/?from=email for Cart Leisure, signed in: ${session.email}`,
    );
    // The user's own data: no cache may keep it, the browser's disk included (decision 044-personal-answers-no-store).
    expect(signedIn.headers['cache-control']).toBe('no-store');
    expect(signedIn.headers.etag).toBeUndefined();

    const anonymous = await t.app.inject({ method: 'GET', url: '/account/?from=email' });
    expect(rootOf(anonymous.body)).toContain('signed in: nobody (401)');
    expect(anonymous.body).not.toContain(session.email);
  });

  it("refuses the browser's own form submits before the app starts, by an inline script its CSP allows", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/account/login' });
    const inline = /<script data-entry[^>]*>([\s\S]*?)<\/script>/.exec(res.body)?.[1];
    // The web app's before-start script (apps/web/src/sites/before-start.ts), compiled by its build.
    expect(inline).toMatch(/addEventListener\([`'"]submit[`'"]/);
    expect(inline).toContain('preventDefault()');
    const hash = createHash('sha256')
      .update(inline ?? '')
      .digest('base64');
    expect(res.headers['content-security-policy']).toContain(`script-src 'self' 'sha256-${hash}'`);
  });

  it("answers a guard's redirect with an HTTP redirect, to a path of this site only", async () => {
    const redirected = await t.app.inject({ method: 'GET', url: '/account/bookings' });
    expect(redirected.statusCode).toBe(302);
    expect(redirected.headers.location).toBe('/account/login?redirect=%2Fbookings');
    expect(redirected.headers['cache-control']).toBe('private, no-cache');
    const elsewhere = await t.app.inject({ method: 'GET', url: '/account/elsewhere' });
    expect(elsewhere.statusCode).toBe(200);
    expect(elsewhere.headers.location).toBeUndefined();
  });

  it('renders a few pages at once; the others get the template at once rather than queue', async () => {
    const pages = Array.from({ length: maxConcurrentFirstViews + 3 }, () =>
      t.app.inject({ method: 'GET', url: '/held' }),
    );
    // The pages past the limit answer while the renders are still held.
    const firstAnswered = await Promise.race(pages);
    expect(rootOf(firstAnswered.body)).toBe('');
    (process as NodeJS.EventEmitter).emit('first-views-released');
    const answers = await Promise.all(pages);
    const rendered = answers.filter((answer) => rootOf(answer.body) !== '');
    expect(rendered).toHaveLength(maxConcurrentFirstViews);
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
  });

  it('sends the template at once while the process has no time to spare, and renders again after', async () => {
    loopBusy = true;
    try {
      const busy = await t.app.inject({ method: 'GET', url: '/location/cart-venue' });
      expect(busy.statusCode).toBe(200);
      expect(rootOf(busy.body)).toBe('');
      expect(busy.body).not.toContain('page-state');
      expect(busy.body).toContain('<script type="module" crossorigin src="/assets/bookings-1.js">');
    } finally {
      loopBusy = false;
    }
    const free = await t.app.inject({ method: 'GET', url: '/location/cart-venue' });
    expect(rootOf(free.body)).toContain('bookings /location/cart-venue');
  });

  it('compresses a first view in the encoding its browser takes', async () => {
    const plain = rootOf((await t.app.inject({ method: 'GET', url: '/join/' })).body);
    expect(plain).toContain('joining /join/');
    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/join/',
        headers: { 'accept-encoding': encoding },
      });
      expect(res.headers['content-encoding'], encoding).toBe(encoding);
      expect(rootOf(decode(res.rawPayload).toString()), encoding).toBe(plain);
    }
  });

  it('leaves to the browser the pages it renders afresh, and the views that fail or are declined', async () => {
    for (const url of ['/?kiosk=1', '/join/?embedded', '/account/?token=abc', '/declined', '/broken']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(rootOf(res.body), url).toBe('');
      expect(res.body, url).not.toContain('page-state');
      // The themed template as before, with its preloads and its scripts.
      expect(res.body, url).toContain('<link rel="preload" href="/api/client"');
      expect(res.body, url).toContain('<script type="module" crossorigin src=');
      // No inline script in it, and none allowed.
      expect(res.headers['content-security-policy'], url).toContain("script-src 'self';");
    }
  });
});
