import { sql } from 'drizzle-orm';
import type { Database } from './client';

/**
 * Waits at most `ms` for a row lock in this transaction, instead of the connection's
 * `defaultLockWaitMs` (db/client.ts); then the statement fails (a lost race: 409).
 */
export async function setLockTimeout(db: Database, ms: number): Promise<void> {
  await db.execute(sql.raw(`set local lock_timeout = '${Math.max(1, Math.floor(ms))}ms'`));
}

/** PostgreSQL error codes that mean "lost a race, try again": lock timeout, serialization, deadlock, CHECK. */
const raceCodes = new Set(['55P03', '40001', '40P01', '23514']);

export function isRaceError(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && raceCodes.has(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
