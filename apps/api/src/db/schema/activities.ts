// What a customer books and at what price: categories, activities, the venues and locations offering them,
// pricing options and tickets (docs/decisions/005-activities-and-capacity.md).

import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
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
import { createdAt } from './columns';
import { clients, venues } from './operator';

/** A tree of categories per operator: roots (e.g. Racquet sports) hold child categories and activities. */
export const activityCategories = pgTable(
  'activity_categories',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    parentId: integer('parent_id').references((): AnyPgColumn => activityCategories.id),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    uniqueIndex('activity_categories_client_slug_idx').on(t.clientId, t.slug),
    index('activity_categories_parent_idx').on(t.parentId),
  ],
);

/**
 * Something a customer books. `kind`: `court` (hire of one location of several at a time: courts,
 * lanes), `class` (one location, an instructor, places for many) or `course` (weekly sessions sold
 * together as one bundle). Slugs are the ones third-party tools know (`badminton-40min`).
 */
export const activities = pgTable(
  'activities',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    categoryId: integer('category_id')
      .notNull()
      .references(() => activityCategories.id),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    kind: text('kind').$type<'court' | 'class' | 'course'>().notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    /** Sessions open this many days ahead of their date... */
    bookingWindowDays: integer('booking_window_days').notNull().default(7),
    /** ...at this local time ('HH:MM'); null: at the session's own start time. */
    bookingOpensAt: text('booking_opens_at'),
    /** Cancelling is allowed until this many minutes before the start. */
    cancellationCutoffMinutes: integer('cancellation_cutoff_minutes').notNull().default(0),
    /** A cancellation before the cut-off awards account credit. */
    creditOnCancellation: boolean('credit_on_cancellation').notNull().default(true),
    needsWaiver: boolean('needs_waiver').notNull().default(false),
    allowsAnonymousBookings: boolean('allows_anonymous_bookings').notNull().default(false),
    /** A full session offers the waitlist (classes). */
    hasWaitlist: boolean('has_waitlist').notNull().default(false),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('activities_client_slug_idx').on(t.clientId, t.slug),
    index('activities_category_idx').on(t.categoryId),
  ],
);

/** Which venues offer which activities (what the venue's category pages list). */
export const venueActivities = pgTable(
  'venue_activities',
  {
    venueId: integer('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.venueId, t.activityId] })],
);

/** A bookable place inside a venue: 'Court 1' in the Sports Hall, 'Lane 3' in the Main Pool, 'Studio 1'. */
export const locations = pgTable(
  'locations',
  {
    id: serial('id').primaryKey(),
    venueId: integer('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    /** The facility it belongs to: 'Sports Hall', 'Main Pool', 'Outdoor Courts', 'Studio'. */
    area: text('area').notNull(),
    type: text('type').notNull().default('resource'),
    position: integer('position').notNull().default(0),
  },
  (t) => [uniqueIndex('locations_venue_slug_idx').on(t.venueId, t.slug)],
);

/** A price plan of an activity: 'Standard', or 'Member' (for customers with an active membership). */
export const pricingOptions = pgTable(
  'pricing_options',
  {
    id: serial('id').primaryKey(),
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    forMembers: boolean('for_members').notNull().default(false),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('pricing_options_activity_idx').on(t.activityId)],
);

/** A ticket of a pricing option ('Adult', 'Junior'); its amount in minor units of the client's currency. */
export const tickets = pgTable(
  'tickets',
  {
    id: serial('id').primaryKey(),
    pricingOptionId: integer('pricing_option_id')
      .notNull()
      .references(() => pricingOptions.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    amount: integer('amount').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    index('tickets_pricing_option_idx').on(t.pricingOptionId),
    check('tickets_amount_check', sql`${t.amount} >= 0`),
  ],
);
