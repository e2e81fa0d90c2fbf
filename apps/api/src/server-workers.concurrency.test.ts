import { execFileSync } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from './db/client';
import { openTestDatabase } from './test/harness';
import { type ServerProcess, startServerProcess } from './test/server-process';

/**
 * API_WORKERS=2 on PostgreSQL: the server's process starts two workers sharing the port, replaces
 * one that dies, and stops them all on SIGTERM. Runs only with TEST_DATABASE_URL.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl)
  throw new Error('server-workers.concurrency.test.ts needs TEST_DATABASE_URL=postgresql://...');

/** The API workers: the server process's children (tsx may put a loader process in between). */
function workerPids(pid: number): number[] {
  const table = execFileSync('ps', ['-e', '-o', 'pid=,ppid=,args='], { encoding: 'utf8' });
  const rows = table
    .split('\n')
    .map((line) => line.trim().match(/^(\d+)\s+(\d+)\s+(.*)$/))
    .flatMap((m) => (m ? [{ pid: Number(m[1]), ppid: Number(m[2]), args: m[3] ?? '' }] : []));
  const below = (parent: number): number[] =>
    rows.filter((row) => row.ppid === parent).flatMap((row) => [row.pid, ...below(row.pid)]);
  return below(pid).filter((child) =>
    rows.some((row) => row.pid === child && row.args.includes('apps/api/src/server.ts')),
  );
}

async function eventually<T>(read: () => T, done: (value: T) => boolean): Promise<T> {
  const until = Date.now() + 20_000;
  let value = read();
  while (!done(value) && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = read();
  }
  return value;
}

describe('API_WORKERS: several API processes on one port (PostgreSQL)', () => {
  let database: DatabaseHandle;
  let server: ServerProcess;

  beforeAll(async () => {
    database = await openTestDatabase();
    const result = (await database.db.execute(sql`select current_database() as name`)) as unknown as {
      rows: { name: string }[];
    };
    const url = new URL(serverUrl);
    url.pathname = `/${result.rows[0]?.name}`;
    server = await startServerProcess(url.toString(), { API_WORKERS: '2' });
  }, 60_000);
  afterAll(async () => {
    if (server && server.child.exitCode === null && server.child.signalCode === null) {
      for (const pid of workerPids(server.child.pid ?? 0)) process.kill(pid, 'SIGKILL');
      server.child.kill('SIGKILL');
    }
    await database?.close();
  });

  it('serves from two workers, replaces one that dies, and stops them all on SIGTERM', {
    timeout: 60_000,
  }, async () => {
    const primary = server.child.pid ?? 0;
    // Killed while still starting, a worker would stop the server (by design): wait until both serve.
    expect(
      await eventually(server.output, (printed) => printed.includes('2 API workers serving.')),
    ).toContain('2 API workers serving.');
    const first = await eventually(
      () => workerPids(primary),
      (pids) => pids.length === 2,
    );
    expect(first).toHaveLength(2);

    const [killed] = first;
    process.kill(killed ?? 0, 'SIGKILL');
    const after = await eventually(
      () => workerPids(primary),
      (pids) => pids.length === 2 && !pids.includes(killed ?? 0),
    );
    expect(after).toHaveLength(2);
    expect(after).not.toContain(killed);
    // Every answer comes from a live worker, whichever the connection lands on.
    for (let i = 0; i < 6; i++) {
      const answer = await fetch(`${server.base}/api/health`, { headers: { connection: 'close' } });
      expect(answer.status).toBe(200);
    }

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(workerPids(primary)).toEqual([]);
  });
});
