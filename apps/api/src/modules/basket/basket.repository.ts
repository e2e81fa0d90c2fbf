import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import { type PgSelectQueryBuilder, QueryBuilder } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import {
  joinLineDetails,
  joinMembershipLine,
  type LineDetail,
  lineDetailColumns,
  type MembershipLineFacts,
  membershipLineColumns,
  type SessionLocation,
  withOccurrence,
} from '../../db/line-details';
import { preparedPerDatabase, timeOrNull } from '../../db/prepared';
import {
  jsonArrayOf,
  jsonOfSelected,
  rawRowsOf,
  selectedFromJson,
  tableRowFromJson,
  tableRowsFromJson,
} from '../../db/raw-rows';
import {
  activities,
  type CardBilling,
  type CartTicketLine,
  cartHolds,
  cartItems,
  carts,
  kindsSql,
  locations,
  occurrences,
  type users,
} from '../../db/schema';
import { limitOf, sharedWrite } from '../../db/statement-text';
import { activatesAMembership, expiresOnItsOwn, kindsWhere, lineKind } from '../../lib/basket-line-kinds';

/** The kinds whose lines run out on their own clock, not with holds (lib/basket-line-kinds.ts), as SQL. */
const linesOnTheirOwnClock = kindsSql(kindsWhere(expiresOnItsOwn));
/** A line that is a new membership's first payment (lib/basket-line-kinds.ts). */
const membershipLine = sql`${cartItems.cartableType} in ${kindsSql(kindsWhere(activatesAMembership))}`;

export type CartRow = typeof carts.$inferSelect;
export type CartItemRow = typeof cartItems.$inferSelect;
/** A new line as its writers give it: whether it holds places comes from its kind (lib/basket-line-kinds.ts). */
export type NewCartItemRow = Omit<typeof cartItems.$inferInsert, 'holdsPlaces'>;
export type HoldRow = typeof cartHolds.$inferSelect;
export type UserRow = typeof users.$inferSelect;
export type { CardBilling, CartTicketLine };

/** An `int[]` column of a raw statement: an array, or its text form (`{1,2}`) from a driver that does not parse it. */
function intArrayOf(value: number[] | string | undefined): number[] {
  if (value === undefined) return [];
  if (Array.isArray(value)) return value.map(Number);
  return value.replace(/[{}]/g, '').split(',').filter(Boolean).map(Number);
}

const idList = (ids: readonly number[]) =>
  sql.join(
    ids.map((id) => sql`${id}::int`),
    sql`, `,
  );

// ---- Carts ---------------------------------------------------------------------------------------------

type OpenCartValues = { clientId: number; userId: number; source: string; uuid: string };

/**
 * The customer's open basket as `find` reads it, created when there is none (one open basket per
 * customer): one query when it exists (the common case), two when it is created.
 */
async function findOrCreateOpenCart<T>(
  db: Database,
  values: OpenCartValues,
  find: () => Promise<T | undefined>,
  asCreated: (cart: CartRow) => T,
): Promise<T> {
  // Another request may create it, or complete (check out) the one found, in between: look again.
  for (let round = 0; round < 5; round++) {
    const found = await find();
    if (found) return found;
    const [created] = await db
      .insert(carts)
      .values({
        uuid: round === 0 ? values.uuid : randomUUID(),
        clientId: values.clientId,
        userId: values.userId,
        source: values.source,
      })
      .onConflictDoNothing({ target: carts.userId, where: sql`status = 'open'` })
      .returning();
    if (created) return asCreated(created);
  }
  throw new Error('open cart not found after insert');
}

/** The customer's open basket, created when there is none. */
export async function openCartOf(db: Database, values: OpenCartValues): Promise<CartRow> {
  return findOrCreateOpenCart(
    db,
    values,
    () => findOpenCart(db, values.userId),
    (cart) => cart,
  );
}

