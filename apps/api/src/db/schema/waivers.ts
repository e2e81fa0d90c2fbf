// Waivers an attendee signs before an activity, and the signatures.

import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { activities } from './activities';
import { createdAt } from './columns';
import { users } from './customers';
import { clients } from './operator';

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
