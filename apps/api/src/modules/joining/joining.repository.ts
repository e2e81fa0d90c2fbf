import { and, asc, eq, sql } from 'drizzle-orm';
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

/** The customer's draft memberships (being bought: docs/decisions/018). */
export async function listDraftsOfUser(db: Database, userId: number): Promise<MembershipRow[]> {
  return db
    .select()
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.status, 'draft')))
    .orderBy(asc(memberships.id));
}

/**
 * Deletes drafts (these, or every one) that no basket line pays for any more and no order holds,
 * once each: concurrent callers never both delete one. Answers the promotion each had taken a use of.
 */
export async function deleteDraftsWithoutLine(
  db: Database,
  membershipIds?: number[],
): Promise<{ id: number; promotionId: number | null }[]> {
  if (membershipIds?.length === 0) return [];
  const ids =
    membershipIds === undefined
      ? sql``
      : sql`and m.id in (${sql.join(
          membershipIds.map((id) => sql`${id}::int`),
          sql`, `,
        )})`;
  const result = await db.execute(sql`
    delete from memberships m where m.status = 'draft' ${ids}
      and not exists (select 1 from cart_items ci where ci.membership_id = m.id)
      and not exists (select 1 from order_items oi where oi.membership_id = m.id)
      and not exists (select 1 from penalties p where p.membership_id = m.id)
    returning m.id, m.promotion_id`);
  return (result as unknown as { rows: { id: number; promotion_id: number | null }[] }).rows.map((row) => ({
    id: Number(row.id),
    promotionId: row.promotion_id === null ? null : Number(row.promotion_id),
  }));
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
