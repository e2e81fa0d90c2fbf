// The payments area: how orders were paid (tenders), saved cards, and fees (penalties) paid through the basket.

import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { cartItems } from './basket';
import { bookings } from './bookings';
import { createdAt } from './columns';
import { users } from './customers';
import { memberships } from './memberships';
import { clients, venues } from './operator';
import { orderItems, orders } from './orders';

/** How an order was paid: one row per tender (card, credit, cash, offline-voucher, cheque). */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    tenderType: text('tender_type').notNull(),
    amount: integer('amount').notNull(),
    /** The card provider and its charge reference (card tenders). */
    provider: text('provider'),
    providerReference: text('provider_reference'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    info: jsonb('info').$type<unknown>(),
    createdAt: createdAt(),
  },
  (t) => [index('payments_order_idx').on(t.orderId), check('payments_amount_check', sql`${t.amount} >= 0`)],
);

export interface CardBilling {
  firstName: string;
  lastName: string;
  addressLine1: string;
  /** Optional second line (the manage-card page edits it). */
  addressLine2?: string;
  town: string;
  postcode: string;
}

/** A customer's saved card: the provider's reusable token and what may be shown. Never the number. */
export const savedCards = pgTable('saved_cards', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  provider: text('provider').notNull(),
  token: text('token').notNull(),
  brand: text('brand').notNull(),
  last4: text('last4').notNull(),
  expiryMonth: integer('expiry_month').notNull(),
  expiryYear: integer('expiry_year').notNull(),
  billing: jsonb('billing').$type<CardBilling>().notNull(),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A fee the operator charges a member: a late cancellation or no-show of a booking, or a debt a
 * membership left (a failed collection). Paid through the basket as a `penalty` line; a membership
 * with unpaid penalties cannot be cancelled until they are paid.
 */
export const penalties = pgTable(
  'penalties',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').$type<'late_cancellation' | 'no_show' | 'membership_debt' | 'other'>().notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    venueId: integer('venue_id').references(() => venues.id),
    /** The booking the fee is for (late cancellation, no-show). */
    bookingId: integer('booking_id').references(() => bookings.id),
    membershipId: integer('membership_id').references(() => memberships.id),
    /** What the member sees under Session (e.g. the activity's name). */
    description: text('description').notNull(),
    status: text('status').$type<'unpaid' | 'paid' | 'waived'>().notNull().default('unpaid'),
    /** The order that paid it. */
    orderId: integer('order_id').references(() => orders.id),
    issuedByUserId: integer('issued_by_user_id').references(() => users.id),
    createdAt: createdAt(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    index('penalties_user_status_idx').on(t.userId, t.status),
    check('penalties_amount_check', sql`${t.amount} > 0`),
  ],
);

/**
 * A penalty in a basket: the basket line (`cart_items.cartable_type = 'penalty'`) that pays it.
 * `penalty_id` is unique, so a penalty sits in at most one line at a time; removing the line
 * removes the link. Checkout records the order line that paid it.
 */
export const penaltyCartLines = pgTable('penalty_cart_lines', {
  cartItemId: integer('cart_item_id')
    .primaryKey()
    .references(() => cartItems.id, { onDelete: 'cascade' }),
  penaltyId: integer('penalty_id')
    .notNull()
    .unique()
    .references(() => penalties.id, { onDelete: 'cascade' }),
  orderItemId: integer('order_item_id').references(() => orderItems.id),
});
