// A customer's basket, its lines and the places they hold (docs/decisions/007-cart-holds-and-checkout.md).

import { type BasketLineKind, basketLineKinds } from '@leisure/contract/cart';
import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { activities, pricingOptions } from './activities';
import { createdAt } from './columns';
import { users } from './customers';
import { memberships } from './memberships';
import { clients, venues } from './operator';
import { courseBundles, occurrences } from './timetable';

/**
 * A customer's basket. At most one is open per customer (a partial unique index), so a staff user
 * acting for a customer and the customer themselves share it. Checkout locks this row, and the
 * order's unique `cart_id` makes a second order for one basket impossible.
 */
export const carts = pgTable(
  'carts',
  {
    id: serial('id').primaryKey(),
    uuid: text('uuid').notNull().unique(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    /** The customer the basket belongs to. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** bookings, foh, kiosk, ...: where it was last used. */
    source: text('source').notNull().default('activity-booking'),
    /** `open`, then `completed` by checkout. */
    status: text('status').$type<'open' | 'completed'>().notNull().default('open'),
    /** Credit reserved for this basket by `credits/apply`, in minor units. */
    creditGeneral: integer('credit_general').notNull().default(0),
    creditMembership: integer('credit_membership').notNull().default(0),
    /**
     * A card checkout claims the basket (random claim id and time) before it charges, without holding
     * a transaction open across the provider call; concurrent submissions see the claim and wait.
     */
    checkoutClaim: text('checkout_claim'),
    checkoutStartedAt: timestamp('checkout_started_at', { withTimezone: true }),
    /** The item hash the basket was completed with: a repeated submission finds its order by it. */
    checkoutHash: text('checkout_hash'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('carts_open_user_idx').on(t.userId).where(sql`${t.status} = 'open'`),
    // A customer's baskets of every status: a repeated checkout finds its completed one by its hash.
    index('carts_user_idx').on(t.userId),
    check('carts_credit_check', sql`${t.creditGeneral} >= 0 and ${t.creditMembership} >= 0`),
  ],
);

export interface CartTicketLine {
  ticketId: number;
  name: string;
  quantity: number;
  /** Minor units per place. */
  unitAmount: number;
}

/** A line of a basket: one session (court, class with its tickets) or one course bundle. */
export const cartItems = pgTable(
  'cart_items',
  {
    id: serial('id').primaryKey(),
    cartId: integer('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    /** The line's kind; what each kind does is declared in lib/basket-line-kinds.ts. */
    cartableType: text('cartable_type').$type<BasketLineKind>().notNull(),
    /**
     * Whether the line holds places (set from the line-kind registry on insert): a line that holds
     * places and has none left has run out and leaves the basket; other lines never do.
     */
    holdsPlaces: boolean('holds_places').notNull(),
    /** Null only for a membership line. */
    activityId: integer('activity_id').references(() => activities.id),
    venueId: integer('venue_id')
      .notNull()
      .references(() => venues.id),
    /** The session; null for a course (its sessions are the bundle's). */
    occurrenceId: integer('occurrence_id').references(() => occurrences.id),
    bundleId: integer('bundle_id').references(() => courseBundles.id),
    /** Null only for a membership line. */
    pricingOptionId: integer('pricing_option_id').references(() => pricingOptions.id),
    /** A membership line: the draft membership whose first payment this is (decisions 010, 018). */
    membershipId: integer('membership_id').references((): AnyPgColumn => memberships.id),
    purchasedForUserId: integer('purchased_for_user_id')
      .notNull()
      .references(() => users.id),
    /** Places taken (per session for a course). */
    quantity: integer('quantity').notNull(),
    /** The whole line, minor units. */
    amount: integer('amount').notNull(),
    benefitApplied: boolean('benefit_applied').notNull().default(false),
    tickets: jsonb('tickets').$type<CartTicketLine[]>().notNull().default([]),
    /** The waitlist offer this line came from, if any. */
    waitlistEntryId: integer('waitlist_entry_id'),
    /**
     * A membership line runs out at this time like a held place (`CART_HOLD_MINUTES` after it was
     * added); session lines run out with their holds (`cart_holds.expires_at`) and leave this null.
     */
    lineExpiresAt: timestamp('line_expires_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('cart_items_cart_idx').on(t.cartId),
    index('cart_items_membership_idx').on(t.membershipId).where(sql`${t.membershipId} is not null`),
    // The hold sweep's way to membership lines that have run out (decision 029).
    index('cart_items_membership_expiry_idx')
      .on(t.lineExpiresAt)
      .where(sql`${t.cartableType} = 'membership'`),
    // A session is in a basket once. Kept by the database because a basket add written as one
    // statement (decision 026) reads the basket's lines before it waits for the basket's lock; lines
    // from waitlist offers are left out (an offer checks under the lock, and old baskets may hold two).
    uniqueIndex('cart_items_one_line_per_session')
      .on(t.cartId, t.occurrenceId)
      .where(sql`${t.occurrenceId} is not null and ${t.waitlistEntryId} is null`),
    check('cart_items_quantity_check', sql`${t.quantity} > 0 and ${t.amount} >= 0`),
    check('cart_items_kind_check', lineKindCheck(t.cartableType)),
  ],
);

/**
 * A place (or several) held on one session for a basket line until `expires_at`. Creating one adds
 * to `occurrences.held_count` and releasing one (removed, discarded, expired) subtracts, in the
 * same transaction; checkout turns it into booked places.
 */
export const cartHolds = pgTable(
  'cart_holds',
  {
    id: serial('id').primaryKey(),
    cartId: integer('cart_id')
      .notNull()
      .references(() => carts.id),
    cartItemId: integer('cart_item_id')
      .notNull()
      .references(() => cartItems.id),
    occurrenceId: integer('occurrence_id')
      .notNull()
      .references(() => occurrences.id),
    quantity: integer('quantity').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('cart_holds_expires_idx').on(t.expiresAt),
    index('cart_holds_cart_idx').on(t.cartId),
    index('cart_holds_item_idx').on(t.cartItemId),
    // A session's holds by expiry: whether any has run out is one probe (every cart/add asks).
    index('cart_holds_occurrence_idx').on(t.occurrenceId, t.expiresAt),
    check('cart_holds_quantity_check', sql`${t.quantity} > 0`),
  ],
);

/** Only the contract's basket line kinds may be stored (a basket line or an order line). */
export function lineKindCheck(column: AnyPgColumn) {
  return sql`${column} in ${kindsSql(basketLineKinds)}`;
}

/**
 * A list of line kinds as SQL, `('membership')`, for `cartable_type in ...`: the kinds a statement
 * works on, asked of the line-kind registry (`kindsWhere`), written into its text as constants, so
 * the statement stays one prepared text.
 */
export function kindsSql(kinds: readonly BasketLineKind[]): SQL {
  if (kinds.length === 0) throw new Error('kindsSql: no kinds');
  return sql.raw(`(${kinds.map((kind) => `'${kind}'`).join(', ')})`);
}