/** The customer's open basket, created when there is none, and what tidying it would find. */
export async function openCartTidyingOf(
  db: Database,
  values: OpenCartValues,
  now: Date,
): Promise<{ cart: CartRow; due: CartTidying }> {
  return findOrCreateOpenCart(
    db,
    values,
    () => findOpenCartTidying(db, values.userId, now),
    (cart) => ({ cart, due: { expired: false, holdless: false } }),
  );
}

/**
 * An open basket, written into the statement's text: the one-open-basket-per-customer index is
 * partial (`status = 'open'`), and a generic plan of a bound status cannot use it (decision 029).
 */
const openBasket = eq(carts.status, 'open').inlineParams();

// The statements every basket call runs are prepared (db/prepared.ts): built once, not per call.
const openCartStatement = preparedPerDatabase((db) =>
  db
    .select()
    .from(carts)
    .where(and(eq(carts.userId, sql.placeholder('userId')), openBasket))
    .limit(1)
    .prepare('basket_open_cart'),
);

export async function findOpenCart(db: Database, userId: number): Promise<CartRow | undefined> {
  const [row] = await openCartStatement(db).execute({ userId });
  return row;
}

const cartStatement = preparedPerDatabase((db) =>
  db
    .select()
    .from(carts)
    .where(eq(carts.id, sql.placeholder('cartId')))
    .limit(1)
    .prepare('basket_cart'),
);

export async function findCart(db: Database, cartId: number): Promise<CartRow | undefined> {
  const [row] = await cartStatement(db).execute({ cartId });
  return row;
}

const lockCartStatement = preparedPerDatabase((db) =>
  db
    .select()
    .from(carts)
    .where(eq(carts.id, sql.placeholder('cartId')))
    .for('update')
    .limit(1)
    .prepare('basket_lock_cart'),
);

/** The cart row, locked until the transaction ends (every change to a basket takes this lock first). */
export async function lockCart(db: Database, cartId: number): Promise<CartRow | undefined> {
  const [row] = await lockCartStatement(db).execute({ cartId });
  return row;
}

export async function updateCart(db: Database, cartId: number, values: Partial<CartRow>): Promise<void> {
  await db
    .update(carts)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(carts.id, cartId));
}

const cartClaimStatement = preparedPerDatabase((db) =>
  db
    .update(carts)
    .set({
      checkoutClaim: sql.placeholder('claim') as never,
      // Null when the claim is dropped.
      checkoutStartedAt: timeOrNull('startedAt'),
      updatedAt: sql.placeholder('updatedAt') as never,
    })
    .where(eq(carts.id, sql.placeholder('cartId')))
    .prepare('cart_claim'),
);

/**
 * The guard a statement gets for the claim rule, which holds.service decides (`checkoutClaimIsLive`):
 * the basket row's (`basket`) checkout claim started at or before `startedBefore`, the instant the
 * service computed, or it has none (a claim and its start are set and dropped together). A
 * comparison with a value, not the rule: the rule's clock and its life are the service's.
 */
export function claimRunOutBy(basket: SQL, startedBefore: SQL): SQL {
  return sql`coalesce(${basket}.checkout_started_at, '-infinity') <= ${startedBefore}`;
}

/** Sets (or, with nulls, drops) the basket's checkout claim: a statement every card checkout runs, prepared. */
export async function setCartClaim(
  db: Database,
  cartId: number,
  claim: { claim: string; startedAt: Date } | { claim: null; startedAt: null },
): Promise<void> {
  await cartClaimStatement(db).execute({ cartId, ...claim, updatedAt: new Date() });
}

const completedCartByHashStatement = preparedPerDatabase((db) =>
  db
    .select()
    .from(carts)
    .where(
      and(
        eq(carts.userId, sql.placeholder('userId')),
        eq(carts.status, 'completed').inlineParams(),
        eq(carts.checkoutHash, sql.placeholder('hash')),
      ),
    )
    .orderBy(desc(carts.id))
    .limit(1)
    .prepare('basket_completed_cart_by_hash'),
);

