/**
 * The one-statement paths beside the basket's and checkout's transactions (decisions 026, 035, 037):
 * an add, a remove, a paid basket settled, each one statement. Every rule they follow is decided in
 * TypeScript before they run (decision 069): which kinds of line they may serve (line-kinds.ts
 * `oneStatementPath`, `holdsPlaces`), whether a checkout's claim is live (holds.service
 * `checkoutClaimIsLive`, handed to them as the instant `claimRunOutBy` compares with), prices and
 * places. The statements get rows to move and those values, and restate no rule: a new rule goes
 * into the command's plan, and `ONE_STATEMENT_PATHS=false` (config.oneStatementPaths) runs every
 * command through its transaction, which the differential tests compare against.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/locks';
import { preparedSql } from '../../db/prepared';
import { rawRowsOf, tableRowFromJson } from '../../db/raw-rows';
import { carts } from '../../db/schema';
import { sharedWrite } from '../../db/statement-text';
import { kindsWhere, lineKind } from '../../lib/basket-line-kinds';
import { type CartRow, claimRunOutBy, type NewCartItemRow } from './basket.repository';

/** An `int[]` column of a raw statement: an array, or its text form (`{1,2}`) from a driver that does not parse it. */
function intArrayOf(value: number[] | string | undefined): number[] {
  if (value === undefined) return [];
  if (Array.isArray(value)) return value.map(Number);
  return value.replace(/[{}]/g, '').split(',').filter(Boolean).map(Number);
}

/** The kinds the one-statement paths serve, and those the basket's answer reads more for, from the registry. */
const oneStatementKinds = kindsWhere((kind) => kind.oneStatementPath);
const membershipKinds = kindsWhere((kind) => kind.presentedAs === 'membership');
const feeKinds = kindsWhere((kind) => kind.presentedAs === 'fee');

/**
 * The basket claimed by a card checkout, as a common table expression (`claimed_by`) of the statement
 * that records the checkout's attempt: one statement for the two. Placeholders: `cartId`, `claim`,
 * `claimedAt`.
 */
export const basketClaimedBy = sql`claimed_by as (
    update carts set checkout_claim = ${sql.placeholder('claim')},
      checkout_started_at = ${sql.placeholder('claimedAt')}::timestamptz,
      updated_at = ${sql.placeholder('claimedAt')}::timestamptz
    where id = ${sql.placeholder('cartId')}::int
      -- A claim made from an unlocked read checks, under the lock, that the basket's rows are the
      -- versions read (decision 037, amended by 069: the checkout decided the rest from them); one made
      -- under the lock, in the transaction that read it, gives no fingerprint.
      and (${sql.placeholder('fingerprint')}::text is null
        or basket_unchanged(${sql.placeholder('cartId')}::int, ${sql.placeholder('fingerprint')}::text))
    returning id
  )`;

/**
 * A paid basket of one session settled, as common table expressions of a statement, only `when` it
 * holds (a settling statement names its order's CTE there, so the order is written first): the
 * basket completed, its holds (locked by the caller, or the statement fails) deleted, and their
 * places booked, the session's row locked last (its update waits for the other two: they are the
 * one-time conditions of its scan). `placed` answers the session's id. Placeholders: `cartId`, `now`, `hash`, `source`,
 * `holdIds`, `holdCount`, `occurrenceId`, `quantity`.
 */
export function oneSessionBasketSettled(when: SQL): SQL {
  return sql`closed as (
      update carts set status = 'completed', completed_at = ${sql.placeholder('now')}::timestamptz,
        checkout_hash = ${sql.placeholder('hash')}, checkout_claim = null, checkout_started_at = null,
        source = ${sql.placeholder('source')}, updated_at = ${sql.placeholder('now')}::timestamptz
      where id = ${sql.placeholder('cartId')}::int and ${when}
      returning id
    ), gone as (
      -- By the basket too: a generic plan takes "id = any(ids)" for ten rows, and PostgreSQL then
      -- planned this statement afresh on every checkout (0.17 ms of planning for 0.15 ms of work).
      delete from cart_holds
      where cart_id = ${sql.placeholder('cartId')}::int and id = any(${sql.placeholder('holdIds')}::int[])
        and ${when}
      returning id
    ), placed as (
      update occurrences
      set held_count = held_count - ${sql.placeholder('quantity')}::int, booked_count = booked_count + ${sql.placeholder('quantity')}::int
      where id = ${sql.placeholder('occurrenceId')}::int
        -- An error, not an empty answer: the statement may be sent with its commit (migration 0031).
        and statement_check(exists (select 1 from closed) and (select count(*) from gone) = ${sql.placeholder('holdCount')},
          'the basket could not be settled in one statement')
      returning id
    )`;
}

