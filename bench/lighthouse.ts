/**
 * 3. Lighthouse on a phone (its default mobile preset: simulated slow 4G and 4x CPU throttling),
 * performance and accessibility, the median of a few runs a page.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { gzippedBytes, log, median, round } from './helpers';
import { here, settings, webDist } from './settings';

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

export interface LighthouseFigure {
  path: string;
  /** Each run, with Lighthouse's benchmark index of the host as it ran (its speed then: higher is faster). */
  runs: { performance: number; accessibility: number; benchmarkIndex?: number }[];
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

export async function runLighthouse(
  base: string,
  pagePath: string,
  cookies?: { name: string; value: string }[],
): Promise<LighthouseFigure> {
  const runs: {
    performance: number;
    accessibility: number;
    benchmarkIndex?: number;
    lhr: LighthouseResult;
  }[] = [];
  const loadAverage = loadavg().map((value) => round(value, 2));
  // A run that fails to record (NO_NAVSTART: Lighthouse asks to be run again) is retried, up to three
  // times a page: the full run of 2026-12-02 met it three times on three pages, twice on one.
  let retries = 3;
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
        // No config: Lighthouse's default is the mobile form factor with simulated throttling.
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
        benchmarkIndex: round(lhr.environment.benchmarkIndex),
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
  // The whole report (network waterfall, LCP element and its phases), to see what delays the LCP.
  const reports = path.join(here, 'results/lighthouse');
  mkdirSync(reports, { recursive: true });
  const name = pagePath.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home';
  writeFileSync(path.join(reports, `${name}.json`), JSON.stringify(lhr));
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
    runs: runs.map(({ performance: p, accessibility: a, benchmarkIndex }) => ({
      performance: p,
      accessibility: a,
      benchmarkIndex,
    })),
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
