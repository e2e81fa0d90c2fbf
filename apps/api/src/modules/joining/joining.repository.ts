import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { membershipQuestions, memberships, venues } from '../../db/schema';
export type QuestionRow = typeof membershipQuestions.$inferSelect;
export type MembershipRow = typeof memberships.$inferSelect;
export type NewMembershipRow = typeof memberships.$inferInsert;
export type VenueRow = typeof venues.$inferSelect;

export async function listVenuesOfClient(db: Database, clientId: number): Promise<VenueRow[]> {
  return db.select().from(venues).where(eq(venues.clientId, clientId)).orderBy(asc(venues.name));
}

export async function listQuestionsOfType(db: Database, typeId: number): Promise<QuestionRow[]> {
  return db
    .select()
    .from(membershipQuestions)
    .where(eq(membershipQuestions.membershipTypeId, typeId))
    .orderBy(asc(membershipQuestions.position), asc(membershipQuestions.id));
}

export async function insertQuestions(db: Database, values: (typeof membershipQuestions.$inferInsert)[]) {
  if (values.length > 0) await db.insert(membershipQuestions).values(values);
}

export async function findMembership(
  db: Database,
  clientId: number,
  id: number,
): Promise<MembershipRow | undefined> {
  const rows = await db
    .select()
    .from(memberships)
    .where(and(eq(memberships.clientId, clientId), eq(memberships.id, id)))
    .limit(1);
  return rows[0];
}

export async function insertMembership(db: Database, values: NewMembershipRow): Promise<MembershipRow> {
  const rows = await db.insert(memberships).values(values).returning();
  const row = rows[0];
  if (!row) throw new Error('memberships insert returned no row');
  return row;
}

export async function updateMembership(
  db: Database,
  id: number,
  values: Partial<NewMembershipRow>,
): Promise<MembershipRow | undefined> {
  const rows = await db.update(memberships).set(values).where(eq(memberships.id, id)).returning();
  return rows[0];
}