/**
 * The basket's row locked, as the first common table expression (`claimed`) of a statement that
 * settles it, only while it is open and still claimed by the checkout (`claim`) within the claim's
 * life (`claimStartedBefore`: claims started by then have run out, holds.service): no writer changes
 * a claimed basket's lines or holds, so they are still those the checkout read when it claimed it.
 * Placeholders: `cartId`, `claim`, `claimStartedBefore`.
 */
export const stillClaimedBasket = sql`claimed as materialized (
    select id from carts
    where id = ${sql.placeholder('cartId')}::int and status = 'open' and checkout_claim = ${sql.placeholder('claim')}
      and not ${claimRunOutBy(sql`carts.checkout_started_at`, sql`${sql.placeholder('claimStartedBefore')}::timestamptz`)}
    for update
  )`;

/** The values of `oneSessionBasketSettled`'s placeholders. */
export function oneSessionBasketSettledValues(
  cartId: number,
  closing: { hash: string; source: string; now: Date },
  holds: { ids: number[]; occurrenceId: number; quantity: number },
): Record<string, unknown> {
  return {
    now: closing.now.toISOString(),
    hash: closing.hash,
    source: closing.source,
    cartId,
    holdIds: holds.ids,
    quantity: holds.quantity,
    occurrenceId: holds.occurrenceId,
    holdCount: holds.ids.length,
  };
}

const completeCartBookingOneSessionStatement = preparedSql(sql`
    with ${oneSessionBasketSettled(sql`true`)}
    select id from placed`);

/**
 * A paid basket of one session, settled in one statement: the basket completed, its holds (locked by
 * the caller) deleted and their places booked, the session's row locked last (its update waits for
 * the other two: they are the one-time conditions of its scan).
 */
export async function completeCartBookingOneSession(
  db: Database,
  cartId: number,
  closing: { hash: string; source: string; now: Date },
  holds: { ids: number[]; occurrenceId: number; quantity: number },
): Promise<void> {
  const result = await completeCartBookingOneSessionStatement(db).execute(
    oneSessionBasketSettledValues(cartId, closing, holds),
  );
  // The caller holds the basket's and the holds' locks: anything else is a bug, and rolls the order
  // back (the statement's own check raises it when its commit was sent with it).
  if (rawRowsOf(result).length !== 1)
    throw new Error(`basket ${cartId} could not be settled in one statement`);
}

/**
 * The `basket` CTE of a one-statement basket write (decision 026): the basket's row locked, only if
 * it is open and no live checkout claims it. Its values are the placeholders `cartId` and
 * `claimStartedBefore`, as are `otherLineKinds`'.
 */
const lockedOpenBasket = sql`basket as materialized (
    select id from carts
    where id = ${sql.placeholder('cartId')}::int and status = 'open'
      and ${claimRunOutBy(sql`carts.checkout_started_at`, sql`${sql.placeholder('claimStartedBefore')}::timestamptz`)}
    for update
  )`;

/**
 * Whether the basket holds membership and fee lines (the answer reads them only then), of the kinds
 * the registry presents so (`membershipKinds`, `feeKinds` placeholders, `answerKinds`' values).
 */
function otherLineKinds(basket: SQL): SQL {
  return sql`exists (select 1 from cart_items m where m.cart_id = ${basket}
      and m.cartable_type = any(${sql.placeholder('membershipKinds')}::text[])) as has_membership,
    exists (select 1 from cart_items p where p.cart_id = ${basket}
      and p.cartable_type = any(${sql.placeholder('feeKinds')}::text[])) as has_penalty`;
}
const answerKinds = { membershipKinds, feeKinds };

/** What `addLineAtOnce` did: wrote the line (in the basket answered), found the session full, or left it to the transaction. */
export type LineAtOnce =
  | { kind: 'added'; cart: CartRow; lineId: number; hasMembership: boolean; hasPenalty: boolean }
  | { kind: 'full' }
  | { kind: 'unsure' };

/**
 * The customer's open basket for an add, found (its row locked, as every basket writer does first)
 * or created when they have none; only a basket the add may write at once: no live checkout claim,
 * the source asked for (or none asked), and nothing for tidying to do first (a run-out hold or
 * membership line, a line left without a hold), which the caller's slower path does. Its
 * placeholders: `userId`, `clientId`, `uuid` and `newSource` (a new basket's), `source`,
 * `claimStartedBefore` and `now`.
 */
