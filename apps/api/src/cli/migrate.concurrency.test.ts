import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { migrationsFolder, migrationsLockKey, openDatabase } from '../db/client';
import { adminQuery, databaseUrl, uniqueDatabaseName } from '../test/template-database';

/**
 * Migrations under a PostgreSQL advisory lock (issue 44): replicas (or `npm run db:migrate`) started
 * at once on one database migrate once, and one that waits for another's migrations waits past the
 * API's 3 s lock_timeout. Runs only with TEST_DATABASE_URL.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl) throw new Error('migrate.concurrency.test.ts needs TEST_DATABASE_URL=postgresql://...');

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const journal = JSON.parse(readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as {
  entries: { when: number }[];
};

const created: string[] = [];
async function freshDatabase(): Promise<string> {
  const name = uniqueDatabaseName('test_migrate');
  await adminQuery(serverUrl as string, `create database "${name}"`);
  created.push(name);
  return databaseUrl(serverUrl as string, name);
}
afterEach(async () => {
  for (const name of created.splice(0))
    await adminQuery(serverUrl as string, `drop database if exists "${name}" with (force)`);
});

async function query<T>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

/** `npm run db:migrate` as its own process: its exit code and what it printed. */
function runMigrateCommand(url: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/cli/migrate.ts'], {
      cwd: repoRoot,
      env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: url, LOG_LEVEL: 'error' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
    });
    child.once('exit', (code) => resolve({ code, output }));
  });
}

/** Each migration of the journal, applied once. */
async function appliedMigrations(url: string): Promise<{ rows: number; distinct: number }> {
  const [row] = await query<{ rows: string; distinct: string }>(
    url,
    'select count(*) as rows, count(distinct created_at) as distinct from drizzle.__drizzle_migrations',
  );
  return { rows: Number(row?.rows), distinct: Number(row?.distinct) };
}

describe('migrations under an advisory lock (PostgreSQL)', () => {
  it('three `npm run db:migrate` started at once on a fresh database all succeed, and migrate once', {
    timeout: 90_000,
  }, async () => {
    const url = await freshDatabase();
    const runs = await Promise.all([runMigrateCommand(url), runMigrateCommand(url), runMigrateCommand(url)]);
    for (const run of runs) {
      expect(run.output).toContain('PostgreSQL (DATABASE_URL) is migrated.');
      expect(run.code).toBe(0);
    }
    const entries = journal.entries.length;
    expect(await appliedMigrations(url)).toEqual({ rows: entries, distinct: entries });
  });

  it("a replica waiting for another's migrations longer than the API's 3 s lock_timeout still migrates", {
    timeout: 60_000,
  }, async () => {
    const url = await freshDatabase();
    // Another replica migrating: it holds the lock.
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    await other.query('select pg_advisory_lock($1)', [migrationsLockKey]);
    const replica = await openDatabase({ url, poolSize: 1 });
    try {
      const migrating = replica.migrate();
      const failed = migrating.then(
        () => undefined,
        (error: unknown) => error,
      );
      // Released once the replica has waited for it past the API's lock_timeout (by the server's clock).
      const until = Date.now() + 20_000;
      let waited = 0;
      while (waited < 3.5 && Date.now() < until) {
        const [row] = await query<{ waited: number | null }>(
          url,
          `select extract(epoch from now() - waitstart)::float8 as waited from pg_locks
            where locktype = 'advisory' and not granted`,
        );
        waited = row?.waited ?? 0;
        if (waited < 3.5) await Promise.race([failed, new Promise((resolve) => setTimeout(resolve, 100))]);
      }
      expect(waited).toBeGreaterThanOrEqual(3.5);
      await other.query('select pg_advisory_unlock($1)', [migrationsLockKey]);
      await migrating;
      const entries = journal.entries.length;
      expect(await appliedMigrations(url)).toEqual({ rows: entries, distinct: entries });
    } finally {
      await other.end();
      await replica.close();
    }
  });
});
