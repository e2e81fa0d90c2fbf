import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  freezeTypes,
  membershipBenefits,
  membershipFreezes,
  membershipPaymentOptions,
  memberships,
  membershipTypes,
  uploads,
  venues,
} from '../../db/schema';

export type FreezeTypeRow = typeof freezeTypes.$inferSelect;
export type NewFreezeTypeRow = typeof freezeTypes.$inferInsert;
export type FreezeRow = typeof membershipFreezes.$inferSelect;
export type NewFreezeRow = typeof membershipFreezes.$inferInsert;
export type MembershipRow = typeof memberships.$inferSelect;
export type VenueRow = typeof venues.$inferSelect;

export const openFreezeStatuses: FreezeRow['status'][] = ['pending_approval', 'approved', 'active'];

// ---- What the list needs for each membership --------------------------------------------------------------

export interface MembershipFacts {
  membershipId: number;
  freezable: boolean;
  renewable: boolean;
  changeable: boolean;
  paymentType: 'recurring' | 'fixed';
  timezone: string;
}

export async function listMembershipFacts(db: Database, membershipIds: number[]): Promise<MembershipFacts[]> {
  if (membershipIds.length === 0) return [];
  return db
    .select({
      membershipId: memberships.id,
      freezable: membershipTypes.freezable,
      renewable: membershipTypes.renewable,
      changeable: membershipTypes.changeable,
      paymentType: membershipPaymentOptions.paymentType,
      timezone: venues.timezone,
    })
    .from(memberships)
    .innerJoin(membershipTypes, eq(membershipTypes.id, memberships.membershipTypeId))
    .innerJoin(membershipPaymentOptions, eq(membershipPaymentOptions.id, memberships.paymentOptionId))
    .innerJoin(venues, eq(venues.id, memberships.homeVenueId))
    .where(inArray(memberships.id, membershipIds));
}

export async function listOpenFreezesOf(db: Database, membershipIds: number[]): Promise<FreezeRow[]> {
  if (membershipIds.length === 0) return [];
  return db
    .select()
    .from(membershipFreezes)
    .where(
      and(
        inArray(membershipFreezes.membershipId, membershipIds),
        inArray(membershipFreezes.status, openFreezeStatuses),
      ),
    );
}

/** Live (pending or active) renewals and changes that follow on from these memberships. */
export async function listLiveSuccessorsOf(db: Database, membershipIds: number[]): Promise<MembershipRow[]> {
  if (membershipIds.length === 0) return [];
  return db
    .select()
    .from(memberships)
    .where(
      and(
        inArray(memberships.status, ['pending', 'active']),
        sql`(${inArray(memberships.renewsMembershipId, membershipIds)} or ${inArray(memberships.replacesMembershipId, membershipIds)})`,
      ),
    );
}

// ---- Freeze types ----------------------------------------------------------------------------------------

export async function listFreezeTypesOfClient(db: Database, clientId: number): Promise<FreezeTypeRow[]> {
  return db
    .select()
    .from(freezeTypes)
    .where(and(eq(freezeTypes.clientId, clientId), eq(freezeTypes.active, true)))
    .orderBy(asc(freezeTypes.position), asc(freezeTypes.id));
}

export async function insertFreezeTypes(db: Database, values: NewFreezeTypeRow[]): Promise<FreezeTypeRow[]> {
  if (values.length === 0) return [];
  return db.insert(freezeTypes).values(values).returning();
}

// ---- Freezes -------------------------------------------------------------------------------------------

/** Inserts a freeze; undefined when the membership already has an open one (the partial unique index). */
export async function insertFreeze(db: Database, values: NewFreezeRow): Promise<FreezeRow | undefined> {
  const rows = await db
    .insert(membershipFreezes)
    .values(values)
    .onConflictDoNothing({
      target: membershipFreezes.membershipId,
      where: sql`${membershipFreezes.status} in ('pending_approval', 'approved', 'active')`,
    })
    .returning();
  return rows[0];
}

export async function findFreeze(db: Database, id: number): Promise<FreezeRow | undefined> {
  const [row] = await db.select().from(membershipFreezes).where(eq(membershipFreezes.id, id)).limit(1);
  return row;
}

export async function lockFreeze(db: Database, id: number): Promise<FreezeRow | undefined> {
  const [row] = await db.select().from(membershipFreezes).where(eq(membershipFreezes.id, id)).for('update');
  return row;
}

export async function updateFreeze(
  db: Database,
  id: number,
  values: Partial<NewFreezeRow>,
): Promise<FreezeRow | undefined> {
  const [row] = await db
    .update(membershipFreezes)
    .set(values)
    .where(eq(membershipFreezes.id, id))
    .returning();
  return row;
}

/** The next freeze due to move on (approved and started, or active and ended), locked and skipped by other runs. */
export async function lockNextDueFreeze(
  db: Database,
  status: 'approved' | 'active',
  today: string,
): Promise<FreezeRow | undefined> {
  const due =
    status === 'approved'
      ? lte(membershipFreezes.startDate, today)
      : sql`${membershipFreezes.endDate} < ${today}`;
  const [row] = await db
    .select()
    .from(membershipFreezes)
    .where(and(eq(membershipFreezes.status, status), due))
    .orderBy(asc(membershipFreezes.id))
    .limit(1)
    .for('update', { skipLocked: true });
  return row;
}

export async function listFreezesOfMembership(db: Database, membershipId: number): Promise<FreezeRow[]> {
  return db
    .select()
    .from(membershipFreezes)
    .where(eq(membershipFreezes.membershipId, membershipId))
    .orderBy(asc(membershipFreezes.id));
}

export async function findUploadName(db: Database, uploadId: number): Promise<string | undefined> {
  const [row] = await db.select({ name: uploads.originalName }).from(uploads).where(eq(uploads.id, uploadId));
  return row?.name;
}

// ---- Memberships -------------------------------------------------------------------------------------------

export async function lockMembership(db: Database, id: number): Promise<MembershipRow | undefined> {
  const [row] = await db.select().from(memberships).where(eq(memberships.id, id)).for('update');
  return row;
}

export async function setMembershipStatus(
  db: Database,
  id: number,
  status: MembershipRow['status'],
  values: Partial<typeof memberships.$inferInsert> = {},
): Promise<void> {
  await db
    .update(memberships)
    .set({ ...values, status })
    .where(eq(memberships.id, id));
}

/** Renewed or replaced memberships with a paid successor: they end (status expired) after their last day. */
export async function lockNextEndedReplaced(db: Database, today: string): Promise<MembershipRow | undefined> {
  const [row] = await db
    .select()
    .from(memberships)
    .where(
      and(
        inArray(memberships.status, ['active', 'frozen']),
        sql`${memberships.endDate} < ${today}`,
        sql`exists (select 1 from ${memberships} as successor where (successor.replaces_membership_id = ${memberships.id} or successor.renews_membership_id = ${memberships.id}) and successor.status = 'active')`,
      ),
    )
    .limit(1)
    .for('update', { skipLocked: true });
  return row;
}

export async function listBenefitNames(db: Database, typeId: number): Promise<string[]> {
  const rows = await db
    .select({ name: membershipBenefits.name })
    .from(membershipBenefits)
    .where(eq(membershipBenefits.membershipTypeId, typeId))
    .orderBy(asc(membershipBenefits.position));
  return rows.map((row) => row.name);
}

export async function findMembershipById(db: Database, id: number): Promise<MembershipRow | undefined> {
  const rows = await db.select().from(memberships).where(eq(memberships.id, id)).limit(1);
  return rows[0];
}
