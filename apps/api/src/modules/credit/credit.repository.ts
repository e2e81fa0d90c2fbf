import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { creditTransactions } from '../../db/schema';

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
