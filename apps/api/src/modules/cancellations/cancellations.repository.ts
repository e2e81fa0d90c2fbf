import { and, asc, eq, type Placeholder, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { firstUnlocked } from '../../db/locks';
import { preparedPerDatabase } from '../../db/prepared';
import { memberships, penalties } from '../../db/schema';

type MembershipRow = typeof memberships.$inferSelect;

// ---- Jobs ---------------------------------------------------------------------------------------------

/** Memberships scheduled to end whose final day is before `today`, locked (skip locked) for one run. */
export async function lockEndedCancellations(
  db: Database,
  today: string,
  limit: number,
): Promise<MembershipRow[]> {
  return db
    .select()
    .from(memberships)
    .where(
      firstUnlocked(
        memberships.id,
        and(
          eq(memberships.cancellationState, 'scheduled').inlineParams(),
          sql`${memberships.finalDay} < ${today}`,
        ),
        limit,
      ),
    )
    .orderBy(asc(memberships.id));
}

/** Cancellations waiting for debts whose member owes nothing any more (locked, skip locked). */
function paidUpCancellation(userId: number | Placeholder | undefined) {
  return and(
    eq(memberships.cancellationState, 'awaiting_payment').inlineParams(),
    userId === undefined ? undefined : eq(memberships.userId, userId),
    sql`not exists (select 1 from ${penalties} where ${penalties.userId} = ${memberships.userId} and ${penalties.status} = 'unpaid')`,
  );
}

export async function lockPaidUpCancellations(
  db: Database,
  limit: number,
  userId?: number,
): Promise<MembershipRow[]> {
  return db
    .select()
    .from(memberships)
    .where(firstUnlocked(memberships.id, paidUpCancellation(userId), limit))
    .orderBy(asc(memberships.id));
}

// Prepared: the memberships list asks this first on every call.
const paidUpCancellationStatement = preparedPerDatabase((db) =>
  db
    .select({ id: memberships.id })
    .from(memberships)
    .where(paidUpCancellation(sql.placeholder('userId')))
    .limit(1)
    .prepare('has_paid_up_cancellation'),
);

/** Whether the user has a cancellation waiting for debts that are now paid (no lock, no transaction). */
export async function hasPaidUpCancellation(db: Database, userId: number): Promise<boolean> {
  const [row] = await paidUpCancellationStatement(db).execute({ userId });
  return row !== undefined;
}
