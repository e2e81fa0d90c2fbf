// A customer's membership and its lifecycle: joining, activation, renewal, change, cancellation.
// It names the order that paid it while basket and order lines name a membership, and a foreign key is
// declared with its table, so this file, ./basket and ./orders import each other (the one cycle among the
// schema files). Every reference is a lazy callback, so the order they load in does not matter.

import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { membershipUsers, users } from './customers';
import { membershipPaymentOptions, membershipTypes } from './membership-catalogue';
import { clients, venues } from './operator';
import { orders } from './orders';
import { membershipPromotions } from './promotions';

export interface MembershipCosts {
  joiningFee: number;
  baseFee: number;
  proRataFee: number;
  monthInHandFee: number;
  discount: number;
  totalToPayNow: number;
  proRataDays: number;
  /** A change (docs/decisions/019): its fee, the new price less the old for the period already paid, and the credit it gives. */
  change?: {
    changeFee: number;
    newPeriodFee: number;
    difference: number;
    credit: number;
    paidPeriod: { from: string; until: string } | null;
  };
}

export interface MembershipAnswer {
  questionId: number;
  answer: string | string[] | boolean | number | null;
}

/**
 * A customer's membership. One draft, pending or active membership of a type per customer. A `draft`
 * is a membership being bought: it exists only with its basket line and becomes the membership
 * (active, or pending while an eligibility document is awaited) when the basket is paid; removing,
 * clearing or expiring the line deletes it (docs/decisions/018). Nothing shown to the member reads drafts.
 */
export const memberships = pgTable(
  'memberships',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    membershipUserId: integer('membership_user_id').references(() => membershipUsers.id),
    membershipTypeId: integer('membership_type_id')
      .notNull()
      .references(() => membershipTypes.id),
    paymentOptionId: integer('payment_option_id')
      .notNull()
      .references(() => membershipPaymentOptions.id),
    homeVenueId: integer('home_venue_id')
      .notNull()
      .references(() => venues.id),
    status: text('status')
      .$type<'draft' | 'pending' | 'active' | 'frozen' | 'cancelled' | 'suspended' | 'expired'>()
      .notNull()
      .default('pending'),
    startDate: date('start_date').notNull(),
    /** Recurring: the day of the month collections are taken (1-28). */
    billingDay: integer('billing_day'),
    firstBillingDate: date('first_billing_date'),
    /** Fixed: the last day covered. */
    endDate: date('end_date'),
    promotionId: integer('promotion_id').references(() => membershipPromotions.id),
    answers: jsonb('answers').$type<MembershipAnswer[]>().notNull().default([]),
    acceptedTermIds: jsonb('accepted_term_ids').$type<number[]>().notNull().default([]),
    /** The first payment as priced when submitted (minor units). */
    costs: jsonb('costs').$type<MembershipCosts>().notNull(),
    currency: text('currency').notNull(),
    /** An eligibility document is still needed after checkout. */
    requiresDocument: boolean('requires_document').notNull().default(false),
    /** The direct-debit validation token to turn into a mandate at checkout (recurring, no instruction). */
    directDebitToken: text('direct_debit_token'),
    orderId: integer('order_id').references(() => orders.id),
    /** The membership this one renews (it starts the day after that one ends; issue 5). */
    renewsMembershipId: integer('renews_membership_id').references((): AnyPgColumn => memberships.id),
    /** The membership this one replaces by a change (that one ends the day before this starts; issue 5). */
    replacesMembershipId: integer('replaces_membership_id').references((): AnyPgColumn => memberships.id),
    createdAt: createdAt(),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    // Cancellation (issue 5, membership management): `scheduled` ends on `final_day` with no
    // collection after `final_payment_date`; `awaiting_payment` waits for the member's debts.
    cancellationState: text('cancellation_state').$type<'scheduled' | 'awaiting_payment' | 'cancelled'>(),
    cancellationRequestedAt: timestamp('cancellation_requested_at', { withTimezone: true }),
    finalPaymentDate: date('final_payment_date'),
    finalDay: date('final_day'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** The eligibility document is due by this day; null: start date + the client's allowance. */
    documentDueDate: date('document_due_date'),
    /** Suspended by the overdue-document job (approval lifts it). */
    suspendedForDocument: boolean('suspended_for_document').notNull().default(false),
  },
  (t) => [
    index('memberships_user_idx').on(t.userId),
    // The periodic jobs' ways in (decision 029): each finds the few memberships with something due
    // without reading the rest.
    index('memberships_type_idx').on(t.membershipTypeId),
    index('memberships_cancellation_idx')
      .on(t.cancellationState, t.finalDay)
      .where(sql`${t.cancellationState} is not null`),
    index('memberships_draft_idx').on(t.createdAt).where(sql`${t.status} = 'draft'`),
    index('memberships_ending_idx')
      .on(t.endDate)
      .where(sql`${t.status} in ('active', 'frozen') and ${t.endDate} is not null`),
    // A renewal or a change follows on from a live membership of the same customer (perhaps the
    // same type), so it is outside the one-live-membership-per-type rule; the indexes below keep
    // it to one live successor per membership. A draft counts, so two racing submissions cannot
    // both put one in the basket.
    uniqueIndex('memberships_live_type_idx')
      .on(t.userId, t.membershipTypeId)
      .where(
        sql`${t.status} in ('draft', 'pending', 'active') and ${t.renewsMembershipId} is null and ${t.replacesMembershipId} is null`,
      ),
    uniqueIndex('memberships_live_renewal_idx')
      .on(t.renewsMembershipId)
      .where(sql`${t.status} in ('draft', 'pending', 'active') and ${t.renewsMembershipId} is not null`),
    uniqueIndex('memberships_live_change_idx')
      .on(t.replacesMembershipId)
      .where(sql`${t.status} in ('draft', 'pending', 'active') and ${t.replacesMembershipId} is not null`),
    check('memberships_billing_day_check', sql`${t.billingDay} is null or ${t.billingDay} between 1 and 28`),
  ],
);
