import { sql } from 'drizzle-orm';
import type { Database } from './client';
import { rawRowsOf } from './raw-rows';

/**
 * What autovacuum does on a PostgreSQL server, for the embedded database, which has no autovacuum
 * (PGlite runs PostgreSQL in single-user mode): each table vacuumed (dead rows cleared, so the hot
 * rows, a session's places and a basket's lines, stay a page or two) and analysed (the planner's
 * statistics, without which every table is guessed at its size and a tenth of it matches any
 * condition). One statement per table, so requests are served between them: PGlite runs one
 * statement at a time. Answers the tables looked after.
 */
export async function upkeepEmbeddedDatabase(db: Database): Promise<number> {
  const tables = rawRowsOf<{ name: string }>(
    await db.execute(sql`select tablename as name from pg_tables where schemaname = 'public' order by 1`),
  );
  for (const { name } of tables) await db.execute(sql`vacuum (analyze) ${sql.identifier(name)}`);
  return tables.length;
}
