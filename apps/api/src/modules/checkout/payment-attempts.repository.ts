import { and, asc, count, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type PaymentAttemptStatus, paymentAttempts } from '../../db/schema';

export type PaymentAttemptRow = typeof paymentAttempts.$inferSelect;

/** Attempts not yet completed, refunded or failed: at most one per basket (a partial unique index). */
export const unfinishedStatuses: PaymentAttemptStatus[] = ['started', 'charged', 'refunding'];

export async function insertAttempt(
  db: Database,
  values: typeof paymentAttempts.$inferInsert,
): Promise<PaymentAttemptRow> {
  const [row] = await db.insert(paymentAttempts).values(values).returning();
  if (!row) throw new Error('payment attempt insert returned no row');
  return row;
}

export async function findAttempt(db: Database, id: number): Promise<PaymentAttemptRow | undefined> {
  const [row] = await db.select().from(paymentAttempts).where(eq(paymentAttempts.id, id)).limit(1);
  return row;
}

/** The attempt, locked until the transaction ends (whoever finishes or refunds it takes this lock first). */
export async function lockAttempt(tx: Database, id: number): Promise<PaymentAttemptRow | undefined> {
  const [row] = await tx.select().from(paymentAttempts).where(eq(paymentAttempts.id, id)).for('update');
  return row;
}

/** The basket's unfinished attempt, if any. */
export async function findUnfinishedAttempt(
  db: Database,
  cartId: number,
): Promise<PaymentAttemptRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.cartId, cartId), inArray(paymentAttempts.status, unfinishedStatuses)))
    .limit(1);
  return row;
}

/** How many attempts the basket has had with these items (numbers the next one's idempotency key). */
export async function countAttempts(db: Database, cartId: number, itemHash: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.cartId, cartId), eq(paymentAttempts.itemHash, itemHash)));
  return Number(row?.n ?? 0);
}

export async function updateAttempt(
  db: Database,
  id: number,
  values: Partial<typeof paymentAttempts.$inferInsert>,
): Promise<void> {
  await db
    .update(paymentAttempts)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(paymentAttempts.id, id));
}

/**
 * Takes an unfinished attempt nobody is working on (no lease, or a lease run out): one conditional
 * update, so of several replicas or retries exactly one gets it. Undefined when another has it.
 */
export async function takeAttempt(
  db: Database,
  id: number,
  now: Date,
  leaseMs: number,
): Promise<PaymentAttemptRow | undefined> {
  const [row] = await db
    .update(paymentAttempts)
    .set({ leaseUntil: new Date(now.getTime() + leaseMs), updatedAt: now })
    .where(
      and(
        eq(paymentAttempts.id, id),
        inArray(paymentAttempts.status, unfinishedStatuses),
        or(isNull(paymentAttempts.leaseUntil), lt(paymentAttempts.leaseUntil, now)),
      ),
    )
    .returning();
  return row;
}

/**
 * The reconciliation job's claim: up to `limit` unfinished attempts nobody is working on, leased to
 * this run in one statement (`FOR UPDATE SKIP LOCKED`, so replicas running at once split them).
 */
export async function takeAbandonedAttempts(
  db: Database,
  now: Date,
  leaseMs: number,
  limit: number,
): Promise<PaymentAttemptRow[]> {
  const candidates = db
    .select({ id: paymentAttempts.id })
    .from(paymentAttempts)
    .where(
      and(
        inArray(paymentAttempts.status, unfinishedStatuses),
        or(isNull(paymentAttempts.leaseUntil), lt(paymentAttempts.leaseUntil, now)),
      ),
    )
    .orderBy(asc(paymentAttempts.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(paymentAttempts)
    .set({ leaseUntil: new Date(now.getTime() + leaseMs), updatedAt: now })
    .where(inArray(paymentAttempts.id, sql`(${candidates})`))
    .returning();
}
