import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import {
  directDebitCollections,
  directDebitSchedules,
  eligibilityDocuments,
  eligibilityDocumentTypes,
  membershipBenefits,
  membershipPaymentOptions,
  memberships,
  membershipTypes,
  penalties,
  users,
  venues,
} from '../../db/schema';

export type MembershipRow = typeof memberships.$inferSelect;
export type MembershipTypeRow = typeof membershipTypes.$inferSelect;
export type PaymentOptionRow = typeof membershipPaymentOptions.$inferSelect;
export type BenefitRow = typeof membershipBenefits.$inferSelect;
export type DocumentRow = typeof eligibilityDocuments.$inferSelect;
export type DocumentTypeRow = typeof eligibilityDocumentTypes.$inferSelect;

/** A membership with its type, payment option and home venue. */
export interface MembershipDetailRow {
  membership: MembershipRow;
  type: MembershipTypeRow;
  option: PaymentOptionRow;
  venueName: string | null;
  timezone: string | null;
}

const detailColumns = {
  membership: memberships,
  type: membershipTypes,
  option: membershipPaymentOptions,
  venueName: venues.name,
  timezone: venues.timezone,
};

function detailQuery(db: Database) {
  return db
    .select(detailColumns)
    .from(memberships)
    .innerJoin(membershipTypes, eq(membershipTypes.id, memberships.membershipTypeId))
    .innerJoin(membershipPaymentOptions, eq(membershipPaymentOptions.id, memberships.paymentOptionId))
    .leftJoin(venues, eq(venues.id, memberships.homeVenueId));
}

// Prepared: GET auth/user reads these on every dashboard load.
const membershipDetailsOfUserStatement = preparedPerDatabase((db) =>
  detailQuery(db)
    .where(eq(memberships.userId, sql.placeholder('userId')))
    .orderBy(asc(memberships.id))
    .prepare('membership_details_of_user'),
);

export async function listMembershipDetailsOfUser(
  db: Database,
  userId: number,
): Promise<MembershipDetailRow[]> {
  return membershipDetailsOfUserStatement(db).execute({ userId });
}

export async function findMembershipDetail(
  db: Database,
  id: number,
): Promise<MembershipDetailRow | undefined> {
  const rows = await detailQuery(db).where(eq(memberships.id, id)).limit(1);
  return rows[0];
}

/** The membership row, locked until the transaction ends (every state change takes this lock first). */
export async function lockMembership(db: Database, id: number): Promise<MembershipRow | undefined> {
  const rows = await db.select().from(memberships).where(eq(memberships.id, id)).for('update');
  return rows[0];
}

export async function updateMembershipRow(
  db: Database,
  id: number,
  values: Partial<typeof memberships.$inferInsert>,
): Promise<void> {
  await db.update(memberships).set(values).where(eq(memberships.id, id));
}

export async function listBenefitsOfTypes(db: Database, typeIds: number[]): Promise<BenefitRow[]> {
  if (typeIds.length === 0) return [];
  return db
    .select()
    .from(membershipBenefits)
    .where(inArray(membershipBenefits.membershipTypeId, typeIds))
    .orderBy(asc(membershipBenefits.position), asc(membershipBenefits.id));
}

/** The next scheduled direct debit collection of each membership. */
export async function listNextCollections(
  db: Database,
  membershipIds: number[],
): Promise<{ membershipId: number; chargeDate: string }[]> {
  if (membershipIds.length === 0) return [];
  return db
    .select({
      membershipId: directDebitSchedules.membershipId,
      chargeDate: sql<string>`min(${directDebitCollections.chargeDate})`,
    })
    .from(directDebitCollections)
    .innerJoin(directDebitSchedules, eq(directDebitSchedules.id, directDebitCollections.scheduleId))
    .where(
      and(
        inArray(directDebitSchedules.membershipId, membershipIds),
        eq(directDebitSchedules.status, 'active'),
        eq(directDebitCollections.status, 'scheduled'),
      ),
    )
    .groupBy(directDebitSchedules.membershipId);
}

// ---- Eligibility documents ----------------------------------------------------------------------------

export interface DocumentDetailRow {
  document: DocumentRow;
  typeName: string;
}

/** Every document of these memberships, newest first. */
export async function listDocumentsOfMemberships(
  db: Database,
  membershipIds: number[],
): Promise<DocumentDetailRow[]> {
  if (membershipIds.length === 0) return [];
  return db
    .select({ document: eligibilityDocuments, typeName: eligibilityDocumentTypes.name })
    .from(eligibilityDocuments)
    .innerJoin(eligibilityDocumentTypes, eq(eligibilityDocumentTypes.id, eligibilityDocuments.documentTypeId))
    .where(inArray(eligibilityDocuments.membershipId, membershipIds))
    .orderBy(desc(eligibilityDocuments.createdAt), desc(eligibilityDocuments.id));
}

export async function findDocumentDetail(db: Database, id: number): Promise<DocumentDetailRow | undefined> {
  const rows = await db
    .select({ document: eligibilityDocuments, typeName: eligibilityDocumentTypes.name })
    .from(eligibilityDocuments)
    .innerJoin(eligibilityDocumentTypes, eq(eligibilityDocumentTypes.id, eligibilityDocuments.documentTypeId))
    .where(eq(eligibilityDocuments.id, id))
    .limit(1);
  return rows[0];
}

export async function lockDocument(db: Database, id: number): Promise<DocumentRow | undefined> {
  const rows = await db
    .select()
    .from(eligibilityDocuments)
    .where(eq(eligibilityDocuments.id, id))
    .for('update');
  return rows[0];
}

