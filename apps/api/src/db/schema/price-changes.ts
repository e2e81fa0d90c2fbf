// Scheduled price changes of existing members' monthly payments (issue 47).

import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { membershipPaymentOptions } from './membership-catalogue';
import { clients } from './operator';

/**
 * A new monthly amount for the existing members of a recurring payment option, from a date at least
 * a collection's notice ahead. New purchases pay the option's own price; existing members keep what
 * they pay until a change like this one takes effect. `membership_ids` are the memberships it was
 * scheduled for (each was emailed); the price-changes job applies it once (`status` moves from
 * `scheduled` to `applied` under a row lock) to their direct-debit schedules.
 */
export const membershipPriceChanges = pgTable(
  'membership_price_changes',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    paymentOptionId: integer('payment_option_id')
      .notNull()
      .references(() => membershipPaymentOptions.id),
    /** Minor units per month from `effective_date`. */
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    effectiveDate: date('effective_date').notNull(),
    status: text('status').$type<'scheduled' | 'applied' | 'cancelled'>().notNull().default('scheduled'),
    membershipIds: jsonb('membership_ids').$type<number[]>().notNull().default([]),
    createdByUserId: integer('created_by_user_id'),
    createdAt: createdAt(),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    index('membership_price_changes_due_idx').on(t.status, t.effectiveDate),
    index('membership_price_changes_option_idx').on(t.paymentOptionId),
    check('membership_price_changes_amount_check', sql`${t.amount} > 0`),
  ],
);
