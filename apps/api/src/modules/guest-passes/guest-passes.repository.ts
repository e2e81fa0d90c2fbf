import { and, asc, count, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import {
  guestPasses,
  memberPackages,
  membershipBenefits,
  memberships,
  membershipTypes,
  membershipTypeVenues,
  venues,
} from '../../db/schema';

export type GuestPassRow = typeof guestPasses.$inferSelect;
export type NewGuestPassRow = typeof guestPasses.$inferInsert;
export type MemberPackageRow = typeof memberPackages.$inferSelect;
export type NewMemberPackageRow = typeof memberPackages.$inferInsert;

export interface GuestPassWithVenue {
  pass: GuestPassRow;
  venueName: string;
  venueTimezone: string;
}

export interface VenueSummary {
  id: number;
  name: string;
  timezone: string;
}

/** The guest-pass benefits of a member's active memberships, with the period's time zone. */
export interface BenefitAllowanceRow {
  membershipId: number;
  paymentOptionId: number;
  membershipTypeId: number;
  typeName: string;
  startDate: string;
  endDate: string | null;
  benefitId: number;
  totalUses: number;
  frequency: string | null;
  /** The home venue's time zone: the benefit's periods are its local calendar. */
  timezone: string;
}

export async function listVenuesOfClient(db: Database, clientId: number): Promise<VenueSummary[]> {
  return db
    .select({ id: venues.id, name: venues.name, timezone: venues.timezone })
    .from(venues)
    .where(eq(venues.clientId, clientId))
    .orderBy(asc(venues.name));
}

export async function listGuestPassBenefits(db: Database, userId: number): Promise<BenefitAllowanceRow[]> {
  const rows = await db
    .select({
      membershipId: memberships.id,
      paymentOptionId: memberships.paymentOptionId,
      membershipTypeId: memberships.membershipTypeId,
      typeName: membershipTypes.name,
      startDate: memberships.startDate,
      endDate: memberships.endDate,
      benefitId: membershipBenefits.id,
      totalUses: membershipBenefits.totalUses,
      frequency: membershipBenefits.frequency,
      timezone: venues.timezone,
    })
    .from(memberships)
    .innerJoin(membershipTypes, eq(membershipTypes.id, memberships.membershipTypeId))
    .innerJoin(
      membershipBenefits,
      and(
        eq(membershipBenefits.membershipTypeId, memberships.membershipTypeId),
        eq(membershipBenefits.kind, 'guest_pass'),
        isNotNull(membershipBenefits.totalUses),
      ),
    )
    .innerJoin(venues, eq(venues.id, memberships.homeVenueId))
    .where(and(eq(memberships.userId, userId), eq(memberships.status, 'active')))
    .orderBy(asc(memberships.id), asc(membershipBenefits.position), asc(membershipBenefits.id));
  return rows.map((row) => ({ ...row, totalUses: row.totalUses ?? 0 }));
}

/** The venues each membership type gives access to (`providesAccessTo`). */
export async function listTypeVenues(
  db: Database,
  typeIds: number[],
): Promise<{ typeId: number; id: number; name: string }[]> {
  if (typeIds.length === 0) return [];
  return db
    .select({ typeId: membershipTypeVenues.membershipTypeId, id: venues.id, name: venues.name })
    .from(membershipTypeVenues)
    .innerJoin(venues, eq(venues.id, membershipTypeVenues.venueId))
    .where(inArray(membershipTypeVenues.membershipTypeId, typeIds))
    .orderBy(asc(venues.name));
}

/** Passes sent against one benefit of one membership in the period starting on `periodStart`. */
// Prepared: the memberships list and the allowances count each guest-pass benefit on every call.
const benefitUsesStatement = preparedPerDatabase((db) =>
  db
    .select({ used: count() })
    .from(guestPasses)
    .where(
      and(
        eq(guestPasses.membershipId, sql.placeholder('membershipId')),
        eq(guestPasses.membershipBenefitId, sql.placeholder('benefitId')),
        eq(guestPasses.allowancePeriodStart, sql.placeholder('periodStart')),
      ),
    )
    .prepare('guest_pass_benefit_uses'),
);

export async function countBenefitUses(
  db: Database,
  membershipId: number,
  benefitId: number,
  periodStart: string,
): Promise<number> {
  const [row] = await benefitUsesStatement(db).execute({ membershipId, benefitId, periodStart });
  return row?.used ?? 0;
}

export async function listPackagesOfUser(db: Database, userId: number): Promise<MemberPackageRow[]> {
  return db
    .select()
    .from(memberPackages)
    .where(eq(memberPackages.userId, userId))
    .orderBy(asc(memberPackages.expiresAt), asc(memberPackages.id));
}

/** Locks the membership whose benefit a send uses: sends against it queue behind one another. */
export async function lockActiveMembership(db: Database, membershipId: number): Promise<boolean> {
  const rows = await db
    .select({ id: memberships.id })
    .from(memberships)
    .where(and(eq(memberships.id, membershipId), eq(memberships.status, 'active')))
    .for('update');
  return rows.length > 0;
}

/** Takes one guest-pass use of a package if it has one left and has not expired. */
export async function takePackageGuestPassUse(db: Database, packageId: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(memberPackages)
    .set({ guestPassUsesRemaining: sql`${memberPackages.guestPassUsesRemaining} - 1` })
    .where(
      and(
        eq(memberPackages.id, packageId),
        sql`${memberPackages.guestPassUsesRemaining} > 0`,
        sql`(${memberPackages.expiresAt} is null or ${memberPackages.expiresAt} > ${now.toISOString()})`,
      ),
    )
    .returning({ id: memberPackages.id });
  return rows.length > 0;
}

export async function insertGuestPass(db: Database, values: NewGuestPassRow): Promise<GuestPassRow> {
  const [row] = await db.insert(guestPasses).values(values).returning();
  if (!row) throw new Error('insert into guest_passes returned nothing');
  return row;
}

export async function insertMemberPackage(
  db: Database,
  values: NewMemberPackageRow,
): Promise<MemberPackageRow> {
  const [row] = await db.insert(memberPackages).values(values).returning();
  if (!row) throw new Error('insert into member_packages returned nothing');
  return row;
}

const withVenue = {
  pass: guestPasses,
  venueName: venues.name,
  venueTimezone: venues.timezone,
};

export async function listGuestPassesOfUser(
  db: Database,
  userId: number,
  limit: number,
  offset: number,
): Promise<GuestPassWithVenue[]> {
  return db
    .select(withVenue)
    .from(guestPasses)
    .innerJoin(venues, eq(venues.id, guestPasses.venueId))
    .where(eq(guestPasses.userId, userId))
    .orderBy(desc(guestPasses.createdAt), desc(guestPasses.id))
    .limit(limit)
    .offset(offset);
}

export async function countGuestPassesOfUser(db: Database, userId: number): Promise<number> {
  const [row] = await db.select({ total: count() }).from(guestPasses).where(eq(guestPasses.userId, userId));
  return row?.total ?? 0;
}

export async function findGuestPassOfUser(
  db: Database,
  userId: number,
  id: number,
): Promise<GuestPassWithVenue | undefined> {
  const [row] = await db
    .select(withVenue)
    .from(guestPasses)
    .innerJoin(venues, eq(venues.id, guestPasses.venueId))
    .where(and(eq(guestPasses.id, id), eq(guestPasses.userId, userId)));
  return row;
}

/** The pass with this code, locked for its redemption. */
export async function lockGuestPassByCode(
  db: Database,
  clientId: number,
  code: string,
): Promise<GuestPassWithVenue | undefined> {
  const [row] = await db
    .select(withVenue)
    .from(guestPasses)
    .innerJoin(venues, eq(venues.id, guestPasses.venueId))
    .where(and(eq(guestPasses.code, code), eq(guestPasses.clientId, clientId)))
    .for('update', { of: guestPasses });
  return row;
}

/** Marks an issued pass redeemed; false when it was not issued any more. */
export async function markGuestPassRedeemed(
  db: Database,
  id: number,
  staffUserId: number,
  now: Date,
): Promise<GuestPassRow | undefined> {
  const [row] = await db
    .update(guestPasses)
    .set({ status: 'redeemed', redeemedAt: now, redeemedByUserId: staffUserId })
    .where(and(eq(guestPasses.id, id), eq(guestPasses.status, 'issued')))
    .returning();
  return row;
}

/**
 * Marks every issued pass whose last valid day has passed at its venue as expired. One statement
 * that only moves `issued` rows, so replicas running it together change each row once.
 */
export async function expireGuestPassesBefore(db: Database, now: Date): Promise<number> {
  const rows = await db
    .update(guestPasses)
    .set({ status: 'expired' })
    .from(venues)
    .where(
      and(
        eq(venues.id, guestPasses.venueId),
        // Inline: the issued passes' index is partial on it (decision 029).
        eq(guestPasses.status, 'issued').inlineParams(),
        sql`${guestPasses.validTo} < ((${now.toISOString()}::timestamptz) at time zone ${venues.timezone})::date`,
      ),
    )
    .returning({ id: guestPasses.id });
  return rows.length;
}
