import { inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { limitOf, planForItsValues } from './statement-text';

/** PostgreSQL error codes that mean "lost a race, try again": lock timeout, serialization, deadlock, CHECK. */
const raceCodes = new Set(['55P03', '40001', '40P01', '23514']);

/** Whether a PostgreSQL error with one of these codes is the error or its cause (drivers wrap them). */
function hasErrorCode(error: unknown, codes: ReadonlySet<string>): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && codes.has(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

export function isRaceError(error: unknown): boolean {
  return hasErrorCode(error, raceCodes);
}

const uniqueViolation = new Set(['23505']);

/** A unique index refused the row: a concurrent writer put its twin there first. */
export function isUniqueViolation(error: unknown): boolean {
  return hasErrorCode(error, uniqueViolation);
}

const raisedByStatement = new Set(['P0001']);

/** A statement's own check refused what it found (`statement_check`, migration 0031). */
export function isStatementCheck(error: unknown): boolean {
  return hasErrorCode(error, raisedByStatement);
}

/**
 * A job's claim (the UPDATE that leases or marks the rows it takes, or the SELECT that reads rows to
 * change in its transaction): up to `limit` rows of `id`'s table matching `where`, lowest id first,
 * skipping rows another replica holds (`FOR UPDATE SKIP LOCKED`), so replicas running at once split
 * the work. The statement is planned for its values on every run, with its limit in its text
 * (decision 029): a generic plan walks the primary key past every finished row on each run.
 */
export function firstUnlocked(id: PgColumn, where: SQL | undefined, limit: number): SQL {
  const rows = sql`${planForItsValues} select ${id} from ${id.table} where ${where ?? sql`true`} order by ${id} ${limitOf(limit)} for update skip locked`;
  return inArray(id, sql`(${rows})`);
}

/**
 * A clean-up's claim: up to `limit` rows of `id`'s table matching `where`, oldest by `by` first,
 * skipping rows another replica holds. `by` is the column an index on the rows still to clean is
 * ordered by, so a batch reads about `limit` index entries however large the backlog (in id order,
 * a backlog of most of the table is read whole for each batch).
 */
export function oldestUnlocked(id: PgColumn, by: PgColumn, where: SQL | undefined, limit: number): SQL {
  const rows = sql`${planForItsValues} select ${id} from ${id.table} where ${where ?? sql`true`} order by ${by} ${limitOf(limit)} for update skip locked`;
  // An array, not `in (...)`: the rows are then found by their key, never by hashing the whole table.
  return sql`${id} = any(array(${rows}))`;
}