const addersBasket = sql`found as materialized (
    select * from carts where user_id = ${sql.placeholder('userId')}::int and status = 'open'
    for update
  ), created as (
    insert into carts (uuid, client_id, user_id, source)
    select ${sql.placeholder('uuid')}, ${sql.placeholder('clientId')}::int, ${sql.placeholder('userId')}::int,
      ${sql.placeholder('newSource')}
    where not exists (select 1 from found)
    on conflict (user_id) where status = 'open' do nothing
    returning *
  ), basket as materialized (
    select f.* from found f
    where ${claimRunOutBy(sql`f.checkout_started_at`, sql`${sql.placeholder('claimStartedBefore')}::timestamptz`)}
      and (${sql.placeholder('source')}::text is null or f.source = ${sql.placeholder('source')}::text)
      and not exists (select 1 from cart_holds h where h.cart_id = f.id
        and h.expires_at < ${sql.placeholder('now')}::timestamptz)
      -- A line on its own clock that has run out (only such lines have one: line-kinds expiresOnItsOwn).
      and not exists (select 1 from cart_items i where i.cart_id = f.id
        and i.line_expires_at < ${sql.placeholder('now')}::timestamptz)
      and not exists (select 1 from cart_items ci where ci.cart_id = f.id and ci.holds_places
        and not exists (select 1 from cart_holds h where h.cart_item_id = ci.id))
    union all
    select c.* from created c
  )`;

// A shared write (db/statement-text.ts): it commits alone, and the basket's and the session's locks
// it waits for are held by statements or by transactions that wait on nothing but their own connection.
const addLineAtOnceStatement = preparedSql(sql`${sharedWrite}
      with ${addersBasket}, clear as materialized (
        select not exists (select 1 from cart_items i
            where i.cart_id = (select id from basket) and i.occurrence_id = ${sql.placeholder('occurrenceId')}::int)
          and not exists (select 1 from waitlist_entries w
            where w.user_id = ${sql.placeholder('userId')}::int and w.occurrence_id = ${sql.placeholder('occurrenceId')}::int
              and w.status in ('waiting', 'offered')) as ok
      ), taken as (
        update occurrences set held_count = held_count + ${sql.placeholder('quantity')}::int
        where id = ${sql.placeholder('occurrenceId')}::int and capacity - booked_count - held_count >= ${sql.placeholder('quantity')}::int
          and exists (select 1 from basket) and (select ok from clear)
        returning id
      ), line as (
        insert into cart_items (cart_id, cartable_type, holds_places, activity_id, venue_id, occurrence_id,
          pricing_option_id, purchased_for_user_id, quantity, amount, benefit_applied, tickets)
        select (select id from basket), ${sql.placeholder('cartableType')}, ${sql.placeholder('holdsPlaces')}::boolean,
          ${sql.placeholder('activityId')}::int, ${sql.placeholder('venueId')}::int,
          taken.id, ${sql.placeholder('pricingOptionId')}::int, ${sql.placeholder('userId')}::int, ${sql.placeholder('quantity')}::int,
          ${sql.placeholder('amount')}::int, ${sql.placeholder('benefitApplied')}::boolean, ${sql.placeholder('tickets')}::jsonb
        from taken
        returning id
      ), held as (
        insert into cart_holds (cart_id, cart_item_id, occurrence_id, quantity, expires_at)
        select (select id from basket), line.id, taken.id, ${sql.placeholder('quantity')}::int, ${sql.placeholder('expiresAt')}::timestamptz
        from line, taken
        returning cart_item_id
      )
      select (select row_to_json(b) from basket b) as cart, (select ok from clear) as clear,
        (select cart_item_id from held) as line_id, ${otherLineKinds(sql`(select id from basket)`)}`);

/**
 * A basket line of one session, its hold and its place, written by one statement outside any
 * transaction (decision 026), in the customer's open basket, which the same statement finds or
 * creates (decision 026, amended): the basket's row is locked first, as every basket writer does,
 * then the session's, and the statement's end is the commit. It writes no line, answering 'unsure',
 * when the basket is one `addersBasket` leaves to the caller, when its lines (as the statement found
 * them) already hold the session, or when the customer waits for it on the waitlist (an offer may be
 * putting it there); the caller's transaction then says why. The lines were read before the basket's
 * lock was waited on, so a twin a concurrent add committed meanwhile is refused by the unique index:
 * 'unsure' as well.
 */
