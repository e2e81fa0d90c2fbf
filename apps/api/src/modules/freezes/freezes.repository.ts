import { and, asc, eq, isNotNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  freezeTypes,
  membershipFreezes,
  memberships,
  membershipTypes,
  uploads,
  users,
} from '../../db/schema';

export type FreezeTypeRow = typeof freezeTypes.$inferSelect;
export type NewFreezeTypeRow = typeof freezeTypes.$inferInsert;
export type FreezeRow = typeof membershipFreezes.$inferSelect;
export type NewFreezeRow = typeof membershipFreezes.$inferInsert;

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

/**
 * A client's freezes in one state, oldest request first (the staff review queue), with the member,
 * the membership and its type, the reason and the proof's file name. At most `limit`.
 */
export async function listFreezesForReview(
  db: Database,
  clientId: number,
  status: FreezeRow['status'],
  limit = 200,
) {
  return db
    .select({
      freeze: membershipFreezes,
      reason: freezeTypes.reason,
      proofName: uploads.originalName,
      membershipStatus: memberships.status,
      membershipTypeName: membershipTypes.name,
      customer: {
        id: users.id,
        reference: users.reference,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
      },
    })
    .from(membershipFreezes)
    .innerJoin(memberships, eq(memberships.id, membershipFreezes.membershipId))
    .innerJoin(membershipTypes, eq(membershipTypes.id, memberships.membershipTypeId))
    .innerJoin(freezeTypes, eq(freezeTypes.id, membershipFreezes.freezeTypeId))
    .innerJoin(users, eq(users.id, membershipFreezes.userId))
    .leftJoin(uploads, eq(uploads.id, membershipFreezes.proofUploadId))
    .where(and(eq(memberships.clientId, clientId), eq(membershipFreezes.status, status)))
    .orderBy(asc(membershipFreezes.createdAt), asc(membershipFreezes.id))
    .limit(limit);
}

/**
 * The proofs of a membership's rejected freeze requests, unlinked (a new request replaces them):
 * answers their uploads, for the caller to delete.
 */
export async function unlinkRejectedProofs(db: Database, membershipId: number): Promise<number[]> {
  const rows = await db
    .select({ uploadId: membershipFreezes.proofUploadId })
    .from(membershipFreezes)
    .where(
      and(
        eq(membershipFreezes.membershipId, membershipId),
        eq(membershipFreezes.status, 'rejected'),
        isNotNull(membershipFreezes.proofUploadId),
      ),
    );
  const ids = rows.flatMap((row) => (row.uploadId === null ? [] : [row.uploadId]));
  if (ids.length === 0) return [];
  await db
    .update(membershipFreezes)
    .set({ proofUploadId: null })
    .where(and(eq(membershipFreezes.membershipId, membershipId), eq(membershipFreezes.status, 'rejected')));
  return ids;
}

export async function findUploadName(db: Database, uploadId: number): Promise<string | undefined> {
  const [row] = await db.select({ name: uploads.originalName }).from(uploads).where(eq(uploads.id, uploadId));
  return row?.name;
}

// ---- The membership a freeze starts and ends ---------------------------------------------------------------
