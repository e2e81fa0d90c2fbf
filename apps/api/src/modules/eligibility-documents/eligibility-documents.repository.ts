import { and, asc, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { firstUnlocked } from '../../db/locks';
import {
  eligibilityDocuments,
  eligibilityDocumentTypes,
  memberships,
  membershipTypes,
  users,
  venues,
} from '../../db/schema';

type MembershipRow = typeof memberships.$inferSelect;
export type DocumentRow = typeof eligibilityDocuments.$inferSelect;
export type NewDocumentRow = typeof eligibilityDocuments.$inferInsert;
export type DocumentTypeRow = typeof eligibilityDocumentTypes.$inferSelect;

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

export async function insertDocument(db: Database, values: NewDocumentRow): Promise<DocumentRow> {
  const [row] = await db.insert(eligibilityDocuments).values(values).returning();
  if (!row) throw new Error('eligibility document not written');
  return row;
}

/**
 * Deletes the documents a new upload replaces: the one waiting for review and rejected ones (the
 * newest document is the one that counts). Answers their uploads, for the caller to delete.
 */
export async function deleteReplacedDocuments(db: Database, membershipId: number): Promise<number[]> {
  const rows = await db
    .delete(eligibilityDocuments)
    .where(
      and(
        eq(eligibilityDocuments.membershipId, membershipId),
        inArray(eligibilityDocuments.status, ['pending', 'rejected']),
      ),
    )
    .returning({ uploadId: eligibilityDocuments.uploadId });
  return rows.map((row) => row.uploadId);
}

/** Deletes a membership's documents other than `keepId` (an approval replaces the earlier ones); answers their uploads. */
export async function deleteDocumentsOtherThan(
  db: Database,
  membershipId: number,
  keepId: number,
): Promise<number[]> {
  const rows = await db
    .delete(eligibilityDocuments)
    .where(and(eq(eligibilityDocuments.membershipId, membershipId), ne(eligibilityDocuments.id, keepId)))
    .returning({ uploadId: eligibilityDocuments.uploadId });
  return rows.map((row) => row.uploadId);
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

// ---- The membership a document is for ----------------------------------------------------------------------

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
  operatorTimeZone: string,
): Promise<MembershipRow[]> {
  // The types that need proof first: a few rows, often none. Named to the claim, they let it find
  // their memberships by type instead of reading every membership (decision 029).
  const types = await db
    .select({ id: membershipTypes.id })
    .from(membershipTypes)
    .where(
      and(
        eq(membershipTypes.clientId, clientId),
        sql`(${membershipTypes.eligibility} ->> 'requiresDocument')::boolean is true`,
      ),
    );
  if (types.length === 0) return [];
  const overdue = and(
    eq(memberships.clientId, clientId),
    // Active, or paid and waiting for its proof (checkout leaves those pending).
    sql`(${memberships.status} = 'active' or (${memberships.status} = 'pending' and ${memberships.activatedAt} is not null and ${memberships.requiresDocument}))`,
    isNull(memberships.cancellationState),
    inArray(
      memberships.membershipTypeId,
      types.map((type) => type.id),
    ),
    sql`coalesce(${memberships.documentDueDate}, coalesce((${memberships.activatedAt} at time zone coalesce((select v.timezone from ${venues} v where v.id = ${memberships.homeVenueId}), ${operatorTimeZone}))::date, ${memberships.startDate}) + ${allowanceDays}::int) < ${today}::date`,
    sql`not exists (select 1 from ${eligibilityDocuments} d where d.membership_id = ${memberships.id} and d.status = 'approved' and (d.expires_on is null or d.expires_on >= ${today}::date))`,
  );
  return db
    .select()
    .from(memberships)
    .where(firstUnlocked(memberships.id, overdue, limit))
    .orderBy(asc(memberships.id));
}
