import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { sitePagesManifestFile } from '@leisure/contract/site-pages';
import { isVenueSlug, selectedVenueCookie, venueOfAddress } from '@leisure/contract/sites';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { defaultMessages } from '../../errors';
import { type EventLoopLoad, watchEventLoopLoad } from '../../lib/event-loop-load';
import { pathOnly } from '../../lib/lazy-request-logger';
import { redactUrlSecrets } from '../../lib/log-safety';
import { createThemeReader, etagMatches } from '../operator/theme.service';
import { carriesSession, cookieNames, secureTransport } from '../session/session';
import { createConsolePageReader, isConsolePath } from './console-page';
import { createSitePageRenderer, loadFirstViewRenderer } from './site-pages.service';

/**
 * The three customer sub-sites as the one server serves them (docs/decisions/020, 027, 059): their
 * built files (as the build compressed them), and each page's HTML, themed, with its first view
 * rendered on the server when there is time for it (site-pages.service.ts); and the operator
 * console's page at /admin/ (decision 072; console-page.ts).
 */
export interface SitePagesOptions {
  config: Config;
  db: Database;
  /** The web build's dist/ folder. */
  webRoot: string;
  /** Whether the process has time for first views (tests give their own). */
  eventLoopLoad?: EventLoopLoad;
  /**
   * The pages' Content-Security-Policy, allowing the inline script whose hash is given (a page's
   * before-start script) or none.
   */
  pagePolicy(scriptHash: string | undefined): string;
}

/**
 * Files a web build may hold that are never served (issue 44): anything under a dot folder or
 * starting with a dot (Vite's manifest, the page manifest, which the server reads from disk), source
 * maps and the mock API's service worker, with their compressed copies. Asked for, they answer 404
 * like a missing file, never a site's page.
 */
const unservedFile = /(^|\/)\.|\.map(\.gz|\.br)?$|(^|\/)mockServiceWorker\.js(\.gz|\.br)?$/;
function isUnservedFile(url: string): boolean {
  const pathname = url.split('?')[0] ?? '';
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {}
  return unservedFile.test(pathname) || unservedFile.test(decoded);
}

/** Paths that are never a sub-site's page: the API, the dev mailbox, the sandbox card frame. */
const notAPage = (url: string) =>
  url === '/api' || url.startsWith('/api/') || url.startsWith('/dev/') || url.startsWith('/sandbox-pay/');

const notFound = (reply: FastifyReply) => reply.status(404).send({ message: defaultMessages.not_found });

/**
 * Installs the static files, the sub-sites' homes and the not-found handler that answers a deep
 * link with its sub-site's page (its router decides), on the app itself (not a plugin's scope: the
 * not-found handler is the app's).
 */
