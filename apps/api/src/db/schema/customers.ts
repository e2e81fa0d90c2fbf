// Customers and staff, their sessions, sign-in and password-reset records, accepted terms and uploads.
// Uploads sit here because `users.profile_photo_upload_id` and `uploads.user_id` point at each other.

import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { clients, terms, venues } from './operator';

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
    /** When the customer opened the verification link emailed at registration; null until then. */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** The profile photo (a 400x400 JPEG the server made; issue 5). */
    profilePhotoUploadId: integer('profile_photo_upload_id').references((): AnyPgColumn => uploads.id, {
      onDelete: 'set null',
    }),
    /** The member closed the "add a profile photo" reminder. */
    profilePhotoReminderDismissedAt: timestamp('profile_photo_reminder_dismissed_at', { withTimezone: true }),
    /** A staff user who may not sign in (the console's disable); null: not disabled. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** A staff user invited who has not yet set their password from the invitation; null otherwise. */
    invitedAt: timestamp('invited_at', { withTimezone: true }),
    /** A staff user's last completed sign-in to the console (second factor given). */
    lastSignedInAt: timestamp('last_signed_in_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('users_email_idx').on(sql`lower(${t.email})`), index('users_client_idx').on(t.clientId)],
);

/** The venues a venue-scoped staff user (a venue manager) may change (decision 071). */
export const staffVenues = pgTable(
  'staff_venues',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    venueId: integer('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.venueId] })],
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
    /**
     * When a staff session gave its second factor. A staff user's session without it is pending: it
     * is no session for any route but the MFA steps and logout (session.ts). Unused for customers.
     */
    mfaVerifiedAt: timestamp('mfa_verified_at', { withTimezone: true }),
  },
  (t) => [
    index('sessions_user_idx').on(t.userId),
    // The retention job finds dead sessions by these (jobs.ts).
    index('sessions_expires_idx').on(t.expiresAt),
    index('sessions_revoked_idx').on(t.revokedAt).where(sql`revoked_at is not null`),
  ],
);

/**
 * Login attempts and the other limited actions (reset emails sent, registrations, bank detail
 * checks), for rate limiting across replicas (lib/rate-limit.ts).
 */
export const authAttempts = pgTable(
  'auth_attempts',
  {
    id: serial('id').primaryKey(),
    /** An `AttemptKind` of lib/rate-limit.repository.ts. */
    kind: text('kind').notNull(),
    /** Lower-cased email or reference the attempt named, or `user:<id>` for what is counted per account. */
    accountKey: text('account_key').notNull(),
    ipAddress: text('ip_address').notNull(),
    succeeded: boolean('succeeded').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('auth_attempts_account_idx').on(t.kind, t.accountKey, t.createdAt),
    index('auth_attempts_ip_idx').on(t.kind, t.ipAddress, t.createdAt),
    // The retention job deletes attempts past every window by age (jobs.ts).
    index('auth_attempts_created_idx').on(t.createdAt),
  ],
);

/**
 * Addresses that have signed in to an account (docs/decisions/047-login-limits-and-registration.md): the
 * SHA-256 of the user id and the address, never the address itself. A correct password from one of
 * them is not refused for other accounts' failures, nor for this account's failures elsewhere.
 */
export const knownLoginAddresses = pgTable(
  'known_login_addresses',
  {
    keyHash: text('key_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastSucceededAt: timestamp('last_succeeded_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('known_login_addresses_user_idx').on(t.userId),
    // The retention job forgets addresses by this (jobs.ts).
    index('known_login_addresses_last_idx').on(t.lastSucceededAt),
  ],
);

/** One-time links that verify a new account's email address; stored hashed, like reset tokens. */
export const emailVerificationTokens = pgTable(
  'email_verification_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  // The retention job deletes links that ran out by this (jobs.ts).
  (t) => [index('email_verification_tokens_expires_idx').on(t.expiresAt)],
);

/**
 * One-time codes that hand a session over to a browser through a URL (`?token=`, kiosk and embedded
 * links; docs/decisions/042-session-handover-codes.md): exchanged once, within a minute, for a new session.
 * Stored as their SHA-256, like every token.
 */
export const sessionHandovers = pgTable(
  'session_handovers',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('session_handovers_expires_idx').on(t.expiresAt)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  // The retention job deletes used and expired tokens (jobs.ts).
  (t) => [
    index('password_reset_tokens_expires_idx').on(t.expiresAt),
    index('password_reset_tokens_used_idx').on(t.usedAt).where(sql`used_at is not null`),
  ],
);

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

/** PostgreSQL's bytea as a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * The bytes of an upload, in the database every replica shares (UPLOAD_STORE=database, the default),
 * written in the transaction of the change the file belongs to.
 */
export const uploadContents = pgTable('upload_contents', {
  storedName: text('stored_name')
    .primaryKey()
    .references(() => uploads.storedName, { onDelete: 'cascade' }),
  bytes: bytea('bytes').notNull(),
});
