// Completed checkouts and their lines (docs/decisions/007-cart-holds-and-checkout.md).

import type { BasketLineKind } from '@leisure/contract/cart';
import { sql } from 'drizzle-orm';
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
} from 'drizzle-orm/pg-core';
import { activities } from './activities';
import { type CartTicketLine, carts, lineKindCheck } from './basket';
import { createdAt } from './columns';
import { users } from './customers';
import { memberships } from './memberships';
import { clients, venues } from './operator';
import { courseBundles, occurrences } from './timetable';

/** A completed checkout. `cart_id` is unique: one basket makes at most one order. */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    cartId: integer('cart_id')
      .notNull()
      .unique()
      .references(() => carts.id),
    /** The customer. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** Who took the order: the customer, or a staff user at front of house. */
    createdByUserId: integer('created_by_user_id')
      .notNull()
      .references(() => users.id),
    source: text('source').notNull(),
    currency: text('currency').notNull(),
    total: integer('total').notNull(),
    status: text('status').$type<'completed'>().notNull().default('completed'),
    /** What a receipt link names, so order ids are not guessable from one (issue 5). */
    uuid: text('uuid').notNull().unique().default(sql`gen_random_uuid()::text`),
    createdAt: createdAt(),
    /**
     * When the order was announced (`order.completed`: memberships activate) and its confirmation
     * emailed. Written after the commit; null on an order whose process died before that, which the
     * announcements job then finds (docs/decisions/025).
     */
    announcedAt: timestamp('announced_at', { withTimezone: true }),
  },
  (t) => [
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    index('orders_unannounced_idx').on(t.createdAt).where(sql`announced_at is null`),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    cartableType: text('cartable_type').$type<BasketLineKind>().notNull(),
    name: text('name').notNull(),
    /** Null only for a membership line. */
    activityId: integer('activity_id').references(() => activities.id),
    venueId: integer('venue_id')
      .notNull()
      .references(() => venues.id),
    occurrenceId: integer('occurrence_id').references(() => occurrences.id),
    bundleId: integer('bundle_id').references(() => courseBundles.id),
    pricingOptionId: integer('pricing_option_id'),
    membershipId: integer('membership_id').references((): AnyPgColumn => memberships.id),
    purchasedForUserId: integer('purchased_for_user_id')
      .notNull()
      .references(() => users.id),
    quantity: integer('quantity').notNull(),
    amount: integer('amount').notNull(),
    benefitApplied: boolean('benefit_applied').notNull().default(false),
    tickets: jsonb('tickets').$type<CartTicketLine[]>().notNull().default([]),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    check('order_items_kind_check', lineKindCheck(t.cartableType)),
  ],
);
