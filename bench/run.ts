/**
 * The load and page-speed bench (`npm run bench` at the root builds first, then runs this).
 *
 * 1. Initial JS per sub-site: the entry script and modulepreload links of each built HTML, gzipped.
 * 2. Throughput and p99 with autocannon, one target at a time (two cores: never two servers under
 *    load at once): a bare node:http JSON endpoint in its own process, then the built API server on
 *    a fresh seeded database: GET /api/frontend/theme and GET /api/auth/user with a bearer token.
 *    The joining site's lazy map chunk (venue-map) is reported on its own and must not be initial.
 * 3. Lighthouse (desktop preset, performance and accessibility) for /, /account/login, /join/ and
 *    /join/centre/{slug} (the seeded venue selling the most membership types).
 * 4. Bookings (bookings.ts), on PGlite and then on PostgreSQL: v2/times and v2/slots of a venue with
 *    200 sessions a day, cart/add + cart/remove, checkout/complete, and the last-place race.
 * 5. Joining (joining.ts), on PGlite and then on PostgreSQL: memberships/types of a seeded venue
 *    (anonymous and as a signed-in customer) and the price of a monthly payment option.
 *
 * Writes bench/results/latest.json, prints a table with the budgets, and exits 1 when one is missed.
 * Each measurement keeps the load average at its start (two shared cores: read figures beside it).
 * Settings: BENCH_ONLY (api,bookings,joining,account,pages: the parts to run; the bare figure runs
 * with api, bookings, joining or account), BENCH_DURATION (s, 10), BENCH_WRITE_DURATION (s, 8), BENCH_WARMUP (s, 2),
 * BENCH_CONNECTIONS (50), BENCH_RACE_ROUNDS (20), BENCH_DATABASES (pglite,postgres),
 * BENCH_DATABASE_URL (a PostgreSQL server the bench creates and drops its own database on; default
 * TEST_DATABASE_URL, else postgresql://postgres@127.0.0.1:5432/postgres), BENCH_LH_RUNS (3, the
 * median is kept), BENCH_LOG_LEVEL (warn), BENCH_PORT (4551), BENCH_BARE_PORT (4550), CHROME_PATH
 * (/usr/bin/chromium).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { type AccountRun, historyMember, runAccount } from './account';
import { type BenchHooks, type BookingsRun, runBookings } from './bookings';
import { type JoiningRun, joiningFixture, logIn as logInMember, runJoining } from './joining';

const here = import.meta.dirname;
const root = path.resolve(here, '..');
const webDist = path.join(root, 'apps/web/dist');
const serverEntry = path.join(root, 'apps/api/dist/server.js');

const parts = ['api', 'bookings', 'joining', 'account', 'pages'] as const;
type Part = (typeof parts)[number];
const only = (process.env.BENCH_ONLY ?? parts.join(','))
  .split(',')
  .map((part) => part.trim())
  .filter(Boolean);
for (const part of only) {
  if (!parts.includes(part as Part))
    throw new Error(`BENCH_ONLY: unknown part ${part} (use ${parts.join(',')})`);
}
const databases = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',').map((name) => name.trim());
for (const name of databases) {
  if (name !== 'pglite' && name !== 'postgres') throw new Error(`BENCH_DATABASES: unknown database ${name}`);
}

const settings = {
  only,
  databases,
  duration: Number(process.env.BENCH_DURATION ?? 10),
  writeDuration: Number(process.env.BENCH_WRITE_DURATION ?? 8),
  warmup: Number(process.env.BENCH_WARMUP ?? 2),
  raceRounds: Number(process.env.BENCH_RACE_ROUNDS ?? 20),
  databaseUrl:
    process.env.BENCH_DATABASE_URL ??
    process.env.TEST_DATABASE_URL ??
    'postgresql://postgres@127.0.0.1:5432/postgres',
  connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
  lighthouseRuns: Number(process.env.BENCH_LH_RUNS ?? 3),
  logLevel: process.env.BENCH_LOG_LEVEL ?? 'warn',
  appPort: Number(process.env.BENCH_PORT ?? 4551),
  barePort: Number(process.env.BENCH_BARE_PORT ?? 4550),
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
};

const budgets = {
  themeToBareRatio: 0.6,
  /** On PostgreSQL, at 50 connections: v2/times and v2/slots. */
  postgresReadRps: 1500,
  postgresReadP99Ms: 50,
  /** On PostgreSQL: 50 customers racing for a last place; only 200, 409 and 422 answers. */
  raceP99Ms: 500,
  initialJsKb: 150,
  lighthousePerformance: 95,
  lighthouseAccessibility: 100,
};