export async function insertDocument(
  db: Database,
  values: typeof eligibilityDocuments.$inferInsert,
): Promise<DocumentRow> {
  const [row] = await db.insert(eligibilityDocuments).values(values).returning();
  if (!row) throw new Error('eligibility document not written');
  return row;
}

export async function updateDocument(
  db: Database,
  id: number,
  values: Partial<typeof eligibilityDocuments.$inferInsert>,
): Promise<void> {
  await db.update(eligibilityDocuments).set(values).where(eq(eligibilityDocuments.id, id));
}

/** The client's document types of these names, created when missing (names come from the type's eligibility). */
export async function ensureDocumentTypes(
  db: Database,
  clientId: number,
  names: string[],
): Promise<DocumentTypeRow[]> {
  const unique = [...new Set(names)];
  if (unique.length === 0) return [];
  const find = () =>
    db
      .select()
      .from(eligibilityDocumentTypes)
      .where(
        and(eq(eligibilityDocumentTypes.clientId, clientId), inArray(eligibilityDocumentTypes.name, unique)),
      );
  let rows = await find();
  if (rows.length < unique.length) {
    await db
      .insert(eligibilityDocumentTypes)
      .values(unique.map((name) => ({ clientId, name })))
      .onConflictDoNothing();
    rows = await find();
  }
  return unique.flatMap((name) => rows.filter((row) => row.name === name));
}

/** A client's documents in a review state, oldest first (the review queue), with who and what they are for. */
export async function listDocumentsForReview(
  db: Database,
  clientId: number,
  status: DocumentRow['status'],
  limit = 200,
) {
  return db
    .select({
      document: eligibilityDocuments,
      typeName: eligibilityDocumentTypes.name,
      membershipStatus: memberships.status,
      membershipTypeName: membershipTypes.name,
      customer: {
        id: users.id,
        reference: users.reference,
        firstName: users.firstName,
        lastName: users.lastName,
      },
    })
    .from(eligibilityDocuments)
    .innerJoin(eligibilityDocumentTypes, eq(eligibilityDocumentTypes.id, eligibilityDocuments.documentTypeId))
    .innerJoin(memberships, eq(memberships.id, eligibilityDocuments.membershipId))
    .innerJoin(membershipTypes, eq(membershipTypes.id, memberships.membershipTypeId))
    .innerJoin(users, eq(users.id, eligibilityDocuments.userId))
    .where(and(eq(eligibilityDocuments.clientId, clientId), eq(eligibilityDocuments.status, status)))
    .orderBy(asc(eligibilityDocuments.createdAt), asc(eligibilityDocuments.id))
    .limit(limit);
}

// ---- Jobs ---------------------------------------------------------------------------------------------

/** Memberships scheduled to end whose final day is before `today`, locked (skip locked) for one run. */
export async function lockEndedCancellations(
  db: Database,
  today: string,
  limit: number,
): Promise<MembershipRow[]> {
  return db
    .select()
    .from(memberships)
    .where(and(eq(memberships.cancellationState, 'scheduled'), sql`${memberships.finalDay} < ${today}`))
    .orderBy(asc(memberships.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** Cancellations waiting for debts whose member owes nothing any more (locked, skip locked). */
export async function lockPaidUpCancellations(
  db: Database,
  limit: number,
  userId?: number,
): Promise<MembershipRow[]> {
  return db
    .select()
    .from(memberships)
    .where(
      and(
        eq(memberships.cancellationState, 'awaiting_payment'),
        userId === undefined ? undefined : eq(memberships.userId, userId),
        sql`not exists (select 1 from ${penalties} where ${penalties.userId} = ${memberships.userId} and ${penalties.status} = 'unpaid')`,
      ),
    )
    .orderBy(asc(memberships.id))
    .limit(limit)
    .for('update', { of: memberships, skipLocked: true });
}

/**
 * Active memberships of types that need proof, with no approved (unexpired) document, whose due day
 * (`document_due_date`, else start date + allowance days) is before `today`; locked, skip locked.
 */
export async function lockOverdueDocumentMemberships(
  db: Database,
  clientId: number,
  today: string,
  allowanceDays: number,
  limit: number,
): Promise<MembershipRow[]> {
  return db
    .select({ membership: memberships })
    .from(memberships)
    .innerJoin(membershipTypes, eq(membershipTypes.id, memberships.membershipTypeId))
    .where(
      and(
        eq(memberships.clientId, clientId),
        // Active, or paid and waiting for its proof (checkout leaves those pending).
        sql`(${memberships.status} = 'active' or (${memberships.status} = 'pending' and ${memberships.activatedAt} is not null and ${memberships.requiresDocument}))`,
        isNull(memberships.cancellationState),
        sql`(${membershipTypes.eligibility} ->> 'requiresDocument')::boolean is true`,
        sql`coalesce(${memberships.documentDueDate}, coalesce((${memberships.activatedAt} at time zone 'Europe/London')::date, ${memberships.startDate}) + ${allowanceDays}::int) < ${today}::date`,
        sql`not exists (select 1 from ${eligibilityDocuments} d where d.membership_id = ${memberships.id} and d.status = 'approved' and (d.expires_on is null or d.expires_on >= ${today}::date))`,
      ),
    )
    .orderBy(asc(memberships.id))
    .limit(limit)
    .for('update', { of: memberships, skipLocked: true })
    .then((rows) => rows.map((row) => row.membership));
}

export async function findCustomer(db: Database, userId: number) {
  const rows = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return rows[0];
}
