import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { NamedStatementClient } from './driver/named-statements';
import { installFastResults } from './driver/pg-results';
import { withNamedStatements } from './driver/pglite-named-statements';
import {
  readsBeforeNextConnection,
  SharedConnections,
  shareStatementsOf,
  writeStalledAfterMs,
  writesBeforeNextConnection,
} from './driver/shared-connections';
import { PoolQueueFullError } from './unavailable';

/**
 * The one database type the services and repositories see, whichever driver is behind it. Without
 * drizzle's relational queries (nothing uses them): with the schema given, drizzle built a query
 * helper for each of its tables on every transaction (1.3% of the API's CPU on checkout, issue 16).
 */
export type Database = PgDatabase<PgQueryResultHKT>;

/**
 * How long any statement on PostgreSQL waits for a row lock before it fails as a lost race
 * (db/locks.ts isRaceError: answered 409). Set on every connection as it opens, so a basket or
 * booking transaction needs no `set local` round trip of its own, and no request waits without end.
 */
export const defaultLockWaitMs = 3_000;

/**
 * How long the API's work may hold or wait for the database (issue 44), the settings' defaults.
 * Statement and idle-in-transaction limits are PostgreSQL's own, set as each connection opens;
 * migrations run on a connection of their own without them (`migrateUnderLock`).
 */
export interface DatabaseLimits {
  /** Longest wait to open a connection, and for a free one from the pool (pg's connectionTimeoutMillis). */
  connectTimeoutMs: number;
  /** statement_timeout: a statement running (or waiting for a lock) this long is cancelled; 0 none. */
  statementTimeoutMs: number;
  /** idle_in_transaction_session_timeout: the server ends a session idle this long in a transaction. */
  idleInTransactionTimeoutMs: number;
  /** Requests waiting for a pool connection past which the next is refused (PoolQueueFullError). */
  poolQueue: number;
}

const defaultDatabaseLimits: DatabaseLimits = {
  connectTimeoutMs: 5_000,
  statementTimeoutMs: 15_000,
  idleInTransactionTimeoutMs: 30_000,
  poolQueue: 100,
};

/**
 * Statements of a shared connection (db/driver/shared-connections.ts) in flight on each before the next
 * goes through the pool instead, whose bounded queue then refuses what the database cannot take.
 */
const sharedStatementsInFlightLimit = 256;

/** The advisory lock every replica's migrations take (`pg_advisory_lock`): one migrates at a time. */
export const migrationsLockKey = 4_404_400_044;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres:// URL; when absent the embedded PGlite is used. */
  url?: string | undefined;
  /** Folder for the embedded database; `memory://` keeps it in memory (tests). */
  pgliteDir?: string;
  /**
   * A dump of an embedded database's data folder (PGlite `dumpDataDir`) to start from instead of an
   * empty one: the tests' migrated template (src/test/template-database.ts).
   */
  pgliteTemplate?: Blob;
  /** Connection pool size for PostgreSQL. */
  poolSize?: number;
  /**
   * PostgreSQL connections shared by plain reads outside transactions (db/driver/shared-connections.ts, decision
   * 032); 0 sends them through the pool.
   */
  sharedReads?: number;
  /**
   * PostgreSQL connections shared by the writes marked `sharedWrite` outside transactions
   * (db/driver/shared-connections.ts, decision 038); 0 sends them through the pool.
   */
  sharedWrites?: number;
  /** When a shared write connection counts as stalled (`writeStalledAfterMs`; tests set 0). */
  sharedWriteStalledAfterMs?: number;
  /** Timeouts and the pool's queue (PostgreSQL; PGlite, in process, has no connections to limit). */
  limits?: Partial<DatabaseLimits>;
}

