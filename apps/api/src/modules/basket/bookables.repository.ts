import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { activities, occurrences } from '../../db/schema';

/** What a basket add is about to add: the sessions or course it names, as the basket prices and holds them. */

export interface BookableRow {
  occurrenceId: number;
  activityId: number;
  venueId: number;
  clientId: number;
  bundleId: number | null;
  startsAt: Date;
  firstBookableAt: Date;
  capacity: number;
  bookedCount: number;
  heldCount: number;
  activityKind: 'court' | 'class' | 'course';
  hasWaitlist: boolean;
  /** The customer asked about already has a live booking on it (read with it: one round trip). */
  bookedByCustomer: boolean;
  /** Some of its holds have run out (their places are given back before it is added to a basket). */
  holdsRunOut: boolean;
}

const bookableColumns = {
  occurrenceId: occurrences.id,
  activityId: occurrences.activityId,
  venueId: occurrences.venueId,
  clientId: activities.clientId,
  bundleId: occurrences.bundleId,
  startsAt: occurrences.startsAt,
  firstBookableAt: occurrences.firstBookableAt,
  capacity: occurrences.capacity,
  bookedCount: occurrences.bookedCount,
  heldCount: occurrences.heldCount,
  activityKind: activities.kind,
  hasWaitlist: activities.hasWaitlist,
  bookedByCustomer: sql<boolean>`exists (select 1 from bookings b where b.occurrence_id = occurrences.id
    and b.user_id = ${sql.placeholder('customerId')} and b.status = 'booked')`,
  holdsRunOut: sql<boolean>`exists (select 1 from cart_holds h where h.occurrence_id = occurrences.id
    and h.expires_at < ${sql.placeholder('now')}::timestamptz)`,
};

/** A bookable row as read: the two flags are booleans whatever the driver gives. */
const bookableOf = (row: BookableRow): BookableRow => ({
  ...row,
  bookedByCustomer: row.bookedByCustomer === true,
  holdsRunOut: row.holdsRunOut === true,
});

const bookableStatement = preparedPerDatabase((db) =>
  db
    .select(bookableColumns)
    .from(occurrences)
    .innerJoin(activities, eq(activities.id, occurrences.activityId))
    .where(and(eq(occurrences.id, sql.placeholder('occurrenceId')), isNull(occurrences.cancelledAt)))
    .limit(1)
    .prepare('basket_bookable'),
);

export async function findBookable(
  db: Database,
  occurrenceId: number,
  customerId: number,
  now: Date,
): Promise<BookableRow | undefined> {
  const [row] = await bookableStatement(db).execute({ occurrenceId, customerId, now: now.toISOString() });
  return row && bookableOf(row);
}

const bundleBookablesStatement = preparedPerDatabase((db) =>
  db
    .select(bookableColumns)
    .from(occurrences)
    .innerJoin(activities, eq(activities.id, occurrences.activityId))
    .where(eq(occurrences.bundleId, sql.placeholder('bundleId')))
    .orderBy(asc(occurrences.id))
    .prepare('basket_bundle_bookables'),
);

/** A course's sessions in id order (the order their rows are locked in). */
export async function listBundleBookables(
  db: Database,
  bundleId: number,
  customerId: number,
  now: Date,
): Promise<BookableRow[]> {
  const rows = await bundleBookablesStatement(db).execute({ bundleId, customerId, now: now.toISOString() });
  return rows.map(bookableOf);
}

export interface PricingRow {
  id: number;
  activityId: number;
  name: string;
  forMembers: boolean;
  tickets: { id: number; name: string; amount: number }[];
}
