import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../app';
import { testConfig } from '../config';
import { openOnSameDatabase, openTestDatabase } from '../test/harness';
import type { Database, DatabaseHandle } from './client';
import { rawRowsOf } from './raw-rows';

/**
 * The API's limits on PostgreSQL (issue 44): a statement past statement_timeout, or a request past a
 * full pool queue, is answered 503 with Retry-After, never a 500 or a wait without end; and every
 * kind of connection (pool, shared reads, shared writes) opens with the timeouts.
 */
if (!process.env.TEST_DATABASE_URL)
  throw new Error('database-limits.concurrency.test.ts needs TEST_DATABASE_URL=postgresql://...');

const deferred = () => {
  let resolve: () => void = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
};

/** A transaction of `db` that holds its connection (and `lock`, when given) until the answer is called. */
async function holding(db: Database, lock?: string): Promise<() => Promise<void>> {
  const release = deferred();
  const held = deferred();
  const holder = db.transaction(async (tx) => {
    await tx.execute(lock ? sql.raw(lock) : sql`select 1`);
    held.resolve();
    await release.promise;
  });
  await held.promise;
  return async () => {
    release.resolve();
    await holder;
  };
}

describe('database limits (PostgreSQL)', () => {
  let test: DatabaseHandle;
  const opened: { close(): Promise<void> }[] = [];
  const config = testConfig();

  async function appOn(database: DatabaseHandle): Promise<App> {
    const app = await buildApp({ config, database });
    await app.ready();
    opened.push(app, database);
    return app;
  }

  beforeAll(async () => {
    test = await openTestDatabase();
  });
  afterAll(async () => {
    for (const handle of opened.reverse()) await handle.close();
    await test?.close();
  });

  it('answers 503 with Retry-After when a statement runs past statement_timeout', async () => {
    // Shorter than the 3 s lock_timeout, so the wait for the lock below ends as a statement timeout.
    const database = await openOnSameDatabase(test.db, 2, { limits: { statementTimeoutMs: 300 } });
    const app = await appOn(database);
    const release = await holding(test.db, 'lock table clients in access exclusive mode');
    try {
      const answer = await app.inject({ method: 'GET', url: '/api/frontend/theme' });
      expect(answer.statusCode).toBe(503);
      expect(answer.headers['retry-after']).toBe('2');
      expect(answer.json()).toEqual({
        message: 'The service is busy right now. Please try again in a moment.',
      });
    } finally {
      await release();
    }
  });

  it('answers 503 at once when more requests wait for a pool connection than DATABASE_POOL_QUEUE allows', async () => {
    // One connection, no shared ones (every statement takes it from the pool), no room to wait.
    const database = await openOnSameDatabase(test.db, 1, {
      sharedReads: 0,
      sharedWrites: 0,
      limits: { poolQueue: 0, connectTimeoutMs: 60_000 },
    });
    const app = await appOn(database);
    const release = await holding(database.db);
    try {
      const answer = await app.inject({ method: 'GET', url: '/api/frontend/theme' });
      expect(answer.statusCode).toBe(503);
      expect(answer.headers['retry-after']).toBe('2');
    } finally {
      await release();
    }
    // The connection free again, the same call is served.
    expect((await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
  });

  it('a request that waits in the queue gives up after DATABASE_CONNECT_TIMEOUT_MS, answered 503', async () => {
    const database = await openOnSameDatabase(test.db, 1, {
      sharedReads: 0,
      sharedWrites: 0,
      limits: { poolQueue: 1, connectTimeoutMs: 200 },
    });
    const app = await appOn(database);
    const release = await holding(database.db);
    try {
      const answer = await app.inject({ method: 'GET', url: '/api/frontend/theme' });
      expect(answer.statusCode).toBe(503);
      expect(answer.headers['retry-after']).toBe('2');
    } finally {
      await release();
    }
  });

  it('opens every connection (pool, shared reads, shared writes) with the timeouts', async () => {
    const database = await openOnSameDatabase(test.db, 2);
    opened.push(database);
    const settings = sql`select current_setting('statement_timeout') as statement,
      current_setting('idle_in_transaction_session_timeout') as idle,
      current_setting('lock_timeout') as lock`;
    const expected = { statement: '15s', idle: '30s', lock: '3s' };
    // A plain read goes to a shared connection; inside a transaction, to the pool's.
    expect(rawRowsOf(await database.db.execute(settings))[0]).toEqual(expected);
    const inTransaction = await database.db.transaction(
      async (tx) => rawRowsOf(await tx.execute(settings))[0],
    );
    expect(inTransaction).toEqual(expected);
  });
});
