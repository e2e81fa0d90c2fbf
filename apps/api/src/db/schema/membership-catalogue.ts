// What an operator sells as memberships: categories, types, their venues, benefits, payment options and
// joining questions (docs/decisions/010-membership-pricing.md).

import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { activities } from './activities';
import { createdAt } from './columns';
import { clients, venues } from './operator';

/** Categories the joining page filters by ('Gym', 'Swim', 'Family', ...). */
export const membershipCategories = pgTable(
  'membership_categories',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [uniqueIndex('membership_categories_client_name_idx').on(t.clientId, t.name)],
);

export interface MembershipEligibility {
  name: string;
  minAge: number | null;
  maxAge: number | null;
  /** Student or concession proof: the member uploads one of these documents after joining. */
  requiresDocument: boolean;
  documentTypes: string[];
}

/** A kind of membership an operator sells ('Anytime Gym', 'Swim Only', 'All Clubs'). */
export const membershipTypes = pgTable(
  'membership_types',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    /** HTML supplied by the operator; clients sanitise it before rendering. */
    description: text('description').notNull().default(''),
    /** 'national', or the local value shown (e.g. 'Leeds'). */
    coverage: text('coverage').notNull(),
    /** Null: anyone may buy it. */
    eligibility: jsonb('eligibility').$type<MembershipEligibility>(),
    position: integer('position').notNull().default(0),
    active: boolean('active').notNull().default(true),
    /** Members may ask to freeze it (issue 5). */
    freezable: boolean('freezable').notNull().default(true),
    /** A fixed-term membership of this type may be renewed near its end (issue 5). */
    renewable: boolean('renewable').notNull().default(true),
    /** Members may change from it to another type or payment option (issue 5). */
    changeable: boolean('changeable').notNull().default(true),
    /** Days of notice a monthly membership needs to cancel (issue 5, membership management). */
    cancellationNoticeDays: integer('cancellation_notice_days').notNull().default(30),
    /** False: members must cancel at the centre; they see `cancellation_refusal_message`. */
    allowOnlineCancellation: boolean('allow_online_cancellation').notNull().default(true),
    cancellationRefusalMessage: text('cancellation_refusal_message'),
    /** False: 'Unable to manage your membership at this time.' */
    managementEnabled: boolean('management_enabled').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('membership_types_client_slug_idx').on(t.clientId, t.slug)],
);

export const membershipTypeCategories = pgTable(
  'membership_type_categories',
  {
    membershipTypeId: integer('membership_type_id')
      .notNull()
      .references(() => membershipTypes.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => membershipCategories.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.membershipTypeId, t.categoryId] })],
);

/**
 * The venues a type gives access to (`providesAccessTo`); `sold_here` marks the venues where it can
 * be bought as a home centre. A national type lists every venue.
 */
export const membershipTypeVenues = pgTable(
  'membership_type_venues',
  {
    membershipTypeId: integer('membership_type_id')
      .notNull()
      .references(() => membershipTypes.id, { onDelete: 'cascade' }),
    venueId: integer('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
    soldHere: boolean('sold_here').notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.membershipTypeId, t.venueId] }),
    index('membership_type_venues_venue_idx').on(t.venueId),
  ],
);

/**
 * What a membership includes: uses per period ('2 guest passes per month') and free or discounted
 * activities (`activity_id` with `discount_percent`, 100 = free) that the bookings basket applies.
 */
export const membershipBenefits = pgTable(
  'membership_benefits',
  {
    id: serial('id').primaryKey(),
    membershipTypeId: integer('membership_type_id')
      .notNull()
      .references(() => membershipTypes.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** guest_pass, activity or other. */
    kind: text('kind').$type<'guest_pass' | 'activity' | 'other'>().notNull().default('other'),
    totalUses: integer('total_uses'),
    /** Plural period word: 'days', 'weeks', 'months', 'years'; null: no period. */
    frequency: text('frequency'),
    description: text('description'),
    activityId: integer('activity_id').references(() => activities.id, { onDelete: 'cascade' }),
    discountPercent: integer('discount_percent'),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    index('membership_benefits_type_idx').on(t.membershipTypeId),
    check(
      'membership_benefits_discount_check',
      sql`${t.discountPercent} is null or ${t.discountPercent} between 1 and 100`,
    ),
  ],
);

/** How a type is paid: `recurring` monthly, or `fixed` ('Single payment') for a duration. Minor units. */
export const membershipPaymentOptions = pgTable(
  'membership_payment_options',
  {
    id: serial('id').primaryKey(),
    membershipTypeId: integer('membership_type_id')
      .notNull()
      .references(() => membershipTypes.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    paymentType: text('payment_type').$type<'recurring' | 'fixed'>().notNull(),
    fixedDuration: integer('fixed_duration'),
    fixedPeriod: text('fixed_period').$type<'day' | 'week' | 'month' | 'year'>(),
    baseFee: integer('base_fee').notNull(),
    joiningFee: integer('joining_fee').notNull().default(0),
    /** Recurring: the first full month is taken up front ("month in hand"). */
    monthInHand: boolean('month_in_hand').notNull().default(true),
    /** Charged once when a member changes to this option (docs/decisions/019); none by default. */
    changeFee: integer('change_fee').notNull().default(0),
    position: integer('position').notNull().default(0),
    active: boolean('active').notNull().default(true),
  },
  (t) => [
    index('membership_payment_options_type_idx').on(t.membershipTypeId),
    check(
      'membership_payment_options_fees_check',
      sql`${t.baseFee} >= 0 and ${t.joiningFee} >= 0 and ${t.changeFee} >= 0`,
    ),
    check(
      'membership_payment_options_fixed_check',
      sql`${t.paymentType} = 'recurring' or (${t.fixedDuration} > 0 and ${t.fixedPeriod} is not null)`,
    ),
  ],
);

/** Additional questions asked when joining a type. */
export const membershipQuestions = pgTable(
  'membership_questions',
  {
    id: serial('id').primaryKey(),
    membershipTypeId: integer('membership_type_id')
      .notNull()
      .references(() => membershipTypes.id, { onDelete: 'cascade' }),
    reference: text('reference').notNull(),
    label: text('label').notNull(),
    type: text('type').$type<'text' | 'number' | 'select' | 'multi_select' | 'date' | 'checkbox'>().notNull(),
    options: jsonb('options').$type<{ value: string; label: string }[]>().notNull().default([]),
    placeholder: text('placeholder'),
    defaultValue: text('default_value'),
    isRequired: boolean('is_required').notNull().default(false),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('membership_questions_type_idx').on(t.membershipTypeId)],
);