export async function installSitePages(app: FastifyInstance, options: SitePagesOptions): Promise<void> {
  const { config, db, webRoot } = options;
  if (!existsSync(path.join(webRoot, sitePagesManifestFile))) {
    // A build from before the manifest, or one whose last step failed: its files are served, no page.
    app.log.warn(
      { webRoot },
      'the web build has no page manifest: its pages answer 404 until it is built again',
    );
  }
  await app.register(fastifyStatic, {
    root: webRoot,
    prefix: '/',
    // Each sub-site's HTML is themed per request (below); files are sent as the build compressed them.
    index: false,
    preCompressed: true,
    allowedPath: (pathname) => !isUnservedFile(pathname),
    setHeaders: (res, filePath) => {
      res.header(
        'cache-control',
        /[/\\]assets[/\\]/.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });

  const firstViewRenderer = await loadFirstViewRenderer(webRoot, (error, url) =>
    app.log.warn(
      { err: error, url: redactUrlSecrets(pathOnly(url)) },
      'part of a first view was left to the browser',
    ),
  );
  const loopLoad = firstViewRenderer ? (options.eventLoopLoad ?? watchEventLoopLoad()) : undefined;
  app.addHook('onClose', async () => loopLoad?.stop());
  const sitePages = createSitePageRenderer(
    webRoot,
    createThemeReader(db, config),
    firstViewRenderer &&
      loopLoad && {
        renderer: firstViewRenderer,
        onError: (error) =>
          app.log.error({ err: error }, "a page's first view failed to render on the server"),
        busy: loopLoad.busy,
      },
  );
  const policies = new Map<string | undefined, string>();
  const policyFor = (scriptHash: string | undefined) => {
    let policy = policies.get(scriptHash);
    if (!policy) {
      policy = options.pagePolicy(scriptHash);
      policies.set(scriptHash, policy);
    }
    return policy;
  };

  /**
   * The first view's calls, answered in process with the page request's cookies and host headers,
   * as the browser's own calls would be (GET only: rendering changes nothing).
   */
  const fetchInProcess =
    (request: FastifyRequest): typeof fetch =>
    async (input, init) => {
      if (init?.method && init.method !== 'GET') throw new Error('A first view only reads');
      const headers: Record<string, string> = { accept: 'application/json' };
      for (const name of [
        'cookie',
        'host',
        'user-agent',
        'x-forwarded-host',
        'x-forwarded-proto',
        'x-forwarded-for',
      ]) {
        const value = request.headers[name];
        if (typeof value === 'string') headers[name] = value;
      }
      const answer = await app.inject({ method: 'GET', url: String(input), headers });
      const empty = answer.statusCode === 204 || answer.statusCode === 304;
      return new Response(empty ? null : answer.body, {
        status: answer.statusCode,
        headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/json') },
      });
    };

  async function sendSitePage(request: FastifyRequest, reply: FastifyReply, url: string) {
    const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    // The venue the page opens with, by the contract's rule (the app applies it too): the one the
    // address names, which selects it, else the selected venue's cookie.
    const named = venueOfAddress(url, search);
    const cookieValue = request.cookies?.[selectedVenueCookie];
    const venue = named ?? (isVenueSlug(cookieValue) ? cookieValue : null);
    const page = await sitePages.render({
      url,
      venue,
      signedIn: Boolean(request.cookies?.[cookieNames(config, request).csrf]),
      firstView: { search, cookieHeader: request.headers.cookie, fetch: fetchInProcess(request) },
    });
    if (!page) return notFound(reply);
    if (page.redirect) {
      return reply
        .code(302)
        .header('cache-control', 'private, no-cache')
        .header('location', page.redirect)
        .send();
    }
    // The page selects the venue its address names, as the app would once started: a link followed
    // before then (the header's 'Book an activity') already finds it selected. Same cookie as the app's.
    if (named && cookieValue !== named) {
      reply.setCookie(selectedVenueCookie, named, {
        path: '/',
        maxAge: 365 * 24 * 60 * 60,
        sameSite: 'lax',
        secure: secureTransport(config, request),
        domain: config.cookie.domain,
      });
    }
    // A signed-in page's first view holds the user's own data: kept by no cache, not even revalidated
    // (decision 044-personal-answers-no-store); a signed-out page is the same for everyone, and revalidates.
    const personal = carriesSession(config, request);
    reply
      .header('content-security-policy', policyFor(page.scriptHash))
      .header('cache-control', personal ? 'no-store' : 'private, no-cache')
      .header('vary', 'accept-encoding, cookie')
      .type('text/html; charset=utf-8');
    if (!personal) reply.header('etag', page.etag);
    if (!personal && etagMatches(request.headers['if-none-match'], page.etag)) return reply.code(304).send();
    const accepts = String(request.headers['accept-encoding'] ?? '');
    const encoding = /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : undefined;
    if (encoding) return reply.header('content-encoding', encoding).send(await page.encoded(encoding));
    return reply.send(page.html);
  }

  /**
   * The console's page: the same headers as the customer pages' (the Content-Security-Policy of a
   * page without an inline script), revalidated on every load so a deploy is picked up; no personal
   * data is in it (the console reads it from the API), and no search engine should index it.
   */
  const consolePage = createConsolePageReader(webRoot);
  async function sendConsolePage(request: FastifyRequest, reply: FastifyReply) {
    const page = consolePage();
    if (!page) return notFound(reply);
    reply
      .header('content-security-policy', policyFor(undefined))
      .header('cache-control', 'private, no-cache')
      .header('vary', 'accept-encoding')
      .header('x-robots-tag', 'noindex, nofollow')
      .header('etag', page.etag)
      .type('text/html; charset=utf-8');
    if (etagMatches(request.headers['if-none-match'], page.etag)) return reply.code(304).send();
    const accepts = String(request.headers['accept-encoding'] ?? '');
    const encoding = /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : undefined;
    if (encoding) return reply.header('content-encoding', encoding).send(await page.encoded(encoding));
    return reply.send(page.html);
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (notAPage(url) || isUnservedFile(url) || request.method !== 'GET') return notFound(reply);
    // The console's addresses are its own: a missing file under /admin/ is a 404, not a customer page.
    if (url === '/admin' || url.startsWith('/admin/'))
      return isConsolePath(url) ? sendConsolePage(request, reply) : notFound(reply);
    // A sub-site's page or a deep link into it: its HTML with the theme written in; its router decides.
    return sendSitePage(request, reply, url);
  });
  // The sub-sites' own addresses (the static files' index is off: their HTML is themed here).
  for (const home of ['/', '/account/', '/join/']) {
    app.get(home, { schema: { hide: true } }, (request, reply) => sendSitePage(request, reply, home));
  }
  for (const home of ['/admin', '/admin/']) {
    app.get(home, { schema: { hide: true } }, (request, reply) => sendConsolePage(request, reply));
  }
}
