import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type SitePagesManifest, sitePagesManifestFile } from '@leisure/contract/site-pages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness';
import { isConsolePath } from './console-page';

/** The operator console's page at /admin/ (decision 072), served by the same process as the customer sites. */
describe('the console page', () => {
  let t: TestApp;
  let dir: string;
  const consoleHtml =
    '<!doctype html><html><head><title>Console</title></head><body><div id="console-root"></div></body></html>';
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'leisure-console-page-'));
    for (const sub of ['account', 'join', 'admin', 'assets'])
      mkdirSync(path.join(dir, sub), { recursive: true });
    const html =
      '<!doctype html><html><head><title>Site</title></head><body><div id="root"></div></body></html>';
    for (const page of ['index.html', 'account/index.html', 'join/index.html'])
      writeFileSync(path.join(dir, page), html);
    writeFileSync(path.join(dir, 'admin/index.html'), consoleHtml);
    writeFileSync(path.join(dir, 'assets/admin-1.js'), 'console.log("admin");');
    const site = (file: string) => ({ html: file, styles: [], fontFaces: [] });
    const pages: SitePagesManifest = {
      sites: {
        bookings: site('index.html'),
        account: site('account/index.html'),
        joining: site('join/index.html'),
      },
      routes: [],
      beforeStart: '',
    } as unknown as SitePagesManifest;
    writeFileSync(path.join(dir, sitePagesManifestFile), JSON.stringify(pages));
    t = await startTestApp({ WEB_DIST_DIR: dir });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers /admin, /admin/ and every deep link with the console page and the pages’ security headers', async () => {
    for (const url of [
      '/admin',
      '/admin/',
      '/admin/sign-in?next=%2Fstaff',
      '/admin/staff/12',
      '/admin/invitation/abc',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('console-root');
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['content-security-policy'], url).toContain("default-src 'self'");
      expect(res.headers['cache-control'], url).toBe('private, no-cache');
      expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    }
  });

  it('revalidates with its ETag and sends it compressed', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/admin/' });
    const etag = String(first.headers.etag);
    const again = await t.app.inject({
      method: 'GET',
      url: '/admin/staff',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    const gzipped = await t.app.inject({
      method: 'GET',
      url: '/admin/audit',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
  });

  it('serves the build’s files and leaves the customer sites and the API as they were', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/assets/admin-1.js' })).body).toContain('admin');
    expect((await t.app.inject({ method: 'GET', url: '/admin/missing.js' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/nothing-here' })).statusCode).not.toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/administrator' })).body).not.toContain('console-root');
  });

  it('tells console paths from files', () => {
    expect(isConsolePath('/admin')).toBe(true);
    expect(isConsolePath('/admin/staff/3')).toBe(true);
    expect(isConsolePath('/admin/logo.png')).toBe(false);
    expect(isConsolePath('/administrator')).toBe(false);
  });
});