/** The customer's most recent completed basket with this checkout hash (a repeated submission). */
export async function findCompletedCartByHash(
  db: Database,
  userId: number,
  hash: string,
): Promise<CartRow | undefined> {
  const [row] = await completedCartByHashStatement(db).execute({ userId, hash });
  return row;
}

// ---- Items -----------------------------------------------------------------------------------------------

function withKindFacts(values: NewCartItemRow): typeof cartItems.$inferInsert {
  return { ...values, holdsPlaces: lineKind(values.cartableType).holdsPlaces };
}

export async function insertCartItem(db: Database, values: NewCartItemRow): Promise<CartItemRow> {
  const [row] = await db.insert(cartItems).values(withKindFacts(values)).returning();
  if (!row) throw new Error('cart item insert returned no row');
  return row;
}

export async function updateCartItem(
  db: Database,
  itemId: number,
  values: Partial<NewCartItemRow>,
): Promise<void> {
  await db.update(cartItems).set(values).where(eq(cartItems.id, itemId));
}

const cartItemRowsStatement = preparedPerDatabase((db) =>
  db
    .select()
    .from(cartItems)
    .where(eq(cartItems.cartId, sql.placeholder('cartId')))
    .orderBy(asc(cartItems.id))
    .prepare('basket_cart_item_rows'),
);

export async function listCartItemRows(db: Database, cartId: number): Promise<CartItemRow[]> {
  return cartItemRowsStatement(db).execute({ cartId });
}

/** A basket line with what its display needs: activity, venue, session and location, course. */
export interface CartItemDetail extends LineDetail {
  item: CartItemRow;
  /** The earliest expiry of the line's holds; null when none is left. */
  holdExpiresAt: Date | null;
}

/** A basket's lines (of `cartId`, or the basket given) joined to what their details show (`lineDetailColumns`). */
function withLineDetails<T extends PgSelectQueryBuilder>(
  query: T,
  basket: SQL = sql`${sql.placeholder('cartId')}`,
) {
  return joinLineDetails(query, cartItems).where(eq(cartItems.cartId, basket));
}

const cartItemDetailsStatement = preparedPerDatabase((db) => {
  const holdExpiry = db
    .select({
      cartItemId: cartHolds.cartItemId,
      expiresAt: sql<Date>`min(${cartHolds.expiresAt})`.mapWith(cartHolds.expiresAt).as('expires_at'),
    })
    .from(cartHolds)
    .where(eq(cartHolds.cartId, sql.placeholder('cartId')))
    .groupBy(cartHolds.cartItemId)
    .as('hold_expiry');
  return withLineDetails(
    db
      .select({
        item: cartItems,
        ...lineDetailColumns,
        holdExpiresAt: holdExpiry.expiresAt,
      })
      .from(cartItems)
      .leftJoin(holdExpiry, eq(holdExpiry.cartItemId, cartItems.id))
      .$dynamic(),
  )
    .orderBy(asc(cartItems.id))
    .prepare('basket_cart_item_details');
});

/**
 * The basket's lines with their details (`listCartItemDetails`' rows), as a column (`details`, JSON,
 * read by `lineDetailsFrom`) of a statement of the caller's: on its snapshot, with what it reads
 * besides. Placeholder: `cartId`.
 */
export const basketLineDetailsColumn = lineDetailsColumnOf(sql`${sql.placeholder('cartId')}`);

function lineDetailsColumnOf(basket: SQL): SQL {
  return sql`(${withLineDetails(
    new QueryBuilder()
      .select({
        details: sql`json_agg(json_build_object('item', row_to_json(${cartItems}.*),
        'fields', ${jsonOfSelected(lineDetailColumns)},
        'holdExpiresAt', (select min(h.expires_at) from cart_holds h where h.cart_item_id = ${cartItems.id}))
        order by ${cartItems.id})`,
      })
      .from(cartItems)
      .$dynamic(),
    basket,
  ).getSQL()}) as details`;
}

