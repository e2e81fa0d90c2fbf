import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** The operator. One deployment serves one client (chosen by the CLIENT_SLUG setting). */
export const clients = pgTable('clients', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  appName: text('app_name').notNull(),
  currency: text('currency').notNull().default('GBP'),
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
    postcode: text('postcode').notNull(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    timezone: text('timezone').notNull().default('Europe/London'),
    phone: text('phone'),
    email: text('email'),
    venueType: text('venue_type').notNull().default('leisure_centre'),
    footerHtml: text('footer_html').notNull().default(''),
    canDisplayIneligibleMemberships: boolean('can_display_ineligible_memberships').notNull().default(false),
    /** Null means "as the client setting says". */
    activitiesV2Enabled: boolean('activities_v2_enabled'),
    displayVenueSelectionButton: boolean('display_venue_selection_button'),
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

export const dataFieldForms = pgTable(
  'data_field_forms',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    /** `customer_account_online` or `membership_purchase`. */
    onboardingType: text('onboarding_type').notNull(),
  },
  (t) => [uniqueIndex('data_field_forms_type_idx').on(t.clientId, t.onboardingType)],
);

export const dataFieldSections = pgTable('data_field_sections', {
  id: serial('id').primaryKey(),
  formId: integer('form_id')
    .notNull()
    .references(() => dataFieldForms.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  reference: text('reference').notNull(),
  position: integer('position').notNull(),
});

export const dataFields = pgTable('data_fields', {
  id: serial('id').primaryKey(),
  sectionId: integer('section_id')
    .notNull()
    .references(() => dataFieldSections.id, { onDelete: 'cascade' }),
  /** Form key sent by the client. */
  name: text('name').notNull(),
  /** Which customer attribute the answer is stored in (a users column or `extra.<key>`). */
  path: text('path').notNull(),
  label: text('label').notNull(),
  /** text, number, select, multi_select, date or checkbox. */
  type: text('type').notNull(),
  isRequired: boolean('is_required').notNull().default(false),
  /** False: shown greyed and read-only; the server refuses a change. */
  isAuthorised: boolean('is_authorised').notNull().default(true),
  options: jsonb('options').$type<{ value: string; label: string }[]>().notNull().default([]),
  placeholder: text('placeholder'),
  description: text('description'),
  htmlAttributes: jsonb('html_attributes')
    .$type<Record<string, string | number | boolean>>()
    .notNull()
    .default({}),
  position: integer('position').notNull(),
});

/** Customer numbers (the `reference`, e.g. RL001000); a sequence, so replicas never hand out one twice. */
export const customerReferenceSeq = pgSequence('customer_reference_seq', { startWith: 1000 });

/** Customers and staff users. Email is not unique: family accounts may share one address. */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    role: text('role').notNull().default('customer'),
    /** Customer number, e.g. `RL000123`; null for staff. */
    reference: text('reference').unique(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    title: text('title'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    dateOfBirth: date('date_of_birth'),
    gender: text('gender'),
    mobileNumber: text('mobile_number'),
    addressLine1: text('address_line_1'),
    addressLine2: text('address_line_2'),
    town: text('town'),
    postcode: text('postcode'),
    homeVenueId: integer('home_venue_id').references(() => venues.id),
    emergencyContactName: text('emergency_contact_name'),
    emergencyContactNumber: text('emergency_contact_number'),
    /** Answers to data fields that have no column of their own (path `extra.<key>`). */
    extra: jsonb('extra').$type<Record<string, unknown>>().notNull().default({}),
    /** Staff users take payments in this currency. */
    currency: text('currency').notNull().default('GBP'),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    /** The profile photo (a 400x400 JPEG the server made; issue 5). */
    profilePhotoUploadId: integer('profile_photo_upload_id').references((): AnyPgColumn => uploads.id, {
      onDelete: 'set null',
    }),
    /** The member closed the "add a profile photo" reminder. */
    profilePhotoReminderDismissedAt: timestamp('profile_photo_reminder_dismissed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('users_email_idx').on(sql`lower(${t.email})`), index('users_client_idx').on(t.clientId)],
);

/** A customer's member record (the spec's `membershipUser`). */
export const membershipUsers = pgTable('membership_users', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the bearer token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    /** SHA-256 of the CSRF token that cookie-authenticated writes must echo. */
    csrfHash: text('csrf_hash').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Login and password-reset attempts, for rate limiting across replicas. */
export const authAttempts = pgTable(
  'auth_attempts',
  {
    id: serial('id').primaryKey(),
    /** `login` or `password_reset`. */
    kind: text('kind').notNull(),
    /** Lower-cased email or reference the attempt named. */
    accountKey: text('account_key').notNull(),
    ipAddress: text('ip_address').notNull(),
    succeeded: boolean('succeeded').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('auth_attempts_account_idx').on(t.kind, t.accountKey, t.createdAt),
    index('auth_attempts_ip_idx').on(t.kind, t.ipAddress, t.createdAt),
  ],
);

export const passwordResetTokens = pgTable('password_reset_tokens', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

export const termsAcceptances = pgTable('terms_acceptances', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  termId: integer('term_id')
    .notNull()
    .references(() => terms.id),
  context: text('context').notNull(),
  acceptedAt: createdAt(),
});

/** Every email the product sends; without SMTP this is the outbox the dev mailbox reads. */
export const outboundEmails = pgTable(
  'outbound_emails',
  {
    id: serial('id').primaryKey(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    template: text('template').notNull(),
    /** Text attachments (e.g. a booking's .ics), kept so the dev mailbox can show them. */
    attachments: jsonb('attachments')
      .$type<{ filename: string; contentType: string; content: string }[]>()
      .notNull()
      .default([]),
    /** `outbox` (no SMTP configured), `sent` or `failed`. */
    status: text('status').notNull(),
    error: text('error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('outbound_emails_created_idx').on(t.createdAt)],
);

// ---- Activities, timetables and capacity (issue 3; docs/decisions/005-activities-and-capacity.md) ----

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

/** A weekly timetable line: the template the rolling timetable generates occurrences from. */
export const timetableEntries = pgTable(
  'timetable_entries',
  {
    id: serial('id').primaryKey(),
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    venueId: integer('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    /** Days it runs: bit 0 Monday ... bit 6 Sunday (127: every day). */
    weekdayMask: integer('weekday_mask').notNull().default(127),
    /** Local start time 'HH:MM' in the venue's time zone. */
    startTime: text('start_time').notNull(),
    capacity: integer('capacity').notNull(),
    instructorName: text('instructor_name'),
  },
  (t) => [index('timetable_entries_venue_idx').on(t.venueId)],
);

/** A course: weekly sessions (occurrences with this bundle) bought together as one item. */
export const courseBundles = pgTable(
  'course_bundles',
  {
    id: serial('id').primaryKey(),
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    venueId: integer('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    sessionsCount: integer('sessions_count').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('course_bundles_activity_idx').on(t.activityId, t.venueId)],
);

/**
 * One session of an activity at one location. Places are counted here so that a cart can take one
 * with a single conditional UPDATE (row lock): `booked_count` (paid bookings) plus `held_count`
 * (places held in baskets) can never exceed `capacity`; the CHECK makes the database refuse it.
 */
export const occurrences = pgTable(
  'occurrences',
  {
    id: serial('id').primaryKey(),
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    venueId: integer('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    /** The timetable line it was generated from (null: created on its own, or a course session). */
    timetableEntryId: integer('timetable_entry_id').references(() => timetableEntries.id, {
      onDelete: 'set null',
    }),
    bundleId: integer('bundle_id').references(() => courseBundles.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** When booking opens (the activity's window applied to the session's local date). */
    firstBookableAt: timestamp('first_bookable_at', { withTimezone: true }).notNull(),
    /** 8 hex characters naming the time group (activity, venue, start, end) across locations. */
    compositeKey: text('composite_key').notNull(),
    capacity: integer('capacity').notNull(),
    bookedCount: integer('booked_count').notNull().default(0),
    heldCount: integer('held_count').notNull().default(0),
    instructorName: text('instructor_name'),
  },
  (t) => [
    // times / slots / timetable: one venue's sessions of one activity on one day, in time order.
    index('occurrences_availability_idx').on(t.venueId, t.activityId, t.startsAt),
    // Idempotent timetable generation; also no two sessions of an activity in one place at once.
    uniqueIndex('occurrences_activity_location_start_idx').on(t.activityId, t.locationId, t.startsAt),
    index('occurrences_bundle_idx').on(t.bundleId),
    check(
      'occurrences_places_check',
      sql`${t.bookedCount} >= 0 and ${t.heldCount} >= 0 and ${t.bookedCount} + ${t.heldCount} <= ${t.capacity}`,
    ),
    check('occurrences_times_check', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

// ---- Baskets, holds, waitlists, orders and credit (issue 3; docs/decisions/007-cart-holds-and-checkout.md) ----

/**
 * A customer's basket. At most one is open per customer (a partial unique index), so a staff user
 * acting for a customer and the customer themselves share it. Checkout locks this row, and the
 * order's unique `cart_id` makes a second order for one basket impossible.
 */
export const carts = pgTable(
  'carts',
  {
    id: serial('id').primaryKey(),
    uuid: text('uuid').notNull().unique(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    /** The customer the basket belongs to. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** bookings, foh, kiosk, ...: where it was last used. */
    source: text('source').notNull().default('bookings'),
    /** `open`, then `completed` by checkout. */
    status: text('status').$type<'open' | 'completed'>().notNull().default('open'),
    /** Credit reserved for this basket by `credits/apply`, in minor units. */
    creditGeneral: integer('credit_general').notNull().default(0),
    creditMembership: integer('credit_membership').notNull().default(0),
    /**
     * A card checkout claims the basket (random claim id and time) before it charges, without holding
     * a transaction open across the provider call; concurrent submissions see the claim and wait.
     */
    checkoutClaim: text('checkout_claim'),
    checkoutStartedAt: timestamp('checkout_started_at', { withTimezone: true }),
    /** The item hash the basket was completed with: a repeated submission finds its order by it. */
    checkoutHash: text('checkout_hash'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('carts_open_user_idx').on(t.userId).where(sql`${t.status} = 'open'`),
    check('carts_credit_check', sql`${t.creditGeneral} >= 0 and ${t.creditMembership} >= 0`),
  ],
);

export interface CartTicketLine {
  ticketId: number;
  name: string;
  quantity: number;
  /** Minor units per place. */
  unitAmount: number;
}

/** A line of a basket: one session (court, class with its tickets) or one course bundle. */
export const cartItems = pgTable(
  'cart_items',
  {
    id: serial('id').primaryKey(),
    cartId: integer('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    /** activity, av2Booking (a v2 slot), av2BookingBundle (a course) or membership (a first payment). */
    cartableType: text('cartable_type').notNull(),
    /** Null only for a membership line. */
    activityId: integer('activity_id').references(() => activities.id),
    venueId: integer('venue_id')
      .notNull()
      .references(() => venues.id),
    /** The session; null for a course (its sessions are the bundle's). */
    occurrenceId: integer('occurrence_id').references(() => occurrences.id),
    bundleId: integer('bundle_id').references(() => courseBundles.id),
    /** Null only for a membership line. */
    pricingOptionId: integer('pricing_option_id').references(() => pricingOptions.id),
    /** A membership line: the pending membership whose first payment this is (decision 010). */
    membershipId: integer('membership_id').references((): AnyPgColumn => memberships.id),
    purchasedForUserId: integer('purchased_for_user_id')
      .notNull()
      .references(() => users.id),
    /** Places taken (per session for a course). */
    quantity: integer('quantity').notNull(),
    /** The whole line, minor units. */
    amount: integer('amount').notNull(),
    benefitApplied: boolean('benefit_applied').notNull().default(false),
    tickets: jsonb('tickets').$type<CartTicketLine[]>().notNull().default([]),
    /** The waitlist offer this line came from, if any. */
    waitlistEntryId: integer('waitlist_entry_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('cart_items_cart_idx').on(t.cartId),
    check('cart_items_quantity_check', sql`${t.quantity} > 0 and ${t.amount} >= 0`),
  ],
);

/**
 * A place (or several) held on one session for a basket line until `expires_at`. Creating one adds
 * to `occurrences.held_count` and releasing one (removed, discarded, expired) subtracts, in the
 * same transaction; checkout turns it into booked places.
 */
export const cartHolds = pgTable(
  'cart_holds',
  {
    id: serial('id').primaryKey(),
    cartId: integer('cart_id')
      .notNull()
      .references(() => carts.id),
    cartItemId: integer('cart_item_id')
      .notNull()
      .references(() => cartItems.id),
    occurrenceId: integer('occurrence_id')
      .notNull()
      .references(() => occurrences.id),
    quantity: integer('quantity').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('cart_holds_expires_idx').on(t.expiresAt),
    index('cart_holds_cart_idx').on(t.cartId),
    index('cart_holds_item_idx').on(t.cartItemId),
    index('cart_holds_occurrence_idx').on(t.occurrenceId),
    check('cart_holds_quantity_check', sql`${t.quantity} > 0`),
  ],
);

/** A customer waiting for a place on a full session; the first waiting is offered a freed place. */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: serial('id').primaryKey(),
    occurrenceId: integer('occurrence_id')
      .notNull()
      .references(() => occurrences.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** waiting, offered, accepted, expired, cancelled. */
    status: text('status')
      .$type<'waiting' | 'offered' | 'accepted' | 'expired' | 'cancelled'>()
      .notNull()
      .default('waiting'),
    offeredAt: timestamp('offered_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('waitlist_entries_live_idx')
      .on(t.occurrenceId, t.userId)
      .where(sql`${t.status} in ('waiting', 'offered')`),
    index('waitlist_entries_queue_idx').on(t.occurrenceId, t.status, t.id),
    index('waitlist_entries_user_idx').on(t.userId),
  ],
);

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
  },
  (t) => [index('orders_user_idx').on(t.userId), index('orders_user_created_idx').on(t.userId, t.createdAt)],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    cartableType: text('cartable_type').notNull(),
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
  (t) => [index('order_items_order_idx').on(t.orderId)],
);

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

/** Terms an attendee agrees to before an activity (e.g. a studio safety waiver). */
export const waivers = pgTable(
  'waivers',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    /** The activity that needs it (its `needs_waiver`). */
    activityId: integer('activity_id').references(() => activities.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    html: text('html').notNull(),
    active: boolean('active').notNull().default(true),
    /** Days a signature lasts (issue 5); null: it never expires. */
    validityDays: integer('validity_days'),
    /** Questions asked when signing (issue 5). */
    questions: jsonb('questions').$type<WaiverQuestionDefinition[]>().notNull().default([]),
    /** The group the waiver is listed in (my-account.md 3, "Waiver group"). */
    restrictionName: text('restriction_name').notNull().default('Activity waivers'),
    restrictionType: text('restriction_type')
      .$type<'pre-waiver' | 'enhanced-pre-waiver'>()
      .notNull()
      .default('pre-waiver'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('waivers_client_slug_idx').on(t.clientId, t.slug),
    index('waivers_activity_idx').on(t.activityId),
  ],
);

export const waiverSignatures = pgTable(
  'waiver_signatures',
  {
    id: serial('id').primaryKey(),
    waiverId: integer('waiver_id')
      .notNull()
      .references(() => waivers.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    signedAt: createdAt(),
    /** When it runs out (signed_at + the waiver's validity); null: never. Signing again renews it. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Answers by question reference (issue 5). */
    answers: jsonb('answers').$type<Record<string, string>>().notNull().default({}),
    /** Whom it covers, as named when signed. */
    attendeeName: text('attendee_name'),
  },
  (t) => [uniqueIndex('waiver_signatures_idx').on(t.waiverId, t.userId)],
);

/** A waiver question as the operator sets it up (`waivers.questions`). */
export interface WaiverQuestionDefinition {
  reference: string;
  label: string;
  type: 'radio' | 'text';
  required: boolean;
  /** For 'radio': the answers to choose from. */
  answers: { id: string; answer: string }[];
}

// ---- Direct debit (issue 4; docs/decisions/009-direct-debit.md) ----

export interface DirectDebitBillingAddress {
  line1: string;
  line2: string | null;
  city: string;
  postcode: string;
}

/**
 * Bank details that passed `online-joining/direct-debit/validate`, waiting for the membership
 * checkout to turn them into a mandate. Keyed by the SHA-256 of the details token the customer
 * carries; bound to the customer; single use; short-lived. The full account number is kept only
 * encrypted (AES-256-GCM, key from settings) because the provider needs it to create the mandate;
 * the row is deleted once used or expired.
 */
export const directDebitBankDetails = pgTable(
  'direct_debit_bank_details',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountHolderName: text('account_holder_name').notNull(),
    sortCode: text('sort_code').notNull(),
    /** The last two digits of the account number. */
    accountNumberEnding: text('account_number_ending').notNull(),
    /** `iv.tag.ciphertext`, base64url; never the number in clear. */
    accountNumberSealed: text('account_number_sealed').notNull(),
    bankName: text('bank_name'),
    billingAddress: jsonb('billing_address').$type<DirectDebitBillingAddress>(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('direct_debit_bank_details_user_idx').on(t.userId),
    index('direct_debit_bank_details_expires_idx').on(t.expiresAt),
  ],
);

/**
 * A customer's direct debit instruction (the spec's "instruction") at the provider. Only the masked
 * details are kept. `membership_id` is the membership whose checkout created it (no foreign key:
 * memberships live in another module's migration).
 */
export const directDebitMandates = pgTable(
  'direct_debit_mandates',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    membershipId: integer('membership_id'),
    provider: text('provider').notNull(),
    /** The provider's id, e.g. `MD000123ABC`. */
    providerMandateId: text('provider_mandate_id').notNull().unique(),
    /** The reference the bank statement shows. */
    reference: text('reference').notNull(),
    status: text('status')
      .$type<'pending_submission' | 'submitted' | 'active' | 'failed' | 'cancelled'>()
      .notNull()
      .default('pending_submission'),
    accountHolderName: text('account_holder_name').notNull(),
    sortCode: text('sort_code').notNull(),
    accountNumberEnding: text('account_number_ending').notNull(),
    bankName: text('bank_name'),
    billingAddress: jsonb('billing_address').$type<DirectDebitBillingAddress>(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    index('direct_debit_mandates_user_idx').on(t.userId),
    index('direct_debit_mandates_membership_idx').on(t.membershipId),
    index('direct_debit_mandates_status_idx').on(t.status),
  ],
);

/**
 * A membership's monthly collections under a mandate: the amount, the billing day and the first
 * charge date. A customer with an instruction can have several (one per recurring membership).
 */
export const directDebitSchedules = pgTable(
  'direct_debit_schedules',
  {
    id: serial('id').primaryKey(),
    mandateId: integer('mandate_id')
      .notNull()
      .references(() => directDebitMandates.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** No foreign key: memberships live in another module's migration. */
    membershipId: integer('membership_id').notNull(),
    currency: text('currency').notNull(),
    /** Minor units per month. */
    amount: integer('amount').notNull(),
    /** A promotion's reduced amount for the first `intro_collections` collections. */
    introAmount: integer('intro_amount'),
    introCollections: integer('intro_collections').notNull().default(0),
    billingDay: integer('billing_day').notNull(),
    firstChargeDate: date('first_charge_date').notNull(),
    /** No collection after this date (a membership cancelled with notice); null: open-ended. */
    lastChargeDate: date('last_charge_date'),
    status: text('status').$type<'active' | 'cancelled'>().notNull().default('active'),
    createdAt: createdAt(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    index('direct_debit_schedules_mandate_idx').on(t.mandateId),
    index('direct_debit_schedules_user_idx').on(t.userId),
    index('direct_debit_schedules_membership_idx').on(t.membershipId),
    check(
      'direct_debit_schedules_amount_check',
      sql`${t.amount} > 0 and (${t.introAmount} is null or ${t.introAmount} >= 0) and ${t.introCollections} >= 0`,
    ),
    check('direct_debit_schedules_billing_day_check', sql`${t.billingDay} between 1 and 28`),
  ],
);

/**
 * One monthly payment. `scheduled` rows are ours; the collections job submits each to the provider
 * once (row lock with SKIP LOCKED, and the unique (schedule, charge date) makes a second row for a
 * month impossible), then follows the provider's statuses.
 */
export const directDebitCollections = pgTable(
  'direct_debit_collections',
  {
    id: serial('id').primaryKey(),
    scheduleId: integer('schedule_id')
      .notNull()
      .references(() => directDebitSchedules.id, { onDelete: 'cascade' }),
    mandateId: integer('mandate_id')
      .notNull()
      .references(() => directDebitMandates.id, { onDelete: 'cascade' }),
    /** 0 for the first collection of the schedule. */
    sequence: integer('sequence').notNull(),
    chargeDate: date('charge_date').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status')
      .$type<'scheduled' | 'submitted' | 'confirmed' | 'paid_out' | 'failed' | 'cancelled' | 'skipped'>()
      .notNull()
      .default('scheduled'),
    /** The provider's payment id, e.g. `PM000123ABC`. */
    providerPaymentId: text('provider_payment_id').unique(),
    failureReason: text('failure_reason'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('direct_debit_collections_schedule_date_idx').on(t.scheduleId, t.chargeDate),
    index('direct_debit_collections_due_idx').on(t.status, t.chargeDate),
    index('direct_debit_collections_mandate_idx').on(t.mandateId),
    check('direct_debit_collections_amount_check', sql`${t.amount} >= 0`),
  ],
);

// ---- Memberships and online joining (issue 4; docs/decisions/010-membership-pricing.md) ----

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
    position: integer('position').notNull().default(0),
    active: boolean('active').notNull().default(true),
  },
  (t) => [
    index('membership_payment_options_type_idx').on(t.membershipTypeId),
    check('membership_payment_options_fees_check', sql`${t.baseFee} >= 0 and ${t.joiningFee} >= 0`),
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

/**
 * Promotion codes: `percentage` (value 1-100) or `fixed` (minor units) off the joining fee or the
 * first `months` monthly payments; valid between two dates; `usage_limit` uses at most
 * (`used_count` is taken in the same transaction as the membership); restricted to
 * `payment_option_ids` when not empty.
 */
export const membershipPromotions = pgTable(
  'membership_promotions',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    code: text('code').notNull(),
    name: text('name').notNull(),
    discountKind: text('discount_kind').$type<'percentage' | 'fixed'>().notNull(),
    discountValue: integer('discount_value').notNull(),
    appliesTo: text('applies_to').$type<'joining_fee' | 'first_months'>().notNull(),
    months: integer('months').notNull().default(1),
    validFrom: date('valid_from'),
    validTo: date('valid_to'),
    usageLimit: integer('usage_limit'),
    usedCount: integer('used_count').notNull().default(0),
    paymentOptionIds: jsonb('payment_option_ids').$type<number[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('membership_promotions_client_code_idx').on(t.clientId, sql`upper(${t.code})`),
    check(
      'membership_promotions_value_check',
      sql`${t.discountValue} > 0 and (${t.discountKind} = 'fixed' or ${t.discountValue} <= 100) and ${t.months} >= 1`,
    ),
    check(
      'membership_promotions_usage_check',
      sql`${t.usedCount} >= 0 and (${t.usageLimit} is null or ${t.usedCount} <= ${t.usageLimit})`,
    ),
  ],
);

export interface MembershipCosts {
  joiningFee: number;
  baseFee: number;
  proRataFee: number;
  monthInHandFee: number;
  discount: number;
  totalToPayNow: number;
  proRataDays: number;
}

export interface MembershipAnswer {
  questionId: number;
  answer: string | string[] | boolean | number | null;
}

/** A customer's membership. One pending or active membership of a type per customer. */
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
      .$type<'pending' | 'active' | 'frozen' | 'cancelled' | 'suspended' | 'expired'>()
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
    // A renewal or a change follows on from a live membership of the same customer (perhaps the
    // same type), so it is outside the one-live-membership-per-type rule; the indexes below keep
    // it to one live successor per membership.
    uniqueIndex('memberships_live_type_idx')
      .on(t.userId, t.membershipTypeId)
      .where(
        sql`${t.status} in ('pending', 'active') and ${t.renewsMembershipId} is null and ${t.replacesMembershipId} is null`,
      ),
    uniqueIndex('memberships_live_renewal_idx')
      .on(t.renewsMembershipId)
      .where(sql`${t.status} in ('pending', 'active') and ${t.renewsMembershipId} is not null`),
    uniqueIndex('memberships_live_change_idx')
      .on(t.replacesMembershipId)
      .where(sql`${t.status} in ('pending', 'active') and ${t.replacesMembershipId} is not null`),
    check('memberships_billing_day_check', sql`${t.billingDay} is null or ${t.billingDay} between 1 and 28`),
  ],
);

// ---- Penalties (issue 5): unpaid fees a member owes, paid through the basket ----

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

// ---- Uploads (issue 5): files members send (documents, freeze proof, profile photos) ----

/**
 * A file a member uploaded. The bytes live in the uploads folder under `stored_name`, a generated
 * name (never the member's file name); `content_type` is what the bytes are, found by their magic
 * bytes, not what the browser claimed. Served only to its owner (and to staff), as an attachment.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'eligibility_document' | 'freeze_proof' | 'profile_photo'>().notNull(),
    storedName: text('stored_name').notNull().unique(),
    originalName: text('original_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('uploads_user_idx').on(t.userId)],
);

// ---- Payments area (issue 5) ----

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

// ---- Guest passes and packages (issue 5) ----

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

// ---- Membership changes: freezes, renewals, changes (issue 5) ----

/**
 * The reasons an operator lets members freeze for ('Medical', 'Travel'): the periods offered (whole
 * months), an optional proof of eligibility (its description and the document type asked for), and
 * how far ahead a freeze may start (`max_start_days_ahead` days from today; `min_start_days_ahead`
 * gives staff time to review).
 */
export const freezeTypes = pgTable(
  'freeze_types',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    reason: text('reason').notNull(),
    timePeriods: jsonb('time_periods').$type<number[]>().notNull(),
    proofDescription: text('proof_description'),
    proofDocumentType: text('proof_document_type'),
    minStartDaysAhead: integer('min_start_days_ahead').notNull().default(0),
    maxStartDaysAhead: integer('max_start_days_ahead').notNull().default(30),
    position: integer('position').notNull().default(0),
    active: boolean('active').notNull().default(true),
  },
  (t) => [
    index('freeze_types_client_idx').on(t.clientId),
    check(
      'freeze_types_days_check',
      sql`${t.minStartDaysAhead} >= 0 and ${t.maxStartDaysAhead} >= ${t.minStartDaysAhead}`,
    ),
  ],
);

/**
 * A member's freeze request and its life: pending_approval -> approved (staff) -> active (the job,
 * on `start_date`; the membership is 'frozen') -> completed (the job, on `end_date` + 1; active
 * again), or rejected. One open freeze per membership (partial unique index), so two requests at
 * once make one freeze.
 */
export const membershipFreezes = pgTable(
  'membership_freezes',
  {
    id: serial('id').primaryKey(),
    membershipId: integer('membership_id')
      .notNull()
      .references(() => memberships.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    freezeTypeId: integer('freeze_type_id')
      .notNull()
      .references(() => freezeTypes.id),
    startDate: date('start_date').notNull(),
    months: integer('months').notNull(),
    /** The last frozen day: start date + months - 1 day. */
    endDate: date('end_date').notNull(),
    status: text('status')
      .$type<'pending_approval' | 'approved' | 'active' | 'completed' | 'rejected'>()
      .notNull()
      .default('pending_approval'),
    proofUploadId: integer('proof_upload_id').references(() => uploads.id, { onDelete: 'set null' }),
    proofDocumentType: text('proof_document_type'),
    reviewedByUserId: integer('reviewed_by_user_id').references(() => users.id),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    rejectionReason: text('rejection_reason'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('membership_freezes_open_idx')
      .on(t.membershipId)
      .where(sql`${t.status} in ('pending_approval', 'approved', 'active')`),
    index('membership_freezes_due_idx').on(t.status, t.startDate),
    check(
      'membership_freezes_months_check',
      sql`${t.months} between 1 and 24 and ${t.startDate} <= ${t.endDate}`,
    ),
  ],
);

// ---- Membership management: eligibility documents (issue 5) ----

/** A kind of proof an operator accepts ('Student ID card'); types name them in `eligibility.documentTypes`. */
export const eligibilityDocumentTypes = pgTable(
  'eligibility_document_types',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('eligibility_document_types_client_name_idx').on(t.clientId, t.name)],
);

/**
 * A proof-of-eligibility document a member uploaded for a membership. The eligibility criterion is
 * the membership type's (its id is the type's id). Staff approve or reject it; the latest one counts.
 */
export const eligibilityDocuments = pgTable(
  'eligibility_documents',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    membershipId: integer('membership_id')
      .notNull()
      .references(() => memberships.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    criterionId: integer('criterion_id')
      .notNull()
      .references(() => membershipTypes.id),
    documentTypeId: integer('document_type_id')
      .notNull()
      .references(() => eligibilityDocumentTypes.id),
    uploadId: integer('upload_id')
      .notNull()
      .references(() => uploads.id),
    status: text('status').$type<'pending' | 'approved' | 'rejected'>().notNull().default('pending'),
    rejectionReason: text('rejection_reason'),
    reviewedByUserId: integer('reviewed_by_user_id').references(() => users.id),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /** The proof stops counting after this day (a student card's end date); null: no expiry. */
    expiresOn: date('expires_on'),
    createdAt: createdAt(),
  },
  (t) => [
    index('eligibility_documents_membership_idx').on(t.membershipId, t.createdAt),
    index('eligibility_documents_status_idx').on(t.status),
    check(
      'eligibility_documents_review_check',
      sql`(${t.status} = 'rejected') = (${t.rejectionReason} is not null)`,
    ),
  ],
);
