import type { Database } from './client';
import { NamedStatementClient } from './driver/named-statements';
import { driverClientOf } from './prepared';

/**
 * Statements of one transaction sent together and answered together (decision 031). On PostgreSQL
 * the pool's connections are pipelined (pg's `pipeline` mode, db/client.ts): a statement is written
 * as soon as it is issued, and those issued in one turn leave in one write (driver/named-statements.ts), so
 * the server runs them back to back, each on its own snapshot when it starts, in the order they were
 * issued: exactly as if each had been awaited before the next was sent, without a round trip each.
 * PGlite runs them one after another in the same order (its query lock).
 *
 * The order is the order in which the statements are issued: each repository function given here
 * must issue its statement before its first `await`. A prepared statement (db/prepared.ts) is issued
 * when its `execute` is called; a built query (`db.select()...`, `db.execute(sql)`) is a thenable,
 * issued when awaited, one microtask later: so a prepared statement given after a built one
 * overtakes it. Where the order matters (a lock, then reads under it), give statements of one kind,
 * as checkout's do. A lock taken by one statement is then held before the next runs, so reads
 * placed after a lock see what the lock protects. Only for statements that do not need an earlier
 * one's answer to be written; an error fails the rest of the transaction (PostgreSQL aborts it) and
 * this answers the first error.
 */
export function inOneRoundTrip<const Statements extends readonly Promise<unknown>[]>(
  statements: Statements,
): Promise<{ -readonly [K in keyof Statements]: Awaited<Statements[K]> }> {
  return Promise.all(statements);
}

/**
 * A transaction's last statements and its commit, in one round trip: `inOneRoundTrip`, with the
 * commit sent behind them (driver/named-statements.ts `commitAhead`). The transaction's callback must
 * return as soon as they are answered: nothing after them may write, or decide to roll back, for
 * they are committed already (a statement issued after them throws). A decision the statements'
 * answers would have led to must be made by the statements themselves, as an error (any error, a
 * statement's or the commit's, rolls everything back and is what this answers). Give prepared
 * statements (db/prepared.ts), issued when called: a built query is issued a microtask later, after
 * the commit. On PGlite, whose statements are not sent over a connection, drizzle commits as usual.
 */
export function commitWith<const Statements extends readonly Promise<unknown>[]>(
  tx: Database,
  statements: Statements,
): Promise<{ -readonly [K in keyof Statements]: Awaited<Statements[K]> }> {
  const client = driverClientOf(tx);
  if (client instanceof NamedStatementClient && client.pipeline) client.commitAhead();
  return inOneRoundTrip(statements);
}
