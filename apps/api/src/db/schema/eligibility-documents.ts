// Proof-of-eligibility documents for memberships (student cards, concessions) and their kinds.

import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { uploads, users } from './customers';
import { membershipTypes } from './membership-catalogue';
import { memberships } from './memberships';
import { clients } from './operator';

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