/** The lines' details of a row with `basketLineDetailsColumn`, as `listCartItemDetails` answers them. */
export function lineDetailsFrom(row: { details: unknown }): CartItemDetail[] {
  const details = jsonArrayOf<{ item: unknown; fields: unknown; holdExpiresAt: string | null }>(row.details);
  return withOccurrence(
    details.map(
      (detail) =>
        ({
          item: tableRowFromJson(cartItems, detail.item),
          ...selectedFromJson(lineDetailColumns, detail.fields),
          holdExpiresAt:
            detail.holdExpiresAt === null
              ? null
              : cartHolds.expiresAt.mapFromDriverValue(detail.holdExpiresAt),
        }) as CartItemDetailRow,
    ),
  );
}

/** A row of `cartItemDetailsStatement`, before its session is folded in. */
type CartItemDetailRow = Awaited<ReturnType<ReturnType<typeof cartItemDetailsStatement>['execute']>>[number];

export async function listCartItemDetails(db: Database, cartId: number): Promise<CartItemDetail[]> {
  return withOccurrence(await cartItemDetailsStatement(db).execute({ cartId }));
}

export interface BundleSessionRow {
  id: number;
  bundleId: number;
  startsAt: Date;
  endsAt: Date;
  location: SessionLocation;
  instructorName: string | null;
}

/** The sessions of course bundles in time order. */
export async function listBundleSessions(db: Database, bundleIds: number[]): Promise<BundleSessionRow[]> {
  if (bundleIds.length === 0) return [];
  const rows = await db
    .select({
      id: occurrences.id,
      bundleId: occurrences.bundleId,
      startsAt: occurrences.startsAt,
      endsAt: occurrences.endsAt,
      location: { id: locations.id, name: locations.name, type: locations.type, slug: locations.slug },
      instructorName: occurrences.instructorName,
    })
    .from(occurrences)
    .innerJoin(locations, eq(locations.id, occurrences.locationId))
    .where(inArray(occurrences.bundleId, bundleIds))
    .orderBy(asc(occurrences.startsAt), asc(occurrences.id));
  return rows.flatMap((row) => (row.bundleId === null ? [] : [{ ...row, bundleId: row.bundleId }]));
}

// ---- What is being added -----------------------------------------------------------------------------------

export interface BookableRow {
  occurrenceId: number;
  activityId: number;
  venueId: number;
  clientId: number;
  bundleId: number | null;
  startsAt: Date;
  firstBookableAt: Date;
  capacity: number;
  bookedCount: number;
  heldCount: number;
  activityKind: 'court' | 'class' | 'course';
  hasWaitlist: boolean;
  /** The customer asked about already has a live booking on it (read with it: one round trip). */
  bookedByCustomer: boolean;
  /** Some of its holds have run out (their places are given back before it is added to a basket). */
  holdsRunOut: boolean;
}

const bookableColumns = {
  occurrenceId: occurrences.id,
  activityId: occurrences.activityId,
  venueId: occurrences.venueId,
  clientId: activities.clientId,
  bundleId: occurrences.bundleId,
  startsAt: occurrences.startsAt,
  firstBookableAt: occurrences.firstBookableAt,
  capacity: occurrences.capacity,
  bookedCount: occurrences.bookedCount,
  heldCount: occurrences.heldCount,
  activityKind: activities.kind,
  hasWaitlist: activities.hasWaitlist,
  bookedByCustomer: sql<boolean>`exists (select 1 from bookings b where b.occurrence_id = occurrences.id
    and b.user_id = ${sql.placeholder('customerId')} and b.status = 'booked')`,
  holdsRunOut: sql<boolean>`exists (select 1 from cart_holds h where h.occurrence_id = occurrences.id
    and h.expires_at < ${sql.placeholder('now')}::timestamptz)`,
};

/** A bookable row as read: the two flags are booleans whatever the driver gives. */
const bookableOf = (row: BookableRow): BookableRow => ({
  ...row,
  bookedByCustomer: row.bookedByCustomer === true,
  holdsRunOut: row.holdsRunOut === true,
});

