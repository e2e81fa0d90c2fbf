import { and, count, desc, eq, lte } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { membershipPriceChanges } from '../../db/schema';

export type PriceChangeRow = typeof membershipPriceChanges.$inferSelect;

export async function insertPriceChange(
  db: Database,
  values: typeof membershipPriceChanges.$inferInsert,
): Promise<PriceChangeRow> {
  const [row] = await db.insert(membershipPriceChanges).values(values).returning();
  if (!row) throw new Error('membership_price_changes insert returned no row');
  return row;
}

export async function findScheduledChangeOfOption(
  db: Database,
  paymentOptionId: number,
): Promise<PriceChangeRow | undefined> {
  const [row] = await db
    .select()
    .from(membershipPriceChanges)
    .where(
      and(
        eq(membershipPriceChanges.paymentOptionId, paymentOptionId),
        eq(membershipPriceChanges.status, 'scheduled'),
      ),
    )
    .limit(1);
  return row;
}

export async function findPriceChange(
  db: Database,
  clientId: number,
  id: number,
  lock = false,
): Promise<PriceChangeRow | undefined> {
  const query = db
    .select()
    .from(membershipPriceChanges)
    .where(and(eq(membershipPriceChanges.clientId, clientId), eq(membershipPriceChanges.id, id)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function pagePriceChanges(
  db: Database,
  clientId: number,
  page: { limit: number; offset: number },
): Promise<{ rows: PriceChangeRow[]; total: number }> {
  const where = eq(membershipPriceChanges.clientId, clientId);
  const rows = await db
    .select()
    .from(membershipPriceChanges)
    .where(where)
    .orderBy(desc(membershipPriceChanges.effectiveDate), desc(membershipPriceChanges.id))
    .limit(page.limit)
    .offset(page.offset);
  const [totals] = await db.select({ total: count() }).from(membershipPriceChanges).where(where);
  return { rows, total: Number(totals?.total ?? 0) };
}

/**
 * The next scheduled change due by `until`, locked; one another replica holds is skipped (SKIP
 * LOCKED), so each change is applied by one run.
 */
export async function lockNextDueChange(db: Database, until: string): Promise<PriceChangeRow | undefined> {
  const [row] = await db
    .select()
    .from(membershipPriceChanges)
    .where(
      and(eq(membershipPriceChanges.status, 'scheduled'), lte(membershipPriceChanges.effectiveDate, until)),
    )
    .orderBy(membershipPriceChanges.effectiveDate, membershipPriceChanges.id)
    .limit(1)
    .for('update', { skipLocked: true });
  return row;
}

export async function updatePriceChange(
  db: Database,
  id: number,
  values: Partial<typeof membershipPriceChanges.$inferInsert>,
): Promise<PriceChangeRow> {
  const [row] = await db
    .update(membershipPriceChanges)
    .set(values)
    .where(eq(membershipPriceChanges.id, id))
    .returning();
  if (!row) throw new Error('membership_price_changes update returned no row');
  return row;
}
