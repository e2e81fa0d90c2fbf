import { and, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { creditTransactions, venues } from '../../db/schema';

export type CreditRow = typeof creditTransactions.$inferSelect;

// Prepared: GET auth/user reads the balance on every dashboard load.
const creditBalancesStatement = preparedPerDatabase((db) =>
  db
    .select({
      type: creditTransactions.type,
      total: sql<number>`coalesce(sum(${creditTransactions.amount}), 0)::int`.mapWith(Number),
    })
    .from(creditTransactions)
    .where(eq(creditTransactions.userId, sql.placeholder('userId')))
    .groupBy(creditTransactions.type)
    .prepare('credit_balances'),
);

export async function creditBalances(
  db: Database,
  userId: number,
): Promise<{ general: number; membership: number }> {
  const rows = await creditBalancesStatement(db).execute({ userId });
  return {
    general: rows.find((row) => row.type === 'general')?.total ?? 0,
    membership: rows.find((row) => row.type === 'membership')?.total ?? 0,
  };
}

export async function insertCreditTransaction(
  db: Database,
  values: typeof creditTransactions.$inferInsert,
): Promise<void> {
  await db.insert(creditTransactions).values(values);
}

/** Locks the customer's row: credit is spent by one checkout of theirs at a time. */
export async function lockUser(db: Database, userId: number): Promise<void> {
  await db.execute(sql`select id from users where id = ${userId} for update`);
}

// ---- Credit -------------------------------------------------------------------------------------------

export interface CreditDetail {
  credit: CreditRow;
  venueName: string | null;
}

/** Credit added (positive rows) or spent (negative rows), newest first. */
export async function listCredits(
  db: Database,
  userId: number,
  direction: 'added' | 'spent',
): Promise<CreditDetail[]> {
  return db
    .select({ credit: creditTransactions, venueName: venues.name })
    .from(creditTransactions)
    .leftJoin(venues, eq(venues.id, creditTransactions.venueId))
    .where(
      and(
        eq(creditTransactions.userId, userId),
        direction === 'added' ? gt(creditTransactions.amount, 0) : lt(creditTransactions.amount, 0),
      ),
    )
    .orderBy(desc(creditTransactions.createdAt), desc(creditTransactions.id))
    .limit(500);
}

export async function creditTotals(
  db: Database,
  userId: number,
): Promise<{ general: number; membership: number }> {
  const rows = await db
    .select({
      type: creditTransactions.type,
      total: sql<number>`coalesce(sum(${creditTransactions.amount}), 0)::int`.mapWith(Number),
    })
    .from(creditTransactions)
    .where(eq(creditTransactions.userId, userId))
    .groupBy(creditTransactions.type);
  return {
    general: rows.find((row) => row.type === 'general')?.total ?? 0,
    membership: rows.find((row) => row.type === 'membership')?.total ?? 0,
  };
}

export async function insertCredit(
  db: Database,
  values: typeof creditTransactions.$inferInsert,
): Promise<CreditRow> {
  const [row] = await db.insert(creditTransactions).values(values).returning();
  if (!row) throw new Error('credit insert returned no row');
  return row;
}
