import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { adminQuery, createPostgresTemplate, writePgliteTemplate } from './template-database';

/**
 * Global set-up of the API test project (vitest.config.ts): builds the migrated template database
 * once per run, which the harness copies for each test file (src/test/template-database.ts), and
 * removes it when the run ends.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const database = await createPostgresTemplate(serverUrl);
    project.provide('apiTestDatabaseTemplate', { kind: 'postgres', database });
    return () => adminQuery(serverUrl, `drop database if exists "${database}" with (force)`);
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'api-test-template-'));
  const file = path.join(dir, 'pglite.tar');
  await writePgliteTemplate(file);
  project.provide('apiTestDatabaseTemplate', { kind: 'pglite', file });
  return async () => rmSync(dir, { recursive: true, force: true });
}
