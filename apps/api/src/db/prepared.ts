import { type Column, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Database } from './client';
import { type StatementOptions, tagStatement } from './driver/statement-options';
import { sharedWrite } from './statement-text';

/** What drizzle's handles carry at run time: the dialect a database and its transactions share, and the driver client. */
interface DrizzleInternals {
  dialect: object;
  session: { client: unknown };
}

const internalsOf = (db: Database) => db as unknown as DrizzleInternals;

/** The driver's client a database or transaction runs on: inside a transaction, its connection. */
export function driverClientOf(db: Database): unknown {
  return internalsOf(db).session.client;
}

/**
 * A query built once per database and run as a named prepared statement: drizzle then skips
 * building the SQL on every call (building was a quarter of the API's CPU on the booking writes) and
 * PostgreSQL plans it once per connection. A database's transactions share it: their handles are
 * new objects on every transaction, but they share the database's dialect, so the statement is
 * kept per dialect and, inside a transaction, run on the transaction's connection (drizzle's
 * prepared query reads its `client` on each run). Decision 021.
 */
export function preparedPerDatabase<Statement extends object>(
  build: (db: Database) => Statement,
): (db: Database) => Statement {
  const statements = new WeakMap<object, { statement: Statement; client: unknown }>();
  return (db) => {
    const { dialect, session } = internalsOf(db);
    let kept = statements.get(dialect);
    if (kept === undefined) {
      kept = { statement: build(db), client: session.client };
      statements.set(dialect, kept);
    }
    if (kept.client === session.client) return kept.statement;
    return Object.create(kept.statement, { client: { value: session.client } }) as Statement;
  };
}

/**
 * The values of a prepared insert of exactly these columns: a placeholder each, named as its column,
 * so the statement runs with a row of those columns (`Required<Pick<Insert, Columns[number]>>`).
 */
export function placeholdersOf<const Columns extends readonly string[]>(
  columns: Columns,
): Record<Columns[number], Placeholder> {
  return Object.fromEntries(columns.map((column) => [column, sql.placeholder(column)])) as Record<
    Columns[number],
    Placeholder
  >;
}

/**
 * A placeholder for a time that may be null. A column's own placeholder goes through its encoder,
 * and drizzle's timestamp encoder throws on a null; this one goes to the driver as given (pg sends
 * a Date itself), cast for PostgreSQL.
 */
export function timeOrNull(name: string): SQL {
  return sql`${sql.placeholder(name)}::timestamptz`;
}

/** `column = any($name)`: a list of values as one array parameter, so a statement with one can be prepared. */
export function anyOf(column: Column, name: string): SQL {
  return sql`${column} = any(${sql.placeholder(name)})`;
}

/** A statement of `preparedSql`: run with its placeholders' values, it answers the driver's result, as `db.execute` does. */
export interface PreparedSql {
  execute(values: Record<string, unknown>): Promise<unknown>;
}

interface RawPreparing {
  dialect: { sqlToQuery(statement: SQL): unknown };
  session: {
    prepareQuery(
      query: unknown,
      fields: undefined,
      name: undefined,
      arrayMode: false,
    ): PreparedSql & { rawQueryConfig?: object };
  };
}

/**
 * A statement written in SQL (`sql` with a `sql.placeholder` for each value), built once per database
 * as `preparedPerDatabase`'s queries are: `db.execute(sql)` builds its text again on every call (the
 * booking writes' statements, a fifth of drizzle's share of the API's CPU). Its rows are read with
 * db/raw-rows.ts, as `db.execute`'s are; its values go to the driver as given, as `db.execute`'s do.
 * `options` (db/driver/statement-options.ts) say how it runs: `{ share: 'write' }` for a shared write.
 */
export function preparedSql(statement: SQL, options: StatementOptions = {}): (db: Database) => PreparedSql {
  // The `sharedWrite` mark at a statement's start asks for the same option (db/statement-text.ts).
  const chosen: StatementOptions = statement.queryChunks.includes(sharedWrite)
    ? { ...options, share: 'write' }
    : options;
  return preparedPerDatabase((db) => {
    const { dialect, session } = db as unknown as RawPreparing;
    const prepared = session.prepareQuery(dialect.sqlToQuery(statement), undefined, undefined, false);
    // node-postgres runs it with this config every time; PGlite has no shared connections to route to.
    if (prepared.rawQueryConfig && chosen.share) tagStatement(prepared.rawQueryConfig, chosen);
    return prepared;
  });
}
