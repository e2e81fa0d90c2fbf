/**
 * Applies the committed migrations to the database the settings name, then exits: a release step
 * for deployments that migrate before they start new replicas (the server also migrates as it
 * starts, under the same lock).
 *
 *   npm run db:migrate                         (from a checkout; `node apps/api/dist/migrate.js` after a build)
 *
 * On PostgreSQL (DATABASE_URL) it takes the migrations' advisory lock (db/client.ts migrateUnderLock),
 * so it is safe while replicas start; without DATABASE_URL it migrates the embedded database in
 * DATA_DIR, which only one process may open: stop the server first.
 */
import { type Config, ConfigError, loadConfig } from '../config';
import { openConfiguredDatabase, pgliteDirOf } from '../db/configured';

export async function migrateConfiguredDatabase(config: Config, out: (line: string) => void): Promise<void> {
  const database = await openConfiguredDatabase(config);
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  out(
    database.kind === 'postgres'
      ? 'PostgreSQL (DATABASE_URL) is migrated.'
      : `The embedded database in ${pgliteDirOf(config)} is migrated.`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  }
  migrateConfiguredDatabase(config, (line) => console.log(line)).then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(`Migration failed: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
}
