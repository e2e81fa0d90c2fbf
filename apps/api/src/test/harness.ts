import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { inject } from 'vitest';
import { type App, type AppDeps, buildApp } from '../app';
import { type Config, testConfig } from '../config';
import { type Database, type DatabaseHandle, type DatabaseOptions, openDatabase } from '../db/client';
import { rawRowsOf } from '../db/raw-rows';
import { adminQuery, databaseUrl, uniqueDatabaseName } from './template-database';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database
 * on the PostgreSQL server named by TEST_DATABASE_URL (dropped again by `close`). Both start as a
 * copy of the run's migrated template (src/test/global-setup.ts); without one (the harness used
 * outside the API test project) the database is created empty and migrated here.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const template = inject('apiTestDatabaseTemplate');
  if (!serverUrl) {
    if (template?.kind === 'pglite') {
      const dump = new Blob([await readFile(template.file)]);
      return openDatabase({ pgliteDir: 'memory://', pgliteTemplate: dump });
    }
    const handle = await openDatabase({ pgliteDir: 'memory://' });
    await handle.migrate();
    return handle;
  }
  const name = uniqueDatabaseName('test');
  const fromTemplate = template?.kind === 'postgres';
  await adminQuery(
    serverUrl,
    `create database "${name}"${fromTemplate ? ` template "${template.database}"` : ''}`,
  );
  const handle = await openDatabase({ url: databaseUrl(serverUrl, name), poolSize: 20 });
  if (!fromTemplate) await handle.migrate();
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await adminQuery(serverUrl, `drop database if exists "${name}" with (force)`);
    },
  };
}

export interface TestApp {
  app: App;
  db: Database;
  database: DatabaseHandle;
  config: Config;
  close(): Promise<void>;
}

/** The real app, in process, on its own fresh database; drive it with `app.inject`. */
export async function startTestApp(
  settings: Record<string, string> = {},
  deps: Pick<AppDeps, 'eventLoopLoad' | 'readiness'> = {},
): Promise<TestApp> {
  const config = testConfig(settings);
  const database = await openTestDatabase();
  const app = await buildApp({ config, database, ...deps });
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    config,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/**
 * The real app on its own fresh database with its log lines kept in `lines`, for tests of what is
 * logged. Not ready yet: a test may add routes of its own, then `await app.ready()`.
 */
export async function startLoggedApp(
  settings: Record<string, string> = {},
): Promise<TestApp & { lines: string[] }> {
  const lines: string[] = [];
  const config = testConfig(settings);
  const database = await openTestDatabase();
  const app = await buildApp({ config, database, logStream: { write: (line) => void lines.push(line) } });
  return {
    app,
    db: database.db,
    database,
    config,
    lines,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** The name of the PostgreSQL (or PGlite) database `db` is connected to. */
export async function databaseNameOf(db: Database): Promise<string> {
  const [row] = rawRowsOf<{ name: string }>(await db.execute(sql`select current_database() as name`));
  if (!row) throw new Error('current_database() answered nothing');
  return row.name;
}

/**
 * A second handle on the PostgreSQL database `db` is connected to (TEST_DATABASE_URL), with a pool of
 * its own: `poolSize` 1 puts every statement on one connection, to read what that connection holds.
 */
export async function openOnSameDatabase(
  db: Database,
  poolSize: number,
  /** Its shared connections (db/driver/shared-connections.ts) and limits, when not the API's own. */
  shared: Pick<DatabaseOptions, 'sharedReads' | 'sharedWrites' | 'sharedWriteStalledAfterMs' | 'limits'> = {},
): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('a second handle needs TEST_DATABASE_URL=postgresql://...');
  // One connection means one: the plain reads too, which otherwise share connections of their own.
  const url = databaseUrl(serverUrl, await databaseNameOf(db));
  return openDatabase({
    url,
    poolSize,
    ...(poolSize === 1 ? { sharedReads: 0, sharedWrites: 0 } : {}),
    ...shared,
  });
}

/**
 * A second API instance with its own connection pool on a test app's PostgreSQL database (another
 * replica), for the concurrency tests that TEST_DATABASE_URL turns on.
 */
export async function startReplica(
  t: TestApp,
  {
    poolSize = 20,
    sharedWrites,
  }: {
    /** Connections of its pool; 1 puts every statement on one connection, to read its prepared statements. */
    poolSize?: number;
    /** Its shared write connections (decision 038), when not the API's own. */
    sharedWrites?: number;
  } = {},
): Promise<{ app: App; db: Database; close(): Promise<void> }> {
  const database = await openOnSameDatabase(
    t.db,
    poolSize,
    sharedWrites === undefined ? {} : { sharedWrites },
  );
  const app = await buildApp({ config: t.config, database });
  await app.ready();
  return {
    app,
    db: database.db,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
