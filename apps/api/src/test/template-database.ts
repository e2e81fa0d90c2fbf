import { writeFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { migrationsFolder, openDatabase } from '../db/client';

/**
 * The API tests' migrated template database, built once per vitest run (src/test/global-setup.ts)
 * and copied for each test file by the harness: starting an embedded database from a dump of a
 * migrated one takes about 0.7 s where an empty one plus every migration takes 3-4 s, and on
 * PostgreSQL `create database ... template` copies the files instead of replaying each migration.
 * Both templates are made by the drizzle migrator that the server runs at start-up.
 */
export type TestDatabaseTemplate = { kind: 'pglite'; file: string } | { kind: 'postgres'; database: string };

declare module 'vitest' {
  export interface ProvidedContext {
    apiTestDatabaseTemplate?: TestDatabaseTemplate;
  }
}

/** Migrates an empty in-memory PGlite and writes a dump of its data folder (an uncompressed tar) to `file`. */
export async function writePgliteTemplate(file: string): Promise<void> {
  const client = await PGlite.create('memory://');
  try {
    await migrate(drizzle(client), { migrationsFolder: migrationsFolder() });
    const dump = await client.dumpDataDir('none');
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await client.close();
  }
}

/** A database name nobody else uses on a shared server (other runs, other test files). */
export function uniqueDatabaseName(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
}

export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs one statement on the server's own database (create and drop database cannot run in a pool transaction). */
export async function adminQuery(serverUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/**
 * Creates and migrates a template database on the PostgreSQL server; returns its name. Its pool is
 * closed again: `create database ... template` refuses a template that anyone is connected to.
 */
export async function createPostgresTemplate(serverUrl: string): Promise<string> {
  const name = uniqueDatabaseName('test_template');
  await adminQuery(serverUrl, `create database "${name}"`);
  const handle = await openDatabase({ url: databaseUrl(serverUrl, name), poolSize: 1 });
  try {
    await handle.migrate();
  } finally {
    await handle.close();
  }
  return name;
}
