import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { rawRowsOf } from '../../db/raw-rows';
import { cartHolds, cartItems } from '../../db/schema';
import { limitOf } from '../../db/statement-text';
import {
  claimRunOutBy,
  type HoldRow,
  idList,
  intArrayOf,
  linesOnTheirOwnClock,
  type NewCartItemRow,
  withKindFacts,
} from './basket.repository';

/**
 * A basket's places: the session counters (occurrences.held_count, booked_count) and the holds that
 * keep them, taken, released, booked and swept here; the one-statement paths move the same counters
 * in one-statement.repository.ts (decision 069).
 */

// ---- Places: holds and the occurrence counters ---------------------------------------------------------------

/**
 * Takes `quantity` places on one session if that many are left: one conditional UPDATE that holds
 * the row lock until the transaction ends. False when the session is full.
 */
export async function takePlaces(db: Database, occurrenceId: number, quantity: number): Promise<boolean> {
  const result = await db.execute(sql`
    update occurrences set held_count = held_count + ${quantity}
    where id = ${occurrenceId} and capacity - booked_count - held_count >= ${quantity}
    returning id`);
  return rawRowsOf(result).length > 0;
}

/** Gives held places back (a hold released). Callers pass ids in ascending order. */
export async function releasePlaces(db: Database, occurrenceId: number, quantity: number): Promise<void> {
  await db.execute(sql`
    update occurrences set held_count = held_count - ${quantity} where id = ${occurrenceId}`);
}

/** Held places become booked ones (checkout). */
export async function bookHeldPlaces(db: Database, occurrenceId: number, quantity: number): Promise<void> {
  await db.execute(sql`
    update occurrences set held_count = held_count - ${quantity}, booked_count = booked_count + ${quantity}
    where id = ${occurrenceId}`);
}

/**
 * A basket line and its holds, one per session, in one statement (the insert of the line is a
 * common table expression the holds' insert reads its id from). With `takePlace` (a line of one
 * session), the same statement also takes its places, as `takePlaces` does: no hold is written when
 * the session is full. Answers the line's id, or undefined when the place was not there.
 */
export async function insertCartItemWithHolds(
  db: Database,
  values: NewCartItemRow,
  holds: { occurrenceIds: number[]; quantity: number; expiresAt: Date; takePlace?: boolean },
): Promise<number | undefined> {
  // getSQL(): embedded as a builder, drizzle would wrap it in a second pair of parentheses.
  const line = db.insert(cartItems).values(withKindFacts(values)).returning({ id: cartItems.id });
  const sessions = holds.takePlace
    ? sql`taken as (update occurrences set held_count = held_count + ${holds.quantity}::int
          where id = ${holds.occurrenceIds[0]}::int and capacity - booked_count - held_count >= ${holds.quantity}::int
          returning id)`
    : sql`taken as (select unnest(${sql.param(holds.occurrenceIds)}::int[]) as id)`;
  const result = await db.execute(sql`
    with ${sessions}, line as (${line.getSQL()})
    insert into cart_holds (cart_id, cart_item_id, occurrence_id, quantity, expires_at)
    select ${values.cartId}::int, line.id, taken.id, ${holds.quantity}::int, ${holds.expiresAt.toISOString()}::timestamptz
    from line, taken
    returning cart_item_id`);
  const id = rawRowsOf<{ cart_item_id: number }>(result)[0]?.cart_item_id;
  if (id === undefined && !holds.takePlace) throw new Error('cart item insert returned no row');
  return id === undefined ? undefined : Number(id);
}