export async function addLineAtOnce(
  db: Database,
  basket: { userId: number; clientId: number; uuid: string; newSource: string; source: string | null },
  line: Omit<NewCartItemRow, 'cartId' | 'occurrenceId' | 'bundleId' | 'purchasedForUserId'> & {
    occurrenceId: number;
  },
  hold: { expiresAt: Date; claimStartedBefore: Date; now: Date },
): Promise<LineAtOnce> {
  try {
    if (!lineKind(line.cartableType).oneStatementPath)
      throw new Error(`a ${line.cartableType} line does not take the one-statement add`);
    const result = await addLineAtOnceStatement(db).execute({
      ...basket,
      ...answerKinds,
      claimStartedBefore: hold.claimStartedBefore.toISOString(),
      now: hold.now.toISOString(),
      occurrenceId: line.occurrenceId,
      quantity: line.quantity,
      cartableType: line.cartableType,
      holdsPlaces: lineKind(line.cartableType).holdsPlaces,
      activityId: line.activityId,
      venueId: line.venueId,
      pricingOptionId: line.pricingOptionId,
      amount: line.amount,
      benefitApplied: line.benefitApplied ?? false,
      tickets: JSON.stringify(line.tickets ?? []),
      expiresAt: hold.expiresAt.toISOString(),
    });
    const row = rawRowsOf<{
      cart: unknown;
      clear: boolean | null;
      line_id: number | null;
      has_membership: boolean;
      has_penalty: boolean;
    }>(result)[0];
    if (!row?.cart || !row.clear) return { kind: 'unsure' };
    if (row.line_id === null) return { kind: 'full' };
    return {
      kind: 'added',
      cart: tableRowFromJson(carts, row.cart),
      lineId: Number(row.line_id),
      hasMembership: row.has_membership,
      hasPenalty: row.has_penalty,
    };
  } catch (error) {
    if (isUniqueViolation(error)) return { kind: 'unsure' };
    throw error;
  }
}

/** What `removeLineAtOnce` did: removed the line (and gave its places back), or left it to the transaction. */
export type LineRemovedAtOnce =
  | { kind: 'removed'; freedOccurrenceIds: number[]; hasMembership: boolean; hasPenalty: boolean }
  | { kind: 'unsure' };

// A shared write, as the add's statement is.
const removeLineAtOnceStatement = preparedSql(sql`${sharedWrite}
    with ${lockedOpenBasket}, line as materialized (
      select id, occurrence_id from cart_items
      where id = ${sql.placeholder('itemId')}::int and cart_id = ${sql.placeholder('cartId')}::int
        and cartable_type = any(${sql.placeholder('oneStatementKinds')}::text[])
        and occurrence_id is not null and bundle_id is null and waitlist_entry_id is null
    ), holds as (
      delete from cart_holds
      where cart_item_id = (select id from line) and exists (select 1 from basket)
      returning occurrence_id, quantity
    ), removed as (
      delete from cart_items
      where id = (select id from line) and exists (select 1 from basket)
      returning id
    ), released as (
      -- By the line's session, not joined to the holds: a generic plan of the join scanned every session.
      update occurrences o set held_count = o.held_count - (select sum(quantity)::int from holds)
      where o.id = (select occurrence_id from line) and exists (select 1 from holds)
      returning o.id
    )
    select (select count(*) from removed)::int as removed, array(select id from released) as freed,
      ${otherLineKinds(sql`${sql.placeholder('cartId')}::int`)}`);

/**
 * Removes a basket line of one session with its hold and gives its places back, in one statement
 * outside any transaction (decision 026): the basket's row is locked first, then the line's and its
 * hold's, then the session's, the order every basket writer keeps. Only a plain session line (not a
 * course, a membership, a penalty or a waitlist offer's line, which have more to undo) of an open
 * basket that is not being paid for; otherwise, or when the line is gone, it removes nothing and
 * answers 'unsure' for the caller's transaction. A hold the sweeper released meanwhile is skipped by
 * the delete (its row is gone once the wait ends), so its places are not given back twice.
 */
export async function removeLineAtOnce(
  db: Database,
  cartId: number,
  itemId: number,
  claimStartedBefore: Date,
): Promise<LineRemovedAtOnce> {
  const result = await removeLineAtOnceStatement(db).execute({
    ...answerKinds,
    oneStatementKinds,
    cartId,
    itemId,
    claimStartedBefore: claimStartedBefore.toISOString(),
  });
  const row = rawRowsOf<{
    removed: number;
    freed: number[] | string;
    has_membership: boolean;
    has_penalty: boolean;
  }>(result)[0];
  if (!row || Number(row.removed) !== 1) return { kind: 'unsure' };
  return {
    kind: 'removed',
    freedOccurrenceIds: intArrayOf(row.freed),
    hasMembership: row.has_membership,
    hasPenalty: row.has_penalty,
  };
}
