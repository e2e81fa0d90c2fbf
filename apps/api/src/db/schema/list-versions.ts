// What lets a process keep a customer's long my-account lists (previous bookings, orders) between
// calls: a version that database triggers move on every change to a row those lists show
// (docs/decisions/022-list-versions.md; the triggers are in drizzle/0022_list_version_triggers.sql).

import { bigint, integer, pgTable } from 'drizzle-orm/pg-core';

/**
 * One row per customer whose bookings or orders changed (`user_id`), and row 0 for the catalogue rows
 * the lists name (activities, categories, venues, locations, courses, membership types). `version`
 * only goes up; a missing row reads as 0. No foreign key: row 0 is no user, and a version outliving
 * its user is harmless.
 */
export const listVersions = pgTable('list_versions', {
  userId: integer('user_id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(1),
});
