import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { bookings, cartItems, occurrences, penalties, penaltyCartLines, venues } from '../../db/schema';
import { kindsWhere, paysAFee } from '../../lib/basket-line-kinds';

export type PenaltyRow = typeof penalties.$inferSelect;

// ---- Penalties ----------------------------------------------------------------------------------------

export interface PenaltyDetail {
  penalty: PenaltyRow;
  venueName: string | null;
  timezone: string | null;
  sessionStartsAt: Date | null;
}

const penaltyDetailColumns = {
  penalty: penalties,
  venueName: venues.name,
  timezone: venues.timezone,
  sessionStartsAt: occurrences.startsAt,
};

/** A customer's unpaid penalties, oldest first, with the venue and the booked session. */
export async function listUnpaidPenalties(db: Database, userId: number): Promise<PenaltyDetail[]> {
  return db
    .select(penaltyDetailColumns)
    .from(penalties)
    .leftJoin(venues, eq(venues.id, penalties.venueId))
    .leftJoin(bookings, eq(bookings.id, penalties.bookingId))
    .leftJoin(occurrences, eq(occurrences.id, bookings.occurrenceId))
    .where(and(eq(penalties.userId, userId), eq(penalties.status, 'unpaid')))
    .orderBy(asc(penalties.createdAt), asc(penalties.id));
}

export async function findPenaltyDetail(db: Database, penaltyId: number): Promise<PenaltyDetail | undefined> {
  const [row] = await db
    .select(penaltyDetailColumns)
    .from(penalties)
    .leftJoin(venues, eq(venues.id, penalties.venueId))
    .leftJoin(bookings, eq(bookings.id, penalties.bookingId))
    .leftJoin(occurrences, eq(occurrences.id, bookings.occurrenceId))
    .where(eq(penalties.id, penaltyId));
  return row;
}

// Prepared: GET auth/user asks on every dashboard load.
const unpaidPenaltyStatement = preparedPerDatabase((db) =>
  db
    .select({ id: penalties.id })
    .from(penalties)
    .where(and(eq(penalties.userId, sql.placeholder('userId')), eq(penalties.status, 'unpaid')))
    .limit(1)
    .prepare('has_unpaid_penalties'),
);

export async function hasUnpaidPenalties(db: Database, userId: number): Promise<boolean> {
  const [row] = await unpaidPenaltyStatement(db).execute({ userId });
  return row !== undefined;
}

/** The penalties, locked until the transaction ends (id order, as every writer locks them). */
export async function lockPenalties(db: Database, ids: number[]): Promise<PenaltyRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(penalties)
    .where(inArray(penalties.id, ids))
    .orderBy(asc(penalties.id))
    .for('update');
}

/** Which of these penalties already sit in a basket line. */
export async function listLinkedPenaltyIds(db: Database, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ penaltyId: penaltyCartLines.penaltyId })
    .from(penaltyCartLines)
    .where(inArray(penaltyCartLines.penaltyId, ids));
  return rows.map((row) => row.penaltyId);
}

export async function insertPenaltyLink(db: Database, cartItemId: number, penaltyId: number): Promise<void> {
  await db.insert(penaltyCartLines).values({ cartItemId, penaltyId });
}

export interface PenaltyLine extends PenaltyDetail {
  cartItemId: number;
  amount: number;
  purchasedForUserId: number;
}

/** The basket's penalty lines with the penalty each pays. */
export async function listPenaltyLinesOfCart(db: Database, cartId: number): Promise<PenaltyLine[]> {
  return db
    .select({
      ...penaltyDetailColumns,
      cartItemId: cartItems.id,
      amount: cartItems.amount,
      purchasedForUserId: cartItems.purchasedForUserId,
    })
    .from(cartItems)
    .innerJoin(penaltyCartLines, eq(penaltyCartLines.cartItemId, cartItems.id))
    .innerJoin(penalties, eq(penalties.id, penaltyCartLines.penaltyId))
    .leftJoin(venues, eq(venues.id, penalties.venueId))
    .leftJoin(bookings, eq(bookings.id, penalties.bookingId))
    .leftJoin(occurrences, eq(occurrences.id, bookings.occurrenceId))
    .where(and(eq(cartItems.cartId, cartId), inArray(cartItems.cartableType, kindsWhere(paysAFee))))
    .orderBy(asc(cartItems.id));
}

/** The penalties these basket lines pay, locked. */
export async function lockPenaltiesOfLines(
  db: Database,
  cartItemIds: number[],
): Promise<{ cartItemId: number; penalty: PenaltyRow }[]> {
  if (cartItemIds.length === 0) return [];
  return db
    .select({ cartItemId: penaltyCartLines.cartItemId, penalty: penalties })
    .from(penaltyCartLines)
    .innerJoin(penalties, eq(penalties.id, penaltyCartLines.penaltyId))
    .where(inArray(penaltyCartLines.cartItemId, cartItemIds))
    .orderBy(asc(penalties.id))
    .for('update', { of: penalties });
}

/** Marks a penalty paid by an order, only if it is still unpaid: answers whether it changed. */
export async function markPenaltyPaid(
  db: Database,
  penaltyId: number,
  orderId: number,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(penalties)
    .set({ status: 'paid', orderId, paidAt: now })
    .where(and(eq(penalties.id, penaltyId), eq(penalties.status, 'unpaid')))
    .returning({ id: penalties.id });
  return rows.length === 1;
}

export async function setPenaltyLineOrderItem(
  db: Database,
  cartItemId: number,
  orderItemId: number,
): Promise<void> {
  await db.update(penaltyCartLines).set({ orderItemId }).where(eq(penaltyCartLines.cartItemId, cartItemId));
}

export async function insertPenalty(
  db: Database,
  values: typeof penalties.$inferInsert,
): Promise<PenaltyRow> {
  const [row] = await db.insert(penalties).values(values).returning();
  if (!row) throw new Error('penalty insert returned no row');
  return row;
}

// ---- Venues -------------------------------------------------------------------------------------------

export async function findVenueOfClient(
  db: Database,
  clientId: number,
  venueId: number | null | undefined,
): Promise<{ id: number; name: string } | undefined> {
  const [row] = await db
    .select({ id: venues.id, name: venues.name })
    .from(venues)
    .where(and(eq(venues.clientId, clientId), venueId ? eq(venues.id, venueId) : undefined))
    .orderBy(asc(venues.id))
    .limit(1);
  return row;
}