/** Finds the committed migrations folder, both from src/ (tests, tsx) and from dist/ (the build). */
export function migrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const candidate = path.join(dir, 'drizzle');
    if (existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error('Could not find the drizzle migrations folder');
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) {
    installFastResults();
    const limits = { ...defaultDatabaseLimits, ...options.limits };
    const connection: pg.ClientConfig = {
      connectionString: options.url,
      connectionTimeoutMillis: limits.connectTimeoutMs,
      // A connection whose server went away without a word (a fail-over, a dropped NAT entry) is
      // found by TCP keepalive, not by the next statement's wait.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      // Sent with the connection's start-up packet: no round trip of its own. (PgBouncer does not
      // pass `options` on: behind one, set them on the role, `alter role ... set lock_timeout`.)
      options: [
        `-c lock_timeout=${defaultLockWaitMs}`,
        `-c statement_timeout=${limits.statementTimeoutMs}`,
        `-c idle_in_transaction_session_timeout=${limits.idleInTransactionTimeoutMs}`,
      ].join(' '),
    };
    const pool = new pg.Pool({
      ...connection,
      max: options.poolSize ?? 10,
      Client: NamedStatementClient,
      pipeline: true,
    });
    boundTheQueueOf(pool, limits.poolQueue);
    const sharedReads = options.sharedReads ?? 2;
    const sharedWrites = options.sharedWrites ?? 2;
    const reads =
      sharedReads > 0
        ? new SharedConnections(connection, sharedReads, {
            beforeNextConnection: readsBeforeNextConnection,
            inFlightLimit: sharedStatementsInFlightLimit,
          })
        : undefined;
    const writes =
      sharedWrites > 0
        ? new SharedConnections(connection, sharedWrites, {
            beforeNextConnection: writesBeforeNextConnection,
            stalledAfterMs: options.sharedWriteStalledAfterMs ?? writeStalledAfterMs,
            inFlightLimit: sharedStatementsInFlightLimit,
          })
        : undefined;
    shareStatementsOf(pool, { reads, writes });
    // An idle connection the server ends (a restart, a fail-over, an administrator) is an 'error'
    // event; without a listener it would crash the process. The pool replaces it on the next query.
    pool.on('error', (error: Error & { code?: string }) => {
      if (error.code !== '57P01') console.error(`PostgreSQL connection lost: ${error.message}`);
    });
    const db = drizzleNodePg(pool);
    return {
      db: db as unknown as Database,
      kind: 'postgres',
      migrate: () =>
        migrateUnderLock({ connectionString: options.url, connectionTimeoutMillis: limits.connectTimeoutMs }),
      close: async () => {
        await Promise.all([reads?.end(), writes?.end()]);
        await pool.end();
      },
    };
  }
  const dir = options.pgliteDir ?? 'memory://';
  if (!dir.startsWith('memory://')) mkdirSync(dir, { recursive: true });
  const client = options.pgliteTemplate
    ? await PGlite.create({ dataDir: dir, loadDataDir: options.pgliteTemplate })
    : await PGlite.create(dir);
  const db = drizzlePglite(withNamedStatements(client) as unknown as PGlite);
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder: migrationsFolder() }),
    close: () => client.close(),
  };
}

/**
 * Refuses a connection request at once (PoolQueueFullError, answered 503) when `queue` requests
 * already wait for one: pg's pool would queue without end. `pool.query` takes its connection
 * through `pool.connect`, so both are bounded. A request that waits in the queue still gives up
 * after connectionTimeoutMillis.
 */
function boundTheQueueOf(pool: pg.Pool, queue: number): void {
  const connect = pool.connect.bind(pool) as (callback?: unknown) => unknown;
  const full = () =>
    pool.waitingCount >= queue && pool.idleCount === 0 && pool.totalCount >= (pool.options.max ?? 10);
  const bounded = (callback?: (error: Error | undefined, ...rest: unknown[]) => void) => {
    if (!full()) return connect(callback);
    const error = new PoolQueueFullError(pool.waitingCount);
    if (callback) {
      process.nextTick(() => callback(error));
      return undefined;
    }
    return Promise.reject(error);
  };
  pool.connect = bounded as typeof pool.connect;
}

/**
 * Applies the committed migrations on a connection of their own, under a PostgreSQL advisory lock:
 * replicas starting at once migrate one after another, so the first applies them and the others
 * find nothing left to do. The connection has none of the API's limits: a migration (or the wait
 * for another replica's) may take longer than a request's 3 s lock_timeout or its statement_timeout.
 */
async function migrateUnderLock(connection: pg.ClientConfig): Promise<void> {
  const client = new pg.Client({
    ...connection,
    keepAlive: true,
    options: '-c lock_timeout=0 -c statement_timeout=0 -c idle_in_transaction_session_timeout=0',
  });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [migrationsLockKey]);
    try {
      await migrateNodePg(drizzleNodePg(client), { migrationsFolder: migrationsFolder() });
    } finally {
      // A broken connection releases the lock as it closes; the migration's own error is the one to see.
      await client.query('select pg_advisory_unlock($1)', [migrationsLockKey]).catch(() => undefined);
    }
  } finally {
    await client.end();
  }
}

/** True when the database answers a trivial query. */
export async function pingDatabase(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
