// Direct debit: validated bank details, mandates, monthly schedules and collections
// (docs/decisions/009-direct-debit.md).

import { sql } from 'drizzle-orm';
import {
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
import { users } from './customers';

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
