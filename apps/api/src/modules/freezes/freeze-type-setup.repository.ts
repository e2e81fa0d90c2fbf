import { and, asc, count, eq, ilike } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { freezeTypes } from '../../db/schema';
import type { FreezeTypeRow, NewFreezeTypeRow } from './freezes.repository';

// The console's reads and writes of freeze types (issue 47).

export async function pageFreezeTypes(
  db: Database,
  clientId: number,
  query: { q?: string; limit: number; offset: number },
) {
  const pattern = query.q ? `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const where = and(
    eq(freezeTypes.clientId, clientId),
    pattern ? ilike(freezeTypes.reason, pattern) : undefined,
  );
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(freezeTypes)
      .where(where)
      .orderBy(asc(freezeTypes.position), asc(freezeTypes.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: count() }).from(freezeTypes).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

export async function findFreezeTypeOfClient(
  db: Database,
  clientId: number,
  id: number,
): Promise<FreezeTypeRow | undefined> {
  const rows = await db
    .select()
    .from(freezeTypes)
    .where(and(eq(freezeTypes.clientId, clientId), eq(freezeTypes.id, id)))
    .limit(1);
  return rows[0];
}

export async function insertFreezeType(db: Database, values: NewFreezeTypeRow): Promise<FreezeTypeRow> {
  const rows = await db.insert(freezeTypes).values(values).returning();
  const row = rows[0];
  if (!row) throw new Error('freeze_types insert returned no row');
  return row;
}

export async function updateFreezeType(
  db: Database,
  id: number,
  values: Partial<NewFreezeTypeRow>,
): Promise<FreezeTypeRow | undefined> {
  const rows = await db.update(freezeTypes).set(values).where(eq(freezeTypes.id, id)).returning();
  return rows[0];
}
