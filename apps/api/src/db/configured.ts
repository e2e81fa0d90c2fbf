import path from 'node:path';
import type { Config } from '../config';
import { type DatabaseHandle, openDatabase } from './client';

/** The embedded database's folder under DATA_DIR. */
export function pgliteDirOf(config: Config): string {
  return path.resolve(config.dataDir, 'pglite');
}

/** The database the settings name (DATABASE_URL, else the embedded one in DATA_DIR), with their limits. */
export function openConfiguredDatabase(config: Config): Promise<DatabaseHandle> {
  const { poolSize, ...limits } = config.operations.database;
  return openDatabase({ url: config.databaseUrl, pgliteDir: pgliteDirOf(config), poolSize, limits });
}
