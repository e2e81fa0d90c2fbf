/** 2. Throughput and p99 with autocannon: the bare node:http endpoint, and the API's calls. */
import { loadavg } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { log, percentile, round, sleep, startProcess, stopProcess, waitForUrl } from './helpers';
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
