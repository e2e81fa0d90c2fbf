import { type SQL, sql } from 'drizzle-orm';

/**
 * A LIMIT written into the statement's text, not bound. Every statement is prepared (decision 021),
 * and a generic plan does not know a bound limit: it guesses a tenth of the rows, and may then walk
 * the ORDER BY's index past every row of the table to find them (decision 029).
 */
export function limitOf(rows: number): SQL {
  if (!Number.isSafeInteger(rows) || rows < 1) throw new RangeError(`not a row limit: ${rows}`);
  return sql.raw(`limit ${rows}`);
}

/**
 * Marks a statement to be planned for its values on every run: the database clients leave it
 * unprepared (db/driver/named-statements.ts, db/driver/pglite-named-statements.ts). For the periodic jobs' claims
 * (decision 029): they run every half minute at most, so planning costs nothing, while a generic plan
 * guesses that a third of the rows are due (`final_day < $1`) and reads them all when none is.
 */
export const planForItsValuesMark = '/* planned for its values */';

/** The mark as a part of a statement. */
export const planForItsValues: SQL = sql.raw(planForItsValuesMark);

/**
 * Marks a write that may share a pipelined connection with other requests' statements when it runs
 * outside a transaction (db/driver/shared-connections.ts, decision 038); inside one it runs on the
 * transaction's connection as any statement does. Only for one statement that commits alone and
 * whose lock waits are short: every holder of a row it locks must be a statement, or a transaction
 * that waits for nothing but its own connection, never for another shared write (which could be
 * queued behind this one, a wait PostgreSQL cannot see). Placed first in a `preparedSql` statement,
 * it is the same as `preparedSql(statement, { share: 'write' })`: `preparedSql` finds this very
 * object among the statement's parts and sets the typed option (db/driver/statement-options.ts); the
 * comment it writes only names the statement in the server's views, and routes nothing.
 */
export const sharedWrite: SQL = sql.raw('/* shared write */');
