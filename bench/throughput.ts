/** 2. Throughput and p99 with autocannon: the bare node:http endpoint, and the API's calls. */
import { loadavg } from 'node:os';
import path from 'node:path';
import autocannon, { type Result } from 'autocannon';
import { log, median, percentile, round, sleep, startProcess, stopProcess, waitForUrl } from './helpers';
import { here, settings } from './settings';

export interface LoadFigure {
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
  /** Pages: the share sent with their first view rendered on the server (the rest: the template). */
  firstViewShare?: number;
  /** Requests sent per second (an arrival rate), for a page measured at one; unset: a closed loop. */
  rate?: number;
  /**
   * Measured in rounds taken in turn with the bare node:http endpoint's (measureBesideBare): each
   * round's req/s of both, and the median of the rounds' ratios.
   */
  besideBare?: { rounds: { bare: number; target: number }[]; ratio: number };
}

export interface LoadOptions {
  headers?: Record<string, string>;
  /** A page: count the answers that carry a first view (decision 027). */
  page?: boolean;
}

const carriesFirstView = (body: string) => body.includes('id="page-state"');

/** As many requests as answers allow, on `settings.connections` connections (a closed loop). */
export async function measureLoad(
  name: string,
  url: string,
  { headers = {}, page = false }: LoadOptions = {},
): Promise<LoadFigure> {
  // A short warm-up (JIT, caches, connection pools), then the measured run.
  await autocannon({ url, connections: settings.connections, duration: 2, headers });
  log(`${name}: ${settings.duration} s, ${settings.connections} connections`);
  const loadAverage = loadavg().map((value) => round(value, 2));
  let pages = 0;
  let firstViews = 0;
  const result = await autocannon({
    url,
    connections: settings.connections,
    duration: settings.duration,
    headers,
    ...(page
      ? {
          requests: [
            {
              onResponse: (_status: number, body: string) => {
                pages += 1;
                if (carriesFirstView(body)) firstViews += 1;
              },
            },
          ],
        }
      : {}),
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
    ...(page ? { firstViewShare: pages > 0 ? round(firstViews / pages, 2) : 0 } : {}),
  };
}

/**
 * A page requested at a steady arrival rate (one every 1/rate s, whatever the answers: an open
 * loop, as visitors arrive), not in autocannon's bursts at each second.
 */
export async function measurePageRate(name: string, url: string, rate: number): Promise<LoadFigure> {
  const run = async (seconds: number) => {
    const latencies: number[] = [];
    let firstViews = 0;
    let non2xx = 0;
    let errors = 0;
    const requests: Promise<void>[] = [];
    const started = performance.now();
    for (let sent = 0; sent < seconds * rate; sent += 1) {
      const due = started + (sent * 1000) / rate;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      requests.push(
        (async () => {
          const at = performance.now();
          try {
            const response = await fetch(url, { headers: { 'accept-encoding': 'br' } });
            const body = await response.text();
            latencies.push(performance.now() - at);
            if (response.status < 200 || response.status > 299) non2xx += 1;
            if (carriesFirstView(body)) firstViews += 1;
          } catch {
            errors += 1;
          }
        })(),
      );
    }
    await Promise.all(requests);
    return { latencies, firstViews, non2xx, errors, seconds: (performance.now() - started) / 1000 };
  };
  await run(2);
  log(`${name}: ${settings.duration} s, one request every ${round(1000 / rate, 1)} ms`);
  const loadAverage = loadavg().map((value) => round(value, 2));
  const { latencies, firstViews, non2xx, errors, seconds } = await run(settings.duration);
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    name,
    url,
    requestsPerSecond: round(latencies.length / seconds),
    latencyP50Ms: round(percentile(sorted, 50), 1),
    latencyP99Ms: round(percentile(sorted, 99), 1),
    non2xx,
    errors,
    timeouts: 0,
    loadAverage,
    firstViewShare: latencies.length > 0 ? round(firstViews / latencies.length, 2) : 0,
    rate,
  };
}

/**
 * `url` against the bare node:http endpoint in rounds taken in turn (bare, target, bare, ...), so
 * that both see the same machine: on two shared cores its speed drifts by a third over a minute,
 * and a ratio of two runs taken a minute apart measured the drift as much as the server (the full
 * run of 2026-12-02: 0.41, then 0.56 alone). The figure is the target's over all its rounds; the
 * ratio is the median of the rounds' ratios.
 */
export async function measureBesideBare(name: string, url: string, rounds = 5): Promise<LoadFigure> {
  const child = await startProcess('bare', [path.join(here, 'bare-server.mjs')], {
    PORT: String(settings.barePort),
  });
  try {
    const bareUrl = `http://127.0.0.1:${settings.barePort}/`;
    await waitForUrl(bareUrl, child, 10_000);
    const seconds = Math.max(1, Math.round(settings.duration / rounds));
    for (const warm of [bareUrl, url]) {
      await autocannon({ url: warm, connections: settings.connections, duration: 2 });
    }
    log(
      `${name}: ${rounds} rounds of ${seconds} s each, in turn with bare node:http, ${settings.connections} connections`,
    );
    const loadAverage = loadavg().map((value) => round(value, 2));
    const results: Result[] = [];
    const pairs: { bare: number; target: number }[] = [];
    for (let done = 0; done < rounds; done += 1) {
      const bare = await autocannon({ url: bareUrl, connections: settings.connections, duration: seconds });
      const target = await autocannon({ url, connections: settings.connections, duration: seconds });
      results.push(target);
      pairs.push({ bare: round(bare.requests.average), target: round(target.requests.average) });
    }
    const total = (pick: (result: Result) => number) =>
      results.reduce((sum, result) => sum + pick(result), 0);
    return {
      name,
      url,
      requestsPerSecond: round(total((r) => r.requests.total) / (seconds * rounds)),
      latencyP50Ms: round(median(results.map((r) => r.latency.p50)), 1),
      latencyP99Ms: round(Math.max(...results.map((r) => r.latency.p99)), 1),
      non2xx: total((r) => r.non2xx),
      errors: total((r) => r.errors),
      timeouts: total((r) => r.timeouts),
      loadAverage,
      besideBare: {
        rounds: pairs,
        ratio: round(median(pairs.map((pair) => pair.target / pair.bare)), 2),
      },
    };
  } finally {
    await stopProcess(child);
  }
}

export async function measureBare(): Promise<LoadFigure> {
  const child = await startProcess('bare', [path.join(here, 'bare-server.mjs')], {
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
export async function sessionCookies(
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
