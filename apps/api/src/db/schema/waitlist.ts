// Waiting lists of full sessions.

import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './customers';
import { occurrences } from './timetable';

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
