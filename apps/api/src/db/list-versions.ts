import { eq, or, sql } from 'drizzle-orm';
import type { Database } from './client';
import { preparedPerDatabase } from './prepared';
import { listVersions } from './schema';

// The customer's row and the catalogue's row (0) in one primary-key read.
const versionsStatement = preparedPerDatabase((db) =>
  db
    .select({ userId: listVersions.userId, version: listVersions.version })
    .from(listVersions)
    .where(or(eq(listVersions.userId, sql.placeholder('userId')), eq(listVersions.userId, 0)))
    .prepare('list_versions_of'),
);

/**
 * The version of everything the customer's my-account lists show (decision 022): it differs after
 * any committed change to a row they show, made by anyone, in any process. A missing row is 0.
 */
export async function readListVersion(db: Database, userId: number): Promise<string> {
  const rows = await versionsStatement(db).execute({ userId });
  const of = (id: number) => rows.find((row) => row.userId === id)?.version ?? 0;
  return `${of(userId)}.${of(0)}`;
}
