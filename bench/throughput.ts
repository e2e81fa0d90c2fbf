/** 2. Throughput and p99 with autocannon: the bare node:http endpoint, and the API's calls. */
import { loadavg } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { log, round, startProcess, stopProcess, waitForUrl } from './helpers';
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
}

export async function measureLoad(
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

export async function measureBare(): Promise<LoadFigure> {
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