const bookableStatement = preparedPerDatabase((db) =>
  db
    .select(bookableColumns)
    .from(occurrences)
    .innerJoin(activities, eq(activities.id, occurrences.activityId))
    .where(eq(occurrences.id, sql.placeholder('occurrenceId')))
    .limit(1)
    .prepare('basket_bookable'),
);

export async function findBookable(
  db: Database,
  occurrenceId: number,
  customerId: number,
  now: Date,
): Promise<BookableRow | undefined> {
  const [row] = await bookableStatement(db).execute({ occurrenceId, customerId, now: now.toISOString() });
  return row && bookableOf(row);
}

const bundleBookablesStatement = preparedPerDatabase((db) =>
  db
    .select(bookableColumns)
    .from(occurrences)
    .innerJoin(activities, eq(activities.id, occurrences.activityId))
    .where(eq(occurrences.bundleId, sql.placeholder('bundleId')))
    .orderBy(asc(occurrences.id))
    .prepare('basket_bundle_bookables'),
);

/** A course's sessions in id order (the order their rows are locked in). */
export async function listBundleBookables(
  db: Database,
  bundleId: number,
  customerId: number,
  now: Date,
): Promise<BookableRow[]> {
  const rows = await bundleBookablesStatement(db).execute({ bundleId, customerId, now: now.toISOString() });
  return rows.map(bookableOf);
}

export interface PricingRow {
  id: number;
  activityId: number;
  name: string;
  forMembers: boolean;
  tickets: { id: number; name: string; amount: number }[];
}

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

/**
 * The basket's holds, locked in `lockHoldsOfCart`'s order, and its lines in id order, as two columns
 * (`holds`, `lines`: JSON, read by `basketHoldsAndLinesFrom`) of a statement of the caller's, which
 * has locked the basket's row before it (every writer of its lines takes that lock first). Both are
 * read on the statement's snapshot: a hold released while its lock was waited on is skipped, and its
 * line is then one without a hold, which a checkout refuses. Placeholder: `cartId`.
 */
export const basketHoldsAndLines = holdsAndLinesOf(sql`${sql.placeholder('cartId')}::int`, { locked: true });

/** `basketHoldsAndLines`' two columns for the basket given, its holds locked or not. */
function holdsAndLinesOf(basket: SQL, { locked }: { locked: boolean }): SQL {
  return sql`(select json_agg(h order by h.occurrence_id, h.id) from (
      select * from cart_holds where cart_id = ${basket}
      order by occurrence_id, id${locked ? sql` for update` : sql``}) h) as holds,
    (select json_agg(i order by i.id) from cart_items i where i.cart_id = ${basket}) as lines`;
}

