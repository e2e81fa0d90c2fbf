// The audit log: what staff changed, append-only (decision 071). A trigger refuses every UPDATE and
// DELETE of its rows (drizzle/0045_audit_log.sql), so nobody, the server included, can edit history.
// The actor and venue are kept as plain ids, with no foreign key: the log outlives what it names.

import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { clients } from './operator';

export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    /** Who: the staff user (null: the bootstrap command or the system). */
    actorUserId: integer('actor_user_id'),
    /** Their email as it was then, so the log still reads after the account is renamed. */
    actorEmail: text('actor_email'),
    /** What was done, as `<thing>.<verb>`: 'venue.create', 'timetable-entry.update', 'staff-user.disable'. */
    action: text('action').notNull(),
    /** The kind of record changed ('venue', 'activity', 'membership-type', ...) and its id. */
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    /** The venue the record belongs to, where it belongs to one (a venue manager's log). */
    venueId: integer('venue_id'),
    /** The record before and after the change (null: created, or deleted); secrets never appear. */
    before: jsonb('before'),
    after: jsonb('after'),
    /** The call that made it: 'POST /api/admin/venues'. */
    route: text('route'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_events_client_at_idx').on(t.clientId, t.at),
    index('audit_events_entity_idx').on(t.clientId, t.entityType, t.entityId),
    index('audit_events_actor_idx').on(t.actorUserId),
  ],
);
