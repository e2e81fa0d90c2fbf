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
import { NamedStatementClient } from './named-statements';
import { installFastResults } from './pg-results';
import { withNamedStatements } from './pglite-named-statements';
import {
  readsBeforeNextConnection,
  SharedConnections,
  shareStatementsOf,
  writeStalledAfterMs,
  writesBeforeNextConnection,
} from './shared-connections';

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
   * PostgreSQL connections shared by plain reads outside transactions (db/shared-connections.ts, decision
   * 032); 0 sends them through the pool.
   */
  sharedReads?: number;
  /**
   * PostgreSQL connections shared by the writes marked `sharedWrite` outside transactions
   * (db/shared-connections.ts, decision 038); 0 sends them through the pool.
   */
  sharedWrites?: number;
  /** When a shared write connection counts as stalled (`writeStalledAfterMs`; tests set 0). */
  sharedWriteStalledAfterMs?: number;
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
    const connection = {
      connectionString: options.url,
      // Sent with the connection's start-up packet: no round trip of its own. (PgBouncer does not
      // pass `options` on: behind one, set it on the role, `alter role ... set lock_timeout`.)
      options: `-c lock_timeout=${defaultLockWaitMs}`,
    };
    const pool = new pg.Pool({
      ...connection,
      max: options.poolSize ?? 10,
      Client: NamedStatementClient,
      pipeline: true,
    });
    const sharedReads = options.sharedReads ?? 2;
    const sharedWrites = options.sharedWrites ?? 2;
    const reads =
      sharedReads > 0
        ? new SharedConnections(connection, sharedReads, { beforeNextConnection: readsBeforeNextConnection })
        : undefined;
    const writes =
      sharedWrites > 0
        ? new SharedConnections(connection, sharedWrites, {
            beforeNextConnection: writesBeforeNextConnection,
            stalledAfterMs: options.sharedWriteStalledAfterMs ?? writeStalledAfterMs,
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
      migrate: () => migrateNodePg(db, { migrationsFolder: migrationsFolder() }),
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

/** True when the database answers a trivial query. */
export async function pingDatabase(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
