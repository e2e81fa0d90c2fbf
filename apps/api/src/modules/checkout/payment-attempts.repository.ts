import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { firstUnlocked } from '../../db/locks';
import { preparedPerDatabase, preparedSql } from '../../db/prepared';
import { rawRowsOf, tableRowFromJson, tableRowsFromJson } from '../../db/raw-rows';
import { type PaymentAttemptStatus, paymentAttempts } from '../../db/schema';
import { sharedWrite } from '../../db/statement-text';
import {
  basketClaimedBy,
  basketHoldsAndLines,
  basketHoldsAndLinesFrom,
  basketLineDetailsColumn,
  type CartItemDetail,
  type CartItemRow,
  type HoldRow,
  lineDetailsFrom,
  openBasketAsRead,
  openBasketAsReadFrom,
} from '../basket/settlement.service';

export type PaymentAttemptRow = typeof paymentAttempts.$inferSelect;

/** Attempts not yet completed, refunded or failed: at most one per basket (a partial unique index). */
export const unfinishedStatuses: PaymentAttemptStatus[] = ['started', 'charged', 'refunding'];

const newAttemptColumns = [
  'cartId',
  'itemHash',
  'userId',
  'actorId',
  'amount',
  'currency',
  'idempotencyKey',
  'provider',
  'plan',
  'leaseUntil',
] as const;

/** What recording an attempt takes; the rest (its status, its times) starts as the table's defaults. */
export type NewPaymentAttempt = Required<
  Pick<typeof paymentAttempts.$inferInsert, (typeof newAttemptColumns)[number]>
>;

// The statements every checkout runs are prepared (db/prepared.ts): built once, not per call. A
// shared write (db/statement-text.ts): as read, it commits alone, and the basket's and holds' locks it
// waits for are held by statements or by transactions that wait on nothing but their own connection.
const insertAttemptClaimingStatement = preparedSql(sql`${sharedWrite}
    with ${basketClaimedBy}
    insert into payment_attempts as a (cart_id, item_hash, user_id, actor_id, amount, currency,
      idempotency_key, provider, plan, lease_until)
    select ${sql.placeholder('cartId')}::int, ${sql.placeholder('itemHash')}, ${sql.placeholder('userId')}::int,
      ${sql.placeholder('actorId')}::int, ${sql.placeholder('amount')}::int, ${sql.placeholder('currency')},
      ${sql.placeholder('idempotencyKey')}, ${sql.placeholder('provider')}, ${sql.placeholder('plan')}::jsonb,
      ${sql.placeholder('leaseUntil')}::timestamptz
    -- An error, not a short answer: the statement is sent with its commit (migration 0031).
    where statement_check(exists (select 1 from claimed_by), 'the basket to claim was not found')
    returning row_to_json(a) as attempt,
      case when ${sql.placeholder('orderAhead')}::boolean
        then nextval(pg_get_serial_sequence('orders', 'id')) end as order_id,
      next_ids(pg_get_serial_sequence('order_items', 'id')::regclass, ${sql.placeholder('linesAhead')}::int)
        as line_ids,
      next_ids(pg_get_serial_sequence('bookings', 'id')::regclass, ${sql.placeholder('bookingsAhead')}::int)
        as booking_ids,
      next_ids(pg_get_serial_sequence('payments', 'id')::regclass, ${sql.placeholder('paymentsAhead')}::int)
        as payment_ids`);

/** Ids drawn for an order before it is written, so that its confirmation can be made first. */
export interface OrderIdsAhead {
  orderId: number;
  lineIds: number[];
  bookingIds: number[];
  paymentIds: number[];
}

/**
 * Records an attempt with the idempotency key its caller numbered (docs/decisions/015), and claims its
 * basket with that key, in one statement: the basket's row is the caller's, locked in its transaction.
 * With `ahead`, the same statement draws the ids of the order the attempt may pay for (decision 035,
 * amended): an attempt that never becomes that order leaves them unused, as a rolled-back insert does.
 */
