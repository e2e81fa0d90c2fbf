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
