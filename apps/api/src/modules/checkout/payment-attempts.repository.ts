import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { firstUnlocked } from '../../db/locks';
import { preparedPerDatabase } from '../../db/prepared';
import { type PaymentAttemptStatus, paymentAttempts } from '../../db/schema';

export type PaymentAttemptRow = typeof paymentAttempts.$inferSelect;

/** Attempts not yet completed, refunded or failed: at most one per basket (a partial unique index). */
export const unfinishedStatuses: PaymentAttemptStatus[] = ['started', 'charged', 'refunding'];

/**
 * Records the basket's next attempt at these items. Its idempotency key is `keyPrefix` and its
 * number among the basket's attempts at the same items, counted in the insert itself (the caller
 * holds the basket's lock, so the count cannot move under it).
 */
export async function insertAttempt(
  db: Database,
  values: Omit<typeof paymentAttempts.$inferInsert, 'idempotencyKey'>,
  keyPrefix: string,
): Promise<PaymentAttemptRow> {
  const number = sql`(select count(*) + 1 from ${paymentAttempts} p
    where p.cart_id = ${values.cartId} and p.item_hash = ${values.itemHash})`;
  const [row] = await db
    .insert(paymentAttempts)
    .values({ ...values, idempotencyKey: sql`${keyPrefix} || ${number}::text` })
    .returning();
  if (!row) throw new Error('payment attempt insert returned no row');
  return row;
}

// The statements every checkout runs are prepared (db/prepared.ts): built once, not per call.
const attemptStatement = preparedPerDatabase((db) =>
  db
    .select()
    .from(paymentAttempts)
    .where(eq(paymentAttempts.id, sql.placeholder('id')))
    .limit(1)
    .prepare('payment_attempt'),
);

export async function findAttempt(db: Database, id: number): Promise<PaymentAttemptRow | undefined> {
  const [row] = await attemptStatement(db).execute({ id });
  return row;
}

const lockAttemptStatement = preparedPerDatabase((db) =>
  db
    .select()
    .from(paymentAttempts)
    .where(eq(paymentAttempts.id, sql.placeholder('id')))
    .for('update')
    .prepare('payment_attempt_lock'),
);

/** The attempt, locked until the transaction ends (whoever finishes or refunds it takes this lock first). */
export async function lockAttempt(tx: Database, id: number): Promise<PaymentAttemptRow | undefined> {
  const [row] = await lockAttemptStatement(tx).execute({ id });
  return row;
}

const unfinishedAttemptStatement = preparedPerDatabase((db) =>
  db
    .select()
    .from(paymentAttempts)
    .where(
      and(
        eq(paymentAttempts.cartId, sql.placeholder('cartId')),
        inArray(paymentAttempts.status, unfinishedStatuses),
      ),
    )
    .limit(1)
    .prepare('payment_attempt_unfinished'),
);

/** The basket's unfinished attempt, if any. */
export async function findUnfinishedAttempt(
  db: Database,
  cartId: number,
): Promise<PaymentAttemptRow | undefined> {
  const [row] = await unfinishedAttemptStatement(db).execute({ cartId });
  return row;
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
  const abandoned = and(
    // Inline: the unfinished attempts' index is partial on it (decision 029).
    inArray(paymentAttempts.status, unfinishedStatuses).inlineParams(),
    or(isNull(paymentAttempts.leaseUntil), lt(paymentAttempts.leaseUntil, now)),
  );
  return db
    .update(paymentAttempts)
    .set({ leaseUntil: new Date(now.getTime() + leaseMs), updatedAt: now })
    .where(firstUnlocked(paymentAttempts.id, abandoned, limit))
    .returning();
}