export async function insertAttemptClaimingBasket(
  db: Database,
  values: NewPaymentAttempt,
  claimedAt: Date,
  ahead?: { lines: number; bookings: number; payments: number },
  /**
   * The basket as read without its lock (`readBasketAsRead`): the statement then claims it only if it
   * is still so under the lock (decision 037), and fails otherwise, writing nothing. Without it, the
   * caller holds the basket's lock and read it under the lock.
   */
  asRead?: { fingerprint: string },
): Promise<{ attempt: PaymentAttemptRow; idsAhead?: OrderIdsAhead }> {
  const result = await insertAttemptClaimingStatement(db).execute({
    ...values,
    plan: JSON.stringify(values.plan),
    leaseUntil: values.leaseUntil?.toISOString() ?? null,
    claim: values.idempotencyKey,
    claimedAt: claimedAt.toISOString(),
    fingerprint: asRead?.fingerprint ?? null,
    orderAhead: ahead !== undefined,
    linesAhead: ahead?.lines ?? 0,
    bookingsAhead: ahead?.bookings ?? 0,
    paymentsAhead: ahead?.payments ?? 0,
  });
  const row = rawRowsOf<{
    attempt: unknown;
    order_id: string | number | null;
    line_ids: (string | number)[];
    booking_ids: (string | number)[];
    payment_ids: (string | number)[];
  }>(result)[0];
  if (!row) throw new Error('payment attempt insert returned no row');
  const attempt = tableRowFromJson(paymentAttempts, row.attempt);
  if (row.order_id === null) return { attempt };
  return {
    attempt,
    idsAhead: {
      orderId: Number(row.order_id),
      lineIds: row.line_ids.map(Number),
      bookingIds: row.booking_ids.map(Number),
      paymentIds: row.payment_ids.map(Number),
    },
  };
}

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

const basketAsReadStatement = preparedSql(sql`
    select (select json_agg(a order by a.id) from payment_attempts a where a.cart_id = carts.id) as attempts,
      ${openBasketAsRead.columns}
    from ${openBasketAsRead.from}`);

/**
 * The customer's open basket as a card checkout reads it first, without a lock, in one statement
 * (decision 037): its attempts, holds, lines and their details, what tidying it needs, and its
 * fingerprint, which the attempt's statement compares under the lock. Undefined without one.
 */
export async function readBasketAsRead(
  db: Database,
  userId: number,
  now: Date,
): Promise<(ReturnType<typeof openBasketAsReadFrom> & { attempts: PaymentAttemptRow[] }) | undefined> {
  const row = rawRowsOf<Parameters<typeof openBasketAsReadFrom>[0] & { attempts: unknown }>(
    await basketAsReadStatement(db).execute({ userId, now: now.toISOString() }),
  )[0];
  if (!row) return undefined;
  return { attempts: tableRowsFromJson(paymentAttempts, row.attempts), ...openBasketAsReadFrom(row) };
}

const attemptsAndBasketStatement = preparedSql(sql`
    select (select json_agg(a order by a.id) from payment_attempts a where a.cart_id = ${sql.placeholder('cartId')}::int)
        as attempts,
      ${basketHoldsAndLines}, ${basketLineDetailsColumn}`);

/**
 * In one statement, what checkout reads under the basket's lock (taken by the caller's statement
 * before it): every attempt at paying for the basket, oldest first; its holds, locked; its lines,
 * and those with places with their details.
 */
export async function readAttemptsAndBasket(
  tx: Database,
  cartId: number,
): Promise<{
  attempts: PaymentAttemptRow[];
  holds: HoldRow[];
  lines: CartItemRow[];
  details: CartItemDetail[];
}> {
  const row = rawRowsOf<{ attempts: unknown; holds: unknown; lines: unknown; details: unknown }>(
    await attemptsAndBasketStatement(tx).execute({ cartId }),
  )[0];
  if (!row) throw new Error(`basket ${cartId} was not read`);
  return {
    attempts: tableRowsFromJson(paymentAttempts, row.attempts),
    ...basketHoldsAndLinesFrom(row),
    details: lineDetailsFrom(row),
  };
}

const completeAttemptStatement = preparedPerDatabase((db) =>
  db
    .update(paymentAttempts)
    .set({
      status: 'completed',
      // The basket's order, written earlier in the same transaction (an attempt is completed with it).
      orderId: sql`(select o.id from orders o where o.cart_id = ${sql.placeholder('cartId')}::int)`,
      providerPaymentId: sql.placeholder('providerPaymentId') as never,
      leaseUntil: null,
      updatedAt: sql.placeholder('updatedAt') as never,
    })
    .where(eq(paymentAttempts.id, sql.placeholder('id')))
    .prepare('payment_attempt_complete'),
);

/** The attempt's basket has its order: the attempt is completed with it and the provider's reference for its charge. */
export async function completeAttempt(
  tx: Database,
  id: number,
  done: { cartId: number; providerPaymentId: string },
): Promise<void> {
  await completeAttemptStatement(tx).execute({ id, ...done, updatedAt: new Date() });
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
