import { and, asc, count, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { waivers } from '../../db/schema';

// The console's reads and writes of waivers (issue 47).

export type WaiverRow = typeof waivers.$inferSelect;

export async function listWaiversPage(
  db: Database,
  clientId: number,
  query: { q: string | undefined; page: number; perPage: number },
): Promise<{ rows: WaiverRow[]; total: number }> {
  const conditions: SQL[] = [eq(waivers.clientId, clientId)];
  if (query.q) {
    const pattern = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const match = or(ilike(waivers.title, pattern), ilike(waivers.slug, pattern));
    if (match) conditions.push(match);
  }
  const where = and(...conditions);
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(waivers)
      .where(where)
      .orderBy(asc(waivers.title), asc(waivers.id))
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    db.select({ total: count() }).from(waivers).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

export async function findWaiverOfClient(
  db: Database,
  clientId: number,
  waiverId: number,
  lock = false,
): Promise<WaiverRow | undefined> {
  const query = db
    .select()
    .from(waivers)
    .where(and(eq(waivers.id, waiverId), eq(waivers.clientId, clientId)));
  const rows = lock ? await query.for('update') : await query;
  return rows[0];
}

export async function waiverSlugTaken(db: Database, clientId: number, slug: string): Promise<boolean> {
  const rows = await db
    .select({ id: waivers.id })
    .from(waivers)
    .where(and(eq(waivers.clientId, clientId), eq(waivers.slug, slug)))
    .limit(1);
  return rows.length > 0;
}

export async function insertSetupWaiver(
  db: Database,
  values: typeof waivers.$inferInsert,
): Promise<WaiverRow> {
  const rows = await db.insert(waivers).values(values).onConflictDoNothing().returning();
  return rows[0] as WaiverRow;
}

export async function updateWaiverRow(
  db: Database,
  waiverId: number,
  values: Partial<Omit<typeof waivers.$inferInsert, 'id' | 'clientId' | 'slug'>>,
): Promise<WaiverRow> {
  const rows = await db.update(waivers).set(values).where(eq(waivers.id, waiverId)).returning();
  const row = rows[0];
  if (!row) throw new Error('waiver update returned no row');
  return row;
}
