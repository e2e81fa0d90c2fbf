// A customer's places on a session, made by checkout.

import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './customers';
import { orderItems, orders } from './orders';
import { occurrences } from './timetable';

/** A customer's places on one session, made by checkout. */
export const bookings = pgTable(
  'bookings',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id),
    /** The attendee. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    occurrenceId: integer('occurrence_id')
      .notNull()
      .references(() => occurrences.id),
    quantity: integer('quantity').notNull(),
    /** booked, cancelled. */
    status: text('status').$type<'booked' | 'cancelled'>().notNull().default('booked'),
    createdAt: createdAt(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** Where it was cancelled from: my-account, bookings, foh, kiosk (issue 5). */
    cancellationSource: text('cancellation_source'),
    /** General credit the cancellation gave, minor units (the ledger row is in credit_transactions). */
    cancellationCredit: integer('cancellation_credit').notNull().default(0),
  },
  (t) => [
    index('bookings_user_occurrence_idx').on(t.userId, t.occurrenceId),
    index('bookings_occurrence_idx').on(t.occurrenceId),
    index('bookings_order_idx').on(t.orderId),
    // A course line's sessions (shares, course pages, cancellations) are read by order line.
    index('bookings_order_item_idx').on(t.orderItemId),
  ],
);