/** The holds and lines of a row with `basketHoldsAndLines`' columns. */
export function basketHoldsAndLinesFrom(row: { holds: unknown; lines: unknown }): {
  holds: HoldRow[];
  lines: CartItemRow[];
} {
  return { holds: tableRowsFromJson(cartHolds, row.holds), lines: tableRowsFromJson(cartItems, row.lines) };
}

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
  claimTtlMs: number,
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
  const claimCutoff = new Date(now.getTime() - claimTtlMs).toISOString();
  // Each step finds its rows through an index whatever the planner expects of the step before (a
  // correlated subquery, `= any(array(...))`): a generic plan expects hundreds of run-out holds where
  // there are a few, and would otherwise hash-join them with every basket, hold and session.
  const result = await db.execute(sql`
    with expired as (
      select h.id, h.occurrence_id, h.quantity, h.cart_item_id from cart_holds h
      where ${sql.join(filters, sql` and `)}
        and coalesce((select c.checkout_started_at from carts c where c.id = h.cart_id), '-infinity')
          < ${claimCutoff}::timestamptz
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
  claimTtlMs: number,
  limit = 500,
): Promise<number[]> {
  const claimCutoff = new Date(now.getTime() - claimTtlMs).toISOString();
  const result = await db.execute(sql`
    delete from cart_items ci where ci.id in (
      select i.id from cart_items i join carts c on c.id = i.cart_id
      where i.cartable_type in ${linesOnTheirOwnClock} and i.line_expires_at < ${now.toISOString()}::timestamptz
        and c.status = 'open'
        and (c.checkout_started_at is null or c.checkout_started_at < ${claimCutoff}::timestamptz)
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
export interface CartTidying {
  expired: boolean;
  holdless: boolean;
}

/**
 * Tidying's question as two columns of a select from `carts`, so that finding the basket and asking
 * it are one round trip. The tidying statements run only when one is true (they decide exactly).
 */
const tidyingColumns = {
  // `carts.id` written out: drizzle leaves a one-table select's columns unqualified, and a bare "id"
  // inside these sub-selects would name the sub-select's own row.
  expired: sql<boolean>`(exists (select 1 from cart_holds h where h.cart_id = carts.id
      and h.expires_at < ${sql.placeholder('now')}::timestamptz)
    or exists (select 1 from cart_items i where i.cart_id = carts.id and i.cartable_type in ${linesOnTheirOwnClock}
      and i.line_expires_at < ${sql.placeholder('now')}::timestamptz))`,
  holdless: sql<boolean>`exists (select 1 from cart_items ci where ci.cart_id = carts.id and ci.holds_places
      and not exists (select 1 from cart_holds h where h.cart_item_id = ci.id))`,
};

/**
 * The customer's open basket (placeholder `userId`) as a checkout reads it without a lock (decision
 * 037), for a statement of the caller's: `from` names it `carts`, and `columns` are the basket, its
 * tidying (placeholder `now`), holds, lines, their details and its fingerprint (migration 0037), which
 * `basket_as_read` compares under the lock. Read by `openBasketAsReadFrom`.
 */
export const openBasketAsRead = {
  from: sql`(select * from carts where user_id = ${sql.placeholder('userId')}::int and status = 'open') carts`,
  columns: sql`row_to_json(carts) as cart, ${tidyingColumns.expired} as expired,
    ${tidyingColumns.holdless} as holdless, ${holdsAndLinesOf(sql`carts.id`, { locked: false })},
    ${lineDetailsColumnOf(sql`carts.id`)}, basket_fingerprint(carts.id) as fingerprint`,
};

/** A row of `openBasketAsRead`'s columns. */
export function openBasketAsReadFrom(row: {
  cart: unknown;
  expired: boolean;
  holdless: boolean;
  holds: unknown;
  lines: unknown;
  details: unknown;
  fingerprint: string;
}): {
  cart: CartRow;
  due: CartTidying;
  holds: HoldRow[];
  lines: CartItemRow[];
  details: CartItemDetail[];
  fingerprint: string;
} {
  return {
    cart: tableRowFromJson(carts, row.cart),
    due: { expired: row.expired === true, holdless: row.holdless === true },
    ...basketHoldsAndLinesFrom(row),
    details: lineDetailsFrom(row),
    fingerprint: row.fingerprint,
  };
}

const openCartTidyingStatement = preparedPerDatabase((db) =>
  db
    .select({ cart: carts, ...tidyingColumns })
    .from(carts)
    .where(and(eq(carts.userId, sql.placeholder('userId')), openBasket))
    .limit(1)
    .prepare('basket_open_cart_tidying'),
);

const openOrPaidCartStatement = preparedPerDatabase((db) =>
  db
    .select({ cart: carts, ...tidyingColumns })
    .from(carts)
    .where(
      and(
        eq(carts.userId, sql.placeholder('userId')),
        or(
          openBasket,
          and(eq(carts.status, 'completed').inlineParams(), eq(carts.checkoutHash, sql.placeholder('hash'))),
        ),
      ),
    )
    .orderBy(desc(carts.id))
    .prepare('basket_open_or_paid_cart'),
);

/**
 * For a checkout submission, in one read: the customer's open basket with what tidying it would
 * find, and their latest basket completed with this checkout hash (the submission repeated).
 */
export async function findOpenOrPaidCart(
  db: Database,
  userId: number,
  /** Without one (a submission that sent none), no completed basket matches. */
  hash: string | undefined,
  now: Date,
): Promise<{ open?: { cart: CartRow; due: CartTidying }; paid?: CartRow }> {
  const rows = await openOrPaidCartStatement(db).execute({
    userId,
    hash: hash ?? null,
    now: now.toISOString(),
  });
  const open = rows.find((row) => row.cart.status === 'open');
  const paid = rows.find((row) => row.cart.status === 'completed');
  return { ...(open ? { open: tidyingOf(open) } : {}), ...(paid ? { paid: paid.cart } : {}) };
}

/** A row of a statement selecting `{ cart, ...tidyingColumns }`, as the basket and its tidying. */
function tidyingOf(row: { cart: CartRow; expired: boolean; holdless: boolean }): {
  cart: CartRow;
  due: CartTidying;
} {
  return { cart: row.cart, due: { expired: row.expired === true, holdless: row.holdless === true } };
}

/** The customer's open basket and what tidying it would find, in one read. */
export async function findOpenCartTidying(
  db: Database,
  userId: number,
  now: Date,
): Promise<{ cart: CartRow; due: CartTidying } | undefined> {
  const [row] = await openCartTidyingStatement(db).execute({ userId, now: now.toISOString() });
  return row && tidyingOf(row);
}

/**
 * Lines of the basket that hold places and are left with no hold (a sweep raced a removal): removed
 * on the next read. A line of a kind that holds no places (lib/basket-line-kinds.ts) stays.
 */
export async function deleteHoldlessItems(db: Database, cartId: number): Promise<number[]> {
  const result = await db.execute(sql`
    delete from cart_items ci where ci.cart_id = ${cartId} and ci.holds_places
      and not exists (select 1 from cart_holds h where h.cart_item_id = ci.id)
    returning ci.waitlist_entry_id`);
  return rawRowsOf<{ waitlist_entry_id: number | null }>(result)
    .map((r) => r.waitlist_entry_id)
    .filter((id): id is number => id !== null)
    .map(Number);
}

export interface MembershipLineDetail extends MembershipLineFacts {
  item: CartItemRow;
}

/** The basket's membership lines (a new membership's first payment) with what the basket shows. */
const membershipLineDetailsStatement = preparedPerDatabase((db) =>
  joinMembershipLine(
    db
      .select({ item: cartItems, ...membershipLineColumns })
      .from(cartItems)
      .$dynamic(),
    cartItems.membershipId,
  )
    .where(and(eq(cartItems.cartId, sql.placeholder('cartId')), membershipLine))
    .orderBy(asc(cartItems.id))
    .prepare('basket_membership_line_details'),
);

export async function listMembershipLineDetails(
  db: Database,
  cartId: number,
): Promise<MembershipLineDetail[]> {
  return membershipLineDetailsStatement(db).execute({ cartId });
}

/** Removes a draft membership's line from any open basket (a later submission replaces the draft). */
export async function deleteMembershipLines(db: Database, membershipId: number): Promise<void> {
  await db
    .delete(cartItems)
    .where(
      and(
        eq(cartItems.membershipId, membershipId),
        membershipLine,
        sql`${cartItems.cartId} in (select id from carts where status = 'open')`,
      ),
    );
}

/** Places held by this basket's benefit lines on the activity, leaving out one line (being re-priced). */
export async function countCartBenefitPlaces(
  db: Database,
  cartId: number,
  activityId: number,
  exceptItemId?: number,
): Promise<number> {
  const [row] = await db
    .select({ places: sql<number>`coalesce(sum(${cartHolds.quantity}), 0)::int` })
    .from(cartHolds)
    .innerJoin(cartItems, eq(cartItems.id, cartHolds.cartItemId))
    .where(
      and(
        eq(cartItems.cartId, cartId),
        eq(cartItems.activityId, activityId),
        eq(cartItems.benefitApplied, true),
        ...(exceptItemId !== undefined ? [ne(cartItems.id, exceptItemId)] : []),
      ),
    );
  return Number(row?.places ?? 0);
}