const demoMember = { username: 'member@example.com', password: 'Member-Pass-1' };

const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

// ---- helpers -------------------------------------------------------------------------------------

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function log(line: string): void {
  console.log(`[bench] ${line}`);
}

async function waitForUrl(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the server exited with code ${child.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

function startProcess(label: string, args: string[], env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(`[${label}] ${chunk.toString()}`));
  return child;
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

function round(value: number, digits = 0): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

function gzippedBytes(file: string): number {
  return gzipSync(readFileSync(file)).length;
}

// ---- 1. initial JS per sub-site --------------------------------------------------------------------

interface BundleFigure {
  site: string;
  html: string;
  files: { file: string; gzipBytes: number }[];
  gzipKb: number;
  cssGzipKb: number;
}

/** A URL from the built HTML, as a file in dist (absolute paths are from the dist root). */
function distFile(htmlFile: string, url: string): string {
  const clean = url.split(/[?#]/)[0] ?? url;
  return clean.startsWith('/') ? path.join(webDist, clean) : path.resolve(path.dirname(htmlFile), clean);
}

function measureBundle(site: string, html: string): BundleFigure {
  const htmlFile = path.join(webDist, html);
  const source = readFileSync(htmlFile, 'utf8');
  const attribute = (tag: string, name: string) =>
    new RegExp(`\\b${name}\\s*=\\s*["']([^"']+)["']`, 'i').exec(tag)?.[1];
  const scripts = new Set<string>();
  const styles = new Set<string>();
  for (const [tag] of source.matchAll(/<script\b[^>]*>/gi)) {
    const src = attribute(tag, 'src');
    if (src && /type\s*=\s*["']module["']/i.test(tag)) scripts.add(src);
    else if (src) scripts.add(src);
  }
  for (const [tag] of source.matchAll(/<link\b[^>]*>/gi)) {
    const rel = attribute(tag, 'rel')?.toLowerCase();
    const href = attribute(tag, 'href');
    if (!href) continue;
    if (rel === 'modulepreload') scripts.add(href);
    if (rel === 'stylesheet') styles.add(href);
  }
  if (scripts.size === 0) throw new Error(`${html}: no entry script found`);
  const files = [...scripts].map((url) => {
    const file = distFile(htmlFile, url);
    if (!existsSync(file)) throw new Error(`${html} refers to ${url}, which is not in ${webDist}`);
    return { file: path.relative(webDist, file), gzipBytes: gzippedBytes(file) };
  });
  const cssBytes = [...styles].reduce((sum, url) => {
    const file = distFile(htmlFile, url);
    return sum + (existsSync(file) ? gzippedBytes(file) : 0);
  }, 0);
  const total = files.reduce((sum, entry) => sum + entry.gzipBytes, 0);
  return { site, html, files, gzipKb: round(total / 1024, 1), cssGzipKb: round(cssBytes / 1024, 1) };
}

/** Relative file names (in dist/assets) that a built chunk imports statically. */
function staticImports(file: string): string[] {
  const source = readFileSync(path.join(webDist, file), 'utf8');
  const found = new Set<string>();
  // `import{a}from"./x.js"` and `import"./x.js"`; not `import("./x.js")` (lazy).
  for (const match of source.matchAll(/(?:\bfrom|\bimport)\s*["']([^"']+\.js)["']/g)) {
    const url = match[1];
    if (url) found.add(path.relative(webDist, path.resolve(path.dirname(path.join(webDist, file)), url)));
  }
  return [...found];
}

function staticClosure(files: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...files];
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    if (seen.has(file) || !existsSync(path.join(webDist, file))) continue;
    seen.add(file);
    queue.push(...staticImports(file));
  }
  return seen;
}

interface LazyChunkFigure {
  name: string;
  files: string[];
  /** The chunk itself (JS), gzipped. */
  gzipKb: number;
  cssGzipKb: number;
  /** Static imports it brings that the initial JS of the site does not already load, gzipped. */
  extraDeps: { file: string; gzipBytes: number }[];
  extraDepsGzipKb: number;
  /** In the site's initial JS (entry, modulepreloads, or their static imports)? It must not be. */
  inInitialJs: boolean;
}

/** A lazy chunk of a site (e.g. the joining map): its size, and whether the initial JS includes it. */
function measureLazyChunk(name: string, prefix: string, site: BundleFigure): LazyChunkFigure {
  const assets = readdirSync(path.join(webDist, 'assets'));
  const js = assets.filter((f) => f.startsWith(prefix) && f.endsWith('.js')).map((f) => `assets/${f}`);
  const css = assets.filter((f) => f.startsWith(prefix) && f.endsWith('.css')).map((f) => `assets/${f}`);
  if (js.length === 0) throw new Error(`no ${prefix}*.js chunk in ${webDist}/assets`);
  const initial = staticClosure(site.files.map((entry) => entry.file));
  const size = (files: string[]) => files.reduce((sum, f) => sum + gzippedBytes(path.join(webDist, f)), 0);
  const extraDeps = [...staticClosure(js)]
    .filter((file) => !js.includes(file) && !initial.has(file))
    .map((file) => ({ file, gzipBytes: gzippedBytes(path.join(webDist, file)) }));
  return {
    name,
    files: [...js, ...css],
    gzipKb: round(size(js) / 1024, 1),
    cssGzipKb: round(size(css) / 1024, 1),
    extraDeps,
    extraDepsGzipKb: round(extraDeps.reduce((sum, d) => sum + d.gzipBytes, 0) / 1024, 1),
    inInitialJs: js.some((file) => initial.has(file)),
  };
}

// ---- 2. throughput ------------------------------------------------------------------------------------

interface LoadFigure {
  name: string;
  url: string;
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** 1, 5 and 15 minute load averages when the measurement started. */
  loadAverage: number[];
}

async function measureLoad(
  name: string,
  url: string,
  headers: Record<string, string> = {},
): Promise<LoadFigure> {
  // A short warm-up (JIT, caches, connection pools), then the measured run.
  await autocannon({ url, connections: settings.connections, duration: 2, headers });
  log(`${name}: ${settings.duration} s, ${settings.connections} connections`);
  const loadAverage = loadavg().map((value) => round(value, 2));
  const result = await autocannon({
    url,
    connections: settings.connections,
    duration: settings.duration,
    headers,
  });
  return {
    name,
    url,
    requestsPerSecond: round(result.requests.average),
    latencyP50Ms: round(result.latency.p50, 1),
    latencyP99Ms: round(result.latency.p99, 1),
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    loadAverage,
  };
}

async function measureBare(): Promise<LoadFigure> {
  const child = startProcess('bare', [path.join(here, 'bare-server.mjs')], {
    PORT: String(settings.barePort),
  });
  try {
    const url = `http://127.0.0.1:${settings.barePort}/`;
    await waitForUrl(url, child, 10_000);
    return await measureLoad('bare node:http', url);
  } finally {
    await stopProcess(child);
  }
}

/** Signs in through the API and answers the cookies a browser would then hold. */
async function sessionCookies(
  base: string,
  member: { username: string; password: string },
): Promise<{ name: string; value: string }[]> {
  const response = await fetch(`${base}/api/auth/customer/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(member),
  });
  if (response.status !== 200) throw new Error(`login as ${member.username}: ${response.status}`);
  const cookies = response.headers.getSetCookie().map((line) => {
    const [name = '', ...value] = (line.split(';')[0] ?? '').split('=');
    return { name: name.trim(), value: value.join('=') };
  });
  if (cookies.length === 0) throw new Error(`login as ${member.username}: no cookies`);
  return cookies;
}

// ---- 3. Lighthouse ---------------------------------------------------------------------------------------

interface LighthouseFigure {
  path: string;
  runs: { performance: number; accessibility: number }[];
  performance: number;
  accessibility: number;
  /** Audits below full marks in the median-performance run, to say what to fix. */
  failingAudits: {
    category: string;
    id: string;
    title: string;
    score: number | null;
    displayValue?: string;
  }[];
  metrics: Record<string, number | undefined>;
  /** Every script the page loaded, gzipped from dist: a check on the HTML-based figure. */
  scriptsLoadedGzipKb: number;
  /** 1, 5 and 15 minute load averages when the page's first run started (2 shared cores). */
  loadAverage: number[];
}

function scriptsLoadedGzipKb(lhr: { audits: Record<string, { details?: unknown }> }): number {
  const details = lhr.audits['network-requests']?.details as
    | { items?: { url?: string; resourceType?: string }[] }
    | undefined;
  let bytes = 0;
  for (const item of details?.items ?? []) {
    if (item.resourceType !== 'Script' || !item.url) continue;
    const file = path.join(webDist, new URL(item.url).pathname);
    if (existsSync(file)) bytes += gzippedBytes(file);
  }
  return round(bytes / 1024, 1);
}

async function runLighthouse(
  base: string,
  pagePath: string,
  cookies?: { name: string; value: string }[],
): Promise<LighthouseFigure> {
  const runs: { performance: number; accessibility: number; lhr: LighthouseResult }[] = [];
  const loadAverage = loadavg().map((value) => round(value, 2));
  // A run that fails to record (e.g. NO_NAVSTART on a loaded machine) is retried once.
  let retries = 1;
  for (let run = 0; run < settings.lighthouseRuns; run += 1) {
    const chrome = await chromeLauncher.launch({ chromePath: settings.chromePath, chromeFlags });
    try {
      if (cookies) {
        // A signed-in page: the browser holds the session cookies (the app reads its CSRF cookie
        // from document.cookie, so a Cookie header alone is not a session), and Lighthouse keeps them.
        const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
        const page = await browser.newPage();
        await page.setCookie(...cookies.map((cookie) => ({ ...cookie, url: base })));
        await page.close();
        await browser.disconnect();
      }
      const result = await lighthouse(
        `${base}${pagePath}`,
        {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
          ...(cookies ? { disableStorageReset: true } : {}),
        },
        desktopConfig,
      );
      if (!result) throw new Error(`Lighthouse gave no result for ${pagePath}`);
      const { lhr } = result;
      if (lhr.runtimeError && retries > 0) {
        retries -= 1;
        run -= 1;
        log(`Lighthouse ${pagePath}: ${lhr.runtimeError.code ?? 'runtime error'}, running again`);
        continue;
      }
      if (lhr.runtimeError) throw new Error(`Lighthouse ${pagePath}: ${lhr.runtimeError.message}`);
      if (cookies && new URL(lhr.finalDisplayedUrl).pathname.includes('/login')) {
        throw new Error(`Lighthouse ${pagePath}: the session did not hold (shown ${lhr.finalDisplayedUrl})`);
      }
      runs.push({
        performance: round((lhr.categories.performance?.score ?? 0) * 100),
        accessibility: round((lhr.categories.accessibility?.score ?? 0) * 100),
        lhr,
      });
    } finally {
      chrome.kill();
    }
  }
  const performance = median(runs.map((run) => run.performance));
  const accessibility = median(runs.map((run) => run.accessibility));
  const chosen = [...runs].sort((a, b) => a.performance - b.performance)[Math.floor(runs.length / 2)];
  if (!chosen) throw new Error(`Lighthouse ${pagePath}: no runs`);
  const { lhr } = chosen;
  const failingAudits: LighthouseFigure['failingAudits'] = [];
  for (const [category, entry] of Object.entries(lhr.categories)) {
    for (const ref of entry.auditRefs) {
      const audit = lhr.audits[ref.id];
      if (!audit || ref.weight === 0 || audit.score === null || audit.score >= 0.9) continue;
      failingAudits.push({
        category,
        id: audit.id,
        title: audit.title,
        score: audit.score,
        ...(audit.displayValue ? { displayValue: audit.displayValue } : {}),
      });
    }
  }
  const metric = (id: string) => lhr.audits[id]?.numericValue;
  return {
    path: pagePath,
    runs: runs.map(({ performance: p, accessibility: a }) => ({ performance: p, accessibility: a })),
    performance,
    accessibility,
    failingAudits,
    metrics: {
      firstContentfulPaintMs: metric('first-contentful-paint'),
      largestContentfulPaintMs: metric('largest-contentful-paint'),
      totalBlockingTimeMs: metric('total-blocking-time'),
      cumulativeLayoutShift: metric('cumulative-layout-shift'),
      speedIndexMs: metric('speed-index'),
    },
    scriptsLoadedGzipKb: scriptsLoadedGzipKb(lhr),
    loadAverage,
  };
}

type LighthouseResult = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

// ---- the run ------------------------------------------------------------------------------------------------

interface Check {
  name: string;
  value: string;
  target: string;
  pass: boolean;
}

const has = (part: Part) => settings.only.includes(part);

async function main(): Promise<void> {
  const required = [serverEntry, ...(has('pages') ? [path.join(webDist, 'index.html')] : [])];
  for (const file of required) {
    if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` first`);
  }
  const startedAt = new Date();
  const checks: Check[] = [];
  const problems: string[] = [];
  log(`parts: ${settings.only.join(', ')}`);

  // 1. Initial JS.
  const bundles = has('pages')
    ? [
        measureBundle('bookings', 'index.html'),
        measureBundle('my-account', 'account/index.html'),
        measureBundle('online joining', 'join/index.html'),
      ]
    : [];
  const joiningBundle = bundles.find((bundle) => bundle.site === 'online joining');
  const lazyChunks = joiningBundle
    ? [measureLazyChunk('joining map (lazy)', 'venue-map-', joiningBundle)]
    : [];
  for (const chunk of lazyChunks) {
    if (chunk.inInitialJs) problems.push(`${chunk.name}: ${chunk.files.join(', ')} is in the initial JS`);
  }
  for (const bundle of bundles) {
    checks.push({
      name: `initial JS, ${bundle.site} (gzip)`,
      value: `${bundle.gzipKb} KB`,
      target: `<= ${budgets.initialJsKb} KB`,
      pass: bundle.gzipKb <= budgets.initialJsKb,
    });
  }

  // 2. Throughput: the bare endpoint first, alone.
  const load: LoadFigure[] = [];
  const bare =
    has('api') || has('bookings') || has('joining') || has('account') ? await measureBare() : undefined;
  if (bare) load.push(bare);

  const serverEnv = (dataDir: string): Record<string, string> => ({
    PORT: String(settings.appPort),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    SANDBOX_PAY_SECRET: 'bench-sandbox-pay-secret-0123456789abcdef',
    LOG_LEVEL: settings.logLevel,
  });
  const lighthouseFigures: LighthouseFigure[] = [];
  if (has('api') || has('pages')) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'leisure-bench-'));
    const app = startProcess('api', [serverEntry], serverEnv(dataDir));
    const base = `http://localhost:${settings.appPort}`;
    try {
      log(`starting the API server on a fresh database in ${dataDir}`);
      await waitForUrl(`${base}/api/health`, app, 180_000);

      if (has('api')) {
        load.push(await measureLoad('GET /api/frontend/theme', `${base}/api/frontend/theme`));
        try {
          const token = await logInMember(base, demoMember);
          load.push(
            await measureLoad('GET /api/auth/user', `${base}/api/auth/user`, {
              authorization: `Bearer ${token}`,
            }),
          );
        } catch (error) {
          problems.push(`GET /api/auth/user not measured: ${(error as Error).message}`);
        }
      }

      if (has('pages')) {
        const pagePaths = ['/', '/account/login', '/join/'];
        try {
          pagePaths.push(`/join/centre/${(await joiningFixture(base)).venueSlug}`);
        } catch (error) {
          problems.push(`Lighthouse /join/centre/{slug}: no centre: ${(error as Error).message}`);
        }
        for (const pagePath of pagePaths) {
          log(`Lighthouse ${pagePath} (${settings.lighthouseRuns} run(s), desktop)`);
          try {
            lighthouseFigures.push(await runLighthouse(base, pagePath));
          } catch (error) {
            problems.push(`Lighthouse ${pagePath} failed: ${(error as Error).message}`);
          }
        }
        // The dashboard, signed in as the member with two years of history (session cookies).
        log(`Lighthouse /account/ as ${historyMember.username} (${settings.lighthouseRuns} run(s), desktop)`);
        try {
          const cookies = await sessionCookies(base, historyMember);
          lighthouseFigures.push(await runLighthouse(base, '/account/', cookies));
        } catch (error) {
          problems.push(`Lighthouse /account/ failed: ${(error as Error).message}`);
        }
      }
    } finally {
      await stopProcess(app);
      rmSync(dataDir, { recursive: true, force: true });
    }
  }

  // Each of the database-backed parts runs on each database in turn, on a fresh data folder.
  const hooks: BenchHooks = { root, serverEntry, log, startProcess, stopProcess, waitForUrl };
  const loadSettings = {
    duration: settings.duration,
    warmup: settings.warmup,
    connections: settings.connections,
    appPort: settings.appPort,
    databaseUrl: settings.databaseUrl,
  };
  const onEachDatabase = async <Run extends { problems: string[] }>(
    label: string,
    measure: (database: 'pglite' | 'postgres', env: Record<string, string>) => Promise<Run>,
  ): Promise<Run[]> => {
    const runs: Run[] = [];
    for (const database of settings.databases as ('pglite' | 'postgres')[]) {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'leisure-bench-'));
      try {
        const run = await measure(database, serverEnv(dataDir));
        runs.push(run);
        problems.push(...run.problems);
      } catch (error) {
        problems.push(`${label} on ${database} not measured: ${(error as Error).message}`);
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    }
    return runs;
  };
  // 4, 5 and 6. Bookings, joining and my account, each on each database in turn.
  const bookings: BookingsRun[] = has('bookings')
    ? await onEachDatabase('bookings', (database, env) =>
        runBookings(
          hooks,
          {
            ...loadSettings,
            writeDuration: settings.writeDuration,
            raceRounds: settings.raceRounds,
            logLevel: settings.logLevel,
          },
          database,
          env,
        ),
      )
    : [];
  const bookingFigures = bookings.flatMap((run) => run.figures);

  const joining: JoiningRun[] = has('joining')
    ? await onEachDatabase('joining', (database, env) =>
        runJoining(hooks, { ...loadSettings, member: demoMember }, database, env),
      )
    : [];
  const account: AccountRun[] = has('account')
    ? await onEachDatabase('my account', (database, env) => runAccount(hooks, loadSettings, database, env))
    : [];

  for (const figure of load) {
    if (figure.non2xx > 0 || figure.errors > 0 || figure.timeouts > 0) {
      problems.push(
        `${figure.name}: ${figure.non2xx} non-2xx answers, ${figure.errors} errors, ${figure.timeouts} timeouts`,
      );
    }
  }
  for (const figure of bookingFigures) {
    if (figure.kind === 'race') continue;
    const other = Object.entries(figure.statuses).filter(([status]) => status !== '200');
    if (other.length > 0 || figure.errors > 0) {
      problems.push(
        `${figure.database} ${figure.name}: ${other.map(([status, n]) => `${n} x ${status}`).join(', ') || 'no non-200'}; ${figure.errors} errors`,
      );
    }
  }
  const themeFigure = load.find((figure) => figure.name === 'GET /api/frontend/theme');
  const ratio = themeFigure && bare ? round(themeFigure.requestsPerSecond / bare.requestsPerSecond, 2) : 0;
  if (themeFigure) {
    checks.push({
      name: 'theme / bare node:http throughput',
      value: ratio.toFixed(2),
      target: `>= ${budgets.themeToBareRatio.toFixed(2)}`,
      pass: ratio >= budgets.themeToBareRatio && themeFigure.non2xx === 0,
    });
  }
  for (const figure of bookingFigures.filter((f) => f.database === 'postgres')) {
    if (figure.kind === 'read' && figure.budgeted) {
      checks.push({
        name: `PostgreSQL ${figure.name} req/s`,
        value: String(figure.requestsPerSecond),
        target: `>= ${budgets.postgresReadRps}`,
        pass: figure.requestsPerSecond >= budgets.postgresReadRps,
      });
      checks.push({
        name: `PostgreSQL ${figure.name} p99`,
        value: `${figure.latencyP99Ms} ms`,
        target: `<= ${budgets.postgresReadP99Ms} ms`,
        pass: figure.latencyP99Ms <= budgets.postgresReadP99Ms,
      });
    }
    if (figure.kind === 'race') {
      checks.push({
        name: 'PostgreSQL last-place race p99',
        value: `${figure.latencyP99Ms} ms`,
        target: `<= ${budgets.raceP99Ms} ms`,
        pass: figure.latencyP99Ms <= budgets.raceP99Ms,
      });
      const statuses = Object.keys(figure.statuses);
      checks.push({
        name: 'PostgreSQL last-place race statuses',
        value: statuses.join('/'),
        target: 'only 200/409/422',
        pass: statuses.every((status) => ['200', '409', '422'].includes(status)),
      });
    }
  }
  for (const figure of lighthouseFigures) {
    checks.push({
      name: `Lighthouse performance ${figure.path}`,
      value: String(figure.performance),
      target: `>= ${budgets.lighthousePerformance}`,
      pass: figure.performance >= budgets.lighthousePerformance,
    });
    checks.push({
      name: `Lighthouse accessibility ${figure.path}`,
      value: String(figure.accessibility),
      target: `= ${budgets.lighthouseAccessibility}`,
      pass: figure.accessibility >= budgets.lighthouseAccessibility,
    });
  }

  const results = {
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    machine: {
      node: process.version,
      cpus: (await import('node:os')).cpus().length,
      note: 'shared: other engineers run browser tests at the same time; each figure keeps its load average',
    },
    settings,
    budgets,
    throughput: load,
    themeToBareRatio: ratio,
    bookings: bookings.map((run) => ({ ...run, bareRequestsPerSecond: bare?.requestsPerSecond ?? null })),
    joining: joining.map((run) => ({ ...run, bareRequestsPerSecond: bare?.requestsPerSecond ?? null })),
    account: account.map((run) => ({ ...run, bareRequestsPerSecond: bare?.requestsPerSecond ?? null })),
    initialJs: bundles,
    lazyChunks,
    lighthouse: lighthouseFigures,
    checks,
    problems,
    pass: problems.length === 0 && checks.every((check) => check.pass),
  };
  mkdirSync(path.join(here, 'results'), { recursive: true });
  writeFileSync(path.join(here, 'results/latest.json'), `${JSON.stringify(results, null, 2)}\n`);

  // ---- the readable report ----
  const pad = (value: string | number, width: number) => String(value).padEnd(width);
  const padStart = (value: string | number, width: number) => String(value).padStart(width);
  const loadText = (values: number[]) => values.map((value) => value.toFixed(2)).join(' ');
  if (load.length > 0) {
    console.log('\nThroughput (autocannon, loopback, one target at a time)');
    console.log(
      `  ${pad('target', 28)}${padStart('req/s', 10)}${padStart('p50 ms', 10)}${padStart('p99 ms', 10)}  non-2xx  load avg at start`,
    );
    for (const figure of load) {
      console.log(
        `  ${pad(figure.name, 28)}${padStart(figure.requestsPerSecond, 10)}${padStart(figure.latencyP50Ms, 10)}${padStart(figure.latencyP99Ms, 10)}  ${pad(figure.non2xx, 7)}  ${loadText(figure.loadAverage)}`,
      );
    }
  }
  const printFigures = (figures: BookingsRun['figures'] | JoiningRun['figures']) => {
    console.log(
      `  ${pad('target', 42)}${padStart('req/s', 8)}${padStart('p50 ms', 9)}${padStart('p99 ms', 9)}  ${pad('statuses', 22)}load avg at start`,
    );
    for (const figure of figures) {
      const statuses = Object.entries(figure.statuses)
        .map(([status, n]) => `${n}x${status}`)
        .join(' ');
      console.log(
        `  ${pad(figure.name, 42)}${padStart(figure.requestsPerSecond, 8)}${padStart(figure.latencyP50Ms, 9)}${padStart(figure.latencyP99Ms, 9)}  ${pad(statuses, 22)}${loadText(figure.loadAverage)}`,
      );
    }
  };
  for (const run of bookings) {
    console.log(
      `\nBookings on ${run.database === 'pglite' ? 'PGlite' : 'PostgreSQL'} (${run.fixture.venue}/${run.fixture.activity}, ${run.fixture.date}: ${run.fixture.sessionsOnDate} sessions, ${run.fixture.timeGroupsOnDate} start times; bare node:http ${bare?.requestsPerSecond ?? '-'} req/s)`,
    );
    printFigures(run.figures);
  }
  for (const run of joining) {
    console.log(
      `\nJoining on ${run.database === 'pglite' ? 'PGlite' : 'PostgreSQL'} (venue ${run.fixture.venueSlug} #${run.fixture.venueId}: ${run.fixture.typesAtVenue} types; type ${run.fixture.typeId}, monthly option ${run.fixture.optionId}; bare node:http ${bare?.requestsPerSecond ?? '-'} req/s)`,
    );
    printFigures(run.figures);
  }
  for (const run of account) {
    console.log(
      `\nMy account on ${run.database === 'pglite' ? 'PGlite' : 'PostgreSQL'} (${historyMember.username}: ${run.fixture.pastBookings} past and ${run.fixture.upcomingBookings} upcoming bookings, ${run.fixture.orders} orders; bare node:http ${bare?.requestsPerSecond ?? '-'} req/s)`,
    );
    printFigures(run.figures);
  }
  if (bundles.length > 0) {
    console.log('\nInitial JS per sub-site (entry + modulepreload, gzip)');
    for (const bundle of bundles) {
      console.log(
        `  ${pad(bundle.site, 16)}${padStart(`${bundle.gzipKb} KB`, 10)}  (${bundle.files.length} files; CSS ${bundle.cssGzipKb} KB)`,
      );
    }
    for (const chunk of lazyChunks) {
      console.log(
        `  ${pad(chunk.name, 16)}${padStart(`${chunk.gzipKb} KB`, 10)}  (not initial: ${chunk.inInitialJs ? 'NO' : 'yes'}; CSS ${chunk.cssGzipKb} KB; + ${chunk.extraDepsGzipKb} KB of static imports not in the initial JS)`,
      );
    }
  }
  if (lighthouseFigures.length > 0) {
    console.log(`\nLighthouse desktop (median of ${settings.lighthouseRuns})`);
    for (const figure of lighthouseFigures) {
      console.log(
        `  ${pad(figure.path, 16)} performance ${padStart(figure.performance, 3)}  accessibility ${padStart(figure.accessibility, 3)}  (runs ${figure.runs.map((r) => `${r.performance}/${r.accessibility}`).join(', ')}; scripts loaded ${figure.scriptsLoadedGzipKb} KB gzip; load avg ${loadText(figure.loadAverage)})`,
      );
      for (const audit of figure.failingAudits) {
        console.log(
          `      ${audit.category}: ${audit.id} ${audit.displayValue ?? ''} (score ${audit.score})`,
        );
      }
    }
  }
  console.log('\nBudgets');
  for (const check of checks) {
    console.log(
      `  ${check.pass ? 'PASS' : 'FAIL'}  ${pad(check.name, 40)}${padStart(check.value, 10)}  target ${check.target}`,
    );
  }
  for (const problem of problems) console.log(`  FAIL  ${problem}`);
  console.log(`\nWrote ${path.relative(root, path.join(here, 'results/latest.json'))}`);
  if (!results.pass) {
    const missed = [...checks.filter((check) => !check.pass).map((check) => check.name), ...problems];
    console.log(`Bench: ${missed.length} budget(s) missed: ${missed.join('; ')}`);
    process.exitCode = 1;
  } else {
    console.log('Bench: every budget met');
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
