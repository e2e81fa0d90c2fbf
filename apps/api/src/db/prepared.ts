import type { Database } from './client';

/**
 * A query built once per database handle and run as a named prepared statement: drizzle then skips
 * building the SQL on every call and PostgreSQL plans it once per connection. For the reads every
 * page load makes (the session, the operator, the dashboard's flags). A transaction handle is its
 * own key, so a statement used inside one is built for it (correct, just not cached across).
 */
export function preparedPerDatabase<Statement>(
  build: (db: Database) => Statement,
): (db: Database) => Statement {
  const statements = new WeakMap<Database, Statement>();
  return (db) => {
    let statement = statements.get(db);
    if (statement === undefined) {
      statement = build(db);
      statements.set(db, statement);
    }
    return statement;
  };
}
