import { and, asc, eq, gte, isNotNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { bookings, membershipBenefits, memberships, orderItems, venues } from '../../db/schema';

/** An activity benefit of one of a member's active memberships (free or discounted places). */
export interface ActivityBenefitRow {
  membershipId: number;
  benefitId: number;
  /** 1-100; 100 is free. */
  discountPercent: number;
  /** Null: unlimited. */
  totalUses: number | null;
  frequency: string | null;
  startDate: string;
  endDate: string | null;
  /** The home venue's time zone: the benefit's periods are its local calendar. */
  timezone: string;
}

const activityBenefitsStatement = preparedPerDatabase((db) =>
  db
    .select({
      membershipId: memberships.id,
      benefitId: membershipBenefits.id,
      discountPercent: membershipBenefits.discountPercent,
      totalUses: membershipBenefits.totalUses,
      frequency: membershipBenefits.frequency,
      startDate: memberships.startDate,
      endDate: memberships.endDate,
      timezone: venues.timezone,
    })
    .from(memberships)
    .innerJoin(
      membershipBenefits,
      and(
        eq(membershipBenefits.membershipTypeId, memberships.membershipTypeId),
        eq(membershipBenefits.kind, 'activity'),
        eq(membershipBenefits.activityId, sql.placeholder('activityId')),
        isNotNull(membershipBenefits.discountPercent),
      ),
    )
    .innerJoin(venues, eq(venues.id, memberships.homeVenueId))
    .where(and(eq(memberships.userId, sql.placeholder('userId')), eq(memberships.status, 'active')))
    .orderBy(asc(memberships.id), asc(membershipBenefits.id))
    .prepare('benefits_activity_benefits'),
);

export async function listActivityBenefits(
  db: Database,
  userId: number,
  activityId: number,
): Promise<ActivityBenefitRow[]> {
  const rows = await activityBenefitsStatement(db).execute({ userId, activityId });
  return rows.map((row) => ({ ...row, discountPercent: row.discountPercent ?? 0 }));
}

/**
 * Places the member holds (booked, not cancelled) on the activity through order lines that had the
 * benefit, booked in [from, to): a cancelled place gives its use back.
 */
export async function countBookedBenefitPlaces(
  db: Database,
  userId: number,
  activityId: number,
  from: Date,
  to: Date | null,
): Promise<number> {
  const [row] = await db
    .select({ places: sql<number>`coalesce(sum(${bookings.quantity}), 0)::int` })
    .from(bookings)
    .innerJoin(orderItems, eq(orderItems.id, bookings.orderItemId))
    .where(
      and(
        eq(bookings.userId, userId),
        eq(bookings.status, 'booked'),
        eq(orderItems.activityId, activityId),
        eq(orderItems.benefitApplied, true),
        gte(bookings.createdAt, from),
        ...(to ? [lt(bookings.createdAt, to)] : []),
      ),
    );
  return Number(row?.places ?? 0);
}

/** Locks memberships (in id order) so checkouts spending their benefits queue behind one another. */
export async function lockMemberships(db: Database, membershipIds: number[]): Promise<void> {
  for (const id of [...new Set(membershipIds)].sort((a, b) => a - b)) {
    await db.select({ id: memberships.id }).from(memberships).where(eq(memberships.id, id)).for('update');
  }
}
