import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type App, buildApp } from '../app';
import { type Config, testConfig } from '../config';
import { type Database, type DatabaseHandle, openDatabase } from '../db/client';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database
 * on the PostgreSQL server named by TEST_DATABASE_URL (dropped again by `close`).
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const handle = await openDatabase({ pgliteDir: 'memory://' });
    await handle.migrate();
    return handle;
  }
  const name = `test_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString(), poolSize: 20 });
  await handle.migrate();
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists "${name}" with (force)`);
      await cleanup.end();
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
export async function startTestApp(settings: Record<string, string> = {}): Promise<TestApp> {
  const config = testConfig(settings);
  const database = await openTestDatabase();
  const app = await buildApp({ config, database });
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
 * A second API instance with its own connection pool on a test app's PostgreSQL database (another
 * replica), for the concurrency tests that TEST_DATABASE_URL turns on.
 */
export async function startReplica(t: TestApp): Promise<{ app: App; close(): Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('a replica needs TEST_DATABASE_URL=postgresql://...');
  const result = (await t.db.execute(sql`select current_database() as name`)) as unknown as {
    rows: { name: string }[];
  };
  const url = new URL(serverUrl);
  url.pathname = `/${result.rows[0]?.name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 20 });
  const app = await buildApp({ config: t.config, database });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
