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
import { activatesAMembership, expiresOnItsOwn, kindsWhere, lineKind } from '../../lib/basket-line-kinds';

/** The kinds whose lines run out on their own clock, not with holds (lib/basket-line-kinds.ts), as SQL. */
export const linesOnTheirOwnClock = kindsSql(kindsWhere(expiresOnItsOwn));
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
export function intArrayOf(value: number[] | string | undefined): number[] {
  if (value === undefined) return [];
  if (Array.isArray(value)) return value.map(Number);
  return value.replace(/[{}]/g, '').split(',').filter(Boolean).map(Number);
}

export const idList = (ids: readonly number[]) =>
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
 * a basket's checkout claim (its `checkout_started_at`, `startedAt`) started at or before `startedBefore`, the instant the
 * service computed, or it has none (a claim and its start are set and dropped together). A
 * comparison with a value, not the rule: the rule's clock and its life are the service's.
 */
export function claimRunOutBy(startedAt: SQL, startedBefore: SQL): SQL {
  return sql`coalesce(${startedAt}, '-infinity') <= ${startedBefore}`;
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

export function withKindFacts(values: NewCartItemRow): typeof cartItems.$inferInsert {
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
