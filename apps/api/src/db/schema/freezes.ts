// Membership freezes: the reasons an operator offers and members' freeze requests.

import { sql } from 'drizzle-orm';
import {
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
import { uploads, users } from './customers';
import { memberships } from './memberships';
import { clients } from './operator';

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
