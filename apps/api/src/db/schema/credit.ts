// Account credit.

import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './customers';
import { venues } from './operator';
import { orders } from './orders';

/** The credit ledger: a customer's balance of a type is the sum of its rows (spent credit is negative). */
export const creditTransactions = pgTable(
  'credit_transactions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** general or membership. */
    type: text('type').$type<'general' | 'membership'>().notNull(),
    amount: integer('amount').notNull(),
    reason: text('reason').notNull(),
    orderId: integer('order_id').references(() => orders.id),
    /** Credit added: when it stops being usable (shown only; null never). */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Credit added: what the member sees in the detail modal. */
    description: text('description'),
    /** Where it was added or spent. */
    venueId: integer('venue_id').references(() => venues.id),
    /** A staff user who issued it (null for credit the system gave). */
    issuedByUserId: integer('issued_by_user_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('credit_transactions_user_idx').on(t.userId, t.type)],
);
