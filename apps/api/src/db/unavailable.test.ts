import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../app';
import { testConfig } from '../config';
import { freePort } from '../test/server-process';
import { type DatabaseHandle, openDatabase } from './client';

/**
 * A PostgreSQL server that cannot be had (nothing listening, or one that never answers) makes the
 * API answer 503 with Retry-After within the connect timeout: never a 500, never a wait without end.
 */
describe('an unreachable PostgreSQL server', () => {
  let silent: Server;
  const sockets: Socket[] = [];
  const opened: { close(): Promise<void> }[] = [];

  beforeAll(async () => {
    // Accepts connections and never says a word, as a server behind a dropped route.
    silent = createServer((socket) => {
      sockets.push(socket);
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    for (const handle of opened.reverse()) await handle.close().catch(() => undefined);
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });

  async function appOn(url: string): Promise<App> {
    const database: DatabaseHandle = await openDatabase({ url, limits: { connectTimeoutMs: 300 } });
    const app = await buildApp({ config: testConfig(), database });
    await app.ready();
    opened.push(database, app);
    return app;
  }

  it('answers 503 with Retry-After when nothing listens there', async () => {
    const app = await appOn(`postgresql://postgres@127.0.0.1:${await freePort()}/none`);
    const answer = await app.inject({ method: 'GET', url: '/api/frontend/theme' });
    expect(answer.statusCode).toBe(503);
    expect(answer.headers['retry-after']).toBe('2');
    expect(answer.json()).toEqual({
      message: 'The service is busy right now. Please try again in a moment.',
    });
  });

  it('answers 503 after DATABASE_CONNECT_TIMEOUT_MS when the server never answers', async () => {
    const { port } = silent.address() as { port: number };
    const app = await appOn(`postgresql://postgres@127.0.0.1:${port}/none`);
    const answer = await app.inject({ method: 'GET', url: '/api/frontend/theme' });
    expect(answer.statusCode).toBe(503);
    expect((await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(503);
    expect((await app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
  });
});
