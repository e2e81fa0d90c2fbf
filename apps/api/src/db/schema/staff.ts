// The operator console's staff credentials beyond the password: the TOTP second factor, its recovery
// codes and the invitations a new staff user sets their password from (issue 47; modules/staff).

import { bigint, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './customers';

/** A staff user's TOTP authenticator: the secret, encrypted at rest (staff/mfa-crypto.ts). */
export const staffMfa = pgTable('staff_mfa', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The confirmed secret (AES-256-GCM with STAFF_MFA_KEY); null until enrolment is confirmed. */
  secretEncrypted: text('secret_encrypted'),
  /** A secret offered at enrolment, not active until its first code confirms it. */
  pendingSecretEncrypted: text('pending_secret_encrypted'),
  enrolledAt: timestamp('enrolled_at', { withTimezone: true }),
  /** The last 30-second step a code was accepted for: the same code (or an older one) is refused. */
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Single-use recovery codes, stored as SHA-256 hashes only. */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('staff_recovery_codes_user_idx').on(t.userId)],
);

/** An invitation to the console: a single-use link where the invitee sets their password. */
export const staffInvitations = pgTable(
  'staff_invitations',
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
  (t) => [index('staff_invitations_user_idx').on(t.userId)],
);
