import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from './db/client';
import { databaseNameOf, openTestDatabase } from './test/harness';
import { type ServerProcess, startServerProcess } from './test/server-process';
import { databaseUrl } from './test/template-database';

/**
 * The server's graceful shutdown, as a process (issue 44): on SIGTERM readiness answers 503 while a
 * request in flight still finishes with 200, then the process exits 0; a shutdown held past
 * SHUTDOWN_TIMEOUT_SECONDS exits non-zero. The request held in flight is a place search that waits
 * on a stand-in maps service which answers only when the test says so (GEOCODER=mapbox). On
 * PostgreSQL, as one process and as API_WORKERS=2; runs only with TEST_DATABASE_URL.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl)
  throw new Error('server-shutdown.concurrency.test.ts needs TEST_DATABASE_URL=postgresql://...');

/** A stand-in maps service: it holds each request until `answer()`, and says when one arrives. */
function heldMapsService() {
  const held: ServerResponse[] = [];
  let arrived: () => void = () => {};
  let nextArrival = new Promise<void>((resolve) => {
    arrived = resolve;
  });
  const server = createServer((_request, response) => {
    held.push(response);
    arrived();
  });
  return {
    server,
    /** Resolves when the next request reaches the service. */
    arrival: () => nextArrival,
    answer() {
      for (const response of held.splice(0)) {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ features: [{ text: 'Held Answer', center: [-1.55, 53.8] }] }));
      }
      nextArrival = new Promise<void>((resolve) => {
        arrived = resolve;
      });
    },
  };
}

/** Polls `read` until `done` holds (the process's state moves on its own), for at most 20 s. */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const until = Date.now() + 20_000;
  let value = await read();
  while (!done(value) && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    value = await read();
  }
  return value;
}

/** A status, or 'refused' once the port is closed. Each on a new connection, as a probe's. */
async function statusOf(url: string): Promise<number | 'refused'> {
  try {
    const answer = await fetch(url, { headers: { connection: 'close' } });
    await answer.arrayBuffer();
    return answer.status;
  } catch {
    return 'refused';
  }
}

describe.each([
  { workers: 1, name: 'one process' },
  { workers: 2, name: 'API_WORKERS=2' },
])('graceful shutdown of the server ($name, PostgreSQL)', ({ workers }) => {
  let maps: ReturnType<typeof heldMapsService>;
  let mapsUrl: string;
  let database: DatabaseHandle;
  let url: string;
  const started: ServerProcess[] = [];

  beforeAll(async () => {
    database = await openTestDatabase();
    url = databaseUrl(serverUrl, await databaseNameOf(database.db));
    maps = heldMapsService();
    await new Promise<void>((resolve) => maps.server.listen(0, '127.0.0.1', resolve));
    mapsUrl = `http://127.0.0.1:${(maps.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const server of started) if (server.child.exitCode === null) server.child.kill('SIGKILL');
    maps.answer();
    maps.server.closeAllConnections();
    await new Promise((resolve) => (maps.server as Server).close(resolve));
    await database?.close();
  });

  async function start(env: Record<string, string>): Promise<ServerProcess> {
    const server = await startServerProcess(url, {
      API_WORKERS: String(workers),
      GEOCODER: 'mapbox',
      MAPBOX_ACCESS_TOKEN: 'test-token',
      MAPBOX_API_URL: mapsUrl,
      // The held search must outlast a slow drain on a busy machine, not fall back to the gazetteer.
      MAPBOX_TIMEOUT_MS: '60000',
      ...env,
    });
    started.push(server);
    if (workers > 1) {
      // Every worker serving (and so shutting down gracefully), not just the first.
      const serving = await eventually(
        async () => server.output(),
        (printed) => printed.includes(`${workers} API workers serving.`),
      );
      expect(serving).toContain(`${workers} API workers serving.`);
    }
    return server;
  }

  it('on SIGTERM: readiness 503 first, the request in flight finishes with 200, then exit 0', {
    timeout: 90_000,
  }, async () => {
    const server = await start({ SHUTDOWN_DRAIN_SECONDS: '2', SHUTDOWN_TIMEOUT_SECONDS: '30' });
    expect(await statusOf(`${server.base}/api/health/ready`)).toBe(200);

    const arrived = maps.arrival();
    const inFlight = fetch(`${server.base}/api/online-joining/geocode?q=Leeds`);
    await arrived;
    server.child.kill('SIGTERM');

    // Draining: not ready, yet alive and still serving.
    const ready = await eventually(
      () => statusOf(`${server.base}/api/health/ready`),
      (status) => status !== 200,
    );
    expect(ready).toBe(503);
    expect(await statusOf(`${server.base}/api/health/live`)).toBe(200);
    // Then the port closes while the request is still in flight.
    expect(
      await eventually(
        () => statusOf(`${server.base}/api/health/live`),
        (status) => status === 'refused',
      ),
    ).toBe('refused');
    expect(server.child.exitCode).toBeNull();

    maps.answer();
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain('Held Answer');
    expect(await server.exited).toBe(0);
  });

  it('exits non-zero when the requests in flight outlast SHUTDOWN_TIMEOUT_SECONDS', {
    timeout: 90_000,
  }, async () => {
    const server = await start({ SHUTDOWN_TIMEOUT_SECONDS: '1' });
    const arrived = maps.arrival();
    const inFlight = fetch(`${server.base}/api/online-joining/geocode?q=York`).catch(() => 'cut off');
    await arrived;
    // The maps service never answers before the deadline (the search itself gives up only after 5 s).
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(1);
    expect(await inFlight).toBe('cut off');
    maps.answer();
  });
});
