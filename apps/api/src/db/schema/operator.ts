// The operator (the client), its venues, theme and terms: the foundation every other table hangs from.

import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  doublePrecision,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/** The operator. One deployment serves one client (chosen by the CLIENT_SLUG setting). */
export const clients = pgTable('clients', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  appName: text('app_name').notNull(),
  currency: text('currency').notNull().default('GBP'),
  /**
   * The operator's time zone (IANA): the dates of what belongs to no venue (billing, jobs,
   * promotions, answers, orders) and of memberships without a home venue (decision 064).
   */
  timezone: text('timezone').notNull().default('Europe/London'),
  supportEmail: text('support_email').notNull(),
  onlineJoiningEnabled: boolean('online_joining_enabled').notNull().default(true),
  onlineJoiningMapEnabled: boolean('online_joining_map_enabled').notNull().default(false),
  onlineGuestPassesEnabled: boolean('online_guest_passes_enabled').notNull().default(true),
  creditsEnabled: boolean('credits_enabled').notNull().default(true),
  activitiesV2Enabled: boolean('activities_v2_enabled').notNull().default(false),
  displayVenueSelectionButton: boolean('display_venue_selection_button').notNull().default(true),
  eligibilityDaysAllowance: integer('eligibility_days_allowance').notNull().default(14),
  /** Members may set a profile photo (the auth user's `profile_photo.authorisation.allowed`; issue 5). */
  profilePhotosEnabled: boolean('profile_photos_enabled').notNull().default(true),
  kioskHomeUrl: text('kiosk_home_url'),
  /** Footer shown when no venue is selected. */
  footerHtml: text('footer_html').notNull().default(''),
  /**
   * Moves on every console change to the operator's settings, theme, footers or terms, in the change's
   * transaction: each process compares it with the one its operator caches were filled at, so customers
   * see a change on their next page load on every replica (issue 47).
   */
  settingsVersion: bigint('settings_version', { mode: 'number' }).notNull().default(1),
  createdAt: createdAt(),
});

export const venues = pgTable(
  'venues',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    address1: text('address1').notNull(),
    address2: text('address2'),
    town: text('town').notNull(),
    /** The operator's region the venue belongs to (e.g. 'Yorkshire'), as venue lists group them. */
    area: text('area').notNull().default(''),
    postcode: text('postcode').notNull(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    /** The venue's time zone (IANA): the dates and times of what happens there (decision 064). */
    timezone: text('timezone').notNull().default('Europe/London'),
    phone: text('phone'),
    email: text('email'),
    venueType: text('venue_type').notNull().default('leisure_centre'),
    footerHtml: text('footer_html').notNull().default(''),
    canDisplayIneligibleMemberships: boolean('can_display_ineligible_memberships').notNull().default(false),
    /** Null means "as the client setting says". */
    activitiesV2Enabled: boolean('activities_v2_enabled'),
    displayVenueSelectionButton: boolean('display_venue_selection_button'),
    /** Per weekday ('monday'...): `{ opens, closes }` local 'HH:MM', both null when closed; null: not given. */
    openingHours:
      jsonb('opening_hours').$type<Record<string, { opens: string | null; closes: string | null }>>(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('venues_client_slug_idx').on(t.clientId, t.slug)],
);

/** The operator's theme (venue_id null) and per-venue overrides; null values fall back to the operator's. */
export const themes = pgTable(
  'themes',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    venueId: integer('venue_id').references(() => venues.id),
    appLogo: text('app_logo'),
    primaryColour: text('primary_colour'),
    secondaryColour1: text('secondary_colour_1'),
    secondaryColour2: text('secondary_colour_2'),
    darkBgColour: text('dark_bg_colour'),
    headerBgColour: text('header_bg_colour'),
    headerPrimaryColour: text('header_primary_colour'),
    headingFontStyle: text('heading_font_style'),
    bodyFontStyle: text('body_font_style'),
    secondaryButtonStyle: text('secondary_button_style'),
    /** Staff's unpublished edits (the theme's settings, null = inherit); null when nothing is pending. */
    draft: jsonb('draft').$type<Record<string, string | null>>(),
  },
  (t) => [
    uniqueIndex('themes_client_default_idx').on(t.clientId).where(sql`${t.venueId} is null`),
    uniqueIndex('themes_venue_idx').on(t.venueId),
  ],
);

export const terms = pgTable('terms', {
  id: serial('id').primaryKey(),
  clientId: integer('client_id')
    .notNull()
    .references(() => clients.id),
  /** Where the terms apply: `registration` (account creation and details) or `checkout`. */
  context: text('context').notNull(),
  title: text('title').notNull(),
  html: text('html').notNull(),
  position: integer('position').notNull().default(0),
  active: boolean('active').notNull().default(true),
  createdAt: createdAt(),
});
