import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type SitePagesManifest, sitePagesManifestFile } from '@leisure/contract/site-pages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness';

/**
 * What a served web build must never give out (issue 44): the Vite manifest and the page manifest
 * (which the server reads from disk), source maps and the mock API's service worker, even when they are in the folder (an
 * older build, a build made by hand). Each answers 404 as an unknown file, not the site's HTML.
 */
describe('a served web build', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'leisure-served-build-'));
    for (const sub of ['account', 'join', 'assets', '.vite'])
      mkdirSync(path.join(dir, sub), { recursive: true });
    const html = '<!doctype html><html><head></head><body><div id="root"></div></body></html>';
    for (const page of ['index.html', 'account/index.html', 'join/index.html']) {
      writeFileSync(path.join(dir, page), html);
    }
    writeFileSync(path.join(dir, 'assets/bookings-1.js'), 'console.log("bookings");');
    writeFileSync(path.join(dir, 'assets/bookings-1.js.map'), '{"version":3,"sources":["src/secret.ts"]}');
    writeFileSync(path.join(dir, 'assets/bookings-1.js.map.gz'), 'gzip');
    writeFileSync(path.join(dir, 'assets/start-1.css.map'), '{"version":3}');
    writeFileSync(path.join(dir, '.vite/manifest.json'), '{"index.html":{"file":"assets/bookings-1.js"}}');
    const site = (file: string) => ({ html: file, styles: [] });
    const pages: SitePagesManifest = {
      version: 1,
      sites: {
        bookings: site('index.html'),
        account: site('account/index.html'),
        joining: site('join/index.html'),
      },
      routes: [],
      userCalls: [],
      themeCalls: { operator: '/api/frontend/theme', venue: '/api/frontend/theme?venue=:venue' },
      fonts: {},
      beforeStart: 'addEventListener("submit",e=>e.preventDefault())',
    };
    writeFileSync(path.join(dir, sitePagesManifestFile), JSON.stringify(pages));
    writeFileSync(path.join(dir, 'mockServiceWorker.js'), 'self.addEventListener("fetch", () => {});');
    t = await startTestApp({ WEB_DIST_DIR: dir });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers 404 for the manifest, source maps and the mock service worker', async () => {
    for (const url of [
      '/.vite/manifest.json',
      `/${sitePagesManifestFile}`,
      '/.vite/',
      '/%2Evite/manifest.json',
      '/assets/bookings-1.js.map',
      '/assets/bookings-1.js.map?x=1',
      '/assets/bookings-1.js.map.gz',
      '/assets/start-1.css.map',
      '/assets/missing.js.map',
      '/mockServiceWorker.js',
      '/account/mockServiceWorker.js',
    ]) {
      for (const encoding of ['identity', 'gzip, br']) {
        const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });
        expect(res.statusCode, `${url} (${encoding})`).toBe(404);
        expect(res.body, url).not.toContain('sources');
        expect(res.body, url).not.toContain('addEventListener');
        expect(res.body, url).not.toContain('<div id="root">');
      }
      const head = await t.app.inject({ method: 'HEAD', url });
      expect(head.statusCode, `HEAD ${url}`).toBe(404);
    }
  });

  it('still serves the build and its pages', async () => {
    const chunk = await t.app.inject({ method: 'GET', url: '/assets/bookings-1.js' });
    expect(chunk.statusCode).toBe(200);
    expect(chunk.body).toContain('bookings');
    const page = await t.app.inject({ method: 'GET', url: '/account/bookings' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root">');
  });
});
