// Guest passes and the packages that can hold them.

import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './customers';
import { membershipBenefits } from './membership-catalogue';
import { memberships } from './memberships';
import { clients, venues } from './operator';
import { orders } from './orders';

/**
 * A package a member owns (a 10-swim card, a guest-pass bundle): uses of activities and, when it has
 * them, guest passes, at the venues listed (`venue_ids`; empty means every venue of the operator),
 * until `expires_at`. `order_id` is the order that bought it; null for ones the operator granted.
 */
export const memberPackages = pgTable(
  'member_packages',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    usesTotal: integer('uses_total').notNull().default(0),
    usesRemaining: integer('uses_remaining').notNull().default(0),
    /** Null: the package holds no guest passes. */
    guestPassUsesTotal: integer('guest_pass_uses_total'),
    guestPassUsesRemaining: integer('guest_pass_uses_remaining'),
    venueIds: jsonb('venue_ids').$type<number[]>().notNull().default([]),
    /** Null: never expires. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    orderId: integer('order_id').references(() => orders.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('member_packages_user_idx').on(t.userId),
    check('member_packages_uses_check', sql`${t.usesRemaining} between 0 and ${t.usesTotal}`),
    check(
      'member_packages_guest_pass_uses_check',
      sql`(${t.guestPassUsesTotal} is null and ${t.guestPassUsesRemaining} is null) or (${t.guestPassUsesRemaining} between 0 and ${t.guestPassUsesTotal})`,
    ),
  ],
);

/**
 * A guest pass a member sent: valid at one venue from `valid_from` to `valid_to` (local dates),
 * redeemed once by staff with its `code`. The allowance it used is either a membership benefit
 * (`membership_id`, `membership_benefit_id`, and the first day of the benefit's period it counts
 * against) or a package (`member_package_id`).
 */
export const guestPasses = pgTable(
  'guest_passes',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    venueId: integer('venue_id')
      .notNull()
      .references(() => venues.id),
    guestName: text('guest_name').notNull(),
    guestEmail: text('guest_email').notNull(),
    code: text('code').notNull().unique(),
    status: text('status').$type<'issued' | 'redeemed' | 'expired'>().notNull().default('issued'),
    validFrom: date('valid_from').notNull(),
    validTo: date('valid_to').notNull(),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
    redeemedByUserId: integer('redeemed_by_user_id').references(() => users.id),
    source: text('source').$type<'benefit' | 'package'>().notNull(),
    membershipId: integer('membership_id').references(() => memberships.id, { onDelete: 'set null' }),
    membershipBenefitId: integer('membership_benefit_id').references(() => membershipBenefits.id, {
      onDelete: 'set null',
    }),
    allowancePeriodStart: date('allowance_period_start'),
    memberPackageId: integer('member_package_id').references(() => memberPackages.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
  },
  (t) => [
    index('guest_passes_user_idx').on(t.userId, t.createdAt, t.id),
    index('guest_passes_benefit_period_idx').on(
      t.membershipId,
      t.membershipBenefitId,
      t.allowancePeriodStart,
    ),
    index('guest_passes_issued_valid_to_idx').on(t.validTo).where(sql`${t.status} = 'issued'`),
    check('guest_passes_dates_check', sql`${t.validFrom} <= ${t.validTo}`),
    check('guest_passes_redeemed_check', sql`(${t.status} = 'redeemed') = (${t.redeemedAt} is not null)`),
  ],
);