export async function insertHolds(db: Database, rows: (typeof cartHolds.$inferInsert)[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(cartHolds).values(rows);
}

export async function updateHoldQuantity(db: Database, holdId: number, quantity: number): Promise<void> {
  await db.update(cartHolds).set({ quantity }).where(eq(cartHolds.id, holdId));
}

/** The basket's holds, locked (a sweeper skips them until the transaction ends). */
const lockHoldsOfCartStatement = preparedPerDatabase((db) =>
  db
    .select()
    .from(cartHolds)
    .where(eq(cartHolds.cartId, sql.placeholder('cartId')))
    .orderBy(asc(cartHolds.occurrenceId), asc(cartHolds.id))
    .for('update')
    .prepare('basket_lock_holds_of_cart'),
);

export async function lockHoldsOfCart(db: Database, cartId: number): Promise<HoldRow[]> {
  return lockHoldsOfCartStatement(db).execute({ cartId });
}

export async function lockHoldsOfItems(db: Database, itemIds: number[]): Promise<HoldRow[]> {
  if (itemIds.length === 0) return [];
  return db
    .select()
    .from(cartHolds)
    .where(inArray(cartHolds.cartItemId, itemIds))
    .orderBy(asc(cartHolds.occurrenceId), asc(cartHolds.id))
    .for('update');
}

/**
 * Deletes basket lines and their holds in one statement (the foreign key from a hold to its line is
 * checked at the statement's end, when both are gone). Answers the places the holds took, in
 * session id order, for the caller to give back.
 */
export async function deleteItemsWithHolds(
  db: Database,
  itemIds: number[],
): Promise<{ occurrenceId: number; quantity: number }[]> {
  if (itemIds.length === 0) return [];
  const ids = sql`${sql.param(itemIds)}::int[]`;
  const result = await db.execute(sql`
    with holds as (delete from cart_holds where cart_item_id = any(${ids}) returning occurrence_id, quantity),
      lines as (delete from cart_items where id = any(${ids}))
    select occurrence_id, quantity from holds order by occurrence_id`);
  return rawRowsOf<{ occurrence_id: number; quantity: number }>(result).map((row) => ({
    occurrenceId: Number(row.occurrence_id),
    quantity: Number(row.quantity),
  }));
}

export async function deleteHolds(db: Database, holdIds: number[]): Promise<void> {
  if (holdIds.length === 0) return;
  await db.delete(cartHolds).where(inArray(cartHolds.id, holdIds));
}

export interface ExpiryScope {
  occurrenceIds?: number[];
  cartId?: number;
  /** Sessions of one activity at one venue starting in [from, to) (an availability read). */
  range?: { venueId: number; activityId: number; from: Date; to: Date };
}

export interface ExpiredRelease {
  /** Sessions that got places back. */
  occurrenceIds: number[];
  /** Basket lines whose holds ran out (removed). */
  cartItemIds: number[];
  /** Waitlist offers that ran out. */
  waitlistEntryIds: number[];
}

/**
 * Releases holds that have run out, in one statement: locks them with SKIP LOCKED (so any number of
 * replicas can sweep at once, and holds a checkout has locked are left alone), deletes them and
 * gives their places back. Holds of a basket whose checkout is charging a card are kept. The lines
 * left without holds are then removed (a second statement, only when some were).
 */
export async function releaseExpiredHolds(
  db: Database,
  scope: ExpiryScope,
  now: Date,
  /** Claims started by then have run out (holds.service `claimStartedBefore`). */
  claimStartedBefore: Date,
  limit = 500,
): Promise<ExpiredRelease> {
  const filters = [sql`h.expires_at < ${now.toISOString()}::timestamptz`];
  if (scope.occurrenceIds) {
    if (scope.occurrenceIds.length === 0) return { occurrenceIds: [], cartItemIds: [], waitlistEntryIds: [] };
    filters.push(sql`h.occurrence_id in (${idList(scope.occurrenceIds)})`);
  }
  if (scope.cartId !== undefined) filters.push(sql`h.cart_id = ${scope.cartId}`);
  if (scope.range) {
    filters.push(sql`h.occurrence_id in (
      select id from occurrences where venue_id = ${scope.range.venueId} and activity_id = ${scope.range.activityId}
        and starts_at >= ${scope.range.from.toISOString()}::timestamptz
        and starts_at < ${scope.range.to.toISOString()}::timestamptz)`);
  }
  const cutoff = claimStartedBefore.toISOString();
  // Each step finds its rows through an index whatever the planner expects of the step before (a
  // correlated subquery, `= any(array(...))`): a generic plan expects hundreds of run-out holds where
  // there are a few, and would otherwise hash-join them with every basket, hold and session.
  const result = await db.execute(sql`
    with expired as (
      select h.id, h.occurrence_id, h.quantity, h.cart_item_id from cart_holds h
      where ${sql.join(filters, sql` and `)}
        and ${claimRunOutBy(sql`(select c.checkout_started_at from carts c where c.id = h.cart_id)`, sql`${cutoff}::timestamptz`)}
      order by h.occurrence_id, h.id
      ${limitOf(limit)}
      for update of h skip locked
    ),
    gone as (
      delete from cart_holds h where h.id = any(array(select id from expired))
      returning h.occurrence_id, h.quantity, h.cart_item_id
    ),
    counts as (
      select occurrence_id, sum(quantity)::int as n from gone group by occurrence_id
    ),
    released as (
      update occurrences o
      set held_count = o.held_count - (select c.n from counts c where c.occurrence_id = o.id)
      where o.id = any(array(select occurrence_id from counts))
      returning o.id
    )
    select (select coalesce(array_agg(id order by id), '{}') from released) as occurrence_ids,
           (select coalesce(array_agg(distinct cart_item_id), '{}') from gone) as cart_item_ids`);
  const row = rawRowsOf<{ occurrence_ids: number[] | string; cart_item_ids: number[] | string }>(result)[0];
  const occurrenceIds = intArrayOf(row?.occurrence_ids);
  const cartItemIds = intArrayOf(row?.cart_item_ids);
  if (cartItemIds.length === 0) return { occurrenceIds, cartItemIds, waitlistEntryIds: [] };
  // Lines with no hold left are gone; a line another sweeper is still releasing keeps its row until then.
  const removed = await db.execute(sql`
    delete from cart_items ci where ci.id in (${idList(cartItemIds)})
      and not exists (select 1 from cart_holds h where h.cart_item_id = ci.id)
    returning ci.waitlist_entry_id`);
  const waitlistEntryIds = rawRowsOf<{ waitlist_entry_id: number | null }>(removed)
    .map((r) => r.waitlist_entry_id)
    .filter((id): id is number => id !== null)
    .map(Number);
  return { occurrenceIds, cartItemIds, waitlistEntryIds };
}

/**
 * Membership lines of open baskets that have run out (`expires_at`), in scope, removed in one
 * statement: SKIP LOCKED, so every replica may sweep at once; a basket whose card checkout is live
 * keeps them, as it keeps its holds. Answers the draft memberships they paid for.
 */
export async function deleteExpiredMembershipLines(
  db: Database,
  scope: { cartId?: number | undefined },
  now: Date,
  /** Claims started by then have run out (holds.service `claimStartedBefore`). */
  claimStartedBefore: Date,
  limit = 500,
): Promise<number[]> {
  const cutoff = claimStartedBefore.toISOString();
  const result = await db.execute(sql`
    delete from cart_items ci where ci.id in (
      select i.id from cart_items i join carts c on c.id = i.cart_id
      where i.cartable_type in ${linesOnTheirOwnClock} and i.line_expires_at < ${now.toISOString()}::timestamptz
        and c.status = 'open'
        and ${claimRunOutBy(sql`c.checkout_started_at`, sql`${cutoff}::timestamptz`)}
        ${scope.cartId === undefined ? sql`` : sql`and i.cart_id = ${scope.cartId}`}
      order by i.id
      ${limitOf(limit)}
      for update of i skip locked)
    returning ci.membership_id`);
  return rawRowsOf<{ membership_id: number | null }>(result).flatMap((row) =>
    row.membership_id === null ? [] : [Number(row.membership_id)],
  );
}

/** What tidying a basket would find: run-out holds, run-out membership lines, lines left with no hold. */
