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

const catalogueVersionStatement = preparedPerDatabase((db) =>
  db
    .select({ version: listVersions.version })
    .from(listVersions)
    .where(eq(listVersions.userId, 0))
    .prepare('catalogue_version'),
);

/**
 * The version of the catalogue (row 0): it moves on every committed change to a venue, category,
 * activity, the venues offering it, a location, pricing option or ticket (migrations 0022, 0047).
 */
export async function readCatalogueVersion(db: Database): Promise<number> {
  const rows = await catalogueVersionStatement(db).execute();
  return rows[0]?.version ?? 0;
}
